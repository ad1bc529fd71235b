//! Runs the real cudafe++ 13.0 and our `cudafe` on command lines that need no front end (bad
//! options, abbreviations, missing values and inputs, the banners) and requires byte-identical
//! stdout, stderr and exit status.
//!
//! The reference toolkit is looked up in `$CUDA_HOME` and then in
//! `~/.cache/cudafe-rs/toolkit/cuda-13.0.88/nvidia/cu13`; without it the test prints
//! "skipped" and passes.

use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn reference() -> Option<PathBuf> {
    let mut roots = Vec::new();
    if let Some(home) = std::env::var_os("CUDA_HOME") {
        roots.push(PathBuf::from(home));
    }
    if let Some(home) = std::env::var_os("HOME") {
        roots.push(Path::new(&home).join(".cache/cudafe-rs/toolkit/cuda-13.0.88/nvidia/cu13"));
    }
    roots
        .into_iter()
        .map(|r| r.join("bin/cudafe++"))
        .find(|p| p.is_file())
}

/// The exit status as a shell shows it: a process killed by a signal (cudafe++ calls abort()
/// after an internal error) counts as 128 + the signal.
fn status(out: &Output) -> i32 {
    out.status
        .code()
        .or_else(|| out.status.signal().map(|s| 128 + s))
        .unwrap_or(-1)
}

fn run(program: &Path, args: &[&str], dir: &Path) -> Output {
    Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

const CASES: &[&[&str]] = &[
    // No arguments, an empty input name, and the informational options.
    &[],
    &[""],
    &["--version"],
    &["-v"],
    &["-V"],
    &["--Version"],
    &["-V", "q.ii"],
    &["--Ver"],
    &["--vers"],
    &["-vw"],
    &["-v1"],
    &["--dump_command_options"],
    &["--dump_command_options", "--version"],
    &["--version", "--bogus"],
    &["--dump_command_options", "--bogus"],
    &["--version", "--Version"],
    // Unknown and ambiguous options.
    &["--bogus_flag"],
    &["--bogus_flag", "q.ii"],
    &["--Bogus"],
    &["---bogus"],
    &["--diag"],
    &["--diag", "q.ii"],
    &["--diag=5"],
    &["--t"],
    &["--no"],
    &["--c+"],
    &["--ti"],
    &["--tim"],
    &["--=x"],
    &["--embedded"],
    &["--embedded_c"],
    &["--version=3"],
    &["--no_warnings="],
    &["-c"],
    &["-o"],
    &["-+"],
    // Values.
    &["--time"],
    &["--time_"],
    &["--output_mode"],
    &["--output_mode=bad"],
    &["--output_mode=SARIF"],
    &["--gen_c_file_name="],
    &["--error_limit=x"],
    &["--error_limit=0"],
    &["--error_limit", "-5"],
    &["-e"],
    &["-ew"],
    &["-we5"],
    &["-t1"],
    &["--instantiate=USED"],
    &["--gnu_version=3"],
    &["--gnu_version=30199"],
    &["--gnu_version=1000000"],
    &["--gnu_version=x"],
    &["--clang_version=1000000"],
    &["--pack_alignment=3"],
    &["--pack_alignment=4294967296"],
    &["--unicode_source_kind=utf-8"],
    &["--target=x86"],
    &["--db=x"],
    &["--db=a"],
    &["--set_flag=bogus"],
    &["--set_flag=coroutines=1"],
    &["--orig_src_file_name", "--bogus"],
    // Diagnostic control lists.
    &["--diag_suppress=99999"],
    &["--diag_suppress=0"],
    &["--diag_suppress=20338"],
    &["--diag_suppress=4294967296"],
    &["--diag_suppress=9223372036854775808"],
    &["--diag_suppress=bogus_tag_xyz"],
    &["--diag_suppress=bogus tag"],
    &["--diag_suppress=20092 549"],
    &["--diag_suppress=20092,"],
    &["--diag_suppress=,20092"],
    &["--diag_suppress=0x10"],
    &["--diag_suppress=549x"],
    &["--diag_suppress=D_H_ILLEGAL_CALL"],
    &["--diag_suppress="],
    &["--diag_error=used_before_set,bogus"],
    &["--diag_warn=20092", "--diag_warn=nope"],
    // Mode checks.
    &["--c", "--c++17"],
    &["--c++17", "--c"],
    &["--cfront_2.1"],
    &["--cfront_2.1", "--bogus"],
    &["--no_bool"],
    &["--c", "--no_bool"],
    &["--compound_literals"],
    &["--c23_typeof"],
    &["--func_prototype_tags"],
    &["--gcc89_inlining"],
    &["--svr4"],
    &["--no_namespaces"],
    &["--ms_std_preprocessor"],
    // Inputs.
    &["nofile.ii"],
    &["--orig_src_file_name", "foo.cu", "nofile.ii"],
    &["adir"],
    &["/dev/null"],
    &["q.ii", "extra"],
    &["q.ii", "--bogus"],
    &["--orig_src_file_name", "a.cu", "q.ii", "b"],
    &["-", "x"],
    &["--", "--bogus", "x"],
    // SARIF: command-line errors make cudafe++ fail an assertion.
    &["--output_mode=sarif", "--bogus"],
    &["--output_mode", "sarif", "--time"],
    &["--output_mode=sarif"],
    &["--output_mode=sarif", "--no_namespaces"],
    &["--output_mode=sarif", "nofile.ii"],
    &["--output_mode=sarif", "adir"],
];

#[test]
fn command_lines_match_cudafe() {
    let Some(real) = reference() else {
        println!("skipped: no reference toolkit (set CUDA_HOME)");
        return;
    };
    let ours = Path::new(env!("CARGO_BIN_EXE_cudafe"));
    let dir = std::env::temp_dir().join(format!("cudafe-cli-{}", std::process::id()));
    fs::create_dir_all(dir.join("adir")).unwrap();
    fs::write(dir.join("q.ii"), "int a;\n").unwrap();

    let mut failures = Vec::new();
    for args in CASES {
        let want = run(&real, args, &dir);
        let got = run(ours, args, &dir);
        if status(&want) != status(&got) || want.stdout != got.stdout || want.stderr != got.stderr {
            failures.push(format!(
                "{args:?}\n  status: cudafe++ {} ours {}\n  stderr: cudafe++ {:?}\n          ours     {:?}\n  stdout equal: {}",
                status(&want),
                status(&got),
                String::from_utf8_lossy(&want.stderr),
                String::from_utf8_lossy(&got.stderr),
                want.stdout == got.stdout
            ));
        }
    }
    fs::remove_dir_all(&dir).unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} command lines differ:\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

/// `cudafe --stats` (ours only): on stderr, `key: value` lines with the counts, each
/// recovery with its file and line, and the time of every stage.
#[test]
fn stats_lists_counts_recoveries_and_stage_times() {
    let dir = std::env::temp_dir().join(format!("cudafe-stats-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    fs::write(
        dir.join("u.ii"),
        "int ok;\nstruct S { int x; };\nvoid f() { int y = ; }\n",
    )
    .unwrap();
    let ours = Path::new(env!("CARGO_BIN_EXE_cudafe"));
    let out = run(
        ours,
        &["--stats", "--gen_c_file_name", "u.cpp", "u.ii"],
        &dir,
    );
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let value = |key: &str| -> Option<String> {
        stderr
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{key}: ")).map(str::to_string))
    };
    // `ok`, `S` and its member, `f` (and whatever the analysis counts besides).
    let declarations: usize = value("declarations")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    assert!(declarations >= 4, "{stderr}");
    assert_eq!(value("recoveries").as_deref(), Some("1"), "{stderr}");
    assert!(
        stderr.lines().any(|l| l.starts_with("  u.ii(3): ")),
        "the recovery is located:\n{stderr}"
    );
    for stage in ["read", "lex", "parse", "check", "emit", "write"] {
        let v = value(&format!("{stage} time")).unwrap_or_default();
        assert!(v.ends_with(" ms"), "no {stage} time:\n{stderr}");
    }
    // The syntax error is reported and no host file is written.
    assert_eq!(status(&out), 2, "{stderr}");
    assert!(!dir.join("u.cpp").exists());
    let _ = fs::remove_dir_all(&dir);
}
