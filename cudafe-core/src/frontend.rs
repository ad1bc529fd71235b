//! The front end's stages, run in order on one translation unit: lexing, parsing (names
//! declared and looked up as it goes), and the CUDA checks, each reporting through the
//! diagnostics engine.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::check::{self, CheckOptions};
use crate::diag::DiagEngine;
use crate::intern::Interner;
use crate::lexer::{self, CxxStd, LexOptions};
use crate::options::{Language, Options};
use crate::sema::Sema;
use crate::source_map::SourceMap;
use crate::syntax::ast::TranslationUnit;
use crate::syntax::parser::{self, ParseOptions};

/// The parser and the checks recurse over nesting; this much stack lets them reach their own
/// depth limits ([`parser::MAX_DEPTH`]) on any input instead of overflowing.
const STACK_SIZE: usize = 1 << 30;

/// What the stages need to know from the command line.
#[derive(Debug, Clone, Default)]
pub struct FrontendOptions {
    pub lex: LexOptions,
    pub parse: ParseOptions,
    pub check: CheckOptions,
}

impl FrontendOptions {
    pub fn from_options(o: &Options) -> FrontendOptions {
        let year = match o.language {
            Language::Cxx(y) => y,
            Language::C => 2017,
        };
        let (std, cxx) = match year {
            ..=2011 => (CxxStd::Cxx11, 11),
            2014 => (CxxStd::Cxx14, 14),
            2017 => (CxxStd::Cxx17, 17),
            2020 => (CxxStd::Cxx20, 20),
            _ => (CxxStd::Cxx23, 23),
        };
        let gnu = !o.clang_mode || o.gcc_mode;
        FrontendOptions {
            lex: LexOptions {
                std,
                gnu,
                gnu_version: o.gnu_version.unwrap_or(120200),
                dollar_in_identifiers: true,
            },
            parse: ParseOptions { cxx, gnu },
            check: CheckOptions {
                extended_lambda: o.extended_lambda,
                relaxed_constexpr: o.relaxed_constexpr,
                device_c: o.device_c,
                static_host_stub: o.static_host_stub,
            },
        }
    }
}

/// How long each stage took and what it saw (`cudafe --stats`).
#[derive(Debug, Clone, Default)]
pub struct Stats {
    pub bytes: usize,
    pub tokens: usize,
    pub lex_errors: usize,
    pub declarations: usize,
    pub entities: usize,
    pub lex_time: Duration,
    pub parse_time: Duration,
    pub check_time: Duration,
}

/// A translation unit after the front end.
pub struct Analysis {
    pub unit: TranslationUnit,
    pub interner: Interner,
    pub sema: Sema,
    pub stats: Stats,
}

/// Runs the stages on `map`, reporting through `engine`.
pub fn analyze(map: &Arc<SourceMap>, opts: &FrontendOptions, engine: &mut DiagEngine) -> Analysis {
    let map = map.clone();
    let opts = opts.clone();
    // The engine is used on the big-stack thread and handed back.
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("cudafe-front-end".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(s, move || analyze_here(&map, &opts, engine))
            .expect("cannot start the front-end thread")
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// [`analyze`] on the current thread (its stack must be large enough for deep inputs).
pub fn analyze_here(map: &SourceMap, opts: &FrontendOptions, engine: &mut DiagEngine) -> Analysis {
    let mut stats = Stats {
        bytes: map.text().len(),
        ..Stats::default()
    };
    let t = Instant::now();
    let lexed = lexer::lex(map, &opts.lex);
    stats.lex_time = t.elapsed();
    stats.tokens = lexed.tokens.len();
    stats.lex_errors = lexed.errors.len();

    let t = Instant::now();
    let parsed = parser::parse(map, lexed.tokens, opts.parse);
    stats.parse_time = t.elapsed();
    let mut sema = parsed.sema;
    let interner = parsed.interner;
    let unit = parsed.unit;

    let t = Instant::now();
    let declarations = check::check(&unit, &mut sema, &interner, map, &opts.check, engine);
    stats.check_time = t.elapsed();
    stats.declarations = declarations;
    stats.entities = sema.entities.len();
    Analysis {
        unit,
        interner,
        sema,
        stats,
    }
}
