//! The lexer: the preprocessed text → tokens.
//!
//! [`lex`] turns the whole translation unit into a vector of [`Token`]s ending with
//! [`TokenKind::Eof`]. A token is 16 bytes: its [`Span`] (byte offsets into the text), its
//! [`TokenKind`] and [`TokenFlags`], and one word the lexer uses for the start of a
//! literal's ud-suffix. Nothing is copied: the text of a token is `map.slice(token.span)`.
//!
//! What the lexer does, in the standard's terms:
//!
//! * Line splices (`\` newline) are honoured inside tokens (`in\⏎t` is `int`) and in
//!   comments; such tokens carry [`TokenFlags::NEEDS_CLEANING`] and
//!   [`Token::spelling`] returns the spliced text. In raw string bodies splices are kept.
//! * Comments are skipped; [`TokenFlags::LEADING_SPACE`] records that whitespace or a comment
//!   came before a token on its line.
//! * Punctuators by maximal munch, with the C++11 `<::` rule. Digraphs and alternative
//!   tokens (`<:`, `%:`, `and`, `bitor`, ...) become the punctuator they stand for, with
//!   [`TokenFlags::ALT_SPELLING`]; the span keeps the spelling. `<<<` and `>>>` are not
//!   tokens (the parser pairs `<<`+`<`, and splits `>>`, see [`Token::split_greater`]).
//! * Line markers (`# 12 "file" 2 3`, `#line 12 "file"`) produce no token: the source map
//!   owns them. `#pragma` lines become one [`TokenKind::Pragma`] token; any other directive
//!   line one [`TokenKind::Directive`] token. [`lex_directive`] tokenizes such a line.
//! * Numbers are pp-numbers (`0x1e+1` is one, invalid, token), classified as
//!   [`TokenKind::Int`] or [`TokenKind::Float`] and checked; the decoders are in [`literal`].
//! * Errors never stop the lexer; each has a span and a [`LexErrorKind`]. A token with an
//!   error carries [`TokenFlags::HAS_ERROR`].

mod chars;
mod keywords;
pub mod literal;
#[cfg(test)]
mod tests;

use crate::source_map::{LineMarker, Offset, SourceMap, Span};
use chars::{
    CLASS, DIGIT, HSPACE, IDENT_CONT, IDENT_START, decode_utf8, ident_char_allowed, ucn_at,
};
pub use keywords::{Keyword, Punct};
use keywords::{Word, lookup};
pub use literal::{
    CharLiteral, Encoding, FloatLiteral, FloatSuffix, IntLiteral, IntSize, IntSuffix, LiteralError,
    LiteralErrorKind, LiteralWarning, LiteralWarningKind, StringLiteral, parse_char, parse_float,
    parse_integer, parse_string,
};
use std::borrow::Cow;
use std::fmt;

/// The C++ standard the input is parsed as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CxxStd {
    Cxx11,
    Cxx14,
    Cxx17,
    Cxx20,
    Cxx23,
}

/// What the lexer needs to know of the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LexOptions {
    pub std: CxxStd,
    /// GNU mode: the GNU keyword spellings (`__attribute__`, `__inline__`, `typeof`, ...).
    pub gnu: bool,
    /// The GCC version emulated, as `--gnu_version` gives it (`120200` for 12.2).
    /// From 130000 on, `_Float16`/`_Float32`/.../`__bf16` are keywords (as in GCC 13,
    /// where glibc stops declaring them as typedefs for C++).
    pub gnu_version: u32,
    /// `$` is allowed in identifiers (GCC's default).
    pub dollar_in_identifiers: bool,
}

impl Default for LexOptions {
    fn default() -> LexOptions {
        LexOptions {
            std: CxxStd::Cxx17,
            gnu: true,
            gnu_version: 120200,
            dollar_in_identifiers: true,
        }
    }
}

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TokenKind {
    Ident,
    Keyword(Keyword),
    /// A punctuator, including digraphs and alternative tokens.
    Punct(Punct),
    /// An integer literal (possibly user-defined: see [`Token::ud_suffix`]).
    Int,
    /// A floating literal (possibly user-defined).
    Float,
    /// A character literal (possibly user-defined).
    Char(Encoding),
    /// A string literal (raw if [`TokenFlags::RAW`]; possibly user-defined).
    Str(Encoding),
    /// A whole `#pragma` line, from the `#` to the end of the line (line end excluded).
    Pragma,
    /// Any other directive line that survived preprocessing (`#ident "x"`, `#define`
    /// under `-dD`, a null directive `#`).
    Directive,
    /// A stray character or invalid bytes (always with a [`LexError`]).
    Unknown,
    /// The end of the input (an empty span at its end).
    Eof,
}

/// Token flags (a bit set).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TokenFlags(pub u8);

impl TokenFlags {
    /// The first token on its physical line.
    pub const LINE_START: TokenFlags = TokenFlags(1);
    /// Whitespace or a comment precedes the token on its line.
    pub const LEADING_SPACE: TokenFlags = TokenFlags(2);
    /// The text has line splices (or, in an identifier, universal character names):
    /// use [`Token::spelling`] / [`Token::name`] rather than [`Token::text`].
    pub const NEEDS_CLEANING: TokenFlags = TokenFlags(4);
    /// A literal with a ud-suffix: see [`Token::ud_suffix`].
    pub const UD_SUFFIX: TokenFlags = TokenFlags(8);
    /// A raw string literal.
    pub const RAW: TokenFlags = TokenFlags(16);
    /// A digraph or alternative token (`<:`, `and`).
    pub const ALT_SPELLING: TokenFlags = TokenFlags(32);
    /// The lexer reported an error for this token (unterminated literal, bad number...).
    pub const HAS_ERROR: TokenFlags = TokenFlags(64);

    pub const fn empty() -> TokenFlags {
        TokenFlags(0)
    }

    pub const fn contains(self, other: TokenFlags) -> bool {
        self.0 & other.0 == other.0
    }

    pub fn insert(&mut self, other: TokenFlags) {
        self.0 |= other.0;
    }

    pub fn remove(&mut self, other: TokenFlags) {
        self.0 &= !other.0;
    }
}

impl std::ops::BitOr for TokenFlags {
    type Output = TokenFlags;
    fn bitor(self, rhs: TokenFlags) -> TokenFlags {
        TokenFlags(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for TokenFlags {
    fn bitor_assign(&mut self, rhs: TokenFlags) {
        self.0 |= rhs.0;
    }
}

impl fmt::Debug for TokenFlags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const NAMES: [&str; 7] = [
            "LINE_START",
            "LEADING_SPACE",
            "NEEDS_CLEANING",
            "UD_SUFFIX",
            "RAW",
            "ALT_SPELLING",
            "HAS_ERROR",
        ];
        let mut first = true;
        f.write_str("TokenFlags(")?;
        for (i, name) in NAMES.iter().enumerate() {
            if self.0 & (1 << i) != 0 {
                if !first {
                    f.write_str(" | ")?;
                }
                f.write_str(name)?;
                first = false;
            }
        }
        f.write_str(")")
    }
}

/// A token. 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Token {
    pub span: Span,
    pub kind: TokenKind,
    pub flags: TokenFlags,
    /// For a literal with [`TokenFlags::UD_SUFFIX`]: the ud-suffix's start, relative to
    /// `span.lo`. Identifiers and brackets leave it to the parser ([`Token::extra`]).
    aux: u32,
}

const _: () = assert!(std::mem::size_of::<Token>() == 16);

impl Token {
    /// A word the parser keeps with an identifier or a bracket (its interned name, the
    /// index of its closing bracket): literals alone use the room themselves.
    #[inline]
    pub(crate) fn extra(&self) -> u32 {
        self.aux
    }

    /// Sets [`Token::extra`] of an identifier or a bracket.
    #[inline]
    pub(crate) fn set_extra(&mut self, v: u32) {
        debug_assert!(matches!(self.kind, TokenKind::Ident | TokenKind::Punct(_)));
        self.aux = v;
    }

    pub const fn new(kind: TokenKind, span: Span, flags: TokenFlags) -> Token {
        Token {
            span,
            kind,
            flags,
            aux: 0,
        }
    }

    /// The token's text as written (with any line splices).
    pub fn text<'m>(&self, map: &'m SourceMap) -> &'m [u8] {
        map.slice(self.span)
    }

    /// The token's text after line splicing (phase 2). Borrowed unless the token has
    /// [`TokenFlags::NEEDS_CLEANING`]. Raw string bodies are returned as written; UCNs are
    /// kept (see [`Token::name`]). This is what the literal decoders take.
    pub fn spelling<'m>(&self, map: &'m SourceMap) -> Cow<'m, [u8]> {
        let text = self.text(map);
        if !self.flags.contains(TokenFlags::NEEDS_CLEANING) {
            return Cow::Borrowed(text);
        }
        if self.flags.contains(TokenFlags::RAW) {
            // Clean the prefix and the ud-suffix, not the body.
            let open = text.iter().position(|&b| b == b'"').unwrap_or(text.len());
            let tail_start = self.ud_suffix().map(|o| (o - self.span.lo) as usize);
            let close = match tail_start {
                Some(t) => text[..t]
                    .iter()
                    .rposition(|&b| b == b'"')
                    .map_or(t, |c| c + 1),
                None => text.len(),
            };
            let close = close.max(open);
            let mut out = remove_splices(&text[..open]);
            out.extend_from_slice(&text[open..close]);
            out.extend_from_slice(&remove_splices(&text[close..]));
            return Cow::Owned(out);
        }
        Cow::Owned(remove_splices(text))
    }

    /// For identifiers and keywords: the identifier itself, splices removed and universal
    /// character names replaced by UTF-8, so that `caf\u00e9` and `café` compare equal.
    /// For other tokens the same as [`Token::spelling`].
    pub fn name<'m>(&self, map: &'m SourceMap) -> Cow<'m, [u8]> {
        if !self.flags.contains(TokenFlags::NEEDS_CLEANING) {
            // No splices, no UCNs (the lexer flags both).
            return Cow::Borrowed(self.text(map));
        }
        let s = self.spelling(map);
        if matches!(self.kind, TokenKind::Ident | TokenKind::Keyword(_)) && s.contains(&b'\\') {
            Cow::Owned(decode_ucns(&s))
        } else {
            s
        }
    }

    /// Where the ud-suffix of a user-defined literal starts (`"abc"sv`, `12_km`).
    pub fn ud_suffix(&self) -> Option<Offset> {
        self.flags
            .contains(TokenFlags::UD_SUFFIX)
            .then_some(self.span.lo + self.aux)
    }

    pub fn is_punct(&self, p: Punct) -> bool {
        self.kind == TokenKind::Punct(p)
    }

    pub fn is_keyword(&self, k: Keyword) -> bool {
        self.kind == TokenKind::Keyword(k)
    }

    /// Splits `>>`, `>>=` or `>=` into a `>` and the rest (`>`, `>=`, `=`), as the parser
    /// does when `>` closes a template argument list. `None` for other tokens (and for
    /// alternative spellings, which do not exist for these).
    pub fn split_greater(&self) -> Option<(Token, Token)> {
        let rest = match self.kind {
            TokenKind::Punct(Punct::GreaterGreater) => Punct::Greater,
            TokenKind::Punct(Punct::GreaterGreaterEq) => Punct::GreaterEq,
            TokenKind::Punct(Punct::GreaterEq) => Punct::Eq,
            _ => return None,
        };
        let mid = self.span.lo + 1;
        let first = Token::new(
            TokenKind::Punct(Punct::Greater),
            Span::new(self.span.lo, mid),
            TokenFlags(self.flags.0 & (TokenFlags::LINE_START.0 | TokenFlags::LEADING_SPACE.0)),
        );
        let second = Token::new(
            TokenKind::Punct(rest),
            Span::new(mid, self.span.hi),
            TokenFlags(self.flags.0 & TokenFlags::NEEDS_CLEANING.0),
        );
        Some((first, second))
    }
}

/// Removes line splices (`\` newline, `\` CR LF).
fn remove_splices(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if s[i] == b'\\' {
            if s.get(i + 1) == Some(&b'\n') {
                i += 2;
                continue;
            }
            if s.get(i + 1) == Some(&b'\r') && s.get(i + 2) == Some(&b'\n') {
                i += 3;
                continue;
            }
        }
        out.push(s[i]);
        i += 1;
    }
    out
}

/// Replaces universal character names by their UTF-8 encoding.
fn decode_ucns(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    let mut i = 0;
    while i < s.len() {
        if let Some((cp, n)) = ucn_at(&s[i..]) {
            chars::push_utf8(&mut out, cp);
            i += n;
        } else {
            out.push(s[i]);
            i += 1;
        }
    }
    out
}

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LexErrorKind {
    /// A string literal without its closing `"` on the line.
    UnterminatedString,
    /// A character literal without its closing `'` on the line.
    UnterminatedChar,
    /// A raw string literal without its closing `)delim"`.
    UnterminatedRawString,
    /// A `/*` comment without `*/`.
    UnterminatedComment,
    /// `''`.
    EmptyChar,
    /// A raw string delimiter with a character not allowed there.
    InvalidRawDelimiter,
    /// No `(` within 16 characters after `R"`.
    RawDelimiterTooLong,
    /// A character that starts no token (`@`, `` ` ``, a control character, NUL).
    StrayCharacter,
    /// A `\` that is not a line splice or a universal character name.
    StrayBackslash,
    /// Bytes that are not UTF-8, outside literals and comments.
    InvalidUtf8,
    /// A (valid UTF-8) character that is not allowed in an identifier, outside literals.
    InvalidCharacter,
    /// A universal character name in an identifier naming a character not allowed there.
    InvalidUcn,
    /// An ill-formed number (`08`, `0x`, `1e+`, `1.0ul`, `0x1e+1`).
    InvalidNumber(LiteralErrorKind),
    /// A line that looks like a line marker (`# 12 ...`, `#line ...`) that the source map
    /// did not understand. It produces no token.
    UnrecognizedLineMarker,
}

impl LexErrorKind {
    /// A message in the words cudafe++ uses where it has one.
    pub fn message(self) -> Cow<'static, str> {
        use LexErrorKind::*;
        Cow::Borrowed(match self {
            UnterminatedString | UnterminatedChar => "missing closing quote",
            UnterminatedRawString => "ending delimiter for raw string not found",
            UnterminatedComment => "comment unclosed at end of file",
            EmptyChar => "empty character constant",
            InvalidRawDelimiter => "invalid character in raw string delimiter",
            RawDelimiterTooLong => {
                "parenthesis terminating raw string delimiter not found within 16 characters"
            }
            StrayCharacter | StrayBackslash | InvalidCharacter => "unrecognized token",
            InvalidUtf8 => "invalid multibyte character sequence",
            InvalidUcn => "this universal character is not allowed in an identifier",
            InvalidNumber(k) => return Cow::Borrowed(k.message()),
            UnrecognizedLineMarker => "unrecognized line marker",
        })
    }
}

impl fmt::Display for LexErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message())
    }
}

/// A lexical error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LexError {
    pub span: Span,
    pub kind: LexErrorKind,
}

/// The lexer's output.
#[derive(Debug, Clone, Default)]
pub struct Lexed {
    /// The tokens, in order, ending with [`TokenKind::Eof`].
    pub tokens: Vec<Token>,
    pub errors: Vec<LexError>,
}

/// Tokenizes the whole preprocessed text of `map`.
pub fn lex(map: &SourceMap, opts: &LexOptions) -> Lexed {
    let text = map.text();
    // The source map stops at 4 GiB − 1; so do we.
    let limit = text.len().min(u32::MAX as usize - 1);
    let mut lx = Lexer::new(&text[..limit], 0, *opts, map.markers(), true);
    lx.tokens.reserve(limit / 6);
    lx.run();
    Lexed {
        tokens: lx.tokens,
        errors: lx.errors,
    }
}

/// Where [`lex_range`] may split the text of `map` in two: the start of a line marker near
/// the middle, at the start of a line that does not continue the one before it (no line
/// splice). `None` when the text has no such point past `min_half` bytes from either end.
/// A token, comment or raw string that crosses the point leaves the first half with a
/// lexical error; whoever splits lexes the whole text again then.
pub fn split_point(map: &SourceMap, min_half: usize) -> Option<usize> {
    let text = map.text();
    let len = text.len().min(u32::MAX as usize - 1);
    if len < 2 * min_half {
        return None;
    }
    let markers = map.markers();
    let from = markers.partition_point(|m| (m.marker_start as usize) < len / 2);
    let m = markers[from..].iter().find(|m| {
        let at = m.marker_start as usize;
        at >= min_half
            && at + min_half <= len
            && text.get(at.wrapping_sub(1)) == Some(&b'\n')
            && !text[..at - 1].ends_with(b"\\")
            && !text[..at - 1].ends_with(b"\\\r")
    })?;
    Some(m.marker_start as usize)
}

/// Tokenizes the text of `map` from `lo` to `hi`, as [`lex`] tokenizes the whole, where `lo`
/// starts a line that does not continue the one before it (see [`split_point`]). Ends with
/// an [`TokenKind::Eof`] at `hi`. The token vector has room for `capacity` tokens, or for
/// as many as the range is likely to hold if that is more.
pub fn lex_range(
    map: &SourceMap,
    opts: &LexOptions,
    lo: usize,
    hi: usize,
    capacity: usize,
) -> Lexed {
    let text = map.text();
    let hi = hi.min(text.len()).min(u32::MAX as usize - 1);
    let lo = lo.min(hi);
    let mut lx = Lexer::new(&text[..hi], lo, *opts, map.markers(), true);
    lx.next_marker = map
        .markers()
        .partition_point(|m| (m.marker_start as usize) < lo);
    lx.tokens.reserve(((hi - lo) / 6).max(capacity));
    lx.run();
    Lexed {
        tokens: lx.tokens,
        errors: lx.errors,
    }
}

/// Tokenizes the line of a [`TokenKind::Pragma`] or [`TokenKind::Directive`] token: the
/// first token is the `#` (a [`Punct::Hash`]), then `pragma` and the rest; the last is an
/// `Eof` at the end of the line. Spans are offsets into the whole text. For other tokens,
/// tokenizes the token's span the same way.
pub fn lex_directive(map: &SourceMap, token: &Token, opts: &LexOptions) -> Lexed {
    let text = map.text();
    let hi = (token.span.hi as usize).min(text.len());
    let lo = (token.span.lo as usize).min(hi);
    let mut lx = Lexer::new(&text[..hi], lo, *opts, &[], false);
    lx.run();
    Lexed {
        tokens: lx.tokens,
        errors: lx.errors,
    }
}

struct Lexer<'a> {
    src: &'a [u8],
    pos: usize,
    opts: LexOptions,
    /// Recognise directive lines and line markers.
    directives: bool,
    markers: &'a [LineMarker],
    next_marker: usize,
    tokens: Vec<Token>,
    errors: Vec<LexError>,
    /// Offset of the first byte of the current physical line.
    phys_line_start: usize,
    /// `LINE_START` and `LEADING_SPACE` for the next token.
    pending: u8,
    first_on_logical_line: bool,
}

const LINE_START: u8 = TokenFlags::LINE_START.0;
const LEADING_SPACE: u8 = TokenFlags::LEADING_SPACE.0;

/// What a byte starts, for the main loop's dispatch.
#[derive(Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
enum Start {
    Other,
    Space,
    Newline,
    Ident,
    Digit,
    /// A punctuator that never combines with what follows: `( ) [ ] { } ; , ? ~`.
    Simple,
}

static START: [Start; 256] = {
    let mut t = [Start::Other; 256];
    let mut i = 0;
    while i < 256 {
        let b = i as u8;
        t[i] = if CLASS[i] & HSPACE != 0 {
            Start::Space
        } else if b == b'\n' {
            Start::Newline
        } else if CLASS[i] & IDENT_START != 0 {
            Start::Ident
        } else if CLASS[i] & DIGIT != 0 {
            Start::Digit
        } else if matches!(
            b,
            b'(' | b')' | b'[' | b']' | b'{' | b'}' | b';' | b',' | b'?' | b'~'
        ) {
            Start::Simple
        } else {
            Start::Other
        };
        i += 1;
    }
    t
};

fn simple_punct(b: u8) -> Punct {
    match b {
        b'(' => Punct::LParen,
        b')' => Punct::RParen,
        b'[' => Punct::LBracket,
        b']' => Punct::RBracket,
        b'{' => Punct::LBrace,
        b'}' => Punct::RBrace,
        b';' => Punct::Semi,
        b',' => Punct::Comma,
        b'?' => Punct::Question,
        _ => Punct::Tilde,
    }
}

impl<'a> Lexer<'a> {
    fn new(
        src: &'a [u8],
        pos: usize,
        opts: LexOptions,
        markers: &'a [LineMarker],
        directives: bool,
    ) -> Lexer<'a> {
        Lexer {
            src,
            pos,
            opts,
            directives,
            markers,
            next_marker: 0,
            tokens: Vec::new(),
            errors: Vec::new(),
            phys_line_start: pos,
            pending: LINE_START,
            first_on_logical_line: true,
        }
    }

    fn run(&mut self) {
        let src = self.src;
        let opts = self.opts;
        while let Some(&b) = src.get(self.pos) {
            match START[b as usize] {
                Start::Space => {
                    let mut p = self.pos + 1;
                    while p < src.len() && CLASS[src[p] as usize] & HSPACE != 0 {
                        p += 1;
                    }
                    self.pos = p;
                    self.pending |= LEADING_SPACE;
                }
                Start::Newline => {
                    self.pos += 1;
                    self.newline();
                }
                Start::Ident => {
                    // Fast path: a plain ASCII identifier or keyword.
                    let start = self.pos;
                    let mut p = start + 1;
                    while p < src.len() && CLASS[src[p] as usize] & IDENT_CONT != 0 {
                        p += 1;
                    }
                    let next = src.get(p).copied().unwrap_or(b' ');
                    if next >= 0x80 || matches!(next, b'\\' | b'$' | b'"' | b'\'') {
                        self.identifier(start);
                        continue;
                    }
                    let (kind, flags) = match lookup(&src[start..p], &opts) {
                        None => (TokenKind::Ident, TokenFlags::empty()),
                        Some(Word::Kw(k)) => (TokenKind::Keyword(k), TokenFlags::empty()),
                        Some(Word::Alt(p)) => (TokenKind::Punct(p), TokenFlags::ALT_SPELLING),
                    };
                    self.push(kind, start, p, flags);
                }
                Start::Simple => {
                    let start = self.pos;
                    self.push(
                        TokenKind::Punct(simple_punct(b)),
                        start,
                        start + 1,
                        TokenFlags::empty(),
                    );
                }
                Start::Digit => self.number(self.pos),
                Start::Other => match b {
                    b'\\' if self.splice_end(self.pos).is_some() => {
                        let end = self.splice_end(self.pos).unwrap_or(self.pos + 1);
                        self.pos = end;
                        self.phys_line_start = end;
                        self.pending |= LINE_START;
                    }
                    b'/' => match self.peek(self.pos + 1) {
                        Some((b'/', q)) => {
                            self.pos = self.line_end(q);
                            self.pending |= LEADING_SPACE;
                        }
                        Some((b'*', q)) => {
                            self.block_comment(self.pos, q);
                            self.pending |= LEADING_SPACE;
                        }
                        _ => self.punct(self.pos),
                    },
                    _ => self.token(b),
                },
            }
        }
        self.push(TokenKind::Eof, src.len(), src.len(), TokenFlags::empty());
    }

    #[inline]
    fn newline(&mut self) {
        self.phys_line_start = self.pos;
        self.pending = LINE_START;
        self.first_on_logical_line = true;
    }

    /// If a line splice starts at `p`, where it ends.
    #[inline]
    fn splice_end(&self, p: usize) -> Option<usize> {
        if self.src.get(p) != Some(&b'\\') {
            return None;
        }
        match self.src.get(p + 1) {
            Some(b'\n') => Some(p + 2),
            Some(b'\r') if self.src.get(p + 2) == Some(&b'\n') => Some(p + 3),
            _ => None,
        }
    }

    /// Skips any line splices at `p`.
    #[inline]
    fn skip_splices(&self, mut p: usize) -> usize {
        while let Some(q) = self.splice_end(p) {
            p = q;
        }
        p
    }

    /// The character at `p` after line splicing, and the offset after it.
    #[inline]
    fn peek(&self, p: usize) -> Option<(u8, usize)> {
        let c = *self.src.get(p)?;
        if c != b'\\' {
            return Some((c, p + 1));
        }
        let p = self.skip_splices(p);
        self.src.get(p).map(|&c| (c, p + 1))
    }

    #[inline]
    fn push(&mut self, kind: TokenKind, lo: usize, hi: usize, flags: TokenFlags) -> usize {
        let flags = TokenFlags(flags.0 | self.pending);
        self.pending = 0;
        self.first_on_logical_line = false;
        self.tokens.push(Token {
            span: Span::new(lo as Offset, hi as Offset),
            kind,
            flags,
            aux: 0,
        });
        self.pos = hi;
        self.tokens.len() - 1
    }

    fn error(&mut self, lo: usize, hi: usize, kind: LexErrorKind) {
        self.errors.push(LexError {
            span: Span::new(lo as Offset, hi as Offset),
            kind,
        });
    }

    /// The offset of the line end (`\n`, or the end of the input) that ends the logical
    /// line containing `p`, honouring splices.
    fn line_end(&mut self, mut p: usize) -> usize {
        let src = self.src;
        loop {
            match src[p.min(src.len())..].iter().position(|&b| b == b'\n') {
                None => return src.len(),
                Some(i) => {
                    let nl = p + i;
                    let spliced = (nl >= 1 && src[nl - 1] == b'\\')
                        || (nl >= 2 && src[nl - 1] == b'\r' && src[nl - 2] == b'\\');
                    if !spliced {
                        return nl;
                    }
                    p = nl + 1;
                    self.phys_line_start = p;
                }
            }
        }
    }

    /// Finds the end of a block comment whose body starts at `q`: the offset after `*/`.
    fn block_comment_end(&self, q: usize) -> Option<usize> {
        let src = self.src;
        let mut p = q;
        loop {
            let i = src[p..].iter().position(|&b| b == b'/')?;
            let slash = p + i;
            // The logical character before the `/`, skipping splices backwards.
            let mut j = slash;
            loop {
                if j >= 2 && src[j - 1] == b'\n' && src[j - 2] == b'\\' {
                    j -= 2;
                } else if j >= 3
                    && src[j - 1] == b'\n'
                    && src[j - 2] == b'\r'
                    && src[j - 3] == b'\\'
                {
                    j -= 3;
                } else {
                    break;
                }
            }
            if j > q && src[j - 1] == b'*' {
                return Some(slash + 1);
            }
            p = slash + 1;
        }
    }

    fn block_comment(&mut self, start: usize, q: usize) {
        let end = match self.block_comment_end(q) {
            Some(end) => end,
            None => {
                self.error(start, self.src.len(), LexErrorKind::UnterminatedComment);
                self.src.len()
            }
        };
        if let Some(nl) = self.src[start..end].iter().rposition(|&b| b == b'\n') {
            self.phys_line_start = start + nl + 1;
            self.pending |= LINE_START;
        }
        self.pos = end;
    }

    fn token(&mut self, b: u8) {
        let start = self.pos;
        let class = CLASS[b as usize];
        if class & IDENT_START != 0 || (b == b'$' && self.opts.dollar_in_identifiers) {
            self.identifier(start);
        } else if class & DIGIT != 0 {
            self.number(start);
        } else {
            match b {
                b'"' => self.quoted(start, start, Encoding::Ordinary, b'"'),
                b'\'' => self.quoted(start, start, Encoding::Ordinary, b'\''),
                b'.' if matches!(self.peek(start + 1), Some((c, _)) if c.is_ascii_digit()) => {
                    self.number(start)
                }
                0x80..=0xFF => match decode_utf8(&self.src[start..]) {
                    Some((cp, _)) if ident_char_allowed(cp, true) => self.identifier(start),
                    _ => self.stray(start),
                },
                b'\\' => match ucn_at(&self.src[start..]) {
                    Some(_) => self.identifier(start),
                    None => self.stray(start),
                },
                _ => self.punct(start),
            }
        }
    }

    /// Scans identifier characters from `p` (the first must be one): the end, and whether
    /// splices or UCNs were seen. Reports UCNs not allowed in identifiers.
    fn scan_identifier(&mut self, start: usize) -> (usize, bool) {
        let src = self.src;
        let mut p = start;
        let mut clean = false;
        loop {
            while p < src.len() && CLASS[src[p] as usize] & IDENT_CONT != 0 {
                p += 1;
            }
            let Some(&c) = src.get(p) else { break };
            if c == b'$' && self.opts.dollar_in_identifiers {
                p += 1;
            } else if c >= 0x80 {
                match decode_utf8(&src[p..]) {
                    Some((cp, n)) if ident_char_allowed(cp, p == start) => p += n,
                    _ => break,
                }
            } else if c == b'\\' {
                if let Some(q) = self.splice_end(p) {
                    let q = self.skip_splices(q);
                    if q < src.len() && self.continues_identifier(q) {
                        p = q;
                        clean = true;
                        continue;
                    }
                    break;
                }
                let Some((cp, n)) = ucn_at(&src[p..]) else {
                    break;
                };
                if !ident_char_allowed(cp, p == start) {
                    self.error(p, p + n, LexErrorKind::InvalidUcn);
                }
                p += n;
                clean = true;
            } else {
                break;
            }
        }
        (p, clean)
    }

    /// Can the character at `p` continue an identifier?
    fn continues_identifier(&self, p: usize) -> bool {
        let c = self.src[p];
        CLASS[c as usize] & IDENT_CONT != 0
            || (c == b'$' && self.opts.dollar_in_identifiers)
            || (c >= 0x80
                && matches!(decode_utf8(&self.src[p..]), Some((cp, _)) if ident_char_allowed(cp, false)))
            || (c == b'\\' && ucn_at(&self.src[p..]).is_some())
    }

    /// Can the character at `p` start an identifier (after splices)?
    fn starts_identifier(&self, p: usize) -> bool {
        let Some(&c) = self.src.get(p) else {
            return false;
        };
        CLASS[c as usize] & IDENT_START != 0
            || (c == b'$' && self.opts.dollar_in_identifiers)
            || (c >= 0x80
                && matches!(decode_utf8(&self.src[p..]), Some((cp, _)) if ident_char_allowed(cp, true)))
            || (c == b'\\' && ucn_at(&self.src[p..]).is_some())
    }

    fn identifier(&mut self, start: usize) {
        let (end, clean) = self.scan_identifier(start);
        let end = end.max(start + 1);
        let raw = &self.src[start..end];
        let spelled: Cow<[u8]> = if clean {
            Cow::Owned(decode_ucns(&remove_splices(raw)))
        } else {
            Cow::Borrowed(raw)
        };
        let s: &[u8] = &spelled;
        // Encoding prefixes.
        if s.len() <= 3 && matches!(s[0], b'u' | b'U' | b'L' | b'R') {
            let (enc, raw_prefix, n) = literal::split_prefix(s);
            if n == s.len()
                && let Some((q, _)) = self.peek(end).filter(|&(c, _)| c == b'"' || c == b'\'')
            {
                let quote_pos = self.skip_splices(end);
                let is_char = q == b'\'';
                let ok = if is_char {
                    !raw_prefix && (enc != Encoding::Utf8 || self.opts.std >= CxxStd::Cxx17)
                } else {
                    true
                };
                if ok {
                    let flags = if clean || quote_pos != end {
                        TokenFlags::NEEDS_CLEANING
                    } else {
                        TokenFlags::empty()
                    };
                    if raw_prefix {
                        self.raw_string(start, quote_pos, enc, flags);
                    } else {
                        self.quoted_with(start, quote_pos, enc, q, flags);
                    }
                    return;
                }
            }
        }
        let kind = match lookup(s, &self.opts) {
            None => TokenKind::Ident,
            Some(Word::Kw(k)) => TokenKind::Keyword(k),
            Some(Word::Alt(p)) => TokenKind::Punct(p),
        };
        let mut flags = TokenFlags::empty();
        if clean {
            flags |= TokenFlags::NEEDS_CLEANING;
        }
        if matches!(kind, TokenKind::Punct(_)) {
            flags |= TokenFlags::ALT_SPELLING;
        }
        self.push(kind, start, end, flags);
    }

    fn number(&mut self, start: usize) {
        let src = self.src;
        let separators = self.opts.std >= CxxStd::Cxx14;
        let mut p = start + 1;
        let mut prev = src[start];
        let mut clean = false;
        while let Some((c, q)) = self.peek(p) {
            let cpos = q - 1;
            let ok = if CLASS[c as usize] & IDENT_CONT != 0
                || c == b'.'
                || ((c == b'+' || c == b'-') && matches!(prev, b'e' | b'E' | b'p' | b'P'))
            {
                true
            } else if c == b'\'' && separators {
                // A separator must be followed by a digit or nondigit.
                match self.peek(q) {
                    Some((d, q2)) if CLASS[d as usize] & IDENT_CONT != 0 => {
                        if cpos != p || q2 - 1 != q {
                            clean = true;
                        }
                        p = q2;
                        prev = d;
                        continue;
                    }
                    _ => false,
                }
            } else if c == b'$' && self.opts.dollar_in_identifiers {
                true
            } else if c >= 0x80 {
                match decode_utf8(&src[cpos..]) {
                    Some((cp, n)) if ident_char_allowed(cp, false) => {
                        clean |= cpos != p;
                        p = cpos + n;
                        prev = c;
                        continue;
                    }
                    _ => false,
                }
            } else if c == b'\\' {
                match ucn_at(&src[cpos..]) {
                    Some((_, n)) => {
                        clean = true;
                        p = cpos + n;
                        prev = b'u';
                        continue;
                    }
                    None => false,
                }
            } else {
                false
            };
            if !ok {
                break;
            }
            clean |= cpos != p;
            p = q;
            prev = c;
        }
        let raw = &src[start..p];
        let spelled: Cow<[u8]> = if clean {
            Cow::Owned(remove_splices(raw))
        } else {
            Cow::Borrowed(raw)
        };
        let mut flags = if clean {
            TokenFlags::NEEDS_CLEANING
        } else {
            TokenFlags::empty()
        };
        let (kind, ud) = match literal::analyze_number(&spelled) {
            Ok(parts) => (
                if parts.is_float {
                    TokenKind::Float
                } else {
                    TokenKind::Int
                },
                parts.ud_suffix.then_some(parts.suffix_start),
            ),
            Err(e) => {
                self.error(start, p, LexErrorKind::InvalidNumber(e.kind));
                flags |= TokenFlags::HAS_ERROR;
                (guess_number_kind(&spelled), None)
            }
        };
        let idx = self.push(kind, start, p, flags);
        if let Some(ud) = ud {
            let raw_ud = if clean { raw_index(raw, ud) } else { ud };
            self.set_ud_suffix(idx, raw_ud);
        }
    }

    fn set_ud_suffix(&mut self, idx: usize, rel: usize) {
        let t = &mut self.tokens[idx];
        t.flags |= TokenFlags::UD_SUFFIX;
        t.aux = rel as u32;
    }

    /// A character or string literal opening at `quote` (the token starts at `start`).
    fn quoted(&mut self, start: usize, quote: usize, enc: Encoding, q: u8) {
        self.quoted_with(start, quote, enc, q, TokenFlags::empty());
    }

    fn quoted_with(&mut self, start: usize, quote: usize, enc: Encoding, q: u8, flags: TokenFlags) {
        let src = self.src;
        let mut flags = flags;
        let mut p = quote + 1;
        let kind = if q == b'"' {
            TokenKind::Str(enc)
        } else {
            TokenKind::Char(enc)
        };
        let closed = loop {
            let Some(&c) = src.get(p) else { break false };
            if c == q {
                p += 1;
                break true;
            }
            match c {
                b'\n' => break false,
                b'\\' => {
                    if let Some(e) = self.splice_end(p) {
                        flags |= TokenFlags::NEEDS_CLEANING;
                        p = e;
                    } else {
                        // Skip the escaped character (a splice after `\` still splices).
                        let e = self.skip_splices(p + 1);
                        if e != p + 1 {
                            flags |= TokenFlags::NEEDS_CLEANING;
                        }
                        p = match src.get(e) {
                            Some(&b'\n') | None => e,
                            Some(_) => e + 1,
                        };
                    }
                }
                _ => p += 1,
            }
        };
        if !closed {
            let mut end = p;
            if end > quote + 1 && src[end - 1] == b'\r' {
                end -= 1;
            }
            let kind_err = if q == b'"' {
                LexErrorKind::UnterminatedString
            } else {
                LexErrorKind::UnterminatedChar
            };
            self.error(start, end, kind_err);
            self.push(kind, start, end, flags | TokenFlags::HAS_ERROR);
            return;
        }
        if q == b'\'' && p == quote + 2 {
            self.error(start, p, LexErrorKind::EmptyChar);
            flags |= TokenFlags::HAS_ERROR;
        }
        self.finish_literal(kind, start, p, flags);
    }

    /// Pushes a closed literal ending at `p`, with a ud-suffix if an identifier follows.
    fn finish_literal(&mut self, kind: TokenKind, start: usize, p: usize, mut flags: TokenFlags) {
        let q = self.skip_splices(p);
        let mut end = p;
        let mut suffix = None;
        if self.starts_identifier(q) {
            let (e, clean) = self.scan_identifier(q);
            if clean || q != p {
                flags |= TokenFlags::NEEDS_CLEANING;
            }
            suffix = Some(q - start);
            end = e;
        }
        let idx = self.push(kind, start, end, flags);
        if let Some(s) = suffix {
            self.set_ud_suffix(idx, s);
        }
    }

    fn raw_string(&mut self, start: usize, quote: usize, enc: Encoding, flags: TokenFlags) {
        let src = self.src;
        let kind = TokenKind::Str(enc);
        let flags = flags | TokenFlags::RAW;
        let d = quote + 1;
        let mut p = d;
        let delim_error = loop {
            match src.get(p) {
                Some(b'(') => break None,
                Some(&c) if c > b' ' && c < 0x7F && !matches!(c, b')' | b'\\') => {
                    if p - d == 16 {
                        break Some(LexErrorKind::RawDelimiterTooLong);
                    }
                    p += 1
                }
                _ => break Some(LexErrorKind::InvalidRawDelimiter),
            }
        };
        if let Some(kind_err) = delim_error {
            // Recover at the next `"` on the line.
            let mut e = p;
            while e < src.len() && src[e] != b'"' && src[e] != b'\n' {
                e += 1;
            }
            if src.get(e) == Some(&b'"') {
                e += 1;
            }
            self.error(start, e, kind_err);
            self.push(kind, start, e, flags | TokenFlags::HAS_ERROR);
            return;
        }
        let delim = &src[d..p];
        let mut i = p + 1;
        let close = loop {
            let Some(k) = src[i.min(src.len())..].iter().position(|&b| b == b')') else {
                break None;
            };
            let paren = i + k;
            let after = &src[paren + 1..];
            if after.starts_with(delim) && after.get(delim.len()) == Some(&b'"') {
                break Some(paren + 1 + delim.len() + 1);
            }
            i = paren + 1;
        };
        match close {
            Some(end) => self.finish_literal(kind, start, end, flags),
            None => {
                self.error(start, src.len(), LexErrorKind::UnterminatedRawString);
                self.push(kind, start, src.len(), flags | TokenFlags::HAS_ERROR);
            }
        }
    }

    fn punct(&mut self, start: usize) {
        let src = self.src;
        let mut cs = [0u8; 4];
        let mut ends = [start + 1; 4];
        if start + 4 <= src.len() && !src[start + 1..start + 4].contains(&b'\\') {
            cs.copy_from_slice(&src[start..start + 4]);
            ends = [start + 1, start + 2, start + 3, start + 4];
        } else {
            let mut p = start;
            for i in 0..4 {
                match if i == 0 {
                    src.get(p).map(|&c| (c, p + 1))
                } else {
                    self.peek(p)
                } {
                    Some((c, q)) => {
                        cs[i] = c;
                        ends[i] = q;
                        p = q;
                    }
                    None => break,
                }
            }
        }
        let Some((punct, n, alt)) = match_punct(cs, self.opts.std >= CxxStd::Cxx20) else {
            self.stray(start);
            return;
        };
        let end = ends[n - 1];
        if punct == Punct::Hash && self.first_on_logical_line && self.directives {
            self.directive(start, end);
            return;
        }
        let mut flags = TokenFlags::empty();
        if alt {
            flags |= TokenFlags::ALT_SPELLING;
        }
        if end - start != n {
            flags |= TokenFlags::NEEDS_CLEANING;
        }
        self.push(TokenKind::Punct(punct), start, end, flags);
    }

    /// A directive line starting with the `#` at `start` (`after` is past the `#`).
    fn directive(&mut self, start: usize, after: usize) {
        let src = self.src;
        // Line markers: what the source map recognised, by the start of the line.
        if self.phys_line_start + self.leading_blanks(self.phys_line_start) == start {
            while self.next_marker < self.markers.len()
                && (self.markers[self.next_marker].marker_start as usize) < self.phys_line_start
            {
                self.next_marker += 1;
            }
            if let Some(m) = self.markers.get(self.next_marker)
                && m.marker_start as usize == self.phys_line_start
                && m.start as usize > start
            {
                self.next_marker += 1;
                self.pos = (m.start as usize).min(src.len());
                if src.get(self.pos.wrapping_sub(1)) == Some(&b'\n') {
                    self.newline();
                }
                return;
            }
        }
        // The directive's name.
        let mut p = after;
        loop {
            p = self.skip_splices(p);
            match src.get(p) {
                Some(b' ' | b'\t') => p += 1,
                _ => break,
            }
        }
        let mut name = [0u8; 7];
        let mut len = 0;
        let first = src.get(p).copied().unwrap_or(0);
        loop {
            p = self.skip_splices(p);
            match src.get(p) {
                Some(&c) if CLASS[c as usize] & IDENT_CONT != 0 => {
                    if len < name.len() {
                        name[len] = c;
                    }
                    len += 1;
                    p += 1;
                }
                _ => break,
            }
        }
        let name = &name[..len.min(name.len())];
        let end = self.directive_end(after);
        let is_marker = first.is_ascii_digit()
            || (len == 4 && name == b"line" && matches!(src.get(p), Some(b' ' | b'\t')));
        if is_marker {
            self.error(start, end, LexErrorKind::UnrecognizedLineMarker);
            self.pos = end;
            return;
        }
        let kind = if len == 6 && name == b"pragma" {
            TokenKind::Pragma
        } else {
            TokenKind::Directive
        };
        let flags = if src[start..end].contains(&b'\\') {
            TokenFlags::NEEDS_CLEANING
        } else {
            TokenFlags::empty()
        };
        self.push(kind, start, end, flags);
    }

    fn leading_blanks(&self, p: usize) -> usize {
        self.src[p..]
            .iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    }

    /// The end of a directive line starting at `p`: the line end, excluding a CR;
    /// block comments and quoted text are skipped so that a comment may span lines.
    fn directive_end(&mut self, mut p: usize) -> usize {
        let src = self.src;
        while p < src.len() {
            match src[p] {
                b'\n' => break,
                b'\\' => p = self.splice_end(p).unwrap_or(p + 1),
                b'/' => match self.peek(p + 1) {
                    Some((b'*', q)) => match self.block_comment_end(q) {
                        Some(e) => p = e,
                        None => {
                            self.error(p, src.len(), LexErrorKind::UnterminatedComment);
                            p = src.len();
                        }
                    },
                    Some((b'/', q)) => p = self.line_end(q),
                    _ => p += 1,
                },
                q @ (b'"' | b'\'') => {
                    p += 1;
                    while p < src.len() && src[p] != b'\n' {
                        if src[p] == b'\\' {
                            p = self.splice_end(p).unwrap_or(p + 2);
                        } else if src[p] == q {
                            p += 1;
                            break;
                        } else {
                            p += 1;
                        }
                    }
                }
                _ => p += 1,
            }
        }
        let p = p.min(src.len());
        if p > 0 && src[p - 1] == b'\r' && src.get(p) == Some(&b'\n') {
            p - 1
        } else {
            p
        }
    }

    /// A character that starts no token.
    fn stray(&mut self, start: usize) {
        let src = self.src;
        let b = src[start];
        let (end, kind) = if b >= 0x80 {
            match decode_utf8(&src[start..]) {
                Some((_, n)) => (start + n, LexErrorKind::InvalidCharacter),
                None => {
                    // A run of bytes that are not UTF-8.
                    let mut e = start + 1;
                    while e < src.len() && src[e] >= 0x80 && decode_utf8(&src[e..]).is_none() {
                        e += 1;
                    }
                    (e, LexErrorKind::InvalidUtf8)
                }
            }
        } else if b == b'\\' {
            (start + 1, LexErrorKind::StrayBackslash)
        } else {
            (start + 1, LexErrorKind::StrayCharacter)
        };
        self.error(start, end, kind);
        self.push(TokenKind::Unknown, start, end, TokenFlags::HAS_ERROR);
    }
}

/// The raw index of the `clean`-th character of `raw` after splice removal.
fn raw_index(raw: &[u8], clean: usize) -> usize {
    let mut i = 0;
    let mut k = 0;
    loop {
        while raw[i..].starts_with(b"\\\n") || raw[i..].starts_with(b"\\\r\n") {
            i += if raw[i + 1] == b'\n' { 2 } else { 3 };
        }
        if k == clean || i >= raw.len() {
            return i;
        }
        i += 1;
        k += 1;
    }
}

/// Int or Float, for an ill-formed pp-number.
fn guess_number_kind(s: &[u8]) -> TokenKind {
    let hex = s.len() > 1 && s[0] == b'0' && (s[1] | 0x20) == b'x';
    let float = s.contains(&b'.')
        || if hex {
            s.iter().any(|&b| b | 0x20 == b'p')
        } else {
            s.windows(2).any(|w| {
                w[0] | 0x20 == b'e' && (w[1].is_ascii_digit() || w[1] == b'+' || w[1] == b'-')
            })
        };
    if float {
        TokenKind::Float
    } else {
        TokenKind::Int
    }
}

/// Matches the punctuator at the start of `c` (four logical characters, 0 past the end):
/// the punctuator, its length in characters and whether it is a digraph.
fn match_punct(c: [u8; 4], cxx20: bool) -> Option<(Punct, usize, bool)> {
    use Punct::*;
    let [c0, c1, c2, c3] = c;
    Some(match c0 {
        b'{' => (LBrace, 1, false),
        b'}' => (RBrace, 1, false),
        b'[' => (LBracket, 1, false),
        b']' => (RBracket, 1, false),
        b'(' => (LParen, 1, false),
        b')' => (RParen, 1, false),
        b';' => (Semi, 1, false),
        b',' => (Comma, 1, false),
        b'?' => (Question, 1, false),
        b'~' => (Tilde, 1, false),
        b':' => match c1 {
            b':' => (ColonColon, 2, false),
            b'>' => (RBracket, 2, true),
            _ => (Colon, 1, false),
        },
        b'.' => match (c1, c2) {
            (b'.', b'.') => (Ellipsis, 3, false),
            (b'*', _) => (DotStar, 2, false),
            _ => (Dot, 1, false),
        },
        b'-' => match (c1, c2) {
            (b'>', b'*') => (ArrowStar, 3, false),
            (b'>', _) => (Arrow, 2, false),
            (b'-', _) => (MinusMinus, 2, false),
            (b'=', _) => (MinusEq, 2, false),
            _ => (Minus, 1, false),
        },
        b'+' => match c1 {
            b'+' => (PlusPlus, 2, false),
            b'=' => (PlusEq, 2, false),
            _ => (Plus, 1, false),
        },
        b'*' => match c1 {
            b'=' => (StarEq, 2, false),
            _ => (Star, 1, false),
        },
        b'/' => match c1 {
            b'=' => (SlashEq, 2, false),
            _ => (Slash, 1, false),
        },
        b'%' => match (c1, c2, c3) {
            (b':', b'%', b':') => (HashHash, 4, true),
            (b':', _, _) => (Hash, 2, true),
            (b'>', _, _) => (RBrace, 2, true),
            (b'=', _, _) => (PercentEq, 2, false),
            _ => (Percent, 1, false),
        },
        b'^' => match c1 {
            b'=' => (CaretEq, 2, false),
            _ => (Caret, 1, false),
        },
        b'&' => match c1 {
            b'&' => (AmpAmp, 2, false),
            b'=' => (AmpEq, 2, false),
            _ => (Amp, 1, false),
        },
        b'|' => match c1 {
            b'|' => (PipePipe, 2, false),
            b'=' => (PipeEq, 2, false),
            _ => (Pipe, 1, false),
        },
        b'=' => match c1 {
            b'=' => (EqEq, 2, false),
            _ => (Eq, 1, false),
        },
        b'!' => match c1 {
            b'=' => (BangEq, 2, false),
            _ => (Bang, 1, false),
        },
        b'<' => match (c1, c2) {
            // C++11 [lex.pptoken]/3: `<::` not followed by `:` or `>` is `<` `::`.
            (b':', b':') if c3 != b':' && c3 != b'>' => (Less, 1, false),
            (b':', _) => (LBracket, 2, true),
            (b'%', _) => (LBrace, 2, true),
            (b'=', b'>') if cxx20 => (Spaceship, 3, false),
            (b'=', _) => (LessEq, 2, false),
            (b'<', b'=') => (LessLessEq, 3, false),
            (b'<', _) => (LessLess, 2, false),
            _ => (Less, 1, false),
        },
        b'>' => match (c1, c2) {
            (b'>', b'=') => (GreaterGreaterEq, 3, false),
            (b'>', _) => (GreaterGreater, 2, false),
            (b'=', _) => (GreaterEq, 2, false),
            _ => (Greater, 1, false),
        },
        b'#' => match c1 {
            b'#' => (HashHash, 2, false),
            _ => (Hash, 1, false),
        },
        _ => return None,
    })
}

/// Checks the invariants every lexer output must hold (used by the fuzz target and the
/// randomized tests): tokens in increasing, non-overlapping order within the text, errors
/// within the text, exactly one `Eof`, last, at the end.
#[doc(hidden)]
pub fn check_invariants(map: &SourceMap, lexed: &Lexed) -> Result<(), String> {
    let len = map.text().len().min(u32::MAX as usize - 1) as Offset;
    let Some(last) = lexed.tokens.last() else {
        return Err("no tokens".into());
    };
    if last.kind != TokenKind::Eof || last.span != Span::new(len, len) {
        return Err(format!("last token is {last:?}, not Eof at {len}"));
    }
    let mut prev_hi = 0;
    for (i, t) in lexed.tokens.iter().enumerate() {
        if t.kind == TokenKind::Eof && i + 1 != lexed.tokens.len() {
            return Err(format!("Eof at index {i}"));
        }
        if t.span.lo < prev_hi || t.span.hi < t.span.lo || t.span.hi > len {
            return Err(format!(
                "token {i} {t:?} out of order (previous end {prev_hi})"
            ));
        }
        if t.kind != TokenKind::Eof && t.span.is_empty() {
            return Err(format!("empty token {i} {t:?}"));
        }
        if let Some(s) = t.ud_suffix()
            && (s <= t.span.lo || s >= t.span.hi)
        {
            return Err(format!("ud-suffix outside token {i} {t:?}"));
        }
        prev_hi = t.span.hi;
    }
    for e in &lexed.errors {
        if e.span.lo > e.span.hi || e.span.hi > len {
            return Err(format!("error out of bounds {e:?}"));
        }
    }
    Ok(())
}

/// Lexes `data` with a few option sets and checks the invariants; panics on a violation.
/// The body of the fuzz target.
#[doc(hidden)]
pub fn fuzz_one(data: &[u8]) {
    let map = SourceMap::new("fuzz.ii", data);
    for opts in [
        LexOptions::default(),
        LexOptions {
            std: CxxStd::Cxx11,
            gnu: false,
            gnu_version: 0,
            dollar_in_identifiers: false,
        },
        LexOptions {
            std: CxxStd::Cxx23,
            gnu_version: 140000,
            ..LexOptions::default()
        },
    ] {
        let lexed = lex(&map, &opts);
        if let Err(e) = check_invariants(&map, &lexed) {
            panic!("{e}");
        }
        for t in &lexed.tokens {
            let _ = t.spelling(&map);
            let _ = t.name(&map);
            match t.kind {
                TokenKind::Int => {
                    let _ = parse_integer(&t.spelling(&map));
                }
                TokenKind::Float => {
                    let _ = parse_float(&t.spelling(&map));
                }
                TokenKind::Char(_) => {
                    let _ = parse_char(&t.spelling(&map));
                }
                TokenKind::Str(_) => {
                    let _ = parse_string(&t.spelling(&map));
                }
                TokenKind::Pragma | TokenKind::Directive => {
                    let sub = lex_directive(&map, t, &opts);
                    let hi = sub.tokens.last().map(|t| t.span.hi);
                    assert_eq!(hi, Some(t.span.hi), "directive Eof");
                    let mut prev = t.span.lo;
                    for s in &sub.tokens {
                        assert!(s.span.lo >= prev && s.span.hi <= t.span.hi, "{s:?}");
                        prev = s.span.hi;
                    }
                }
                _ => {}
            }
        }
    }
    // Parsing arbitrary bytes as literals must not panic either.
    let _ = parse_integer(data);
    let _ = parse_float(data);
    let _ = parse_char(data);
    let _ = parse_string(data);
}
