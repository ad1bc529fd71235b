//! The build.rs API: compile `.cu` files into a static library Cargo links (or into cubins,
//! PTX or fat binaries a program loads).
//!
//! ```no_run
//! // build.rs
//! build_helper::Build::new()
//!     .file("kernels/saxpy.cu")
//!     .dir("kernels/more")            // every .cu file below, .gitignore respected
//!     .include("kernels/include")
//!     .define("USE_FAST_PATH", None)
//!     .archs("80;90a;120-virtual")
//!     .compile("kernels");
//! ```
//!
//! Each file goes through the pipeline around the cudafe-rs front end
//! ([`crate::pipeline`]): host preprocessing, our front end in-process, the toolkit's cicc,
//! ptxas and fatbinary, and the host compile with the compiler the `cc` crate picks. What
//! this adds around it:
//!
//! - **parallelism**: the files are compiled at once, every child process (and every
//!   front-end run) under one token of Cargo's jobserver (or of a local one with as many
//!   jobs as CPUs outside Cargo); outputs do not depend on the number of jobs;
//! - **a content-keyed cache** in `OUT_DIR`: a file whose source, user headers and options
//!   are unchanged is not compiled again (no tool runs at all), and an unchanged library
//!   is not archived again;
//! - **exact `cargo:` lines**: `rerun-if-changed` for every source, every directory given
//!   to [`Build::dir`] and every header outside the toolkit and the system directories
//!   that the preprocessor read (from the line markers the front end reads);
//!   `rerun-if-env-changed` for every variable read; the link lines;
//! - **diagnostics** that name the user's `.cu` file and line (`cargo:warning=` lines for
//!   warnings; the build fails with the errors);
//! - **the profile**: a Cargo profile with debug information gives device code line
//!   information (`-lineinfo`), never `-G` unless [`Build::device_debug`] asks.
//!
//! The toolkit's nvcc can still do the compiling ([`Build::nvcc`]), one file after the
//! other, without the cache; [`Build::flag`] options are for it only.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

use anyhow::{Context, Result, bail};

use crate::pipeline::cache::{self, Cache, KeyHasher, Meta};
use crate::pipeline::{self, DeviceDebug, Jobs, Pipeline};
use crate::toolkit::{Discovery, Toolkit};

/// How the CUDA runtime is linked.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Cudart {
    /// `libcudart.so` (the default for a static library: programs can then run under the
    /// tracing runtime).
    #[default]
    Shared,
    /// `libcudart_static.a`.
    Static,
    /// Not linked (driver-API users, or a library that leaves it to its users; the default
    /// for cubin, PTX and fat-binary outputs).
    None,
}

/// What [`Build::compile`] makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Emit {
    /// Host objects with their fat binaries embedded, archived into `lib{name}.a`, which
    /// Cargo links (the default).
    #[default]
    StaticLib,
    /// One cubin per file and real architecture: `$OUT_DIR/cudafe-rs/{name}/{stem}.sm_90.cubin`.
    Cubin,
    /// One PTX file per file and virtual architecture:
    /// `$OUT_DIR/cudafe-rs/{name}/{stem}.compute_90.ptx`.
    Ptx,
    /// One fat binary per file: `$OUT_DIR/cudafe-rs/{name}/{stem}.fatbin`.
    Fatbin,
}

/// What one file of a build came to.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The source, as given.
    pub source: PathBuf,
    /// The outputs: the object, or the cubins, PTX files or fat binary.
    pub outputs: Vec<PathBuf>,
    /// Taken from the cache: no tool ran for it.
    pub cached: bool,
    /// The commands the pipeline ran for it (`commands.sh` of its work directory; empty
    /// when cached).
    pub commands: Vec<String>,
    /// The user files it was made of: the source and its headers outside the toolkit and the
    /// system directories (canonical paths, sorted).
    pub dependencies: Vec<PathBuf>,
    pub kernels: BTreeSet<String>,
    /// Kernels our front end did not find (instantiated deep inside templates): the object
    /// was built with cicc's stub file ([`pipeline::CompiledFile::stub_from_cicc`]).
    pub stub_from_cicc: BTreeSet<String>,
    pub warnings: String,
}

/// What [`Build::try_compile`] did.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// The static library ([`Emit::StaticLib`]).
    pub library: Option<PathBuf>,
    /// Whether the library was (re)archived, or left as it was.
    pub archived: bool,
    /// The files, in the order compiled into the library (sorted by path).
    pub files: Vec<FileReport>,
    /// Every `cargo:` line, in the order printed (whether or not they were printed).
    pub cargo_lines: Vec<String>,
    /// Where the tokens came from.
    pub jobs: String,
}

/// A set of `.cu` files compiled into one static library (or into device images).
#[derive(Debug, Clone, Default)]
pub struct Build {
    files: Vec<PathBuf>,
    dirs: Vec<PathBuf>,
    include_dirs: Vec<PathBuf>,
    defines: Vec<(String, Option<String>)>,
    archs: Vec<String>,
    std: Option<String>,
    cudart: Option<Cudart>,
    emit: Emit,
    rdc: bool,
    debug: Option<bool>,
    device_debug: bool,
    toolkit: Option<PathBuf>,
    out_dir: Option<PathBuf>,
    keep: Option<PathBuf>,
    host_flags: Vec<String>,
    flags: Vec<String>,
    jobs: Option<usize>,
    no_cache: bool,
    cargo_metadata: bool,
    nvcc: bool,
    extended_lambda: bool,
    relaxed_constexpr: bool,
    fast_math: bool,
    front_end_flags: Vec<String>,
    strict_stub: bool,
}

/// The environment variables the `cc` crate reads to choose the host compiler and its
/// flags, for `target`.
fn cc_env_vars(target: Option<&str>) -> Vec<String> {
    let mut v = Vec::new();
    for base in ["CXX", "CXXFLAGS", "AR", "ARFLAGS", "CRATE_CC_NO_DEFAULTS"] {
        v.push(base.to_string());
        v.push(format!("TARGET_{base}"));
        v.push(format!("HOST_{base}"));
        if let Some(t) = target {
            v.push(format!("{base}_{t}"));
            v.push(format!("{base}_{}", t.replace('-', "_")));
        }
    }
    // What the compiler itself reads (cc reports them too).
    for var in [
        "CC_ENABLE_DEBUG_OUTPUT",
        "COMPILER_PATH",
        "CPATH",
        "CPLUS_INCLUDE_PATH",
        "C_INCLUDE_PATH",
        "GCC_EXEC_PREFIX",
        "OBJCPLUS_INCLUDE_PATH",
        "OBJC_INCLUDE_PATH",
        "SOURCE_DATE_EPOCH",
    ] {
        v.push(var.to_string());
    }
    v
}

/// The variables this module reads itself.
const OWN_ENV_VARS: &[&str] = &["CUDAARCHS", "CUDAFE_RS_NO_CACHE"];

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

    /// Adds every `.cu` file under `dir`, skipping what `.gitignore`, `.ignore` and
    /// `.git/info/exclude` files leave out and hidden files (the `ignore` crate's rules). A
    /// file added under the directory later makes Cargo run the build script again.
    pub fn dir(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.dirs.push(dir.as_ref().to_path_buf());
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
    /// times: SASS for each, PTX for the last (as nvcc's `-arch` list does).
    pub fn arch(&mut self, arch: &str) -> &mut Build {
        let a = arch
            .trim_start_matches("sm_")
            .trim_start_matches("compute_");
        self.archs.push(a.to_string());
        self
    }

    /// The architectures in CMake's syntax: `"80;90a;120-virtual"`, `"all"`,
    /// `"all-major"` (replacing those given before). The `CUDAARCHS` environment variable,
    /// when set, wins over this (users cannot edit a dependency's build script). Default:
    /// `all-major` (SASS for each major architecture the toolkit supports, PTX for the
    /// newest); nothing probes for a GPU.
    pub fn archs(&mut self, spec: &str) -> &mut Build {
        self.archs = vec![format!("spec:{spec}")];
        self
    }

    /// The C++ standard (`"c++17"`, `"c++20"`).
    pub fn std(&mut self, std: &str) -> &mut Build {
        self.std = Some(std.trim_start_matches("-std=").to_string());
        self
    }

    /// What to make (default: a static library).
    pub fn emit(&mut self, emit: Emit) -> &mut Build {
        self.emit = emit;
        self
    }

    /// Separate compilation (`-rdc=true`): the objects are device-linked (with
    /// `cudadevrt`) into one more object of the library.
    pub fn rdc(&mut self, on: bool) -> &mut Build {
        self.rdc = on;
        self
    }

    /// How the CUDA runtime is linked (default: shared for a static library, not at all
    /// for device images).
    pub fn cudart(&mut self, cudart: Cudart) -> &mut Build {
        self.cudart = Some(cudart);
        self
    }

    /// Line information in device code (`-lineinfo`). Default: when Cargo's profile has
    /// debug information (`DEBUG`).
    pub fn debug(&mut self, on: bool) -> &mut Build {
        self.debug = Some(on);
        self
    }

    /// Full device debug information and unoptimized device code (nvcc's `-G`); only ever
    /// when asked.
    pub fn device_debug(&mut self, on: bool) -> &mut Build {
        self.device_debug = on;
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

    /// Keeps every intermediate under `dir/<object>/` with the commands run
    /// (`commands.sh`), as nvcc's `-keep` does. Otherwise the small ones are kept under
    /// `$OUT_DIR/cudafe-rs/work/` and the preprocessed units removed.
    pub fn keep(&mut self, dir: impl AsRef<Path>) -> &mut Build {
        self.keep = Some(dir.as_ref().to_path_buf());
        self
    }

    /// A flag for every host compiler run (besides those `cc` gives: `CXXFLAGS`, `-O`,
    /// `-g`, `-fPIC`).
    pub fn host_flag(&mut self, flag: &str) -> &mut Build {
        self.host_flags.push(flag.to_string());
        self
    }

    /// `__device__` and `__host__ __device__` lambdas (nvcc's `--extended-lambda`).
    pub fn extended_lambda(&mut self, on: bool) -> &mut Build {
        self.extended_lambda = on;
        self
    }

    /// Calls of `constexpr` functions across execution spaces (nvcc's
    /// `--expt-relaxed-constexpr`).
    pub fn relaxed_constexpr(&mut self, on: bool) -> &mut Build {
        self.relaxed_constexpr = on;
        self
    }

    /// Fast, less precise device math (nvcc's `-use_fast_math`).
    pub fn fast_math(&mut self, on: bool) -> &mut Build {
        self.fast_math = on;
        self
    }

    /// An option for the front end (nvcc's `-Xcudafe`), such as `--diag_suppress=177`.
    pub fn front_end_flag(&mut self, flag: &str) -> &mut Build {
        self.front_end_flags.push(flag.to_string());
        self
    }

    /// Makes kernels that cicc produced and our stub file lacks an error instead of a build
    /// with cicc's stub file ([`Pipeline::strict_stub`]).
    pub fn strict_stub(&mut self, on: bool) -> &mut Build {
        self.strict_stub = on;
        self
    }

    /// An extra nvcc option: with [`Build::nvcc`] only.
    pub fn flag(&mut self, flag: &str) -> &mut Build {
        self.flags.push(flag.to_string());
        self
    }

    /// At most `n` jobs at once, with a jobserver of its own (default: Cargo's jobserver in
    /// a build script, else as many jobs as CPUs).
    pub fn jobs(&mut self, n: usize) -> &mut Build {
        self.jobs = Some(n);
        self
    }

    /// Whether to use the cache in `OUT_DIR` (default: yes, unless `CUDAFE_RS_NO_CACHE`
    /// is set).
    pub fn cache(&mut self, on: bool) -> &mut Build {
        self.no_cache = !on;
        self
    }

    /// Compiles with the toolkit's own nvcc (and the real cudafe++) instead of the pipeline:
    /// one file after the other, no cache, no header list.
    pub fn nvcc(&mut self, on: bool) -> &mut Build {
        self.nvcc = on;
        self
    }

    /// The pipeline (the default) or nvcc: `cudafe_pipeline(false)` is `nvcc(true)`.
    pub fn cudafe_pipeline(&mut self, on: bool) -> &mut Build {
        self.nvcc = !on;
        self
    }

    /// Whether to print `cargo:` lines (default: yes). They are in the [`Report`] either
    /// way.
    pub fn cargo_metadata(&mut self, on: bool) -> &mut Build {
        self.cargo_metadata = on;
        self
    }

    /// Compiles (and archives into `lib{name}.a`); on failure prints the error and exits
    /// the build script with status 1, as a build script should.
    pub fn compile(&mut self, name: &str) {
        if let Err(e) = self.try_compile(name) {
            eprintln!("error: {e:#}");
            std::process::exit(1);
        }
    }

    /// Compiles (and archives into `lib{name}.a`).
    pub fn try_compile(&mut self, name: &str) -> Result<Report> {
        let mut out = Output {
            print: self.cargo_metadata,
            lines: Vec::new(),
        };
        let result = self.run(name, &mut out);
        match result {
            Ok(mut report) => {
                report.cargo_lines = out.lines;
                Ok(report)
            }
            Err(e) => Err(e),
        }
    }

    fn run(&self, name: &str, out: &mut Output) -> Result<Report> {
        if name.is_empty() || name.contains(['/', '\\']) {
            bail!("`{name}` is not a library name");
        }
        if !self.nvcc && !self.flags.is_empty() {
            bail!(
                "`Build::flag` options ({}) are nvcc options: use `host_flag`, or `nvcc(true)`",
                self.flags.join(" ")
            );
        }
        let target = std::env::var("TARGET").ok();
        // What is read, whatever happens next.
        for v in OWN_ENV_VARS {
            out.line(format!("rerun-if-env-changed={v}"));
        }
        if !self.nvcc {
            for v in cc_env_vars(target.as_deref()) {
                out.line(format!("rerun-if-env-changed={v}"));
            }
        }
        let files = self.sources(out)?;
        if files.is_empty() {
            bail!("no .cu files to compile");
        }
        let out_dir = match &self.out_dir {
            Some(d) => d.clone(),
            None => PathBuf::from(
                std::env::var_os("OUT_DIR")
                    .context("OUT_DIR is not set (not in a build script?)")?,
            ),
        };
        let cwd = std::env::current_dir().context("no current directory")?;
        let out_dir = cwd.join(out_dir);
        let toolkit = self.find_toolkit(out)?;
        if self.nvcc {
            return self.run_nvcc(name, &files, &out_dir, &toolkit, out);
        }

        let base = out_dir.join("cudafe-rs");
        let obj_dir = base.join(name);
        std::fs::create_dir_all(&obj_dir)
            .with_context(|| format!("cannot create {}", obj_dir.display()))?;
        let work_dir = match &self.keep {
            Some(k) => cwd.join(k),
            None => base.join("work").join(name),
        };
        let use_cache = !self.no_cache && std::env::var_os("CUDAFE_RS_NO_CACHE").is_none();
        let cache = Cache::new(base.join("cache"));
        let jobs = match self.jobs {
            Some(n) => Jobs::local(n)?,
            None => Jobs::from_env_or_default()?,
        };
        let arch_spec = self.arch_spec();
        let device_debug = if self.device_debug {
            DeviceDebug::Full
        } else if self.debug.unwrap_or_else(cargo_debug) {
            DeviceDebug::LineInfo
        } else {
            DeviceDebug::None
        };
        let base_key = self.base_key(&toolkit, &arch_spec, device_debug, &cwd, target.as_deref());

        // The pipeline is only made (which runs the host compiler and nvcc to ask what
        // they are) when a file must be compiled.
        let pipeline: std::sync::OnceLock<Result<Pipeline, String>> = std::sync::OnceLock::new();
        let get_pipeline = || {
            pipeline
                .get_or_init(|| {
                    self.make_pipeline(&toolkit, &arch_spec, device_debug, &work_dir, &jobs)
                        .map_err(|e| format!("{e:#}"))
                })
                .as_ref()
                .map_err(|e| anyhow::anyhow!("{e}"))
        };

        // Stable, distinct names: the stem, and a hash of the path when stems collide.
        let names = unique_names(&files);
        let results: Vec<Result<FileReport>> = std::thread::scope(|s| {
            let handles: Vec<_> = files
                .iter()
                .zip(&names)
                .map(|(file, stem)| {
                    let job = FileJob {
                        build: self,
                        source: file,
                        name: stem,
                        obj_dir: &obj_dir,
                        work_dir: &work_dir,
                        cwd: &cwd,
                        toolkit: &toolkit,
                        cache: use_cache.then_some(&cache),
                        base_key: &base_key,
                    };
                    let get = &get_pipeline;
                    s.spawn(move || job.run(get))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|_| Err(anyhow::anyhow!("a compile job panicked")))
                })
                .collect()
        });

        let mut reports = Vec::new();
        let mut errors = Vec::new();
        for (file, r) in files.iter().zip(results) {
            // Sources are inputs whether or not they compiled.
            out.line(format!("rerun-if-changed={}", file.display()));
            match r {
                Ok(r) => reports.push(r),
                Err(e) => errors.push(format!("{e:#}")),
            }
        }
        let mut headers = BTreeSet::new();
        for r in &reports {
            let src = std::fs::canonicalize(&r.source).unwrap_or_else(|_| cwd.join(&r.source));
            for d in &r.dependencies {
                if *d != src {
                    headers.insert(d.clone());
                }
            }
        }
        for h in &headers {
            out.line(format!("rerun-if-changed={}", h.display()));
        }
        for r in &reports {
            for l in r.warnings.lines().filter(|l| !l.trim().is_empty()) {
                out.line(format!("warning={l}"));
            }
        }
        if !errors.is_empty() {
            bail!("{}", errors.join("\n"));
        }

        let cached = reports.iter().filter(|r| r.cached).count();
        eprintln!(
            "cudafe-rs: {name}: {} files, {cached} from the cache; jobs: {}",
            reports.len(),
            jobs.source()
        );
        for r in &reports {
            if !r.stub_from_cicc.is_empty() {
                eprintln!(
                    "cudafe-rs: {}: {} kernel(s) instantiated inside templates came from cicc's stub file",
                    r.source.display(),
                    r.stub_from_cicc.len()
                );
            }
        }
        let mut report = Report {
            jobs: jobs.source().to_string(),
            files: reports,
            ..Report::default()
        };
        if self.emit != Emit::StaticLib {
            if let Some(c) = self.cudart.filter(|c| *c != Cudart::None) {
                self.link_cudart(c, &toolkit, out);
            }
            return Ok(report);
        }

        let mut objects: Vec<PathBuf> = report
            .files
            .iter()
            .flat_map(|f| f.outputs.iter().cloned())
            .collect();
        if self.rdc {
            let dlink = obj_dir.join(format!("{name}.dlink.o"));
            self.device_link(
                &objects,
                &dlink,
                &base_key,
                use_cache.then_some(&cache),
                &get_pipeline,
            )?;
            objects.push(dlink);
        }
        let lib = out_dir.join(format!("lib{name}.a"));
        report.archived =
            archive_if_changed(&objects, &lib, || get_pipeline()?.archive(&objects, &lib))?;
        report.library = Some(lib);

        out.line(format!("rustc-link-search=native={}", out_dir.display()));
        out.line(format!("rustc-link-lib=static={name}"));
        let cudart = self.cudart.unwrap_or(Cudart::Shared);
        if self.rdc && cudart != Cudart::None {
            out.line(format!(
                "rustc-link-search=native={}",
                toolkit.lib_dir().display()
            ));
            out.line("rustc-link-lib=static=cudadevrt".into());
        }
        self.link_cudart(cudart, &toolkit, out);
        out.line("rustc-link-lib=dylib=stdc++".into());
        Ok(report)
    }

    fn link_cudart(&self, cudart: Cudart, toolkit: &Toolkit, out: &mut Output) {
        let libdir = toolkit.lib_dir();
        match cudart {
            Cudart::Shared => {
                out.line(format!("rustc-link-search=native={}", libdir.display()));
                out.line("rustc-link-lib=dylib=cudart".into());
                out.line(format!("rustc-link-arg=-Wl,-rpath,{}", libdir.display()));
            }
            Cudart::Static => {
                out.line(format!("rustc-link-search=native={}", libdir.display()));
                out.line("rustc-link-lib=static=cudart_static".into());
                for l in ["rt", "pthread", "dl"] {
                    out.line(format!("rustc-link-lib=dylib={l}"));
                }
            }
            Cudart::None => {}
        }
    }

    /// The files, sorted by path without duplicates: those given, then those found under
    /// the directories.
    fn sources(&self, out: &mut Output) -> Result<Vec<PathBuf>> {
        let mut files: BTreeSet<PathBuf> = self.files.iter().cloned().collect();
        for dir in &self.dirs {
            out.line(format!("rerun-if-changed={}", dir.display()));
            let walk = ignore::WalkBuilder::new(dir)
                .require_git(false)
                .sort_by_file_path(|a, b| a.cmp(b))
                .build();
            for entry in walk {
                let entry = entry.with_context(|| format!("cannot read {}", dir.display()))?;
                let p = entry.path();
                if entry.file_type().is_some_and(|t| t.is_file())
                    && p.extension().is_some_and(|e| e == "cu")
                {
                    files.insert(p.to_path_buf());
                }
            }
        }
        Ok(files.into_iter().collect())
    }

    /// The architectures, in CMake syntax: `CUDAARCHS`, else those given, else `all-major`.
    fn arch_spec(&self) -> String {
        if let Some(v) = std::env::var("CUDAARCHS")
            .ok()
            .filter(|v| !v.trim().is_empty())
        {
            return v.trim().to_string();
        }
        if let Some(spec) = self.archs.first().and_then(|a| a.strip_prefix("spec:")) {
            return spec.to_string();
        }
        // As with nvcc's list: SASS for each, PTX for the last one.
        match self.archs.split_last() {
            None => "all-major".to_string(),
            Some((last, rest)) => rest
                .iter()
                .map(|a| format!("{a}-real"))
                .chain(std::iter::once(last.clone()))
                .collect::<Vec<_>>()
                .join(";"),
        }
    }

    /// Everything but the source that decides a file's outputs, without running a tool:
    /// the options, the toolkit, and what the `cc` crate decides the host compiler from.
    fn base_key(
        &self,
        toolkit: &Toolkit,
        arch_spec: &str,
        debug: DeviceDebug,
        cwd: &Path,
        target: Option<&str>,
    ) -> KeyHasher {
        let mut h = KeyHasher::default();
        h.field("build-helper cache 1")
            .field(env!("CARGO_PKG_VERSION"))
            .field(cwd.as_os_str().as_encoded_bytes())
            .field(toolkit.root.as_os_str().as_encoded_bytes())
            .field(format!("{:?}", toolkit.version))
            .field(arch_spec)
            .field(format!(
                "{:?}",
                (
                    self.emit,
                    self.rdc,
                    debug,
                    &self.std,
                    &self.include_dirs,
                    &self.defines,
                    &self.host_flags,
                    (
                        self.extended_lambda,
                        self.relaxed_constexpr,
                        self.fast_math,
                        &self.front_end_flags,
                        self.strict_stub
                    )
                )
            ));
        // The host compiler: as cc chooses it, from the environment and the profile.
        let mut vars = cc_env_vars(target);
        vars.extend(["TARGET", "HOST", "OPT_LEVEL", "DEBUG", "PROFILE", "PATH"].map(String::from));
        for v in vars {
            h.field(&v);
            h.field(std::env::var_os(&v).unwrap_or_default().as_encoded_bytes());
        }
        for compiler in ["c++", "g++"] {
            if let Some(p) = find_on_path(compiler)
                && let Ok(m) = std::fs::metadata(&p)
            {
                h.field(format!(
                    "{} {:?} {}",
                    p.display(),
                    m.modified().ok(),
                    m.len()
                ));
            }
        }
        h
    }

    fn make_pipeline(
        &self,
        toolkit: &Toolkit,
        arch_spec: &str,
        debug: DeviceDebug,
        work_dir: &Path,
        jobs: &Jobs,
    ) -> Result<Pipeline> {
        let mut p = Pipeline::new(toolkit.clone())?;
        p.archs(arch_spec)?;
        if let Some(std) = &self.std {
            p.std(std);
        }
        for d in &self.include_dirs {
            p.include(d);
        }
        for (n, v) in &self.defines {
            p.define(n, v.as_deref());
        }
        p.host_flag("-fPIC");
        for f in &self.host_flags {
            p.host_flag(f);
        }
        for f in &self.front_end_flags {
            p.front_end_flag(f);
        }
        p.rdc(self.rdc)
            .extended_lambda(self.extended_lambda)
            .relaxed_constexpr(self.relaxed_constexpr)
            .fast_math(self.fast_math)
            .strict_stub(self.strict_stub)
            .device_debug(debug)
            .reproducible(true)
            .keep(work_dir)
            .jobs(jobs.clone());
        Ok(p)
    }

    fn find_toolkit(&self, out: &mut Output) -> Result<Toolkit> {
        let read = Mutex::new(Vec::new());
        let discovery = Discovery::new().env(|name| {
            read.lock()
                .unwrap_or_else(|e| e.into_inner())
                .push(name.to_string());
            std::env::var_os(name)
        });
        let discovery = match &self.toolkit {
            Some(dir) => discovery.explicit(dir.clone()),
            None => discovery,
        };
        let found = discovery.discover();
        drop(discovery);
        for name in read.into_inner().unwrap_or_default() {
            out.line(format!("rerun-if-env-changed={name}"));
        }
        Ok(found?)
    }

    fn device_link<'p>(
        &self,
        objects: &[PathBuf],
        dlink: &Path,
        base_key: &KeyHasher,
        cache: Option<&Cache>,
        get_pipeline: &dyn Fn() -> Result<&'p Pipeline>,
    ) -> Result<()> {
        let mut key = base_key.clone();
        key.field("device link");
        for o in objects {
            key.field(cache::hash_file(o).unwrap_or_default());
        }
        let key = key.finish_hex();
        if let Some(hit) = cache.and_then(|c| c.lookup(&key)) {
            std::fs::copy(&hit.files[0], dlink)?;
            return Ok(());
        }
        get_pipeline()?.device_link(objects, dlink)?;
        if let Some(c) = cache {
            let meta = Meta {
                outputs: vec!["dlink".into()],
                ..Meta::default()
            };
            c.store(&key, &meta, &[dlink.to_path_buf()])?;
        }
        Ok(())
    }

    fn run_nvcc(
        &self,
        name: &str,
        files: &[PathBuf],
        out_dir: &Path,
        toolkit: &Toolkit,
        out: &mut Output,
    ) -> Result<Report> {
        if self.emit != Emit::StaticLib {
            bail!("with nvcc, only a static library can be made");
        }
        std::fs::create_dir_all(out_dir)?;
        let mut report = Report::default();
        let names = unique_names(files);
        let mut objects = Vec::new();
        for (file, stem) in files.iter().zip(&names) {
            out.line(format!("rerun-if-changed={}", file.display()));
            let obj = out_dir.join(format!("{stem}.o"));
            let warnings = self.nvcc_one(toolkit, file, &obj)?;
            for l in warnings.lines().filter(|l| !l.trim().is_empty()) {
                out.line(format!("warning={l}"));
            }
            report.files.push(FileReport {
                source: file.clone(),
                outputs: vec![obj.clone()],
                cached: false,
                commands: vec!["nvcc".into()],
                dependencies: Vec::new(),
                kernels: BTreeSet::new(),
                stub_from_cicc: BTreeSet::new(),
                warnings,
            });
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
        report.library = Some(lib);
        report.archived = true;
        out.line(format!("rustc-link-search=native={}", out_dir.display()));
        out.line(format!("rustc-link-lib=static={name}"));
        self.link_cudart(self.cudart.unwrap_or_default(), toolkit, out);
        out.line("rustc-link-lib=dylib=stdc++".into());
        Ok(report)
    }

    fn nvcc_one(&self, toolkit: &Toolkit, file: &Path, obj: &Path) -> Result<String> {
        let mut cmd = Command::new(toolkit.nvcc());
        cmd.arg("-c").arg("-Xcompiler").arg("-fPIC");
        if self.extended_lambda {
            cmd.arg("--extended-lambda");
        }
        if self.relaxed_constexpr {
            cmd.arg("--expt-relaxed-constexpr");
        }
        if self.fast_math {
            cmd.arg("-use_fast_math");
        }
        for f in &self.front_end_flags {
            cmd.arg("-Xcudafe").arg(f);
        }
        if self.archs.first().is_some_and(|a| a.starts_with("spec:")) {
            bail!("with nvcc, give architectures with `arch`");
        }
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
        if self.rdc {
            cmd.arg("-rdc=true");
        }
        if self.device_debug {
            cmd.arg("-G");
        } else if self.debug.unwrap_or_else(cargo_debug) {
            cmd.arg("-lineinfo");
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
        for f in &self.host_flags {
            cmd.arg("-Xcompiler").arg(f);
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
        Ok(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Where the `cargo:` lines go.
struct Output {
    print: bool,
    lines: Vec<String>,
}

impl Output {
    fn line(&mut self, l: String) {
        if !l.starts_with("warning=") && self.lines.contains(&l) {
            return;
        }
        if self.print {
            println!("cargo:{l}");
        }
        self.lines.push(l);
    }
}

/// Whether Cargo's profile has debug information (`DEBUG`, which Cargo sets for build
/// scripts: `true`/`false`, or the level).
fn cargo_debug() -> bool {
    match std::env::var("DEBUG") {
        Ok(v) => !matches!(v.as_str(), "" | "0" | "false" | "none"),
        Err(_) => false,
    }
}

fn find_on_path(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

/// The stem of each file, with a hash of its path where two files share a stem.
fn unique_names(files: &[PathBuf]) -> Vec<String> {
    let stems: Vec<String> = files
        .iter()
        .map(|f| {
            f.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "file".into())
        })
        .collect();
    stems
        .iter()
        .zip(files)
        .map(|(s, f)| {
            if stems.iter().filter(|t| *t == s).count() > 1 {
                let mut h = KeyHasher::default();
                h.field(f.as_os_str().as_encoded_bytes());
                format!("{s}-{}", &h.finish_hex()[..8])
            } else {
                s.clone()
            }
        })
        .collect()
}

/// Archives `objects` into `lib` unless it was made from exactly these objects already
/// (their names and contents, recorded next to it). Returns whether it archived.
fn archive_if_changed(
    objects: &[PathBuf],
    lib: &Path,
    archive: impl FnOnce() -> Result<()>,
) -> Result<bool> {
    let mut h = KeyHasher::default();
    for o in objects {
        h.field(o.as_os_str().as_encoded_bytes());
        h.field(cache::hash_file(o).unwrap_or_default());
    }
    let key = h.finish_hex();
    let stamp = lib.with_extension("a.key");
    if lib.is_file() && std::fs::read_to_string(&stamp).ok().as_deref() == Some(key.as_str()) {
        return Ok(false);
    }
    let _ = std::fs::remove_file(&stamp);
    archive()?;
    std::fs::write(&stamp, key)?;
    Ok(true)
}

/// One file to compile.
struct FileJob<'a> {
    build: &'a Build,
    source: &'a Path,
    name: &'a str,
    obj_dir: &'a Path,
    work_dir: &'a Path,
    cwd: &'a Path,
    toolkit: &'a Toolkit,
    cache: Option<&'a Cache>,
    base_key: &'a KeyHasher,
}

impl FileJob<'_> {
    fn run<'p>(&self, get_pipeline: &dyn Fn() -> Result<&'p Pipeline>) -> Result<FileReport> {
        let source_abs = self.cwd.join(self.source);
        if !source_abs.is_file() {
            bail!("{}: no such file", self.source.display());
        }
        let mut key = self.base_key.clone();
        key.field(self.source.as_os_str().as_encoded_bytes())
            .field(self.name)
            .field(self.work_dir.as_os_str().as_encoded_bytes());
        let key = key.finish_hex();
        if let Some(hit) = self.cache.and_then(|c| c.lookup(&key)) {
            let mut outputs = Vec::new();
            for (name, file) in hit.meta.outputs.iter().zip(&hit.files) {
                let dst = self.obj_dir.join(name);
                copy_if_different(file, &dst)?;
                outputs.push(dst);
            }
            return Ok(FileReport {
                source: self.source.to_path_buf(),
                outputs,
                cached: true,
                commands: Vec::new(),
                dependencies: hit.meta.deps.into_iter().map(|(p, _)| p).collect(),
                kernels: hit.meta.kernels,
                stub_from_cicc: hit.meta.stub_from_cicc,
                warnings: hit.meta.warnings,
            });
        }

        let p = get_pipeline()?;
        let n = self.name;
        let (emit, out) = match self.build.emit {
            Emit::StaticLib => (pipeline::Emit::Object, self.obj_dir.join(format!("{n}.o"))),
            Emit::Fatbin | Emit::Cubin => (
                pipeline::Emit::Fatbin,
                self.obj_dir.join(format!("{n}.fatbin")),
            ),
            Emit::Ptx => (pipeline::Emit::Ptx, self.obj_dir.join(format!("{n}.ptx"))),
        };
        let e = p.emit(self.source, emit, &out)?;
        let kept = e.kept.clone().unwrap_or_else(|| self.work_dir.join(n));
        let files: Vec<PathBuf> = match self.build.emit {
            Emit::StaticLib | Emit::Fatbin => e.files.clone(),
            Emit::Ptx => {
                // `{n}.compute_90.ptx` for each virtual architecture.
                let mut v = Vec::new();
                for (t, f) in p.current_archs().targets.iter().zip(&e.files) {
                    let dst = self
                        .obj_dir
                        .join(format!("{n}.{}.ptx", t.virtual_arch.compute()));
                    if *f != dst {
                        std::fs::rename(f, &dst)?;
                    }
                    v.push(dst);
                }
                v
            }
            Emit::Cubin => {
                let _ = std::fs::remove_file(&out);
                let mut v = Vec::new();
                for t in &p.current_archs().targets {
                    for r in &t.real {
                        let from =
                            kept.join(format!("{n}.{}.{}.cubin", t.virtual_arch.compute(), r.sm()));
                        let dst = self.obj_dir.join(format!("{n}.{}.cubin", r.sm()));
                        std::fs::copy(&from, &dst)
                            .with_context(|| format!("cannot copy {}", from.display()))?;
                        v.push(dst);
                    }
                }
                v
            }
        };

        // The user files, from the line markers of the preprocessed units.
        let mut toolkit_dirs = vec![self.toolkit.root.clone()];
        toolkit_dirs.extend(self.toolkit.include_dirs.iter().cloned());
        toolkit_dirs.extend(self.toolkit.system_include_dirs.iter().cloned());
        let mut deps = BTreeSet::new();
        let mut commands = Vec::new();
        if let Ok(dir) = std::fs::read_dir(&kept) {
            let mut entries: Vec<PathBuf> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
            entries.sort();
            for f in entries {
                if f.extension().is_some_and(|x| x == "ii") {
                    if let Ok(text) = std::fs::read(&f) {
                        deps.extend(cache::user_files(&text, self.cwd, &toolkit_dirs));
                    }
                    if self.build.keep.is_none() {
                        let _ = std::fs::remove_file(&f);
                    }
                } else if f.file_name().is_some_and(|x| x == "commands.sh")
                    && let Ok(text) = std::fs::read_to_string(&f)
                {
                    commands.extend(
                        text.lines()
                            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
                            .map(str::to_string),
                    );
                }
            }
        }
        if let Ok(src) = std::fs::canonicalize(&source_abs) {
            deps.insert(src);
        }
        let dependencies: Vec<PathBuf> = deps.into_iter().collect();
        if let Some(c) = self.cache {
            let meta = Meta {
                module_id: e.module_id.clone(),
                kernels: e.kernels.clone(),
                stub_from_cicc: e.stub_from_cicc.clone(),
                warnings: e.warnings.clone(),
                deps: dependencies
                    .iter()
                    .map(|d| (d.clone(), cache::hash_file(d).unwrap_or_default()))
                    .collect(),
                outputs: files
                    .iter()
                    .map(|f| {
                        f.file_name()
                            .map(|s| s.to_string_lossy().into_owned())
                            .unwrap_or_default()
                    })
                    .collect(),
            };
            c.store(&key, &meta, &files)?;
        }
        Ok(FileReport {
            source: self.source.to_path_buf(),
            outputs: files,
            cached: false,
            commands,
            dependencies,
            kernels: e.kernels,
            stub_from_cicc: e.stub_from_cicc,
            warnings: e.warnings,
        })
    }
}

/// Copies `from` to `to` unless `to` already has the same contents (so that its time
/// stamp stays).
fn copy_if_different(from: &Path, to: &Path) -> Result<()> {
    if let (Ok(a), Ok(b)) = (std::fs::read(from), std::fs::read(to))
        && a == b
    {
        return Ok(());
    }
    std::fs::copy(from, to)
        .with_context(|| format!("cannot copy {} to {}", from.display(), to.display()))?;
    Ok(())
}
