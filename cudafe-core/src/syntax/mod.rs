//! The syntax tree and the parser.

pub mod ast;
pub mod parser;
pub mod visit;

use crate::source_map::{SourceMap, Span};
use ast::{FunctionChunk, Param, RefQualifier};

/// A key that tells a function's overloads apart: its parameter types as written (names,
/// default arguments and attributes left out, whitespace collapsed) and the function's
/// qualifiers. Redeclarations spell their parameters the same way in practice; two keys that
/// differ only in the spelling of one type name a different function for us.
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

pub fn signature_key(map: &SourceMap, f: &FunctionChunk) -> Vec<u8> {
    let mut out = Vec::with_capacity(32);
    // `f(void)` and `f()` declare the same function.
    let params: &[Param] = if f.has_void_params() { &[] } else { &f.params };
    for p in params {
        let lo = if p.specs.span.is_empty() {
            p.declarator.span.lo
        } else {
            p.specs.span.lo.min(p.declarator.span.lo)
        };
        let hi = p.declarator.span.hi.max(p.specs.span.hi).max(lo);
        // The parameter's name and its attributes are not part of its type.
        let mut skip: smallvec::SmallVec<[Span; 2]> =
            p.declarator.name.iter().map(|n| n.span).collect();
        skip.extend(p.specs.attrs.iter().map(|a| a.group));
        skip.extend(p.declarator.attrs.iter().map(|a| a.group));
        skip.sort_unstable_by_key(|s| s.lo);
        let mut last_space = true;
        let mut at = lo;
        for cut in skip.iter().chain(std::iter::once(&Span::new(hi, hi))) {
            let end = cut.lo.clamp(at, hi);
            for &b in map.slice(Span::new(at, end)) {
                if b.is_ascii_whitespace() {
                    last_space = true;
                } else {
                    // Whitespace matters only between two words: `int*` and `int *`
                    // are one type, `unsigned int` is not `unsignedint`.
                    if last_space && is_word_byte(b) && out.last().is_some_and(|&l| is_word_byte(l))
                    {
                        out.push(b' ');
                    }
                    out.push(b);
                    last_space = false;
                }
            }
            at = cut.hi.clamp(at, hi);
        }
        while out.last() == Some(&b' ') {
            out.pop();
        }
        // Top-level qualifiers are not part of the function's type: `void f(int)` and
        // `void f(const int a) {}` are one function.
        let top_cv = match p.declarator.ops.first() {
            None => p.specs.is_const || p.specs.is_volatile,
            Some(ast::DeclaratorOp::Pointer {
                is_const,
                is_volatile,
                ..
            }) => *is_const || *is_volatile,
            Some(_) => false,
        };
        if top_cv {
            let start = out.iter().rposition(|&b| b == b',').map_or(0, |i| i + 1);
            let stripped = strip_top_cv(&out[start..], p.declarator.ops.is_empty());
            out.truncate(start);
            out.extend_from_slice(&stripped);
        }
        out.push(b',');
    }
    if f.variadic {
        out.extend_from_slice(b"...");
    }
    if f.is_const {
        out.extend_from_slice(b" const");
    }
    if f.is_volatile {
        out.extend_from_slice(b" volatile");
    }
    match f.ref_qualifier {
        Some(RefQualifier::LValue) => out.extend_from_slice(b" &"),
        Some(RefQualifier::RValue) => out.extend_from_slice(b" &&"),
        None => {}
    }
    out
}

/// One parameter's key without its top-level `const` and `volatile`: those of the
/// specifiers (`plain`: no declarator operator), else those after the last `*` — outside
/// brackets, so that `const int` in template arguments stays.
fn strip_top_cv(param: &[u8], plain: bool) -> Vec<u8> {
    let mut depth = 0i32;
    let mut last_star = None;
    let mut words = Vec::new();
    let mut i = 0;
    while i < param.len() {
        let b = param[i];
        match b {
            b'<' | b'(' | b'[' => depth += 1,
            b'>' | b')' | b']' => depth -= 1,
            b'*' if depth == 0 => last_star = Some(i),
            _ => {}
        }
        if b.is_ascii_alphanumeric() || b == b'_' {
            let start = i;
            while i < param.len() && (param[i].is_ascii_alphanumeric() || param[i] == b'_') {
                i += 1;
            }
            if depth == 0 && matches!(&param[start..i], b"const" | b"volatile") {
                words.push((start, i));
            }
            continue;
        }
        i += 1;
    }
    let drop: Vec<(usize, usize)> = words
        .into_iter()
        .filter(|&(s, _)| {
            if plain {
                true
            } else {
                last_star.is_some_and(|p| s > p)
            }
        })
        .collect();
    let mut out = Vec::with_capacity(param.len());
    let mut at = 0;
    for (s, e) in drop {
        out.extend_from_slice(&param[at..s]);
        at = e;
        // The space the word leaves.
        if param.get(at) == Some(&b' ') {
            at += 1;
        }
    }
    out.extend_from_slice(&param[at..]);
    while out.last() == Some(&b' ') {
        out.pop();
    }
    out
}
