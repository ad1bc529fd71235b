//! Installing the reference toolkit (CUDA 13.0.88) from its PyPI wheels into the cache.
//!
//! The wheels are unpacked with `pip install --target` into a temporary directory beside the
//! final one, checked (nvcc must run and report the pinned version), given the links nvcc and
//! `-cudart shared` expect (`lib64 -> lib`, `lib/libcudart.so -> libcudart.so.13`), marked as
//! complete and only then renamed into place, under a lock, so concurrent installs and
//! interrupted ones never leave a half-written toolkit where discovery would find it.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, anyhow, bail};

use super::{REFERENCE_VERSION, REFERENCE_WHEELS, Source, Toolkit, cache_dir, reference_prefix};

/// The file that marks a complete install; it lists the wheels it came from.
const MARKER: &str = "cudafe-rs-toolkit.txt";

/// How to install the reference toolkit.
#[derive(Debug, Clone, Default)]
pub struct InstallOptions {
    /// The cache directory (default: [`super::cache_dir`]).
    pub cache_dir: Option<PathBuf>,
    /// The Python interpreter whose pip does the work (default: `python3`, then `python`).
    pub python: Option<PathBuf>,
    /// A directory of already-downloaded wheels, for machines without network access.
    pub wheels_dir: Option<PathBuf>,
    /// Reinstall even when a complete install is present.
    pub force: bool,
}

/// The result of [`install`].
#[derive(Debug, Clone)]
pub struct Installed {
    pub toolkit: Toolkit,
    /// False when a complete install was already there and nothing was done.
    pub newly_installed: bool,
}

fn marker_text() -> String {
    let mut s = format!("CUDA {REFERENCE_VERSION} reference toolkit installed by cudafe-rs\n");
    for (name, version) in REFERENCE_WHEELS {
        s.push_str(&format!("{name}=={version}\n"));
    }
    s
}

fn resolve_cache(opt: Option<&Path>) -> Result<PathBuf> {
    match opt {
        Some(p) => Ok(p.to_path_buf()),
        None => cache_dir().ok_or_else(|| {
            anyhow!("no cache directory: set CUDAFE_RS_CACHE, XDG_CACHE_HOME or HOME")
        }),
    }
}

/// The reference toolkit in the cache, if a complete install is there.
pub fn installed_reference(cache: Option<&Path>) -> Option<Toolkit> {
    let cache = resolve_cache(cache).ok()?;
    let prefix = reference_prefix(&cache);
    let marker = fs::read_to_string(prefix.join(MARKER)).ok()?;
    if marker != marker_text() {
        return None;
    }
    let mut tk = Toolkit::from_root(&prefix.join("nvidia").join("cu13")).ok()?;
    tk.source = Source::Cache;
    (tk.version == REFERENCE_VERSION).then_some(tk)
}

/// Installs the reference toolkit into the cache, unless a complete install is already
/// there (then nothing is done and [`Installed::newly_installed`] is false).
pub fn install(opts: &InstallOptions) -> Result<Installed> {
    let cache = resolve_cache(opts.cache_dir.as_deref())?;
    if !opts.force
        && let Some(toolkit) = installed_reference(Some(&cache))
    {
        return Ok(Installed {
            toolkit,
            newly_installed: false,
        });
    }
    let prefix = reference_prefix(&cache);
    let parent = prefix.parent().expect("the prefix has a parent");
    fs::create_dir_all(parent)
        .with_context(|| format!("cannot create the cache directory {}", parent.display()))?;

    let lock_path = parent.join(".install.lock");
    let lock = fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .with_context(|| format!("cannot open {}", lock_path.display()))?;
    lock.lock()
        .with_context(|| format!("cannot lock {}", lock_path.display()))?;

    // Another process may have finished the install while we waited for the lock.
    if !opts.force
        && let Some(toolkit) = installed_reference(Some(&cache))
    {
        return Ok(Installed {
            toolkit,
            newly_installed: false,
        });
    }

    let staging = parent.join(format!(".staging-{}", std::process::id()));
    let _ = fs::remove_dir_all(&staging);
    let result = stage(opts, &staging).and_then(|()| {
        if prefix.exists() {
            fs::remove_dir_all(&prefix)
                .with_context(|| format!("cannot remove the old {}", prefix.display()))?;
        }
        fs::rename(&staging, &prefix)
            .with_context(|| format!("cannot move {} to {}", staging.display(), prefix.display()))
    });
    if result.is_err() {
        let _ = fs::remove_dir_all(&staging);
    }
    result?;
    let mut toolkit = Toolkit::from_root(&prefix.join("nvidia").join("cu13"))?;
    toolkit.source = Source::Cache;
    Ok(Installed {
        toolkit,
        newly_installed: true,
    })
}

/// Runs pip into `staging`, checks the result and marks it complete.
fn stage(opts: &InstallOptions, staging: &Path) -> Result<()> {
    let python = find_python(opts.python.as_deref())?;
    let mut cmd = Command::new(&python);
    cmd.args([
        "-m",
        "pip",
        "install",
        "--no-deps",
        "--no-input",
        "--disable-pip-version-check",
        "--only-binary=:all:",
        "--target",
    ])
    .arg(staging);
    if let Some(dir) = &opts.wheels_dir {
        cmd.arg("--no-index").arg("--find-links").arg(dir);
    }
    for (name, version) in REFERENCE_WHEELS {
        cmd.arg(format!("{name}=={version}"));
    }
    let out = cmd
        .output()
        .with_context(|| format!("cannot run {}", python.display()))?;
    if !out.status.success() {
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        return Err(pip_failure(&text, opts.wheels_dir.is_some()));
    }

    let root = staging.join("nvidia").join("cu13");
    if !root.join("bin").is_dir() {
        bail!(
            "pip finished but {} holds no bin/ directory; the wheels may not exist for this \
             platform ({}-{})",
            root.display(),
            std::env::consts::OS,
            std::env::consts::ARCH
        );
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        let lib64 = root.join("lib64");
        if !lib64.exists() {
            symlink("lib", &lib64).context("cannot create the lib64 -> lib link")?;
        }
        let so = root.join("lib").join("libcudart.so");
        if !so.exists() && root.join("lib").join("libcudart.so.13").exists() {
            symlink("libcudart.so.13", &so)
                .context("cannot create the libcudart.so -> libcudart.so.13 link")?;
        }
    }
    let toolkit = Toolkit::from_root(&root).context("the installed toolkit does not work")?;
    if toolkit.version != REFERENCE_VERSION {
        bail!(
            "the installed nvcc reports version {}, expected {REFERENCE_VERSION}",
            toolkit.version
        );
    }
    fs::write(staging.join(MARKER), marker_text()).context("cannot write the install marker")?;
    Ok(())
}

fn find_python(explicit: Option<&Path>) -> Result<PathBuf> {
    let candidates: Vec<PathBuf> = match explicit {
        Some(p) => vec![p.to_path_buf()],
        None => vec!["python3".into(), "python".into()],
    };
    let mut python_seen = None;
    for python in &candidates {
        let Ok(out) = Command::new(python)
            .args(["-m", "pip", "--version"])
            .output()
        else {
            continue;
        };
        if out.status.success() {
            return Ok(python.clone());
        }
        python_seen.get_or_insert(python.clone());
    }
    match python_seen {
        Some(python) => bail!(
            "pip is not available for {}: install it (`{} -m ensurepip --user`, or your \
             distribution's python3-pip package) and run this again, or set CUDA_HOME to an \
             existing CUDA {REFERENCE_VERSION} toolkit",
            python.display(),
            python.display()
        ),
        None => bail!(
            "cannot run Python (tried {}): the reference toolkit is installed with pip from \
             PyPI wheels; install Python 3 with pip, or set CUDA_HOME to an existing CUDA \
             {REFERENCE_VERSION} toolkit",
            candidates
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Turns pip's output into an error that says what went wrong and what to do.
fn pip_failure(output: &str, offline: bool) -> anyhow::Error {
    let tail: Vec<&str> = output
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.contains("Running pip as the 'root' user"))
        .collect();
    let tail = tail[tail.len().saturating_sub(12)..].join("\n  ");
    let network = [
        "NewConnectionError",
        "Failed to establish a new connection",
        "Temporary failure in name resolution",
        "Name or service not known",
        "Network is unreachable",
        "ConnectTimeoutError",
        "ProxyError",
        "SSLError",
        "Could not find a version that satisfies",
        "No matching distribution found",
    ];
    let hint = if offline {
        "the wheel directory does not hold all five wheels for this platform; download them \
         with `pip download --no-deps --only-binary=:all: -d DIR <the five pins>`"
            .to_string()
    } else if network.iter().any(|n| output.contains(n)) {
        "the package index could not be reached or does not have these wheels: check the \
         network and proxy settings (PIP_INDEX_URL, HTTPS_PROXY); on a machine without \
         network access, download the wheels elsewhere (`pip download --no-deps \
         --only-binary=:all: -d DIR ...`) and pass `--wheels DIR`"
            .to_string()
    } else {
        "see pip's output above".to_string()
    };
    let pins = REFERENCE_WHEELS
        .iter()
        .map(|(n, v)| format!("{n}=={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    anyhow!("pip could not install the reference toolkit ({pins}):\n  {tail}\nhelp: {hint}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn network_failures_get_a_network_hint() {
        let e = pip_failure(
            "WARNING: Retrying ... NewConnectionError('<pip._vendor...>: Failed to establish a new connection')\n\
             ERROR: Could not find a version that satisfies the requirement nvidia-cuda-nvcc==13.0.88\n",
            false,
        )
        .to_string();
        assert!(e.contains("could not be reached"), "{e}");
        assert!(e.contains("--wheels DIR"), "{e}");
        assert!(e.contains("nvidia-cuda-nvcc==13.0.88"), "{e}");
    }

    #[test]
    fn missing_python_is_explained() {
        let err = find_python(Some(Path::new("/nonexistent/python3"))).unwrap_err();
        let text = err.to_string();
        assert!(text.contains("cannot run Python"), "{text}");
        assert!(text.contains("CUDA_HOME"), "{text}");
    }

    #[test]
    fn a_python_without_pip_is_explained() {
        // `false` runs but fails, like a Python without the pip module.
        let err = find_python(Some(Path::new("false"))).unwrap_err();
        assert!(err.to_string().contains("pip is not available"), "{err}");
    }

    #[test]
    fn an_incomplete_cache_is_not_a_toolkit() {
        let tmp = std::env::temp_dir().join(format!("cudafe-rs-install-{}", std::process::id()));
        let prefix = reference_prefix(&tmp);
        fs::create_dir_all(prefix.join("nvidia/cu13/bin")).unwrap();
        assert!(installed_reference(Some(&tmp)).is_none());
        fs::write(prefix.join(MARKER), "something else").unwrap();
        assert!(installed_reference(Some(&tmp)).is_none());
        let _ = fs::remove_dir_all(&tmp);
    }
}
