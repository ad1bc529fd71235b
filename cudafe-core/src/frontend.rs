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
pub const STACK_SIZE: usize = 1 << 30;

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
            parse: ParseOptions {
                cxx,
                gnu,
                clang: o.clang_mode,
                lazy_system_bodies: !o.parse_all_bodies,
            },
            check: CheckOptions {
                extended_lambda: o.extended_lambda,
                relaxed_constexpr: o.relaxed_constexpr,
                device_c: o.device_c,
                static_host_stub: o.static_host_stub,
                clang: o.clang_mode,
                cxx,
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
    /// The process's peak resident memory in bytes after each stage (where the system
    /// says: Linux).
    pub lex_peak: Option<u64>,
    pub parse_peak: Option<u64>,
    pub check_peak: Option<u64>,
}

/// The process's peak resident memory in bytes (`VmHWM`), where the system says.
pub fn peak_resident() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line["VmHWM:".len()..]
        .trim()
        .strip_suffix("kB")?
        .trim()
        .parse()
        .ok()?;
    Some(kib * 1024)
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

/// Runs `f` on a thread with the front end's stack (the walks over the syntax tree recurse
/// as deep as it is nested).
pub fn on_front_end_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("cudafe-back-end".into())
            .stack_size(STACK_SIZE)
            .spawn_scoped(s, f)
            .expect("cannot start a thread")
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
    let (errors, tokens, count) = lex_and_prepare(map, &opts.lex);
    stats.lex_time = t.elapsed();
    stats.lex_peak = peak_resident();
    stats.tokens = count;
    stats.lex_errors = errors.len();

    let t = Instant::now();
    let parsed = parser::parse_tokens(map, tokens, opts.parse);
    stats.parse_time = t.elapsed();
    stats.parse_peak = peak_resident();
    let mut sema = parsed.sema;
    let interner = parsed.interner;
    let unit = parsed.unit;

    let t = Instant::now();
    let declarations = check::check(
        &unit,
        &errors,
        &mut sema,
        &interner,
        map,
        &opts.check,
        engine,
    );
    stats.check_time = t.elapsed();
    stats.check_peak = peak_resident();
    stats.declarations = declarations;
    stats.entities = sema.entities.len();
    Analysis {
        unit,
        interner,
        sema,
        stats,
    }
}

/// Below this size a text is lexed in one piece: a second thread would not pay for itself.
const SPLIT_MIN_HALF: usize = 256 << 10;

/// Lexes the text of `map` and prepares the tokens for the parser. A large text is split in
/// two at a line marker near its middle, and each half is lexed and prepared on its own
/// thread (the two halves joined give exactly what one pass gives); where a half has a
/// lexical error, or there is one processor only, the text is lexed whole. Returns the
/// lexical errors, the tokens, and how many tokens the lexer made.
pub fn lex_and_prepare(
    map: &SourceMap,
    opts: &LexOptions,
) -> (Vec<lexer::LexError>, parser::ParserTokens, usize) {
    let parallel = std::thread::available_parallelism().is_ok_and(|n| n.get() > 1);
    if let Some(mid) = lexer::split_point(map, SPLIT_MIN_HALF).filter(|_| parallel) {
        let end = map.text().len();
        let halves = std::thread::scope(|s| {
            let tail = std::thread::Builder::new()
                .name("cudafe-lexer".into())
                .spawn_scoped(s, || {
                    let lexed = lexer::lex_range(map, opts, mid, end, 0);
                    if !lexed.errors.is_empty() {
                        return None;
                    }
                    let count = lexed.tokens.len();
                    Some((parser::ParserTokens::new_tail(map, lexed.tokens), count))
                })
                .ok()?;
            // Room for the tail's tokens too, so that joining them is one copy.
            let lexed = lexer::lex_range(map, opts, 0, mid, end / 6);
            let head = lexed.errors.is_empty().then(|| {
                // The head's `Eof` (at the split) is not a token of the whole.
                let count = lexed.tokens.len() - 1;
                (parser::ParserTokens::new(map, lexed.tokens), count)
            });
            let tail = tail.join().ok()??;
            Some((head?, tail))
        });
        if let Some(((mut head, n1), (tail, n2))) = halves {
            head.append(tail);
            return (Vec::new(), head, n1 + n2);
        }
    }
    let lexed = lexer::lex(map, opts);
    let count = lexed.tokens.len();
    (
        lexed.errors,
        parser::ParserTokens::new(map, lexed.tokens),
        count,
    )
}

// ---------------------------------------------------------------------------------------
// Fuzzing

/// The option sets [`fuzz_one`] runs the front end under: C++17 with GNU extensions (nvcc's
/// default), C++20 with the CUDA options that change the checks, and C++11 without GNU.
fn fuzz_option_sets() -> [FrontendOptions; 3] {
    let cuda = CheckOptions {
        extended_lambda: true,
        relaxed_constexpr: true,
        device_c: true,
        static_host_stub: true,
        clang: false,
        cxx: 20,
    };
    [
        FrontendOptions::default(),
        FrontendOptions {
            lex: LexOptions {
                std: CxxStd::Cxx20,
                gnu_version: 140000,
                ..LexOptions::default()
            },
            parse: ParseOptions {
                cxx: 20,
                gnu: true,
                clang: true,
                lazy_system_bodies: true,
            },
            check: cuda,
        },
        FrontendOptions {
            lex: LexOptions {
                std: CxxStd::Cxx11,
                gnu: false,
                gnu_version: 0,
                dollar_in_identifiers: false,
            },
            parse: ParseOptions {
                cxx: 11,
                gnu: false,
                clang: false,
                lazy_system_bodies: false,
            },
            check: CheckOptions::default(),
        },
    ]
}

/// What one run of the front end left: the exit status, the diagnostics as printed, and
/// the analysis.
struct FuzzRun {
    status: i32,
    output: Vec<u8>,
    counts: crate::diag::Counts,
    stopped: bool,
    analysis: Analysis,
}

fn fuzz_run(map: &Arc<SourceMap>, opts: &FrontendOptions) -> FuzzRun {
    use crate::diag::{DiagConfig, SharedBuffer};
    let out = SharedBuffer::new();
    let mut engine = DiagEngine::with_writer(DiagConfig::default(), Box::new(out.clone()));
    engine.set_primary_name("fuzz.ii");
    engine.start();
    engine.set_source_map(map.clone());
    let analysis = analyze(map, opts, &mut engine);
    let stopped = engine.stopped().is_some();
    let status = engine.finish();
    FuzzRun {
        status,
        output: out.contents(),
        counts: engine.counts(),
        stopped,
        analysis,
    }
}

/// A line of diagnostic output that says where: `name(12): ` (the name may be empty: a line
/// marker can say `# 1 ""`), `At end of source: `, or `Catastrophic error: `.
fn is_located(line: &[u8]) -> bool {
    if line.starts_with(b"At end of source: ") || line.starts_with(b"Catastrophic error: ") {
        return true;
    }
    line.windows(3).enumerate().any(|(close, w)| {
        w == b"): "
            && line[..close]
                .iter()
                .rposition(|&b| b == b'(')
                .is_some_and(|open| {
                    let digits = &line[open + 1..close];
                    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
                })
    })
}

/// Checks what must hold of a run on `map`'s text whatever the text is.
fn fuzz_invariants(map: &SourceMap, opts: &FrontendOptions, run: &FuzzRun) -> Result<(), String> {
    let len = map.text().len() as u32;
    let unit = &run.analysis.unit;
    if ![0, 2, 4].contains(&run.status) {
        return Err(format!("exit status {}", run.status));
    }
    if run.stopped != (run.status == 4) {
        return Err(format!(
            "stopped {} with status {}",
            run.stopped, run.status
        ));
    }
    for r in &unit.recoveries {
        for (what, s) in [("span", r.span), ("at", r.at)] {
            if s.lo > s.hi || s.hi > len {
                return Err(format!("recovery {what} {s:?} outside 0..{len}: {r:?}"));
            }
        }
    }
    if unit.max_depth > parser::MAX_DEPTH {
        return Err(format!("the tree nests {} deep", unit.max_depth));
    }
    // Every construct the parser skipped, and every lexical error (but a line marker that
    // is fine after all), is reported as an error.
    if run.status == 0 && !unit.recoveries.is_empty() {
        return Err(format!(
            "status 0, yet the parser skipped {:?}",
            unit.recoveries[0]
        ));
    }
    if run.status == 0 {
        let lexed = lexer::lex(map, &opts.lex);
        if let Some(e) = lexed
            .errors
            .iter()
            .find(|e| e.kind != lexer::LexErrorKind::UnrecognizedLineMarker)
        {
            return Err(format!("status 0, yet the lexer found {e:?}"));
        }
    }
    // What was printed agrees with what was counted, and says where.
    let errors = run.counts.errors + run.counts.catastrophes;
    if (errors > 0) != (run.status != 0) {
        return Err(format!("status {} with {:?}", run.status, run.counts));
    }
    if run.status != 0 {
        if !run.output.split(|&b| b == b'\n').any(is_located) {
            return Err("errors without a located diagnostic".into());
        }
        let summary = crate::diag::render::summary_line(
            run.counts.errors,
            run.counts.catastrophes,
            Some(b"fuzz.ii"),
        );
        if !run.output.windows(summary.len()).any(|w| w == summary) {
            return Err(format!(
                "no summary line {:?}",
                String::from_utf8_lossy(&summary)
            ));
        }
    }
    Ok(())
}

/// Runs the front end on `data` under a few option sets (the first one twice) and checks
/// that it does not panic and that what it leaves holds whatever the input: a documented
/// exit status that agrees with the diagnostics counted and printed; every error located
/// and counted in the summary line; every skipped construct and every lexical error
/// reported; recoveries within the text; the tree no deeper than
/// [`parser::MAX_DEPTH`]; the same output for the same input. Panics on a violation.
/// The body of the `parser` fuzz target.
#[doc(hidden)]
pub fn fuzz_one(data: &[u8]) {
    let map = Arc::new(SourceMap::new("fuzz.ii", data));
    let sets = fuzz_option_sets();
    let mut first: Option<(i32, Vec<u8>)> = None;
    for (i, opts) in sets.iter().enumerate() {
        let run = fuzz_run(&map, opts);
        if let Err(e) = fuzz_invariants(&map, opts, &run) {
            panic!(
                "option set {i}: {e}\n--- diagnostics:\n{}",
                String::from_utf8_lossy(&run.output)
            );
        }
        if i == 0 {
            first = Some((run.status, run.output));
        }
    }
    // Deterministic: the same input gives the same diagnostics.
    let again = fuzz_run(&map, &sets[0]);
    let (status, output) = first.expect("at least one option set");
    if again.status != status || again.output != output {
        panic!(
            "a second run differs: status {status} then {}\n--- first:\n{}\n--- second:\n{}",
            again.status,
            String::from_utf8_lossy(&output),
            String::from_utf8_lossy(&again.output)
        );
    }
}

#[cfg(test)]
mod tests;
