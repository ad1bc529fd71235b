//! `cargo cuda run`: `cargo run` with a CUDA toolkit in place, and — on a machine without a
//! GPU — the tracing runtime in place of `libcudart.so.13`, so the program runs and its
//! kernel launches are shown instead of executed.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, Result, bail};
use build_helper::toolkit::{self, Discovery, InstallOptions, Toolkit};

use crate::status::Status;

#[derive(clap::Args)]
pub struct RunArgs {
    /// Path to the package's Cargo.toml.
    #[arg(long, value_name = "PATH")]
    manifest_path: Option<PathBuf>,
    /// The package to run.
    #[arg(short, long, value_name = "SPEC")]
    package: Option<String>,
    /// The binary to run.
    #[arg(long, value_name = "NAME")]
    bin: Option<String>,
    /// Build and run with the release profile.
    #[arg(short, long)]
    release: bool,
    /// Run under the tracing runtime even when a GPU is present.
    #[arg(long, conflicts_with = "no_trace")]
    trace: bool,
    /// Never use the tracing runtime.
    #[arg(long)]
    no_trace: bool,
    /// Arguments for the program.
    #[arg(last = true)]
    args: Vec<String>,
}

/// Finds a toolkit, installing the reference one when there is none.
pub fn ensure_toolkit(discovery: &Discovery<'_>, status: &Status) -> Result<Toolkit> {
    match discovery.discover() {
        Ok(tk) => Ok(tk),
        Err(_) => {
            status.line(
                "Installing",
                &format!(
                    "the CUDA {} reference toolkit (no toolkit found; this happens once)",
                    toolkit::REFERENCE_VERSION
                ),
            );
            let installed = toolkit::install(&InstallOptions::default())?;
            status.line("Installed", &installed.toolkit.root.display().to_string());
            Ok(installed.toolkit)
        }
    }
}

pub fn run(args: &RunArgs, discovery: &Discovery<'_>, status: &Status) -> Result<ExitCode> {
    let tk = ensure_toolkit(discovery, status)?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(&cargo);
    cmd.arg("run");
    if let Some(p) = &args.manifest_path {
        cmd.arg("--manifest-path").arg(p);
    }
    if let Some(p) = &args.package {
        cmd.arg("-p").arg(p);
    }
    if let Some(b) = &args.bin {
        cmd.arg("--bin").arg(b);
    }
    if args.release {
        cmd.arg("--release");
    }
    // The build scripts find the same toolkit.
    cmd.env("CUDA_HOME", &tk.root);
    let trace = args.trace || (!args.no_trace && !gpu_present());
    if trace {
        let dir = tracing_runtime(status)?;
        let mut paths = vec![dir];
        if let Some(old) = std::env::var_os("LD_LIBRARY_PATH") {
            paths.extend(std::env::split_paths(&old));
        }
        cmd.env("LD_LIBRARY_PATH", std::env::join_paths(paths)?);
        status.line(
            "Tracing",
            if args.trace {
                "kernel launches with cudart-trace (kernels are not run)"
            } else {
                "kernel launches with cudart-trace: no GPU found (kernels are not run)"
            },
        );
    }
    if !args.args.is_empty() {
        cmd.arg("--").args(&args.args);
    }
    let st = cmd
        .status()
        .with_context(|| format!("cannot run {}", cargo.to_string_lossy()))?;
    Ok(match st.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(c) => ExitCode::from(c.clamp(1, 255) as u8),
        None => ExitCode::FAILURE,
    })
}

/// A GPU driver is loaded when its control device exists.
fn gpu_present() -> bool {
    Path::new("/dev/nvidiactl").exists()
}

/// Builds the tracing runtime from the cudafe-rs source tree this tool was built from, and
/// returns a directory holding it as `libcudart.so.13`.
fn tracing_runtime(status: &Status) -> Result<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .context("cargo-cuda has no parent directory")?
        .to_path_buf();
    let manifest = root.join("Cargo.toml");
    if !root.join("cudart-trace").join("Cargo.toml").is_file() {
        bail!(
            "the tracing runtime is built from the cudafe-rs source tree, which is not at {}; \
             pass --no-trace to run with the CUDA runtime",
            root.display()
        );
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .map(|t| if t.is_relative() { root.join(t) } else { t })
        .unwrap_or_else(|| root.join("target"));
    status.line("Building", "cudart-trace (the tracing runtime)");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let st = Command::new(&cargo)
        .args([
            "build",
            "--quiet",
            "--release",
            "-p",
            "cudart-trace",
            "--manifest-path",
        ])
        .arg(&manifest)
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .with_context(|| format!("cannot run {}", cargo.to_string_lossy()))?;
    if !st.success() {
        bail!("building cudart-trace failed");
    }
    let lib = target.join("release").join("libcudart_trace.so");
    let dir = target.join("cudart-trace");
    std::fs::create_dir_all(&dir)?;
    let dst = dir.join("libcudart.so.13");
    let tmp = dir.join(format!(".libcudart.so.13.{}", std::process::id()));
    std::fs::copy(&lib, &tmp).with_context(|| format!("cannot copy {}", lib.display()))?;
    std::fs::rename(&tmp, &dst)?;
    Ok(dir)
}
