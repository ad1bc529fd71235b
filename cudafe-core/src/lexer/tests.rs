use super::*;
use crate::source_map::SourceMap;

fn opts(std: CxxStd) -> LexOptions {
    LexOptions {
        std,
        ..LexOptions::default()
    }
}

fn lex_with(src: &[u8], o: &LexOptions) -> (SourceMap, Lexed) {
    let map = SourceMap::new("t.ii", src);
    let lexed = lex(&map, o);
    check_invariants(&map, &lexed).unwrap();
    (map, lexed)
}

fn lex_str(src: &str) -> (SourceMap, Lexed) {
    lex_with(src.as_bytes(), &LexOptions::default())
}

/// The tokens' texts, without the Eof.
fn texts_with(src: &str, o: &LexOptions) -> Vec<String> {
    let (map, l) = lex_with(src.as_bytes(), o);
    l.tokens[..l.tokens.len() - 1]
        .iter()
        .map(|t| String::from_utf8_lossy(t.text(&map)).into_owned())
        .collect()
}

fn texts(src: &str) -> Vec<String> {
    texts_with(src, &LexOptions::default())
}

fn kinds_with(src: &str, o: &LexOptions) -> Vec<TokenKind> {
    let (_, l) = lex_with(src.as_bytes(), o);
    l.tokens[..l.tokens.len() - 1]
        .iter()
        .map(|t| t.kind)
        .collect()
}

fn kinds(src: &str) -> Vec<TokenKind> {
    kinds_with(src, &LexOptions::default())
}

fn one(src: &str) -> (SourceMap, Token, Vec<LexError>) {
    let (map, l) = lex_str(src);
    assert_eq!(l.tokens.len(), 2, "{src:?} gave {:?}", l.tokens);
    (map, l.tokens[0], l.errors)
}

fn errors(src: &[u8]) -> Vec<LexErrorKind> {
    let (_, l) = lex_with(src, &LexOptions::default());
    l.errors.iter().map(|e| e.kind).collect()
}

use Keyword as K;
use Punct as P;
use TokenKind::{Char, Float, Ident, Int, Str};

fn kw(k: Keyword) -> TokenKind {
    TokenKind::Keyword(k)
}

fn p(p: Punct) -> TokenKind {
    TokenKind::Punct(p)
}

#[test]
fn token_is_small() {
    assert_eq!(std::mem::size_of::<Token>(), 16);
    assert_eq!(std::mem::size_of::<TokenKind>(), 2);
}

#[test]
fn empty_and_whitespace_inputs() {
    for src in ["", " ", "\n", "\r\n", "\t\x0b\x0c", "// c", "/* c */"] {
        let (_, l) = lex_str(src);
        assert_eq!(l.tokens.len(), 1, "{src:?}");
        assert!(l.errors.is_empty());
        assert_eq!(l.tokens[0].kind, TokenKind::Eof);
        assert_eq!(
            l.tokens[0].span,
            Span::new(src.len() as u32, src.len() as u32)
        );
    }
}

#[test]
fn identifiers_and_keywords() {
    assert_eq!(
        kinds("int x_1 _Y while __z"),
        vec![kw(K::Int), Ident, Ident, kw(K::While), Ident]
    );
    // GNU spellings map to the keyword they stand for.
    assert_eq!(
        kinds("__inline__ __inline __asm__ __asm asm __const __volatile__ __signed__"),
        vec![
            kw(K::Inline),
            kw(K::Inline),
            kw(K::Asm),
            kw(K::Asm),
            kw(K::Asm),
            kw(K::Const),
            kw(K::Volatile),
            kw(K::Signed)
        ]
    );
    assert_eq!(
        kinds("__attribute__ __attribute __extension__ __typeof__ typeof __restrict __int128"),
        vec![
            kw(K::Attribute),
            kw(K::Attribute),
            kw(K::Extension),
            kw(K::Typeof),
            kw(K::Typeof),
            kw(K::Restrict),
            kw(K::Int128)
        ]
    );
    // Builtins stay identifiers.
    assert_eq!(
        kinds(
            "__is_same __has_trivial_destructor __builtin_expect __integer_pack _Pragma __func__"
        ),
        vec![Ident; 6]
    );
    assert_eq!(kinds("__builtin_va_list"), vec![kw(K::BuiltinVaList)]);
    // Not keywords without GNU mode.
    let strict = LexOptions {
        gnu: false,
        ..LexOptions::default()
    };
    assert_eq!(
        kinds_with("__attribute__ typeof asm", &strict),
        vec![Ident, Ident, kw(K::Asm)]
    );
}

#[test]
fn keywords_by_standard() {
    let src = "concept requires consteval constinit co_await co_yield co_return char8_t";
    assert_eq!(kinds_with(src, &opts(CxxStd::Cxx17)), vec![Ident; 8]);
    assert_eq!(
        kinds_with(src, &opts(CxxStd::Cxx20)),
        vec![
            kw(K::Concept),
            kw(K::Requires),
            kw(K::Consteval),
            kw(K::Constinit),
            kw(K::CoAwait),
            kw(K::CoYield),
            kw(K::CoReturn),
            kw(K::Char8T)
        ]
    );
    assert_eq!(kinds_with(src, &opts(CxxStd::Cxx23))[0], kw(K::Concept));
    // GCC 13 types.
    let gcc13 = LexOptions {
        gnu_version: 130100,
        ..LexOptions::default()
    };
    assert_eq!(kinds("_Float32 __bf16"), vec![Ident, Ident]);
    assert_eq!(
        kinds_with("_Float32 __bf16", &gcc13),
        vec![kw(K::Float32), kw(K::Bf16)]
    );
}

#[test]
fn alternative_tokens() {
    let (map, l) = lex_str("a and b bitor not_eq compl xor_eq");
    let k: Vec<_> = l.tokens.iter().map(|t| t.kind).collect();
    assert_eq!(
        k[..7],
        [
            Ident,
            p(P::AmpAmp),
            Ident,
            p(P::Pipe),
            p(P::BangEq),
            p(P::Tilde),
            p(P::CaretEq)
        ]
    );
    assert!(l.tokens[1].flags.contains(TokenFlags::ALT_SPELLING));
    assert_eq!(l.tokens[1].text(&map), b"and");
    assert!(!l.tokens[0].flags.contains(TokenFlags::ALT_SPELLING));
    // `and` is not a prefix of `android`.
    assert_eq!(kinds("android or_else"), vec![Ident, Ident]);
}

#[test]
fn dollar_utf8_and_ucn_identifiers() {
    assert_eq!(kinds("$x a$b $"), vec![Ident, Ident, Ident]);
    let no_dollar = LexOptions {
        dollar_in_identifiers: false,
        ..LexOptions::default()
    };
    assert_eq!(
        kinds_with("a$b", &no_dollar),
        vec![Ident, TokenKind::Unknown, Ident]
    );
    let (map, t, e) = one("café");
    assert_eq!((t.kind, e.len()), (Ident, 0));
    assert_eq!(t.text(&map), "café".as_bytes());
    let (map, t, e) = one("caf\\u00e9");
    assert_eq!((t.kind, e.len()), (Ident, 0));
    assert!(t.flags.contains(TokenFlags::NEEDS_CLEANING));
    assert_eq!(&*t.name(&map), "café".as_bytes());
    assert_eq!(&*t.spelling(&map), b"caf\\u00e9");
    let (map, t, _) = one("\\U0001F600x");
    assert_eq!(&*t.name(&map), "😀x".as_bytes());
    assert_eq!(kinds("日本語 ñ"), vec![Ident, Ident]);
    // A UCN naming a basic character is not allowed in an identifier.
    let (_, l) = lex_str("a\\u0041");
    assert_eq!(l.tokens.len(), 2);
    assert_eq!(l.errors[0].kind, LexErrorKind::InvalidUcn);
    // A combining mark cannot start an identifier, but may continue one.
    assert_eq!(kinds("e\u{301}"), vec![Ident]);
    assert_eq!(
        errors("\u{301}e".as_bytes()),
        vec![LexErrorKind::InvalidCharacter]
    );
    // Characters not allowed in identifiers are stray.
    assert_eq!(kinds("a\u{a0}b"), vec![Ident, TokenKind::Unknown, Ident]);
    assert_eq!(kinds("x→y"), vec![Ident, TokenKind::Unknown, Ident]);
}

#[test]
fn every_punctuator() {
    for &pn in Punct::ALL {
        if matches!(pn, P::Hash | P::HashHash) {
            // Not at the start of a line, where `#` starts a directive.
            let src = format!("x {}", pn.as_str());
            assert_eq!(kinds(&src), vec![Ident, p(pn)], "{src}");
            continue;
        }
        let o = opts(CxxStd::Cxx20);
        assert_eq!(kinds_with(pn.as_str(), &o), vec![p(pn)], "{}", pn.as_str());
        // And followed by an identifier.
        let src = format!("{}x", pn.as_str());
        assert_eq!(kinds_with(&src, &o), vec![p(pn), Ident], "{src}");
    }
}

#[test]
fn maximal_munch() {
    assert_eq!(texts("a+++++b"), ["a", "++", "++", "+", "b"]);
    assert_eq!(
        texts("p->*q.*r->s"),
        ["p", "->*", "q", ".*", "r", "->", "s"]
    );
    assert_eq!(texts("f(a...)"), ["f", "(", "a", "...", ")"]);
    assert_eq!(texts("a..b"), ["a", ".", ".", "b"]);
    assert_eq!(texts("x<<=y>>=z"), ["x", "<<=", "y", ">>=", "z"]);
    assert_eq!(texts("a::b:c"), ["a", "::", "b", ":", "c"]);
    assert_eq!(texts("a&&=b||c"), ["a", "&&", "=", "b", "||", "c"]);
    // Launch brackets are not tokens.
    assert_eq!(
        texts("k<<<g, b>>>(x)"),
        ["k", "<<", "<", "g", ",", "b", ">>", ">", "(", "x", ")"]
    );
    assert_eq!(texts("operator<<<T>"), ["operator", "<<", "<", "T", ">"]);
    assert_eq!(texts("A<B<C>>"), ["A", "<", "B", "<", "C", ">>"]);
    // `<=>` only from C++20.
    assert_eq!(
        texts_with("a<=>b", &opts(CxxStd::Cxx17)),
        ["a", "<=", ">", "b"]
    );
    assert_eq!(texts_with("a<=>b", &opts(CxxStd::Cxx20)), ["a", "<=>", "b"]);
}

#[test]
fn digraphs() {
    let (map, l) = lex_str("<: :> <% %> %:%: x %:");
    let k: Vec<_> = l.tokens.iter().map(|t| t.kind).collect();
    assert_eq!(
        k,
        [
            p(P::LBracket),
            p(P::RBracket),
            p(P::LBrace),
            p(P::RBrace),
            p(P::HashHash),
            Ident,
            p(P::Hash),
            TokenKind::Eof
        ]
    );
    assert!(
        l.tokens[..5]
            .iter()
            .all(|t| t.flags.contains(TokenFlags::ALT_SPELLING))
    );
    assert_eq!(l.tokens[4].text(&map), b"%:%:");
    // The `<::` rule.
    assert_eq!(texts("a<::b"), ["a", "<", "::", "b"]);
    assert_eq!(
        texts("std::vector<::std::string>"),
        ["std", "::", "vector", "<", "::", "std", "::", "string", ">"]
    );
    assert_eq!(texts("a<::>"), ["a", "<:", ":>"]);
    assert_eq!(texts("a<:::b"), ["a", "<:", "::", "b"]);
    assert_eq!(texts("a<:b"), ["a", "<:", "b"]);
    assert_eq!(texts("x %:%"), ["x", "%:", "%"]);
}

#[test]
fn integer_literals() {
    for src in [
        "0",
        "42",
        "0x1F",
        "0XfFu",
        "017",
        "0b1010",
        "0B1",
        "1'000'000",
        "0x1'F",
        "42u",
        "42U",
        "42l",
        "42LL",
        "42ull",
        "42LLU",
        "42uz",
        "42Z",
        "0",
        "00",
    ] {
        let (_, t, e) = one(src);
        assert_eq!((t.kind, e), (Int, vec![]), "{src}");
        assert!(t.ud_suffix().is_none(), "{src}");
    }
    // In C++11 `'` is not a digit separator.
    assert_eq!(texts_with("1'2'", &opts(CxxStd::Cxx11)), ["1", "'2'"]);
}

#[test]
fn floating_literals() {
    for src in [
        "1.0", "1.", ".5", "1e10", "1E+10", "1e-10", "1.5f", "1.5F", "1.5L", "0x1p3", "0x1.8p-3",
        "0x.8P+1f", "1'000.5", "1.0f16", "1.0bf16", "1.0F128", "2.0q", "2.0W", "1e1'0", "3.f",
    ] {
        let (_, t, e) = one(src);
        assert_eq!((t.kind, e), (Float, vec![]), "{src}");
    }
    // `.` followed by a digit after a splice.
    assert_eq!(kinds(".\\\n5"), vec![Float]);
}

#[test]
fn user_defined_literals() {
    for (src, kind, suffix) in [
        ("12_km", Int, "_km"),
        ("1.5_km", Float, "_km"),
        ("10s", Int, "s"),
        ("2.0if", Float, "if"),
        ("1e3_x", Float, "_x"),
        ("0x1F_h", Int, "_h"),
        ("\"abc\"sv", Str(Encoding::Ordinary), "sv"),
        ("u8\"abc\"_s", Str(Encoding::Utf8), "_s"),
        ("'x'_c", Char(Encoding::Ordinary), "_c"),
        ("R\"(a)\"_r", Str(Encoding::Ordinary), "_r"),
        ("\"\"_\\u00e9", Str(Encoding::Ordinary), "_\\u00e9"),
    ] {
        let (map, t, e) = one(src);
        assert_eq!((t.kind, e), (kind, vec![]), "{src}");
        let s = t.ud_suffix().unwrap_or_else(|| panic!("{src}: no suffix"));
        assert_eq!(
            map.slice(Span::new(s, t.span.hi)),
            suffix.as_bytes(),
            "{src}"
        );
    }
    // `operator"" _x`: a string, then an identifier.
    assert_eq!(texts("operator\"\" _x"), ["operator", "\"\"", "_x"]);
}

#[test]
fn invalid_numbers() {
    use LiteralErrorKind as L;
    for (src, err) in [
        ("08", L::InvalidDigit),
        ("0b12", L::InvalidDigit),
        ("0x", L::MissingDigits),
        ("0xg", L::MissingDigits),
        ("1e+", L::MissingExponentDigits),
        ("0x1.0", L::HexFloatNeedsExponent),
        ("0x1e+1", L::InvalidSuffix),
        ("1.0ul", L::InvalidSuffix),
        ("1ulx", L::InvalidSuffix),
        ("1.2.3", L::InvalidSuffix),
        ("1..", L::InvalidSuffix),
        ("1'_0", L::InvalidDigitSeparator),
        ("1_'0", L::InvalidSuffix),
    ] {
        let (_, t, e) = one(src);
        assert_eq!(e.len(), 1, "{src}");
        assert_eq!(e[0].kind, LexErrorKind::InvalidNumber(err), "{src}");
        assert!(t.flags.contains(TokenFlags::HAS_ERROR));
    }
    assert_eq!(kinds("0x1.0 1..2 08"), vec![Float, Float, Int]);
}

#[test]
fn character_and_string_literals() {
    use Encoding::*;
    for (src, kind) in [
        ("'a'", Char(Ordinary)),
        ("'\\''", Char(Ordinary)),
        ("L'a'", Char(Wide)),
        ("u'a'", Char(Utf16)),
        ("U'a'", Char(Utf32)),
        ("u8'a'", Char(Utf8)),
        ("\"a\\\"b\"", Str(Ordinary)),
        ("L\"a\"", Str(Wide)),
        ("u\"a\"", Str(Utf16)),
        ("U\"a\"", Str(Utf32)),
        ("u8\"a\"", Str(Utf8)),
        ("R\"(a)\"", Str(Ordinary)),
        ("LR\"(a)\"", Str(Wide)),
        ("u8R\"x(a)\"x)x\"", Str(Utf8)),
        ("uR\"(a)\"", Str(Utf16)),
        ("UR\"(a)\"", Str(Utf32)),
        ("\"\\\\\"", Str(Ordinary)),
        ("\"é\\xff\"", Str(Ordinary)),
    ] {
        let (_, t, e) = one(src);
        assert_eq!((t.kind, e), (kind, vec![]), "{src}");
        assert_eq!(
            t.flags.contains(TokenFlags::RAW),
            src.contains('R'),
            "{src}"
        );
    }
    // u8 character literals are C++17.
    assert_eq!(texts_with("u8'a'", &opts(CxxStd::Cxx14)), ["u8", "'a'"]);
    // Prefix-like identifiers.
    assert_eq!(
        kinds("u8 R L uR x\"a\""),
        vec![Ident, Ident, Ident, Ident, Ident, Str(Ordinary)]
    );
    assert_eq!(texts("LR'a'"), ["LR", "'a'"]);
}

#[test]
fn raw_strings() {
    let src = "x = R\"delim(line1\n)\" \\\n\"line2)delim\"; y";
    let (map, l) = lex_str(src);
    let t = l.tokens[2];
    assert_eq!(t.kind, Str(Encoding::Ordinary));
    assert!(t.flags.contains(TokenFlags::RAW));
    assert_eq!(t.text(&map), &src.as_bytes()[4..src.len() - 3]);
    // The splice in the body is kept.
    assert!(!t.flags.contains(TokenFlags::NEEDS_CLEANING));
    assert_eq!(
        parse_string(&t.spelling(&map)).unwrap().units,
        "line1\n)\" \\\n\"line2"
            .bytes()
            .map(u32::from)
            .collect::<Vec<_>>()
    );
    assert!(!l.tokens[3].flags.contains(TokenFlags::LINE_START));
    assert!(l.errors.is_empty());
    // Unterminated: to the end of the input.
    let (map, l) = lex_str("R\"x(abc\n)\"\n)y\"");
    assert_eq!(l.errors[0].kind, LexErrorKind::UnterminatedRawString);
    assert_eq!(l.tokens[0].text(&map), b"R\"x(abc\n)\"\n)y\"");
    // Bad delimiters.
    assert_eq!(
        errors(b"R\"a b(x)a b\""),
        vec![LexErrorKind::InvalidRawDelimiter]
    );
    assert_eq!(
        errors(b"R\"12345678901234567(x)12345678901234567\""),
        vec![LexErrorKind::RawDelimiterTooLong]
    );
    assert_eq!(errors(b"R\"1234567890123456(x)1234567890123456\""), vec![]);
    // The body may hold anything, even invalid UTF-8 and NUL.
    assert_eq!(errors(b"R\"(\xff\x00\")\""), vec![]);
}

#[test]
fn unterminated_literals() {
    let (map, l) = lex_str("a = \"abc\r\nb = 'x\nc");
    assert_eq!(
        l.errors.iter().map(|e| e.kind).collect::<Vec<_>>(),
        [
            LexErrorKind::UnterminatedString,
            LexErrorKind::UnterminatedChar
        ]
    );
    let t: Vec<_> = l.tokens.iter().map(|t| t.text(&map)).collect();
    assert_eq!(t, [&b"a"[..], b"=", b"\"abc", b"b", b"=", b"'x", b"c", b""]);
    assert!(l.tokens[2].flags.contains(TokenFlags::HAS_ERROR));
    assert!(l.tokens[3].flags.contains(TokenFlags::LINE_START));
    // At the end of the input.
    assert_eq!(errors(b"\"abc"), vec![LexErrorKind::UnterminatedString]);
    assert_eq!(errors(b"\"abc\\"), vec![LexErrorKind::UnterminatedString]);
    assert_eq!(errors(b"'"), vec![LexErrorKind::UnterminatedChar]);
    assert_eq!(errors(b"''"), vec![LexErrorKind::EmptyChar]);
    assert_eq!(errors(b"u8R\""), vec![LexErrorKind::InvalidRawDelimiter]);
    assert_eq!(errors(b"R\"abc"), vec![LexErrorKind::InvalidRawDelimiter]);
    assert_eq!(errors(b"R\"("), vec![LexErrorKind::UnterminatedRawString]);
}

#[test]
fn comments() {
    assert_eq!(texts("a/*x*/b//c\nd"), ["a", "b", "d"]);
    assert_eq!(texts("a/**/b /*/ */ c"), ["a", "b", "c"]);
    assert_eq!(texts("a // c \\\n still comment\nb"), ["a", "b"]);
    assert_eq!(texts("a /* x *\\\n/ b"), ["a", "b"]);
    assert_eq!(texts("a / / b"), ["a", "/", "/", "b"]);
    assert_eq!(texts("a /\\\n/ c\nb"), ["a", "b"]);
    let (_, l) = lex_str("a /* never closed\n\n");
    assert_eq!(l.errors[0].kind, LexErrorKind::UnterminatedComment);
    assert_eq!(l.tokens.len(), 2);
    // Comments count as leading space; a multi-line comment makes the next token start
    // its physical line.
    let (_, l) = lex_str("a/**/b /*\n*/c");
    assert!(l.tokens[1].flags.contains(TokenFlags::LEADING_SPACE));
    assert!(!l.tokens[1].flags.contains(TokenFlags::LINE_START));
    assert!(l.tokens[2].flags.contains(TokenFlags::LINE_START));
}

#[test]
fn line_start_and_leading_space() {
    let (_, l) = lex_str("a b\n  c(d)\n\ne");
    let f: Vec<_> = l
        .tokens
        .iter()
        .map(|t| {
            (
                t.flags.contains(TokenFlags::LINE_START),
                t.flags.contains(TokenFlags::LEADING_SPACE),
            )
        })
        .collect();
    assert_eq!(
        f,
        [
            (true, false),  // a
            (false, true),  // b
            (true, true),   // c
            (false, false), // (
            (false, false), // d
            (false, false), // )
            (true, false),  // e
            (false, false), // Eof
        ]
    );
    // Adjacency.
    let (_, l) = lex_str("a<<b");
    assert_eq!(l.tokens[0].span.hi, l.tokens[1].span.lo);
}

#[test]
fn line_splices_in_tokens() {
    let (map, l) = lex_str("in\\\nt x\\\r\ny = 1\\\n2 +\\\n= \"a\\\nb\" i\\\n\\\nf");
    let k: Vec<_> = l.tokens.iter().map(|t| t.kind).collect();
    assert_eq!(
        k,
        [
            kw(K::Int),
            Ident,
            p(P::Eq),
            Int,
            p(P::PlusEq),
            Str(Encoding::Ordinary),
            kw(K::If),
            TokenKind::Eof
        ]
    );
    assert!(l.errors.is_empty());
    let spell: Vec<_> = l
        .tokens
        .iter()
        .map(|t| t.spelling(&map).into_owned())
        .collect();
    assert_eq!(
        spell[..7],
        [&b"int"[..], b"xy", b"=", b"12", b"+=", b"\"ab\"", b"if"]
    );
    assert!(l.tokens[0].flags.contains(TokenFlags::NEEDS_CLEANING));
    assert!(!l.tokens[2].flags.contains(TokenFlags::NEEDS_CLEANING));
    // A splice between tokens: the next token starts its physical line.
    let (_, l) = lex_str("a \\\nb");
    assert!(l.tokens[1].flags.contains(TokenFlags::LINE_START));
    // Splices inside prefixes and suffixes.
    let (map, l) = lex_str("u\\\n8\"x\"\\\n_s 1\\\n'0\\\n_k");
    assert_eq!(l.tokens[0].kind, Str(Encoding::Utf8));
    assert_eq!(&*l.tokens[0].spelling(&map), b"u8\"x\"_s");
    assert_eq!(
        parse_string(&l.tokens[0].spelling(&map)).unwrap().ud_suffix,
        Some(5)
    );
    assert_eq!(l.tokens[1].kind, Int);
    assert_eq!(&*l.tokens[1].spelling(&map), b"1'0_k");
    let s = l.tokens[1].ud_suffix().unwrap();
    assert_eq!(map.slice(Span::new(s, l.tokens[1].span.hi)), b"_k");
    // A raw string with a splice in its prefix.
    let (map, l) = lex_str("u8\\\nR\"(a\\\nb)\"");
    assert_eq!(l.tokens[0].kind, Str(Encoding::Utf8));
    assert_eq!(&*l.tokens[0].spelling(&map), b"u8R\"(a\\\nb)\"");
    // A lone backslash and a backslash before spaces are stray.
    assert_eq!(errors(b"a \\ b"), vec![LexErrorKind::StrayBackslash]);
    assert_eq!(errors(b"a \\  \nb"), vec![LexErrorKind::StrayBackslash]);
    assert_eq!(errors(b"\\"), vec![LexErrorKind::StrayBackslash]);
    assert_eq!(errors(b"a\\\n"), vec![]);
}

#[test]
fn crlf_and_missing_final_newline() {
    let (map, l) = lex_str("int a;\r\n#pragma once\r\nint b");
    let t: Vec<_> = l.tokens.iter().map(|t| t.text(&map)).collect();
    assert_eq!(
        t,
        [&b"int"[..], b"a", b";", b"#pragma once", b"int", b"b", b""]
    );
    assert!(l.tokens[4].flags.contains(TokenFlags::LINE_START));
}

#[test]
fn pragmas_and_directives() {
    let src = "#pragma GCC diagnostic push\n  # pragma unroll 4\nx;\n#ident \"v1\"\n#\n%:pragma once\n_Pragma(\"x\")\nfoo # bar\n";
    let (map, l) = lex_str(src);
    let t: Vec<_> = l.tokens.iter().map(|t| (t.kind, t.text(&map))).collect();
    assert_eq!(
        t,
        [
            (TokenKind::Pragma, &b"#pragma GCC diagnostic push"[..]),
            (TokenKind::Pragma, b"# pragma unroll 4"),
            (Ident, b"x"),
            (p(P::Semi), b";"),
            (TokenKind::Directive, b"#ident \"v1\""),
            (TokenKind::Directive, b"#"),
            (TokenKind::Pragma, b"%:pragma once"),
            (Ident, b"_Pragma"),
            (p(P::LParen), b"("),
            (Str(Encoding::Ordinary), b"\"x\""),
            (p(P::RParen), b")"),
            (Ident, b"foo"),
            (p(P::Hash), b"#"),
            (Ident, b"bar"),
            (TokenKind::Eof, b""),
        ]
    );
    assert!(l.errors.is_empty());
    // Sub-lexing a pragma.
    let sub = lex_directive(&map, &l.tokens[0], &LexOptions::default());
    let s: Vec<_> = sub.tokens.iter().map(|t| t.text(&map)).collect();
    assert_eq!(
        s,
        [&b"#"[..], b"pragma", b"GCC", b"diagnostic", b"push", b""]
    );
    assert_eq!(sub.tokens[0].kind, p(P::Hash));
    assert_eq!(sub.tokens.last().unwrap().span.lo, l.tokens[0].span.hi);
    // A directive line continues through splices and multi-line comments.
    let (map, l) = lex_str("#pragma a \\\n b /* x\n y */ c // d\nz");
    assert_eq!(
        l.tokens[0].text(&map),
        b"#pragma a \\\n b /* x\n y */ c // d"
    );
    assert!(l.tokens[0].flags.contains(TokenFlags::NEEDS_CLEANING));
    let sub = lex_directive(&map, &l.tokens[0], &LexOptions::default());
    let s: Vec<_> = sub.tokens.iter().map(|t| t.text(&map)).collect();
    assert_eq!(s, [&b"#"[..], b"pragma", b"a", b"b", b"c", b""]);
    assert_eq!(l.tokens[1].text(&map), b"z");
    // A `#` after a comment on its line still starts a directive; one after a token not.
    assert_eq!(kinds("/* c */ #pragma x\n"), vec![TokenKind::Pragma]);
    assert_eq!(
        kinds("a #pragma x\n"),
        vec![Ident, p(P::Hash), Ident, Ident]
    );
    // `##` at the start of a line is not a directive.
    assert_eq!(kinds("## x"), vec![p(P::HashHash), Ident]);
    // A string with `//` in a pragma does not start a comment.
    let (map, l) = lex_str("#pragma message(\"a // b /* c\")\nx");
    assert_eq!(l.tokens[0].text(&map), b"#pragma message(\"a // b /* c\")");
}

#[test]
fn line_markers_produce_no_token() {
    let src = "# 1 \"k.cu\"\n# 1 \"<built-in>\"\n# 1 \"/usr/include/stdio.h\" 1 3 4\nint printf;\n  # 7 \"k.cu\" 2\n#line 9 \"k.cu\"\nint y;";
    let (map, l) = lex_str(src);
    assert!(l.errors.is_empty(), "{:?}", l.errors);
    let t: Vec<_> = l.tokens.iter().map(|t| t.text(&map)).collect();
    assert_eq!(t, [&b"int"[..], b"printf", b";", b"int", b"y", b";", b""]);
    assert!(l.tokens[0].flags.contains(TokenFlags::LINE_START));
    assert!(l.tokens[3].flags.contains(TokenFlags::LINE_START));
    assert_eq!(map.presumed(l.tokens[3].span.lo).line, 9);
    // Line markers the source map does not understand: no token, an error.
    for src in ["# 12\nx", "# 12 \"f\" y\nx", "#line 3\nx"] {
        let (map, l) = lex_str(src);
        assert_eq!(l.tokens.len(), 2, "{src}");
        assert_eq!(l.tokens[0].text(&map), b"x");
        assert_eq!(
            l.errors.iter().map(|e| e.kind).collect::<Vec<_>>(),
            [LexErrorKind::UnrecognizedLineMarker]
        );
    }
    // A marker as the last line, without a newline.
    let (_, l) = lex_str("x\n# 3 \"a.cu\"");
    assert_eq!(l.tokens.len(), 2);
    assert!(l.errors.is_empty());
    // `#linex` is a directive.
    assert_eq!(kinds("#linex 3\n"), vec![TokenKind::Directive]);
}

#[test]
fn stray_and_invalid_bytes() {
    let (map, l) = lex_with(
        b"a @ ` \x00 \x01 b \xff\xfe c \xe2\x82 d",
        &LexOptions::default(),
    );
    let k: Vec<_> = l.tokens.iter().map(|t| (t.kind, t.text(&map))).collect();
    assert_eq!(
        k,
        [
            (Ident, &b"a"[..]),
            (TokenKind::Unknown, b"@"),
            (TokenKind::Unknown, b"`"),
            (TokenKind::Unknown, b"\x00"),
            (TokenKind::Unknown, b"\x01"),
            (Ident, b"b"),
            (TokenKind::Unknown, b"\xff\xfe"),
            (Ident, b"c"),
            (TokenKind::Unknown, b"\xe2\x82"),
            (Ident, b"d"),
            (TokenKind::Eof, b""),
        ]
    );
    use LexErrorKind::*;
    assert_eq!(
        l.errors.iter().map(|e| e.kind).collect::<Vec<_>>(),
        [
            StrayCharacter,
            StrayCharacter,
            StrayCharacter,
            StrayCharacter,
            InvalidUtf8,
            InvalidUtf8
        ]
    );
    assert_eq!(l.errors[0].span, l.tokens[1].span);
    // Invalid UTF-8 inside strings and comments passes through.
    assert_eq!(errors(b"\"\xff\xfe\" /* \xff */ // \xc0\n'\xe9'"), vec![]);
}

#[test]
fn split_greater() {
    let (map, l) = lex_str("a>>=b");
    let (x, y) = l.tokens[1].split_greater().unwrap();
    assert_eq!((x.kind, x.text(&map)), (p(P::Greater), &b">"[..]));
    assert_eq!((y.kind, y.text(&map)), (p(P::GreaterEq), &b">="[..]));
    let (x, y) = y.split_greater().unwrap();
    assert_eq!((x.kind, y.kind), (p(P::Greater), p(P::Eq)));
    assert!(l.tokens[0].split_greater().is_none());
}

// ---------------------------------------------------------------------------------------
// Literal decoding.

#[test]
fn decode_integers() {
    let i = |s: &str| parse_integer(s.as_bytes()).unwrap();
    assert_eq!(i("0").value, 0);
    assert_eq!(i("42").value, 42);
    assert_eq!((i("0x1F").value, i("0x1F").radix), (31, 16));
    assert_eq!((i("017").value, i("017").radix), (15, 8));
    assert_eq!((i("0b1010").value, i("0b1010").radix), (10, 2));
    assert_eq!(i("1'000'000").value, 1_000_000);
    assert_eq!(i("0xFFFF'FFFF'FFFF'FFFFull").value, u64::MAX as u128);
    let s = i("42ull").suffix;
    assert_eq!((s.unsigned, s.size), (true, IntSize::LongLong));
    let s = i("42LU").suffix;
    assert_eq!((s.unsigned, s.size), (true, IntSize::Long));
    let s = i("42zu").suffix;
    assert_eq!((s.unsigned, s.size), (true, IntSize::Size));
    assert_eq!(i("42").suffix, IntSuffix::default());
    assert!(parse_integer(b"42lL").is_err());
    assert!(parse_integer(b"42uu").is_err());
    assert!(parse_integer(b"42lul").is_err());
    // 2^128 overflows.
    let big = i("340282366920938463463374607431768211456");
    assert!(big.overflow);
    assert_eq!(big.value, 0);
    let max = i("0xffffffffffffffffffffffffffffffff");
    assert_eq!((max.value, max.overflow), (u128::MAX, false));
    assert_eq!(i("12_km").ud_suffix, Some(2));
    assert_eq!(i("12_km").value, 12);
    assert_eq!(
        parse_integer(b"1.5").unwrap_err().kind,
        LiteralErrorKind::NotAnInteger
    );
    assert_eq!(
        parse_integer(b"09").unwrap_err(),
        LiteralError {
            offset: 1,
            kind: LiteralErrorKind::InvalidDigit
        }
    );
    assert!(parse_integer(b"").is_err());
    assert!(parse_integer(b"x").is_err());
}

#[test]
fn decode_floats() {
    let f = |s: &str| parse_float(s.as_bytes()).unwrap();
    assert_eq!(f("1.5").value, 1.5);
    assert_eq!(f("1.").value, 1.0);
    assert_eq!(f(".25").value, 0.25);
    assert_eq!(f("1e3").value, 1000.0);
    assert_eq!(f("1'000.5e-1").value, 100.05);
    assert_eq!(f("0.1").value, 0.1);
    assert_eq!(f("0.1f").value_f32, 0.1f32);
    assert_eq!(f("0.1f").suffix, FloatSuffix::F);
    assert_eq!(f("1.0L").suffix, FloatSuffix::L);
    assert_eq!(f("1.0f16").suffix, FloatSuffix::F16);
    assert_eq!(f("1.0BF16").suffix, FloatSuffix::BF16);
    assert_eq!(f("1.0q").suffix, FloatSuffix::Q);
    assert_eq!(f("1e400").value, f64::INFINITY);
    assert_eq!(f("1e-400").value, 0.0);
    // Hexadecimal.
    assert_eq!(f("0x1p3").value, 8.0);
    assert_eq!(f("0x1.8p1").value, 3.0);
    assert_eq!(f("0x.8p0").value, 0.5);
    assert_eq!(f("0X1P-2").value, 0.25);
    assert_eq!(f("0x1.fffffffffffffp1023").value, f64::MAX);
    assert_eq!(f("0x1p-1074").value, f64::from_bits(1));
    assert_eq!(f("0x1p-1075").value, 0.0); // ties to even
    assert_eq!(f("0x1.8p-1074").value, f64::from_bits(2)); // 1.5 ulp rounds to even
    assert_eq!(f("0x1p1024").value, f64::INFINITY);
    assert_eq!(f("0x1.fffffep127f").value_f32, f32::MAX);
    assert_eq!(f("0x1p-149").value_f32, f32::from_bits(1));
    assert_eq!(f("0x1.000001p0").value_f32, 1.0); // below half an ulp
    assert_eq!(f("0x1.000002p0").value_f32, 1.0 + f32::EPSILON);
    assert_eq!(f("0x1.000003p0").value_f32, 1.0 + 2.0 * f32::EPSILON); // 1.5 ulp: to even
    // 17 significant hex digits: the sticky bit decides.
    assert_eq!(f("0x1.00000000000008p0").value, 1.0);
    assert_eq!(f("0x1.00000000000008000001p0").value, 1.0 + f64::EPSILON);
    assert_eq!(f("0x1'0.0p0").value, 16.0);
    assert_eq!(f("0x10000000000000000000000p0").value, 2f64.powi(88));
    assert_eq!(f("1.5_km").ud_suffix, Some(3));
    assert_eq!(
        parse_float(b"1").unwrap_err().kind,
        LiteralErrorKind::NotAFloat
    );
    assert_eq!(
        parse_float(b"0x1.0").unwrap_err().kind,
        LiteralErrorKind::HexFloatNeedsExponent
    );
}

#[test]
fn decode_hex_floats_against_std() {
    // Compare with Rust's decimal parser on values exactly representable as decimals.
    let mut x = 0x1234_5678_9abc_def1u64;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mant = x >> 11; // 53 bits
        let exp = (x % 200) as i32 - 100;
        let text = format!("0x{mant:x}p{exp}");
        let v = parse_float(text.as_bytes()).unwrap();
        let want = mant as f64 * 2f64.powi(exp);
        assert_eq!(v.value, want, "{text}");
        let want32: f32 = format!("{want:e}").parse().unwrap();
        assert_eq!(v.value_f32, want32, "{text}");
    }
}

#[test]
fn decode_chars() {
    let c = |s: &str| parse_char(s.as_bytes()).unwrap();
    assert_eq!(c("'a'").value, 97);
    assert!(!c("'a'").is_int);
    assert_eq!(c("'\\n'").value, 10);
    assert_eq!(c("'\\0'").value, 0);
    assert_eq!(c("'\\377'").value, -1);
    assert_eq!(c("'\\xff'").value, -1);
    assert_eq!(c("'\\''").value, 39);
    assert_eq!(c("'\\e'").value, 27);
    let ab = c("'ab'");
    assert_eq!((ab.value, ab.is_int), (0x6162, true));
    assert_eq!(ab.warnings[0].kind, LiteralWarningKind::Multicharacter);
    assert_eq!(c("'é'").value, 0xC3A9); // two UTF-8 bytes: a multicharacter literal
    assert_eq!(c("u'é'").value, 0xE9);
    assert_eq!(c("U'😀'").value, 0x1F600);
    assert_eq!(c("L'\\xFFFFFFFF'").value, -1);
    assert_eq!(c("u8'a'").value, 97);
    assert_eq!(c("'\\u00e9'").value, 0xC3A9);
    assert_eq!(c("'a'_x").ud_suffix, Some(3));
    let q = c("'\\q'");
    assert_eq!(
        (q.value, q.warnings[0].kind),
        (113, LiteralWarningKind::UnknownEscape)
    );
    use LiteralErrorKind as L;
    let e = |s: &str| parse_char(s.as_bytes()).unwrap_err().kind;
    assert_eq!(e("''"), L::EmptyCharacter);
    assert_eq!(e("'a"), L::Unterminated);
    assert_eq!(e("u8'é'"), L::CharacterTooLarge);
    assert_eq!(e("u'😀'"), L::CharacterTooLarge);
    assert_eq!(e("u'ab'"), L::MultipleCharacters);
    assert_eq!(e("'\\x'"), L::InvalidEscape);
    assert_eq!(e("'\\x100'"), L::EscapeOutOfRange);
    assert_eq!(e("'\\u12'"), L::InvalidEscape);
    assert_eq!(e("'\\ud800'"), L::InvalidCodePoint);
    assert_eq!(e("'\\U00110000'"), L::InvalidCodePoint);
    assert_eq!(e("'\\N{LATIN SMALL LETTER A}'"), L::NamedEscape);
    assert_eq!(parse_char(b"u'\xff'").unwrap_err().kind, L::InvalidUtf8);
    assert_eq!(e("x"), L::Malformed);
}

#[test]
fn decode_strings() {
    let s = |t: &[u8]| parse_string(t).unwrap();
    let units = |v: &str| v.bytes().map(u32::from).collect::<Vec<_>>();
    assert_eq!(s(b"\"abc\"").units, units("abc"));
    assert_eq!(s(b"\"\"").units, Vec::<u32>::new());
    assert_eq!(s(b"\"a\\tb\\\\\\\"\"").units, units("a\tb\\\""));
    assert_eq!(s(b"\"\\101\\1012\"").units, units("AA2"));
    assert_eq!(s(b"\"\\x41\\x4a\"").units, units("AJ"));
    assert_eq!(s(b"\"\\u00e9\"").units, vec![0xC3, 0xA9]);
    assert_eq!(s("u8\"é\"".as_bytes()).units, vec![0xC3, 0xA9]);
    assert_eq!(s(b"u\"\\U0001F600\"").units, vec![0xD83D, 0xDE00]);
    assert_eq!(s("U\"😀a\"".as_bytes()).units, vec![0x1F600, 0x61]);
    assert_eq!(s("L\"é\"".as_bytes()).units, vec![0xE9]);
    assert_eq!(s(b"u\"\\xD800\"").units, vec![0xD800]); // numeric escapes are code units
    assert_eq!(s(b"\"\xff\xfe\"").units, vec![0xFF, 0xFE]); // non-UTF-8 passes through
    assert_eq!(
        s(b"\"\\x{41}\\o{101}\\u{e9}\"").units,
        vec![0x41, 0x41, 0xC3, 0xA9]
    );
    let raw = s(b"LR\"x(a\\n\r\nb)\"y)x\"");
    assert!(raw.raw);
    assert_eq!(raw.encoding, Encoding::Wide);
    assert_eq!(raw.units, units("a\\n\nb)\"y"));
    assert_eq!(s(b"\"abc\"sv").ud_suffix, Some(5));
    assert_eq!(s(b"R\"(a)\"_x").ud_suffix, Some(6));
    assert_eq!(
        s(b"\"a\\qb\"").warnings[0].kind,
        LiteralWarningKind::UnknownEscape
    );
    use LiteralErrorKind as L;
    let e = |t: &[u8]| parse_string(t).unwrap_err().kind;
    assert_eq!(e(b"\"\\x\""), L::InvalidEscape);
    assert_eq!(e(b"\"\\400\""), L::EscapeOutOfRange);
    assert_eq!(e(b"\"\\x100\""), L::EscapeOutOfRange);
    assert_eq!(e(b"u\"\\x10000\""), L::EscapeOutOfRange);
    assert_eq!(e(b"U\"\\x100000000\""), L::EscapeOutOfRange);
    assert_eq!(e(b"u\"\xff\""), L::InvalidUtf8);
    assert_eq!(e(b"\"abc"), L::Unterminated);
    assert_eq!(e(b"\"\\"), L::Unterminated);
    assert_eq!(e(b"R\"(abc"), L::Unterminated);
    assert_eq!(e(b"R\"a b(x)a b\""), L::InvalidRawDelimiter);
    assert_eq!(e(b"\"\\x{}\""), L::InvalidEscape);
    assert_eq!(e(b"\"\\u{110000}\""), L::InvalidCodePoint);
    assert_eq!(e(b"abc"), L::Malformed);
}

// ---------------------------------------------------------------------------------------
// Robustness.

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random inputs: random bytes, and random sequences of C++-ish fragments that hit the
/// lexer's corners (splices, quotes, raw strings, directives, digraphs, numbers).
fn random_input(rng: &mut XorShift) -> Vec<u8> {
    const FRAGMENTS: &[&[u8]] = &[
        b"\\\n",
        b"\\\r\n",
        b"\\",
        b"\n",
        b"\r\n",
        b"\r",
        b" ",
        b"\t",
        b"\"",
        b"'",
        b"R\"",
        b"u8R\"x(",
        b")x\"",
        b"(",
        b")",
        b"u8",
        b"L",
        b"U",
        b"u",
        b"#",
        b"# 1 \"f\" 1 3\n",
        b"#pragma ",
        b"#line 2\n",
        b"%:",
        b"<:",
        b"<::",
        b"::",
        b":>",
        b"<%",
        b"%>",
        b"/*",
        b"*/",
        b"//",
        b"/",
        b"*",
        b"0x",
        b"1e+",
        b"0x1p-3",
        b".",
        b"...",
        b"'0",
        b"_x",
        b"int",
        b"and",
        b"__attribute__",
        b"\\u00e9",
        b"\\U0001F600",
        b"\\u12",
        b"\xc3\xa9",
        b"\xff",
        b"\xe2\x82",
        b"\x00",
        b"@",
        b"$",
        b"<<<",
        b">>>",
        b"<=>",
        b"->*",
        b"1.5f",
        b"12_km",
        b"\"a\"sv",
        b"'\\''",
        b"\"\\\"\"",
    ];
    let len = rng.below(200);
    let mut out = Vec::with_capacity(len * 4);
    let bytes_only = rng.below(4) == 0;
    for _ in 0..len {
        if bytes_only || rng.below(8) == 0 {
            out.push(rng.next() as u8);
        } else {
            out.extend_from_slice(FRAGMENTS[rng.below(FRAGMENTS.len())]);
        }
    }
    out
}

#[test]
fn randomized_inputs_keep_invariants() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let n = std::env::var("LEXER_FUZZ_ITERS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5000);
    for _ in 0..n {
        let input = random_input(&mut rng);
        fuzz_one(&input);
    }
}

#[test]
fn pathological_inputs_are_linear() {
    // Long runs that could make a careless lexer quadratic.
    let n = 200_000;
    let cases: Vec<Vec<u8>> = vec![
        b"/*".repeat(n),
        b"\\\n".repeat(n),
        b"R\"(".repeat(n),
        b")\"".repeat(n),
        b"\"".repeat(n),
        b"'".repeat(n),
        b"#".repeat(n),
        b"\n#pragma \\".repeat(n / 4),
        vec![0xFF; n],
        b"1'".repeat(n),
        b"<::".repeat(n),
        b"a\\\n".repeat(n),
        b"\\u00e9".repeat(n),
    ];
    for c in cases {
        let start = std::time::Instant::now();
        let map = SourceMap::new("p.ii", c.clone());
        let l = lex(&map, &LexOptions::default());
        check_invariants(&map, &l).unwrap();
        // Generous: a quadratic lexer takes minutes here.
        assert!(start.elapsed().as_secs() < 20, "{:?}", &c[..8]);
    }
}

// ---------------------------------------------------------------------------------------
// A real translation unit, when the CUDA toolkit is around.

/// The CUDA toolkit: `$CUDA_HOME`, or the copy the test harness caches.
fn find_toolkit() -> Option<std::path::PathBuf> {
    let mut candidates = Vec::new();
    if let Some(h) = std::env::var_os("CUDA_HOME") {
        candidates.push(std::path::PathBuf::from(h));
    }
    if let Some(home) = std::env::var_os("HOME") {
        candidates.push(
            std::path::Path::new(&home).join(".cache/cudafe-rs/toolkit/cuda-13.0.88/nvidia/cu13"),
        );
    }
    candidates
        .into_iter()
        .find(|c| c.join("bin/nvcc").is_file() && c.join("include/cuda_runtime.h").is_file())
}

const REAL_TU: &str = r#"#include <iostream>
#include <vector>
#include <algorithm>
#include <memory>
#include <functional>
#include <map>
#include <string>
#include <thread>
#include <cuda_runtime.h>
#include <cooperative_groups.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <cub/cub.cuh>
#include <cuda/std/atomic>
namespace cg = cooperative_groups;
__global__ void k(int *p, cuda::std::atomic<int> *a) {
    auto b = cg::this_thread_block();
    p[threadIdx.x] = 1'000 + 0x1p3 + u8"é"[0];
    a->fetch_add(1);
    b.sync();
}
int main() {
    std::vector<int> v{3, 1, 2};
    thrust::device_vector<int> d(v.begin(), v.end());
    thrust::sort(d.begin(), d.end());
    k<<<1, 32>>>(nullptr, nullptr);
    std::cout << R"(done)" << std::endl;
}
"#;

/// Splits a `-dryrun` command line (nvcc quotes with `"`).
fn split_command(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_quotes = false;
    let mut any = false;
    for c in line.chars() {
        match c {
            '"' => {
                in_quotes = !in_quotes;
                any = true;
            }
            ' ' | '\t' if !in_quotes => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            _ => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// Preprocesses `REAL_TU` the way nvcc does for the host side (the command `nvcc -dryrun`
/// prints), into `dir/out`.
fn preprocess_real_tu(toolkit: &std::path::Path, extra: &[&str], dir: &std::path::Path) -> Vec<u8> {
    use std::process::Command;
    std::fs::create_dir_all(dir).unwrap();
    let cu = dir.join("real.cu");
    std::fs::write(&cu, REAL_TU).unwrap();
    let out = Command::new(toolkit.join("bin/nvcc"))
        .args(["-arch=sm_90", "-dryrun", "-c"])
        .args(extra)
        .arg(&cu)
        .current_dir(dir)
        .output()
        .expect("running nvcc -dryrun");
    let log =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    // The host preprocessing step: `gcc ... -E ...` without `-D__CUDA_ARCH__`.
    let line = log
        .lines()
        .filter_map(|l| l.strip_prefix("#$ "))
        .find(|l| {
            let w = split_command(l);
            w.first()
                .is_some_and(|c| c.ends_with("gcc") || c.ends_with("g++"))
                && w.iter().any(|a| a == "-E")
                && !w.iter().any(|a| a.starts_with("-D__CUDA_ARCH__="))
        })
        .unwrap_or_else(|| panic!("no host preprocessing step in:\n{log}"))
        .to_string();
    let mut args = split_command(&line);
    let program = args.remove(0);
    let o = args.iter().position(|a| a == "-o").expect("-o");
    let ii = dir.join("real.ii");
    args[o + 1] = ii.to_string_lossy().into_owned();
    let status = Command::new(&program)
        .args(&args)
        .current_dir(dir)
        .env("PATH", {
            let mut p = std::ffi::OsString::from(toolkit.join("bin"));
            p.push(":");
            p.push(std::env::var_os("PATH").unwrap_or_default());
            p
        })
        .status()
        .expect("running the host preprocessor");
    assert!(status.success(), "{program} {args:?}");
    std::fs::read(&ii).unwrap()
}

fn check_real_tu(text: Vec<u8>, std: CxxStd) {
    let map = SourceMap::new("real.cpp4.ii", text);
    let o = opts(std);
    let start = std::time::Instant::now();
    let l = lex(&map, &o);
    let took = start.elapsed();
    check_invariants(&map, &l).unwrap();
    let shown: Vec<_> = l
        .errors
        .iter()
        .take(10)
        .map(|e| {
            let p = map.presumed(e.span.lo);
            format!(
                "{}:{}: {}: {:?}",
                map.file_name(p.file),
                p.line,
                e.kind,
                String::from_utf8_lossy(map.physical_line_text(e.span.lo))
            )
        })
        .collect();
    assert!(
        l.errors.is_empty(),
        "{} lex errors:\n{}",
        l.errors.len(),
        shown.join("\n")
    );
    let unknown = l
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Unknown)
        .count();
    assert_eq!(unknown, 0);
    // Every `#pragma` line is one Pragma token; nothing else survives as a directive.
    let pragma_lines = map
        .text()
        .split(|&b| b == b'\n')
        .filter(|l| l.trim_ascii_start().starts_with(b"#pragma"))
        .count();
    let pragmas = l
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Pragma)
        .count();
    assert_eq!(pragmas, pragma_lines);
    assert_eq!(
        l.tokens
            .iter()
            .filter(|t| t.kind == TokenKind::Directive)
            .count(),
        0
    );
    // Every literal decodes.
    let mut counts = [0usize; 4];
    for t in &l.tokens {
        let s = t.spelling(&map);
        let r = match t.kind {
            TokenKind::Int => parse_integer(&s).map(|_| 0),
            TokenKind::Float => parse_float(&s).map(|_| 1),
            TokenKind::Char(_) => parse_char(&s).map(|_| 2),
            TokenKind::Str(_) => parse_string(&s).map(|_| 3),
            _ => continue,
        };
        match r {
            Ok(i) => counts[i] += 1,
            Err(e) => panic!("{:?}: {e:?}", String::from_utf8_lossy(&s)),
        }
    }
    // The file's own identifiers made it through.
    let names: std::collections::HashSet<&[u8]> = l
        .tokens
        .iter()
        .filter(|t| t.kind == TokenKind::Ident)
        .map(|t| t.text(&map))
        .collect();
    for n in [
        &b"cooperative_groups"[..],
        b"this_thread_block",
        b"threadIdx",
        b"main",
    ] {
        assert!(names.contains(n), "{}", String::from_utf8_lossy(n));
    }
    eprintln!(
        "{:?}: {} bytes, {} tokens ({} int, {} float, {} char, {} string literals, {} pragmas), lexed in {:?}",
        std,
        map.text().len(),
        l.tokens.len(),
        counts[0],
        counts[1],
        counts[2],
        counts[3],
        pragmas,
        took
    );
}

#[test]
fn real_translation_units() {
    let Some(toolkit) = find_toolkit() else {
        eprintln!("skipped: no CUDA toolkit (set CUDA_HOME)");
        return;
    };
    if std::process::Command::new("gcc")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("skipped: no gcc");
        return;
    }
    let dir = std::env::temp_dir().join(format!("cudafe-lexer-real-tu-{}", std::process::id()));
    for (extra, std) in [
        (&[][..], CxxStd::Cxx17),
        (&["-std=c++20"][..], CxxStd::Cxx20),
    ] {
        let text = preprocess_real_tu(&toolkit, extra, &dir);
        check_real_tu(text, std);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// By hand: `cargo test --release -p cudafe-core lexer::tests::lex_speed -- --ignored
/// --nocapture` (uses `$LEXER_BENCH_FILE`, or preprocesses the real TU).
#[test]
#[ignore]
fn lex_speed() {
    let text = match std::env::var_os("LEXER_BENCH_FILE") {
        Some(f) => std::fs::read(f).unwrap(),
        None => {
            let Some(toolkit) = find_toolkit() else {
                eprintln!("skipped: no LEXER_BENCH_FILE and no CUDA toolkit");
                return;
            };
            let dir =
                std::env::temp_dir().join(format!("cudafe-lexer-bench-{}", std::process::id()));
            let t = preprocess_real_tu(&toolkit, &[], &dir);
            let _ = std::fs::remove_dir_all(&dir);
            t
        }
    };
    let start = std::time::Instant::now();
    let map = SourceMap::new("bench.ii", text);
    eprintln!(
        "(SourceMap::new: {:.2} ms)",
        start.elapsed().as_secs_f64() * 1e3
    );
    let o = LexOptions::default();
    // On-CPU time of this thread in ns (not counting time preempted), where available.
    let cpu_ns = || -> Option<u64> {
        let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        s.split_whitespace().next()?.parse().ok()
    };
    let mut best = f64::MAX;
    let mut best_cpu = f64::MAX;
    let mut tokens = 0;
    for _ in 0..30 {
        let c0 = cpu_ns();
        let start = std::time::Instant::now();
        let l = lex(&map, &o);
        best = best.min(start.elapsed().as_secs_f64());
        if let (Some(a), Some(b)) = (c0, cpu_ns()) {
            best_cpu = best_cpu.min((b - a) as f64 / 1e9);
        }
        tokens = l.tokens.len();
        drop(l);
    }
    let mb = map.text().len() as f64 / 1e6;
    let report = |what: &str, t: f64| {
        eprintln!(
            "{what}: {mb:.2} MB, {tokens} tokens: {:.2} ms = {:.0} MB/s, {:.1} ns/token; {:.2} ms per 1.5 MB",
            t * 1e3,
            mb / t,
            t * 1e9 / tokens as f64,
            t * 1e3 * 1.5 / mb
        );
    };
    report("best wall", best);
    if best_cpu < f64::MAX {
        report("best on-CPU", best_cpu);
    }
}
