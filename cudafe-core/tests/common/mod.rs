//! Running our front end in-process on a translation unit nvcc preprocessed, with the
//! options of nvcc's cudafe++ command line (shared by the integration tests).

#![allow(dead_code)] // each test uses part of it

pub mod corpus;

use std::path::Path;
use std::sync::Arc;

use cudafe_core::diag::{Counts, DiagConfig, DiagEngine, SharedBuffer};
use cudafe_core::frontend::{self, Analysis, FrontendOptions};
use cudafe_core::options::{self, Options};
use cudafe_core::source_map::SourceMap;
use cudafe_core::syntax::ast::Recovery;
use difftest::dryrun::FrontendJob;

/// What the front end made of one translation unit.
pub struct InProcess {
    pub map: Arc<SourceMap>,
    pub analysis: Analysis,
    /// Everything the diagnostics engine printed (the summary line included).
    pub stderr: String,
    pub counts: Counts,
    pub status: i32,
}

impl InProcess {
    /// `file(line): what` for each recovery.
    pub fn recoveries(&self) -> Vec<String> {
        self.analysis
            .unit
            .recoveries
            .iter()
            .map(|r| describe(&self.map, r))
            .collect()
    }
}

/// One recovery as `file(line): what [expected "X"]`, with the text where parsing failed.
pub fn describe(map: &SourceMap, r: &Recovery) -> String {
    let p = map.presumed(r.at.lo);
    let mut s = format!("{}({}): {}", map.file_name(p.file), p.line, r.what);
    if let Some(e) = r.expected {
        s += &format!(" [expected \"{e}\"]");
    }
    let line = String::from_utf8_lossy(map.physical_line_text(r.at.lo));
    s += &format!("\n      | {}", line.trim_end());
    s
}

/// The diagnostics configuration `cudafe` derives from its options.
pub fn diag_config(o: &Options) -> DiagConfig {
    DiagConfig {
        output_mode: o.output_mode,
        display_error_number: o.display_error_number,
        min_severity: o.min_severity,
        promote_warnings: o.promote_warnings,
        error_limit: o.error_limit,
        brief: o.brief_diagnostics,
        wrap: o.wrap_diagnostics,
        colors: None,
    }
}

/// Reads cudafe++'s command line `args` (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let parsed = options::parse(args, &mut out, &mut err);
    if let Some(stop) = parsed.stop {
        return Err(format!(
            "cudafe++'s command line {args:?} does not run the front end: {stop:?}"
        ));
    }
    Ok(parsed.options)
}

/// Compiles `job`'s preprocessed input (relative to `cwd`) in-process twice, skipping the
/// system headers' inert function bodies (as `cudafe` does) and parsing every body
/// (`--parse_all_bodies`), and requires the same exit status, diagnostics, host file,
/// module id and stub file of both.
pub fn lazy_bodies_agree(cwd: &Path, job: &FrontendJob) -> Result<(), String> {
    use cudafe_core::driver::{self, Process};
    let mut opts = parse_args(&job.cudafe.args)?;
    opts.write_stub_file = Some("stub.c".into());
    let input = cwd.join(&job.input);
    let text = std::fs::read(&input).map_err(|e| format!("reading {}: {e}", input.display()))?;
    // One process for both: the module id of a unit without a definition depends on it.
    let process = Process {
        cwd: cwd.to_path_buf(),
        pid: 4242,
        start: std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000),
    };
    let lazy = driver::compile(&opts, text.clone(), &process);
    opts.parse_all_bodies = true;
    let full = driver::compile(&opts, text, &process);
    let what = |s: &str| {
        format!(
            "{}: {s} differs between skipping system headers' inert bodies and parsing them all",
            job.source_name
        )
    };
    if lazy.status != full.status || lazy.diagnostics != full.diagnostics {
        return Err(format!(
            "{}\n--- skipping:\n{}\n--- parsing all:\n{}",
            what("the diagnostics"),
            String::from_utf8_lossy(&lazy.diagnostics),
            String::from_utf8_lossy(&full.diagnostics)
        ));
    }
    match (&lazy.outputs, &full.outputs) {
        (None, None) => Ok(()),
        (Some(l), Some(f)) => {
            if l.module_id != f.module_id {
                return Err(what("the module id"));
            }
            if l.stub_file != f.stub_file {
                return Err(what("the stub file"));
            }
            if l.host_file != f.host_file {
                let (l, f) = (&l.host_file, &f.host_file);
                let at = l.iter().zip(f.iter()).take_while(|(a, b)| a == b).count();
                let line = l[..at].iter().filter(|&&b| b == b'\n').count() + 1;
                return Err(what(&format!("the host file (from its line {line})")));
            }
            Ok(())
        }
        _ => Err(what("whether outputs are written")),
    }
}

/// Runs the front end in-process on `job`'s preprocessed input (relative to `cwd`), with the
/// options of its cudafe++ command line, as `cudafe` would.
pub fn analyze_job(cwd: &Path, job: &FrontendJob) -> Result<InProcess, String> {
    analyze_job_with(cwd, job, |_| {})
}

/// [`analyze_job`] with the options changed by `edit` first.
pub fn analyze_job_with(
    cwd: &Path,
    job: &FrontendJob,
    edit: impl FnOnce(&mut Options),
) -> Result<InProcess, String> {
    let mut opts = parse_args(&job.cudafe.args)?;
    edit(&mut opts);
    let input = cwd.join(&job.input);
    let text = std::fs::read(&input).map_err(|e| format!("reading {}: {e}", input.display()))?;
    Ok(analyze_text(&opts, &input.to_string_lossy(), text))
}

/// Runs the front end in-process on `text` with `opts`.
pub fn analyze_text(opts: &Options, name: &str, text: Vec<u8>) -> InProcess {
    let out = SharedBuffer::new();
    let mut engine = DiagEngine::with_writer(diag_config(opts), Box::new(out.clone()));
    for &(level, id) in &opts.diag_controls {
        engine.command_line_control(id, level);
    }
    if let Some(n) = opts.primary_name() {
        engine.set_primary_name(n.as_encoded_bytes());
    }
    engine.start();
    let map = Arc::new(SourceMap::new(name, text));
    engine.set_source_map(map.clone());
    let analysis = frontend::analyze(&map, &FrontendOptions::from_options(opts), &mut engine);
    let status = engine.finish();
    InProcess {
        map,
        analysis,
        stderr: out.text(),
        counts: engine.counts(),
        status,
    }
}
