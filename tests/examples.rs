//! The examples under `examples/` build with plain `cargo build` and do what they say:
//! each is built against the reference toolkit and run under the tracing runtime, and its
//! launches are checked.

use std::path::Path;
use std::process::Command;

use difftest::trace::{self, ExpectedLaunch, ExpectedRegistration};

fn build_example(name: &str) -> std::path::PathBuf {
    let tk = difftest::toolkit::reference().expect("the reference toolkit");
    let root = difftest::workspace_root();
    let manifest = root.join("examples").join(name).join("Cargo.toml");
    let target = difftest::work_root().join("examples-target");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["build", "--quiet", "--manifest-path"])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .env("CUDA_HOME", &tk.root)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "building examples/{name} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    target.join("debug").join(name)
}

#[test]
fn saxpy_launches_its_kernel() {
    let exe = build_example("saxpy");
    let work = difftest::fresh_dir("examples/saxpy").unwrap();
    let run = trace::run_traced(&exe, &work.join("trace.txt"), Path::new(&work)).unwrap();
    assert_eq!(run.exit_code, 0, "{}\n{}", run.stdout, run.stderr);
    assert!(
        run.stdout.contains("device: cudart-trace"),
        "{}",
        run.stdout
    );
    let regs = [ExpectedRegistration::parse("kernel _Z5saxpyifPKfPf").unwrap()];
    // n = 2^20 elements in blocks of 256, a = 2.
    let launch = ExpectedLaunch::parse(
        "_Z5saxpyifPKfPf grid=4096,1,1 block=256,1,1 shmem=0 stream=0 args=i32:1048576,f32:2,ptr:alloc0,ptr:alloc1",
    )
    .unwrap();
    trace::check(&run.trace, &regs, &[launch])
        .unwrap_or_else(|e| panic!("{e}\n{}", run.trace.text()));
}
