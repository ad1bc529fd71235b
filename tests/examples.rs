//! The examples under `examples/` build with plain `cargo build` and do what they say: each
//! is built against the reference toolkit (for sm_90 only: `CUDAARCHS=90`) and run under
//! the tracing runtime, and
//!
//! - its registrations and launches equal those of the same program built by nvcc: the
//!   example's `.cu` files with a C++ `main` that makes the same calls as its Rust `main`
//!   (`tests/example_drivers/`), compiled by the reference nvcc with `-cudart shared` (for
//!   `ptx_runtime`: the PTX made by `nvcc -ptx`, loaded by the C++ `main`). Registrations
//!   are compared as a set, everything else line by line;
//! - its trace matches expectations written down independently (kernel names, grids,
//!   argument values).
//!
//! `cargo test -p cudafe-tests --test examples` (one: `-- NAME`).

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use difftest::nvcc::{self, Nvcc};
use difftest::trace::{self, ExpectedLaunch, ExpectedRegistration, TracedRun};

/// The architecture the examples are built for here, in both spellings.
const CUDAARCHS: &str = "90";
const NVCC_ARCH: &str = "-arch=sm_90";

fn build_example(name: &str) -> PathBuf {
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
        .env("CUDAARCHS", CUDAARCHS)
        .output()
        .expect("cargo runs");
    assert!(
        out.status.success(),
        "building examples/{name} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    target.join("debug").join(name)
}

/// The example's program built by nvcc from its `.cu` files (relative to the example's
/// directory) and `tests/example_drivers/{name}_main.cpp`.
fn build_with_nvcc(name: &str, sources: &[&str], extra: &[&str], work: &Path) -> Result<PathBuf> {
    let tk = difftest::toolkit::reference()?;
    let dir = difftest::workspace_root().join("examples").join(name);
    let driver = difftest::workspace_root()
        .join("tests/example_drivers")
        .join(format!("{name}_main.cpp"));
    let mut args = vec![NVCC_ARCH.to_string()];
    args.extend(extra.iter().map(|s| s.to_string()));
    args.extend(sources.iter().map(|s| s.to_string()));
    args.push(driver.display().to_string());
    args.extend(["-cudart".to_string(), "shared".to_string()]);
    let b = nvcc::build(
        tk,
        &Nvcc::Reference,
        &dir,
        &work.join("nvcc"),
        &args,
        "program",
    )?;
    if !b.succeeded() {
        bail!("nvcc {} failed:\n{}", args.join(" "), b.stderr);
    }
    Ok(b.output)
}

fn run(exe: &Path, work: &Path, label: &str) -> Result<TracedRun> {
    let run = trace::run_traced(exe, &work.join(format!("{label}-trace.txt")), work)
        .with_context(|| format!("running {}", exe.display()))?;
    if run.exit_code != 0 {
        bail!(
            "{label} exited with {}\n--- stdout:\n{}\n--- stderr:\n{}\n--- trace:\n{}",
            run.exit_code,
            run.stdout,
            run.stderr,
            run.trace.text()
        );
    }
    if !run.stdout.contains("device: cudart-trace") {
        bail!("{label} did not run under the tracer:\n{}", run.stdout);
    }
    Ok(run)
}

/// The example's trace against nvcc's: registrations as a set, the rest in order.
fn compare(ours: &TracedRun, nvcc: &TracedRun) -> Result<()> {
    let a = trace::sorted_registrations(&nvcc.trace.text());
    let b = trace::sorted_registrations(&ours.trace.text());
    if a != b {
        bail!("the traces differ\n--- built by nvcc:\n{a}\n--- the example:\n{b}");
    }
    let launches = ours.trace.of_kind("launch").count();
    if launches == 0 {
        bail!("nothing launched: the comparison proves nothing\n{b}");
    }
    Ok(())
}

/// Builds and runs the example and its nvcc twin, compares them, and checks the example's
/// trace against the expectations.
fn check_example(
    name: &str,
    sources: &[&str],
    nvcc_flags: &[&str],
    regs: &[&str],
    launches: &[String],
) {
    let result = (|| -> Result<()> {
        let exe = build_example(name);
        let work = difftest::fresh_dir(Path::new("examples").join(name))?;
        let ours = run(&exe, &work, "example")?;
        let program = build_with_nvcc(name, sources, nvcc_flags, &work)?;
        let theirs = run(&program, &work, "nvcc")?;
        compare(&ours, &theirs)?;
        expect(&ours, regs, launches)
    })();
    if let Err(e) = result {
        panic!("examples/{name}: {e:#}");
    }
}

fn expect(run: &TracedRun, regs: &[&str], launches: &[String]) -> Result<()> {
    let regs: Vec<ExpectedRegistration> = regs
        .iter()
        .map(|r| ExpectedRegistration::parse(r))
        .collect::<Result<_>>()?;
    let launches: Vec<ExpectedLaunch> = launches
        .iter()
        .map(|l| ExpectedLaunch::parse(l))
        .collect::<Result<_>>()?;
    trace::check(&run.trace, &regs, &launches)
        .map_err(|e| anyhow::anyhow!("{e}\n{}", run.trace.text()))
}

/// `grid=G,1,1 block=B,1,1 shmem=0 stream=0`.
fn config(grid: u32, block: u32) -> String {
    format!("grid={grid},1,1 block={block},1,1 shmem=0 stream=0")
}

#[test]
fn saxpy() {
    // n = 2^20 elements in blocks of 256, a = 2.
    check_example(
        "saxpy",
        &["kernels/saxpy.cu"],
        &[],
        &["kernel _Z5saxpyifPKfPf"],
        &[format!(
            "_Z5saxpyifPKfPf {} via=__cudaLaunchKernel args=i32:1048576,f32:2,ptr:alloc0,ptr:alloc1",
            config(4096, 256)
        )],
    );
}

#[test]
fn template_kernels() {
    // n = 10000 in blocks of 256; buffers: 0 iota/x (float), 1 y (float), 2 doubles,
    // 3 double x, 4 ints, 5 the sum, 6 float2.
    let c = config(40, 256);
    let n = "i32:10000";
    let launches = [
        format!("_Z4iotaIfEvPT_i {c} args=ptr:alloc0,{n}"),
        format!("_Z4fillIfEvPT_S0_i {c} args=ptr:alloc1,f32:1,{n}"),
        format!("_Z4axpyIffEviT0_PKT_PS1_ {c} args={n},f32:2,ptr:alloc0,ptr:alloc1"),
        format!("_Z8scale_byILi3EfEvPT0_i {c} args=ptr:alloc1,{n}"),
        format!("_Z4fillIdEvPT_S0_i {c} args=ptr:alloc3,f64:2,{n}"),
        format!("_Z4fillIdEvPT_S0_i {c} args=ptr:alloc2,f64:0.5,{n}"),
        format!("_Z4axpyIdfEviT0_PKT_PS1_ {c} args={n},f32:1.5,ptr:alloc3,ptr:alloc2"),
        format!("_Z4fillIiEvPT_S0_i {c} args=ptr:alloc4,i32:7,{n}"),
        format!("_Z8scale_byILin2EiEvPT0_i {c} args=ptr:alloc4,{n}"),
        format!("_Z3sumIiEvPKT_PS0_i {c} args=ptr:alloc4,ptr:alloc5,{n}"),
        format!("_Z4fillI6float2EvPT_S1_i {c} args=ptr:alloc6,hex:0000803f00000040,{n}"),
        format!("_Z7swap_xyI6float2EvPT_i {c} args=ptr:alloc6,{n}"),
    ];
    check_example(
        "template_kernels",
        &["kernels/templates.cu"],
        &[],
        &[
            "kernel _Z4iotaIfEvPT_i",
            "kernel _Z4fillIfEvPT_S0_i",
            "kernel _Z4fillIdEvPT_S0_i",
            "kernel _Z4fillIiEvPT_S0_i",
            "kernel _Z4fillI6float2EvPT_S1_i",
            "kernel _Z4axpyIffEviT0_PKT_PS1_",
            "kernel _Z4axpyIdfEviT0_PKT_PS1_",
            "kernel _Z8scale_byILi3EfEvPT0_i",
            "kernel _Z8scale_byILin2EiEvPT0_i",
            "kernel _Z3sumIiEvPKT_PS0_i",
            "kernel _Z7swap_xyI6float2EvPT_i",
        ],
        &launches,
    );
}

#[test]
fn managed_memory() {
    // n = 5000 in blocks of 128; managed buffers 0 x, 1 y, 2 total.
    let c = config(40, 128);
    check_example(
        "managed_memory",
        &["kernels/managed.cu"],
        &[],
        &[
            "kernel _Z5cubicPKfPfi",
            "kernel _Z10accumulatePKfPfi",
            "managed coeffs size=16",
            "managed evaluated size=4",
        ],
        &[
            format!("_Z5cubicPKfPfi {c} args=ptr:alloc0,ptr:alloc1,i32:5000"),
            format!("_Z10accumulatePKfPfi {c} args=ptr:alloc1,ptr:alloc2,i32:5000"),
        ],
    );
}

#[test]
fn rdc_multi_file() {
    // n = 3000 in blocks of 256.
    let c = config(12, 256);
    check_example(
        "rdc_multi_file",
        &["kernels/device_math.cu", "kernels/smooth.cu"],
        &["-rdc=true"],
        &[
            "kernel _Z6smoothPKfPfi",
            "kernel _Z14count_positivePKfi",
            "var bias size=4 constant=0",
            "var weights size=12 constant=1",
            "var positive_count size=4 constant=0",
        ],
        &[
            format!("_Z6smoothPKfPfi {c} args=ptr:alloc0,ptr:alloc1,i32:3000"),
            format!("_Z14count_positivePKfi {c} args=ptr:alloc1,i32:3000"),
        ],
    );
}

#[test]
fn ptx_runtime() {
    let result = (|| -> Result<()> {
        let tk = difftest::toolkit::reference()?;
        let exe = build_example("ptx_runtime");
        let work = difftest::fresh_dir("examples/ptx_runtime")?;
        let ours = run(&exe, &work, "example")?;

        // nvcc's PTX, which the C++ main reads from `vector_ops.ptx` in its directory.
        let dir = difftest::workspace_root().join("examples/ptx_runtime");
        let args: Vec<String> = [NVCC_ARCH, "-ptx", "kernels/vector_ops.cu"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let ptx = nvcc::build(
            tk,
            &Nvcc::Reference,
            &dir,
            &work.join("ptx"),
            &args,
            "vector_ops.ptx",
        )?;
        if !ptx.succeeded() {
            bail!("nvcc -ptx failed:\n{}", ptx.stderr);
        }
        let nvcc_work = work.join("nvcc-run");
        std::fs::create_dir_all(&nvcc_work)?;
        std::fs::copy(&ptx.output, nvcc_work.join("vector_ops.ptx"))?;
        let program = build_with_nvcc("ptx_runtime", &[], &[], &work)?;
        let theirs = run(&program, &nvcc_work, "nvcc")?;
        compare(&ours, &theirs)?;

        // Nothing registered; the library's kernels, with their layouts from the PTX.
        let text = ours.trace.text();
        for line in [
            "library 0 images=sm_90:ptx",
            "library-kernel 0 vector_add params=8@0,8@8,8@16,4@24",
            "library-kernel 0 scale_in_place params=8@0,4@8,4@12",
            "library-kernel 0 _Z10fill_valueIiEvPT_S0_i params=8@0,4@8,4@12",
            "library-global 0 elements_done size=4",
            "library-unload 0",
        ] {
            if !text.lines().any(|l| l == line) {
                bail!("no `{line}` in the trace:\n{text}");
            }
        }
        let c = config(12, 256);
        let via = "via=cudaLaunchKernel";
        expect(
            &ours,
            &[],
            &[
                format!("vector_add {c} {via} args=ptr:alloc0,ptr:alloc1,ptr:alloc2,i32:3000"),
                format!("scale_in_place {c} {via} args=ptr:alloc2,f32:0.5,i32:3000"),
                format!("_Z10fill_valueIiEvPT_S0_i {c} {via} args=ptr:alloc3,i32:42,i32:3000"),
            ],
        )
    })();
    if let Err(e) = result {
        panic!("examples/ptx_runtime: {e:#}");
    }
}
