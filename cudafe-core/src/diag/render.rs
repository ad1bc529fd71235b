//! Text layout helpers: columns, the caret line, wrapping, the summary line.

/// How many bytes the character starting at `line[i]` takes, as cudafe++ counts characters
/// when it places the caret and reports SARIF columns.
///
/// A lead byte of a UTF-8 sequence takes up to as many continuation bytes as it announces
/// (fewer if the sequence is cut short); an ASCII byte stands alone; any other byte (a stray
/// continuation byte, 0xF8–0xFF) swallows all the continuation bytes that follow it.
fn char_len(line: &[u8], i: usize) -> usize {
    let b = line[i];
    let max_extra = match b {
        0x00..=0x7F => 0,
        0xC0..=0xDF => 1,
        0xE0..=0xEF => 2,
        0xF0..=0xF7 => 3,
        _ => usize::MAX,
    };
    let mut n = 1;
    while n - 1 < max_extra && i + n < line.len() && line[i + n] & 0xC0 == 0x80 {
        n += 1;
    }
    n
}

/// The zero-based column of byte `upto` of `line` (in characters) and the caret line's
/// indentation: one byte per character before it, a tab where the character is a tab and a
/// space elsewhere, so the caret lines up however the terminal expands tabs.
pub fn caret_prefix(line: &[u8], upto: usize) -> (u32, Vec<u8>) {
    let upto = upto.min(line.len());
    let mut prefix = Vec::new();
    let mut i = 0;
    while i < upto {
        prefix.push(if line[i] == b'\t' { b'\t' } else { b' ' });
        i += char_len(line, i);
    }
    (prefix.len() as u32, prefix)
}

/// Wraps a diagnostic's first line the way `--wrap_diagnostics` does: lines of at most
/// `width` characters, broken at spaces, continuation lines indented by ten spaces.
pub fn wrap(line: &[u8], width: usize) -> Vec<u8> {
    const INDENT: &[u8] = b"          ";
    let mut out = Vec::with_capacity(line.len() + 16);
    let mut current = 0usize;
    let mut first_word = true;
    for word in line.split(|&b| b == b' ') {
        if first_word {
            out.extend_from_slice(word);
            current = word.len();
            first_word = false;
            continue;
        }
        if current + 1 + word.len() > width && current > INDENT.len() {
            out.push(b'\n');
            out.extend_from_slice(INDENT);
            out.extend_from_slice(word);
            current = INDENT.len() + word.len();
        } else {
            out.push(b' ');
            out.extend_from_slice(word);
            current += 1 + word.len();
        }
    }
    out
}

/// `2 errors and 1 catastrophic error detected in the compilation of "x.cu".`
pub fn summary_line(errors: u64, catastrophes: u64, primary: Option<&[u8]>) -> Vec<u8> {
    let mut out = Vec::new();
    let plural = |n: u64, one: &str, many: &str| {
        format!("{n} {}", if n == 1 { one } else { many }).into_bytes()
    };
    if errors > 0 {
        out.extend(plural(errors, "error", "errors"));
    }
    if catastrophes > 0 {
        if !out.is_empty() {
            out.extend_from_slice(b" and ");
        }
        out.extend(plural(
            catastrophes,
            "catastrophic error",
            "catastrophic errors",
        ));
    }
    match primary {
        Some(name) => {
            out.extend_from_slice(b" detected in the compilation of \"");
            out.extend_from_slice(name);
            out.extend_from_slice(b"\".\n");
        }
        None => out.extend_from_slice(b" detected in this compilation.\n"),
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cols(line: &[u8]) -> u32 {
        caret_prefix(line, line.len()).0
    }

    #[test]
    fn columns_count_characters() {
        assert_eq!(cols(b"abc"), 3);
        assert_eq!(cols("/* \u{e9}\u{e9} */".as_bytes()), 8);
        assert_eq!(cols("\u{20ac}".as_bytes()), 1);
        assert_eq!(cols("\u{1f600}".as_bytes()), 1);
    }

    #[test]
    fn columns_of_broken_utf8() {
        // Measured against cudafe++ 13.0 (SARIF startColumn and the caret line).
        assert_eq!(cols(b"\xa9"), 1);
        assert_eq!(cols(b"\xa9\xa9\xa9\xa9"), 1);
        assert_eq!(cols(b"a\xa9\xa9"), 2);
        assert_eq!(cols(b"\xc3\xa9\xa9"), 2);
        assert_eq!(cols(b"\xc3\xa9\xa9\xa9"), 2);
        assert_eq!(cols(b"\xc3\xc3\xa9"), 2);
        assert_eq!(cols(b"\xe2\x82"), 1);
        assert_eq!(cols(b"\xe2\x82a"), 2);
        assert_eq!(cols(b"\xe0\x80\x80\x80"), 2);
        assert_eq!(cols(b"\xf7\xbf\xbf\xbf\xbf"), 2);
        assert_eq!(cols(b"\xf8\x88\x80\x80\x80\x80\x80"), 1);
        assert_eq!(cols(b"\xfe\xfe"), 2);
        assert_eq!(cols(b"\x80\xc3\xa9"), 2);
        assert_eq!(cols(b"\xc1\xbf\xbf"), 2);
    }

    #[test]
    fn caret_keeps_tabs() {
        let line = b"\tvoid h1() {\tdvar = 1; }";
        let at = line.windows(4).position(|w| w == b"dvar").unwrap();
        let (col, prefix) = caret_prefix(line, at);
        assert_eq!(col, 13);
        assert_eq!(prefix, b"\t           \t");
    }

    #[test]
    fn summaries() {
        assert_eq!(
            summary_line(1, 0, Some(b"d1.cu")),
            b"1 error detected in the compilation of \"d1.cu\".\n"
        );
        assert_eq!(
            summary_line(2, 1, Some(b"x.ii")),
            b"2 errors and 1 catastrophic error detected in the compilation of \"x.ii\".\n"
        );
        assert_eq!(
            summary_line(0, 1, None),
            b"1 catastrophic error detected in this compilation.\n"
        );
    }

    #[test]
    fn wrapping() {
        let line = b"d3.cu(5): error: A __global__ function or function template cannot be defined in a friend declaration";
        assert_eq!(
            String::from_utf8(wrap(line, 79)).unwrap(),
            "d3.cu(5): error: A __global__ function or function template cannot be defined\n          in a friend declaration"
        );
    }
}
