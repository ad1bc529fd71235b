//! The front end in-process: what the `cudafe` binary does with a preprocessed translation
//! unit, without writing a file.
//!
//! ```no_run
//! use cudafe_core::{driver, options};
//! let args = ["--c++17", "--gen_c_file_name", "k.cudafe1.cpp", "k.cpp4.ii"];
//! let parsed = options::parse(args, &mut std::io::sink(), &mut std::io::sink());
//! assert!(parsed.stop.is_none());
//! let text = std::fs::read("k.cpp4.ii").unwrap();
//! let run = driver::compile(&parsed.options, text, &driver::Process::current(std::time::SystemTime::now()));
//! if run.status == 0 {
//!     let host = run.outputs.unwrap().host_file;
//! }
//! ```
//!
//! [`compile`] runs the whole unit: analysis, diagnostics (captured as they would be
//! printed), and — when there is no error — the module id, the host file and the stub file.
//! [`back_end`] is the part after the analysis, which the binary shares.

use std::os::unix::ffi::OsStrExt as _;
use std::sync::Arc;

use crate::diag::{DiagConfig, DiagEngine, SharedBuffer};
use crate::emit;
use crate::frontend::{self, Analysis, FrontendOptions};
use crate::options::Options;
use crate::source_map::SourceMap;

pub use crate::emit::module_id::Process;

/// The outputs of an error-free translation unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outputs {
    /// The module id (`--module_id_file_name`).
    pub module_id: String,
    /// The host file (`--gen_c_file_name`).
    pub host_file: Vec<u8>,
    /// Our stub file (`--write_stub_file`), when asked for.
    pub stub_file: Option<String>,
}

/// The result of [`compile`].
#[derive(Debug, Clone)]
pub struct Run {
    /// The exit status the binary would have (0, or 2 after errors, 4 after a catastrophe,
    /// 134 after an internal error).
    pub status: i32,
    /// The diagnostics, exactly as the binary prints them on stderr (without colors).
    pub diagnostics: Vec<u8>,
    /// `None` when the unit had errors (the binary then writes nothing).
    pub outputs: Option<Outputs>,
}

/// The diagnostics configuration the command line asks for (colors off: they are chosen
/// after the command line has been read).
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

/// The module id, host file and (when `want_stub`) stub file of an analysed, error-free
/// unit. In separate compilation the host file is made again when the module id it must
/// name (the one known at its first internal reference) differs from the final one.
pub fn back_end(
    opts: &Options,
    analysis: &Analysis,
    map: &SourceMap,
    process: &Process,
    want_stub: bool,
) -> Outputs {
    let file_name = opts.primary_name().unwrap_or_default();
    let path_name = opts.orig_src_path_name.as_deref();
    let mut hopts = emit::host::HostOptions {
        device_hidden_visibility: opts.device_hidden_visibility,
        static_host_stub: opts.static_host_stub,
        device_c: opts.device_c,
        reference_arrays: opts.device_c || opts.partial_link,
        extended_lambda: opts.extended_lambda,
        debug_mode: opts.debug_mode,
        stub_file_name: opts
            .stub_file_name
            .as_ref()
            .map(|s| s.to_string_lossy().into_owned()),
        module_id: emit::module_id::module_id(analysis, map, file_name, path_name, process),
    };
    let mut host = emit::host::emit(analysis, map, &hopts);
    if let Some(at) = host.first_internal_reference {
        let early = emit::module_id::module_id_before(
            analysis,
            map,
            file_name,
            path_name,
            process,
            Some(at),
        );
        if early != hopts.module_id {
            hopts.module_id = early;
            host = emit::host::emit(analysis, map, &hopts);
        }
    }
    let stub_file = want_stub.then(|| stub_file(opts, analysis, map, &hopts.module_id));
    Outputs {
        module_id: hopts.module_id,
        host_file: host.text,
        stub_file,
    }
}

/// Our stub file. The fatbinary it includes is `--include_file_name`, else the name that
/// goes with the stub file's (`X.cudafe1.stub.c` → `X.fatbin.c`).
fn stub_file(opts: &Options, analysis: &Analysis, map: &SourceMap, module_id: &str) -> String {
    let fatbin_name = match &opts.include_file_name {
        Some(f) => f.to_string_lossy().into_owned(),
        None => {
            let stub = opts
                .write_stub_file
                .as_ref()
                .or(opts.stub_file_name.as_ref())
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            emit::stub::fatbin_name_for(&stub)
        }
    };
    let sopts = emit::stub::StubOptions {
        device_c: opts.device_c,
        static_host_stub: opts.static_host_stub,
        device_hidden_visibility: opts.device_hidden_visibility,
        module_id: module_id.to_string(),
        fatbin_name,
    };
    frontend::on_front_end_stack(|| emit::stub::stub_file(analysis, map, &sopts)).text
}

/// Runs the front end on `text`, the preprocessed unit named by `opts.input`, as the
/// binary would with the same command line — but writes nothing: the diagnostics are
/// captured, and the outputs returned. The stub file is made when `opts.write_stub_file`
/// or `opts.stub_file_name` is set. `process` gives the working directory (for a relative
/// source name) and the process id and start time (for the module id of a unit without an
/// eligible definition).
pub fn compile(opts: &Options, text: Vec<u8>, process: &Process) -> Run {
    let buffer = SharedBuffer::new();
    let mut engine = DiagEngine::with_writer(diag_config(opts), Box::new(buffer.clone()));
    for &(level, id) in &opts.diag_controls {
        engine.command_line_control(id, level);
    }
    if opts.input.as_deref().is_some_and(|i| i != "-")
        && let Some(name) = opts.primary_name()
    {
        engine.set_primary_name(name.as_bytes());
    }
    engine.start();
    let input = opts
        .input
        .as_ref()
        .map(|i| i.to_string_lossy().into_owned())
        .unwrap_or_else(|| "-".into());
    let map = Arc::new(SourceMap::new(&input, text));
    engine.set_source_map(map.clone());
    let fopts = FrontendOptions::from_options(opts);
    let want_stub = opts.write_stub_file.is_some() || opts.stub_file_name.is_some();
    // The analysis is made, used and dropped on the front end's stack: its syntax tree is
    // walked and dropped recursively.
    let (status, outputs) = frontend::on_front_end_stack(|| {
        let analysis = frontend::analyze_here(&map, &fopts, &mut engine);
        let outputs = (engine.stopped().is_none() && !engine.has_errors())
            .then(|| back_end(opts, &analysis, &map, process, want_stub));
        drop(analysis);
        (engine.finish(), outputs)
    });
    Run {
        status,
        diagnostics: buffer.contents(),
        outputs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options;

    fn parse(args: &[&str]) -> Options {
        let p = options::parse(
            args.iter().copied(),
            &mut std::io::sink(),
            &mut std::io::sink(),
        );
        assert!(p.stop.is_none());
        p.options
    }

    #[test]
    fn compiles_in_process() {
        let opts = parse(&[
            "--c++17",
            "--static-host-stub",
            "--device-hidden-visibility",
            "--orig_src_file_name",
            "k.cu",
            "--gen_c_file_name",
            "k.cudafe1.cpp",
            "--stub_file_name",
            "k.cudafe1.stub.c",
            "--gen_module_id_file",
            "--module_id_file_name",
            "k.module_id",
            "k.cpp4.ii",
        ]);
        let text = b"# 1 \"k.cu\"\n__attribute__((global)) void k(int *p) { *p = 1; }\n".to_vec();
        let run = compile(&opts, text, &Process::current(std::time::SystemTime::now()));
        assert_eq!(
            run.status,
            0,
            "{}",
            String::from_utf8_lossy(&run.diagnostics)
        );
        let out = run.outputs.unwrap();
        assert!(!out.module_id.is_empty());
        let host = String::from_utf8_lossy(&out.host_file);
        assert!(host.contains("k.cudafe1.stub.c"), "{host}");
        let stub = out.stub_file.unwrap();
        assert!(stub.contains("__cudaRegisterEntry"), "{stub}");
        assert!(stub.contains("k.fatbin.c"), "{stub}");
    }

    #[test]
    fn errors_are_captured() {
        let opts = parse(&["--c++17", "--orig_src_file_name", "bad.cu", "bad.ii"]);
        let text = b"# 1 \"bad.cu\"\nint f() { return undefined_name; }\n".to_vec();
        let run = compile(&opts, text, &Process::current(std::time::SystemTime::now()));
        assert_eq!(run.status, 2);
        assert!(run.outputs.is_none());
        let d = String::from_utf8_lossy(&run.diagnostics);
        assert!(d.contains("undefined_name"), "{d}");
    }
}
