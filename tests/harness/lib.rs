//! difftest: the differential test harness.
//!
//! Every capability of cudafe-rs is judged against the real CUDA 13.0 toolchain. For one
//! `.cu` file and a set of nvcc options, this crate
//!
//! - takes the exact host-preprocessing and cudafe++ command lines from `nvcc -dryrun`
//!   ([`dryrun`]), runs the preprocessing and then a chosen cudafe binary — the real
//!   cudafe++ or ours — with nvcc's arguments, capturing its exit code, stderr, host file and
//!   module id ([`frontend`]);
//! - builds the file with real nvcc `-keep`, or with nvcc using a chosen cudafe binary in
//!   place of cudafe++ through a private copy of the toolkit's `bin/` ([`nvcc`]);
//! - compares what matters: exit codes and diagnostics ([`diag`]), module ids, the global
//!   symbols of host objects ([`symbols`]), registered kernels and variables ([`stub`],
//!   [`trace`]).
//!
//! The corpus in `tests/cases/` is described by [`case`].

pub mod case;
pub mod diag;
pub mod dryrun;
pub mod frontend;
pub mod inputs;
pub mod nvcc;
pub mod process;
pub mod stub;
pub mod symbols;
pub mod toolkit;
pub mod trace;

use std::path::{Path, PathBuf};

/// The root of this workspace.
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// The directory in which the harness keeps its work: `target/difftest`.
pub fn work_root() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|p| {
            if p.is_relative() {
                workspace_root().join(p)
            } else {
                p
            }
        })
        .unwrap_or_else(|| workspace_root().join("target"));
    target.join("difftest")
}

/// A fresh, empty directory under [`work_root`].
pub fn fresh_dir(rel: impl AsRef<Path>) -> std::io::Result<PathBuf> {
    let dir = work_root().join(rel);
    if dir.exists() {
        std::fs::remove_dir_all(&dir)?;
    }
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

/// Removes a work directory once the check that made it has passed, so that a run over the
/// whole corpus keeps on disk only what failed. Set `DIFFTEST_KEEP=1` to keep everything.
/// Errors are ignored: the directory is scratch.
pub fn discard(dir: &Path) {
    if std::env::var_os("DIFFTEST_KEEP").is_none() {
        let _ = std::fs::remove_dir_all(dir);
    }
}

/// Removes, under `dir` and its subdirectories, the files whose names end in one of
/// `suffixes` (the big preprocessed intermediates a later check does not read), unless
/// `DIFFTEST_KEEP` is set.
pub fn discard_files(dir: &Path, suffixes: &[&str]) {
    if std::env::var_os("DIFFTEST_KEEP").is_some() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let Ok(kind) = entry.file_type() else {
            continue;
        };
        if kind.is_dir() {
            discard_files(&entry.path(), suffixes);
        } else if kind.is_file()
            && suffixes
                .iter()
                .any(|s| entry.file_name().to_string_lossy().ends_with(s))
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// A module id that ends in a process id (cudafe++'s id for a unit without an eligible
/// definition, `_<crc>_<len>_<name>_<hash>_<pid>`), without it; other ids as they are.
pub fn without_pid(id: &str) -> &str {
    match id.rsplit_once('_') {
        Some((head, tail))
            if !tail.is_empty()
                && tail.bytes().all(|b| b.is_ascii_digit())
                && head.matches('_').count() >= 4 =>
        {
            head
        }
        _ => id,
    }
}
