//! `cudafe` in cudafe++'s place inside the real nvcc: every positive case of `tests/cases/`
//! is built twice, by nvcc as shipped and by nvcc running our front end, in whole-program
//! mode and with `-rdc=true`. Both builds must succeed; the objects must define and reference
//! the same global symbols; programs must register and launch the same kernels with the same
//! argument bytes under the tracing runtime.
//!
//! The module ids must be equal (but for the process id that ends the id of a unit without
//! eligible definitions); in the symbols and traces each build's own module id is replaced
//! by a placeholder before comparing.
//!
//! Cases we do not build the same yet are listed in `tests/nvcc_xfail.txt` (`NAME` or
//! `NAME::rdc`); a listed case that passes fails, so the list only shrinks.
//!
//! One test per case and mode: `cargo test -p cudafe-core --test nvcc_corpus -- NAME`.

use std::path::{Path, PathBuf};

use anyhow::{Result, bail};
use difftest::case::{Case, Kind};
use difftest::nvcc::{self, Build, Nvcc};
use difftest::symbols::Symbols;
use difftest::{fresh_dir, trace};

mod common;

use common::corpus::{Mode, normalize, nvcc_args};

fn main() {
    common::corpus::run_trials(
        "nvcc_xfail.txt",
        "this case now builds the same: remove it from tests/nvcc_xfail.txt",
        check,
    )
}

/// The private toolkit whose nvcc runs our `cudafe` (made once per test process).
fn our_nvcc() -> Result<PathBuf> {
    static NVCC: std::sync::OnceLock<Result<PathBuf, String>> = std::sync::OnceLock::new();
    NVCC.get_or_init(|| {
        let tk = difftest::toolkit::reference().map_err(|e| format!("{e:#}"))?;
        let dir = difftest::work_root().join(format!("nvcc-ours-{}", std::process::id()));
        nvcc::private_toolkit(tk, Path::new(env!("CARGO_BIN_EXE_cudafe")), &dir)
            .map_err(|e| format!("{e:#}"))
    })
    .clone()
    .map_err(|e| anyhow::anyhow!(e))
}

/// Checks the case in a fresh work directory. When the check passes, only what
/// `tests/stub_file.rs` reuses is left: the reference build without its preprocessed
/// device code and host file.
fn check(case: &Case, mode: Mode) -> Result<()> {
    let work = fresh_dir(Path::new("nvcc-corpus").join(&case.name).join(mode.tag()))?;
    let result = check_in(case, mode, &work);
    if result.is_ok() {
        difftest::discard(&work.join("ours"));
        difftest::discard_files(
            &work.join("ref"),
            &[".cpp1.ii", ".cudafe1.cpp", ".cudafe1.gpu"],
        );
    }
    result
}

fn check_in(case: &Case, mode: Mode, work: &Path) -> Result<()> {
    let tk = difftest::toolkit::reference()?;
    let ours = our_nvcc()?;
    let (args, output) = nvcc_args(case, mode);

    let reference = nvcc::build(
        tk,
        &Nvcc::Reference,
        case.dir(),
        &work.join("ref"),
        &args,
        output,
    )?;
    if !reference.succeeded() {
        bail!(
            "the reference nvcc failed ({}):\n{}",
            reference.exit_code,
            reference.stderr
        );
    }
    let built = nvcc::build(
        tk,
        &Nvcc::Private(ours),
        case.dir(),
        &work.join("ours"),
        &args,
        output,
    )?;
    if !built.succeeded() {
        bail!(
            "nvcc with our front end failed ({}); kept files in {}:\n{}",
            built.exit_code,
            built.keep_dir.display(),
            built.stderr
        );
    }
    let ref_ids = module_ids(case, &reference);
    let our_ids = module_ids(case, &built);
    // Equal, but for the process id that ends the id of a unit without eligible definitions.
    let without_pid = |ids: &[String]| -> Vec<String> {
        ids.iter()
            .map(|id| match id.rsplit_once('_') {
                Some((head, pid)) if pid.bytes().all(|b| b.is_ascii_digit()) => head.to_string(),
                _ => id.clone(),
            })
            .collect()
    };
    if without_pid(&ref_ids) != without_pid(&our_ids) {
        bail!("the module ids differ: cudafe++ {ref_ids:?}, ours {our_ids:?}");
    }

    if case.kind != Kind::Run && case.files.is_empty() {
        let a = Symbols::of_file(&reference.output)?;
        let b = Symbols::of_file(&built.output)?;
        let norm = |s: &Symbols, ids: &[String]| Symbols {
            defined: s.defined.iter().map(|n| normalize(n, ids)).collect(),
            undefined: s.undefined.iter().map(|n| normalize(n, ids)).collect(),
        };
        let (a, b) = (norm(&a, &ref_ids), norm(&b, &our_ids));
        if a != b {
            bail!(
                "the objects' global symbols differ (- reference, + ours):\n{}",
                a.diff(&b)
            );
        }
    }
    if case.kind == Kind::Run {
        let ra = trace::run_traced(&reference.output, &work.join("ref-trace.txt"), work)?;
        let rb = trace::run_traced(&built.output, &work.join("our-trace.txt"), work)?;
        if ra.exit_code != rb.exit_code || ra.stdout != rb.stdout {
            bail!(
                "the programs behave differently: exit {} vs {}\n--- reference stdout:\n{}\n--- our stdout:\n{}",
                ra.exit_code,
                rb.exit_code,
                ra.stdout,
                rb.stdout
            );
        }
        // Bytes the case leaves unchecked are indeterminate (an empty closure's byte).
        let mask = |t: &str| trace::mask_unchecked(t, &case.launches);
        let ta = mask(&normalize(&ra.trace.text(), &ref_ids));
        let tb = mask(&normalize(&rb.trace.text(), &our_ids));
        if ta != tb {
            bail!(
                "the traces differ\n--- reference:\n{ta}\n--- ours:\n{tb}\n--- kept files: {}",
                built.keep_dir.display()
            );
        }
    }
    Ok(())
}

/// The module ids a build's front end wrote, one per source.
fn module_ids(case: &Case, build: &Build) -> Vec<String> {
    case.sources()
        .iter()
        .filter_map(|s| {
            Path::new(s)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
        })
        .filter_map(|stem| std::fs::read_to_string(build.kept(&format!("{stem}.module_id"))).ok())
        .filter(|id| !id.is_empty())
        .collect()
}
