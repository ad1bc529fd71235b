//! `cargo cuda compile` and `cargo cuda check`: directories of `.cu` files through the
//! cudafe-rs pipeline, file jobs in parallel under a jobserver.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use build_helper::pipeline::{Emit, Pipeline};
use build_helper::toolkit::Toolkit;

use crate::diag::{self, Message};
use crate::jobs::Jobs;
use crate::sources::{self, Source};
use crate::status::Status;

/// What `compile` makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EmitKind {
    /// One host object per file (`OUT/dir/foo.o`), with its fat binary.
    Obj,
    /// The objects (`OUT/obj/...`) archived into `OUT/lib<NAME>.a`; with `--rdc`, the
    /// device link object is archived too.
    Lib,
    /// PTX (`OUT/dir/foo.ptx`; `foo.compute_N.ptx` for several virtual architectures).
    Ptx,
    /// Fat binaries (`OUT/dir/foo.fatbin`).
    Fatbin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum MessageFormat {
    /// Diagnostics as the front end prints them, on stderr.
    #[default]
    Human,
    /// One JSON object per line on stdout (`compiler-message`, `compiler-artifact`,
    /// `build-finished`).
    Json,
}

/// The options of a CUDA compile, shared by `compile` and `check`.
#[derive(clap::Args, Debug)]
pub struct CudaOptions {
    /// GPU architectures in CMake syntax (`80;90a;120-virtual`, `all-major`); default `75`,
    /// nvcc's default (SASS and PTX for sm_75).
    #[arg(long, value_name = "CMAKE")]
    pub arch: Option<String>,
    /// Separate compilation (relocatable device code, nvcc's `-rdc=true`).
    #[arg(long)]
    pub rdc: bool,
    /// An include directory.
    #[arg(short = 'I', long = "include", value_name = "DIR")]
    pub include: Vec<PathBuf>,
    /// A macro definition.
    #[arg(short = 'D', long = "define", value_name = "NAME[=VALUE]")]
    pub define: Vec<String>,
    /// The C++ standard (`c++17`, `c++20`).
    #[arg(long, value_name = "STD")]
    pub std: Option<String>,
    /// `__device__` and `__host__ __device__` lambdas (nvcc's `--extended-lambda`).
    #[arg(long)]
    pub extended_lambda: bool,
    /// Calls of `constexpr` functions across execution spaces (nvcc's
    /// `--expt-relaxed-constexpr`).
    #[arg(long)]
    pub expt_relaxed_constexpr: bool,
    /// Fast, less precise device math (nvcc's `-use_fast_math`).
    #[arg(long)]
    pub use_fast_math: bool,
    /// An option for the front end (nvcc's `-Xcudafe`), such as `--diag_suppress=177`.
    #[arg(long = "Xcudafe", value_name = "OPTION", allow_hyphen_values = true)]
    pub xcudafe: Vec<String>,
    /// Number of parallel file jobs (default: the inherited jobserver's tokens, else the
    /// number of CPUs).
    #[arg(short, long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Keep going after a file fails.
    #[arg(long)]
    pub keep_going: bool,
    /// How diagnostics are printed.
    #[arg(long, value_enum, default_value_t = MessageFormat::Human)]
    pub message_format: MessageFormat,
}

#[derive(clap::Args, Debug)]
pub struct CompileArgs {
    /// `.cu` files, and directories searched for them (gitignore-aware).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// Where the outputs go.
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// What to make.
    #[arg(long, value_enum, default_value_t = EmitKind::Obj)]
    pub emit: EmitKind,
    /// The library name for `--emit lib` (default: the name of the one directory given,
    /// else `cuda`).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Keep every intermediate under DIR (per file, with the commands run).
    #[arg(long, value_name = "DIR")]
    pub keep: Option<PathBuf>,
    /// Fail when cicc instantiated kernels our front end did not find, instead of building
    /// with cicc's stub file (as nvcc does) for that file.
    #[arg(long)]
    pub strict_stub: bool,
    #[command(flatten)]
    pub opts: CudaOptions,
}

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// `.cu` files and directories (gitignore-aware); default: the packages of the Cargo
    /// workspace.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The workspace's Cargo.toml, when no path is given.
    #[arg(long, value_name = "PATH")]
    pub manifest_path: Option<PathBuf>,
    #[command(flatten)]
    pub opts: CudaOptions,
}

/// The marker `compile` leaves in its output directory, so that `clean` knows it may
/// remove it.
pub const OUT_DIR_MARKER: &str = ".cargo-cuda-out";

fn pipeline(tk: Toolkit, o: &CudaOptions) -> Result<Pipeline> {
    let mut p = Pipeline::new(tk)?;
    p.archs(o.arch.as_deref().unwrap_or("75"))?;
    p.rdc(o.rdc);
    p.extended_lambda(o.extended_lambda)
        .relaxed_constexpr(o.expt_relaxed_constexpr)
        .fast_math(o.use_fast_math);
    for f in &o.xcudafe {
        p.front_end_flag(f);
    }
    if let Some(s) = &o.std {
        p.std(s);
    }
    for i in &o.include {
        p.include(i);
    }
    for d in &o.define {
        match d.split_once('=') {
            Some((n, v)) => p.define(n, Some(v)),
            None => p.define(d, None),
        };
    }
    Ok(p)
}

/// Prints what a job found, in the chosen format. Output of jobs finishing together is
/// not interleaved.
struct Reporter<'a> {
    status: &'a Status,
    format: MessageFormat,
    verbose: u8,
    lock: Mutex<()>,
}

impl Reporter<'_> {
    /// Diagnostics text from the front end or a tool, about `source`.
    fn diagnostics(&self, source: &str, text: &str) {
        if text.trim().is_empty() {
            return;
        }
        let _g = self.lock.lock().unwrap();
        match self.format {
            MessageFormat::Human => {
                if !self.status.quiet() {
                    let mut err = std::io::stderr().lock();
                    let _ = err.write_all(text.as_bytes());
                    if !text.ends_with('\n') {
                        let _ = writeln!(err);
                    }
                }
            }
            MessageFormat::Json => {
                let mut out = std::io::stdout().lock();
                let mut msgs = diag::parse(text);
                if msgs.is_empty() {
                    msgs.push(Message::plain("warning", text.trim_end()));
                }
                for m in msgs {
                    let _ = writeln!(out, "{}", diag::json_message(source, &m));
                }
            }
        }
    }

    /// A failure: the diagnostics and an `error: could not compile` line.
    fn failure(&self, source: &str, what: &str, text: &str) {
        let msgs = diag::parse(text);
        let errors = msgs.iter().filter(|m| m.is_error()).count();
        let _g = self.lock.lock().unwrap();
        match self.format {
            MessageFormat::Human => {
                let mut err = std::io::stderr().lock();
                if errors > 0 {
                    let _ = err.write_all(text.as_bytes());
                    if !text.ends_with('\n') {
                        let _ = writeln!(err);
                    }
                    drop(err);
                    let s = if errors == 1 { "" } else { "s" };
                    self.status.error(&format!(
                        "could not {what} `{source}` due to {errors} previous error{s}"
                    ));
                } else {
                    drop(err);
                    self.status
                        .error(&format!("could not {what} `{source}`: {}", text.trim_end()));
                }
            }
            MessageFormat::Json => {
                let mut out = std::io::stdout().lock();
                let msgs = if errors > 0 {
                    msgs
                } else {
                    vec![Message::plain("error", text.trim_end())]
                };
                for m in msgs {
                    let _ = writeln!(out, "{}", diag::json_message(source, &m));
                }
            }
        }
    }

    fn json(&self, value: serde_json::Value) {
        if self.format == MessageFormat::Json {
            let _g = self.lock.lock().unwrap();
            let _ = writeln!(std::io::stdout().lock(), "{value}");
        }
    }

    fn line(&self, verb: &str, msg: &str) {
        let _g = self.lock.lock().unwrap();
        self.status.line(verb, msg);
    }

    fn verbose(&self, verb: &str, msg: &str) {
        if self.verbose > 0 {
            self.line(verb, msg);
        }
    }
}

/// The diagnostics in a pipeline error: the front end's text after its first line, or
/// the whole message.
fn error_text(e: &anyhow::Error) -> String {
    let text = format!("{e:#}");
    match text.split_once('\n') {
        Some((first, rest)) if first.contains("the CUDA front end failed") => rest.to_string(),
        _ => text,
    }
}

fn with_ext(rel: &Path, ext: &str) -> PathBuf {
    rel.with_extension(ext)
}

fn elapsed(start: Instant) -> String {
    format!("{:.2}s", start.elapsed().as_secs_f64())
}

fn finished(r: &Reporter<'_>, ok: bool) {
    r.json(serde_json::json!({"reason": "build-finished", "success": ok}));
}

pub fn compile(
    args: &CompileArgs,
    tk: Toolkit,
    jobs: &Jobs,
    status: &Status,
    verbose: u8,
) -> Result<ExitCode> {
    let start = Instant::now();
    let o = &args.opts;
    let mut p = pipeline(tk, o)?;
    p.strict_stub(args.strict_stub);
    let found = sources::discover(&args.paths, std::slice::from_ref(&args.out_dir), false)?;
    if found.is_empty() {
        bail!(
            "no .cu files found under {}",
            args.paths
                .iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let out = &args.out_dir;
    std::fs::create_dir_all(out).with_context(|| format!("cannot create {}", out.display()))?;
    std::fs::write(
        out.join(OUT_DIR_MARKER),
        "Made by `cargo cuda compile`; `cargo cuda clean --out-dir` removes this directory.\n",
    )?;
    let (emit, ext, sub) = match args.emit {
        EmitKind::Obj => (Emit::Object, "o", None),
        EmitKind::Lib => (Emit::Object, "o", Some("obj")),
        EmitKind::Ptx => (Emit::Ptx, "ptx", None),
        EmitKind::Fatbin => (Emit::Fatbin, "fatbin", None),
    };
    let base = match sub {
        Some(s) => out.join(s),
        None => out.clone(),
    };
    // Deterministic output names: the source's path under the directory given.
    let mut jobs_list: Vec<(Source, PathBuf)> = Vec::new();
    for s in found {
        let dst = base.join(with_ext(&s.rel, ext));
        if let Some((other, _)) = jobs_list.iter().find(|(_, d)| *d == dst) {
            bail!(
                "{} and {} would both be compiled into {}; compile them separately",
                other.path.display(),
                s.path.display(),
                dst.display()
            );
        }
        jobs_list.push((s, dst));
    }
    if args.emit == EmitKind::Lib {
        let mut names: Vec<_> = jobs_list
            .iter()
            .map(|(_, d)| d.file_name().unwrap_or_default().to_owned())
            .collect();
        names.sort();
        if let Some(w) = names.windows(2).find(|w| w[0] == w[1]) {
            bail!(
                "two sources make objects named {}, which one archive cannot hold; \
                 rename one, or use --emit obj",
                w[0].to_string_lossy()
            );
        }
    }
    let reporter = Reporter {
        status,
        format: o.message_format,
        verbose,
        lock: Mutex::new(()),
    };
    reporter.verbose(
        "Using",
        &format!(
            "{} job{} ({}), architectures {}",
            jobs.max(),
            if jobs.max() == 1 { "" } else { "s" },
            if jobs.inherited {
                "inherited jobserver"
            } else {
                "local jobserver"
            },
            o.arch.as_deref().unwrap_or("75")
        ),
    );
    let results = jobs.run(&jobs_list, o.keep_going, |(s, dst)| {
        let name = s.path.display().to_string();
        reporter.line("Compiling", &name);
        let t = Instant::now();
        let mut pj = p.clone();
        if let Some(k) = &args.keep {
            pj.keep(k.join(s.rel.parent().unwrap_or(Path::new(""))));
        }
        match pj.emit(&s.path, emit, dst) {
            Ok(e) => {
                reporter.diagnostics(&name, &e.warnings);
                if !e.stub_from_cicc.is_empty() {
                    reporter.verbose(
                        "Note",
                        &format!(
                            "{name}: {} kernel(s) instantiated inside templates come from cicc's stub file",
                            e.stub_from_cicc.len()
                        ),
                    );
                }
                reporter.verbose(
                    "Compiled",
                    &format!(
                        "{name} in {} ({} kernel{})",
                        elapsed(t),
                        e.kernels.len(),
                        if e.kernels.len() == 1 { "" } else { "s" }
                    ),
                );
                reporter.json(serde_json::json!({
                    "reason": "compiler-artifact",
                    "source": name,
                    "filenames": e.files,
                    "kernels": e.kernels,
                    "kernels_from_cicc_stub": e.stub_from_cicc,
                    "module_id": e.module_id,
                }));
                (Some(e.files), true)
            }
            Err(err) => {
                reporter.failure(&name, "compile", &error_text(&err));
                (None, false)
            }
        }
    });
    let ok = results.iter().all(|r| matches!(r, Some(Some(_))));
    if !ok {
        finished(&reporter, false);
        return Ok(ExitCode::FAILURE);
    }
    let mut outputs: Vec<PathBuf> = results.into_iter().flatten().flatten().flatten().collect();
    let n = jobs_list.len();
    if args.emit == EmitKind::Lib {
        let name = args
            .name
            .clone()
            .unwrap_or_else(|| default_name(&args.paths));
        if p.current_archs().targets.is_empty() {
            bail!("no architecture");
        }
        if o.rdc {
            let dlink = base.join(format!("{name}.dlink.o"));
            reporter.line("Linking", &format!("device code of {name}"));
            p.device_link(&outputs, &dlink)?;
            outputs.push(dlink);
        }
        let lib = out.join(format!("lib{name}.a"));
        reporter.line("Archiving", &lib.display().to_string());
        p.archive(&outputs, &lib)?;
        reporter.json(serde_json::json!({
            "reason": "compiler-artifact",
            "source": null,
            "filenames": [lib],
        }));
    }
    let what = match args.emit {
        EmitKind::Obj => "objects",
        EmitKind::Lib => "static library",
        EmitKind::Ptx => "PTX",
        EmitKind::Fatbin => "fat binaries",
    };
    reporter.line(
        "Finished",
        &format!(
            "{what} for {n} file{} into {} in {}",
            if n == 1 { "" } else { "s" },
            out.display(),
            elapsed(start)
        ),
    );
    finished(&reporter, true);
    Ok(ExitCode::SUCCESS)
}

/// The library name: the one directory's name as a C identifier, else `cuda`.
fn default_name(paths: &[PathBuf]) -> String {
    let name = match paths {
        [one] if one.is_dir() => one
            .canonicalize()
            .ok()
            .and_then(|c| c.file_name().map(|n| n.to_string_lossy().into_owned())),
        _ => None,
    };
    let name: String = name
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    if name.is_empty() { "cuda".into() } else { name }
}

pub fn check(
    args: &CheckArgs,
    tk: Toolkit,
    jobs: &Jobs,
    status: &Status,
    verbose: u8,
) -> Result<ExitCode> {
    let start = Instant::now();
    let o = &args.opts;
    let p = pipeline(tk, o)?;
    let found = if args.paths.is_empty() {
        let (dirs, target) = sources::workspace_dirs(args.manifest_path.as_deref())?;
        let cwd = std::env::current_dir()?;
        // Names relative to the current directory when they are below it.
        let dirs: Vec<PathBuf> = dirs
            .into_iter()
            .map(|d| match d.strip_prefix(&cwd) {
                Ok(r) if r.as_os_str().is_empty() => PathBuf::from("."),
                Ok(r) => r.to_path_buf(),
                Err(_) => d,
            })
            .collect();
        let mut found = sources::discover(&dirs, &[target], true)?;
        for s in &mut found {
            if let Ok(r) = s.path.strip_prefix(".") {
                s.path = r.to_path_buf();
            }
        }
        found
    } else {
        sources::discover(&args.paths, &[], false)?
    };
    let reporter = Reporter {
        status,
        format: o.message_format,
        verbose,
        lock: Mutex::new(()),
    };
    if found.is_empty() {
        reporter.line("Finished", "no .cu files to check");
        finished(&reporter, true);
        return Ok(ExitCode::SUCCESS);
    }
    let results = jobs.run(&found, o.keep_going, |s| {
        let name = s.path.display().to_string();
        reporter.line("Checking", &name);
        match p.check(&s.path) {
            Ok(c) if c.ok => {
                reporter.diagnostics(&name, &c.diagnostics);
                (true, true)
            }
            Ok(c) => {
                reporter.failure(&name, "check", &c.diagnostics);
                (false, false)
            }
            Err(e) => {
                reporter.failure(&name, "check", &format!("{e:#}"));
                (false, false)
            }
        }
    });
    // Files not checked after a failure count as failures.
    let ok = results.iter().all(|r| *r == Some(true));
    let n = found.len();
    if ok {
        reporter.line(
            "Finished",
            &format!(
                "checked {n} file{} in {}",
                if n == 1 { "" } else { "s" },
                elapsed(start)
            ),
        );
    }
    finished(&reporter, ok);
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
