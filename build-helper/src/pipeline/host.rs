//! The host compiler, as the `cc` crate selects it.
//!
//! nvcc runs its host compiler three ways: to preprocess the source for the host front end,
//! to preprocess it for each device architecture, and to compile the host file. The
//! compiler's own flags (`-fPIC`, `-O2`, `CXXFLAGS`, ...) go to all three, as
//! `-Xcompiler` flags do in nvcc.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// Which compiler family a host compiler is, with its version as cudafe++ takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HostFlavor {
    /// GCC: `--gnu_version=120200` for 12.2.0.
    Gnu(u32),
    /// Clang: `--clang --clang_version=140000` for 14.0.6 (major and minor, as nvcc
    /// computes it).
    Clang(u32),
}

impl HostFlavor {
    /// The front end's options for this compiler, as nvcc passes them to cudafe++ and cicc.
    pub fn front_end_options(self) -> Vec<String> {
        match self {
            HostFlavor::Gnu(v) => vec![format!("--gnu_version={v}")],
            HostFlavor::Clang(v) => vec!["--clang".into(), format!("--clang_version={v}")],
        }
    }
}

/// A host C++ compiler (GCC or Clang) and the archiver that goes with it.
#[derive(Debug, Clone)]
pub struct HostCompiler {
    /// The compiler (`c++`, `g++-12`, ...).
    pub path: PathBuf,
    /// Its flags, in every invocation.
    pub args: Vec<OsString>,
    /// Environment variables it must run with.
    pub env: Vec<(OsString, OsString)>,
    /// GCC or Clang, and which version.
    pub flavor: HostFlavor,
    /// The archiver (`ar`) and its leading arguments.
    pub archiver: Vec<OsString>,
}

/// The target triple of this process's machine, for `cc` outside a build script.
fn this_target() -> String {
    let arch = std::env::consts::ARCH;
    match std::env::consts::OS {
        "linux" => format!("{arch}-unknown-linux-gnu"),
        "macos" => format!("{arch}-apple-darwin"),
        os => format!("{arch}-unknown-{os}"),
    }
}

impl HostCompiler {
    /// The C++ compiler `cc::Build::new().cpp(true)` selects. In a build script `cc` reads
    /// `TARGET`, `HOST`, `OPT_LEVEL` and `DEBUG` from Cargo; elsewhere this process's
    /// machine, no optimization and no debug information are used.
    pub fn from_cc() -> Result<HostCompiler> {
        HostCompiler::from_build(&Self::cc_build())
    }

    /// The compiler at `path` (GCC or Clang), configured as [`HostCompiler::from_cc`]
    /// configures the one `cc` selects.
    pub fn with_compiler(path: impl AsRef<Path>) -> Result<HostCompiler> {
        let mut build = Self::cc_build();
        build.compiler(path.as_ref());
        HostCompiler::from_build(&build)
    }

    fn cc_build() -> cc::Build {
        let mut build = cc::Build::new();
        build.cpp(true).warnings(false).extra_warnings(false);
        let in_build_script = std::env::var_os("TARGET").is_some();
        if !in_build_script {
            let target = this_target();
            build
                .target(&target)
                .host(&target)
                .opt_level(0)
                .debug(false)
                .cargo_metadata(false)
                .cargo_warnings(false);
        }
        build
    }

    /// The C++ compiler of a configured `cc::Build` (which should have `cpp(true)`).
    pub fn from_build(build: &cc::Build) -> Result<HostCompiler> {
        let tool = build
            .try_get_compiler()
            .context("the cc crate found no C++ compiler")?;
        if !tool.is_like_gnu() && !tool.is_like_clang() {
            bail!(
                "the host compiler {} is neither GCC nor Clang; nvcc takes only those on this platform",
                tool.path().display()
            );
        }
        let clang = tool.is_like_clang();
        let archiver = build
            .try_get_archiver()
            .context("the cc crate found no archiver")?;
        let mut ar = vec![archiver.get_program().to_os_string()];
        ar.extend(archiver.get_args().map(|a| a.to_os_string()));
        let mut host = HostCompiler {
            path: tool.path().to_path_buf(),
            args: tool.args().to_vec(),
            env: tool
                .get_envs()
                .map(|(k, v)| (k.to_os_string(), v.to_os_string()))
                .collect(),
            flavor: HostFlavor::Gnu(0),
            archiver: ar,
        };
        host.flavor = if clang {
            HostFlavor::Clang(host.detect_version("-dumpversion", false)?)
        } else {
            HostFlavor::Gnu(host.detect_version("-dumpfullversion", true)?)
        };
        Ok(host)
    }

    /// A command running the compiler with its flags.
    pub fn command(&self) -> Command {
        let mut cmd = Command::new(&self.path);
        for (k, v) in &self.env {
            cmd.env(k, v);
        }
        cmd
    }

    /// The version `option` prints: GCC's `-dumpfullversion` `12.2.0` → 120200; Clang's
    /// `-dumpversion` `14.0.6` → 140000 (without the patch level, as nvcc takes it).
    fn detect_version(&self, option: &str, with_patch: bool) -> Result<u32> {
        let out = self
            .command()
            .arg(option)
            .output()
            .with_context(|| format!("cannot run {}", self.path.display()))?;
        let text = String::from_utf8_lossy(&out.stdout);
        parse_version(text.trim(), with_patch).with_context(|| {
            format!(
                "cannot read the version of {} from `{}`",
                self.path.display(),
                text.trim()
            )
        })
    }

    /// Archives `objects` into `lib` (replacing it).
    pub fn archive(&self, objects: &[PathBuf], lib: &Path) -> Result<()> {
        let _ = std::fs::remove_file(lib);
        let mut cmd = Command::new(&self.archiver[0]);
        cmd.args(&self.archiver[1..])
            .arg("crs")
            .arg(lib)
            .args(objects);
        let out = cmd
            .output()
            .with_context(|| format!("cannot run {}", self.archiver[0].to_string_lossy()))?;
        if !out.status.success() {
            bail!(
                "{} failed to archive {}:\n{}",
                self.archiver[0].to_string_lossy(),
                lib.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(())
    }
}

fn parse_version(s: &str, with_patch: bool) -> Result<u32> {
    let mut parts = s.split('.').map(|p| p.parse::<u32>());
    let major = parts.next().context("no major version")??;
    let minor = parts.next().transpose()?.unwrap_or(0);
    let patch = parts.next().transpose()?.unwrap_or(0);
    if minor > 99 || patch > 99 {
        bail!("version {s} out of range");
    }
    Ok(major * 10000 + minor * 100 + if with_patch { patch } else { 0 })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions() {
        assert_eq!(parse_version("12.2.0", true).unwrap(), 120200);
        assert_eq!(parse_version("13", true).unwrap(), 130000);
        assert_eq!(parse_version("9.4", true).unwrap(), 90400);
        assert!(parse_version("x", true).is_err());
        // Clang, as nvcc passes it: 14.0.6 → 140000, 22.1.8 → 220100.
        assert_eq!(parse_version("14.0.6", false).unwrap(), 140000);
        assert_eq!(parse_version("22.1.8", false).unwrap(), 220100);
        assert_eq!(
            HostFlavor::Clang(140000).front_end_options(),
            ["--clang", "--clang_version=140000"]
        );
        assert_eq!(
            HostFlavor::Gnu(120200).front_end_options(),
            ["--gnu_version=120200"]
        );
    }

    #[test]
    fn finds_the_host_compiler_outside_a_build_script() {
        let Ok(host) = HostCompiler::from_cc() else {
            return; // no C++ compiler on this machine
        };
        let (HostFlavor::Gnu(v) | HostFlavor::Clang(v)) = host.flavor;
        assert!(v >= 40000, "{v}");
        assert!(!host.archiver.is_empty());
    }
}
