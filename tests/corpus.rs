//! Runs the real CUDA 13.0 tools over every case in `tests/cases/` and checks each case's
//! annotations: the diagnostics cudafe++ prints (`//~`), that the program builds (or fails
//! as announced), and — for `run` cases — the registrations and launches its trace records
//! under the tracing runtime (`//@`).
//!
//! One test per case; `cargo test -p cudafe-tests --test corpus -- NAME` runs one.

use std::path::Path;

use anyhow::{Context, Result, anyhow, bail};
use difftest::case::{Case, Kind};
use difftest::diag::Diagnostic;
use difftest::frontend::{Frontend, FrontendSetup};
use difftest::nvcc::{self, Nvcc};
use difftest::{fresh_dir, trace};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let args = Arguments::from_args();
    let dir = difftest::workspace_root().join("tests/cases");
    let cases = match difftest::case::discover(&dir) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cannot read the corpus: {e:#}");
            std::process::exit(2);
        }
    };
    let trials = cases
        .into_iter()
        .map(|case| {
            let name = case.name.clone();
            Trial::test(name, move || {
                check(&case).map_err(|e| Failed::from(format!("{e:#}")))
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

/// Checks the case in a fresh work directory, removed again when the check passes.
fn check(case: &Case) -> Result<()> {
    let work = fresh_dir(Path::new("corpus").join(&case.name))?;
    let result = check_in(case, &work);
    if result.is_ok() {
        difftest::discard(&work);
    }
    result
}

fn check_in(case: &Case, work: &Path) -> Result<()> {
    let tk = difftest::toolkit::reference()?;
    let mut args = case.nvcc_args();
    args.extend(case.sources());

    // The host front end, replayed from nvcc's plan.
    let mut plan_args = args.clone();
    plan_args.push("-c".into());
    let setup = FrontendSetup::new(tk, case.dir(), &work.join("frontend"), &plan_args)?;
    setup.preprocess(case.dir())?;
    let runs = setup.run(&Frontend::Reference, case.dir())?;
    let printed: Vec<Diagnostic> = runs
        .iter()
        .flat_map(|r| r.diagnostics.diagnostics.iter().cloned())
        .collect();
    check_diagnostics(case, &printed)?;
    let other: Vec<&str> = runs
        .iter()
        .flat_map(|r| r.diagnostics.other.iter().map(String::as_str))
        .filter(|l| !is_summary_line(l))
        .collect();
    if other
        != case
            .other_lines
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>()
    {
        bail!(
            "lines outside diagnostics differ from the `//~!` lines\n--- expected:\n{}\n--- printed by cudafe++:\n{}",
            case.other_lines.join("\n"),
            other.join("\n")
        );
    }
    // Errors at the end of the source (a truncated input) are `//~!` lines.
    let errors_at_end = case.other_lines.iter().any(|l| {
        l.starts_with("At end of source: error")
            || l.starts_with("At end of source: catastrophic error")
    });
    let errors_expected = errors_at_end || case.diagnostics.iter().any(|d| is_error(&d.severity));
    for run in &runs {
        let tu_errors = errors_at_end
            || case
                .diagnostics
                .iter()
                .any(|d| d.file == run.job.source_name && is_error(&d.severity));
        let expected_code = if tu_errors { 2 } else { 0 };
        if run.exit_code != expected_code {
            bail!(
                "cudafe++ on {} exited {} (expected {expected_code}); stderr:\n{}",
                run.job.source_name,
                run.exit_code,
                run.stderr
            );
        }
        let wrote = run.host_file.is_some() && run.module_id.is_some();
        if wrote != (run.exit_code == 0) {
            bail!(
                "cudafe++ on {} exited {} but {} its host file and module id",
                run.job.source_name,
                run.exit_code,
                if wrote { "wrote" } else { "did not write" }
            );
        }
    }

    match case.kind {
        Kind::Fail => {
            if !errors_expected {
                bail!("a `fail` case must announce at least one error");
            }
            let mut a = args.clone();
            a.push("-c".into());
            let build = nvcc::build(
                tk,
                &Nvcc::Reference,
                case.dir(),
                &work.join("nvcc"),
                &a,
                "out.o",
            )?;
            if build.exit_code == 0 {
                bail!("nvcc accepted a `fail` case");
            }
            // nvcc ran the same cudafe++; the replay must have printed exactly what it did.
            for run in &runs {
                if !build.stderr.contains(run.stderr.trim_end()) {
                    bail!(
                        "nvcc's stderr does not hold the replayed cudafe++ output\n--- nvcc:\n{}\n--- replay:\n{}",
                        build.stderr,
                        run.stderr
                    );
                }
            }
        }
        Kind::Compile | Kind::Run => {
            if errors_expected {
                bail!("only `fail` cases may announce errors");
            }
            let (extra, output): (&[&str], &str) = match (case.kind, case.files.is_empty()) {
                (Kind::Run, _) => (&["-cudart", "shared"], "program"),
                (_, true) => (&["-c"], "out.o"),
                (_, false) => (&["-lib"], "out.a"),
            };
            let mut a = args.clone();
            a.extend(extra.iter().map(|s| s.to_string()));
            let build = nvcc::build(
                tk,
                &Nvcc::Reference,
                case.dir(),
                &work.join("nvcc"),
                &a,
                output,
            )?;
            if !build.succeeded() {
                bail!("nvcc failed ({}):\n{}", build.exit_code, build.stderr);
            }
            // The replay ran cudafe++ exactly as nvcc did: same host file, same module id.
            for run in &runs {
                let stem = Path::new(&run.job.source_name)
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let kept = std::fs::read_to_string(build.kept(&format!("{stem}.cudafe1.cpp")))
                    .context("nvcc kept no host file")?;
                let id = std::fs::read_to_string(build.kept(&format!("{stem}.module_id")))
                    .context("nvcc kept no module id")?;
                let replayed_id = run
                    .module_id
                    .as_ref()
                    .map(|b| String::from_utf8_lossy(b).into_owned())
                    .unwrap_or_default();
                // A translation unit without an eligible definition gets a module id that ends
                // in the process id: compare those without it.
                if difftest::without_pid(&id) != difftest::without_pid(&replayed_id) {
                    bail!(
                        "the replayed module id of {} differs from nvcc's: {replayed_id} vs {id}",
                        run.job.source_name
                    );
                }
                let replayed = run
                    .host_file
                    .clone()
                    .unwrap_or_default()
                    .replace(&replayed_id, &id);
                if kept != replayed {
                    bail!(
                        "the replayed host file of {} differs from nvcc's",
                        run.job.source_name
                    );
                }
            }
            if case.kind == Kind::Run {
                // `{module_id}` in the `//@` lines stands for the main file's module id.
                let stem = case
                    .path
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let module_id = std::fs::read_to_string(build.kept(&format!("{stem}.module_id")))
                    .unwrap_or_default();
                let mut registrations = case.registrations.clone();
                let mut launches = case.launches.clone();
                for r in &mut registrations {
                    r.substitute(&module_id);
                }
                for l in &mut launches {
                    l.substitute(&module_id);
                }
                let traced = trace::run_traced(&build.output, &work.join("trace.txt"), work)?;
                if traced.exit_code != case.exit {
                    bail!(
                        "the program exited {} (expected {})\n--- stdout:\n{}\n--- stderr:\n{}\n--- trace:\n{}",
                        traced.exit_code,
                        case.exit,
                        traced.stdout,
                        traced.stderr,
                        traced.trace.text()
                    );
                }
                trace::check(&traced.trace, &registrations, &launches).map_err(|e| {
                    anyhow!(
                        "the trace does not match the `//@` lines:\n{e}\n--- trace:\n{}",
                        traced.trace.text()
                    )
                })?;
            }
        }
    }
    Ok(())
}

/// `error`, `error #20091-D` (a promoted warning) or `catastrophic error`.
fn is_error(severity: &str) -> bool {
    severity == "error" || severity.starts_with("error #") || severity == "catastrophic error"
}

/// The summary cudafe++ ends with: derived from the diagnostics, not annotated.
fn is_summary_line(l: &str) -> bool {
    l == "Compilation terminated."
        || l == "Compilation aborted."
        || l.contains(" detected in the compilation of ")
        || l.contains(" detected in this compilation.")
}

/// The printed diagnostics must be exactly the announced ones, in file and line order.
fn check_diagnostics(case: &Case, printed: &[Diagnostic]) -> Result<()> {
    let sources = case.sources();
    let order = |file: &str| sources.iter().position(|s| s == file).unwrap_or(usize::MAX);
    let mut got: Vec<&Diagnostic> = printed.iter().collect();
    got.sort_by_key(|d| (order(&d.file), d.line));
    let mut want: Vec<_> = case.diagnostics.iter().collect();
    want.sort_by_key(|d| (order(&d.file), d.line));
    let same = got.len() == want.len() && want.iter().zip(&got).all(|(w, g)| w.matches(g));
    if same {
        return Ok(());
    }
    let mut msg = String::from("the diagnostics differ from the `//~` lines\n--- expected:\n");
    for w in &want {
        msg.push_str(&format!("  {w}\n"));
    }
    msg.push_str("--- printed by cudafe++:\n");
    for g in &got {
        msg.push_str(&format!("  {g}\n"));
    }
    Err(anyhow!(msg))
}
