//! Decoding of literal tokens: integers, floating literals, character and string literals.
//!
//! All functions here are pure and take the literal's spelling *after* line splicing (use
//! [`Token::spelling`](super::Token::spelling), which removes `\`-newline pairs; for raw
//! strings it leaves the body alone, as the standard says). Offsets in errors, warnings
//! and `ud_suffix` are byte indices into that spelling.

use super::chars::{decode_utf8, hex_val, is_hex, push_utf8, ucn_at};
use std::fmt;

/// A problem that makes a literal ill-formed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LiteralErrorKind {
    /// `0x`, `0b` or `.` with no digits.
    MissingDigits,
    /// A digit not valid in the literal's radix (`08`, `0b2`).
    InvalidDigit,
    /// `1e`, `1e+`, `0x1p` without exponent digits.
    MissingExponentDigits,
    /// A hexadecimal floating literal without a `p` exponent.
    HexFloatNeedsExponent,
    /// A digit separator `'` not between two digits.
    InvalidDigitSeparator,
    /// Text after the number that is neither a standard suffix nor a ud-suffix, or a
    /// ud-suffix that is reserved (does not begin with `_` and is not one the standard
    /// library defines).
    InvalidSuffix,
    /// `parse_integer` was given a floating literal.
    NotAnInteger,
    /// `parse_float` was given an integer literal.
    NotAFloat,
    /// The text does not have the shape of the literal asked for.
    Malformed,
    /// The closing quote is missing.
    Unterminated,
    /// `''`.
    EmptyCharacter,
    /// A malformed escape sequence (`\x` without digits, `\u12`, `\o{}`).
    InvalidEscape,
    /// A numeric escape whose value does not fit the literal's code unit.
    EscapeOutOfRange,
    /// A universal character name that names a surrogate or a value above U+10FFFF.
    InvalidCodePoint,
    /// `\N{...}` named character escapes are not supported.
    NamedEscape,
    /// Source bytes that are not UTF-8 in a literal that needs decoding (`u"..."`).
    InvalidUtf8,
    /// A `u8`, `u` or `U` character literal whose character needs more than one code unit.
    CharacterTooLarge,
    /// A `u8`, `u`, `U` character literal with more than one character.
    MultipleCharacters,
    /// A raw string delimiter that is too long or has a character not allowed there.
    InvalidRawDelimiter,
}

impl LiteralErrorKind {
    pub fn message(self) -> &'static str {
        use LiteralErrorKind::*;
        match self {
            MissingDigits => "numeric literal has no digits",
            InvalidDigit => "invalid digit in numeric literal",
            MissingExponentDigits => "exponent has no digits",
            HexFloatNeedsExponent => "hexadecimal floating literal requires an exponent",
            InvalidDigitSeparator => "invalid digit separator position",
            InvalidSuffix => "extra text after expected end of number",
            NotAnInteger => "not an integer literal",
            NotAFloat => "not a floating literal",
            Malformed => "malformed literal",
            Unterminated => "missing closing quote",
            EmptyCharacter => "empty character constant",
            InvalidEscape => "incorrectly formed escape sequence",
            EscapeOutOfRange => "character value is out of range",
            InvalidCodePoint => "a universal character name must designate a valid code point",
            NamedEscape => "named character escapes are not supported",
            InvalidUtf8 => "invalid multibyte character sequence",
            CharacterTooLarge => "character value is out of range",
            MultipleCharacters => "too many characters in character constant",
            InvalidRawDelimiter => "invalid raw string delimiter",
        }
    }
}

impl fmt::Display for LiteralErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// An ill-formed literal: what and where (byte index into the spelling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LiteralError {
    pub offset: usize,
    pub kind: LiteralErrorKind,
}

/// Something worth a warning in a well-formed literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LiteralWarningKind {
    /// `\q`: the value is the character itself (GCC and EDG warn).
    UnknownEscape,
    /// `'ab'`: an `int` with an implementation-defined value.
    Multicharacter,
    /// More characters than the type holds; the value keeps the last ones.
    TooLong,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LiteralWarning {
    pub offset: usize,
    pub kind: LiteralWarningKind,
}

fn err<T>(offset: usize, kind: LiteralErrorKind) -> Result<T, LiteralError> {
    Err(LiteralError { offset, kind })
}

// ---------------------------------------------------------------------------------------
// Numbers.

/// The size part of an integer suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum IntSize {
    #[default]
    Int,
    /// `l`, `L`
    Long,
    /// `ll`, `LL`
    LongLong,
    /// `z`, `Z` (C++23)
    Size,
}

/// A standard integer suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct IntSuffix {
    pub unsigned: bool,
    pub size: IntSize,
}

/// A decoded integer literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IntLiteral {
    /// The value; modulo 2^128 when `overflow`.
    pub value: u128,
    /// 2, 8, 10 or 16.
    pub radix: u32,
    pub suffix: IntSuffix,
    /// The value does not fit in 128 bits.
    pub overflow: bool,
    /// Where the ud-suffix starts, for a user-defined literal (`12_km`).
    pub ud_suffix: Option<usize>,
}

/// A standard floating suffix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum FloatSuffix {
    /// `double`
    #[default]
    None,
    /// `f`, `F`: `float`
    F,
    /// `l`, `L`: `long double`
    L,
    /// `f16`, `F16`: `std::float16_t`
    F16,
    /// `f32`, `F32`
    F32,
    /// `f64`, `F64`
    F64,
    /// `f128`, `F128`
    F128,
    /// `bf16`, `BF16`
    BF16,
    /// `f32x`, `F32x` (GNU)
    F32x,
    /// `f64x`, `F64x` (GNU)
    F64x,
    /// `f128x`, `F128x` (GNU)
    F128x,
    /// `q`, `Q`: `__float128` (GNU)
    Q,
    /// `w`, `W`: `__float80` (GNU)
    W,
}

/// A decoded floating literal.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FloatLiteral {
    /// The value correctly rounded to `double`.
    pub value: f64,
    /// The value correctly rounded to `float` (not via `double`).
    pub value_f32: f32,
    /// 10 or 16.
    pub radix: u32,
    pub suffix: FloatSuffix,
    /// Where the ud-suffix starts, for a user-defined literal (`1.5_km`).
    pub ud_suffix: Option<usize>,
}

/// The structure of a pp-number that is a valid literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct NumberParts {
    pub radix: u32,
    pub is_float: bool,
    /// Start of the digits (after `0x`/`0b`).
    pub digits_start: usize,
    /// End of the mantissa (integer part, `.` and fraction).
    pub mantissa_end: usize,
    /// The exponent: sign negative, and the range of its digits.
    pub exponent: Option<(bool, usize, usize)>,
    /// Start of the suffix (standard or user-defined); `len` if none.
    pub suffix_start: usize,
    /// The suffix is a ud-suffix.
    pub ud_suffix: bool,
}

/// Suffixes the standard library declares literal operators for without `_`.
const LIBRARY_SUFFIXES: &[&[u8]] = &[
    b"h", b"min", b"s", b"ms", b"us", b"ns", b"y", b"d", b"i", b"il", b"if", b"sv",
];

fn int_suffix(s: &[u8]) -> Option<IntSuffix> {
    let mut out = IntSuffix::default();
    let mut rest = s;
    let mut seen_u = false;
    let mut seen_size = false;
    while !rest.is_empty() {
        if !seen_u && (rest[0] == b'u' || rest[0] == b'U') {
            seen_u = true;
            out.unsigned = true;
            rest = &rest[1..];
            continue;
        }
        if seen_size {
            return None;
        }
        seen_size = true;
        if rest.starts_with(b"ll") || rest.starts_with(b"LL") {
            out.size = IntSize::LongLong;
            rest = &rest[2..];
        } else if rest[0] == b'l' || rest[0] == b'L' {
            out.size = IntSize::Long;
            rest = &rest[1..];
        } else if rest[0] == b'z' || rest[0] == b'Z' {
            out.size = IntSize::Size;
            rest = &rest[1..];
        } else {
            return None;
        }
    }
    Some(out)
}

fn float_suffix(s: &[u8]) -> Option<FloatSuffix> {
    use FloatSuffix::*;
    Some(match s {
        b"" => None,
        b"f" | b"F" => F,
        b"l" | b"L" => L,
        b"f16" | b"F16" => F16,
        b"f32" | b"F32" => F32,
        b"f64" | b"F64" => F64,
        b"f128" | b"F128" => F128,
        b"bf16" | b"BF16" => BF16,
        b"f32x" | b"F32x" => F32x,
        b"f64x" | b"F64x" => F64x,
        b"f128x" | b"F128x" => F128x,
        b"q" | b"Q" => Q,
        b"w" | b"W" => W,
        _ => return Option::None,
    })
}

/// Is `s` an identifier (ASCII, `$`, UTF-8 letters, UCNs)?
fn is_identifier(s: &[u8]) -> bool {
    let mut i = 0;
    let mut first = true;
    while i < s.len() {
        let b = s[i];
        if b.is_ascii_alphabetic() || b == b'_' || b == b'$' || (!first && b.is_ascii_digit()) {
            i += 1;
        } else if b == b'\\' {
            match ucn_at(&s[i..]) {
                Some((_, n)) => i += n,
                None => return false,
            }
        } else if b >= 0x80 {
            match decode_utf8(&s[i..]) {
                Some((cp, n)) if super::chars::ident_char_allowed(cp, first) => i += n,
                _ => return false,
            }
        } else {
            return false;
        }
        first = false;
    }
    !s.is_empty()
}

/// Analyses a pp-number (free of splices): radix, parts, suffix, and whether it is valid.
pub(crate) fn analyze_number(s: &[u8]) -> Result<NumberParts, LiteralError> {
    use LiteralErrorKind::*;
    let n = s.len();
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut radix = 10;
    let mut p = 0;
    if at(0) == b'0' && (at(1) == b'x' || at(1) == b'X') {
        radix = 16;
        p = 2;
    } else if at(0) == b'0' && (at(1) == b'b' || at(1) == b'B') {
        radix = 2;
        p = 2;
    }
    let digits_start = p;
    let is_digit = |b: u8| {
        if radix == 16 {
            is_hex(b)
        } else {
            b.is_ascii_digit()
        }
    };
    // Integer part with digit separators.
    let scan_digits = |mut p: usize| -> Result<(usize, usize), LiteralError> {
        let start = p;
        while p < n {
            if is_digit(s[p]) {
                p += 1;
            } else if s[p] == b'\'' {
                if p == start || !is_digit(at(p + 1)) {
                    return err(p, InvalidDigitSeparator);
                }
                p += 1;
            } else {
                break;
            }
        }
        Ok((start, p))
    };
    let (int_start, int_end) = scan_digits(p)?;
    p = int_end;
    let mut is_float = false;
    let mut frac_digits = 0;
    if at(p) == b'.' && radix != 2 {
        is_float = true;
        let (fs, fe) = scan_digits(p + 1)?;
        frac_digits = fe - fs;
        p = fe;
    }
    let int_digits = int_end - int_start;
    if int_digits == 0 && frac_digits == 0 {
        return err(digits_start, MissingDigits);
    }
    let mantissa_end = p;
    let mut exponent = None;
    let exp_char = at(p);
    let has_exp = if radix == 16 {
        exp_char == b'p' || exp_char == b'P'
    } else {
        radix == 10 && (exp_char == b'e' || exp_char == b'E')
    };
    if has_exp {
        let mut q = p + 1;
        let neg = at(q) == b'-';
        let signed = neg || at(q) == b'+';
        if signed {
            q += 1;
        }
        if at(q).is_ascii_digit() {
            let es = q;
            while q < n {
                if s[q].is_ascii_digit() || (s[q] == b'\'' && at(q + 1).is_ascii_digit()) {
                    q += 1;
                } else {
                    break;
                }
            }
            exponent = Some((neg, es, q));
            is_float = true;
            p = q;
        } else if signed || radix == 16 {
            return err(q, MissingExponentDigits);
        }
        // `1em` in decimal: the `e` starts a suffix.
    }
    if radix == 16 && is_float && exponent.is_none() {
        return err(mantissa_end, HexFloatNeedsExponent);
    }
    // Octal and binary digits.
    if !is_float
        && radix == 10
        && at(0) == b'0'
        && let Some(i) = (int_start..int_end).find(|&i| matches!(s[i], b'8' | b'9'))
    {
        return err(i, InvalidDigit);
    }
    if radix == 2
        && let Some(i) = (int_start..int_end).find(|&i| matches!(s[i], b'2'..=b'9'))
    {
        return err(i, InvalidDigit);
    }
    let suffix = &s[p..];
    let standard = if is_float {
        float_suffix(suffix).is_some()
    } else {
        int_suffix(suffix).is_some()
    };
    let ud_suffix = !standard;
    if ud_suffix {
        if !is_identifier(suffix) {
            // A digit here means an invalid digit (`0b12`, `1.2.3` has a `.`).
            let kind = if at(p).is_ascii_digit() {
                InvalidDigit
            } else {
                InvalidSuffix
            };
            return err(p, kind);
        }
        if suffix[0] != b'_' && !LIBRARY_SUFFIXES.contains(&suffix) {
            return err(p, InvalidSuffix);
        }
    }
    Ok(NumberParts {
        radix: if radix == 10 && at(0) == b'0' && !is_float && int_digits > 1 {
            8
        } else {
            radix
        },
        is_float,
        digits_start,
        mantissa_end,
        exponent,
        suffix_start: p,
        ud_suffix,
    })
}

/// Decodes an integer literal (`0x1F'FFu`, `0b101`, `017`, `12_km`).
pub fn parse_integer(text: &[u8]) -> Result<IntLiteral, LiteralError> {
    let parts = analyze_number(text)?;
    if parts.is_float {
        return err(0, LiteralErrorKind::NotAnInteger);
    }
    let radix = parts.radix as u128;
    let mut value: u128 = 0;
    let mut overflow = false;
    for &b in &text[parts.digits_start..parts.mantissa_end] {
        if b == b'\'' {
            continue;
        }
        let d = hex_val(b) as u128;
        match value.checked_mul(radix).and_then(|v| v.checked_add(d)) {
            Some(v) => value = v,
            None => {
                overflow = true;
                value = value.wrapping_mul(radix).wrapping_add(d);
            }
        }
    }
    let suffix = &text[parts.suffix_start..];
    Ok(IntLiteral {
        value,
        radix: parts.radix,
        suffix: if parts.ud_suffix {
            IntSuffix::default()
        } else {
            int_suffix(suffix).unwrap_or_default()
        },
        overflow,
        ud_suffix: parts.ud_suffix.then_some(parts.suffix_start),
    })
}

/// Decodes a floating literal (`1.5e-3f`, `0x1.8p3`, `1'000.0`, `2.5_km`).
pub fn parse_float(text: &[u8]) -> Result<FloatLiteral, LiteralError> {
    let parts = analyze_number(text)?;
    if !parts.is_float {
        return err(0, LiteralErrorKind::NotAFloat);
    }
    let mantissa = &text[parts.digits_start..parts.mantissa_end];
    let (value, value_f32) = if parts.radix == 16 {
        let exp = parts.exponent.map(|(neg, s, e)| {
            let mut v: i64 = 0;
            for &b in &text[s..e] {
                if b != b'\'' {
                    v = (v * 10 + (b - b'0') as i64).min(1 << 40);
                }
            }
            if neg { -v } else { v }
        });
        hex_float(mantissa, exp.unwrap_or(0))
    } else {
        let mut clean = String::with_capacity(text.len());
        clean.extend(mantissa.iter().filter(|&&b| b != b'\'').map(|&b| b as char));
        if let Some((neg, s, e)) = parts.exponent {
            clean.push('e');
            if neg {
                clean.push('-');
            }
            clean.extend(
                text[s..e]
                    .iter()
                    .filter(|&&b| b != b'\'')
                    .map(|&b| b as char),
            );
        }
        // `1.` and `.5` are fine for Rust's parser; the digits were checked.
        (
            clean.parse::<f64>().unwrap_or(f64::NAN),
            clean.parse::<f32>().unwrap_or(f32::NAN),
        )
    };
    let suffix = &text[parts.suffix_start..];
    Ok(FloatLiteral {
        value,
        value_f32,
        radix: parts.radix,
        suffix: if parts.ud_suffix {
            FloatSuffix::None
        } else {
            float_suffix(suffix).unwrap_or_default()
        },
        ud_suffix: parts.ud_suffix.then_some(parts.suffix_start),
    })
}

/// Converts a hexadecimal mantissa (`1.8`, digits and `'` and at most one `.`) times
/// 2^`exp` to `f64` and `f32`, correctly rounded (to nearest, ties to even).
fn hex_float(mantissa: &[u8], exp: i64) -> (f64, f32) {
    let mut m: u64 = 0;
    let mut e2: i64 = exp;
    let mut sticky = false;
    let mut after_point = false;
    for &b in mantissa {
        match b {
            b'.' => after_point = true,
            b'\'' => {}
            _ => {
                let d = hex_val(b) as u64;
                if m >> 60 == 0 {
                    m = (m << 4) | d;
                    if after_point {
                        e2 -= 4;
                    }
                } else {
                    sticky |= d != 0;
                    if !after_point {
                        e2 += 4;
                    }
                }
            }
        }
    }
    let d = round_binary(m, e2, sticky, 53, 11);
    let f = round_binary(m, e2, sticky, 24, 8);
    (f64::from_bits(d), f32::from_bits(f as u32))
}

/// Rounds `m · 2^e2` (plus a sticky bit below `m`) to an IEEE binary format with `p` bits
/// of precision and `ebits` exponent bits; returns the bit pattern.
fn round_binary(m: u64, e2: i64, sticky: bool, p: u32, ebits: u32) -> u64 {
    if m == 0 {
        return 0;
    }
    let bias = (1i64 << (ebits - 1)) - 1;
    let emin = 1 - bias; // smallest normal exponent
    let lsb_min = emin - (p as i64 - 1);
    let bits = 64 - m.leading_zeros() as i64;
    let e_top = e2 + bits - 1; // exponent of the leading bit
    let lsb = (e_top - (p as i64 - 1)).max(lsb_min);
    let shift = lsb - e2;
    let mut mant: u128 = if shift <= 0 {
        // Exact: shift left (the result has at most p bits).
        (m as u128) << (-shift).min(127) as u32
    } else if shift >= 66 {
        // Everything is below half of the smallest step.
        0
    } else {
        let shift = shift as u32;
        let kept = (m as u128) >> shift;
        let rem = (m as u128) & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        let round_up = rem > half || (rem == half && (sticky || kept & 1 == 1));
        kept + round_up as u128
    };
    let mut lsb = lsb;
    if mant >> p != 0 {
        mant >>= 1;
        lsb += 1;
    }
    let inf = ((1u64 << ebits) - 1) << (p - 1);
    if mant == 0 {
        return 0;
    }
    if mant >> (p - 1) == 0 {
        // Subnormal.
        return mant as u64;
    }
    let biased = lsb + (p as i64 - 1) + bias;
    if biased >= (1i64 << ebits) - 1 {
        return inf;
    }
    ((biased as u64) << (p - 1)) | (mant as u64 & ((1u64 << (p - 1)) - 1))
}

// ---------------------------------------------------------------------------------------
// Characters and strings.

/// The encoding prefix of a character or string literal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Encoding {
    /// No prefix: `char`, the execution character set (UTF-8; other bytes pass through).
    #[default]
    Ordinary,
    /// `L`: `wchar_t`, 32-bit on Linux.
    Wide,
    /// `u8`: `char8_t` (C++20) or `char`.
    Utf8,
    /// `u`: `char16_t`.
    Utf16,
    /// `U`: `char32_t`.
    Utf32,
}

impl Encoding {
    /// The prefix as written.
    pub fn prefix(self) -> &'static str {
        match self {
            Encoding::Ordinary => "",
            Encoding::Wide => "L",
            Encoding::Utf8 => "u8",
            Encoding::Utf16 => "u",
            Encoding::Utf32 => "U",
        }
    }

    /// The largest code unit.
    pub fn max_unit(self) -> u32 {
        match self {
            Encoding::Ordinary | Encoding::Utf8 => 0xFF,
            Encoding::Utf16 => 0xFFFF,
            Encoding::Wide | Encoding::Utf32 => 0xFFFF_FFFF,
        }
    }
}

/// Splits an encoding prefix (and `R`) off a literal's spelling:
/// `(encoding, raw, prefix length)`.
pub(crate) fn split_prefix(s: &[u8]) -> (Encoding, bool, usize) {
    let (enc, n) = if s.starts_with(b"u8") {
        (Encoding::Utf8, 2)
    } else {
        match s.first() {
            Some(b'u') => (Encoding::Utf16, 1),
            Some(b'U') => (Encoding::Utf32, 1),
            Some(b'L') => (Encoding::Wide, 1),
            _ => (Encoding::Ordinary, 0),
        }
    };
    if s.get(n) == Some(&b'R') {
        (enc, true, n + 1)
    } else {
        (enc, false, n)
    }
}

/// A decoded character literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CharLiteral {
    pub encoding: Encoding,
    /// The value, as its type holds it: an ordinary one-byte literal is a (signed, as on
    /// x86-64 GCC) `char`; a multicharacter ordinary literal is an `int`; `L` is a signed
    /// 32-bit `wchar_t`; `u8`, `u`, `U` are unsigned.
    pub value: i64,
    /// The literal has type `int` (an ordinary literal with more than one code unit).
    pub is_int: bool,
    pub warnings: Vec<LiteralWarning>,
    /// Where the ud-suffix starts, for a user-defined literal (`'x'_c`).
    pub ud_suffix: Option<usize>,
}

/// A decoded string literal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StringLiteral {
    pub encoding: Encoding,
    pub raw: bool,
    /// The code units, without the terminating null: bytes for ordinary and `u8`, UTF-16
    /// units for `u`, UTF-32 for `U` and `L`. Ordinary and `u8` literals keep source bytes
    /// that are not UTF-8 as they are.
    pub units: Vec<u32>,
    pub warnings: Vec<LiteralWarning>,
    /// Where the ud-suffix starts, for a user-defined literal (`"abc"sv`).
    pub ud_suffix: Option<usize>,
}

/// One decoded element of a literal's body.
enum Piece {
    /// A character (from the source or a UCN): to be encoded.
    Char(u32),
    /// A raw source byte that is not UTF-8 (ordinary and `u8` literals keep it).
    Byte(u8),
    /// A code unit from a numeric escape.
    Unit(u32),
}

/// Decodes the body of a non-raw literal, calling `out` for each piece.
fn decode_body(
    body: &[u8],
    base: usize,
    enc: Encoding,
    warnings: &mut Vec<LiteralWarning>,
    mut out: impl FnMut(Piece, usize) -> Result<(), LiteralError>,
) -> Result<(), LiteralError> {
    use LiteralErrorKind::*;
    let mut i = 0;
    while i < body.len() {
        let at = base + i;
        let b = body[i];
        if b != b'\\' {
            if b < 0x80 {
                out(Piece::Char(b as u32), at)?;
                i += 1;
            } else if let Some((cp, n)) = decode_utf8(&body[i..]) {
                out(Piece::Char(cp), at)?;
                i += n;
            } else if matches!(enc, Encoding::Ordinary | Encoding::Utf8) {
                out(Piece::Byte(b), at)?;
                i += 1;
            } else {
                return err(at, InvalidUtf8);
            }
            continue;
        }
        let Some(&e) = body.get(i + 1) else {
            return err(at, InvalidEscape);
        };
        i += 2;
        let simple = match e {
            b'\'' | b'"' | b'?' | b'\\' => Some(e as u32),
            b'a' => Some(7),
            b'b' => Some(8),
            b'f' => Some(12),
            b'n' => Some(10),
            b'r' => Some(13),
            b't' => Some(9),
            b'v' => Some(11),
            b'e' | b'E' => Some(27),
            _ => None,
        };
        if let Some(v) = simple {
            out(Piece::Char(v), at)?;
            continue;
        }
        match e {
            b'0'..=b'7' => {
                let mut v = (e - b'0') as u32;
                let mut k = 1;
                while k < 3 && matches!(body.get(i), Some(b'0'..=b'7')) {
                    v = v * 8 + (body[i] - b'0') as u32;
                    i += 1;
                    k += 1;
                }
                out(Piece::Unit(v), at)?;
            }
            b'x' | b'o' | b'u' | b'U' if body.get(i) == Some(&b'{') => {
                // C++23 delimited escapes.
                let close = body[i..].iter().position(|&c| c == b'}').map(|c| i + c);
                let Some(close) = close else {
                    return err(at, InvalidEscape);
                };
                let digits = &body[i + 1..close];
                let radix = if e == b'o' { 8 } else { 16 };
                if e == b'U'
                    || digits.is_empty()
                    || !digits.iter().all(|&c| (c as char).is_digit(radix))
                {
                    return err(at, InvalidEscape);
                }
                let mut v: u64 = 0;
                for &c in digits {
                    v = (v * radix as u64 + (c as char).to_digit(radix).unwrap_or(0) as u64)
                        .min(u64::from(u32::MAX) + 1);
                }
                i = close + 1;
                if e == b'u' {
                    let cp = u32::try_from(v).unwrap_or(u32::MAX);
                    if cp > 0x10FFFF || (0xD800..=0xDFFF).contains(&cp) {
                        return err(at, InvalidCodePoint);
                    }
                    out(Piece::Char(cp), at)?;
                } else {
                    let v = u32::try_from(v).map_err(|_| LiteralError {
                        offset: at,
                        kind: EscapeOutOfRange,
                    })?;
                    out(Piece::Unit(v), at)?;
                }
            }
            b'x' => {
                let start = i;
                let mut v: u64 = 0;
                while i < body.len() && is_hex(body[i]) {
                    v = ((v << 4) | hex_val(body[i]) as u64).min(u64::from(u32::MAX) + 1);
                    i += 1;
                }
                if i == start {
                    return err(at, InvalidEscape);
                }
                let v = u32::try_from(v).map_err(|_| LiteralError {
                    offset: at,
                    kind: EscapeOutOfRange,
                })?;
                out(Piece::Unit(v), at)?;
            }
            b'u' | b'U' => {
                let Some((cp, n)) = ucn_at(&body[i - 2..]) else {
                    return err(at, InvalidEscape);
                };
                i += n - 2;
                if cp > 0x10FFFF || (0xD800..=0xDFFF).contains(&cp) {
                    return err(at, InvalidCodePoint);
                }
                out(Piece::Char(cp), at)?;
            }
            b'N' => return err(at, NamedEscape),
            _ => {
                warnings.push(LiteralWarning {
                    offset: at,
                    kind: LiteralWarningKind::UnknownEscape,
                });
                if e < 0x80 {
                    out(Piece::Char(e as u32), at)?;
                } else if let Some((cp, n)) = decode_utf8(&body[i - 1..]) {
                    i += n - 1;
                    out(Piece::Char(cp), at)?;
                } else {
                    out(Piece::Byte(e), at)?;
                }
            }
        }
    }
    Ok(())
}

/// Appends the code units of `piece` in `enc` to `units`.
fn encode(
    piece: Piece,
    at: usize,
    enc: Encoding,
    units: &mut Vec<u32>,
) -> Result<(), LiteralError> {
    match piece {
        Piece::Byte(b) => units.push(b as u32),
        Piece::Unit(v) => {
            if v > enc.max_unit() {
                return err(at, LiteralErrorKind::EscapeOutOfRange);
            }
            units.push(v);
        }
        Piece::Char(cp) => match enc {
            Encoding::Ordinary | Encoding::Utf8 => {
                if cp < 0x80 {
                    units.push(cp);
                } else {
                    let mut buf = Vec::with_capacity(4);
                    push_utf8(&mut buf, cp);
                    units.extend(buf.iter().map(|&b| b as u32));
                }
            }
            Encoding::Utf16 => {
                if cp >= 0x10000 {
                    let c = cp - 0x10000;
                    units.push(0xD800 | (c >> 10));
                    units.push(0xDC00 | (c & 0x3FF));
                } else {
                    units.push(cp);
                }
            }
            Encoding::Utf32 | Encoding::Wide => units.push(cp),
        },
    }
    Ok(())
}

/// Splits a quoted literal into (encoding, raw, body range, ud-suffix start).
fn split_quoted(
    s: &[u8],
    quote: u8,
) -> Result<(Encoding, bool, usize, usize, Option<usize>), LiteralError> {
    use LiteralErrorKind::*;
    let (enc, raw, n) = split_prefix(s);
    if s.get(n) != Some(&quote) {
        return err(n.min(s.len()), Malformed);
    }
    let open = n + 1;
    let close = if raw {
        // R"delim( ... )delim"
        let paren = s[open..].iter().position(|&c| c == b'(').map(|p| open + p);
        let Some(paren) = paren else {
            return err(open, InvalidRawDelimiter);
        };
        let delim = &s[open..paren];
        if delim.len() > 16
            || delim
                .iter()
                .any(|&c| matches!(c, b' ' | b')' | b'\\' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r'))
        {
            return err(open, InvalidRawDelimiter);
        }
        // Find `)delim"` after the opening paren.
        let mut found = None;
        let mut i = paren + 1;
        while i < s.len() {
            if s[i] == b')'
                && s[i + 1..].starts_with(delim)
                && s.get(i + 1 + delim.len()) == Some(&b'"')
            {
                found = Some(i);
                break;
            }
            i += 1;
        }
        let Some(end) = found else {
            return err(s.len(), Unterminated);
        };
        return Ok((
            enc,
            true,
            paren + 1,
            end,
            Some(end + delim.len() + 2).filter(|&u| u < s.len()),
        ));
    } else {
        let mut i = open;
        loop {
            match s.get(i) {
                None => return err(s.len(), Unterminated),
                Some(&b'\\') => i += 2,
                Some(&c) if c == quote => break i,
                Some(_) => i += 1,
            }
        }
    };
    let ud = Some(close + 1).filter(|&u| u < s.len());
    Ok((enc, false, open, close, ud))
}

/// Decodes a string literal (`"a\n"`, `u8"é"`, `LR"x(...)x"`, `"abc"sv`).
pub fn parse_string(text: &[u8]) -> Result<StringLiteral, LiteralError> {
    let (encoding, raw, start, end, ud_suffix) = split_quoted(text, b'"')?;
    let mut units = Vec::with_capacity(end - start);
    let mut warnings = Vec::new();
    if raw {
        let body = &text[start..end];
        let mut i = 0;
        while i < body.len() {
            let at = start + i;
            let b = body[i];
            if b == b'\r' && body.get(i + 1) == Some(&b'\n') {
                i += 1;
                continue;
            }
            if b < 0x80 {
                encode(Piece::Char(b as u32), at, encoding, &mut units)?;
                i += 1;
            } else if let Some((cp, n)) = decode_utf8(&body[i..]) {
                encode(Piece::Char(cp), at, encoding, &mut units)?;
                i += n;
            } else if matches!(encoding, Encoding::Ordinary | Encoding::Utf8) {
                units.push(b as u32);
                i += 1;
            } else {
                return err(at, LiteralErrorKind::InvalidUtf8);
            }
        }
    } else {
        decode_body(
            &text[start..end],
            start,
            encoding,
            &mut warnings,
            |piece, at| encode(piece, at, encoding, &mut units),
        )?;
    }
    Ok(StringLiteral {
        encoding,
        raw,
        units,
        warnings,
        ud_suffix,
    })
}

/// Decodes a character literal (`'a'`, `'\x41'`, `u'é'`, `'ab'`, `L'\0'`).
pub fn parse_char(text: &[u8]) -> Result<CharLiteral, LiteralError> {
    use LiteralErrorKind::*;
    let (encoding, raw, start, end, ud_suffix) = split_quoted(text, b'\'')?;
    if raw {
        return err(0, Malformed);
    }
    if start == end {
        return err(start, EmptyCharacter);
    }
    let mut warnings = Vec::new();
    // (code units of each character, offset)
    let mut chars: Vec<(Vec<u32>, usize)> = Vec::new();
    decode_body(
        &text[start..end],
        start,
        encoding,
        &mut warnings,
        |piece, at| {
            let mut units = Vec::new();
            encode(piece, at, encoding, &mut units)?;
            chars.push((units, at));
            Ok(())
        },
    )?;
    let (value, is_int) = match encoding {
        Encoding::Ordinary => {
            let bytes: Vec<u32> = chars.iter().flat_map(|c| c.0.iter().copied()).collect();
            if bytes.len() == 1 {
                (bytes[0] as u8 as i8 as i64, false)
            } else {
                warnings.push(LiteralWarning {
                    offset: start,
                    kind: if bytes.len() > 4 {
                        LiteralWarningKind::TooLong
                    } else {
                        LiteralWarningKind::Multicharacter
                    },
                });
                let v = bytes.iter().fold(0u32, |v, &b| (v << 8) | (b & 0xFF));
                (v as i32 as i64, true)
            }
        }
        Encoding::Wide => {
            if chars.len() > 1 {
                warnings.push(LiteralWarning {
                    offset: start,
                    kind: LiteralWarningKind::TooLong,
                });
            }
            let last = chars.last().map(|c| c.0[0]).unwrap_or(0);
            (last as i32 as i64, false)
        }
        Encoding::Utf8 | Encoding::Utf16 | Encoding::Utf32 => {
            if chars.len() > 1 {
                return err(chars[1].1, MultipleCharacters);
            }
            let (units, at) = &chars[0];
            if units.len() != 1 {
                return err(*at, CharacterTooLarge);
            }
            (units[0] as i64, false)
        }
    };
    Ok(CharLiteral {
        encoding,
        value,
        is_int,
        warnings,
        ud_suffix,
    })
}
