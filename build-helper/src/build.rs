//! The build.rs API: compile `.cu` files into a static library Cargo links.
//!
//! ```no_run
//! // build.rs
//! build_helper::Build::new()
//!     .file("kernels/saxpy.cu")
//!     .include("kernels/include")
//!     .define("USE_FAST_PATH", None)
//!     .arch("80")
//!     .compile("kernels");
//! ```
//!
//! For now every file goes through the toolkit's own nvcc (with the real cudafe++); the
//! pipeline around the cudafe-rs front end replaces that stage by stage. What this
//! already does: finds the toolkit the documented way (and tells Cargo which environment
//! variables that read), compiles each file to an object, archives them, and prints the
//! `cargo:` lines for the library, the CUDA runtime and the C++ runtime, with a run path to
//! the toolkit's libraries so the program runs without `LD_LIBRARY_PATH`.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::toolkit::{Discovery, Toolkit};

/// How the CUDA runtime is linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Cudart {
    /// `libcudart.so` (the default: programs can then run under the tracing runtime).
    #[default]
    Shared,
    /// `libcudart_static.a`.
    Static,
    /// Not linked (driver-API users, or a library that leaves it to its users).
    None,
}

/// A set of `.cu` files compiled into one static library.
#[derive(Debug, Clone, Default)]
pub struct Build {
    files: Vec<PathBuf>,
    include_dirs: Vec<PathBuf>,
    defines: Vec<(String, Option<String>)>,
    archs: Vec<String>,
    std: Option<String>,
    cudart: Cudart,
    toolkit: Option<PathBuf>,
    out_dir: Option<PathBuf>,
    flags: Vec<String>,
    cargo_metadata: bool,
}

impl Build {
    pub fn new() -> Build {
        Build {
            cargo_metadata: true,
            ..Build::default()
        }
    }

    /// Adds a `.cu` file.
    pub fn file(&mut self, path: impl AsRef<Path>) -> &mut Build {
        self.files.push(path.as_ref().to_path_buf());
        self
    }

    /// Adds several `.cu` files.
    pub fn files<P: AsRef<Path>>(&mut self, paths: impl IntoIterator<Item = P>) -> &mut Build {
        for p in paths {
            self.file(p);
        }
        self
    }

    /// Adds an include directory (`-I`).
    pub fn include(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.include_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    /// Defines a macro (`-DNAME` or `-DNAME=VALUE`).
    pub fn define(&mut self, name: &str, value: Option<&str>) -> &mut Build {
        self.defines
            .push((name.to_string(), value.map(str::to_string)));
        self
    }

    /// Compiles for a GPU architecture, as a number (`"80"`, `"90a"`); may be given several
    /// times. Default: `90`.
    pub fn arch(&mut self, arch: &str) -> &mut Build {
        self.archs.push(arch.trim_start_matches("sm_").to_string());
        self
    }

    /// The C++ standard (`"c++17"`, `"c++20"`).
    pub fn std(&mut self, std: &str) -> &mut Build {
        self.std = Some(std.to_string());
        self
    }

    pub fn cudart(&mut self, cudart: Cudart) -> &mut Build {
        self.cudart = cudart;
        self
    }

    /// Uses the toolkit in `dir` instead of searching for one.
    pub fn toolkit(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.toolkit = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Where objects and the library go (default: `OUT_DIR`).
    pub fn out_dir(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.out_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// An extra nvcc option.
    pub fn flag(&mut self, flag: &str) -> &mut Build {
        self.flags.push(flag.to_string());
        self
    }

    /// Whether to print `cargo:` lines (default: yes).
    pub fn cargo_metadata(&mut self, on: bool) -> &mut Build {
        self.cargo_metadata = on;
        self
    }

    /// Compiles and archives into `lib{name}.a`; on failure prints the error and exits the
    /// build script with status 1, as a build script should.
    pub fn compile(&mut self, name: &str) {
        if let Err(e) = self.try_compile(name) {
            eprintln!("error: {e:#}");
            std::process::exit(1);
        }
    }

    /// Compiles and archives into `lib{name}.a`.
    pub fn try_compile(&mut self, name: &str) -> Result<()> {
        if self.files.is_empty() {
            bail!("no .cu files to compile");
        }
        let out_dir = match &self.out_dir {
            Some(d) => d.clone(),
            None => PathBuf::from(
                std::env::var_os("OUT_DIR")
                    .context("OUT_DIR is not set (not in a build script?)")?,
            ),
        };
        std::fs::create_dir_all(&out_dir)
            .with_context(|| format!("cannot create {}", out_dir.display()))?;
        let toolkit = self.find_toolkit()?;
        let mut objects = Vec::new();
        for file in &self.files {
            if self.cargo_metadata {
                println!("cargo:rerun-if-changed={}", file.display());
            }
            let stem = file
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "file".into());
            let obj = out_dir.join(format!("{stem}.o"));
            self.compile_one(&toolkit, file, &obj)?;
            objects.push(obj);
        }
        let lib = out_dir.join(format!("lib{name}.a"));
        let _ = std::fs::remove_file(&lib);
        let ar = std::env::var_os("AR").unwrap_or_else(|| OsString::from("ar"));
        let status = Command::new(&ar)
            .arg("crs")
            .arg(&lib)
            .args(&objects)
            .status()
            .with_context(|| format!("cannot run {}", ar.to_string_lossy()))?;
        if !status.success() {
            bail!(
                "{} failed to archive {}",
                ar.to_string_lossy(),
                lib.display()
            );
        }
        if self.cargo_metadata {
            println!("cargo:rustc-link-search=native={}", out_dir.display());
            println!("cargo:rustc-link-lib=static={name}");
            let libdir = toolkit.lib_dir();
            match self.cudart {
                Cudart::Shared => {
                    println!("cargo:rustc-link-search=native={}", libdir.display());
                    println!("cargo:rustc-link-lib=dylib=cudart");
                    println!("cargo:rustc-link-arg=-Wl,-rpath,{}", libdir.display());
                }
                Cudart::Static => {
                    println!("cargo:rustc-link-search=native={}", libdir.display());
                    println!("cargo:rustc-link-lib=static=cudart_static");
                    for l in ["rt", "pthread", "dl"] {
                        println!("cargo:rustc-link-lib=dylib={l}");
                    }
                }
                Cudart::None => {}
            }
            println!("cargo:rustc-link-lib=dylib=stdc++");
        }
        Ok(())
    }

    fn find_toolkit(&self) -> Result<Toolkit> {
        let print = self.cargo_metadata;
        let discovery = Discovery::new().env(move |name| {
            if print {
                println!("cargo:rerun-if-env-changed={name}");
            }
            std::env::var_os(name)
        });
        let discovery = match &self.toolkit {
            Some(dir) => discovery.explicit(dir.clone()),
            None => discovery,
        };
        Ok(discovery.discover()?)
    }

    fn compile_one(&self, toolkit: &Toolkit, file: &Path, obj: &Path) -> Result<()> {
        let mut cmd = Command::new(toolkit.nvcc());
        cmd.arg("-c").arg("-Xcompiler").arg("-fPIC");
        let archs: Vec<String> = if self.archs.is_empty() {
            vec!["90".into()]
        } else {
            self.archs.clone()
        };
        for a in &archs {
            cmd.arg(format!("-gencode=arch=compute_{a},code=sm_{a}"));
        }
        if let Some(newest) = archs.last() {
            cmd.arg(format!(
                "-gencode=arch=compute_{newest},code=compute_{newest}"
            ));
        }
        if let Some(std) = &self.std {
            cmd.arg(format!("-std={std}"));
        }
        for d in &self.include_dirs {
            cmd.arg("-I").arg(d);
        }
        for (n, v) in &self.defines {
            match v {
                Some(v) => cmd.arg(format!("-D{n}={v}")),
                None => cmd.arg(format!("-D{n}")),
            };
        }
        cmd.args(&self.flags);
        cmd.arg(file).arg("-o").arg(obj);
        let out = cmd
            .output()
            .with_context(|| format!("cannot run {}", toolkit.nvcc().display()))?;
        if !out.status.success() {
            bail!(
                "nvcc failed on {}:\n{}{}",
                file.display(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        // Warnings go to Cargo's output.
        if self.cargo_metadata {
            for line in String::from_utf8_lossy(&out.stderr).lines() {
                if !line.trim().is_empty() {
                    println!("cargo:warning={line}");
                }
            }
        }
        Ok(())
    }
}
