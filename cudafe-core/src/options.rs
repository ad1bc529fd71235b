//! The command line, read exactly as cudafe++ 13.0 reads it.
//!
//! * Options come before the input file; anything after it is `too many arguments on command
//!   line`. `--` ends the options; `-` is standard input.
//! * Long options (`--name`) may be abbreviated to any unique prefix (`--diag_warn` is
//!   `--diag_warning`); an exact name wins over longer names it prefixes (`--c`); an ambiguous
//!   abbreviation lists the candidates in table order. Names are case-sensitive.
//! * A value follows `=` (`--gnu_version=120200`) or is the next argument, whatever it looks
//!   like (`--orig_src_file_name --x` names a file `--x`). `--name=` with an empty value, and a
//!   value given to an option that takes none, are invalid options.
//! * Short options (`-w`, `-e5`, `-e 5`) may be grouped (`-wv`); the rest of a group after an
//!   option that takes a value is that value.
//! * `--version`, `--dump_command_options` and `--dump_configuration` print as soon as they
//!   are read (to stderr, stdout and stderr) and make a missing input file no error;
//!   `--Version`/`-V` prints its banner and stops with status 1.
//! * The first error stops the reading. The mode checks (C vs C++ options, `--no_bool`, …)
//!   run after the last option, before the missing-input check.
//!
//! Every option in the table is accepted; those the front end acts on are typed fields of
//! [`Options`], and every accepted option is also recorded in [`Options::raw`].

mod table;

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::{OsStrExt, OsStringExt};

use crate::diag::{
    ControlItemError, DiagId, Level, OutputMode, Severity, ids, resolve_control_item,
};

pub use table::OPTIONS;

/// One entry of the option table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// The long name, without `--`.
    pub name: &'static str,
    /// Takes a value.
    pub arg: bool,
    /// The one-letter form (`w` for `no_warnings`).
    pub short: Option<u8>,
    /// Listed by `--dump_command_options` but rejected as an invalid option.
    pub disabled: bool,
}

/// The `--version` banner (stderr).
pub const VERSION_BANNER: &str = "cudafe: NVIDIA (R) Cuda Language Front End\n\
Portions Copyright (c) 2005, 2024-2025 NVIDIA Corporation\n\
Portions Copyright (c) 1988-2018, 2024 Edison Design Group Inc.\n\
Based on Edison Design Group C/C++ Front End, version 6.6 (Aug 20 2025 13:59:03)\n\
Cuda compilation tools, release 13.0, V13.0.88\n";

/// The `--Version` / `-V` banner (stderr; the process then exits with status 1).
pub const VERSION_BANNER_LONG_FORM: &str = "cudafe: NVIDIA (R) Cuda Language Front End\n\
Portions Copyright (c) 2005-2025 NVIDIA Corporation\n\
Portions Copyright (c) 1988-2016 Edison Design Group Inc.\n\
Based on Edison Design Group C/C++ Front End, version 6.6 (Aug 20 2025 13:59:03)\n\
Cuda compilation tools, release 13.0, V13.0.88\n";

/// What `--dump_configuration` prints (stderr). cudafe++ prints the configuration of the
/// EDG front end it is built on; ours is a different front end and says so.
pub const CONFIGURATION: &str = concat!(
    "/* Configuration data for the cudafe-rs front end */\n",
    "/* version ",
    env!("CARGO_PKG_VERSION"),
    "; cudafe++ 13.0 command-line and output compatible. */\n"
);

/// The names `--set_flag` / `--clear_flag` accept.
pub const FLAG_NAMES: &[&str] = &[
    "suppress_inline_corresp_check",
    "allow_anon_types_in_anon_unions",
    "emulate_gnu_abi_bugs",
    "emulate_unsafe_gnu_abi_bugs",
    "warn_about_tail_padding_use",
    "reuse_tail_padding",
    "packing_applies_to_base_classes",
    "stack_referenced_include_directories",
    "space_used",
    "use_nonstd_partial_ordering",
    "no_checking_pragmas",
    "warn_on_try_statement",
    "terse_range_based_for_enabled",
    "relaxed_constexpr",
    "constexpr_implies_const",
    "mangle_had_been_implicitly_const",
    "coroutines",
    "suppress_deferral_on_partial_spec_members",
    "no_very_expensive_checking",
    "diag_override_does_not_affect_sfinae",
    "preload_builtin_functions",
    "gen_edg_special_types",
    "lazy_field_initializers",
    "core_constant_expr_is_noexcept",
    "null_template_ptr_arg_enabled",
    "skip_module_imports",
    "skip_module_version_check",
    "ignore_absolute_paths_for_header_units",
    "extended_float_types",
];

/// The source language.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Language {
    /// `--c89`, `--old_c`, …: C. The front end only ever gets C++ from nvcc.
    C,
    /// C++ of the given standard: 1998 (`--c++03`), 2011, 2014, 2017 (the default), 2020, 2023.
    Cxx(u16),
}

impl Language {
    /// The value of `__cplusplus`, for C++.
    pub fn cplusplus(self) -> Option<u32> {
        match self {
            Language::C => None,
            Language::Cxx(1998) => Some(199711),
            Language::Cxx(2011) => Some(201103),
            Language::Cxx(2014) => Some(201402),
            Language::Cxx(2017) => Some(201703),
            Language::Cxx(2020) => Some(202002),
            Language::Cxx(_) => Some(202302),
        }
    }
}

/// `--instantiate` / `-t`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstantiateMode {
    None,
    Used,
    All,
    Local,
}

/// The parsed command line.
#[derive(Debug, Clone)]
pub struct Options {
    /// The input file (the preprocessed translation unit); `-` is standard input.
    pub input: Option<OsString>,
    pub language: Language,
    /// `--gcc`/`--g++` (on by default) vs `--no_gcc`.
    pub gcc_mode: bool,
    /// `--clang`.
    pub clang_mode: bool,
    /// `--gnu_version=N` (gcc 12.2 is 120200).
    pub gnu_version: Option<u32>,
    /// `--clang_version=N`.
    pub clang_version: Option<u32>,
    /// `--m32` (else `--m64`, the default).
    pub m32: bool,

    // CUDA
    pub static_host_stub: bool,
    pub host_stub_linkage_explicit: bool,
    pub device_hidden_visibility: bool,
    /// `--device-c` (nvcc `-rdc=true`).
    pub device_c: bool,
    /// `--extended-lambda`.
    pub extended_lambda: bool,
    /// `--relaxed_constexpr` (nvcc `--expt-relaxed-constexpr`).
    pub relaxed_constexpr: bool,
    /// `--debug_mode` (nvcc `-G`).
    pub debug_mode: bool,
    /// `--partial-link` (nvcc `--extensible-whole-program`): whole-program compilation whose
    /// host file still lists what host code refers to, as under `--device-c`.
    pub partial_link: bool,
    pub keep_device_functions: bool,
    pub allow_managed: bool,
    pub no_host_device_initializer_list: bool,
    pub no_host_device_move_forward: bool,
    pub parse_templates: Option<bool>,
    pub instantiate: Option<InstantiateMode>,
    pub max_depth_constexpr_call: Option<u64>,
    pub max_cost_constexpr_call: Option<u64>,

    // Files
    pub orig_src_file_name: Option<OsString>,
    pub orig_src_path_name: Option<OsString>,
    /// `--gen_c_file_name`: the host output (`-` is stdout).
    pub gen_c_file_name: Option<OsString>,
    pub stub_file_name: Option<OsString>,
    pub gen_module_id_file: bool,
    pub module_id_file_name: Option<OsString>,
    pub gen_device_file_name: Option<OsString>,
    pub include_file_name: Option<OsString>,
    /// `--write_stub_file PATH`: where to write the stub file (ours, not cudafe++'s; see
    /// [`crate::emit::stub`]).
    pub write_stub_file: Option<OsString>,
    /// `--parse_all_bodies` (ours): parse every function body, system headers' included
    /// (see [`crate::syntax::parser::ParseOptions::lazy_system_bodies`]).
    pub parse_all_bodies: bool,

    // Preprocessing (EDG's own preprocessor; nvcc never passes these)
    pub include_directories: Vec<OsString>,
    pub defines: Vec<OsString>,
    pub undefines: Vec<OsString>,
    pub preincludes: Vec<OsString>,
    pub preprocess_only: bool,

    // Diagnostics
    pub output_mode: OutputMode,
    pub display_error_number: bool,
    /// `--diag_suppress|remark|warning|error|once` in order (`None` is `once`).
    pub diag_controls: Vec<(Option<Level>, DiagId)>,
    /// Warning by default; `--remarks` lowers it, `-w`/`--no_warnings` raises it (last wins).
    pub min_severity: Severity,
    pub promote_warnings: bool,
    pub error_limit: u64,
    pub brief_diagnostics: bool,
    pub wrap_diagnostics: bool,
    /// `--colors` (the default) / `--no_colors`: color diagnostics on a terminal.
    pub colors: bool,
    pub timing: bool,

    /// `--set_flag=name` (true) and `--clear_flag=name` (false), in order.
    pub set_flags: Vec<(String, bool)>,
    /// `--version`, `--dump_command_options` or `--dump_configuration` was given: without an
    /// input file, exit quietly with status 0.
    pub informational: bool,
    /// Every option accepted, in order: its table name and its value.
    pub raw: Vec<(&'static str, Option<OsString>)>,

    // For the mode checks after the last option.
    c_mode_options: bool,
    cxx_mode_options: bool,
    svr4: bool,
    long_lifetime_temps: bool,
    bool_option: Option<bool>,
    c_only_option: Option<(DiagId, Option<&'static str>)>,
    no_namespaces: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            input: None,
            language: Language::Cxx(2017),
            gcc_mode: true,
            clang_mode: false,
            gnu_version: None,
            clang_version: None,
            m32: false,
            static_host_stub: false,
            host_stub_linkage_explicit: false,
            device_hidden_visibility: false,
            device_c: false,
            extended_lambda: false,
            relaxed_constexpr: false,
            debug_mode: false,
            partial_link: false,
            keep_device_functions: false,
            allow_managed: false,
            no_host_device_initializer_list: false,
            no_host_device_move_forward: false,
            parse_templates: None,
            instantiate: None,
            max_depth_constexpr_call: None,
            max_cost_constexpr_call: None,
            orig_src_file_name: None,
            orig_src_path_name: None,
            gen_c_file_name: None,
            stub_file_name: None,
            gen_module_id_file: false,
            module_id_file_name: None,
            gen_device_file_name: None,
            include_file_name: None,
            write_stub_file: None,
            parse_all_bodies: false,
            include_directories: Vec::new(),
            defines: Vec::new(),
            undefines: Vec::new(),
            preincludes: Vec::new(),
            preprocess_only: false,
            output_mode: OutputMode::Text,
            display_error_number: false,
            diag_controls: Vec::new(),
            min_severity: Severity::Warning,
            promote_warnings: false,
            error_limit: 100,
            brief_diagnostics: false,
            wrap_diagnostics: false,
            colors: true,
            timing: false,
            set_flags: Vec::new(),
            informational: false,
            raw: Vec::new(),
            c_mode_options: false,
            cxx_mode_options: false,
            svr4: false,
            long_lifetime_temps: false,
            bool_option: None,
            c_only_option: None,
            no_namespaces: false,
        }
    }
}

impl Options {
    /// The host output file: `--gen_c_file_name`, else the input's file name (in the current
    /// directory, wherever the input is) with its last extension replaced by `.int.c`
    /// (`dir/tiny.cpp4.ii` → `tiny.cpp4.int.c`). `-` means stdout.
    pub fn host_output_name(&self) -> Option<OsString> {
        if let Some(name) = &self.gen_c_file_name {
            return Some(name.clone());
        }
        let input = self.input.as_ref()?.as_bytes();
        let name = &input[input.iter().rposition(|&b| b == b'/').map_or(0, |i| i + 1)..];
        let stem = &name[..name.iter().rposition(|&b| b == b'.').unwrap_or(name.len())];
        Some(OsString::from_vec([stem, b".int.c"].concat()))
    }

    /// The name diagnostics' summary line uses: `--orig_src_file_name`, else the input.
    pub fn primary_name(&self) -> Option<&OsStr> {
        self.orig_src_file_name.as_deref().or(self.input.as_deref())
    }
}

/// A command-line error: a catalogue diagnostic with its fill-in and detail lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandLineError {
    pub id: DiagId,
    /// The `%s` fill-in, if the message has one.
    pub arg: Option<Vec<u8>>,
    /// Lines printed under the message (the candidates of an ambiguous abbreviation).
    pub details: Vec<Vec<u8>>,
}

impl CommandLineError {
    fn new(id: DiagId, arg: Option<&[u8]>) -> CommandLineError {
        CommandLineError {
            id,
            arg: arg.map(<[u8]>::to_vec),
            details: Vec::new(),
        }
    }

    /// The message, as `Command-line error: <message>` shows it.
    pub fn message(&self) -> String {
        let args: Vec<_> = self
            .arg
            .iter()
            .map(|a| crate::diag::format::Arg::Str(a.clone()))
            .collect();
        let text = crate::diag::format::expand(self.id.text(), &args, &|_| Vec::new(), None);
        String::from_utf8_lossy(&text).into_owned()
    }
}

/// Why reading the command line stopped before the end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandLineStop {
    /// A command-line error (catastrophic, exit status 4).
    Error(CommandLineError),
    /// cudafe++ fails an internal assertion here; the text is the assertion message
    /// (`assertion failed at: "cmd_line.c", line 13345 in proc_command_line`).
    InternalError(String),
    /// Stop with this exit status; everything has been printed (`--Version`).
    Exit(i32),
}

/// The result of [`parse`]: the options read so far, and why reading stopped, if it did.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub options: Options,
    pub stop: Option<CommandLineStop>,
}

/// Reads a command line (without the program name). `--version` and friends print to `out`
/// (stdout) and `err` (stderr) as they are met.
pub fn parse<I, S>(args: I, out: &mut dyn Write, err: &mut dyn Write) -> Parsed
where
    I: IntoIterator<Item = S>,
    S: Into<OsString>,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let (args, write_stub_file) = take_write_stub_file(args);
    let mut parser = Parser {
        opts: Options {
            write_stub_file,
            ..Options::default()
        },
        args: &args,
        next: 0,
        out,
        err,
    };
    let stop = parser.run().err();
    Parsed {
        options: parser.opts,
        stop,
    }
}

/// Takes our own `--write_stub_file PATH` (or `--write_stub_file=PATH`) out of a command
/// line. It is not one of cudafe++'s options (in CUDA 13 cicc writes the stub file), so it
/// stays outside their table: it is matched by its exact spelling only, and the prefix
/// matching of cudafe++'s options and `--dump_command_options` are as they were. The last
/// one given wins; a trailing `--write_stub_file` without a path is left in place (and is
/// then an unknown option).
fn take_write_stub_file(args: Vec<OsString>) -> (Vec<OsString>, Option<OsString>) {
    const NAME: &[u8] = b"--write_stub_file";
    let mut rest = Vec::with_capacity(args.len());
    let mut path = None;
    let mut it = args.into_iter().peekable();
    while let Some(a) = it.next() {
        let bytes = a.as_bytes();
        if bytes == NAME
            && let Some(p) = it.peek()
        {
            path = Some(p.clone());
            it.next();
            continue;
        }
        if let Some(v) = bytes.strip_prefix(NAME).and_then(|r| r.strip_prefix(b"="))
            && !v.is_empty()
        {
            path = Some(OsString::from(std::ffi::OsStr::from_bytes(v)));
            continue;
        }
        rest.push(a);
    }
    (rest, path)
}

/// The options whose name starts with `prefix`; an exact match alone if there is one.
pub fn matching(prefix: &[u8]) -> Vec<&'static Spec> {
    if let Some(exact) = OPTIONS.iter().find(|s| s.name.as_bytes() == prefix) {
        return vec![exact];
    }
    OPTIONS
        .iter()
        .filter(|s| s.name.as_bytes().starts_with(prefix))
        .collect()
}

/// What `--dump_command_options` prints: every name with `--` and a space after it.
pub fn command_options_dump() -> String {
    OPTIONS.iter().map(|s| format!("--{} ", s.name)).collect()
}

type Step = Result<(), CommandLineStop>;

fn error(id: DiagId, arg: Option<&[u8]>) -> CommandLineStop {
    CommandLineStop::Error(CommandLineError::new(id, arg))
}

/// Reads an option value as cudafe++ reads numbers: decimal digits only, fitting in 64 bits
/// (signed).
fn number(value: &[u8]) -> Result<u64, CommandLineStop> {
    let ok = !value.is_empty() && value.iter().all(u8::is_ascii_digit);
    ok.then(|| std::str::from_utf8(value).ok()?.parse::<i64>().ok())
        .flatten()
        .map(|v| v as u64)
        .ok_or_else(|| error(ids::CL_INVALID_NUMBER, Some(value)))
}

/// `--db` arguments: a level, or `name=level`, `name+=level`, `name-=level` (optionally with
/// `!`), `#name`, `-name`, separated by commas.
fn valid_debug_option(value: &[u8]) -> bool {
    let word =
        |s: &[u8]| !s.is_empty() && s.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_');
    let level = |s: &[u8]| {
        let s = s.strip_suffix(b"!").unwrap_or(s);
        !s.is_empty() && s.iter().all(u8::is_ascii_digit)
    };
    value.split(|&b| b == b',').all(|item| {
        if level(item) {
            return true;
        }
        if let Some(name) = item.strip_prefix(b"#").or_else(|| item.strip_prefix(b"-")) {
            return word(name);
        }
        match item.iter().position(|&b| b == b'=') {
            Some(eq) => {
                let name = &item[..eq];
                let name = name
                    .strip_suffix(b"+")
                    .or_else(|| name.strip_suffix(b"-"))
                    .unwrap_or(name);
                word(name) && level(&item[eq + 1..])
            }
            None => false,
        }
    })
}

struct Parser<'a> {
    opts: Options,
    args: &'a [OsString],
    next: usize,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
}

impl Parser<'_> {
    fn run(&mut self) -> Step {
        let mut options_done = false;
        while self.next < self.args.len() {
            let arg = self.args[self.next].as_bytes();
            self.next += 1;
            if self.opts.input.is_some() {
                return Err(error(ids::CL_TOO_MANY_ARGUMENTS, None));
            }
            if options_done || arg == b"-" || !arg.starts_with(b"-") {
                self.opts.input = Some(OsString::from_vec(arg.to_vec()));
                continue;
            }
            if arg == b"--" {
                options_done = true;
                continue;
            }
            if let Some(long) = arg.strip_prefix(b"--") {
                self.long_option(arg, long)?;
            } else {
                self.short_options(arg)?;
            }
        }
        self.mode_checks()?;
        if self.opts.input.is_none() && !self.opts.informational {
            return Err(error(ids::CL_MISSING_SOURCE_FILE_NAME, None));
        }
        Ok(())
    }

    fn long_option(&mut self, arg: &[u8], long: &[u8]) -> Step {
        let (name, value) = match long.iter().position(|&b| b == b'=') {
            Some(eq) => (&long[..eq], Some(&long[eq + 1..])),
            None => (long, None),
        };
        let candidates = matching(name);
        let spec = match candidates.as_slice() {
            [] => return Err(error(ids::CL_INVALID_OPTION, Some(arg))),
            [one] => *one,
            many => {
                let mut e = CommandLineError::new(ids::CL_AMBIGUOUS_OPTION, Some(long));
                e.details = many
                    .iter()
                    .map(|s| format!("--{}", s.name).into_bytes())
                    .collect();
                return Err(CommandLineStop::Error(e));
            }
        };
        if spec.disabled {
            return Err(error(ids::CL_INVALID_OPTION, Some(arg)));
        }
        let value = match (spec.arg, value) {
            (false, Some(_)) | (true, Some(b"")) => {
                return Err(error(ids::CL_INVALID_OPTION, Some(arg)));
            }
            (false, None) => None,
            (true, Some(v)) => Some(v.to_vec()),
            (true, None) => match self.args.get(self.next) {
                Some(v) => {
                    self.next += 1;
                    Some(v.as_bytes().to_vec())
                }
                None => {
                    let typed = [b"--", name].concat();
                    return Err(error(ids::CL_MISSING_ARGUMENT, Some(&typed)));
                }
            },
        };
        self.apply(spec, value)
    }

    fn short_options(&mut self, arg: &[u8]) -> Step {
        let mut i = 1;
        while i < arg.len() {
            let letter = arg[i];
            i += 1;
            let Some(spec) = OPTIONS.iter().find(|s| s.short == Some(letter)) else {
                return Err(error(ids::CL_INVALID_OPTION, Some(arg)));
            };
            if !spec.arg {
                self.apply(spec, None)?;
                continue;
            }
            let value = if i < arg.len() {
                arg[i..].to_vec()
            } else if let Some(v) = self.args.get(self.next) {
                self.next += 1;
                v.as_bytes().to_vec()
            } else {
                return Err(error(ids::CL_INVALID_OPTION, Some(arg)));
            };
            return self.apply(spec, Some(value));
        }
        Ok(())
    }

    fn apply(&mut self, spec: &'static Spec, value: Option<Vec<u8>>) -> Step {
        self.opts
            .raw
            .push((spec.name, value.clone().map(OsString::from_vec)));
        let o = &mut self.opts;
        let v = value.unwrap_or_default();
        let os = || Some(OsString::from_vec(v.clone()));
        match spec.name {
            // Informational
            "version" => {
                let _ = self.err.write_all(VERSION_BANNER.as_bytes());
                o.informational = true;
            }
            "Version" => {
                let _ = self.err.write_all(VERSION_BANNER_LONG_FORM.as_bytes());
                return Err(CommandLineStop::Exit(1));
            }
            "dump_command_options" => {
                let _ = self.out.write_all(command_options_dump().as_bytes());
                let _ = self.out.flush();
                o.informational = true;
            }
            "dump_configuration" => {
                let _ = self.err.write_all(CONFIGURATION.as_bytes());
                o.informational = true;
            }

            // Language
            "c" | "old_c" | "c89" | "c99" | "c11" | "c17" | "c18" | "c23" => {
                o.language = Language::C;
                o.c_mode_options = true;
            }
            "c++" | "embedded_c++" => o.cxx_mode_options = true,
            "c++03" => o.set_cxx(1998),
            "c++11" | "c++0x" => o.set_cxx(2011),
            "c++14" => o.set_cxx(2014),
            "c++17" => o.set_cxx(2017),
            "c++20" => o.set_cxx(2020),
            "c++23" => o.set_cxx(2023),
            "svr4" => o.svr4 = true,
            "no_svr4" => o.svr4 = false,
            "cfront_2.1" | "cfront_3.0" | "long_lifetime_temps" => o.long_lifetime_temps = true,
            "short_lifetime_temps" => o.long_lifetime_temps = false,
            "bool" => o.bool_option = Some(true),
            "no_bool" => o.bool_option = Some(false),
            "compound_literals" | "no_compound_literals" => {
                o.c_only(ids::CL_COMPOUND_LITERALS_OPTION_ONLY_IN_C, None)
            }
            "extended_designators" | "no_extended_designators" => {
                o.c_only(ids::CL_EXTENDED_DESIGNATORS_OPTION_ONLY_IN_C, None)
            }
            "c23_typeof" | "no_c23_typeof" => o.c_only(ids::CL_C23_TYPEOF_OPTION_ONLY_IN_C, None),
            "func_prototype_tags" => o.c_only(ids::CL_FUNC_PROTOTYPE_TAGS_OPTION_ONLY_IN_C, None),
            "gcc89_inlining" => o.c_only(ids::CL_GNU_C89_INLINING_OPTION_ONLY_IN_C, None),
            "no_namespaces" => o.no_namespaces = true,
            "namespaces" => o.no_namespaces = false,
            "ms_std_preprocessor" | "no_ms_std_preprocessor" => {
                return Err(CommandLineStop::InternalError(
                    "assertion failed at: \"cmd_line.c\", line 12756 in proc_command_line\n".into(),
                ));
            }
            "gcc" | "g++" => o.gcc_mode = true,
            "no_gcc" | "no_g++" => o.gcc_mode = false,
            "clang" => o.clang_mode = true,
            "no_clang" => o.clang_mode = false,
            "gnu_version" => {
                let n = number(&v)?;
                if !(30200..=999999).contains(&n) {
                    return Err(error(ids::CL_INVALID_GNU_VERSION, Some(&v)));
                }
                o.gnu_version = Some(n as u32);
            }
            "clang_version" => {
                let n = number(&v)?;
                if n > 999999 {
                    return Err(error(ids::CL_INVALID_CLANG_VERSION, Some(&v)));
                }
                o.clang_version = Some(n as u32);
            }
            "m32" => o.m32 = true,
            "m64" => o.m32 = false,

            // CUDA
            "static-host-stub" => o.static_host_stub = true,
            "host-stub-linkage-explicit" => o.host_stub_linkage_explicit = true,
            "device-hidden-visibility" => o.device_hidden_visibility = true,
            "device-c" => o.device_c = true,
            "extended-lambda" => o.extended_lambda = true,
            "relaxed_constexpr" => o.relaxed_constexpr = true,
            "debug_mode" => o.debug_mode = true,
            "partial-link" => o.partial_link = true,
            "keep-device-functions" => o.keep_device_functions = true,
            "allow_managed" => o.allow_managed = true,
            "no_host_device_initializer_list" => o.no_host_device_initializer_list = true,
            "no_host_device_move_forward" => o.no_host_device_move_forward = true,
            "parse_templates" => o.parse_templates = Some(true),
            "no_parse_templates" => o.parse_templates = Some(false),
            "instantiate" => {
                o.instantiate = Some(match v.as_slice() {
                    b"none" => InstantiateMode::None,
                    b"used" => InstantiateMode::Used,
                    b"all" => InstantiateMode::All,
                    b"local" => InstantiateMode::Local,
                    _ => return Err(error(ids::CL_INVALID_INSTANTIATION_MODE, Some(&v))),
                })
            }
            "max_depth_constexpr_call" => o.max_depth_constexpr_call = Some(number(&v)?),
            "max_cost_constexpr_call" => o.max_cost_constexpr_call = Some(number(&v)?),

            // Files
            "orig_src_file_name" => o.orig_src_file_name = os(),
            "orig_src_path_name" => o.orig_src_path_name = os(),
            "gen_c_file_name" => o.gen_c_file_name = os(),
            "stub_file_name" => o.stub_file_name = os(),
            "gen_module_id_file" => o.gen_module_id_file = true,
            "module_id_file_name" => o.module_id_file_name = os(),
            "gen_device_file_name" => o.gen_device_file_name = os(),
            "include_file_name" => o.include_file_name = os(),

            // Preprocessing
            "include_directory" | "sys_include" => o.include_directories.extend(os()),
            "define_macro" => o.defines.extend(os()),
            "undefine_macro" => o.undefines.extend(os()),
            "preinclude" | "preinclude_macros" => o.preincludes.extend(os()),
            "preprocess" | "dependencies" => o.preprocess_only = true,

            // Diagnostics
            "output_mode" => {
                o.output_mode = match v.as_slice() {
                    b"text" => OutputMode::Text,
                    b"sarif" => OutputMode::Sarif,
                    _ => return Err(error(ids::CL_INVALID_OUTPUT_MODE, Some(&v))),
                }
            }
            "display_error_number" => o.display_error_number = true,
            "no_display_error_number" => o.display_error_number = false,
            "diag_suppress" => o.diag_list(&v, Some(Level::Suppress))?,
            "diag_remark" => o.diag_list(&v, Some(Level::Remark))?,
            "diag_warning" => o.diag_list(&v, Some(Level::Warning))?,
            "diag_error" => o.diag_list(&v, Some(Level::Error))?,
            "diag_once" => o.diag_list(&v, None)?,
            "no_warnings" => o.min_severity = Severity::DiscretionaryError,
            "remarks" => o.min_severity = Severity::Remark,
            "promote_warnings" => o.promote_warnings = true,
            "error_limit" => {
                let n = number(&v)?;
                if n == 0 {
                    return Err(error(ids::CL_INVALID_ERROR_LIMIT, Some(&v)));
                }
                o.error_limit = n;
            }
            "brief_diagnostics" => o.brief_diagnostics = true,
            "no_brief_diagnostics" => o.brief_diagnostics = false,
            "wrap_diagnostics" => o.wrap_diagnostics = true,
            "no_wrap_diagnostics" => o.wrap_diagnostics = false,
            "timing" => o.timing = true,
            "colors" => o.colors = true,
            "no_colors" => o.colors = false,

            // Values that are only checked
            "time_limit"
            | "context_limit"
            | "pending_instantiations"
            | "modify-stack-limit"
            | "msvc_target_version"
            | "pgi_version"
            | "icc_version" => {
                number(&v)?;
            }
            "pack_alignment" => {
                let n = number(&v)?;
                if n == 0 || !n.is_power_of_two() || n > u32::MAX as u64 {
                    return Err(error(ids::BAD_PACK_ALIGNMENT, None));
                }
            }
            "unicode_source_kind"
                if !matches!(
                    v.as_slice(),
                    b"UTF-8" | b"UTF-16" | b"UTF-16LE" | b"UTF-16BE"
                ) =>
            {
                return Err(error(ids::CL_UNRECOGNIZED_UNICODE_SOURCE_KIND, Some(&v)));
            }
            "target" => return Err(error(ids::CL_INVALID_TARGET, Some(&v))),
            "db" if !valid_debug_option(&v) => {
                return Err(error(ids::CL_ERROR_IN_DEBUG_OPTION_ARGUMENT, None));
            }
            "set_flag" | "clear_flag" => {
                let name = String::from_utf8_lossy(&v).into_owned();
                if !FLAG_NAMES.contains(&name.as_str()) {
                    return Err(error(ids::CL_INVALID_FLAG_NAME, Some(&v)));
                }
                o.set_flags.push((name, spec.name == "set_flag"));
            }
            _ => {}
        }
        Ok(())
    }

    /// The checks cudafe++ makes after the last option.
    fn mode_checks(&mut self) -> Step {
        let o = &self.opts;
        if (o.c_mode_options && o.cxx_mode_options) || o.svr4 {
            return Err(error(ids::CL_INCOMPATIBLE_LANGUAGE_MODES, None));
        }
        let cxx = !o.c_mode_options;
        if cxx && o.long_lifetime_temps && o.language > Language::Cxx(1998) {
            return Err(error(
                ids::CL_LONG_LIFETIME_TEMPS_INCOMPAT_WITH_NEWER_FEATURES,
                None,
            ));
        }
        match (cxx, o.bool_option) {
            (false, Some(_)) => return Err(error(ids::CL_BOOL_OPTION_ONLY_IN_CPLUSPLUS, None)),
            (true, Some(false)) if o.language >= Language::Cxx(2014) => {
                return Err(error(ids::CL_RELAXED_CONSTEXPR_REQUIRES_BOOL, None));
            }
            _ => {}
        }
        if cxx && let Some((id, arg)) = o.c_only_option {
            return Err(error(id, arg.map(str::as_bytes)));
        }
        if o.no_namespaces {
            return Err(CommandLineStop::InternalError(
                "assertion failed at: \"cmd_line.c\", line 13345 in proc_command_line\n".into(),
            ));
        }
        Ok(())
    }
}

impl Options {
    fn set_cxx(&mut self, year: u16) {
        self.language = Language::Cxx(year);
        self.cxx_mode_options = true;
    }

    fn c_only(&mut self, id: DiagId, arg: Option<&'static str>) {
        self.c_only_option.get_or_insert((id, arg));
    }

    /// `--diag_*=<list>`: spaces are removed, then the list is split at commas.
    fn diag_list(&mut self, value: &[u8], level: Option<Level>) -> Step {
        let value: Vec<u8> = value.iter().copied().filter(|&b| b != b' ').collect();
        for item in value.split(|&b| b == b',') {
            let text = String::from_utf8_lossy(item);
            match resolve_control_item(&text) {
                Ok(id) => self.diag_controls.push((level, id)),
                Err(ControlItemError::InvalidNumber) => {
                    return Err(error(ids::CL_INVALID_NUMBER, Some(item)));
                }
                Err(ControlItemError::InvalidErrorNumber) => {
                    return Err(error(ids::CL_INVALID_ERROR_NUMBER, Some(item)));
                }
                Err(ControlItemError::InvalidTag) => {
                    return Err(error(ids::CL_INVALID_ERROR_TAG, Some(item)));
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
