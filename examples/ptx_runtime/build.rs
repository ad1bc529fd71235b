use build_helper::{Build, Cudart, Emit};

fn main() {
    // PTX for compute_90 (`CUDAARCHS` overrides it, e.g. `CUDAARCHS=80`); the runtime
    // library is linked because src/main.rs calls it directly.
    let report = Build::new()
        .file("kernels/vector_ops.cu")
        .arch("90")
        .emit(Emit::Ptx)
        .cudart(Cudart::Shared)
        .try_compile("vector_ops")
        .unwrap_or_else(|e| {
            eprintln!("error: {e:#}");
            std::process::exit(1);
        });
    // One PTX file per virtual architecture; src/main.rs embeds the first under a fixed
    // name.
    let ptx = report
        .files
        .iter()
        .flat_map(|f| &f.outputs)
        .next()
        .expect("a PTX file");
    let out =
        std::path::Path::new(&std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("vector_ops.ptx");
    std::fs::copy(ptx, &out).expect("copying the PTX");
}
