//! The fallback when a fat binary holds no cubin (`-arch=compute_90`, or
//! `-gencode arch=compute_90,code=compute_90`): kernel parameter layouts from PTX
//! `.entry` declarations, and initial values of `.global` / `.const` variables.
//!
//! ```text
//! .visible .entry _Z1kcPi(
//!     .param .u8 _Z1kcPi_param_0,
//!     .param .u64 .ptr .global .align 4 _Z1kcPi_param_1,
//!     .param .align 8 .b8 _Z1kcPi_param_2[24]
//! )
//! .global .align 4 .u32 dvar = 7;
//! .const .align 4 .b8 cvar[16] = {0, 0, 128, 63, ...};
//! ```
//!
//! Parameters are laid out like C members: each at the next multiple of its alignment
//! (its `.align` if given before the type, else its element size); an `.align` after
//! `.ptr` is the pointee's alignment and does not count.

use std::collections::HashMap;

use crate::cubin::{GlobalInit, KernelMeta, Module, Param};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    Punct(char),
}

fn strip_comments(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    let mut start = 0;
    while i < b.len() {
        if b[i] == b'"' {
            // Skip string literals (only in .file directives).
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += 1;
            }
            i += 1;
        } else if b[i] == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
            out.push_str(&src[start..i]);
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            start = i;
        } else if b[i] == b'/' && i + 1 < b.len() && b[i + 1] == b'*' {
            out.push_str(&src[start..i]);
            out.push(' ');
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i = (i + 2).min(b.len());
            start = i;
        } else {
            i += 1;
        }
    }
    out.push_str(&src[start.min(src.len())..]);
    out
}

fn tokenize(src: &str) -> Vec<Tok> {
    let src = strip_comments(src);
    let mut toks = Vec::new();
    let mut chars = src.char_indices().peekable();
    let is_word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '%' | '.');
    while let Some((i, c)) = chars.next() {
        if c.is_whitespace() {
            continue;
        }
        if c == '"' {
            for (_, d) in chars.by_ref() {
                if d == '"' {
                    break;
                }
            }
            toks.push(Tok::Word("\"\"".into()));
        } else if is_word(c) {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if is_word(d) {
                    end = j + d.len_utf8();
                    chars.next();
                } else {
                    break;
                }
            }
            toks.push(Tok::Word(src[i..end].to_string()));
        } else {
            toks.push(Tok::Punct(c));
        }
    }
    toks
}

/// Size in bytes of a PTX fundamental type (`.u32`, `.b8`, `.f64`, ...).
fn type_size(t: &str) -> Option<u32> {
    Some(match t {
        ".b8" | ".u8" | ".s8" | ".e4m3" | ".e5m2" => 1,
        ".b16" | ".u16" | ".s16" | ".f16" | ".bf16" | ".e4m3x2" | ".e5m2x2" => 2,
        ".b32" | ".u32" | ".s32" | ".f32" | ".f16x2" | ".bf16x2" | ".tf32" => 4,
        ".b64" | ".u64" | ".s64" | ".f64" => 8,
        ".b128" => 16,
        _ => return None,
    })
}

fn parse_int(w: &str) -> Option<u64> {
    let w = w.strip_suffix('U').unwrap_or(w);
    if let Some(h) = w.strip_prefix("0x").or_else(|| w.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if let Some(b) = w.strip_prefix("0b").or_else(|| w.strip_prefix("0B")) {
        u64::from_str_radix(b, 2).ok()
    } else if w.len() > 1 && w.starts_with('0') && w.bytes().all(|c| c.is_ascii_digit()) {
        u64::from_str_radix(&w[1..], 8).ok()
    } else {
        w.parse().ok()
    }
}

/// A declaration's pieces: the alignment given before the type, the type's size, the
/// name and the array length (1 for scalars; 0 for `[]`).
struct Decl {
    align: Option<u32>,
    elem: u32,
    elem_type: String,
    name: String,
    count: u32,
    after_name: usize,
}

fn parse_decl(toks: &[Tok]) -> Option<Decl> {
    let mut align = None;
    let mut elem = None;
    let mut elem_type = String::new();
    let mut after_ptr = false;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Word(w) if w == ".align" => {
                let n = match toks.get(i + 1) {
                    Some(Tok::Word(n)) => parse_int(n)? as u32,
                    _ => return None,
                };
                if !after_ptr {
                    align = Some(n);
                }
                i += 2;
            }
            Tok::Word(w) if w == ".ptr" => {
                after_ptr = true;
                i += 1;
            }
            Tok::Word(w) if w == ".attribute" => {
                // .attribute(.managed) / .attribute(.unified(...))
                let mut depth = 0;
                i += 1;
                while i < toks.len() {
                    match toks[i] {
                        Tok::Punct('(') => depth += 1,
                        Tok::Punct(')') => {
                            depth -= 1;
                            if depth == 0 {
                                i += 1;
                                break;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
            }
            Tok::Word(w) if w.starts_with('.') => {
                if let Some(s) = type_size(w) {
                    elem = Some(s);
                    elem_type = w.clone();
                }
                i += 1;
            }
            Tok::Word(name) => {
                let mut count = 1u32;
                let mut j = i + 1;
                while let Some(Tok::Punct('[')) = toks.get(j) {
                    match (toks.get(j + 1), toks.get(j + 2)) {
                        (Some(Tok::Word(n)), Some(Tok::Punct(']'))) => {
                            count = count.checked_mul(parse_int(n)? as u32)?;
                            j += 3;
                        }
                        (Some(Tok::Punct(']')), _) => {
                            count = 0;
                            j += 2;
                        }
                        _ => return None,
                    }
                }
                return Some(Decl {
                    align,
                    elem: elem?,
                    elem_type,
                    name: name.clone(),
                    count,
                    after_name: j,
                });
            }
            _ => i += 1,
        }
    }
    None
}

/// Splits `toks` (the inside of a parenthesised list) at top-level commas.
fn split_commas(toks: &[Tok]) -> Vec<&[Tok]> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Punct('(' | '[' | '{') => depth += 1,
            Tok::Punct(')' | ']' | '}') => depth -= 1,
            Tok::Punct(',') if depth == 0 => {
                out.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < toks.len() {
        out.push(&toks[start..]);
    }
    out
}

/// Lays out parameter declarations (each a `.param ...` token list) like C members.
fn layout_params(decls: &[&[Tok]]) -> Result<Vec<Param>, String> {
    let mut params = Vec::new();
    let mut end = 0u32;
    for (i, d) in decls.iter().enumerate() {
        let decl = parse_decl(d).ok_or_else(|| format!("cannot parse parameter {i}"))?;
        let size = decl.elem * decl.count.max(1);
        let align = decl.align.unwrap_or(decl.elem).max(1);
        let offset = end.div_ceil(align) * align;
        params.push(Param {
            ordinal: i as u32,
            offset,
            size,
        });
        end = offset + size;
    }
    Ok(params)
}

/// Bytes of an initialiser: a value or a `{...}` list (flattened), each element written
/// little-endian in `elem` bytes. Values we cannot evaluate (addresses: `generic(x)`,
/// `x+4`) are written as zero.
fn init_bytes(toks: &[Tok], elem: u32, elem_type: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let flat: Vec<Tok> = toks
        .iter()
        .filter(|t| !matches!(t, Tok::Punct('{') | Tok::Punct('}')))
        .cloned()
        .collect();
    for item in split_commas(&flat) {
        let mut neg = false;
        let mut val: Option<u64> = None;
        let mut simple = true;
        for t in item {
            match t {
                Tok::Punct('-') if val.is_none() => neg = !neg,
                Tok::Punct('+') if val.is_none() => {}
                Tok::Word(w) if val.is_none() => val = word_value(w, elem, elem_type),
                _ => simple = false,
            }
        }
        let mut v = if simple { val.unwrap_or(0) } else { 0 };
        if neg && simple {
            v = if elem_type.starts_with(".f") {
                v ^ (1u64 << (elem * 8 - 1))
            } else {
                v.wrapping_neg()
            };
        }
        out.extend_from_slice(&v.to_le_bytes()[..(elem as usize).min(8)]);
        if elem > 8 {
            out.resize(out.len() + elem as usize - 8, 0);
        }
    }
    out
}

fn word_value(w: &str, elem: u32, elem_type: &str) -> Option<u64> {
    if let Some(h) = w.strip_prefix("0f").or_else(|| w.strip_prefix("0F")) {
        return u32::from_str_radix(h, 16).ok().map(u64::from);
    }
    if let Some(h) = w.strip_prefix("0d").or_else(|| w.strip_prefix("0D")) {
        return u64::from_str_radix(h, 16).ok();
    }
    if let Some(v) = parse_int(w) {
        if elem_type.starts_with(".f") && !w.starts_with("0x") {
            // A decimal integer written for a float variable.
            return Some(if elem == 4 {
                (v as f32).to_bits() as u64
            } else {
                (v as f64).to_bits()
            });
        }
        return Some(v);
    }
    let f: f64 = w.parse().ok()?;
    Some(if elem == 4 {
        (f as f32).to_bits() as u64
    } else {
        f.to_bits()
    })
}

pub fn parse(src: &str) -> Result<Module, String> {
    let toks = tokenize(src);
    let mut module = Module {
        kernels: HashMap::new(),
        globals: HashMap::new(),
    };
    let mut depth = 0i32;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => depth -= 1,
            Tok::Word(w) if depth == 0 && w == ".entry" => {
                let Some(Tok::Word(name)) = toks.get(i + 1) else {
                    return Err("`.entry` without a name".into());
                };
                let mut params = Vec::new();
                let mut j = i + 2;
                if toks.get(j) == Some(&Tok::Punct('(')) {
                    let mut d = 0;
                    let start = j + 1;
                    while j < toks.len() {
                        match toks[j] {
                            Tok::Punct('(') => d += 1,
                            Tok::Punct(')') => {
                                d -= 1;
                                if d == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        j += 1;
                    }
                    let inner = toks.get(start..j).ok_or("unterminated `.entry` list")?;
                    let decls = split_commas(inner);
                    params = layout_params(&decls).map_err(|e| format!("{name}: {e}"))?;
                }
                module.kernels.insert(
                    name.clone(),
                    KernelMeta {
                        params,
                        ..Default::default()
                    },
                );
                i = j;
                continue;
            }
            Tok::Word(w) if depth == 0 && (w == ".global" || w == ".const") => {
                let constant = w == ".const";
                // The declaration runs to the next `;`.
                let end = toks[i..]
                    .iter()
                    .position(|t| *t == Tok::Punct(';'))
                    .map(|p| i + p)
                    .unwrap_or(toks.len());
                let stmt = &toks[i + 1..end];
                let is_extern = i > 0
                    && toks[..i]
                        .iter()
                        .rev()
                        .take(2)
                        .any(|t| *t == Tok::Word(".extern".into()));
                if let Some(decl) = parse_decl(stmt)
                    && !is_extern
                {
                    let init = match stmt.get(decl.after_name) {
                        Some(Tok::Punct('=')) => Some(init_bytes(
                            &stmt[decl.after_name + 1..],
                            decl.elem,
                            &decl.elem_type,
                        )),
                        _ => None,
                    };
                    let count = if decl.count == 0 {
                        init.as_ref().map_or(0, |b| b.len() as u32 / decl.elem)
                    } else {
                        decl.count
                    };
                    let size = (decl.elem * count) as u64;
                    let data = init.map(|mut b| {
                        b.resize(size as usize, 0);
                        b
                    });
                    module.globals.insert(
                        decl.name,
                        GlobalInit {
                            size,
                            data,
                            constant,
                        },
                    );
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(module)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PTX: &str = r#"
//
// Generated by NVIDIA NVVM Compiler
.version 9.0
.target sm_90
.address_size 64

	// .globl	_Z7k_emptyv
.global .align 4 .u32 dvar = 7;
.const .align 4 .b8 cvar[16] = {0, 0, 128, 63, 0, 0, 0, 64, 0, 0, 64, 64, 0, 0, 128, 64};
.global .attribute(.managed) .align 4 .u32 mvar = 3;
.global .align 4 .f32 fv = 0f3FC00000;
.global .align 8 .f64 dv = 0dC004000000000000;
.global .align 4 .u32 neg = -2;
.global .align 4 .b8 zeros[12];
.extern .global .align 4 .u32 elsewhere;
.global .align 8 .u64 addr = generic(dvar);

.visible .entry _Z7k_emptyv()
{
	ret;
}

.visible .entry _Z9k_scalarscsixfdb(
	.param .u8 _Z9k_scalarscsixfdb_param_0,
	.param .u16 _Z9k_scalarscsixfdb_param_1,
	.param .u32 _Z9k_scalarscsixfdb_param_2,
	.param .u64 _Z9k_scalarscsixfdb_param_3,
	.param .f32 _Z9k_scalarscsixfdb_param_4,
	.param .f64 _Z9k_scalarscsixfdb_param_5,
	.param .u8 _Z9k_scalarscsixfdb_param_6
)
.maxntid 256, 1, 1
{
	.reg .b32 %r<2>;
	ret;
}
.visible .entry _Z9k_structs(
	.param .align 1 .b8 _Z9k_structs_param_0[3],
	.param .align 16 .b8 _Z9k_structs_param_1[16],
	.param .align 8 .b8 _Z9k_structs_param_2[24],
	.param .u64 .ptr .global .align 4 _Z9k_structs_param_3, /* a pointer */
	.param .u32 _Z9k_structs_param_4
)
{
	ret;
}
.entry _Z4bare
{
	ret;
}
"#;

    fn layout(m: &Module, k: &str) -> Vec<(u32, u32)> {
        m.kernels[k]
            .params
            .iter()
            .map(|p| (p.offset, p.size))
            .collect()
    }

    #[test]
    fn entries() {
        let m = parse(PTX).unwrap();
        assert!(m.kernels["_Z7k_emptyv"].params.is_empty());
        assert!(m.kernels["_Z4bare"].params.is_empty());
        assert_eq!(
            layout(&m, "_Z9k_scalarscsixfdb"),
            vec![(0, 1), (2, 2), (4, 4), (8, 8), (16, 4), (24, 8), (32, 1)]
        );
        // The pointer's `.align 4` is the pointee's: the pointer itself is 8-aligned, at 56.
        assert_eq!(
            layout(&m, "_Z9k_structs"),
            vec![(0, 3), (16, 16), (32, 24), (56, 8), (64, 4)]
        );
    }

    #[test]
    fn globals() {
        let m = parse(PTX).unwrap();
        let g = |n: &str| m.globals[n].data.clone();
        assert_eq!(g("dvar"), Some(vec![7, 0, 0, 0]));
        assert_eq!(m.globals["cvar"].size, 16);
        assert!(m.globals["cvar"].constant);
        assert_eq!(g("cvar").unwrap()[..4], 1.0f32.to_le_bytes());
        assert_eq!(g("mvar"), Some(vec![3, 0, 0, 0]));
        assert_eq!(g("fv"), Some(1.5f32.to_le_bytes().to_vec()));
        assert_eq!(g("dv"), Some((-2.5f64).to_le_bytes().to_vec()));
        assert_eq!(g("neg"), Some((-2i32).to_le_bytes().to_vec()));
        assert_eq!(m.globals["zeros"].size, 12);
        assert_eq!(g("zeros"), None);
        assert!(!m.globals.contains_key("elsewhere"));
        assert_eq!(g("addr"), Some(vec![0; 8]));
    }

    #[test]
    fn large_and_odd_params() {
        let src = ".visible .entry k(.param .align 1 .b8 k_param_0[20000], .param .u32 k_param_1,\n\
                   .param .align 16 .b8 k_param_2[16], .param .u8 k_param_3, .param .b64 k_param_4)\n{ ret; }";
        let m = parse(src).unwrap();
        assert_eq!(
            layout(&m, "k"),
            vec![(0, 20000), (20000, 4), (20016, 16), (20032, 1), (20040, 8)]
        );
    }
}
