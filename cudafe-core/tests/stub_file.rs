//! Our stub file (`--write_stub_file`) against cicc's: for every positive case of
//! `tests/cases/`, in whole-program mode and with `-rdc=true`, the reference nvcc build
//! (`-keep`) gives cicc's `X.cudafe1.stub.c`; our `cudafe` is run with nvcc's cudafe++
//! arguments (from `nvcc -dryrun`) on the kept preprocessed unit, writing its host file and
//! its stub file. The two stub files must mean the same:
//!
//! - the same registrations: kernels by device name; variables by kind (device or managed),
//!   device name, size and flags;
//! - the same `__device_stub_` functions, with the same argument count and offsets;
//! - the same `__wrapper__device_stub_` specializations (by the device stub each forwards
//!   to and its number of parameters).
//!
//! For `kind: run` cases the program is then rebuilt from our host file with our stub file
//! in cicc's place (the host compile and every later step of nvcc's plan, over a copy of the
//! reference build's kept files) and must behave and trace as the reference program does
//! (registrations compared as a set: their order is not part of the meaning).
//!
//! Both stub files are read with a purpose-built scanner ([`difftest::stub`] and
//! [`specializations`]), never with our own front end. Module ids are compared after
//! replacing each build's own id by a placeholder; where ours differs from cudafe++'s only in
//! the process id that ends the id of a unit without eligible definitions, ours is replaced by
//! the reference's before rebuilding.
//!
//! The reference build of `tests/nvcc_corpus.rs` (`target/difftest/nvcc-corpus/CASE/MODE/ref`)
//! is reused when present; otherwise the case is built here.
//!
//! Cases whose stub files do not mean the same yet are listed in `tests/stub_xfail.txt`
//! (`NAME` or `NAME::rdc`); a listed case that passes fails, so the list only shrinks.
//!
//! One test per case and mode: `cargo test -p cudafe-core --test stub_file -- NAME`.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use difftest::case::{Case, Kind};
use difftest::dryrun::{Plan, StepKind};
use difftest::nvcc::{self, Nvcc};
use difftest::stub::StubMeaning;
use difftest::{fresh_dir, process, trace};

mod common;

use common::corpus::{Mode, normalize, nvcc_args};

fn main() {
    common::corpus::run_trials(
        "stub_xfail.txt",
        "our stub file now means what cicc's does: remove the case from tests/stub_xfail.txt",
        check,
    )
}

/// The directory of a successful reference build (`keep/` and the output inside): the one
/// `tests/nvcc_corpus.rs` left, or a new one.
fn reference_build(case: &Case, mode: Mode) -> Result<PathBuf> {
    let (args, output) = nvcc_args(case, mode);
    let corpus = difftest::work_root()
        .join("nvcc-corpus")
        .join(&case.name)
        .join(mode.tag())
        .join("ref");
    let stems: Vec<String> = case
        .sources()
        .iter()
        .filter_map(|s| {
            Path::new(s)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .collect();
    let complete = |dir: &Path| {
        dir.join(output).is_file()
            && stems.iter().all(|s| {
                dir.join("keep")
                    .join(format!("{s}.cudafe1.stub.c"))
                    .is_file()
            })
    };
    if complete(&corpus) {
        return Ok(corpus);
    }
    let tk = difftest::toolkit::reference()?;
    let work = fresh_dir(
        Path::new("stub-file")
            .join(&case.name)
            .join(mode.tag())
            .join("ref"),
    )?;
    let b = nvcc::build(tk, &Nvcc::Reference, case.dir(), &work, &args, output)?;
    if !b.succeeded() {
        bail!("the reference nvcc failed ({}):\n{}", b.exit_code, b.stderr);
    }
    Ok(work)
}

fn copy_dir(from: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            std::fs::copy(entry.path(), to.join(entry.file_name()))?;
        }
    }
    Ok(())
}

/// Checks the case; when the check passes, its work directories and the reference build
/// it reused are removed.
fn check(case: &Case, mode: Mode) -> Result<()> {
    let reference = reference_build(case, mode)?;
    let work = fresh_dir(
        Path::new("stub-file")
            .join(&case.name)
            .join(mode.tag())
            .join("ours"),
    )?;
    let result = check_in(case, mode, &reference, &work);
    if result.is_ok() {
        difftest::discard(&work);
        // `.../ref`, whether this test built it or `tests/nvcc_corpus.rs` left it.
        difftest::discard(&reference);
    }
    result
}

fn check_in(case: &Case, mode: Mode, reference: &Path, work: &Path) -> Result<()> {
    let tk = difftest::toolkit::reference()?;
    let ref_keep = reference.join("keep");
    let keep = work.join("keep");
    copy_dir(&ref_keep, &keep)?;
    let (mut args, output) = nvcc_args(case, mode);
    let out_path = work.join(output);
    args.splice(
        0..0,
        [
            "-keep".to_string(),
            "-keep-dir".into(),
            keep.display().to_string(),
        ],
    );
    args.push("-o".into());
    args.push(out_path.display().to_string());
    let plan = Plan::of(tk, case.dir(), &args)?;
    let cudafe = Path::new(env!("CARGO_BIN_EXE_cudafe"));

    let mut problems = String::new();
    // (reference id, our id) per unit.
    let mut ids: Vec<(String, String)> = Vec::new();
    for job in plan.frontend_jobs()? {
        let stem = Path::new(&job.source_name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let stub_name = format!("{stem}.cudafe1.stub.c");
        let ref_stub = std::fs::read_to_string(ref_keep.join(&stub_name))
            .with_context(|| format!("reading cicc's {stub_name}"))?;
        let ref_id =
            std::fs::read_to_string(ref_keep.join(format!("{stem}.module_id"))).unwrap_or_default();
        let our_stub_path = keep.join(&stub_name);
        let _ = std::fs::remove_file(&our_stub_path);
        // Our binary in cudafe++'s place, with the stub file asked for.
        let mut c2 = std::process::Command::new(cudafe);
        c2.current_dir(case.dir())
            .args(&job.cudafe.args)
            .arg("--write_stub_file")
            .arg(&our_stub_path);
        let out = process::run(&mut c2, Duration::from_secs(300))?;
        if out.code != 0 {
            bail!(
                "our cudafe failed ({}) on {}:\n{}",
                out.code,
                job.source_name,
                out.stderr_text()
            );
        }
        let our_stub = std::fs::read_to_string(&our_stub_path)
            .with_context(|| format!("our cudafe wrote no {stub_name}"))?;
        let our_id = job
            .module_id_file
            .as_ref()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .unwrap_or_default();
        let a = meaning(&ref_stub, &ref_id);
        let b = meaning(&our_stub, &our_id);
        let d = a.diff(&b);
        if !d.is_empty() {
            problems.push_str(&format!(
                "{stub_name} differs (- cicc, + ours):\n{d}--- ours: {}\n",
                our_stub_path.display()
            ));
        }
        ids.push((ref_id, our_id));
    }
    if !problems.is_empty() {
        bail!("{problems}");
    }
    if case.kind != Kind::Run {
        return Ok(());
    }

    // Our module id where it differs from cudafe++'s only in the process id: the reference's,
    // so that the device code built with the reference's id links with our host code.
    for (ref_id, our_id) in &ids {
        if ref_id != our_id && !ref_id.is_empty() && !our_id.is_empty() {
            for entry in std::fs::read_dir(&keep)? {
                let p = entry?.path();
                let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                if name.is_some_and(|n| n.ends_with(".cudafe1.cpp") || n.ends_with(".stub.c")) {
                    let text = std::fs::read_to_string(&p)?;
                    if text.contains(our_id.as_str()) {
                        let fixed = text
                            .replace(
                                &format!("__nv_static_{}_{our_id}", our_id.len()),
                                &format!("__nv_static_{}_{ref_id}", ref_id.len()),
                            )
                            .replace(our_id.as_str(), ref_id);
                        std::fs::write(&p, fixed)?;
                    }
                }
            }
        }
    }
    // The host compile and everything after it, over the kept device files.
    let first_host = plan
        .steps
        .iter()
        .position(|s| s.kind == StepKind::HostCompile)
        .context("nvcc's plan compiles no host code")?;
    for step in &plan.steps[first_host..] {
        if matches!(
            step.kind,
            StepKind::Cicc | StepKind::Ptxas | StepKind::Cudafe | StepKind::HostPreprocess
        ) || (step.kind == StepKind::Fatbinary && !step.has_flag("-link"))
            || step.kind == StepKind::DevicePreprocess
        {
            continue;
        }
        if step.kind == StepKind::Other {
            continue;
        }
        let mut cmd = step.command(&plan);
        cmd.current_dir(case.dir());
        let out = process::run(&mut cmd, Duration::from_secs(300))?;
        if out.code != 0 {
            bail!(
                "{} {} failed ({}):\n{}",
                step.program,
                step.args.join(" "),
                out.code,
                out.stderr_text()
            );
        }
    }
    let ref_program = reference.join(output);
    let ra = trace::run_traced(&ref_program, &work.join("ref-trace.txt"), work)?;
    let rb = trace::run_traced(&out_path, &work.join("our-trace.txt"), work)?;
    if ra.exit_code != rb.exit_code || ra.stdout != rb.stdout {
        bail!(
            "the programs behave differently: exit {} vs {}\n--- reference stdout:\n{}\n--- our stdout:\n{}",
            ra.exit_code,
            rb.exit_code,
            ra.stdout,
            rb.stdout
        );
    }
    let ref_ids: Vec<String> = ids.iter().map(|(r, _)| r.clone()).collect();
    // Registration order carries no meaning; unchecked bytes are indeterminate.
    let canonical = |t: &str| {
        let t = trace::mask_unchecked(&normalize(t, &ref_ids), &case.launches);
        trace::sorted_registrations(&t)
    };
    let (ta, tb) = (canonical(&ra.trace.text()), canonical(&rb.trace.text()));
    if ta != tb {
        bail!("the traces differ\n--- reference:\n{ta}\n--- ours:\n{tb}");
    }
    Ok(())
}

/// What a stub file means, with its unit's module id replaced by a placeholder.
fn meaning(text: &str, id: &str) -> Meaning {
    let ids: Vec<String> = if id.is_empty() {
        Vec::new()
    } else {
        vec![id.to_string()]
    };
    let text = normalize(text, &ids);
    Meaning {
        stub: StubMeaning::parse(&text),
        specializations: specializations(&text),
    }
}

struct Meaning {
    stub: StubMeaning,
    specializations: BTreeSet<(String, String, usize)>,
}

impl Meaning {
    fn diff(&self, other: &Meaning) -> String {
        let mut out = self.stub.diff(&other.stub);
        for s in self.specializations.difference(&other.specializations) {
            out.push_str(&format!("- specialization {s:?}\n"));
        }
        for s in other.specializations.difference(&self.specializations) {
            out.push_str(&format!("+ specialization {s:?}\n"));
        }
        out
    }
}

/// The `template<> ... __wrapper__device_stub_NAME<...>(params){__device_stub_M(...);}`
/// specializations: `(NAME, M, number of parameters)`.
fn specializations(text: &str) -> BTreeSet<(String, String, usize)> {
    const WRAPPER: &str = "__wrapper__device_stub_";
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("template<>") else {
            continue;
        };
        let Some(at) = rest.find(WRAPPER) else {
            continue;
        };
        let after = &rest[at + WRAPPER.len()..];
        let name: String = after
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        // The parameter list: the first `(` after the template argument list closes.
        let bytes = after.as_bytes();
        let mut depth = 0i32;
        let mut open = None;
        for (i, &b) in bytes.iter().enumerate() {
            match b {
                b'<' => depth += 1,
                b'>' => depth -= 1,
                b'(' if depth == 0 => {
                    open = Some(i);
                    break;
                }
                _ => {}
            }
        }
        let Some(open) = open else { continue };
        let mut level = 0i32;
        let mut close = None;
        let mut commas = 0usize;
        let mut any = false;
        for (i, &b) in bytes[open..].iter().enumerate() {
            match b {
                b'(' | b'<' | b'[' => level += 1,
                b')' | b'>' | b']' => {
                    level -= 1;
                    if level == 0 {
                        close = Some(open + i);
                        break;
                    }
                }
                b',' if level == 1 => commas += 1,
                c if !c.is_ascii_whitespace() => any = true,
                _ => {}
            }
        }
        let Some(close) = close else { continue };
        let inside = after[open + 1..close].trim();
        let params = if !any || inside == "void" {
            0
        } else {
            commas + 1
        };
        let body = &after[close..];
        let Some(s) = body.find("__device_stub_") else {
            continue;
        };
        let callee: String = body[s + "__device_stub_".len()..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        out.insert((name, callee, params));
    }
    out
}
