//! The engine: decides whether and how each diagnostic is shown, writes it, counts it, and
//! ends the compilation with the summary and exit status.

use std::collections::HashSet;
use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use super::color::{Category, Palette};
use super::control::{DiagControl, Level, PopWithoutPush, PragmaAction};
use super::format::{self, Arg, PosArg};
use super::render;
use super::sarif;
use super::{DiagId, Severity, ids};
use crate::source_map::{Offset, SourceMap};

/// Where a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Location {
    /// Nowhere: `Command-line error: ...`, `Remark: ...`.
    #[default]
    None,
    /// At a byte of the preprocessed text: `x.cu(7): ...`, the source line and a caret.
    At(Offset),
    /// On the line of that byte, without a column (`x.cu(1): catastrophic error: cannot open
    /// module id file ...`): no source line, no caret, no SARIF `startColumn`.
    LineOf(Offset),
    /// `At end of source: ...`.
    EndOfSource,
}

impl Location {
    fn offset(self) -> Option<Offset> {
        match self {
            Location::At(o) | Location::LineOf(o) => Some(o),
            Location::None | Location::EndOfSource => None,
        }
    }
}

impl From<Offset> for Location {
    fn from(o: Offset) -> Location {
        Location::At(o)
    }
}

/// A `detected during ...` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    pub text: Vec<u8>,
    /// Rendered after the text as ` at line N` or ` at line N of FILE`.
    pub pos: Option<PosArg>,
}

/// A diagnostic to emit: built with [`Diagnostic::new`] and the `arg_*` methods, emitted with
/// [`DiagEngine::emit`] (or through [`DiagEngine::diag`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub id: DiagId,
    /// The severity the call site raises it with; `None` takes the catalogue's.
    pub severity: Option<Severity>,
    pub location: Location,
    pub args: Vec<Arg>,
    /// Lines printed under the first line, indented by twelve spaces (the candidates of an
    /// ambiguous option, `function "P::f" is a pure virtual function`, ...). Not in SARIF.
    pub details: Vec<Vec<u8>>,
    /// `detected during ...` lines, innermost first. Not in SARIF.
    pub contexts: Vec<Context>,
    /// Notes printed right after it (`note #2431-D: ...`); SARIF `relatedLocations`.
    pub notes: Vec<Diagnostic>,
}

macro_rules! arg_methods {
    () => {
        /// Raise it with this severity instead of the catalogue's default (EDG chooses the
        /// severity per call site; `expected a ","` is an error in code, a warning in a pragma).
        pub fn severity(mut self, severity: Severity) -> Self {
            self.inner().severity = Some(severity);
            self
        }

        /// The next `%s`/`%sq` fill-in.
        pub fn arg_str(mut self, s: impl AsRef<[u8]>) -> Self {
            self.inner().args.push(Arg::Str(s.as_ref().to_vec()));
            self
        }

        /// The next `%n` fill-in, already rendered (`function "B::f"`, `"r8"`).
        pub fn arg_entity(mut self, s: impl AsRef<[u8]>) -> Self {
            self.inner().args.push(Arg::Entity(s.as_ref().to_vec()));
            self
        }

        /// The next `%t` fill-in, already rendered.
        pub fn arg_type(mut self, s: impl AsRef<[u8]>) -> Self {
            self.inner().args.push(Arg::Type(s.as_ref().to_vec()));
            self
        }

        /// The next `%p` fill-in: `at line N`, or `at line N of FILE` when it is in another
        /// file than the diagnostic.
        pub fn arg_pos(mut self, at: Offset) -> Self {
            self.inner().args.push(Arg::Pos(PosArg::At(at)));
            self
        }

        /// The next `%d`/`%u` fill-in.
        pub fn arg_int(mut self, v: i64) -> Self {
            self.inner().args.push(Arg::Int(v));
            self
        }

        /// A line under the first one, indented by twelve spaces.
        pub fn detail(mut self, text: impl AsRef<[u8]>) -> Self {
            self.inner().details.push(text.as_ref().to_vec());
            self
        }

        /// A `detected during <text>[ at line N[ of FILE]]` line; add them innermost first.
        pub fn context(mut self, text: impl AsRef<[u8]>, at: Option<Offset>) -> Self {
            self.inner().contexts.push(Context {
                text: text.as_ref().to_vec(),
                pos: at.map(PosArg::At),
            });
            self
        }

        /// Attaches a note (its own id, position and fill-ins).
        pub fn note(mut self, note: Diagnostic) -> Self {
            self.inner().notes.push(note);
            self
        }
    };
}

impl Diagnostic {
    pub fn new(id: DiagId, at: impl Into<Location>) -> Diagnostic {
        Diagnostic {
            id,
            severity: None,
            location: at.into(),
            args: Vec::new(),
            details: Vec::new(),
            contexts: Vec::new(),
            notes: Vec::new(),
        }
    }

    fn inner(&mut self) -> &mut Diagnostic {
        self
    }

    arg_methods!();
}

/// A diagnostic being built against an engine; [`Pending::emit`] sends it.
#[must_use = "a diagnostic is only reported by .emit()"]
pub struct Pending<'a> {
    engine: &'a mut DiagEngine,
    diag: Diagnostic,
}

impl Pending<'_> {
    fn inner(&mut self) -> &mut Diagnostic {
        &mut self.diag
    }

    arg_methods!();

    pub fn emit(self) {
        self.engine.emit(self.diag);
    }
}

/// `--output_mode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputMode {
    #[default]
    Text,
    Sarif,
}

/// The options that shape diagnostic output.
#[derive(Debug, Clone)]
pub struct DiagConfig {
    pub output_mode: OutputMode,
    /// `--display_error_number`: `warning #20092-D:` and the one-time
    /// `Remark: The warnings can be suppressed ...`.
    pub display_error_number: bool,
    /// Diagnostics below this are not shown: warning by default, remark with `--remarks`,
    /// error with `-w`/`--no_warnings` (whichever comes last).
    pub min_severity: Severity,
    /// `--promote_warnings`: warnings show as `error #N-D` and count as errors.
    pub promote_warnings: bool,
    /// `--error_limit` (100): after that many errors, `Error limit reached.` and stop.
    pub error_limit: u64,
    /// `--brief_diagnostics`: no source line, caret or blank line.
    pub brief: bool,
    /// `--wrap_diagnostics`: wrap the first line at 79 columns.
    pub wrap: bool,
    /// Colors for text output (a terminal; see [`super::color`]).
    pub colors: Option<Palette>,
}

impl Default for DiagConfig {
    fn default() -> DiagConfig {
        DiagConfig {
            output_mode: OutputMode::Text,
            display_error_number: false,
            min_severity: Severity::Warning,
            promote_warnings: false,
            error_limit: 100,
            brief: false,
            wrap: false,
            colors: None,
        }
    }
}

/// How many diagnostics were shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Errors, discretionary or not, and promoted warnings.
    pub errors: u64,
    /// Catastrophes, command-line errors and internal errors.
    pub catastrophes: u64,
    pub warnings: u64,
    pub remarks: u64,
}

/// Why the compilation stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// A catastrophic or command-line error: `Compilation terminated.`, status 4.
    Catastrophe,
    /// An internal error: `Compilation aborted.`, status 134 (cudafe++ calls abort()).
    Internal,
    /// `Error limit reached.`: status 4.
    ErrorLimit,
}

/// A `Write` that appends to a shared buffer, for capturing output in tests.
#[derive(Debug, Clone, Default)]
pub struct SharedBuffer(pub Arc<Mutex<Vec<u8>>>);

impl SharedBuffer {
    pub fn new() -> SharedBuffer {
        SharedBuffer::default()
    }

    /// Everything written so far.
    pub fn contents(&self) -> Vec<u8> {
        self.0.lock().unwrap().clone()
    }

    /// Everything written so far, as text (lossily).
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.contents()).into_owned()
    }
}

impl Write for SharedBuffer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The diagnostics engine.
///
/// Diagnostics are written the moment they are emitted, in emission order. After a
/// catastrophe, an internal error or the error limit the engine is [stopped](Self::stopped):
/// further emissions are ignored, and the front end should wind down and call
/// [`finish`](Self::finish).
pub struct DiagEngine {
    config: DiagConfig,
    control: DiagControl,
    map: Option<Arc<SourceMap>>,
    out: Box<dyn Write + Send>,
    counts: Counts,
    /// Diagnostics shown at least once (for `once`).
    shown: HashSet<u32>,
    suppression_hint_done: bool,
    sarif_header_written: bool,
    primary_name: Option<Vec<u8>>,
    cwd: Vec<u8>,
    stop: Option<Stop>,
}

impl DiagEngine {
    /// An engine writing to stderr.
    pub fn new(config: DiagConfig) -> DiagEngine {
        DiagEngine::with_writer(config, Box::new(io::stderr()))
    }

    /// An engine writing to `out`.
    pub fn with_writer(config: DiagConfig, out: Box<dyn Write + Send>) -> DiagEngine {
        let cwd = std::env::current_dir()
            .map(|p| {
                use std::os::unix::ffi::OsStrExt;
                p.as_os_str().as_bytes().to_vec()
            })
            .unwrap_or_else(|_| b"/".to_vec());
        DiagEngine {
            config,
            control: DiagControl::new(),
            map: None,
            out,
            counts: Counts::default(),
            shown: HashSet::new(),
            suppression_hint_done: false,
            sarif_header_written: false,
            primary_name: None,
            cwd,
            stop: None,
        }
    }

    pub fn config(&self) -> &DiagConfig {
        &self.config
    }

    pub fn config_mut(&mut self) -> &mut DiagConfig {
        &mut self.config
    }

    pub fn control(&self) -> &DiagControl {
        &self.control
    }

    pub fn control_mut(&mut self) -> &mut DiagControl {
        &mut self.control
    }

    /// The directory SARIF URIs of relative file names are resolved against (the process's
    /// working directory by default).
    pub fn set_cwd(&mut self, cwd: impl AsRef<[u8]>) {
        self.cwd = cwd.as_ref().to_vec();
    }

    /// The name in `... detected in the compilation of "NAME".` (`--orig_src_file_name`, or
    /// the input file); until it is set the summary says `in this compilation`.
    pub fn set_primary_name(&mut self, name: impl AsRef<[u8]>) {
        self.primary_name = Some(name.as_ref().to_vec());
    }

    /// The translation unit, for positions.
    pub fn set_source_map(&mut self, map: Arc<SourceMap>) {
        self.map = Some(map);
    }

    pub fn source_map(&self) -> Option<&Arc<SourceMap>> {
        self.map.as_ref()
    }

    /// Called once the command line has been read: in SARIF mode, writes the log's header.
    /// (Diagnostics about the command line itself come before it, as in cudafe++.)
    pub fn start(&mut self) {
        if self.config.output_mode == OutputMode::Sarif && !self.sarif_header_written {
            self.sarif_header_written = true;
            self.write(sarif::HEADER.as_bytes());
        }
    }

    /// Registers a `#pragma nv_diag_*` / `nv_diagnostic` met at `offset`.
    pub fn pragma(&mut self, offset: Offset, action: PragmaAction) -> Result<(), PopWithoutPush> {
        self.control.pragma(offset, action)
    }

    /// Starts a diagnostic: `engine.diag(ids::UNDEFINED_IDENTIFIER, at).arg_str(name).emit()`.
    pub fn diag(&mut self, id: DiagId, at: impl Into<Location>) -> Pending<'_> {
        Pending {
            engine: self,
            diag: Diagnostic::new(id, at),
        }
    }

    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// Has the compilation been stopped (catastrophe, internal error, error limit)?
    pub fn stopped(&self) -> Option<Stop> {
        self.stop
    }

    /// Were errors (or worse) reported? Then no output files are written.
    pub fn has_errors(&self) -> bool {
        self.counts.errors + self.counts.catastrophes > 0
    }

    /// Writes bytes straight to the diagnostic stream (the `--timing` lines).
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.write(bytes);
    }

    fn write(&mut self, bytes: &[u8]) {
        // Diagnostics are best effort: a closed stderr must not stop the compilation.
        let _ = self.out.write_all(bytes);
        let _ = self.out.flush();
    }

    /// Would diagnostic `id`, raised with its default severity at `at`, be shown? For call
    /// sites whose fill-ins are expensive to render. (`once` is not taken into account.)
    pub fn enabled(&self, id: DiagId, at: impl Into<Location>) -> bool {
        if self.stop.is_some() {
            return false;
        }
        let offset = at.into().offset();
        let severity = self.control.resolve(id, id.default_severity(), offset);
        let in_system_header = offset
            .zip(self.map.as_ref())
            .is_some_and(|(o, map)| map.is_system(o));
        severity != Severity::Suppressed
            && severity >= self.config.min_severity
            && !(severity.is_discretionary() && in_system_header)
    }

    /// Reports a diagnostic.
    pub fn emit(&mut self, diag: Diagnostic) {
        self.emit_with_floor(diag, self.config.min_severity);
    }

    fn emit_with_floor(&mut self, diag: Diagnostic, floor: Severity) {
        if self.stop.is_some() {
            return;
        }
        let base = diag.severity.unwrap_or_else(|| diag.id.default_severity());
        let offset = diag.location.offset();
        let severity = self.control.resolve(diag.id, base, offset);
        if severity == Severity::Suppressed {
            return;
        }
        // In system headers only hard errors and worse are shown (and counted).
        if severity.is_discretionary()
            && let (Some(o), Some(map)) = (offset, &self.map)
            && map.is_system(o)
        {
            return;
        }
        if severity < floor {
            return;
        }
        if severity.is_discretionary()
            && self.control.is_once(diag.id)
            && self.shown.contains(&diag.id.0)
        {
            return;
        }
        self.shown.insert(diag.id.0);
        let promoted = self.config.promote_warnings
            && (Severity::Warning..=Severity::DiscretionaryError).contains(&severity);
        let counted = if promoted {
            Severity::DiscretionaryError
        } else {
            severity
        };
        match counted {
            Severity::Remark => self.counts.remarks += 1,
            Severity::Warning | Severity::CommandLineWarning => self.counts.warnings += 1,
            s if s.is_error() => self.counts.errors += 1,
            s if s.is_fatal() => self.counts.catastrophes += 1,
            _ => {}
        }

        if self.config.output_mode == OutputMode::Sarif && counted.sarif_level().is_none() {
            // cudafe++ has no SARIF level for command-line diagnostics: it fails an assertion
            // while writing one, which it reports as an internal error.
            self.emit_with_floor(
                Diagnostic::new(ids::ASSERTION_FAILURE, Location::None)
                    .severity(Severity::InternalError)
                    .arg_str(
                        "assertion failed: determine_severity_code: bad severity (error.c, line 4886 in write_sarif_level)\n",
                    ),
                floor,
            );
            return;
        }

        // A note whose severity was changed by an option or pragma: cudafe++ asserts when
        // it is suppressed, and prints the whole diagnostic twice otherwise.
        let mut repeat = 1;
        for note in &diag.notes {
            let note_offset = note.location.offset();
            if !self.control.is_overridden(note.id, note_offset) {
                continue;
            }
            let s = self.control.resolve(note.id, Severity::Note, note_offset);
            if s == Severity::Suppressed {
                self.emit_with_floor(
                    Diagnostic::new(ids::ASSERTION_FAILURE, note.location)
                        .severity(Severity::InternalError)
                        .arg_str(
                            "assertion failed: determine_severity_code: bad severity (error.c, line 3153 in determine_severity_code)\n",
                        ),
                    floor,
                );
                return;
            }
            repeat = 2;
        }

        let mut buf = Vec::new();
        match self.config.output_mode {
            OutputMode::Text => {
                for _ in 0..repeat {
                    self.render_text(&mut buf, &diag, severity, promoted);
                }
            }
            OutputMode::Sarif => self.render_sarif(&mut buf, &diag, counted),
        }
        self.write(&buf);

        if severity.is_fatal() {
            self.stop = Some(if severity == Severity::InternalError {
                Stop::Internal
            } else {
                Stop::Catastrophe
            });
            return;
        }
        if self.counts.errors + self.counts.catastrophes >= self.config.error_limit {
            self.write(b"Error limit reached.\n");
            self.stop = Some(Stop::ErrorLimit);
            return;
        }
        if severity == Severity::Warning
            && self.config.display_error_number
            && !self.suppression_hint_done
        {
            self.suppression_hint_done = true;
            self.emit_with_floor(
                Diagnostic::new(ids::SUPRESS_WARNING, Location::None).severity(Severity::Remark),
                Severity::Remark,
            );
        }
    }

    /// `FILE(LINE)` parts of a position: the presumed file and line.
    fn place(&self, o: Offset) -> Option<(crate::source_map::FileId, u32)> {
        let p = self.map.as_ref()?.presumed(o);
        Some((p.file, p.line))
    }

    fn pos_text(&self, here: Option<Offset>, pos: PosArg) -> Vec<u8> {
        match pos {
            PosArg::EndOfSource => b"(at end of source)".to_vec(),
            PosArg::At(o) => {
                let Some((file, line)) = self.place(o) else {
                    return Vec::new();
                };
                let mut out = format!("at line {line}").into_bytes();
                let same_file = here.and_then(|h| self.place(h)).map(|(f, _)| f) == Some(file);
                if !same_file && let Some(map) = &self.map {
                    out.extend_from_slice(b" of ");
                    out.extend_from_slice(map.file_name(file).as_bytes());
                }
                out
            }
        }
    }

    fn message(&self, diag: &Diagnostic) -> Vec<u8> {
        let here = diag.location.offset();
        let palette = match self.config.output_mode {
            OutputMode::Text => self.config.colors.as_ref(),
            OutputMode::Sarif => None,
        };
        format::expand(
            diag.id.text(),
            &diag.args,
            &|p| self.pos_text(here, p),
            palette,
        )
    }

    fn render_text(
        &self,
        out: &mut Vec<u8>,
        diag: &Diagnostic,
        severity: Severity,
        promoted: bool,
    ) {
        self.render_one(out, diag, severity, promoted);
        for note in &diag.notes {
            let s = self
                .control
                .resolve(note.id, Severity::Note, note.location.offset());
            self.render_one(out, note, s, false);
        }
        if !self.config.brief {
            out.push(b'\n');
        }
    }

    /// The first line, detail lines, source line and caret, context lines.
    fn render_one(&self, out: &mut Vec<u8>, diag: &Diagnostic, severity: Severity, promoted: bool) {
        let label = if promoted { "error" } else { severity.label() };
        let number = if self.config.display_error_number && severity < Severity::DiscretionaryError
        {
            format!(" #{}-D", diag.id.display_number())
        } else {
            String::new()
        };
        let colors = self.config.colors.as_ref();
        let category = match (promoted, severity) {
            (true, _) => Category::Error,
            (_, Severity::Note | Severity::Remark) => Category::Note,
            (_, Severity::Warning | Severity::CommandLineWarning) => Category::Warning,
            _ => Category::Error,
        };
        let paint = |out: &mut Vec<u8>, c: Category, text: &[u8]| match colors {
            Some(p) => p.paint(out, c, text),
            None => out.extend_from_slice(text),
        };
        let mut first = Vec::new();
        let locus = |out: &mut Vec<u8>, text: &[u8]| {
            if colors.is_some() {
                paint(out, Category::Locus, b"");
            }
            paint(out, Category::Locus, text);
            out.extend_from_slice(b": ");
        };
        match diag.location {
            Location::None => {
                let label = if promoted {
                    "Error"
                } else {
                    severity.capitalized_label()
                };
                if colors.is_some() {
                    paint(&mut first, category, b"");
                }
                paint(&mut first, category, label.as_bytes());
            }
            Location::EndOfSource => {
                locus(&mut first, b"At end of source");
                paint(&mut first, category, label.as_bytes());
                first.extend_from_slice(number.as_bytes());
            }
            Location::At(o) | Location::LineOf(o) => {
                if let (Some((file, line)), Some(map)) = (self.place(o), &self.map) {
                    let name = map.file_name(file);
                    if name == "-" {
                        // Standard input has no name: `Line 1: error: ...`.
                        locus(&mut first, format!("Line {line}").as_bytes());
                    } else {
                        locus(&mut first, format!("{name}({line})").as_bytes());
                    }
                }
                paint(&mut first, category, label.as_bytes());
                first.extend_from_slice(number.as_bytes());
            }
        }
        first.extend_from_slice(b": ");
        first.extend_from_slice(&self.message(diag));
        if self.config.wrap {
            first = render::wrap(&first, 79);
        }
        out.extend_from_slice(&first);
        out.push(b'\n');
        let quoted = |out: &mut Vec<u8>, text: &[u8]| match colors {
            Some(p) => p.paint_quoted(out, text),
            None => out.extend_from_slice(text),
        };
        for d in &diag.details {
            out.extend_from_slice(b"            ");
            quoted(out, d);
            out.push(b'\n');
        }
        if let (Location::At(o), Some(map), false) = (diag.location, &self.map, self.config.brief) {
            let line = map.physical_line_text(o);
            let start = map.physical(o).line_start;
            let (_, prefix) = render::caret_prefix(line, (o - start) as usize);
            out.extend_from_slice(b"  ");
            out.extend_from_slice(line);
            out.extend_from_slice(b"\n  ");
            out.extend_from_slice(&prefix);
            out.extend_from_slice(b"^\n");
        }
        let here = diag.location.offset();
        let context_text = |c: &Context| {
            let mut t = Vec::new();
            quoted(&mut t, &c.text);
            if let Some(p) = c.pos {
                t.push(b' ');
                paint(&mut t, Category::Range1, &self.pos_text(here, p));
            }
            t
        };
        match diag.contexts.as_slice() {
            [] => {}
            [one] => {
                out.extend_from_slice(b"          detected during ");
                out.extend_from_slice(&context_text(one));
                out.push(b'\n');
            }
            many => {
                out.extend_from_slice(b"          detected during:\n");
                for c in many {
                    out.extend_from_slice(b"            ");
                    out.extend_from_slice(&context_text(c));
                    out.push(b'\n');
                }
            }
        }
    }

    fn region(&self, location: Location) -> Option<sarif::Region> {
        let (o, with_column) = match location {
            Location::At(o) => (o, true),
            Location::LineOf(o) => (o, false),
            Location::None | Location::EndOfSource => return None,
        };
        let map = self.map.as_ref()?;
        let p = map.presumed(o);
        let column = with_column.then(|| {
            let start = map.physical(o).line_start;
            render::caret_prefix(map.physical_line_text(o), (o - start) as usize).0 + 1
        });
        Some(sarif::Region {
            uri: sarif::file_uri(&self.cwd, map.file_name(p.file).as_bytes()),
            line: p.line,
            column,
        })
    }

    fn render_sarif(&self, out: &mut Vec<u8>, diag: &Diagnostic, counted: Severity) {
        if self.counts.errors + self.counts.catastrophes >= 2 {
            out.push(b',');
        }
        let notes: Vec<(Vec<u8>, Option<sarif::Region>)> = diag
            .notes
            .iter()
            .map(|n| (self.message(n), self.region(n.location)))
            .collect();
        let related: Vec<sarif::Related<'_>> = notes
            .iter()
            .map(|(text, region)| sarif::Related {
                text,
                region: region.clone(),
            })
            .collect();
        sarif::result(
            out,
            diag.id.0,
            counted.sarif_level().unwrap_or("error"),
            &self.message(diag),
            self.region(diag.location).as_ref(),
            &related,
        );
    }

    /// Ends the diagnostic output: in text mode the summary line (`2 errors detected in the
    /// compilation of "x.cu".`, plus `Compilation terminated.` or `Compilation aborted.` after
    /// a stop), in SARIF mode the log's footer. Returns the exit status: 0, 2 (errors), 4
    /// (catastrophe, command-line error, error limit) or 134 (internal error).
    pub fn finish(&mut self) -> i32 {
        let status = self.exit_status();
        match self.config.output_mode {
            OutputMode::Sarif => self.write(sarif::FOOTER.as_bytes()),
            OutputMode::Text => {
                if self.has_errors() {
                    let line = render::summary_line(
                        self.counts.errors,
                        self.counts.catastrophes,
                        self.primary_name.as_deref(),
                    );
                    self.write(&line);
                }
                match self.stop {
                    Some(Stop::Catastrophe | Stop::ErrorLimit) => {
                        self.write(b"Compilation terminated.\n")
                    }
                    Some(Stop::Internal) => self.write(b"Compilation aborted.\n"),
                    None => {}
                }
            }
        }
        status
    }

    /// The exit status [`finish`](Self::finish) will return.
    pub fn exit_status(&self) -> i32 {
        match self.stop {
            Some(Stop::Internal) => 134,
            Some(Stop::Catastrophe | Stop::ErrorLimit) => 4,
            None if self.has_errors() => 2,
            None => 0,
        }
    }

    /// Applies `--diag_suppress|remark|warning|error=<id>` and `--diag_once=<id>`.
    pub fn command_line_control(&mut self, id: DiagId, level: Option<Level>) {
        match level {
            Some(level) => self.control.set_command_line(id, level),
            None => self.control.set_once(id),
        }
    }
}
