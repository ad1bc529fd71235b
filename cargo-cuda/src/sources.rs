//! Finding the `.cu` files to build: under the paths given, or in the packages of the Cargo
//! workspace, skipping what `.gitignore` (and `.ignore`, and git's own excludes) leave out.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

/// One source file and the name its outputs take, relative to the output directory.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Source {
    /// The file, as it is named on the command line or found under a directory given.
    pub path: PathBuf,
    /// Its path relative to the directory it was found under (the file name for a file
    /// named directly): outputs keep this layout under `--out-dir`.
    pub rel: PathBuf,
}

/// Whether `path` is a CUDA source.
fn is_cuda(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "cu")
}

/// The `.cu` files under `roots`, gitignore-aware, in a stable order (sorted by output
/// name). A file named directly is taken even when ignored or not named `.cu`.
/// `skip_dirs` are left out (a Cargo target directory); with `skip_nested_packages`,
/// directories below a root holding their own `Cargo.toml` are too, as Cargo does.
pub fn discover(
    roots: &[PathBuf],
    skip_dirs: &[PathBuf],
    skip_nested_packages: bool,
) -> Result<Vec<Source>> {
    let mut found = BTreeSet::new();
    for root in roots {
        if root.is_file() {
            let name = root
                .file_name()
                .with_context(|| format!("{} has no file name", root.display()))?;
            found.insert(Source {
                path: root.clone(),
                rel: PathBuf::from(name),
            });
            continue;
        }
        if !root.is_dir() {
            bail!("{}: no such file or directory", root.display());
        }
        let skip: Vec<PathBuf> = skip_dirs
            .iter()
            .filter_map(|d| d.canonicalize().ok())
            .collect();
        let root_c = root.canonicalize()?;
        let mut walk = ignore::WalkBuilder::new(root);
        walk.hidden(true)
            .git_ignore(true)
            .git_global(true)
            .git_exclude(true)
            .ignore(true)
            .parents(true)
            // .gitignore files count outside a git repository too.
            .require_git(false)
            .sort_by_file_name(|a, b| a.cmp(b));
        walk.filter_entry(move |e| {
            if !e.file_type().is_some_and(|t| t.is_dir()) {
                return true;
            }
            let Ok(c) = e.path().canonicalize() else {
                return true;
            };
            if skip.contains(&c) {
                return false;
            }
            !(skip_nested_packages && c != root_c && c.join("Cargo.toml").is_file())
        });
        for entry in walk.build() {
            let entry = entry.with_context(|| format!("walking {}", root.display()))?;
            if !entry.file_type().is_some_and(|t| t.is_file()) || !is_cuda(entry.path()) {
                continue;
            }
            let path = entry.path().to_path_buf();
            let rel = path
                .strip_prefix(root)
                .map(Path::to_path_buf)
                .unwrap_or_else(|_| PathBuf::from(path.file_name().unwrap_or_default()));
            found.insert(Source { path, rel });
        }
    }
    let mut v: Vec<Source> = found.into_iter().collect();
    v.sort_by(|a, b| a.rel.cmp(&b.rel).then(a.path.cmp(&b.path)));
    v.dedup_by(|a, b| a.path == b.path);
    Ok(v)
}

/// The directories of the Cargo workspace's packages (`cargo metadata`) and its target
/// directory.
pub fn workspace_dirs(manifest_path: Option<&Path>) -> Result<(Vec<PathBuf>, PathBuf)> {
    let mut cmd = cargo_metadata::MetadataCommand::new();
    cmd.no_deps();
    if let Some(m) = manifest_path {
        cmd.manifest_path(m);
    }
    let meta = cmd.exec().context("cargo metadata failed")?;
    let mut dirs: Vec<PathBuf> = meta
        .workspace_packages()
        .iter()
        .filter_map(|p| {
            p.manifest_path
                .parent()
                .map(|d| d.as_std_path().to_path_buf())
        })
        .collect();
    dirs.sort();
    dirs.dedup();
    // A package inside another one's directory is walked as part of that one only when it
    // is not a package of its own: the walk stops at nested manifests.
    Ok((dirs, meta.target_directory.as_std_path().to_path_buf()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_cu_files_and_honours_gitignore() {
        let dir = std::env::temp_dir().join(format!("cargo-cuda-src-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub/gen")).unwrap();
        std::fs::create_dir_all(dir.join("pkg")).unwrap();
        for f in [
            "a.cu",
            "b.cpp",
            "sub/c.cu",
            "sub/gen/d.cu",
            "skip.cu",
            "pkg/e.cu",
        ] {
            std::fs::write(dir.join(f), "").unwrap();
        }
        std::fs::write(dir.join("pkg/Cargo.toml"), "").unwrap();
        std::fs::write(dir.join(".gitignore"), "skip.cu\ngen/\n").unwrap();
        let found = discover(std::slice::from_ref(&dir), &[], true).unwrap();
        let rels: Vec<_> = found.iter().map(|s| s.rel.display().to_string()).collect();
        assert_eq!(rels, ["a.cu", "sub/c.cu"]);
        let found = discover(std::slice::from_ref(&dir), &[], false).unwrap();
        let rels: Vec<_> = found.iter().map(|s| s.rel.display().to_string()).collect();
        assert_eq!(rels, ["a.cu", "pkg/e.cu", "sub/c.cu"]);
        // Named directly, an ignored file is taken.
        let found = discover(&[dir.join("skip.cu")], &[], false).unwrap();
        assert_eq!(found[0].rel, PathBuf::from("skip.cu"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
