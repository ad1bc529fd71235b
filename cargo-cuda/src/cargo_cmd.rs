//! `cargo cuda build` and `cargo cuda clean`: Cargo's own commands, with a toolkit in place.
//!
//! `build` makes sure a toolkit is found — installing the reference one into the cache when
//! none is — and then runs `cargo build` with the flags given. It sets no environment
//! variable of its own unless `--toolkit DIR` is given (then `CUDA_HOME=DIR`): the build
//! scripts (`build_helper::Build`) find the toolkit with the same discovery, so a plain
//! `cargo build` afterwards sees the same environment, finds the same toolkit and makes
//! the same artifacts, without re-running a build script.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{Context, Result};
use build_helper::toolkit::Discovery;

use crate::compile::OUT_DIR_MARKER;
use crate::status::Status;

/// The Cargo flags passed through.
#[derive(clap::Args, Debug, Default)]
pub struct CargoFlags {
    /// Package(s) to build (`cargo -p`).
    #[arg(short, long = "package", value_name = "SPEC")]
    pub package: Vec<String>,
    /// All packages in the workspace.
    #[arg(long)]
    pub workspace: bool,
    /// Path to Cargo.toml.
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    /// The release profile.
    #[arg(short, long)]
    pub release: bool,
    /// A named profile.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// The target directory.
    #[arg(long, value_name = "DIR")]
    pub target_dir: Option<PathBuf>,
    /// The target triple.
    #[arg(long, value_name = "TRIPLE")]
    pub target: Option<String>,
}

#[derive(clap::Args, Debug)]
pub struct BuildArgs {
    #[command(flatten)]
    pub cargo: CargoFlags,
    /// Features to activate.
    #[arg(short = 'F', long, value_name = "FEATURES")]
    pub features: Vec<String>,
    /// All features.
    #[arg(long)]
    pub all_features: bool,
    /// Not the default features.
    #[arg(long)]
    pub no_default_features: bool,
    /// Number of parallel jobs (Cargo's jobserver; the build scripts share it).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<String>,
    /// Cargo's `--message-format` (`human`, `short`, `json`, ...).
    #[arg(long, value_name = "FMT")]
    pub message_format: Vec<String>,
    /// More arguments for `cargo build`.
    #[arg(last = true, value_name = "ARGS")]
    pub args: Vec<OsString>,
}

#[derive(clap::Args, Debug)]
pub struct CleanArgs {
    #[command(flatten)]
    pub cargo: CargoFlags,
    /// Also remove a `cargo cuda compile --out-dir` directory (only one that `compile`
    /// made: it holds the marker file `.cargo-cuda-out`).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Vec<PathBuf>,
    /// Only remove the `--out-dir` directories, not Cargo's target directory.
    #[arg(long)]
    pub out_dir_only: bool,
}

fn cargo() -> Command {
    Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
}

fn add_common(cmd: &mut Command, f: &CargoFlags, verbose: u8, quiet: bool) {
    for p in &f.package {
        cmd.arg("-p").arg(p);
    }
    if f.workspace {
        cmd.arg("--workspace");
    }
    if let Some(m) = &f.manifest_path {
        cmd.arg("--manifest-path").arg(m);
    }
    if f.release {
        cmd.arg("--release");
    }
    if let Some(p) = &f.profile {
        cmd.arg("--profile").arg(p);
    }
    if let Some(t) = &f.target_dir {
        cmd.arg("--target-dir").arg(t);
    }
    if let Some(t) = &f.target {
        cmd.arg("--target").arg(t);
    }
    for _ in 0..verbose {
        cmd.arg("-v");
    }
    if quiet {
        cmd.arg("-q");
    }
}

/// The `cargo build` command `cargo cuda build` runs (without the toolkit setting).
pub fn build_command(args: &BuildArgs, verbose: u8, quiet: bool) -> Command {
    let mut cmd = cargo();
    cmd.arg("build");
    add_common(&mut cmd, &args.cargo, verbose, quiet);
    for f in &args.features {
        cmd.arg("--features").arg(f);
    }
    if args.all_features {
        cmd.arg("--all-features");
    }
    if args.no_default_features {
        cmd.arg("--no-default-features");
    }
    if let Some(j) = &args.jobs {
        cmd.arg("-j").arg(j);
    }
    for m in &args.message_format {
        cmd.arg("--message-format").arg(m);
    }
    cmd.args(&args.args);
    cmd
}

fn exit_code(st: std::process::ExitStatus) -> ExitCode {
    match st.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(c) => ExitCode::from(c.clamp(1, 255) as u8),
        None => ExitCode::FAILURE,
    }
}

fn describe(cmd: &Command) -> String {
    let mut words = vec![cmd.get_program().to_string_lossy().into_owned()];
    words.extend(cmd.get_args().map(|a| a.to_string_lossy().into_owned()));
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

pub fn build(
    args: &BuildArgs,
    discovery: &Discovery<'_>,
    explicit_toolkit: Option<&Path>,
    status: &Status,
    verbose: u8,
    quiet: bool,
) -> Result<ExitCode> {
    let tk = crate::run::ensure_toolkit(discovery, status)?;
    let mut cmd = build_command(args, verbose, quiet);
    if let Some(dir) = explicit_toolkit {
        cmd.env("CUDA_HOME", dir);
    }
    if verbose > 0 {
        status.line(
            "Toolkit",
            &format!("CUDA {} at {}", tk.version, tk.root.display()),
        );
        status.line("Running", &format!("`{}`", describe(&cmd)));
    }
    let st = cmd.status().context("cannot run cargo")?;
    Ok(exit_code(st))
}

pub fn clean(args: &CleanArgs, status: &Status, verbose: u8, quiet: bool) -> Result<ExitCode> {
    for dir in &args.out_dir {
        if !dir.exists() {
            continue;
        }
        if !dir.join(OUT_DIR_MARKER).is_file() {
            anyhow::bail!(
                "{} was not made by `cargo cuda compile` (no {OUT_DIR_MARKER} in it); not removing it",
                dir.display()
            );
        }
        std::fs::remove_dir_all(dir).with_context(|| format!("cannot remove {}", dir.display()))?;
        status.line("Removed", &dir.display().to_string());
    }
    if args.out_dir_only {
        return Ok(ExitCode::SUCCESS);
    }
    let mut cmd = cargo();
    cmd.arg("clean");
    add_common(&mut cmd, &args.cargo, verbose, quiet);
    if verbose > 0 {
        status.line("Running", &format!("`{}`", describe(&cmd)));
    }
    let st = cmd.status().context("cannot run cargo")?;
    Ok(exit_code(st))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct T {
        #[command(flatten)]
        b: BuildArgs,
    }

    #[test]
    fn build_passes_cargo_flags_through() {
        let t = T::parse_from([
            "x",
            "-p",
            "saxpy",
            "--release",
            "--target-dir",
            "t",
            "-j",
            "3",
            "--message-format",
            "json",
            "--",
            "--locked",
        ]);
        let cmd = build_command(&t.b, 2, false);
        let args: Vec<_> = cmd
            .get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        assert_eq!(
            args,
            [
                "build",
                "-p",
                "saxpy",
                "--release",
                "--target-dir",
                "t",
                "-v",
                "-v",
                "-j",
                "3",
                "--message-format",
                "json",
                "--locked"
            ]
        );
    }
}
