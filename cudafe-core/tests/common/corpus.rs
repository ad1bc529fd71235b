//! What the tests that build every positive case of `tests/cases/` with nvcc share: one
//! trial per case and mode, a ratchet list of known failures, nvcc's arguments, and module
//! ids made comparable.

use std::collections::BTreeSet;
use std::path::Path;

use difftest::case::{Case, Kind};
use libtest_mimic::{Arguments, Failed, Trial};

/// Whole-program compilation, or separate compilation (`-rdc=true`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Whole,
    Rdc,
}

impl Mode {
    /// The name of the mode's work directory.
    pub fn tag(self) -> &'static str {
        match self {
            Mode::Whole => "whole",
            Mode::Rdc => "rdc",
        }
    }
}

/// Runs `check` on every positive case, in both modes (a case that asks for `-rdc` itself
/// only once), as one trial each: `NAME` and `NAME::rdc`. The trials named in `xfail_file`
/// (under the package's `tests/`, `#` comments allowed) must fail; one that passes fails
/// with `fixed`, so the list only shrinks. Exits with the harness's status.
pub fn run_trials(
    xfail_file: &str,
    fixed: &'static str,
    check: fn(&Case, Mode) -> anyhow::Result<()>,
) -> ! {
    let args = Arguments::from_args();
    let dir = difftest::workspace_root().join("tests/cases");
    let cases = match difftest::case::discover(&dir) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cannot read the corpus: {e:#}");
            std::process::exit(2);
        }
    };
    let xfail: BTreeSet<String> = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests")
            .join(xfail_file),
    )
    .unwrap_or_default()
    .lines()
    .map(str::trim)
    .filter(|l| !l.is_empty() && !l.starts_with('#'))
    .map(str::to_string)
    .collect();
    let mut trials = Vec::new();
    for case in cases.into_iter().filter(|c| c.kind != Kind::Fail) {
        let has_rdc = case
            .nvcc
            .iter()
            .any(|a| a.starts_with("-rdc") || a == "-dc");
        for mode in [Mode::Whole, Mode::Rdc] {
            if mode == Mode::Rdc && has_rdc {
                continue;
            }
            let name = match mode {
                Mode::Whole => case.name.clone(),
                Mode::Rdc => format!("{}::rdc", case.name),
            };
            let case = case.clone();
            let expect_failure = xfail.contains(&name);
            trials.push(Trial::test(name, move || {
                match (check(&case, mode), expect_failure) {
                    (Ok(()), false) | (Err(_), true) => Ok(()),
                    (Err(e), false) => Err(Failed::from(format!("{e:#}"))),
                    (Ok(()), true) => Err(Failed::from(fixed)),
                }
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit()
}

/// nvcc's arguments for the case in `mode` (without `-keep`, `-keep-dir` and `-o`), and the
/// name of what it makes: a program for `kind: run` cases, else an object or a library.
pub fn nvcc_args(case: &Case, mode: Mode) -> (Vec<String>, &'static str) {
    let mut args = case.nvcc_args();
    if mode == Mode::Rdc {
        args.push("-rdc=true".into());
    }
    args.extend(case.sources());
    let (extra, output): (&[&str], &str) = match (case.kind, case.files.is_empty()) {
        (Kind::Run, _) => (&["-cudart", "shared"], "program"),
        (_, true) => (&["-c"], "out.o"),
        (_, false) => (&["-lib"], "out.a"),
    };
    args.extend(extra.iter().map(|s| s.to_string()));
    (args, output)
}

/// `text` with each module id (and the length prefix mangled names put before names that
/// contain one) replaced by a placeholder.
pub fn normalize(text: &str, ids: &[String]) -> String {
    let mut out = text.to_string();
    for (i, id) in ids.iter().enumerate() {
        for (what, with) in [
            (
                format!("_GLOBAL__N_{id}"),
                format!("_GLOBAL__N_{{module_id{i}}}"),
            ),
            (
                format!("_INTERNAL{id}"),
                format!("_INTERNAL{{module_id{i}}}"),
            ),
            (id.clone(), format!("{{module_id{i}}}")),
        ] {
            let len = what.len().to_string();
            // `_GLOBAL__N_<id>` in a mangled name is preceded by its length.
            out = out.replace(&format!("{len}{what}"), &format!("#{with}"));
            // `__nv_static_<len>_<id>` names internal-linkage entities.
            out = out.replace(&format!("{len}_{what}"), &format!("#_{with}"));
            out = out.replace(&what, &with);
        }
    }
    out
}
