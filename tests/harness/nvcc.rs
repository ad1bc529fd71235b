//! Building with real nvcc, either as shipped or with another front end in cudafe++'s place.
//!
//! nvcc finds its tools next to itself (`_HERE_` in `nvcc.profile`) and runs `cudafe++`
//! through a `PATH` that starts there. A private toolkit — a directory whose `bin/` holds a
//! copy (or hard link) of nvcc, links to every other tool and `cudafe++` pointing at the
//! chosen binary, beside links to the real `include/`, `lib/`, `nvvm/` — makes nvcc run the
//! chosen front end and nothing else differently.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use build_helper::toolkit::Toolkit;

use crate::process;

/// Which nvcc builds.
#[derive(Debug, Clone)]
pub enum Nvcc {
    /// The reference toolkit's nvcc, with its own cudafe++.
    Reference,
    /// The nvcc of a private toolkit made by [`private_toolkit`].
    Private(PathBuf),
}

/// The result of an nvcc build with `-keep`.
#[derive(Debug, Clone)]
pub struct Build {
    pub exit_code: i32,
    pub stdout: String,
    pub stderr: String,
    /// Where nvcc kept its intermediates (`-keep-dir`).
    pub keep_dir: PathBuf,
    /// The `-o` output (object or executable).
    pub output: PathBuf,
}

impl Build {
    pub fn succeeded(&self) -> bool {
        self.exit_code == 0 && self.output.is_file()
    }

    /// A kept intermediate, by file name (`k1.cudafe1.stub.c`).
    pub fn kept(&self, name: &str) -> PathBuf {
        self.keep_dir.join(name)
    }
}

/// Runs `nvcc -keep -keep-dir WORK/keep ARGS -o WORK/OUTPUT` in `cwd`.
pub fn build(
    toolkit: &Toolkit,
    nvcc: &Nvcc,
    cwd: &Path,
    work: &Path,
    args: &[String],
    output: &str,
) -> Result<Build> {
    let keep_dir = work.join("keep");
    std::fs::create_dir_all(&keep_dir)?;
    let out_path = work.join(output);
    let _ = std::fs::remove_file(&out_path);
    let program = match nvcc {
        Nvcc::Reference => toolkit.nvcc(),
        Nvcc::Private(p) => p.clone(),
    };
    let mut cmd = std::process::Command::new(&program);
    cmd.current_dir(cwd)
        .arg("-keep")
        .arg("-keep-dir")
        .arg(&keep_dir)
        .args(args)
        .arg("-o")
        .arg(&out_path);
    let out = process::run(&mut cmd, Duration::from_secs(600))
        .with_context(|| format!("running {}", program.display()))?;
    Ok(Build {
        exit_code: out.code,
        stdout: out.stdout_text(),
        stderr: out.stderr_text(),
        keep_dir,
        output: out_path,
    })
}

/// Makes (or refreshes) a private toolkit in `dir` whose nvcc runs `frontend` as cudafe++,
/// and returns the path of its nvcc.
pub fn private_toolkit(reference: &Toolkit, frontend: &Path, dir: &Path) -> Result<PathBuf> {
    let frontend = std::fs::canonicalize(frontend)
        .with_context(|| format!("the front end {} does not exist", frontend.display()))?;
    let real_bin = &reference.bin_dir;
    let real_root = real_bin
        .parent()
        .context("the toolkit's bin/ has no parent")?;
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin)?;

    for entry in std::fs::read_dir(real_root)? {
        let entry = entry?;
        let name = entry.file_name();
        if name == "bin" {
            continue;
        }
        replace_link(&entry.path(), &dir.join(&name))?;
    }
    for entry in std::fs::read_dir(real_bin)? {
        let entry = entry?;
        let name = entry.file_name();
        let target = bin.join(&name);
        match name.to_str() {
            Some("cudafe++") => replace_link(&frontend, &target)?,
            // nvcc locates its profile and tools from its own path, so it must live here.
            Some("nvcc") => copy_or_link(&entry.path(), &target)?,
            Some("nvcc.profile") => {
                let _ = std::fs::remove_file(&target);
                std::fs::copy(entry.path(), &target)?;
            }
            _ => replace_link(&entry.path(), &target)?,
        }
    }
    Ok(bin.join("nvcc"))
}

fn replace_link(src: &Path, dst: &Path) -> Result<()> {
    if std::fs::symlink_metadata(dst).is_ok() {
        std::fs::remove_file(dst)
            .or_else(|_| std::fs::remove_dir_all(dst))
            .with_context(|| format!("cannot replace {}", dst.display()))?;
    }
    #[cfg(unix)]
    std::os::unix::fs::symlink(src, dst)
        .with_context(|| format!("cannot link {} to {}", dst.display(), src.display()))?;
    #[cfg(not(unix))]
    bail!("private toolkits need symbolic links");
    Ok(())
}

fn copy_or_link(src: &Path, dst: &Path) -> Result<()> {
    if let (Ok(a), Ok(b)) = (std::fs::metadata(src), std::fs::metadata(dst))
        && a.len() == b.len()
        && same_file(src, dst)
    {
        return Ok(());
    }
    let _ = std::fs::remove_file(dst);
    if std::fs::hard_link(src, dst).is_err() {
        std::fs::copy(src, dst)
            .with_context(|| format!("cannot copy {} to {}", src.display(), dst.display()))?;
    }
    if !dst.is_file() {
        bail!("{} was not created", dst.display());
    }
    Ok(())
}

fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(a), Ok(b)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return a.dev() == b.dev() && a.ino() == b.ino();
        }
    }
    let _ = (a, b);
    false
}
