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
pub fn signature_key(map: &SourceMap, f: &FunctionChunk) -> Vec<u8> {
    let mut out = Vec::new();
    // `f(void)` and `f()` declare the same function.
    let params: &[Param] = if f.has_void_params() { &[] } else { &f.params };
    for p in params {
        let lo = if p.specs.span.is_empty() {
            p.declarator.span.lo
        } else {
            p.specs.span.lo.min(p.declarator.span.lo)
        };
        let hi = p.declarator.span.hi.max(p.specs.span.hi).max(lo);
        let mut skip: Vec<Span> = p.declarator.name.iter().map(|n| n.span).collect();
        skip.extend(p.specs.attrs.iter().map(|a| a.group));
        skip.extend(p.declarator.attrs.iter().map(|a| a.group));
        let text = map.slice(Span::new(lo, hi));
        let mut last_space = true;
        for (i, &b) in text.iter().enumerate() {
            let off = lo + i as u32;
            if skip.iter().any(|s| off >= s.lo && off < s.hi) {
                continue;
            }
            if b.is_ascii_whitespace() {
                if !last_space {
                    out.push(b' ');
                }
                last_space = true;
            } else {
                out.push(b);
                last_space = false;
            }
        }
        while out.last() == Some(&b' ') {
            out.pop();
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
