//! Our `cudafe` against the real cudafe++ on every case of `tests/cases/`: the same exit
//! status and byte-identical stderr (diagnostics, their order, echo and caret lines, the
//! summary), with nvcc's exact command line for each.
//!
//! Cases we do not match yet are listed in `tests/frontend_xfail.txt`, one name per line; a
//! listed case that starts to match fails the test too, so the list only shrinks.
//!
//! Each case's preprocessed input is also analysed in-process, and the parser must read it
//! without a recovery — except where the case itself announces an error on that line (a
//! deliberate syntax error). This holds for the listed cases too. And skipping the system
//! headers' inert function bodies, as `cudafe` does, must change nothing in what the front
//! end prints or writes (`common::lazy_bodies_agree`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

mod common;

use difftest::case::{Case, Kind};
use difftest::frontend::{Frontend, FrontendSetup};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let dir = difftest::workspace_root().join("tests/cases");
    let cases = difftest::case::discover(&dir).expect("the corpus");
    let xfail: BTreeSet<String> = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/frontend_xfail.txt"),
    )
    .unwrap_or_default()
    .lines()
    .map(str::trim)
    .filter(|l| !l.is_empty() && !l.starts_with('#'))
    .map(str::to_string)
    .collect();
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_cudafe"));
    let trials = cases
        .into_iter()
        .map(|case| {
            let expect_failure = xfail.contains(&case.name);
            let ours = ours.clone();
            Trial::test(case.name.clone(), move || {
                let setup = prepare(&case)?;
                for job in &setup.jobs {
                    common::lazy_bodies_agree(case.dir(), job)?;
                }
                let recoveries = unexplained_recoveries(&case, &setup);
                let matched = compare(&case, &setup, &ours);
                match (matched, expect_failure) {
                    (Ok(()), false) => {}
                    (Err(e), false) => return Err(Failed::from(e)),
                    (Ok(()), true) => {
                        return Err(Failed::from(
                            "this case now matches cudafe++: remove it from tests/frontend_xfail.txt",
                        ));
                    }
                    (Err(_), true) => {}
                }
                recoveries.map_err(Failed::from)?;
                difftest::discard(&work_dir(&case));
                Ok(())
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// The case's work directory, under the harness's root.
fn work_dir(case: &Case) -> PathBuf {
    difftest::work_root().join("frontend").join(&case.name)
}

/// nvcc's plan for the case, its host preprocessing done.
fn prepare(case: &Case) -> Result<FrontendSetup, String> {
    let tk = difftest::toolkit::reference().map_err(|e| format!("{e:#}"))?;
    let work = difftest::fresh_dir(work_dir(case)).map_err(|e| e.to_string())?;
    let mut args = case.nvcc_args();
    args.extend(case.sources());
    args.push("-c".into());
    let setup = FrontendSetup::new(tk, case.dir(), &work, &args).map_err(|e| format!("{e:#}"))?;
    setup.preprocess(case.dir()).map_err(|e| format!("{e:#}"))?;
    Ok(setup)
}

/// Our parser's recoveries on each translation unit of the case, in-process, other than those
/// on a line where a `kind: fail` case announces an error.
fn unexplained_recoveries(case: &Case, setup: &FrontendSetup) -> Result<(), String> {
    let mut report = String::new();
    for job in &setup.jobs {
        let run = common::analyze_job(case.dir(), job)?;
        for r in &run.analysis.unit.recoveries {
            let p = run.map.presumed(r.at.lo);
            let file = Path::new(run.map.file_name(p.file)).file_name();
            let at_end = r.at.lo as usize >= run.map.text().len();
            let announced = case.kind == Kind::Fail
                && (case.diagnostics.iter().any(|d| {
                    d.severity.starts_with("error")
                        && d.line == p.line
                        && Path::new(&d.file).file_name() == file
                }) || (at_end
                    && case
                        .other_lines
                        .iter()
                        .any(|l| l.starts_with("At end of source: error"))));
            if !announced {
                report += &format!("  {}\n", common::describe(&run.map, r));
            }
        }
    }
    if report.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "our parser recovered where the case announces no error:\n{report}"
        ))
    }
}

fn compare(case: &Case, setup: &FrontendSetup, ours: &Path) -> Result<(), String> {
    let want = setup
        .run(&Frontend::Reference, case.dir())
        .map_err(|e| format!("{e:#}"))?;
    let got = setup
        .run(&Frontend::Binary(ours.to_path_buf()), case.dir())
        .map_err(|e| format!("{e:#}"))?;
    for (w, g) in want.iter().zip(&got) {
        if w.exit_code != g.exit_code || w.stderr != g.stderr {
            return Err(format!(
                "{}: cudafe++ exited {}, ours {}\n--- cudafe++ stderr:\n{}\n--- our stderr:\n{}",
                w.job.source_name, w.exit_code, g.exit_code, w.stderr, g.stderr
            ));
        }
    }
    Ok(())
}
