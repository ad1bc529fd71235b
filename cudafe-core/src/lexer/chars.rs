//! Byte classes, UTF-8 decoding, universal character names and the ranges of characters
//! allowed in identifiers.

/// The byte may start an identifier (`A-Z a-z _`; `$` is added by the lexer when enabled).
pub(crate) const IDENT_START: u8 = 1;
/// The byte may continue an identifier (`A-Z a-z _ 0-9`).
pub(crate) const IDENT_CONT: u8 = 2;
/// `0-9`.
pub(crate) const DIGIT: u8 = 4;
/// Horizontal whitespace: space, tab, vertical tab, form feed, carriage return.
pub(crate) const HSPACE: u8 = 8;

/// Per-byte class bits.
pub(crate) static CLASS: [u8; 256] = build_class();

const fn build_class() -> [u8; 256] {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        let mut c = 0;
        if b.is_ascii_alphabetic() || b == b'_' {
            c |= IDENT_START | IDENT_CONT;
        }
        if b.is_ascii_digit() {
            c |= IDENT_CONT | DIGIT;
        }
        if b == b' ' || b == b'\t' || b == 0x0B || b == 0x0C || b == b'\r' {
            c |= HSPACE;
        }
        t[i] = c;
        i += 1;
    }
    t
}

#[inline]
pub(crate) fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

#[inline]
pub(crate) fn hex_val(b: u8) -> u32 {
    match b {
        b'0'..=b'9' => (b - b'0') as u32,
        b'a'..=b'f' => (b - b'a' + 10) as u32,
        b'A'..=b'F' => (b - b'A' + 10) as u32,
        _ => 0,
    }
}

/// Decodes one UTF-8 scalar value at the start of `s`: `(code point, length)`. `None` for an
/// invalid, overlong, surrogate or truncated sequence.
pub(crate) fn decode_utf8(s: &[u8]) -> Option<(u32, usize)> {
    let b0 = *s.first()?;
    let (len, init) = match b0 {
        0x00..=0x7F => return Some((b0 as u32, 1)),
        0xC2..=0xDF => (2, (b0 & 0x1F) as u32),
        0xE0..=0xEF => (3, (b0 & 0x0F) as u32),
        0xF0..=0xF4 => (4, (b0 & 0x07) as u32),
        _ => return None,
    };
    if s.len() < len {
        return None;
    }
    let mut cp = init;
    for &b in &s[1..len] {
        if b & 0xC0 != 0x80 {
            return None;
        }
        cp = (cp << 6) | (b & 0x3F) as u32;
    }
    let min = match len {
        2 => 0x80,
        3 => 0x800,
        _ => 0x10000,
    };
    if cp < min || cp > 0x10FFFF || (0xD800..=0xDFFF).contains(&cp) {
        return None;
    }
    Some((cp, len))
}

/// Appends the UTF-8 encoding of `cp` (which must be a scalar value) to `out`.
pub(crate) fn push_utf8(out: &mut Vec<u8>, cp: u32) {
    let mut buf = [0u8; 4];
    match char::from_u32(cp) {
        Some(c) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
        None => out.extend_from_slice("\u{FFFD}".as_bytes()),
    }
}

/// Ranges of characters allowed in identifiers (C++11 [charname.allowed], Annex E.1), the
/// set GCC 12 implements for C++.
static ALLOWED: &[(u32, u32)] = &[
    (0x00A8, 0x00A8),
    (0x00AA, 0x00AA),
    (0x00AD, 0x00AD),
    (0x00AF, 0x00AF),
    (0x00B2, 0x00B5),
    (0x00B7, 0x00BA),
    (0x00BC, 0x00BE),
    (0x00C0, 0x00D6),
    (0x00D8, 0x00F6),
    (0x00F8, 0x00FF),
    (0x0100, 0x167F),
    (0x1681, 0x180D),
    (0x180F, 0x1FFF),
    (0x200B, 0x200D),
    (0x202A, 0x202E),
    (0x203F, 0x2040),
    (0x2054, 0x2054),
    (0x2060, 0x206F),
    (0x2070, 0x218F),
    (0x2460, 0x24FF),
    (0x2776, 0x2793),
    (0x2C00, 0x2DFF),
    (0x2E80, 0x2FFF),
    (0x3004, 0x3007),
    (0x3021, 0x302F),
    (0x3031, 0x303F),
    (0x3040, 0xD7FF),
    (0xF900, 0xFD3D),
    (0xFD40, 0xFDCF),
    (0xFDF0, 0xFE44),
    (0xFE47, 0xFFFD),
    (0x10000, 0x1FFFD),
    (0x20000, 0x2FFFD),
    (0x30000, 0x3FFFD),
    (0x40000, 0x4FFFD),
    (0x50000, 0x5FFFD),
    (0x60000, 0x6FFFD),
    (0x70000, 0x7FFFD),
    (0x80000, 0x8FFFD),
    (0x90000, 0x9FFFD),
    (0xA0000, 0xAFFFD),
    (0xB0000, 0xBFFFD),
    (0xC0000, 0xCFFFD),
    (0xD0000, 0xDFFFD),
    (0xE0000, 0xEFFFD),
];

/// Ranges of characters not allowed at the start of an identifier (Annex E.2).
static NOT_INITIAL: &[(u32, u32)] = &[
    (0x0300, 0x036F),
    (0x1DC0, 0x1DFF),
    (0x20D0, 0x20FF),
    (0xFE20, 0xFE2F),
];

fn in_ranges(ranges: &[(u32, u32)], cp: u32) -> bool {
    let i = ranges.partition_point(|&(_, hi)| hi < cp);
    i < ranges.len() && ranges[i].0 <= cp
}

/// May the non-ASCII code point `cp` appear in an identifier (at its start if `initial`)?
pub(crate) fn ident_char_allowed(cp: u32, initial: bool) -> bool {
    cp >= 0x80 && in_ranges(ALLOWED, cp) && !(initial && in_ranges(NOT_INITIAL, cp))
}

/// A universal character name at the start of `s` (`\uXXXX` or `\UXXXXXXXX`):
/// `(code point, length)`. Only the shape is checked here.
pub(crate) fn ucn_at(s: &[u8]) -> Option<(u32, usize)> {
    if s.len() < 2 || s[0] != b'\\' {
        return None;
    }
    let n = match s[1] {
        b'u' => 4,
        b'U' => 8,
        _ => return None,
    };
    let digits = s.get(2..2 + n)?;
    if !digits.iter().all(|&b| is_hex(b)) {
        return None;
    }
    let cp = digits.iter().fold(0u32, |a, &b| (a << 4) | hex_val(b));
    Some((cp, 2 + n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_decoding() {
        assert_eq!(decode_utf8("é".as_bytes()), Some((0xE9, 2)));
        assert_eq!(decode_utf8("😀".as_bytes()), Some((0x1F600, 4)));
        assert_eq!(decode_utf8(b"\xC0\x80"), None); // overlong
        assert_eq!(decode_utf8(b"\xED\xA0\x80"), None); // surrogate
        assert_eq!(decode_utf8(b"\xE2\x82"), None); // truncated
        assert_eq!(decode_utf8(b"\x80"), None);
        assert_eq!(decode_utf8(b""), None);
    }

    #[test]
    fn identifier_ranges() {
        assert!(ident_char_allowed(0xE9, true));
        assert!(ident_char_allowed(0x1F600, true));
        assert!(!ident_char_allowed(0xA0, false)); // no-break space
        assert!(!ident_char_allowed(0x0301, true));
        assert!(ident_char_allowed(0x0301, false));
        assert!(!ident_char_allowed(0x2192, false)); // arrow
        assert!(!ident_char_allowed(0x41, false));
    }

    #[test]
    fn ucns() {
        assert_eq!(ucn_at(b"\\u00e9x"), Some((0xE9, 6)));
        assert_eq!(ucn_at(b"\\U0001F600"), Some((0x1F600, 10)));
        assert_eq!(ucn_at(b"\\u00e"), None);
        assert_eq!(ucn_at(b"\\x00e9"), None);
    }
}
