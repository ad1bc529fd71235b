//! Finding a CUDA toolkit, and installing the reference one.
//!
//! [`Discovery::discover`] looks, in this order, at:
//!
//! 1. an explicit setting ([`Discovery::explicit`]; `cargo cuda --toolkit DIR`);
//! 2. `CUDA_HOME`;
//! 3. `CUDA_PATH`;
//! 4. the directory of `nvcc` on `PATH` (symbolic links followed);
//! 5. pip-installed `nvidia/cu13` trees: the Python `site-packages` directories of the
//!    `python3` on `PATH` (user and system), then the cudafe-rs cache where
//!    `cargo cuda toolkit install` puts the pinned toolkit ([`cache_dir`]);
//! 6. `/usr/local/cuda`.
//!
//! The first place that holds `bin/nvcc` and `bin/nvcc.profile` wins. Tool locations and
//! default include and library directories come from `bin/nvcc.profile`, the way nvcc itself
//! finds them; the version comes from `nvcc --version`. Every place tried is recorded, so
//! `cargo cuda doctor` can say why a toolkit was, or was not, chosen.

mod install;
mod profile;

pub use install::{InstallOptions, Installed, install, installed_reference};
pub use profile::{Profile, ProfileContext};

use std::ffi::OsString;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, anyhow, bail};

/// The toolkit release this project reimplements and tests against.
pub const REFERENCE_VERSION: Version = Version {
    major: 13,
    minor: 0,
    build: 88,
};

/// The PyPI wheels that together form the reference toolkit (`nvidia/cu13/...`).
pub const REFERENCE_WHEELS: [(&str, &str); 5] = [
    ("nvidia-cuda-nvcc", "13.0.88"),
    ("nvidia-nvvm", "13.0.88"),
    ("nvidia-cuda-crt", "13.0.88"),
    ("nvidia-cuda-runtime", "13.0.96"),
    ("nvidia-cuda-cccl", "13.0.85"),
];

/// A CUDA compiler version, as `nvcc --version` reports it (`V13.0.88`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Version {
    pub major: u32,
    pub minor: u32,
    pub build: u32,
}

impl Version {
    /// Reads the `Vmajor.minor.build` word out of a tool's `--version` banner.
    pub fn from_banner(text: &str) -> Option<Version> {
        text.split_whitespace().find_map(|word| {
            let mut it = word.strip_prefix('V')?.split('.');
            let v = Version {
                major: it.next()?.parse().ok()?,
                minor: it.next()?.parse().ok()?,
                build: it.next()?.parse().ok()?,
            };
            it.next().is_none().then_some(v)
        })
    }
}

impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}.{}", self.major, self.minor, self.build)
    }
}

/// Where a toolkit was looked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    Explicit,
    CudaHome,
    CudaPath,
    NvccOnPath,
    SitePackages,
    Cache,
    UsrLocalCuda,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Source::Explicit => "explicit setting",
            Source::CudaHome => "CUDA_HOME",
            Source::CudaPath => "CUDA_PATH",
            Source::NvccOnPath => "nvcc on PATH",
            Source::SitePackages => "Python site-packages",
            Source::Cache => "cudafe-rs cache",
            Source::UsrLocalCuda => "/usr/local/cuda",
        })
    }
}

/// One place discovery looked at, and what it found there.
#[derive(Debug, Clone)]
pub struct Attempt {
    pub source: Source,
    pub path: Option<PathBuf>,
    /// `None` when this place held the toolkit that was chosen.
    pub rejected: Option<String>,
}

impl fmt::Display for Attempt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.source)?;
        if let Some(p) = &self.path {
            write!(f, " ({})", p.display())?;
        }
        match &self.rejected {
            None => write!(f, ": found"),
            Some(why) => write!(f, ": {why}"),
        }
    }
}

/// A CUDA toolkit: where its tools are and what nvcc passes to them by default.
#[derive(Debug, Clone)]
pub struct Toolkit {
    /// The toolkit's top directory (`TOP` in `nvcc.profile`).
    pub root: PathBuf,
    /// The directory holding nvcc, cudafe++, ptxas, fatbinary and nvlink.
    pub bin_dir: PathBuf,
    /// The directory holding cicc (`CICC_PATH`).
    pub cicc_dir: PathBuf,
    /// libdevice (`NVVMIR_LIBRARY_DIR`).
    pub nvvmir_library_dir: PathBuf,
    /// `-I` directories nvcc adds (`INCLUDES`).
    pub include_dirs: Vec<PathBuf>,
    /// `-isystem` directories nvcc adds (`SYSTEM_INCLUDES`).
    pub system_include_dirs: Vec<PathBuf>,
    /// `-L` directories nvcc adds (`LIBRARIES`).
    pub library_dirs: Vec<PathBuf>,
    pub version: Version,
    /// How this toolkit was found.
    pub source: Source,
    /// Every place discovery looked at, in order, up to and including this one.
    pub attempts: Vec<Attempt>,
}

impl Toolkit {
    /// Reads the toolkit whose `bin/` directory holds `nvcc` and `nvcc.profile`.
    pub fn from_root(root: &Path) -> Result<Toolkit> {
        Toolkit::from_bin_dir(&root.join("bin"))
    }

    /// Reads the toolkit around the nvcc in `bin_dir`.
    pub fn from_bin_dir(bin_dir: &Path) -> Result<Toolkit> {
        let nvcc = bin_dir.join(exe("nvcc"));
        if !nvcc.is_file() {
            bail!("no nvcc in {}", bin_dir.display());
        }
        let profile_path = bin_dir.join("nvcc.profile");
        let text = std::fs::read_to_string(&profile_path)
            .with_context(|| format!("cannot read {}", profile_path.display()))?;
        let top_guess = bin_dir.parent().unwrap_or(bin_dir);
        let target_dir = target_dir_of(top_guess);
        let env = |name: &str| std::env::var(name).ok();
        let profile = Profile::parse(
            &text,
            &ProfileContext {
                here: bin_dir,
                target_dir: &target_dir,
                env: &env,
            },
        );
        let root = normalize(Path::new(profile.get("TOP").unwrap_or("")))
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or_else(|| top_guess.to_path_buf());
        let dir_of = |name: &str, default: PathBuf| {
            profile
                .get(name)
                .filter(|v| !v.trim().is_empty())
                .and_then(|v| normalize(Path::new(v.trim())))
                .unwrap_or(default)
        };
        let cicc_dir = dir_of("CICC_PATH", root.join("nvvm/bin"));
        let nvvmir_library_dir = dir_of("NVVMIR_LIBRARY_DIR", root.join("nvvm/libdevice"));
        let include_dirs = flag_dirs(&profile.args("INCLUDES"), "-I");
        let system_include_dirs = flag_dirs(&profile.args("SYSTEM_INCLUDES"), "-isystem");
        let library_dirs = flag_dirs(&profile.args("LIBRARIES"), "-L");
        let version = tool_version(&nvcc)
            .with_context(|| format!("cannot tell the version of {}", nvcc.display()))?;
        Ok(Toolkit {
            root,
            bin_dir: normalize(bin_dir).unwrap_or_else(|| bin_dir.to_path_buf()),
            cicc_dir,
            nvvmir_library_dir,
            include_dirs,
            system_include_dirs,
            library_dirs,
            version,
            source: Source::Explicit,
            attempts: Vec::new(),
        })
    }

    pub fn nvcc(&self) -> PathBuf {
        self.bin_dir.join(exe("nvcc"))
    }
    pub fn cudafe(&self) -> PathBuf {
        self.bin_dir.join(exe("cudafe++"))
    }
    pub fn ptxas(&self) -> PathBuf {
        self.bin_dir.join(exe("ptxas"))
    }
    pub fn fatbinary(&self) -> PathBuf {
        self.bin_dir.join(exe("fatbinary"))
    }
    pub fn nvlink(&self) -> PathBuf {
        self.bin_dir.join(exe("nvlink"))
    }
    pub fn cicc(&self) -> PathBuf {
        self.cicc_dir.join(exe("cicc"))
    }

    /// The directory holding the CUDA runtime libraries (`libcudart.so.13`, ...).
    pub fn lib_dir(&self) -> PathBuf {
        self.library_dirs
            .iter()
            .rev()
            .find(|d| !d.ends_with("stubs") && d.is_dir())
            .cloned()
            .unwrap_or_else(|| self.root.join("lib64"))
    }

    /// True when this is the release this project reimplements (13.0).
    pub fn is_reference(&self) -> bool {
        (self.version.major, self.version.minor)
            == (REFERENCE_VERSION.major, REFERENCE_VERSION.minor)
    }
}

/// Runs `tool --version` and reads the version from its banner (stdout or stderr).
pub fn tool_version(tool: &Path) -> Result<Version> {
    let out = Command::new(tool)
        .arg("--version")
        .output()
        .with_context(|| format!("cannot run {}", tool.display()))?;
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    Version::from_banner(&text).ok_or_else(|| {
        anyhow!(
            "`{} --version` printed no version (exit {})",
            tool.display(),
            out.status
        )
    })
}

/// How [`Discovery`] reads an environment variable.
type EnvFn<'a> = dyn Fn(&str) -> Option<OsString> + 'a;

/// The ordered search for a toolkit. Environment reads go through [`Discovery::env`], so a
/// build script can report each variable it depends on.
pub struct Discovery<'a> {
    explicit: Option<PathBuf>,
    env: Box<EnvFn<'a>>,
    python: Option<PathBuf>,
    cache: Option<PathBuf>,
    usr_local: PathBuf,
}

impl Default for Discovery<'_> {
    fn default() -> Self {
        Discovery::new()
    }
}

impl<'a> Discovery<'a> {
    pub fn new() -> Discovery<'a> {
        Discovery {
            explicit: None,
            env: Box::new(|name| std::env::var_os(name)),
            python: None,
            cache: None,
            usr_local: PathBuf::from("/usr/local/cuda"),
        }
    }

    /// A toolkit directory chosen by the user; when set, nothing else is searched.
    pub fn explicit(mut self, root: impl Into<PathBuf>) -> Self {
        self.explicit = Some(root.into());
        self
    }

    /// How environment variables are read (`CUDA_HOME`, `CUDA_PATH`, `PATH`, ...).
    pub fn env(mut self, env: impl Fn(&str) -> Option<OsString> + 'a) -> Self {
        self.env = Box::new(env);
        self
    }

    /// The Python interpreter asked for its `site-packages` directories.
    pub fn python(mut self, python: impl Into<PathBuf>) -> Self {
        self.python = Some(python.into());
        self
    }

    /// The cudafe-rs cache directory (default: [`cache_dir`]).
    pub fn cache_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cache = Some(dir.into());
        self
    }

    /// The last place searched (default `/usr/local/cuda`).
    pub fn fallback(mut self, dir: impl Into<PathBuf>) -> Self {
        self.usr_local = dir.into();
        self
    }

    /// Searches in the documented order; the error lists every place tried.
    pub fn discover(&self) -> Result<Toolkit, NotFound> {
        let mut attempts = Vec::new();
        if self.explicit.is_none() {
            attempts.push(Attempt {
                source: Source::Explicit,
                path: None,
                rejected: Some("not given".into()),
            });
        }
        if let Some(root) = &self.explicit {
            return match Toolkit::from_root(root) {
                Ok(tk) => Ok(found(tk, Source::Explicit, Some(root.clone()), attempts)),
                Err(e) => {
                    attempts.push(Attempt {
                        source: Source::Explicit,
                        path: Some(root.clone()),
                        rejected: Some(format!("{e:#}")),
                    });
                    Err(NotFound { attempts })
                }
            };
        }
        for (source, var) in [
            (Source::CudaHome, "CUDA_HOME"),
            (Source::CudaPath, "CUDA_PATH"),
        ] {
            match (self.env)(var).filter(|v| !v.is_empty()) {
                None => attempts.push(Attempt {
                    source,
                    path: None,
                    rejected: Some("not set".into()),
                }),
                Some(v) => {
                    let root = PathBuf::from(v);
                    if let Some(tk) = try_root(&root, source, &mut attempts) {
                        return Ok(found(tk, source, Some(root), attempts));
                    }
                }
            }
        }
        match self.nvcc_on_path() {
            None => attempts.push(Attempt {
                source: Source::NvccOnPath,
                path: None,
                rejected: Some("no nvcc on PATH".into()),
            }),
            Some(nvcc) => {
                let real = std::fs::canonicalize(&nvcc).unwrap_or(nvcc);
                let bin = real.parent().map(Path::to_path_buf).unwrap_or_default();
                match Toolkit::from_bin_dir(&bin) {
                    Ok(tk) => return Ok(found(tk, Source::NvccOnPath, Some(real), attempts)),
                    Err(e) => attempts.push(Attempt {
                        source: Source::NvccOnPath,
                        path: Some(real),
                        rejected: Some(format!("{e:#}")),
                    }),
                }
            }
        }
        let site_packages = self.site_packages();
        if site_packages.is_empty() {
            attempts.push(Attempt {
                source: Source::SitePackages,
                path: None,
                rejected: Some("no Python interpreter answered".into()),
            });
        }
        for dir in site_packages {
            let root = dir.join("nvidia").join("cu13");
            if let Some(tk) = try_root(&root, Source::SitePackages, &mut attempts) {
                return Ok(found(tk, Source::SitePackages, Some(root), attempts));
            }
        }
        let cache = self
            .cache
            .clone()
            .or_else(|| cache_dir_with(&|n| (self.env)(n)));
        match cache {
            None => attempts.push(Attempt {
                source: Source::Cache,
                path: None,
                rejected: Some("no cache directory (HOME is not set)".into()),
            }),
            Some(cache) => {
                let root = reference_root(&cache);
                if let Some(tk) = try_root(&root, Source::Cache, &mut attempts) {
                    return Ok(found(tk, Source::Cache, Some(root), attempts));
                }
            }
        }
        let root = self.usr_local.clone();
        if let Some(tk) = try_root(&root, Source::UsrLocalCuda, &mut attempts) {
            return Ok(found(tk, Source::UsrLocalCuda, Some(root), attempts));
        }
        Err(NotFound { attempts })
    }

    fn nvcc_on_path(&self) -> Option<PathBuf> {
        let path = (self.env)("PATH")?;
        std::env::split_paths(&path)
            .map(|dir| dir.join(exe("nvcc")))
            .find(|p| p.is_file())
    }

    fn site_packages(&self) -> Vec<PathBuf> {
        let candidates: Vec<PathBuf> = match &self.python {
            Some(p) => vec![p.clone()],
            None => vec!["python3".into(), "python".into()],
        };
        const SCRIPT: &str = "import site, sys\n\
            dirs = list(site.getsitepackages()) if hasattr(site, 'getsitepackages') else []\n\
            dirs.append(site.getusersitepackages())\n\
            print('\\n'.join(dirs))";
        for python in candidates {
            let mut cmd = Command::new(&python);
            cmd.args(["-c", SCRIPT]);
            if let Some(path) = (self.env)("PATH") {
                cmd.env("PATH", path);
            }
            if let Ok(out) = cmd.output()
                && out.status.success()
            {
                return String::from_utf8_lossy(&out.stdout)
                    .lines()
                    .filter(|l| !l.is_empty())
                    .map(PathBuf::from)
                    .collect();
            }
        }
        Vec::new()
    }
}

fn try_root(root: &Path, source: Source, attempts: &mut Vec<Attempt>) -> Option<Toolkit> {
    match Toolkit::from_root(root) {
        Ok(tk) => Some(tk),
        Err(e) => {
            attempts.push(Attempt {
                source,
                path: Some(root.to_path_buf()),
                rejected: Some(format!("{e:#}")),
            });
            None
        }
    }
}

fn found(
    mut tk: Toolkit,
    source: Source,
    path: Option<PathBuf>,
    mut attempts: Vec<Attempt>,
) -> Toolkit {
    attempts.push(Attempt {
        source,
        path,
        rejected: None,
    });
    tk.source = source;
    tk.attempts = attempts;
    tk
}

/// No toolkit was found; lists every place that was tried and why it was passed over.
#[derive(Debug, Clone)]
pub struct NotFound {
    pub attempts: Vec<Attempt>,
}

impl fmt::Display for NotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "no CUDA toolkit found; looked at:")?;
        for a in &self.attempts {
            writeln!(f, "  - {a}")?;
        }
        write!(
            f,
            "help: run `cargo cuda toolkit install` to install the CUDA {REFERENCE_VERSION} \
             reference toolkit from PyPI, or set CUDA_HOME to a toolkit's directory"
        )
    }
}

impl std::error::Error for NotFound {}

/// The per-user cache directory of cudafe-rs: `$CUDAFE_RS_CACHE`, else
/// `$XDG_CACHE_HOME/cudafe-rs`, else `~/.cache/cudafe-rs` (`%LOCALAPPDATA%\cudafe-rs` on
/// Windows).
pub fn cache_dir() -> Option<PathBuf> {
    cache_dir_with(&|n| std::env::var_os(n))
}

fn cache_dir_with(env: &dyn Fn(&str) -> Option<OsString>) -> Option<PathBuf> {
    let nonempty = |n: &str| env(n).filter(|v| !v.is_empty()).map(PathBuf::from);
    if let Some(dir) = nonempty("CUDAFE_RS_CACHE") {
        return Some(dir);
    }
    if let Some(dir) = nonempty("XDG_CACHE_HOME") {
        return Some(dir.join("cudafe-rs"));
    }
    if cfg!(windows)
        && let Some(dir) = nonempty("LOCALAPPDATA")
    {
        return Some(dir.join("cudafe-rs"));
    }
    nonempty("HOME").map(|h| h.join(".cache").join("cudafe-rs"))
}

/// Where the reference toolkit lives inside a cache directory: the `nvidia/cu13` tree of
/// the pinned wheels.
pub fn reference_root(cache: &Path) -> PathBuf {
    reference_prefix(cache).join("nvidia").join("cu13")
}

fn reference_prefix(cache: &Path) -> PathBuf {
    cache
        .join("toolkit")
        .join(format!("cuda-{REFERENCE_VERSION}"))
}

fn target_dir_of(top: &Path) -> String {
    let arch = match std::env::consts::ARCH {
        "aarch64" => "sbsa",
        other => other,
    };
    let dir = format!("targets/{arch}-linux");
    if top.join(&dir).is_dir() {
        dir
    } else {
        String::new()
    }
}

/// Splits `-Ifoo`, `-I foo`, `-isystem foo` style arguments into directories.
fn flag_dirs(args: &[String], flag: &str) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let value = if a == flag {
            it.next().cloned()
        } else {
            a.strip_prefix(flag).map(str::to_string)
        };
        if let Some(v) = value.filter(|v| !v.is_empty()) {
            dirs.push(normalize(Path::new(&v)).unwrap_or_else(|| PathBuf::from(v)));
        }
    }
    dirs
}

/// Resolves `.` and `..` and doubled separators without touching the file system beyond
/// what canonicalisation needs; falls back to a lexical clean-up for paths that don't exist.
fn normalize(p: &Path) -> Option<PathBuf> {
    if p.as_os_str().is_empty() {
        return None;
    }
    if let Ok(c) = std::fs::canonicalize(p) {
        return Some(c);
    }
    let mut out = PathBuf::new();
    for comp in p.components() {
        match comp {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    Some(out)
}

fn exe(name: &str) -> String {
    format!("{name}{}", std::env::consts::EXE_SUFFIX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_versions_from_banners() {
        let nvcc = "nvcc: NVIDIA (R) Cuda compiler driver\nCopyright (c) 2005-2025 NVIDIA Corporation\n\
                    Built on Wed_Aug_20_01:58:59_PM_PDT_2025\nCuda compilation tools, release 13.0, V13.0.88\n";
        assert_eq!(
            Version::from_banner(nvcc),
            Some(Version {
                major: 13,
                minor: 0,
                build: 88
            })
        );
        assert_eq!(Version::from_banner("no version here V1.2"), None);
    }

    #[test]
    fn splits_flag_directories() {
        let args: Vec<String> = ["-I/a", "-I", "/b", "-isystem", "/c", "-L/d"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            flag_dirs(&args, "-I"),
            vec![PathBuf::from("/a"), PathBuf::from("/b")]
        );
        assert_eq!(flag_dirs(&args, "-isystem"), vec![PathBuf::from("/c")]);
    }

    #[test]
    fn cache_dir_order() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |n: &str| {
                vars.iter()
                    .find(|(k, _)| *k == n)
                    .map(|(_, v)| OsString::from(v))
            }
        };
        assert_eq!(
            cache_dir_with(&env(&[("CUDAFE_RS_CACHE", "/c"), ("HOME", "/h")])),
            Some(PathBuf::from("/c"))
        );
        assert_eq!(
            cache_dir_with(&env(&[("XDG_CACHE_HOME", "/x"), ("HOME", "/h")])),
            Some(PathBuf::from("/x/cudafe-rs"))
        );
        assert_eq!(
            cache_dir_with(&env(&[("HOME", "/h")])),
            Some(PathBuf::from("/h/.cache/cudafe-rs"))
        );
        assert_eq!(cache_dir_with(&env(&[])), None);
    }

    /// A fake toolkit: a `bin/nvcc` shell script that prints a version banner, and a profile.
    #[cfg(unix)]
    fn fake_toolkit(dir: &Path, version: &str) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::create_dir_all(dir.join("bin")).unwrap();
        std::fs::create_dir_all(dir.join("include")).unwrap();
        let nvcc = dir.join("bin/nvcc");
        std::fs::write(
            &nvcc,
            format!("#!/bin/sh\necho 'Cuda compilation tools, release 13.0, V{version}'\n"),
        )
        .unwrap();
        std::fs::set_permissions(&nvcc, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(
            dir.join("bin/nvcc.profile"),
            "TOP = $(_HERE_)/..\nINCLUDES += \"-I$(TOP)/include\"\nCICC_PATH = $(TOP)/nvvm/bin\n",
        )
        .unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn discovery_order_and_reasons() {
        let tmp = std::env::temp_dir().join(format!("cudafe-rs-discovery-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        let home = tmp.join("home-tk");
        let path_tk = tmp.join("path-tk");
        fake_toolkit(&home, "13.0.1");
        fake_toolkit(&path_tk, "13.0.2");
        let path_var = path_tk.join("bin").into_os_string();
        let bogus = tmp.join("nothing-here");

        // CUDA_HOME wins over nvcc on PATH.
        let home_s = home.clone().into_os_string();
        let pv = path_var.clone();
        let tk = Discovery::new()
            .env(move |n| match n {
                "CUDA_HOME" => Some(home_s.clone()),
                "PATH" => Some(pv.clone()),
                _ => None,
            })
            .python(tmp.join("no-python"))
            .cache_dir(tmp.join("cache"))
            .fallback(&bogus)
            .discover()
            .unwrap();
        assert_eq!(tk.source, Source::CudaHome);
        assert_eq!(tk.version.build, 1);
        assert_eq!(
            tk.include_dirs,
            vec![std::fs::canonicalize(home.join("include")).unwrap()]
        );

        // A CUDA_HOME without a toolkit is passed over, with the reason recorded.
        let bogus_s = bogus.clone().into_os_string();
        let pv = path_var.clone();
        let tk = Discovery::new()
            .env(move |n| match n {
                "CUDA_HOME" => Some(bogus_s.clone()),
                "PATH" => Some(pv.clone()),
                _ => None,
            })
            .python(tmp.join("no-python"))
            .cache_dir(tmp.join("cache"))
            .fallback(&bogus)
            .discover()
            .unwrap();
        assert_eq!(tk.source, Source::NvccOnPath);
        assert_eq!(tk.version.build, 2);
        assert_eq!(tk.attempts[0].rejected.as_deref(), Some("not given"));
        assert!(
            tk.attempts[1]
                .rejected
                .as_deref()
                .unwrap()
                .contains("no nvcc in")
        );
        assert_eq!(tk.attempts[2].rejected.as_deref(), Some("not set"));

        // The cache is searched after site-packages.
        let cache = tmp.join("cache");
        fake_toolkit(&reference_root(&cache), "13.0.88");
        let tk = Discovery::new()
            .env(|_| None)
            .python(tmp.join("no-python"))
            .cache_dir(&cache)
            .fallback(&bogus)
            .discover()
            .unwrap();
        assert_eq!(tk.source, Source::Cache);
        assert!(tk.is_reference());

        // Nothing anywhere: the error names every place.
        let err = Discovery::new()
            .env(|_| None)
            .python(tmp.join("no-python"))
            .cache_dir(tmp.join("empty-cache"))
            .fallback(&bogus)
            .discover()
            .unwrap_err();
        let text = err.to_string();
        for needle in [
            "CUDA_HOME",
            "CUDA_PATH",
            "nvcc on PATH",
            "site-packages",
            "cache",
            "cargo cuda toolkit install",
        ] {
            assert!(text.contains(needle), "{needle} missing from:\n{text}");
        }
        let _ = std::fs::remove_dir_all(&tmp);
    }
}
