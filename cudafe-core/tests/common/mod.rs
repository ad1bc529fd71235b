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

/// Runs the front end in-process on `job`'s preprocessed input (relative to `cwd`), with the
/// options of its cudafe++ command line, as `cudafe` would.
pub fn analyze_job(cwd: &Path, job: &FrontendJob) -> Result<InProcess, String> {
    let opts = parse_args(&job.cudafe.args)?;
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
