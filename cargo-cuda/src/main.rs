//! `cargo cuda`: build, check and compile CUDA sources with the cudafe-rs front end.

mod cargo_cmd;
mod compile;
mod diag;
mod doctor;
mod jobs;
mod run;
mod sources;
mod status;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Result;
use build_helper::toolkit::{self, Discovery, InstallOptions};
use clap::{Parser, Subcommand};

use crate::status::Status;

/// Cargo runs `cargo-cuda cuda ARGS...` for `cargo cuda ARGS...`.
#[derive(Parser)]
#[command(name = "cargo", bin_name = "cargo", version, styles = clap::builder::styling::Styles::styled())]
enum CargoCli {
    /// Build, check and compile CUDA sources with the cudafe-rs front end.
    #[command(version)]
    Cuda(CudaArgs),
}

#[derive(clap::Args)]
struct CudaArgs {
    /// Use the CUDA toolkit in DIR instead of searching for one.
    #[arg(long, global = true, value_name = "DIR")]
    toolkit: Option<PathBuf>,
    /// Print nothing but errors.
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Say more (`-vv`: more still; passed on to Cargo).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// `cargo build` with a CUDA toolkit in place (installing the reference one if none is
    /// found). A plain `cargo build` afterwards makes the same artifacts.
    Build(cargo_cmd::BuildArgs),
    /// Compile `.cu` files and directories of them (gitignore-aware) into objects, a static
    /// library, PTX or fat binaries, with the cudafe-rs front end, in parallel.
    Compile(compile::CompileArgs),
    /// Check `.cu` files with the front end only (host preprocessing and cudafe-rs): the
    /// diagnostics, in seconds. Without paths: the `.cu` files of the workspace's packages.
    Check(compile::CheckArgs),
    /// `cargo clean`, and `cargo cuda compile` output directories (`--out-dir`).
    Clean(cargo_cmd::CleanArgs),
    /// Say which CUDA toolkit is used and why, each tool's version, and the host compiler.
    Doctor,
    /// Build and run a package's binary (like `cargo run`), installing the CUDA toolkit if
    /// none is found; without a GPU, run it under the tracing runtime, which shows each
    /// kernel launch instead of running it.
    Run(run::RunArgs),
    /// Manage the CUDA toolkit.
    #[command(subcommand)]
    Toolkit(ToolkitCommand),
}

#[derive(Subcommand)]
enum ToolkitCommand {
    /// Install the CUDA 13.0.88 reference toolkit from its PyPI wheels into the cudafe-rs
    /// cache, and print its directory. Does nothing when it is already installed.
    Install {
        /// The cache directory (default: $CUDAFE_RS_CACHE, $XDG_CACHE_HOME/cudafe-rs or
        /// ~/.cache/cudafe-rs).
        #[arg(long, value_name = "DIR")]
        cache_dir: Option<PathBuf>,
        /// The Python interpreter whose pip installs the wheels (default: python3).
        #[arg(long, value_name = "PATH")]
        python: Option<PathBuf>,
        /// Install from already-downloaded wheels in DIR instead of the package index.
        #[arg(long, value_name = "DIR")]
        wheels: Option<PathBuf>,
        /// Reinstall even if a complete install is present.
        #[arg(long)]
        force: bool,
    },
    /// Print the directory of the toolkit that would be used.
    Path,
}

fn main() -> ExitCode {
    // Before anything opens a file: the jobserver descriptors Make or Cargo passed down.
    let inherited = jobs::inherited_client();
    let CargoCli::Cuda(args) = CargoCli::parse();
    let status = Status::new(args.quiet);
    match run(args, inherited, &status) {
        Ok(code) => code,
        Err(e) => {
            status.error(&format!("{e:#}"));
            ExitCode::FAILURE
        }
    }
}

fn discovery(args: &CudaArgs) -> Discovery<'static> {
    match &args.toolkit {
        Some(dir) => Discovery::new().explicit(dir.clone()),
        None => Discovery::new(),
    }
}

fn run(args: CudaArgs, inherited: Option<jobserver::Client>, status: &Status) -> Result<ExitCode> {
    match &args.command {
        Command::Build(b) => cargo_cmd::build(
            b,
            &discovery(&args),
            args.toolkit.as_deref(),
            status,
            args.verbose,
            args.quiet,
        ),
        Command::Clean(c) => cargo_cmd::clean(c, status, args.verbose, args.quiet),
        Command::Compile(c) => {
            let tk = run::ensure_toolkit(&discovery(&args), status)?;
            let jobs = jobs::Jobs::new(c.opts.jobs, inherited)?;
            compile::compile(c, tk, &jobs, status, args.verbose)
        }
        Command::Check(c) => {
            let tk = run::ensure_toolkit(&discovery(&args), status)?;
            let jobs = jobs::Jobs::new(c.opts.jobs, inherited)?;
            compile::check(c, tk, &jobs, status, args.verbose)
        }
        Command::Doctor => doctor::run(&discovery(&args), status),
        Command::Run(run_args) => run::run(run_args, &discovery(&args), status),
        Command::Toolkit(ToolkitCommand::Path) => {
            let tk = discovery(&args).discover()?;
            println!("{}", tk.root.display());
            Ok(ExitCode::SUCCESS)
        }
        Command::Toolkit(ToolkitCommand::Install {
            cache_dir,
            python,
            wheels,
            force,
        }) => {
            let opts = InstallOptions {
                cache_dir: cache_dir.clone(),
                python: python.clone(),
                wheels_dir: wheels.clone(),
                force: *force,
            };
            let pins = toolkit::REFERENCE_WHEELS
                .iter()
                .map(|(n, v)| format!("{n}=={v}"))
                .collect::<Vec<_>>()
                .join(", ");
            if !*force && toolkit::installed_reference(cache_dir.as_deref()).is_none() {
                status.line(
                    "Installing",
                    &format!("CUDA {} ({pins})", toolkit::REFERENCE_VERSION),
                );
            }
            let installed = toolkit::install(&opts)?;
            if installed.newly_installed {
                status.line("Installed", &installed.toolkit.root.display().to_string());
            } else {
                status.line(
                    "Fresh",
                    &format!("CUDA {} already installed", installed.toolkit.version),
                );
            }
            println!("{}", installed.toolkit.root.display());
            Ok(ExitCode::SUCCESS)
        }
    }
}
