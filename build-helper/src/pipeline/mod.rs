//! The per-file pipeline: a `.cu` file to a host object, as nvcc does it, with the cudafe-rs
//! front end in place of cudafe++.
//!
//! ```no_run
//! use build_helper::pipeline::Pipeline;
//! use build_helper::toolkit::Discovery;
//! let toolkit = Discovery::new().discover()?;
//! let mut p = Pipeline::new(toolkit)?;
//! p.archs("80;90a;120-virtual")?.keep("target/cuda-keep");
//! let k = p.compile("kernels/saxpy.cu".as_ref(), "saxpy.o".as_ref())?;
//! println!("{} registers {:?}", k.object.display(), k.kernels);
//! # anyhow::Ok(())
//! ```
//!
//! The stages, each as nvcc 13.0 runs them (`nvcc -dryrun`):
//!
//! 1. host preprocessing: the host compiler `-E` with `-D__CUDACC__ -D__NVCC__`, the
//!    `__CUDACC_VER_*` macros, `__CUDA_ARCH_LIST__` and `-include cuda_runtime.h`
//!    (`X.cpp4.ii`);
//! 2. our front end, in-process ([`cudafe_core::driver`]): the host file
//!    (`X.cudafe1.cpp`), our stub file (`X.cudafe1.stub.c`, which the host file includes)
//!    and the module id (`X.module_id`);
//! 3. for each virtual architecture: device preprocessing (`-D__CUDA_ARCH__=N`,
//!    `X.compute_N.cpp1.ii`), the toolkit's cicc (`X.compute_N.ptx`; the stub file cicc also
//!    writes goes to `X.compute_N.cicc.stub.c` and is only read by the consistency check),
//!    and ptxas for each real architecture (`X.sm_N.cubin`);
//! 4. fatbinary (`X.fatbin.c`, included by the stub file);
//! 5. the host compile of the host file into the object.
//!
//! In separate compilation ([`Mode::Rdc`]) the objects carry relocatable device code;
//! [`Pipeline::device_link`] links it (nvlink, `cudadevrt`) into one more object.
//!
//! Every build checks that the kernels our stub file registers are exactly the entries cicc
//! produced, for every virtual architecture ([`check`]). A kernel of ours that cicc did not
//! produce is an error. Entries of cicc that our stub file lacks (template kernels
//! instantiated deep inside other templates, as in thrust and cub, which our front end does
//! not instantiate yet) make the build use cicc's stub file of the last virtual
//! architecture, as nvcc does, and are listed in [`CompiledFile::stub_from_cicc`];
//! [`Pipeline::strict_stub`] makes them an error instead.

pub mod arch;
pub mod cache;
pub mod check;
pub mod host;
pub mod jobs;

use std::collections::BTreeSet;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::SystemTime;

use anyhow::{Context, Result, bail};

pub use arch::{Archs, GpuArch, Target};
pub use host::{HostCompiler, HostFlavor};
pub use jobs::Jobs;

use crate::build::Cudart;
use crate::toolkit::Toolkit;

/// Whole-program compilation, or separate compilation (`-rdc=true`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    #[default]
    Whole,
    Rdc,
}

/// What is common to the files of one build: the toolkit, the host compiler, the
/// architectures, the mode and the compile options.
#[derive(Debug, Clone)]
pub struct Pipeline {
    toolkit: Toolkit,
    host: HostCompiler,
    supported: Vec<GpuArch>,
    archs: Archs,
    mode: Mode,
    std: Option<String>,
    include_dirs: Vec<PathBuf>,
    defines: Vec<(String, Option<String>)>,
    host_flags: Vec<OsString>,
    keep_dir: Option<PathBuf>,
    jobs: Option<Jobs>,
    device_debug: DeviceDebug,
    reproducible: bool,
    extended_lambda: bool,
    relaxed_constexpr: bool,
    fast_math: bool,
    front_end_flags: Vec<String>,
    strict_stub: bool,
}

/// Debug information in device code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum DeviceDebug {
    /// None (the default).
    #[default]
    None,
    /// Line information only (nvcc's `-lineinfo`): the code is optimized as without it.
    LineInfo,
    /// Full device debug information, unoptimized device code (nvcc's `-G`).
    Full,
}

/// One compiled file.
#[derive(Debug, Clone)]
pub struct CompiledFile {
    /// The host object (with the fat binary; in [`Mode::Rdc`] relocatable device code).
    pub object: PathBuf,
    pub module_id: String,
    /// The device names of the kernels it registers.
    pub kernels: BTreeSet<String>,
    /// Kernels cicc produced that our stub file did not register (template kernels
    /// instantiated inside other templates): when there are any, the object was built with
    /// cicc's stub file in place of ours.
    pub stub_from_cicc: BTreeSet<String>,
    /// What the front end and the tools printed although they succeeded (warnings).
    pub warnings: String,
    /// Where the intermediates are, when kept.
    pub kept: Option<PathBuf>,
}

/// What [`Pipeline::emit`] makes of a `.cu` file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Emit {
    /// The host object, with the fat binary (as [`Pipeline::compile`]).
    #[default]
    Object,
    /// The PTX of each virtual architecture (nvcc's `-ptx`); no ptxas, no host compile.
    Ptx,
    /// The fat binary (`.fatbin`, nvcc's `-fatbin`); no host compile.
    Fatbin,
}

/// The files [`Pipeline::emit`] wrote, and what it learnt on the way.
#[derive(Debug, Clone)]
pub struct Emitted {
    /// The outputs: one object, one fat binary, or one PTX file per virtual architecture
    /// (in the order of the architectures).
    pub files: Vec<PathBuf>,
    pub module_id: String,
    /// The device names of the kernels the file registers.
    pub kernels: BTreeSet<String>,
    /// As [`CompiledFile::stub_from_cicc`].
    pub stub_from_cicc: BTreeSet<String>,
    /// What the front end and the tools printed although they succeeded (warnings).
    pub warnings: String,
    /// Where the intermediates are, when kept.
    pub kept: Option<PathBuf>,
}

/// The front end's verdict on one file ([`Pipeline::check`]).
#[derive(Debug, Clone)]
pub struct Checked {
    /// No error: host preprocessing and the front end succeeded.
    pub ok: bool,
    /// The diagnostics: the host compiler's when preprocessing failed, else the front
    /// end's, exactly as `cudafe++` would print them.
    pub diagnostics: String,
}

/// A directory for one job's intermediates: under the keep directory (kept), or a fresh
/// temporary one (removed when dropped).
struct WorkDir {
    path: PathBuf,
    keep: bool,
    log: Vec<String>,
}

impl WorkDir {
    fn new(keep_dir: Option<&Path>, name: &str) -> Result<WorkDir> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let (path, keep) = match keep_dir {
            Some(k) => (k.join(name), true),
            None => (
                std::env::temp_dir().join(format!(
                    "cudafe-rs-{}-{}-{name}",
                    std::process::id(),
                    COUNTER.fetch_add(1, Ordering::Relaxed)
                )),
                false,
            ),
        };
        if path.exists() {
            std::fs::remove_dir_all(&path)
                .with_context(|| format!("cannot clear {}", path.display()))?;
        }
        std::fs::create_dir_all(&path)
            .with_context(|| format!("cannot create {}", path.display()))?;
        Ok(WorkDir {
            path,
            keep,
            log: Vec::new(),
        })
    }

    fn file(&self, name: &str) -> PathBuf {
        self.path.join(name)
    }

    /// Records a command in `commands.sh` (kept directories only).
    fn record(&mut self, cmd: &Command) {
        if !self.keep {
            return;
        }
        let mut words = vec![cmd.get_program().to_string_lossy().into_owned()];
        words.extend(cmd.get_args().map(|a| a.to_string_lossy().into_owned()));
        let line =
            shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "));
        self.log.push(line);
        let mut text = String::from(
            "#!/bin/sh\n# The commands of this job, in order (the front end ran in-process).\n",
        );
        for l in &self.log {
            text.push_str(l);
            text.push('\n');
        }
        let _ = std::fs::write(self.file("commands.sh"), text);
    }
}

impl Drop for WorkDir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

fn stem_of(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "file".into())
}

impl Pipeline {
    /// A pipeline with the host compiler `cc` selects, the default architectures (SASS for
    /// every major architecture the toolkit supports, PTX for the newest) and whole-program
    /// compilation.
    pub fn new(toolkit: Toolkit) -> Result<Pipeline> {
        let host = HostCompiler::from_cc()?;
        Pipeline::with_host(toolkit, host)
    }

    /// A pipeline with a given host compiler.
    pub fn with_host(toolkit: Toolkit, host: HostCompiler) -> Result<Pipeline> {
        let supported = arch::supported(&toolkit.nvcc())?;
        let archs = Archs::default_for(&supported)?;
        Ok(Pipeline {
            toolkit,
            host,
            supported,
            archs,
            mode: Mode::Whole,
            std: None,
            include_dirs: Vec::new(),
            defines: Vec::new(),
            host_flags: Vec::new(),
            keep_dir: None,
            jobs: None,
            device_debug: DeviceDebug::None,
            reproducible: false,
            extended_lambda: false,
            relaxed_constexpr: false,
            fast_math: false,
            front_end_flags: Vec::new(),
            strict_stub: false,
        })
    }

    pub fn toolkit(&self) -> &Toolkit {
        &self.toolkit
    }

    pub fn host_compiler(&self) -> &HostCompiler {
        &self.host
    }

    /// The real architectures the toolkit supports.
    pub fn supported_archs(&self) -> &[GpuArch] {
        &self.supported
    }

    pub fn current_archs(&self) -> &Archs {
        &self.archs
    }

    /// The architectures, in CMake syntax (`80;90a;120-virtual`, `all`, `all-major`).
    pub fn archs(&mut self, spec: &str) -> Result<&mut Pipeline> {
        self.archs = Archs::parse(spec, &self.supported)?;
        Ok(self)
    }

    pub fn mode(&mut self, mode: Mode) -> &mut Pipeline {
        self.mode = mode;
        self
    }

    /// Separate compilation (`-rdc=true`) or not.
    pub fn rdc(&mut self, on: bool) -> &mut Pipeline {
        self.mode = if on { Mode::Rdc } else { Mode::Whole };
        self
    }

    /// The C++ standard (`c++17`, `c++20`); default: the host compiler's (C++17 for the
    /// front end).
    pub fn std(&mut self, std: &str) -> &mut Pipeline {
        self.std = Some(std.trim_start_matches("-std=").to_string());
        self
    }

    pub fn include(&mut self, dir: impl AsRef<Path>) -> &mut Pipeline {
        self.include_dirs.push(dir.as_ref().to_path_buf());
        self
    }

    pub fn define(&mut self, name: &str, value: Option<&str>) -> &mut Pipeline {
        self.defines
            .push((name.to_string(), value.map(str::to_string)));
        self
    }

    /// A flag for every host compiler run (nvcc's `-Xcompiler`).
    pub fn host_flag(&mut self, flag: impl AsRef<OsStr>) -> &mut Pipeline {
        self.host_flags.push(flag.as_ref().to_os_string());
        self
    }

    /// Keeps every intermediate under `dir/<object stem>/` (with `commands.sh`, the commands
    /// run), as nvcc's `-keep` does.
    pub fn keep(&mut self, dir: impl AsRef<Path>) -> &mut Pipeline {
        self.keep_dir = Some(dir.as_ref().to_path_buf());
        self
    }

    /// Runs every child process (and every front-end run) under a token of `jobs`, so
    /// that several files may be compiled at once from as many threads without running more
    /// than the jobserver allows. Without it, nothing limits the jobs.
    pub fn jobs(&mut self, jobs: Jobs) -> &mut Pipeline {
        self.jobs = Some(jobs);
        self
    }

    /// Debug information in device code: [`DeviceDebug::LineInfo`] is nvcc's `-lineinfo`,
    /// [`DeviceDebug::Full`] nvcc's `-G`.
    pub fn device_debug(&mut self, debug: DeviceDebug) -> &mut Pipeline {
        self.device_debug = debug;
        self
    }

    pub fn current_device_debug(&self) -> DeviceDebug {
        self.device_debug
    }

    /// Reproducible outputs: the module id of a unit without an eligible definition, which
    /// cudafe++ makes from its process id and the time, is made from the source's path
    /// instead. (The intermediates must also have the same names from one build to the
    /// next, as they do under [`Pipeline::keep`], since the host object names its source.)
    pub fn reproducible(&mut self, on: bool) -> &mut Pipeline {
        self.reproducible = on;
        self
    }

    /// `__device__` and `__host__ __device__` lambdas (nvcc's `--extended-lambda`).
    pub fn extended_lambda(&mut self, on: bool) -> &mut Pipeline {
        self.extended_lambda = on;
        self
    }

    /// Calls of `constexpr` functions across execution spaces (nvcc's
    /// `--expt-relaxed-constexpr`).
    pub fn relaxed_constexpr(&mut self, on: bool) -> &mut Pipeline {
        self.relaxed_constexpr = on;
        self
    }

    /// Fast, less precise device math (nvcc's `-use_fast_math`: flush to zero,
    /// approximate division and square root).
    pub fn fast_math(&mut self, on: bool) -> &mut Pipeline {
        self.fast_math = on;
        self
    }

    /// An option for the front end, which nvcc also gives cicc (nvcc's `-Xcudafe`):
    /// `--diag_suppress=177`, `--display_error_number`, ...
    pub fn front_end_flag(&mut self, flag: &str) -> &mut Pipeline {
        self.front_end_flags.push(flag.to_string());
        self
    }

    /// Whether kernels cicc produced and our stub file lacks are an error (`true`) or make
    /// the build use cicc's stub file (`false`, the default; see [`check`]).
    pub fn strict_stub(&mut self, on: bool) -> &mut Pipeline {
        self.strict_stub = on;
        self
    }

    /// cicc's floating-point options, as nvcc gives them.
    fn cicc_math_flags(&self) -> &'static [&'static str] {
        if self.fast_math {
            &[
                "-ftz=1",
                "-prec_div=0",
                "-prec_sqrt=0",
                "-fmad=1",
                "-fast-math",
                "--gen_div_approx_ftz",
            ]
        } else {
            &["-ftz=0", "-prec_div=1", "-prec_sqrt=1", "-fmad=1"]
        }
    }

    fn token(&self) -> Option<jobs::Token> {
        self.jobs.as_ref().map(Jobs::acquire)
    }

    /// cicc's debug options (nvcc 13.0: `-g -O0` for `-G`, `-generate-line-info`).
    fn cicc_debug_flags(&self) -> &'static [&'static str] {
        match self.device_debug {
            DeviceDebug::None => &[],
            DeviceDebug::LineInfo => &["-generate-line-info"],
            DeviceDebug::Full => &["-g", "-O0"],
        }
    }

    fn ptxas_debug_flags(&self) -> &'static [&'static str] {
        match self.device_debug {
            DeviceDebug::None => &[],
            DeviceDebug::LineInfo => &["--generate-line-info"],
            DeviceDebug::Full => &["-g", "--dont-merge-basicblocks", "--return-at-end"],
        }
    }

    /// fatbinary's record of the options (`--cmdline`, `--cicc-cmdline`), as nvcc gives them.
    fn fatbinary_option_flags(&self) -> Vec<String> {
        let mut v = Vec::new();
        let ptxas = self.ptxas_debug_flags();
        if self.mode == Mode::Rdc || !ptxas.is_empty() {
            let mut line = String::from("--cmdline=");
            if self.mode == Mode::Rdc {
                line.push_str("--compile-only ");
            }
            for f in ptxas {
                line.push(' ');
                line.push_str(f);
            }
            line.push(' ');
            v.push(line);
        }
        let mut cicc = String::from("--cicc-cmdline=");
        if self.device_debug == DeviceDebug::LineInfo {
            cicc.push_str("-generate-line-info ");
        }
        if self.fast_math {
            cicc.push_str("-ftz=1 -prec_div=0 -prec_sqrt=0 -fmad=1 ");
        } else {
            cicc.push_str("-ftz=0 -prec_div=1 -prec_sqrt=1 -fmad=1 ");
        }
        v.push(cicc);
        if self.device_debug == DeviceDebug::Full {
            v.push("-g".into());
        }
        v
    }

    fn std_flag(&self) -> Option<String> {
        self.std.as_ref().map(|s| format!("-std={s}"))
    }

    /// `--c++17` for the front end and cicc.
    fn dialect(&self) -> String {
        match &self.std {
            Some(s) => {
                let year = s.trim_start_matches("gnu++").trim_start_matches("c++");
                let year = match year {
                    "1z" => "17",
                    "2a" => "20",
                    "2b" => "23",
                    y => y,
                };
                format!("--c++{year}")
            }
            None => "--c++17".into(),
        }
    }

    /// Tool environment, as nvcc.profile sets it.
    fn tool(&self, program: impl AsRef<OsStr>) -> Command {
        let mut cmd = Command::new(program);
        let tk = &self.toolkit;
        let mut path = OsString::from(tk.cicc_dir.as_os_str());
        path.push(":");
        path.push(tk.bin_dir.as_os_str());
        if let Some(p) = std::env::var_os("PATH") {
            path.push(":");
            path.push(p);
        }
        let mut ld = OsString::from(tk.lib_dir().as_os_str());
        if let Some(p) = std::env::var_os("LD_LIBRARY_PATH") {
            ld.push(":");
            ld.push(p);
        }
        cmd.env("PATH", path)
            .env("LD_LIBRARY_PATH", ld)
            .env("NVVMIR_LIBRARY_DIR", &tk.nvvmir_library_dir);
        cmd
    }

    fn host_command(&self) -> Command {
        let mut cmd = self.tool(&self.host.path);
        for (k, v) in &self.host.env {
            cmd.env(k, v);
        }
        cmd
    }

    fn host_flags(&self) -> Vec<OsString> {
        let mut v = self.host.args.clone();
        v.extend(self.host_flags.iter().cloned());
        v
    }

    fn toolkit_includes(&self) -> Vec<OsString> {
        let mut v = Vec::new();
        for d in &self.toolkit.include_dirs {
            let mut a = OsString::from("-I");
            a.push(d);
            v.push(a);
        }
        for d in &self.toolkit.system_include_dirs {
            v.push("-isystem".into());
            v.push(d.into());
        }
        v
    }

    fn version_defines(&self) -> Vec<String> {
        let v = &self.toolkit.version;
        vec![
            format!("-D__CUDACC_VER_MAJOR__={}", v.major),
            format!("-D__CUDACC_VER_MINOR__={}", v.minor),
            format!("-D__CUDACC_VER_BUILD__={}", v.build),
            format!("-D__CUDA_API_VER_MAJOR__={}", v.major),
            format!("-D__CUDA_API_VER_MINOR__={}", v.minor),
            "-D__NVCC_DIAG_PRAGMA_SUPPORT__=1".into(),
            "-D__CUDACC_DEVICE_ATOMIC_BUILTINS__=1".into(),
        ]
    }

    /// The host compiler preprocessing `source`: for the host front end (`arch` = None) or
    /// for a device architecture.
    fn preprocess_command(&self, source: &Path, arch: Option<GpuArch>, out: &Path) -> Command {
        let mut cmd = self.host_command();
        cmd.args(self.std_flag());
        if let Some(a) = arch {
            cmd.arg(format!("-D__CUDA_ARCH__={}", a.cuda_arch()));
            cmd.args(a.feature_defines());
        }
        cmd.arg(format!(
            "-D__CUDA_ARCH_LIST__={}",
            self.archs.cuda_arch_list()
        ));
        cmd.args(["-E", "-x", "c++"]);
        if arch.is_some() {
            cmd.arg("-DCUDA_DOUBLE_MATH_FUNCTIONS");
        }
        cmd.args(["-D__CUDACC__", "-D__NVCC__"]);
        if self.extended_lambda {
            cmd.arg("-D__CUDACC_EXTENDED_LAMBDA__");
        }
        if self.relaxed_constexpr {
            cmd.arg("-D__CUDACC_RELAXED_CONSTEXPR__");
        }
        if self.device_debug == DeviceDebug::Full {
            cmd.arg("-D__CUDACC_DEBUG__");
        }
        if self.mode == Mode::Rdc {
            cmd.arg("-D__CUDACC_RDC__");
        }
        cmd.args(self.host_flags());
        for d in &self.include_dirs {
            let mut a = OsString::from("-I");
            a.push(d);
            cmd.arg(a);
        }
        cmd.args(self.toolkit_includes());
        for (n, v) in &self.defines {
            match v {
                Some(v) => cmd.arg(format!("-D{n}={v}")),
                None => cmd.arg(format!("-D{n}")),
            };
        }
        cmd.args(self.version_defines());
        cmd.args(["-include", "cuda_runtime.h", "-m64"]);
        cmd.arg(source).arg("-o").arg(out);
        cmd
    }

    /// Options the front end and cicc share, before cicc's own.
    fn front_end_common(&self, source: &Path, source_abs: &Path) -> Vec<OsString> {
        let mut v: Vec<OsString> = vec![self.dialect().into()];
        if self.mode == Mode::Whole {
            v.push("--static-host-stub".into());
        }
        v.push("--device-hidden-visibility".into());
        v.extend(
            self.host
                .flavor
                .front_end_options()
                .into_iter()
                .map(OsString::from),
        );
        v.push("--display_error_number".into());
        v.push("--orig_src_file_name".into());
        v.push(source.into());
        v.push("--orig_src_path_name".into());
        v.push(source_abs.into());
        v.push("--allow_managed".into());
        if self.extended_lambda {
            v.push("--extended-lambda".into());
        }
        if self.relaxed_constexpr {
            v.push("--relaxed_constexpr".into());
        }
        v.extend(self.front_end_flags.iter().map(OsString::from));
        if self.device_debug == DeviceDebug::Full {
            v.push("--debug_mode".into());
        }
        if self.mode == Mode::Rdc {
            v.push("--device-c".into());
        }
        v
    }

    /// Runs a tool; its output is an error when it fails, and a warning otherwise.
    fn run(
        &self,
        work: &mut WorkDir,
        what: &str,
        mut cmd: Command,
        warnings: &mut String,
    ) -> Result<()> {
        work.record(&cmd);
        let _token = self.token();
        let out = cmd
            .output()
            .with_context(|| format!("{what}: cannot run {}", cmd.get_program().display()))?;
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        if !out.status.success() {
            let mut words = vec![cmd.get_program().to_string_lossy().into_owned()];
            words.extend(cmd.get_args().map(|a| a.to_string_lossy().into_owned()));
            bail!(
                "{what} failed ({}):\n{text}\n(command: {})",
                out.status,
                shlex::try_join(words.iter().map(String::as_str))
                    .unwrap_or_else(|_| words.join(" "))
            );
        }
        warnings.push_str(&text);
        Ok(())
    }

    /// Compiles `source` into the host object `object`.
    pub fn compile(&self, source: &Path, object: &Path) -> Result<CompiledFile> {
        let e = self.emit(source, Emit::Object, object)?;
        Ok(CompiledFile {
            object: e.files.into_iter().next().unwrap_or_default(),
            module_id: e.module_id,
            kernels: e.kernels,
            stub_from_cicc: e.stub_from_cicc,
            warnings: e.warnings,
            kept: e.kept,
        })
    }

    /// The names [`Pipeline::emit`] gives the PTX files for `out`: `out` itself with one
    /// virtual architecture, else `out` with `.compute_N` before its extension, for each.
    pub fn ptx_outputs(&self, out: &Path) -> Vec<PathBuf> {
        let targets = &self.archs.targets;
        if targets.len() == 1 {
            return vec![out.to_path_buf()];
        }
        targets
            .iter()
            .map(|t| {
                let stem = out
                    .file_stem()
                    .map(|s| s.to_string_lossy().into_owned())
                    .unwrap_or_default();
                let ext = out
                    .extension()
                    .map(|e| e.to_string_lossy().into_owned())
                    .unwrap_or_else(|| "ptx".into());
                out.with_file_name(format!("{stem}.{}.{ext}", t.virtual_arch.compute()))
            })
            .collect()
    }

    /// Host preprocessing and our front end only: the diagnostics, in seconds. `Err` only
    /// when a tool cannot be run at all.
    pub fn check(&self, source: &Path) -> Result<Checked> {
        let stem = stem_of(source);
        let mut work = WorkDir::new(self.keep_dir.as_deref(), &format!("{stem}.check"))?;
        let cwd = std::env::current_dir().context("no current directory")?;
        let source_abs = cwd.join(source);
        if !source_abs.is_file() {
            bail!("{}: no such file", source.display());
        }
        let cpp4 = work.file(&format!("{stem}.cpp4.ii"));
        let mut cmd = self.preprocess_command(source, None, &cpp4);
        work.record(&cmd);
        let token = self.token();
        let out = cmd
            .output()
            .with_context(|| format!("cannot run {}", cmd.get_program().display()))?;
        drop(token);
        let pp_text = String::from_utf8_lossy(&out.stderr).into_owned();
        if !out.status.success() {
            return Ok(Checked {
                ok: false,
                diagnostics: pp_text,
            });
        }
        let mut fe: Vec<OsString> = self.front_end_common(source, &source_abs);
        fe.extend(["--m64", "--parse_templates"].map(OsString::from));
        fe.push(cpp4.clone().into());
        let (status, diagnostics, _) = self.run_front_end(&mut work, source, &fe, &cpp4)?;
        Ok(Checked {
            ok: status == 0,
            diagnostics: pp_text + &diagnostics,
        })
    }

    /// Compiles `source` into `out`: a host object, a fat binary, or PTX (for several
    /// virtual architectures, the files [`Pipeline::ptx_outputs`] names).
    ///
    /// PTX and fat binaries are device code only: as with nvcc's `-ptx` and `-fatbin`, the
    /// host side is neither preprocessed nor analysed (code that only compiles for the
    /// device, `#if __CUDA_ARCH__` around everything, is fine), cicc makes the module id,
    /// and the kernels reported are the entries cicc produced.
    pub fn emit(&self, source: &Path, emit: Emit, out: &Path) -> Result<Emitted> {
        let object = out;
        let stem = stem_of(source);
        let mut work = WorkDir::new(self.keep_dir.as_deref(), &stem_of(object))?;
        let mut warnings = String::new();
        let cwd = std::env::current_dir().context("no current directory")?;
        let source_abs = cwd.join(source);
        if !source_abs.is_file() {
            bail!("{}: no such file", source.display());
        }
        let object_abs = cwd.join(object);

        let host_side = emit == Emit::Object;
        let host_file = work.file(&format!("{stem}.cudafe1.cpp"));
        let module_id_file = work.file(&format!("{stem}.module_id"));
        let fatbin_c_name = format!("{stem}.fatbin.c");
        // Our stub file (host objects only).
        let mut our_stub = None;
        if host_side {
            // 1. Host preprocessing.
            let cpp4 = work.file(&format!("{stem}.cpp4.ii"));
            let cmd = self.preprocess_command(source, None, &cpp4);
            self.run(&mut work, "host preprocessing", cmd, &mut warnings)?;

            // 2. Our front end, in-process.
            let stub_name = format!("{stem}.cudafe1.stub.c");
            let stub_file = work.file(&stub_name);
            let mut fe: Vec<OsString> = self.front_end_common(source, &source_abs);
            fe.extend(
                [
                    "--m64",
                    "--parse_templates",
                    "--include_file_name",
                    &fatbin_c_name,
                    "--gen_c_file_name",
                ]
                .map(OsString::from),
            );
            fe.push(host_file.clone().into());
            fe.push("--stub_file_name".into());
            fe.push(stub_name.clone().into());
            fe.push("--write_stub_file".into());
            fe.push(stub_file.clone().into());
            fe.push("--gen_module_id_file".into());
            fe.push("--module_id_file_name".into());
            fe.push(module_id_file.clone().into());
            fe.push(cpp4.clone().into());
            let outputs = self.front_end(&mut work, source, &fe, &cpp4, &mut warnings)?;
            std::fs::write(&module_id_file, &outputs.module_id)?;
            std::fs::write(&host_file, &outputs.host_file)?;
            let stub = outputs.stub_file.unwrap_or_default();
            std::fs::write(&stub_file, &stub)?;
            our_stub = Some(stub);
        }
        // cicc's entries, for the kernels reported when there is no stub file of ours or
        // when ours lacks some (`stub_from_cicc`, and cicc's stub file of the last virtual
        // architecture is used).
        let mut cicc_kernels = BTreeSet::new();
        let mut stub_from_cicc = BTreeSet::new();
        let mut last_cicc_stub = String::new();

        // 3. Device code, one virtual architecture at a time.
        let mut images: Vec<String> = Vec::new();
        let ptx_outputs = self.ptx_outputs(&object_abs);
        for (i, t) in self.archs.targets.iter().enumerate() {
            let va = t.virtual_arch;
            let cpp1 = work.file(&format!("{stem}.{}.cpp1.ii", va.compute()));
            let cmd = self.preprocess_command(source, Some(va), &cpp1);
            self.run(
                &mut work,
                &format!("device preprocessing ({})", va.compute()),
                cmd,
                &mut warnings,
            )?;
            let ptx = work.file(&format!("{stem}.{}.ptx", va.compute()));
            let cicc_stub = work.file(&format!("{stem}.{}.cicc.stub.c", va.compute()));
            let mut cmd = self.tool(self.toolkit.cicc());
            cmd.args(self.front_end_common(source, &source_abs));
            cmd.arg("-arch").arg(va.compute());
            cmd.args(["-m64", "--no-version-ident"]);
            cmd.args(self.cicc_math_flags());
            cmd.args(["--include_file_name", &fatbin_c_name]);
            cmd.args(self.cicc_debug_flags());
            cmd.arg("-tused");
            if !host_side && i == 0 {
                // No front end made the module id: cicc does, as under nvcc's `-ptx`.
                cmd.arg("--gen_module_id_file");
            }
            cmd.arg("--module_id_file_name").arg(&module_id_file);
            cmd.arg("--gen_c_file_name")
                .arg(work.file(&format!("{stem}.{}.cudafe1.c", va.compute())));
            cmd.arg("--stub_file_name").arg(&cicc_stub);
            cmd.arg("--gen_device_file_name")
                .arg(work.file(&format!("{stem}.{}.cudafe1.gpu", va.compute())));
            cmd.arg(&cpp1).arg("-o").arg(&ptx);
            self.run(
                &mut work,
                &format!("cicc ({})", va.compute()),
                cmd,
                &mut warnings,
            )?;
            let theirs = std::fs::read_to_string(&cicc_stub)
                .with_context(|| format!("cicc wrote no stub file {}", cicc_stub.display()))?;
            match &our_stub {
                Some(ours) => {
                    let m = check::Mismatch::between(ours, &theirs);
                    m.check(
                        &source.display().to_string(),
                        &va.compute(),
                        self.strict_stub,
                    )?;
                    stub_from_cicc.extend(m.missing);
                    cicc_kernels = check::registered_kernels(&theirs);
                    last_cicc_stub = theirs;
                }
                None => cicc_kernels.extend(check::registered_kernels(&theirs)),
            }
            if emit == Emit::Ptx {
                let dst = &ptx_outputs[i];
                if let Some(dir) = dst.parent() {
                    std::fs::create_dir_all(dir)?;
                }
                std::fs::copy(&ptx, dst)
                    .with_context(|| format!("cannot write {}", dst.display()))?;
                continue;
            }
            for r in &t.real {
                let cubin = work.file(&format!("{stem}.{}.{}.cubin", va.compute(), r.sm()));
                let mut cmd = self.tool(self.toolkit.ptxas());
                cmd.arg(format!("-arch={}", r.sm())).arg("-m64");
                if self.mode == Mode::Rdc {
                    cmd.arg("--compile-only");
                }
                cmd.args(self.ptxas_debug_flags());
                cmd.arg(&ptx).arg("-o").arg(&cubin);
                self.run(
                    &mut work,
                    &format!("ptxas ({})", r.sm()),
                    cmd,
                    &mut warnings,
                )?;
                images.push(format!("--image3=kind=elf,sm={r},file={}", cubin.display()));
            }
            if t.ptx {
                images.push(format!("--image3=kind=ptx,sm={va},file={}", ptx.display()));
            }
        }

        let kernels = match &our_stub {
            Some(_) if !stub_from_cicc.is_empty() => {
                // Ours lacks kernels cicc instantiated: the host file includes cicc's stub
                // file instead, as under nvcc.
                std::fs::write(
                    work.file(&format!("{stem}.cudafe1.stub.c")),
                    &last_cicc_stub,
                )?;
                cicc_kernels
            }
            Some(ours) => check::registered_kernels(ours),
            None => cicc_kernels,
        };
        let module_id = std::fs::read_to_string(&module_id_file)
            .with_context(|| format!("no module id was written to {}", module_id_file.display()))?;
        let done = |files: Vec<PathBuf>, warnings: String, work: &WorkDir| Emitted {
            files,
            module_id: module_id.clone(),
            kernels: kernels.clone(),
            stub_from_cicc: stub_from_cicc.clone(),
            warnings,
            kept: work.keep.then(|| work.path.clone()),
        };
        if emit == Emit::Ptx {
            return Ok(done(ptx_outputs, warnings, &work));
        }

        // 4. The fat binary, as C for the stub file to include (or as a file of its own).
        let mut cmd = self.tool(self.toolkit.fatbinary());
        if emit == Emit::Fatbin {
            if let Some(dir) = object_abs.parent() {
                std::fs::create_dir_all(dir)?;
            }
            cmd.arg(format!("--create={}", object_abs.display()));
        }
        cmd.arg("-64");
        cmd.args(self.fatbinary_option_flags());
        cmd.args(&images);
        if emit == Emit::Object {
            cmd.arg(format!(
                "--embedded-fatbin={}",
                work.file(&fatbin_c_name).display()
            ));
        }
        if self.mode == Mode::Rdc {
            cmd.arg("--device-c");
        }
        self.run(&mut work, "fatbinary", cmd, &mut warnings)?;
        if emit == Emit::Fatbin {
            return Ok(done(vec![object_abs], warnings, &work));
        }

        // 5. The host compile.
        if let Some(dir) = object_abs.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let last = self.archs.last();
        let mut cmd = self.host_command();
        cmd.args(self.std_flag());
        cmd.arg(format!("-D__CUDA_ARCH__={}", last.cuda_arch()));
        cmd.args(last.feature_defines());
        cmd.arg(format!(
            "-D__CUDA_ARCH_LIST__={}",
            self.archs.cuda_arch_list()
        ));
        cmd.args(["-c", "-x", "c++", "-DCUDA_DOUBLE_MATH_FUNCTIONS"]);
        cmd.args(self.host_flags());
        cmd.arg("-Wno-psabi");
        for d in &self.include_dirs {
            let mut a = OsString::from("-I");
            a.push(d);
            cmd.arg(a);
        }
        cmd.args(self.toolkit_includes());
        cmd.arg("-m64").arg(&host_file).arg("-o").arg(&object_abs);
        self.run(&mut work, "host compile", cmd, &mut warnings)?;

        Ok(done(vec![object_abs], warnings, &work))
    }

    /// Runs our front end in-process on the preprocessed `cpp4`.
    fn front_end(
        &self,
        work: &mut WorkDir,
        source: &Path,
        args: &[OsString],
        cpp4: &Path,
        warnings: &mut String,
    ) -> Result<cudafe_core::driver::Outputs> {
        if work.keep {
            let mut words = vec!["cudafe".to_string()];
            words.extend(args.iter().map(|a| a.to_string_lossy().into_owned()));
            let line = shlex::try_join(words.iter().map(String::as_str))
                .unwrap_or_else(|_| words.join(" "));
            work.log.push(format!("# in-process: {line}"));
        }
        let (status, diagnostics, outputs) = self.run_front_end(work, source, args, cpp4)?;
        match outputs {
            Some(o) if status == 0 => {
                warnings.push_str(&diagnostics);
                Ok(o)
            }
            _ => bail!(
                "{}: the CUDA front end failed (status {status}):\n{diagnostics}",
                source.display(),
            ),
        }
    }

    /// The front end in-process: its status, its diagnostics and its outputs.
    fn run_front_end(
        &self,
        work: &mut WorkDir,
        source: &Path,
        args: &[OsString],
        cpp4: &Path,
    ) -> Result<(i32, String, Option<cudafe_core::driver::Outputs>)> {
        let mut out = Vec::new();
        let mut err = Vec::new();
        let parsed = cudafe_core::options::parse(args.iter().cloned(), &mut out, &mut err);
        if parsed.stop.is_some() {
            bail!(
                "the front end rejected its command line: {}{}",
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&err)
            );
        }
        let text =
            std::fs::read(cpp4).with_context(|| format!("cannot read {}", cpp4.display()))?;
        let mut process = cudafe_core::driver::Process::current(SystemTime::now());
        if self.reproducible {
            let mut h = cache::KeyHasher::default();
            h.field(process.cwd.join(source).as_os_str().as_encoded_bytes());
            let hex = h.finish_hex();
            let n = u64::from_str_radix(&hex[..16], 16).unwrap_or(0);
            process.pid = (n % 4_000_000) as u32 + 1;
            process.start =
                SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_600_000_000 + (n >> 40));
        }
        let token = self.token();
        let run = cudafe_core::driver::compile(&parsed.options, text, &process);
        drop(token);
        let diagnostics = String::from_utf8_lossy(&run.diagnostics).into_owned();
        if work.keep {
            let _ = std::fs::write(
                work.file(&format!("{}.cudafe1.stderr", stem_of(source))),
                &diagnostics,
            );
        }
        Ok((run.status, diagnostics, run.outputs))
    }

    /// Links the relocatable device code of `objects` ([`Mode::Rdc`]) with `cudadevrt`
    /// into the host object `output`, which registers the linked image. The program then
    /// links `objects`, `output` and the libraries of [`Pipeline::link_args`].
    pub fn device_link(&self, objects: &[PathBuf], output: &Path) -> Result<()> {
        let mut work = WorkDir::new(
            self.keep_dir.as_deref(),
            &format!("{}.dlink", stem_of(output)),
        )?;
        let mut warnings = String::new();
        let cwd = std::env::current_dir()?;
        let reg = work.file("dlink.reg.c");
        let reals = self.archs.reals();
        if reals.is_empty() {
            bail!("the device link needs a real architecture (not only `-virtual` ones)");
        }
        let cpu_arch = match std::env::consts::ARCH {
            "aarch64" => "AARCH64",
            _ => "X86_64",
        };
        let mut images = Vec::new();
        for r in &reals {
            let cubin = work.file(&format!("dlink.{}.cubin", r.sm()));
            let mut cmd = self.tool(self.toolkit.nvlink());
            cmd.arg("-m64")
                .arg(format!("--arch={}", r.sm()))
                .arg(format!("--register-link-binaries={}", reg.display()));
            for d in &self.toolkit.library_dirs {
                let mut a = OsString::from("-L");
                a.push(d);
                cmd.arg(a);
            }
            cmd.arg(format!("-cpu-arch={cpu_arch}"));
            if reals.len() > 1 {
                cmd.arg("-report-arch");
            }
            cmd.args(objects.iter().map(|o| cwd.join(o)));
            cmd.arg("-lcudadevrt").arg("-o").arg(&cubin);
            cmd.arg("--host-ccbin").arg(&self.host.path);
            self.run(
                &mut work,
                &format!("nvlink ({})", r.sm()),
                cmd,
                &mut warnings,
            )?;
            images.push(format!("--image3=kind=elf,sm={r},file={}", cubin.display()));
        }
        let fatbin_c = work.file("dlink.fatbin.c");
        let mut cmd = self.tool(self.toolkit.fatbinary());
        cmd.args(["-64", "--cmdline=--compile-only  ", "-link"]);
        cmd.args(&images);
        cmd.arg(format!("--embedded-fatbin={}", fatbin_c.display()));
        self.run(&mut work, "fatbinary (device link)", cmd, &mut warnings)?;

        let mut cmd = self.host_command();
        cmd.arg(format!(
            "-D__CUDA_ARCH_LIST__={}",
            self.archs.cuda_arch_list()
        ));
        cmd.args(["-c", "-x", "c++"]);
        cmd.arg(format!("-DFATBINFILE=\"{}\"", fatbin_c.display()));
        cmd.arg(format!("-DREGISTERLINKBINARYFILE=\"{}\"", reg.display()));
        cmd.args([
            "-I.",
            "-D__NV_EXTRA_INITIALIZATION=",
            "-D__NV_EXTRA_FINALIZATION=",
            "-D__CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__",
        ]);
        cmd.args(self.host_flags());
        cmd.arg("-Wno-psabi");
        cmd.args(self.toolkit_includes());
        cmd.args(self.version_defines());
        cmd.arg("-m64");
        cmd.arg(self.toolkit.bin_dir.join("crt/link.stub"));
        cmd.arg("-o").arg(cwd.join(output));
        self.run(&mut work, "device link stub compile", cmd, &mut warnings)?;
        Ok(())
    }

    /// Archives objects into a static library with the archiver `cc` selects.
    pub fn archive(&self, objects: &[PathBuf], lib: &Path) -> Result<()> {
        self.host.archive(objects, lib)
    }

    /// What a program made of these objects links with, as the host compiler's arguments
    /// (nvcc's link step): the toolkit's library directories, `cudadevrt` in separate
    /// compilation, and the CUDA runtime (a run path to the toolkit for a shared one).
    pub fn link_args(&self, cudart: Cudart) -> Vec<OsString> {
        let mut v = Vec::new();
        for d in &self.toolkit.library_dirs {
            let mut a = OsString::from("-L");
            a.push(d);
            v.push(a);
        }
        if self.mode == Mode::Rdc && cudart != Cudart::None {
            v.push("-lcudadevrt".into());
        }
        match cudart {
            Cudart::Shared => {
                v.push("-lcudart".into());
                let mut rpath = OsString::from("-Wl,-rpath,");
                rpath.push(self.toolkit.lib_dir());
                v.push(rpath);
            }
            Cudart::Static => {
                for l in ["-lcudart_static", "-lrt", "-lpthread", "-ldl"] {
                    v.push(l.into());
                }
            }
            Cudart::None => {}
        }
        v
    }

    /// Links `objects` into the program `output` with the host compiler (nvcc's link
    /// step), after a device link in separate compilation.
    pub fn link_program(&self, objects: &[PathBuf], cudart: Cudart, output: &Path) -> Result<()> {
        let mut all = objects.to_vec();
        let dlink;
        if self.mode == Mode::Rdc {
            dlink = output.with_extension("dlink.o");
            self.device_link(objects, &dlink)?;
            all.insert(0, dlink.clone());
        }
        let mut cmd = self.host_command();
        cmd.args(self.host_flags());
        cmd.arg("-m64").arg("-Wl,--start-group").args(&all);
        cmd.args(self.link_args(cudart));
        cmd.arg("-Wl,--end-group").arg("-o").arg(output);
        let out = cmd
            .output()
            .with_context(|| format!("cannot run {}", self.host.path.display()))?;
        if !out.status.success() {
            bail!(
                "linking {} failed:\n{}",
                output.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        Ok(())
    }
}
