//! The harness checks itself: a front end run through a private toolkit is really the one
//! nvcc runs, the replay of nvcc's plan is exact, and the comparisons notice differences.

use std::path::{Path, PathBuf};

use difftest::frontend::{Frontend, FrontendSetup};
use difftest::nvcc::{self, Nvcc};
use difftest::stub::StubMeaning;
use difftest::symbols::Symbols;
use difftest::{fresh_dir, trace};

const PROGRAM: &str = r#"#include <cstdio>
struct Pair { int a; double b; };
__device__ int counter = 7;
__constant__ float scale[2];
__global__ void fill(int *out, int n, Pair p) { if (threadIdx.x < n) out[threadIdx.x] = p.a; }
template <typename T> __global__ void twice(T *x) { *x *= 2; }
int main() {
    int *d = nullptr;
    if (cudaMalloc(&d, 64 * sizeof(int)) != cudaSuccess) return 1;
    Pair p; p.a = 3; p.b = 0.5;
    fill<<<2, 32>>>(d, 64, p);
    twice<<<1, 1>>>(d);
    if (cudaDeviceSynchronize() != cudaSuccess) return 2;
    std::printf("done\n");
    return 0;
}
"#;

/// A shell script standing in for cudafe++: it logs its arguments, runs the real one, and
/// (when `tamper` is set) adds a function to the host file it wrote.
fn wrapper(dir: &Path, real: &Path, tamper: bool) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let log = dir.join("cudafe-args.log");
    let path = dir.join(if tamper {
        "tampering-cudafe"
    } else {
        "logging-cudafe"
    });
    let tamper_cmd = if tamper {
        r#"out=""; prev=""; for a in "$@"; do [ "$prev" = "--gen_c_file_name" ] && out="$a"; prev="$a"; done
[ -n "$out" ] && printf 'void harness_extra_symbol() {}\n' >> "$out""#
    } else {
        ""
    };
    let script = format!(
        "#!/bin/sh\nprintf '%s\\n' \"$@\" > '{}'\n'{}' \"$@\" || exit $?\n{tamper_cmd}\nexit 0\n",
        log.display(),
        real.display()
    );
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

#[test]
fn a_private_toolkit_runs_the_chosen_front_end() {
    let tk = difftest::toolkit::reference().expect("the reference toolkit");
    let work = fresh_dir("selftest/private").unwrap();
    let src_dir = work.join("src");
    std::fs::create_dir_all(&src_dir).unwrap();
    std::fs::write(src_dir.join("prog.cu"), PROGRAM).unwrap();
    let args: Vec<String> = ["-arch=sm_90", "-cudart", "shared", "prog.cu"]
        .iter()
        .map(|s| s.to_string())
        .collect();

    let reference = nvcc::build(
        tk,
        &Nvcc::Reference,
        &src_dir,
        &work.join("ref"),
        &args,
        "prog",
    )
    .unwrap();
    assert!(reference.succeeded(), "{}", reference.stderr);

    let logging = wrapper(&work, &tk.cudafe(), false);
    let private = nvcc::private_toolkit(tk, &logging, &work.join("toolkit")).unwrap();
    let chosen = nvcc::build(
        tk,
        &Nvcc::Private(private.clone()),
        &src_dir,
        &work.join("chosen"),
        &args,
        "prog",
    )
    .unwrap();
    assert!(chosen.succeeded(), "{}", chosen.stderr);

    // The wrapper ran, with exactly the arguments nvcc's plan gives cudafe++.
    let logged = std::fs::read_to_string(work.join("cudafe-args.log"))
        .expect("the chosen front end was not run");
    let mut plan_args = vec![
        "-keep".to_string(),
        "-keep-dir".into(),
        work.join("chosen/keep").display().to_string(),
    ];
    plan_args.extend(args.iter().cloned());
    plan_args.push("-o".into());
    plan_args.push(work.join("chosen/prog").display().to_string());
    let plan = difftest::dryrun::Plan::of(tk, &src_dir, &plan_args).unwrap();
    let job = &plan.frontend_jobs().unwrap()[0];
    assert_eq!(
        logged.lines().collect::<Vec<_>>(),
        job.cudafe
            .args
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
    );

    // Same front end, so everything the comparisons look at agrees.
    let read = |b: &nvcc::Build, f: &str| std::fs::read(b.kept(f)).unwrap();
    assert_eq!(
        read(&reference, "prog.module_id"),
        read(&chosen, "prog.module_id")
    );
    let stub = |b: &nvcc::Build| {
        StubMeaning::parse(&String::from_utf8_lossy(&read(b, "prog.cudafe1.stub.c")))
    };
    let (ref_stub, chosen_stub) = (stub(&reference), stub(&chosen));
    assert_eq!(ref_stub.diff(&chosen_stub), "");
    assert_eq!(ref_stub.registrations.len(), 4, "{ref_stub:?}");
    let ref_syms = Symbols::of_file(&reference.kept("prog.o")).unwrap();
    assert!(ref_syms.defined.contains("main"), "{ref_syms:?}");
    assert!(
        ref_syms.undefined.contains("__cudaPushCallConfiguration"),
        "{ref_syms:?}"
    );
    assert_eq!(
        ref_syms.diff(&Symbols::of_file(&chosen.kept("prog.o")).unwrap()),
        ""
    );
    let t1 = trace::run_traced(&reference.output, &work.join("ref.trace"), &work).unwrap();
    let t2 = trace::run_traced(&chosen.output, &work.join("chosen.trace"), &work).unwrap();
    assert_eq!(t1.exit_code, 0, "{}\n{}", t1.stderr, t1.trace.text());
    assert_eq!(t1.stdout, "done\n");
    assert_eq!(t1.trace, t2.trace);
    assert_eq!(t1.trace.of_kind("launch").count(), 2, "{}", t1.trace.text());

    // A front end that changes the host file is caught by the symbol comparison.
    let tampering = wrapper(&work, &tk.cudafe(), true);
    let private = nvcc::private_toolkit(tk, &tampering, &work.join("toolkit-tamper")).unwrap();
    let tampered = nvcc::build(
        tk,
        &Nvcc::Private(private),
        &src_dir,
        &work.join("tampered"),
        &args,
        "prog",
    )
    .unwrap();
    assert!(tampered.succeeded(), "{}", tampered.stderr);
    let diff = ref_syms.diff(&Symbols::of_file(&tampered.kept("prog.o")).unwrap());
    assert_eq!(diff, "+ defined _Z20harness_extra_symbolv\n");
}

#[test]
fn the_replay_matches_nvcc_and_sees_diagnostics() {
    let tk = difftest::toolkit::reference().expect("the reference toolkit");
    let work = fresh_dir("selftest/replay").unwrap();
    let src_dir = work.join("src");
    std::fs::create_dir_all(&src_dir).unwrap();
    std::fs::write(
        src_dir.join("warn.cu"),
        "__device__ int dv;\nint read_it() { return dv; }\n__global__ int bad() { return 0; }\n",
    )
    .unwrap();
    let args: Vec<String> = ["-arch=sm_90", "-c", "warn.cu"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let setup = FrontendSetup::new(tk, &src_dir, &work.join("fe"), &args).unwrap();
    setup.preprocess(&src_dir).unwrap();
    let runs = setup.run(&Frontend::Reference, &src_dir).unwrap();
    let run = &runs[0];
    assert_eq!(run.exit_code, 2, "{}", run.stderr);
    assert!(run.host_file.is_none() && run.module_id.is_none());
    let d = &run.diagnostics.diagnostics;
    assert_eq!(d.len(), 2, "{}", run.stderr);
    assert_eq!(
        (d[0].file.as_str(), d[0].line, d[0].severity.as_str()),
        ("warn.cu", 2, "warning #20091-D")
    );
    assert_eq!(d[1].line, 3);
    assert_eq!(
        d[1].message,
        "a __global__ function must have a void return type"
    );
    assert_eq!(
        run.diagnostics.other.last().map(String::as_str),
        Some("1 error detected in the compilation of \"warn.cu\".")
    );

    // The same run through a chosen binary (here a wrapper around the real one) matches.
    let logging = wrapper(&work, &tk.cudafe(), false);
    let again = setup.run(&Frontend::Binary(logging), &src_dir).unwrap();
    assert_eq!(again[0].stderr, run.stderr);
    assert_eq!(again[0].exit_code, 2);
}
