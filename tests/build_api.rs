//! The build.rs API (`build_helper::Build`) with the reference toolkit: the cache, the
//! header list, parallelism and diagnostics.
//!
//! `cargo test -p cudafe-tests --test build_api` (one: `-- NAME`).

use std::path::{Path, PathBuf};
use std::time::SystemTime;

use build_helper::{Build, Report};

fn toolkit_root() -> PathBuf {
    difftest::toolkit::reference()
        .expect("the reference toolkit")
        .root
        .clone()
}

/// A project: `src/a.cu` includes `include/a.h` and `include/common.h`; `src/b.cu`
/// includes `include/b.h`; `src/broken.cu` (which does not compile) is in `.gitignore`.
fn project(name: &str) -> PathBuf {
    let dir = difftest::fresh_dir(format!("build_api/{name}")).unwrap();
    let w = |rel: &str, text: &str| {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    w("include/a.h", "#pragma once\n#define A_SCALE 2.0f\n");
    w("include/b.h", "#pragma once\n#define B_OFFSET 1\n");
    w(
        "include/common.h",
        "#pragma once\ntemplate <typename T> __device__ T twice(T x) { return x + x; }\n",
    );
    w(
        "src/a.cu",
        "#include \"a.h\"\n#include \"common.h\"\n#include <cstdio>\n\
         __global__ void scale(float *x, int n) {\n\
           int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
           if (i < n) x[i] = twice(x[i]) * A_SCALE;\n\
         }\n\
         extern \"C\" void launch_scale(float *x, int n) { scale<<<(n + 255) / 256, 256>>>(x, n); }\n",
    );
    w(
        "src/b.cu",
        "#include \"b.h\"\n\
         __global__ void offset(int *x, int n) {\n\
           int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
           if (i < n) x[i] += B_OFFSET;\n\
         }\n\
         extern \"C\" void launch_offset(int *x, int n) { offset<<<1, n>>>(x, n); }\n",
    );
    w("src/broken.cu", "this is not C++\n");
    w("src/.gitignore", "broken.cu\n");
    dir
}

fn build(dir: &Path) -> Build {
    let mut b = Build::new();
    b.toolkit(toolkit_root())
        .dir(dir.join("src"))
        .include(dir.join("include"))
        .arch("90")
        .out_dir(dir.join("out"))
        .cargo_metadata(false)
        .jobs(2);
    b
}

fn mtime(p: &Path) -> SystemTime {
    std::fs::metadata(p).unwrap().modified().unwrap()
}

fn file<'r>(report: &'r Report, stem: &str) -> &'r build_helper::FileReport {
    report
        .files
        .iter()
        .find(|f| f.source.file_stem().unwrap() == stem)
        .unwrap_or_else(|| panic!("no {stem} in {report:#?}"))
}

fn rerun_if_changed(report: &Report) -> Vec<String> {
    report
        .cargo_lines
        .iter()
        .filter_map(|l| l.strip_prefix("rerun-if-changed="))
        .map(str::to_string)
        .collect()
}

#[test]
fn noop_rebuild_runs_nothing_and_a_header_rebuilds_its_file_only() {
    let dir = project("rebuild");
    let first = build(&dir).try_compile("kernels").unwrap();
    // The ignored file is not compiled; the two others are, with every tool.
    assert_eq!(first.files.len(), 2, "{first:#?}");
    for f in &first.files {
        assert!(!f.cached);
        let tools: Vec<&str> = f
            .commands
            .iter()
            .map(|c| c.split_whitespace().next().unwrap())
            .collect();
        assert!(tools.iter().any(|t| t.ends_with("cicc")), "{tools:?}");
        assert!(tools.iter().any(|t| t.ends_with("ptxas")), "{tools:?}");
    }
    assert!(first.archived);
    let lib = first.library.clone().unwrap();
    assert!(lib.is_file());
    assert_eq!(
        file(&first, "a").kernels.iter().collect::<Vec<_>>(),
        ["_Z5scalePfi"]
    );

    // Exactly the sources, the directory and the user headers each file read.
    let canon = |p: &str| std::fs::canonicalize(dir.join(p)).unwrap();
    let mut want: Vec<String> = vec![
        dir.join("src").display().to_string(),
        dir.join("src/a.cu").display().to_string(),
        dir.join("src/b.cu").display().to_string(),
    ];
    for h in ["include/a.h", "include/b.h", "include/common.h"] {
        want.push(canon(h).display().to_string());
    }
    let mut got = rerun_if_changed(&first);
    got.sort();
    want.sort();
    assert_eq!(got, want);
    assert_eq!(
        file(&first, "a").dependencies,
        [
            canon("include/a.h"),
            canon("include/common.h"),
            canon("src/a.cu")
        ]
    );
    assert!(
        first
            .cargo_lines
            .iter()
            .any(|l| l == "rerun-if-env-changed=CXX"),
        "{:#?}",
        first.cargo_lines
    );
    assert!(
        first
            .cargo_lines
            .contains(&"rustc-link-lib=static=kernels".to_string())
    );

    // A no-op rebuild: no tool runs, no output is rewritten.
    let objects: Vec<PathBuf> = first.files.iter().map(|f| f.outputs[0].clone()).collect();
    let stamps: Vec<SystemTime> = objects.iter().map(|o| mtime(o)).collect();
    let lib_stamp = mtime(&lib);
    std::thread::sleep(std::time::Duration::from_millis(20));
    let second = build(&dir).try_compile("kernels").unwrap();
    for f in &second.files {
        assert!(f.cached, "{f:#?}");
        assert!(f.commands.is_empty());
    }
    assert!(!second.archived);
    assert_eq!(objects.iter().map(|o| mtime(o)).collect::<Vec<_>>(), stamps);
    assert_eq!(mtime(&lib), lib_stamp);
    assert_eq!(rerun_if_changed(&second), rerun_if_changed(&first));

    // Touching a header without changing it changes nothing; changing it rebuilds the one
    // file that includes it.
    std::fs::write(
        dir.join("include/b.h"),
        std::fs::read(dir.join("include/b.h")).unwrap(),
    )
    .unwrap();
    let third = build(&dir).try_compile("kernels").unwrap();
    assert!(third.files.iter().all(|f| f.cached));
    std::fs::write(
        dir.join("include/b.h"),
        "#pragma once\n#define B_OFFSET 2\n",
    )
    .unwrap();
    let fourth = build(&dir).try_compile("kernels").unwrap();
    assert!(file(&fourth, "a").cached);
    assert!(!file(&fourth, "b").cached);
    assert!(!file(&fourth, "b").commands.is_empty());
    assert!(fourth.archived);
    assert_ne!(mtime(&lib), lib_stamp);
}

#[test]
fn one_job_and_eight_jobs_give_identical_archives() {
    let dir = project("jobs");
    let mut libs = Vec::new();
    for jobs in [1, 8] {
        let _ = std::fs::remove_dir_all(dir.join("out"));
        let started = std::time::Instant::now();
        let report = build(&dir)
            .jobs(jobs)
            .cache(false)
            .archs("80;90")
            .try_compile("kernels")
            .unwrap();
        eprintln!("-j{jobs}: {:?} ({})", started.elapsed(), report.jobs);
        assert!(report.files.iter().all(|f| !f.cached));
        libs.push(std::fs::read(report.library.unwrap()).unwrap());
    }
    assert!(libs[0] == libs[1], "the archives differ");
}

#[test]
fn an_error_fails_the_build_naming_the_file_and_line() {
    let dir = project("error");
    std::fs::write(
        dir.join("src/b.cu"),
        "__global__ void k(int *x) {\n  *x = 1;\n  undeclared_name = 2;\n}\n",
    )
    .unwrap();
    let err = build(&dir).try_compile("kernels").unwrap_err();
    let text = format!("{err:#}");
    let at = format!("{}(3): error", dir.join("src/b.cu").display());
    assert!(text.contains(&at), "{text}");
    assert!(text.contains("undeclared_name"), "{text}");
}

#[test]
fn device_images() {
    let dir = project("images");
    let report = build(&dir)
        .emit(build_helper::Emit::Cubin)
        .archs("80;90")
        .try_compile("images")
        .unwrap();
    let names: Vec<String> = file(&report, "a")
        .outputs
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["a.sm_80.cubin", "a.sm_90.cubin"]);
    assert!(report.library.is_none());
    assert!(
        !report
            .cargo_lines
            .iter()
            .any(|l| l.contains("rustc-link-lib"))
    );
    let ptx = build(&dir)
        .emit(build_helper::Emit::Ptx)
        .try_compile("ptx")
        .unwrap();
    let a = &file(&ptx, "a").outputs;
    assert_eq!(a.len(), 1);
    assert!(
        std::fs::read_to_string(&a[0])
            .unwrap()
            .contains(".entry _Z5scalePfi")
    );
}

#[test]
fn debug_is_lineinfo_and_g_only_when_asked() {
    let dir = project("debug");
    std::fs::remove_file(dir.join("src/a.cu")).unwrap();
    let cicc_line = |r: &Report| {
        file(r, "b")
            .commands
            .iter()
            .find(|c| c.split_whitespace().next().unwrap().ends_with("cicc"))
            .unwrap()
            .clone()
    };
    let r = build(&dir).debug(true).try_compile("k").unwrap();
    let cicc = cicc_line(&r);
    assert!(cicc.contains(" -generate-line-info "), "{cicc}");
    assert!(
        !cicc.contains(" -O0") && !cicc.contains("--debug_mode"),
        "{cicc}"
    );
    let r = build(&dir).device_debug(true).try_compile("k").unwrap();
    let cicc = cicc_line(&r);
    assert!(
        cicc.contains(" -g -O0 ") && cicc.contains("--debug_mode"),
        "{cicc}"
    );
    let r = build(&dir).debug(false).try_compile("k").unwrap();
    let cicc = cicc_line(&r);
    assert!(
        !cicc.contains("line-info") && !cicc.contains(" -g "),
        "{cicc}"
    );
}

#[test]
fn rdc_library_has_a_device_link_object() {
    let dir = project("rdc");
    std::fs::write(
        dir.join("src/b.cu"),
        "__device__ int helper(int x) { return x + 1; }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("src/a.cu"),
        "extern __device__ int helper(int);\n\
         __global__ void k(int *x) { *x = helper(*x); }\n\
         extern \"C\" void launch(int *x) { k<<<1, 1>>>(x); }\n",
    )
    .unwrap();
    let r = build(&dir).rdc(true).try_compile("kernels").unwrap();
    let lib = r.library.clone().unwrap();
    let members = std::process::Command::new("ar")
        .arg("t")
        .arg(&lib)
        .output()
        .unwrap();
    let members = String::from_utf8_lossy(&members.stdout).into_owned();
    assert_eq!(
        members.lines().collect::<Vec<_>>(),
        ["a.o", "b.o", "kernels.dlink.o"]
    );
    assert!(
        r.cargo_lines
            .contains(&"rustc-link-lib=static=cudadevrt".to_string())
    );
    // Nothing runs again, nvlink included.
    let again = build(&dir).rdc(true).try_compile("kernels").unwrap();
    assert!(again.files.iter().all(|f| f.cached));
    assert!(!again.archived);
}
