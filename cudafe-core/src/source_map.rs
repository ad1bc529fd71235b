//! The source map: every byte of the preprocessed translation unit mapped back to the file
//! and line it came from.
//!
//! The input is what the host preprocessor wrote: text interleaved with line markers
//! (`# 12 "k1.cu" 2 3` in GNU form, `#line 12 "k1.cu"` in standard form). A marker says
//! that the line after it is line 12 of `k1.cu`; the flags say the file was entered (1),
//! returned to (2), is a system header (3), or is to be treated as `extern "C"` (4).
//! Positions everywhere in the front end are byte offsets into this one text; the source map
//! turns them into the *presumed* location (file, line) that diagnostics and `# N` lines
//! name, and into the *physical* line of the preprocessed text that diagnostics echo.
//!
//! The text is kept as bytes: sources in other encodings than UTF-8 (Latin-1 comments and
//! string literals are common) must reach the host file unchanged.

use std::borrow::Cow;
use std::sync::Arc;

/// A byte offset into the preprocessed text.
pub type Offset = u32;

/// A half-open byte range `[lo, hi)` of the preprocessed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Span {
    pub lo: Offset,
    pub hi: Offset,
}

impl Span {
    pub const fn new(lo: Offset, hi: Offset) -> Span {
        Span { lo, hi }
    }

    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
        }
    }

    pub fn len(self) -> u32 {
        self.hi - self.lo
    }

    pub fn is_empty(self) -> bool {
        self.hi <= self.lo
    }
}

/// An index into [`SourceMap::files`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(pub u32);

/// A file named by a line marker (or the input itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The name exactly as the marker spells it, escapes resolved (`k1.cu`,
    /// `/usr/include/c++/12/cstdio`, `<built-in>`).
    pub name: Arc<str>,
}

/// A line marker, resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineMarker {
    /// The offset of the first byte of the marker line itself.
    pub marker_start: Offset,
    /// The offset of the first byte of the line the marker describes (the next line).
    pub start: Offset,
    pub file: FileId,
    /// The presumed line number of the line at `start`.
    pub line: u32,
    pub flags: MarkerFlags,
}

/// The flags after a GNU line marker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MarkerFlags {
    pub enter: bool,
    pub leave: bool,
    pub system: bool,
    pub extern_c: bool,
}

/// Where an offset comes from, as the line markers say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Presumed {
    pub file: FileId,
    pub line: u32,
    /// The file is a system header (flag 3).
    pub system: bool,
    /// The file's declarations are implicitly `extern "C"` (flag 4).
    pub extern_c: bool,
}

/// The physical position of an offset in the preprocessed text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Physical {
    /// Zero-based line index in the preprocessed text.
    pub line_index: u32,
    /// The offset of the line's first byte.
    pub line_start: Offset,
    /// Zero-based column in characters from the start of the line (UTF-8 continuation
    /// bytes do not count).
    pub column: u32,
}

/// The bytes of the preprocessed translation unit: read into memory, or (for a regular file
/// read by [`Text::read_file`]) mapped from the page cache, which spares copying the whole
/// input and faulting in as many fresh pages of heap.
pub struct Text(TextRepr);

enum TextRepr {
    Owned(Vec<u8>),
    #[cfg(unix)]
    Mapped {
        ptr: std::ptr::NonNull<u8>,
        len: usize,
    },
}

// The mapping is private and read-only: nothing writes through it, and it is unmapped only
// when the `Text` is dropped.
unsafe impl Send for Text {}
unsafe impl Sync for Text {}

impl Text {
    /// Reads the regular file at `path` (the caller has checked that it is one). On Unix the
    /// file is mapped read-only, its pages populated up front; where mapping fails (an empty
    /// file, a file system that cannot map) it is read instead.
    ///
    /// A mapped file must not be truncated while the front end runs; the files nvcc hands
    /// cudafe++ are its own temporaries, written before and removed after.
    pub fn read_file(path: &std::path::Path) -> std::io::Result<Text> {
        #[cfg(unix)]
        {
            let file = std::fs::File::open(path)?;
            let len = file.metadata()?.len();
            if len > 0
                && let Ok(len) = usize::try_from(len)
                && let Some(text) = Text::map(&file, len)
            {
                return Ok(text);
            }
        }
        std::fs::read(path).map(Text::from)
    }

    #[cfg(unix)]
    fn map(file: &std::fs::File, len: usize) -> Option<Text> {
        use std::os::fd::AsRawFd;
        // SAFETY: a fresh private read-only mapping of `len` bytes of an open file; the
        // pointer is checked before use and unmapped once, in `drop`.
        let ptr = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ,
                libc::MAP_PRIVATE | populate_flag(),
                file.as_raw_fd(),
                0,
            )
        };
        if ptr == libc::MAP_FAILED {
            return None;
        }
        let ptr = std::ptr::NonNull::new(ptr.cast::<u8>())?;
        Some(Text(TextRepr::Mapped { ptr, len }))
    }
}

#[cfg(target_os = "linux")]
fn populate_flag() -> libc::c_int {
    libc::MAP_POPULATE
}

#[cfg(all(unix, not(target_os = "linux")))]
fn populate_flag() -> libc::c_int {
    0
}

impl std::ops::Deref for Text {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match &self.0 {
            TextRepr::Owned(v) => v,
            // SAFETY: the mapping is `len` readable bytes and lives as long as `self`.
            #[cfg(unix)]
            TextRepr::Mapped { ptr, len } => unsafe {
                std::slice::from_raw_parts(ptr.as_ptr(), *len)
            },
        }
    }
}

impl Drop for Text {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let TextRepr::Mapped { ptr, len } = self.0 {
            // SAFETY: the mapping made in `Text::map`, unmapped once.
            unsafe {
                libc::munmap(ptr.as_ptr().cast(), len);
            }
        }
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Text({} bytes)", self.len())
    }
}

impl From<Vec<u8>> for Text {
    fn from(v: Vec<u8>) -> Text {
        Text(TextRepr::Owned(v))
    }
}

impl From<&[u8]> for Text {
    fn from(v: &[u8]) -> Text {
        Text(TextRepr::Owned(v.to_vec()))
    }
}

impl<const N: usize> From<&[u8; N]> for Text {
    fn from(v: &[u8; N]) -> Text {
        Text(TextRepr::Owned(v.to_vec()))
    }
}

impl From<&str> for Text {
    fn from(v: &str) -> Text {
        Text(TextRepr::Owned(v.as_bytes().to_vec()))
    }
}

impl From<String> for Text {
    fn from(v: String) -> Text {
        Text(TextRepr::Owned(v.into_bytes()))
    }
}

/// The preprocessed translation unit with its line markers.
#[derive(Debug, Clone)]
pub struct SourceMap {
    /// Shared, so that cloning the map does not copy the text.
    text: Arc<Text>,
    /// The name of the preprocessed file itself (used before the first marker).
    input_name: Arc<str>,
    line_starts: Vec<Offset>,
    files: Vec<SourceFile>,
    markers: Vec<LineMarker>,
    file_ids: crate::intern::FxHashMap<Arc<str>, FileId>,
}

impl SourceMap {
    /// Reads the line markers of `text`, the preprocessed file called `input_name`.
    ///
    /// Inputs larger than 4 GiB cannot be represented and are cut off at 4 GiB − 1; callers
    /// reject such inputs before they get here.
    pub fn new(input_name: &str, text: impl Into<Text>) -> SourceMap {
        let text = Arc::new(text.into());
        let bytes = &text[..];
        let limit = bytes.len().min(u32::MAX as usize - 1);
        let line_starts = line_starts(&bytes[..limit]);
        let mut map = SourceMap {
            text: text.clone(),
            input_name: input_name.into(),
            line_starts,
            files: vec![SourceFile {
                name: input_name.into(),
            }],
            markers: Vec::new(),
            file_ids: Default::default(),
        };
        for idx in 0..map.line_starts.len() {
            let start = map.line_starts[idx] as usize;
            // Only lines whose first non-blank is `#` can be markers.
            let first = bytes[start..]
                .iter()
                .find(|&&b| b != b' ' && b != b'\t')
                .copied();
            if first != Some(b'#') {
                continue;
            }
            let end = map.line_end(idx);
            let line = &text[start..end];
            if let Some((number, name, flags)) = parse_marker(line) {
                let file = map.intern(&name);
                let next = map
                    .line_starts
                    .get(idx + 1)
                    .copied()
                    .unwrap_or(limit as Offset);
                map.markers.push(LineMarker {
                    marker_start: start as Offset,
                    start: next,
                    file,
                    line: number,
                    flags,
                });
            }
        }
        map
    }

    /// The whole preprocessed text.
    pub fn text(&self) -> &[u8] {
        &self.text
    }

    pub fn input_name(&self) -> &str {
        &self.input_name
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    pub fn file_name(&self, file: FileId) -> &str {
        &self.files[file.0 as usize].name
    }

    pub fn markers(&self) -> &[LineMarker] {
        &self.markers
    }

    /// The text of a span.
    pub fn slice(&self, span: Span) -> &[u8] {
        &self.text[span.lo as usize..span.hi as usize]
    }

    /// The number of physical lines.
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// The offset just past the last byte of physical line `idx`, excluding its line end.
    fn line_end(&self, idx: usize) -> usize {
        let end = self
            .line_starts
            .get(idx + 1)
            .map(|&s| s as usize - 1)
            .unwrap_or(self.text.len());
        if end > self.line_starts[idx] as usize && self.text.get(end - 1) == Some(&b'\r') {
            end - 1
        } else {
            end
        }
    }

    fn line_index(&self, offset: Offset) -> usize {
        match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// The physical line and column of an offset.
    pub fn physical(&self, offset: Offset) -> Physical {
        let idx = self.line_index(offset);
        let line_start = self.line_starts[idx];
        let upto = (offset as usize).min(self.text.len());
        let column = self.text[line_start as usize..upto]
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count() as u32;
        Physical {
            line_index: idx as u32,
            line_start,
            column,
        }
    }

    /// The text of the physical line holding `offset`, without its line end.
    pub fn physical_line_text(&self, offset: Offset) -> &[u8] {
        let idx = self.line_index(offset);
        &self.text[self.line_starts[idx] as usize..self.line_end(idx)]
    }

    /// Whether the markers put `offset` in a system header (a cheaper [`SourceMap::presumed`]
    /// when only that is wanted).
    pub fn is_system(&self, offset: Offset) -> bool {
        let idx = self.markers.partition_point(|m| m.start <= offset);
        idx.checked_sub(1)
            .is_some_and(|i| self.markers[i].flags.system)
    }

    /// The file and line the markers assign to `offset`.
    pub fn presumed(&self, offset: Offset) -> Presumed {
        let idx = self.markers.partition_point(|m| m.start <= offset);
        let Some(marker) = idx.checked_sub(1).map(|i| &self.markers[i]) else {
            let line = self.line_index(offset) as u32 + 1;
            return Presumed {
                file: FileId(0),
                line,
                system: false,
                extern_c: false,
            };
        };
        let marker_line = self.line_index(marker.start);
        let here = self.line_index(offset);
        Presumed {
            file: marker.file,
            line: marker.line + (here - marker_line) as u32,
            system: marker.flags.system,
            extern_c: marker.flags.extern_c,
        }
    }

    /// Is `offset` on a line-marker line (and so not part of any declaration)?
    pub fn is_marker_line(&self, offset: Offset) -> bool {
        let idx = self.markers.partition_point(|m| m.marker_start <= offset);
        idx.checked_sub(1)
            .map(|i| offset < self.markers[i].start)
            .unwrap_or(false)
    }

    fn intern(&mut self, name: &str) -> FileId {
        if &*self.files[0].name == name {
            return FileId(0);
        }
        // Most markers name the file of the marker before them.
        if let Some(last) = self.markers.last()
            && *self.files[last.file.0 as usize].name == *name
        {
            return last.file;
        }
        if let Some(&id) = self.file_ids.get(name) {
            return id;
        }
        let name: Arc<str> = name.into();
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile { name: name.clone() });
        self.file_ids.insert(name, id);
        id
    }
}

/// The offset of every line's first byte: 0, and the offset after each `\n`.
fn line_starts(bytes: &[u8]) -> Vec<Offset> {
    let mut starts = Vec::with_capacity(bytes.len() / 32 + 1);
    starts.push(0);
    starts.extend(memchr::memchr_iter(b'\n', bytes).map(|i| i as Offset + 1));
    starts
}

/// Parses `# 12 "file" 1 3` or `#line 12 "file"`; `None` for anything else.
pub fn parse_marker(line: &[u8]) -> Option<(u32, Cow<'_, str>, MarkerFlags)> {
    fn skip_blanks(s: &[u8]) -> &[u8] {
        let n = s.iter().take_while(|&&b| b == b' ' || b == b'\t').count();
        &s[n..]
    }
    let rest = skip_blanks(line).strip_prefix(b"#")?;
    let rest = skip_blanks(rest);
    let rest = match rest.strip_prefix(b"line") {
        Some(r) if r.starts_with(b" ") || r.starts_with(b"\t") => skip_blanks(r),
        Some(_) => return None,
        None => rest,
    };
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return None;
    }
    let mut number: u32 = 0;
    for &d in &rest[..digits] {
        number = number.checked_mul(10)?.checked_add(u32::from(d - b'0'))?;
    }
    let rest = skip_blanks(&rest[digits..]).strip_prefix(b"\"")?;
    // The name, with `\\` and `\"` escapes.
    let close = memchr::memchr(b'"', rest)?;
    let (name, tail): (Cow<'_, [u8]>, &[u8]) = if memchr::memchr(b'\\', &rest[..close]).is_none() {
        (Cow::Borrowed(&rest[..close]), &rest[close + 1..])
    } else {
        let mut name = Vec::new();
        let mut i = 0;
        loop {
            match *rest.get(i)? {
                b'\\' => {
                    if let Some(&e) = rest.get(i + 1) {
                        name.push(e);
                    }
                    i += 2;
                }
                b'"' => break,
                c => {
                    name.push(c);
                    i += 1;
                }
            }
        }
        (Cow::Owned(name), rest.get(i + 1..)?)
    };
    let mut flags = MarkerFlags::default();
    for f in tail
        .split(|b| b.is_ascii_whitespace())
        .filter(|f| !f.is_empty())
    {
        match f {
            b"1" => flags.enter = true,
            b"2" => flags.leave = true,
            b"3" => flags.system = true,
            b"4" => flags.extern_c = true,
            // cudafe++ ignores other numeric flags.
            _ if f.iter().all(u8::is_ascii_digit) => {}
            _ => return None,
        }
    }
    let name = match name {
        Cow::Borrowed(b) => match std::str::from_utf8(b) {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => String::from_utf8_lossy(b),
        },
        Cow::Owned(v) => Cow::Owned(match String::from_utf8(v) {
            Ok(n) => n,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }),
    };
    Some((number, name, flags))
}

/// Does `text` hold `word` as a whole identifier neither right after nor right before
/// `::` (where a declaration of it could be, not a use as `N::word` or `word::x`)?
pub fn holds_unqualified_word(text: &[u8], word: &[u8]) -> bool {
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
    memchr::memmem::find_iter(text, word).any(|at| {
        let end = at + word.len();
        (at == 0 || !ident(text[at - 1]))
            && text.get(end).is_none_or(|&b| !ident(b))
            && !text[..at].trim_ascii_end().ends_with(b"::")
            && !text[end..].trim_ascii_start().starts_with(b"::")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# 1 \"k1.cu\"\n\
                        # 1 \"<built-in>\"\n\
                        # 1 \"/usr/include/stdio.h\" 1 3 4\n\
                        int printf(const char *, ...);\n\
                        \n\
                        extern int x;\n\
                        # 3 \"k1.cu\" 2\n\
                        __global__ void k() {}\n\
                        int y;";

    /// The newline scan finds what a byte-by-byte one does.
    #[test]
    fn line_starts_match_a_plain_scan() {
        let mut seed = 12345u32;
        for len in 0..80 {
            for round in 0..20usize {
                let bytes: Vec<u8> = (0..len)
                    .map(|i| {
                        seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
                        match (seed >> 16) % (round as u32 % 5 + 2) {
                            0 => b'\n',
                            _ => b"ab #\r\t\xff"[(i + round) % 7],
                        }
                    })
                    .collect();
                let mut plain = vec![0];
                plain.extend(
                    bytes
                        .iter()
                        .enumerate()
                        .filter(|(_, b)| **b == b'\n')
                        .map(|(i, _)| i as Offset + 1),
                );
                assert_eq!(line_starts(&bytes), plain, "{bytes:?}");
            }
        }
    }

    #[test]
    fn presumed_locations() {
        let map = SourceMap::new("k1.cpp4.ii", TEXT.as_bytes());
        assert_eq!(map.markers().len(), 4);
        let off = |needle: &str| TEXT.find(needle).unwrap() as Offset;
        let p = map.presumed(off("printf"));
        assert_eq!(
            (map.file_name(p.file), p.line, p.system),
            ("/usr/include/stdio.h", 1, true)
        );
        let p = map.presumed(off("extern"));
        assert_eq!(
            (map.file_name(p.file), p.line, p.system),
            ("/usr/include/stdio.h", 3, true)
        );
        let p = map.presumed(off("__global__"));
        assert_eq!(
            (map.file_name(p.file), p.line, p.system),
            ("k1.cu", 3, false)
        );
        let p = map.presumed(off("int y"));
        assert_eq!(p.line, 4);
        assert!(map.is_marker_line(off("# 3")));
        assert!(!map.is_marker_line(off("int y")));
    }

    #[test]
    fn physical_positions() {
        let map = SourceMap::new("x.ii", "a\r\n  b\u{e9}c d\n".as_bytes());
        let off = "a\r\n  b\u{e9}c".len() as Offset;
        let p = map.physical(off);
        assert_eq!((p.line_index, p.column), (1, 5));
        assert_eq!(map.physical_line_text(off), "  b\u{e9}c d".as_bytes());
        assert_eq!(map.physical_line_text(0), b"a");
    }

    #[test]
    fn marker_forms() {
        assert_eq!(
            parse_marker(b"#line 7 \"a\\\"b.cu\""),
            Some((7, Cow::Borrowed("a\"b.cu"), MarkerFlags::default()))
        );
        assert!(parse_marker(b"#pragma once").is_none());
        assert_eq!(
            parse_marker(b"# 12 \"x\" 9"),
            Some((12, Cow::Borrowed("x"), MarkerFlags::default()))
        );
        assert!(parse_marker(b"# 12 \"x\" y").is_none());
        assert!(parse_marker(b"#lineX 1 \"a\"").is_none());
        let (_, _, f) = parse_marker(b"# 5 \"h\" 2 3").unwrap();
        assert!(f.leave && f.system && !f.enter);
    }

    #[test]
    fn no_markers() {
        let map = SourceMap::new("plain.ii", &b"int a;\nint b;\n"[..]);
        let p = map.presumed(8);
        assert_eq!((map.file_name(p.file), p.line), ("plain.ii", 2));
    }
}
