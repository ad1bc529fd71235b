//! Output made by editing the preprocessed text.
//!
//! An [`Edit`] replaces a span of the input with pieces: new text, the original text of a
//! sub-span with the edits inside it applied ([`Piece::Orig`], which also moves text), or the
//! original text untouched ([`Piece::Verbatim`], for what goes under `#if 0`). Everything no
//! edit covers passes through byte for byte, line markers included.
//!
//! Whenever an edit changes how many lines its text takes, the output is put back in step
//! with the input by a line marker (`# 12 "k.cu" 3`), so the host compiler's diagnostics and
//! debug information keep pointing at the user's lines.

use std::borrow::Cow;

use crate::source_map::{Offset, SourceMap, Span};

/// A part of an edit's replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(Cow<'static, str>),
    /// The original text of a span, with the edits inside it applied.
    Orig(Span),
    /// The original text of a span as it is.
    Verbatim(Span),
}

impl Piece {
    pub fn text(s: impl Into<Cow<'static, str>>) -> Piece {
        Piece::Text(s.into())
    }
}

/// Replace `span` by `pieces` (insert, when the span is empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edit {
    pub span: Span,
    pub pieces: Vec<Piece>,
}

/// The edits to a translation unit.
#[derive(Debug, Default)]
pub struct Edits {
    edits: Vec<Edit>,
    sorted: bool,
}

impl Edits {
    pub fn new() -> Edits {
        Edits::default()
    }

    pub fn len(&self) -> usize {
        self.edits.len()
    }

    pub fn is_empty(&self) -> bool {
        self.edits.is_empty()
    }

    /// Replaces `span` by `pieces`.
    pub fn replace(&mut self, span: Span, pieces: Vec<Piece>) {
        self.edits.push(Edit { span, pieces });
        self.sorted = false;
    }

    /// Inserts `text` at `at` (after earlier insertions at the same place).
    pub fn insert(&mut self, at: Offset, text: impl Into<Cow<'static, str>>) {
        self.replace(Span::new(at, at), vec![Piece::text(text)]);
    }

    /// Removes the text of `span`.
    pub fn remove(&mut self, span: Span) {
        self.replace(span, Vec::new());
    }

    /// The whole input with the edits applied.
    ///
    /// Edits must nest: one that starts inside another must end inside it (and is applied
    /// only where the outer edit keeps that text through [`Piece::Orig`]). An edit that
    /// overlaps another partially is a bug in the caller; it is dropped (and asserted in
    /// debug builds).
    pub fn render(&mut self, map: &SourceMap) -> Vec<u8> {
        self.render_into(map, Vec::new())
    }

    /// [`Edits::render`], appended to `out` (the text before it is kept; room for the
    /// whole text is made once, so the file is never copied as it grows).
    pub fn render_into(&mut self, map: &SourceMap, mut out: Vec<u8>) -> Vec<u8> {
        if !self.sorted {
            // Insertions first at an offset, in the order they were made; then longer edits
            // before the shorter ones they contain.
            self.edits
                .sort_by_key(|e| (e.span.lo, !e.span.is_empty(), std::cmp::Reverse(e.span.hi)));
            self.sorted = true;
        }
        out.reserve(map.text().len() + map.text().len() / 8);
        let mut out = Renderer {
            map,
            edits: &self.edits,
            out,
        };
        let whole = Span::new(0, map.text().len() as Offset);
        out.render(whole, 0);
        out.out
    }
}

struct Renderer<'a> {
    map: &'a SourceMap,
    edits: &'a [Edit],
    out: Vec<u8>,
}

impl Renderer<'_> {
    /// Renders `span` with the edits inside it, starting the search at edit `first`.
    fn render(&mut self, span: Span, first: usize) {
        let text = self.map.text();
        let mut pos = span.lo;
        let mut i = first + self.edits[first..].partition_point(|e| e.span.lo < span.lo);
        while i < self.edits.len() {
            let e = &self.edits[i];
            if e.span.lo > span.hi || (e.span.lo == span.hi && !e.span.is_empty()) {
                break;
            }
            if e.span.hi > span.hi {
                debug_assert!(false, "edit {:?} overlaps {:?}", e.span, span);
                i += 1;
                continue;
            }
            if e.span.lo < pos {
                // Inside an edit already applied (reached only through its Orig pieces).
                debug_assert!(e.span.hi <= pos, "edits {:?} overlap", e.span);
                i += 1;
                continue;
            }
            self.out
                .extend_from_slice(&text[pos as usize..e.span.lo as usize]);
            let start = self.out.len();
            for p in &e.pieces {
                match p {
                    Piece::Text(t) => self.out.extend_from_slice(t.as_bytes()),
                    Piece::Verbatim(s) => {
                        self.out
                            .extend_from_slice(&text[s.lo as usize..s.hi as usize]);
                    }
                    Piece::Orig(s) => self.render(*s, i + 1),
                }
            }
            let made = count_lines(&self.out[start..]);
            let had = count_lines(&text[e.span.lo as usize..e.span.hi as usize]);
            if made != had {
                self.sync(e.span.hi);
            }
            pos = e.span.hi;
            i += 1;
        }
        self.out
            .extend_from_slice(&text[pos as usize..span.hi as usize]);
    }

    /// Puts the output's line numbering back in step: the next original byte (at `at`)
    /// starts a line numbered as the input numbers it.
    fn sync(&mut self, at: Offset) {
        if self.out.last().is_some_and(|&b| b != b'\n') {
            self.out.push(b'\n');
        }
        let p = self.map.presumed(at);
        self.out
            .extend_from_slice(line_marker(self.map, p).as_bytes());
    }
}

fn count_lines(b: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', b).count()
}

/// `# LINE "FILE" [3 [4]]` and a newline: what makes the next line `p`.
pub fn line_marker(map: &SourceMap, p: crate::source_map::Presumed) -> String {
    let mut s = format!(
        "# {} \"{}\"",
        p.line,
        escape_file_name(map.file_name(p.file))
    );
    if p.system {
        s.push_str(" 3");
        if p.extern_c {
            s.push_str(" 4");
        }
    }
    s.push('\n');
    s
}

/// A file name as a line marker spells it: `\` and `"` escaped.
pub fn escape_file_name(name: &str) -> Cow<'_, str> {
    if !name.contains(['\\', '"']) {
        return Cow::Borrowed(name);
    }
    let mut s = String::with_capacity(name.len() + 2);
    for c in name.chars() {
        if c == '\\' || c == '"' {
            s.push('\\');
        }
        s.push(c);
    }
    Cow::Owned(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(text: &str) -> SourceMap {
        SourceMap::new("t.ii", text.as_bytes().to_vec())
    }

    fn span(text: &str, what: &str) -> Span {
        let lo = text.find(what).expect("in text") as Offset;
        Span::new(lo, lo + what.len() as Offset)
    }

    #[test]
    fn untouched_text_passes_through() {
        let t = "# 1 \"a.cu\"\nint x;\n";
        assert_eq!(Edits::new().render(&map(t)), t.as_bytes());
    }

    #[test]
    fn same_line_edits_need_no_marker() {
        let t = "# 1 \"a.cu\"\nint x; int y;\n";
        let mut e = Edits::new();
        e.replace(span(t, "int x;"), vec![Piece::text("static int x;")]);
        e.insert(span(t, "int y").lo, "/*y*/");
        assert_eq!(
            String::from_utf8(e.render(&map(t))).unwrap(),
            "# 1 \"a.cu\"\nstatic int x; /*y*/int y;\n"
        );
    }

    #[test]
    fn line_changes_are_resynchronised() {
        let t = "# 1 \"a.cu\"\nvoid f() { g(); }\nint z;\n";
        let body = span(t, "{ g(); }");
        let mut e = Edits::new();
        e.replace(
            body,
            vec![
                Piece::text(";\n#if 0\n"),
                Piece::Verbatim(body),
                Piece::text("\n#endif\n"),
            ],
        );
        assert_eq!(
            String::from_utf8(e.render(&map(t))).unwrap(),
            "# 1 \"a.cu\"\nvoid f() ;\n#if 0\n{ g(); }\n#endif\n# 1 \"a.cu\"\n\nint z;\n"
        );
    }

    #[test]
    fn moved_text_keeps_its_inner_edits() {
        let t = "k<<<g(m), 1>>>(m);";
        let callee = span(t, "k");
        let cfg = span(t, "g(m), 1");
        let args = span(t, "(m)");
        let whole = Span::new(0, t.len() as Offset - 1);
        let mut e = Edits::new();
        e.replace(
            whole,
            vec![
                Piece::text("(__cudaPushCallConfiguration("),
                Piece::Orig(cfg),
                Piece::text(")) ? (void)0 : "),
                Piece::Orig(callee),
                Piece::Orig(args),
            ],
        );
        // A use of `m` inside both moved parts.
        for (i, _) in t.match_indices('m') {
            e.replace(
                Span::new(i as Offset, i as Offset + 1),
                vec![Piece::text("(*M)")],
            );
        }
        assert_eq!(
            String::from_utf8(e.render(&map(t))).unwrap(),
            "(__cudaPushCallConfiguration(g((*M)), 1)) ? (void)0 : k((*M));"
        );
    }

    #[test]
    fn system_header_markers_keep_their_flags() {
        let t = "# 1 \"a.cu\"\n# 7 \"/usr/include/x\\\\y.h\" 1 3 4\nint a;\nint b;\n";
        let mut e = Edits::new();
        e.insert(span(t, "int a;").hi, "\nint c;");
        assert_eq!(
            String::from_utf8(e.render(&map(t))).unwrap(),
            "# 1 \"a.cu\"\n# 7 \"/usr/include/x\\\\y.h\" 1 3 4\nint a;\nint c;\n# 7 \"/usr/include/x\\\\y.h\" 3 4\n\nint b;\n"
        );
    }
}
