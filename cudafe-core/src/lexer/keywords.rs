//! Keywords, punctuators and the keyword table.
//!
//! The table is an open-addressing hash table built at compile time (`const fn`); a lookup
//! hashes a few bytes and the length of the identifier and compares the one or two entries
//! it probes. Which entries count as keywords depends on [`LexOptions`](super::LexOptions).

use super::{CxxStd, LexOptions};

macro_rules! puncts {
    ($($name:ident = $text:literal,)*) => {
        /// A punctuator. Digraphs and alternative tokens (`<:`, `and`, ...) map to the
        /// punctuator they stand for; the token's flags say
        /// [`ALT_SPELLING`](super::TokenFlags::ALT_SPELLING).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Punct {
            $(#[doc = concat!("`", $text, "`")] $name,)*
        }

        impl Punct {
            /// The canonical spelling.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Punct::$name => $text,)*
                }
            }

            /// Every punctuator.
            pub const ALL: &'static [Punct] = &[$(Punct::$name,)*];
        }
    };
}

puncts! {
    LBrace = "{",
    RBrace = "}",
    LBracket = "[",
    RBracket = "]",
    LParen = "(",
    RParen = ")",
    Semi = ";",
    Colon = ":",
    ColonColon = "::",
    Ellipsis = "...",
    Question = "?",
    Dot = ".",
    DotStar = ".*",
    Arrow = "->",
    ArrowStar = "->*",
    Tilde = "~",
    Bang = "!",
    Plus = "+",
    Minus = "-",
    Star = "*",
    Slash = "/",
    Percent = "%",
    Caret = "^",
    Amp = "&",
    Pipe = "|",
    Eq = "=",
    PlusEq = "+=",
    MinusEq = "-=",
    StarEq = "*=",
    SlashEq = "/=",
    PercentEq = "%=",
    CaretEq = "^=",
    AmpEq = "&=",
    PipeEq = "|=",
    EqEq = "==",
    BangEq = "!=",
    Less = "<",
    Greater = ">",
    LessEq = "<=",
    GreaterEq = ">=",
    Spaceship = "<=>",
    AmpAmp = "&&",
    PipePipe = "||",
    LessLess = "<<",
    GreaterGreater = ">>",
    LessLessEq = "<<=",
    GreaterGreaterEq = ">>=",
    PlusPlus = "++",
    MinusMinus = "--",
    Comma = ",",
    Hash = "#",
    HashHash = "##",
}

macro_rules! keywords {
    ($($name:ident = $text:literal,)*) => {
        /// A keyword. GNU alternate spellings map to the keyword they stand for
        /// (`__inline__` and `__inline` are [`Keyword::Inline`], `__asm__` is
        /// [`Keyword::Asm`]); the span keeps the spelling.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Keyword {
            $(#[doc = concat!("`", $text, "`")] $name,)*
        }

        impl Keyword {
            /// The canonical spelling.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $(Keyword::$name => $text,)*
                }
            }

            /// Every keyword.
            pub const ALL: &'static [Keyword] = &[$(Keyword::$name,)*];
        }
    };
}

keywords! {
    Alignas = "alignas",
    Alignof = "alignof",
    Asm = "asm",
    Auto = "auto",
    Bool = "bool",
    Break = "break",
    Case = "case",
    Catch = "catch",
    Char = "char",
    Char8T = "char8_t",
    Char16T = "char16_t",
    Char32T = "char32_t",
    Class = "class",
    CoAwait = "co_await",
    CoReturn = "co_return",
    CoYield = "co_yield",
    Concept = "concept",
    Const = "const",
    Consteval = "consteval",
    Constexpr = "constexpr",
    Constinit = "constinit",
    ConstCast = "const_cast",
    Continue = "continue",
    Decltype = "decltype",
    Default = "default",
    Delete = "delete",
    Do = "do",
    Double = "double",
    DynamicCast = "dynamic_cast",
    Else = "else",
    Enum = "enum",
    Explicit = "explicit",
    Export = "export",
    Extern = "extern",
    False = "false",
    Float = "float",
    For = "for",
    Friend = "friend",
    Goto = "goto",
    If = "if",
    Inline = "inline",
    Int = "int",
    Long = "long",
    Mutable = "mutable",
    Namespace = "namespace",
    New = "new",
    Noexcept = "noexcept",
    Nullptr = "nullptr",
    Operator = "operator",
    Private = "private",
    Protected = "protected",
    Public = "public",
    Register = "register",
    ReinterpretCast = "reinterpret_cast",
    Requires = "requires",
    Return = "return",
    Short = "short",
    Signed = "signed",
    Sizeof = "sizeof",
    Static = "static",
    StaticAssert = "static_assert",
    StaticCast = "static_cast",
    Struct = "struct",
    Switch = "switch",
    Template = "template",
    This = "this",
    ThreadLocal = "thread_local",
    Throw = "throw",
    True = "true",
    Try = "try",
    Typedef = "typedef",
    Typeid = "typeid",
    Typename = "typename",
    Union = "union",
    Unsigned = "unsigned",
    Using = "using",
    Virtual = "virtual",
    Void = "void",
    Volatile = "volatile",
    WcharT = "wchar_t",
    While = "while",
    // GNU extensions.
    Attribute = "__attribute__",
    Extension = "__extension__",
    Typeof = "__typeof__",
    Restrict = "__restrict__",
    GnuAlignof = "__alignof__",
    Int128 = "__int128",
    GnuFloat128 = "__float128",
    Float80 = "__float80",
    Label = "__label__",
    BuiltinVaList = "__builtin_va_list",
    GnuThread = "__thread",
    GnuNull = "__null",
    Real = "__real__",
    Imag = "__imag__",
    Complex = "__complex__",
    // Types GCC 13 and later know in C++.
    Float16 = "_Float16",
    Float32 = "_Float32",
    Float64 = "_Float64",
    Float128 = "_Float128",
    Float32x = "_Float32x",
    Float64x = "_Float64x",
    Float128x = "_Float128x",
    Bf16 = "__bf16",
}

/// When a table entry is a keyword.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Gate {
    /// C++11 and later.
    Always,
    /// C++20 and later.
    Cxx20,
    /// GNU mode.
    Gnu,
    /// GNU mode emulating GCC 13 or later.
    Gnu13,
}

/// What an identifier-like spelling is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Word {
    Kw(Keyword),
    /// An alternative token (`and`, `bitor`, ...).
    Alt(Punct),
}

use Gate::*;
use Keyword as K;
use Punct as P;
use Word::{Alt, Kw};

static ENTRIES: &[(&[u8], Word, Gate)] = &[
    (b"alignas", Kw(K::Alignas), Always),
    (b"alignof", Kw(K::Alignof), Always),
    (b"asm", Kw(K::Asm), Always),
    (b"auto", Kw(K::Auto), Always),
    (b"bool", Kw(K::Bool), Always),
    (b"break", Kw(K::Break), Always),
    (b"case", Kw(K::Case), Always),
    (b"catch", Kw(K::Catch), Always),
    (b"char", Kw(K::Char), Always),
    (b"char8_t", Kw(K::Char8T), Cxx20),
    (b"char16_t", Kw(K::Char16T), Always),
    (b"char32_t", Kw(K::Char32T), Always),
    (b"class", Kw(K::Class), Always),
    (b"co_await", Kw(K::CoAwait), Cxx20),
    (b"co_return", Kw(K::CoReturn), Cxx20),
    (b"co_yield", Kw(K::CoYield), Cxx20),
    (b"concept", Kw(K::Concept), Cxx20),
    (b"const", Kw(K::Const), Always),
    (b"consteval", Kw(K::Consteval), Cxx20),
    (b"constexpr", Kw(K::Constexpr), Always),
    (b"constinit", Kw(K::Constinit), Cxx20),
    (b"const_cast", Kw(K::ConstCast), Always),
    (b"continue", Kw(K::Continue), Always),
    (b"decltype", Kw(K::Decltype), Always),
    (b"default", Kw(K::Default), Always),
    (b"delete", Kw(K::Delete), Always),
    (b"do", Kw(K::Do), Always),
    (b"double", Kw(K::Double), Always),
    (b"dynamic_cast", Kw(K::DynamicCast), Always),
    (b"else", Kw(K::Else), Always),
    (b"enum", Kw(K::Enum), Always),
    (b"explicit", Kw(K::Explicit), Always),
    (b"export", Kw(K::Export), Always),
    (b"extern", Kw(K::Extern), Always),
    (b"false", Kw(K::False), Always),
    (b"float", Kw(K::Float), Always),
    (b"for", Kw(K::For), Always),
    (b"friend", Kw(K::Friend), Always),
    (b"goto", Kw(K::Goto), Always),
    (b"if", Kw(K::If), Always),
    (b"inline", Kw(K::Inline), Always),
    (b"int", Kw(K::Int), Always),
    (b"long", Kw(K::Long), Always),
    (b"mutable", Kw(K::Mutable), Always),
    (b"namespace", Kw(K::Namespace), Always),
    (b"new", Kw(K::New), Always),
    (b"noexcept", Kw(K::Noexcept), Always),
    (b"nullptr", Kw(K::Nullptr), Always),
    (b"operator", Kw(K::Operator), Always),
    (b"private", Kw(K::Private), Always),
    (b"protected", Kw(K::Protected), Always),
    (b"public", Kw(K::Public), Always),
    (b"register", Kw(K::Register), Always),
    (b"reinterpret_cast", Kw(K::ReinterpretCast), Always),
    (b"requires", Kw(K::Requires), Cxx20),
    (b"return", Kw(K::Return), Always),
    (b"short", Kw(K::Short), Always),
    (b"signed", Kw(K::Signed), Always),
    (b"sizeof", Kw(K::Sizeof), Always),
    (b"static", Kw(K::Static), Always),
    (b"static_assert", Kw(K::StaticAssert), Always),
    (b"static_cast", Kw(K::StaticCast), Always),
    (b"struct", Kw(K::Struct), Always),
    (b"switch", Kw(K::Switch), Always),
    (b"template", Kw(K::Template), Always),
    (b"this", Kw(K::This), Always),
    (b"thread_local", Kw(K::ThreadLocal), Always),
    (b"throw", Kw(K::Throw), Always),
    (b"true", Kw(K::True), Always),
    (b"try", Kw(K::Try), Always),
    (b"typedef", Kw(K::Typedef), Always),
    (b"typeid", Kw(K::Typeid), Always),
    (b"typename", Kw(K::Typename), Always),
    (b"union", Kw(K::Union), Always),
    (b"unsigned", Kw(K::Unsigned), Always),
    (b"using", Kw(K::Using), Always),
    (b"virtual", Kw(K::Virtual), Always),
    (b"void", Kw(K::Void), Always),
    (b"volatile", Kw(K::Volatile), Always),
    (b"wchar_t", Kw(K::WcharT), Always),
    (b"while", Kw(K::While), Always),
    // Alternative tokens.
    (b"and", Alt(P::AmpAmp), Always),
    (b"and_eq", Alt(P::AmpEq), Always),
    (b"bitand", Alt(P::Amp), Always),
    (b"bitor", Alt(P::Pipe), Always),
    (b"compl", Alt(P::Tilde), Always),
    (b"not", Alt(P::Bang), Always),
    (b"not_eq", Alt(P::BangEq), Always),
    (b"or", Alt(P::PipePipe), Always),
    (b"or_eq", Alt(P::PipeEq), Always),
    (b"xor", Alt(P::Caret), Always),
    (b"xor_eq", Alt(P::CaretEq), Always),
    // GNU spellings.
    (b"__attribute__", Kw(K::Attribute), Gnu),
    (b"__attribute", Kw(K::Attribute), Gnu),
    (b"__extension__", Kw(K::Extension), Gnu),
    (b"__typeof__", Kw(K::Typeof), Gnu),
    (b"__typeof", Kw(K::Typeof), Gnu),
    (b"typeof", Kw(K::Typeof), Gnu),
    (b"__asm__", Kw(K::Asm), Gnu),
    (b"__asm", Kw(K::Asm), Gnu),
    (b"__inline__", Kw(K::Inline), Gnu),
    (b"__inline", Kw(K::Inline), Gnu),
    (b"__restrict__", Kw(K::Restrict), Gnu),
    (b"__restrict", Kw(K::Restrict), Gnu),
    (b"__volatile__", Kw(K::Volatile), Gnu),
    (b"__volatile", Kw(K::Volatile), Gnu),
    (b"__signed__", Kw(K::Signed), Gnu),
    (b"__signed", Kw(K::Signed), Gnu),
    (b"__const__", Kw(K::Const), Gnu),
    (b"__const", Kw(K::Const), Gnu),
    (b"__alignof__", Kw(K::GnuAlignof), Gnu),
    (b"__alignof", Kw(K::GnuAlignof), Gnu),
    (b"__decltype", Kw(K::Decltype), Gnu),
    (b"__int128", Kw(K::Int128), Gnu),
    (b"__float128", Kw(K::GnuFloat128), Gnu),
    (b"__float80", Kw(K::Float80), Gnu),
    (b"__label__", Kw(K::Label), Gnu),
    (b"__builtin_va_list", Kw(K::BuiltinVaList), Gnu),
    (b"__thread", Kw(K::GnuThread), Gnu),
    (b"__null", Kw(K::GnuNull), Gnu),
    (b"__real__", Kw(K::Real), Gnu),
    (b"__real", Kw(K::Real), Gnu),
    (b"__imag__", Kw(K::Imag), Gnu),
    (b"__imag", Kw(K::Imag), Gnu),
    (b"__complex__", Kw(K::Complex), Gnu),
    (b"__complex", Kw(K::Complex), Gnu),
    (b"_Complex", Kw(K::Complex), Gnu),
    (b"_Float16", Kw(K::Float16), Gnu13),
    (b"_Float32", Kw(K::Float32), Gnu13),
    (b"_Float64", Kw(K::Float64), Gnu13),
    (b"_Float128", Kw(K::Float128), Gnu13),
    (b"_Float32x", Kw(K::Float32x), Gnu13),
    (b"_Float64x", Kw(K::Float64x), Gnu13),
    (b"_Float128x", Kw(K::Float128x), Gnu13),
    (b"__bf16", Kw(K::Bf16), Gnu13),
];

const TABLE_BITS: u32 = 9;
const TABLE_SIZE: usize = 1 << TABLE_BITS;
/// The longest spelling in the table.
const MAX_LEN: usize = max_len();

const fn max_len() -> usize {
    let mut m = 0;
    let mut i = 0;
    while i < ENTRIES.len() {
        if ENTRIES[i].0.len() > m {
            m = ENTRIES[i].0.len();
        }
        i += 1;
    }
    m
}

/// Hashes the length and four bytes of a spelling of 2 to `MAX_LEN` bytes.
#[inline(always)]
const fn hash(s: &[u8]) -> usize {
    let n = s.len();
    let h = (n as u32).wrapping_mul(0x9E37_79B9)
        ^ (s[0] as u32).wrapping_mul(0x85EB_CA6B)
        ^ (s[n - 1] as u32).wrapping_mul(0xC2B2_AE35)
        ^ (s[n / 2] as u32).wrapping_mul(0x27D4_EB2F)
        ^ (s[2 % n] as u32).wrapping_mul(0x1656_67B1)
        ^ (s[n - 2] as u32).wrapping_mul(0x7FEB_352D);
    (h.wrapping_mul(0x2C1B_3C6D) >> (32 - TABLE_BITS)) as usize
}

/// Slot → entry index + 1 (0 = empty).
static TABLE: [u8; TABLE_SIZE] = build_table();

const fn build_table() -> [u8; TABLE_SIZE] {
    assert!(ENTRIES.len() < 255 && MAX_LEN <= 24);
    let mut t = [0u8; TABLE_SIZE];
    let mut i = 0;
    while i < ENTRIES.len() {
        let mut h = hash(ENTRIES[i].0);
        while t[h] != 0 {
            h = (h + 1) & (TABLE_SIZE - 1);
        }
        t[h] = (i + 1) as u8;
        i += 1;
    }
    t
}

/// `a == b` for slices of the same length, 2 to 24 bytes, without calling `memcmp`.
#[inline(always)]
fn eq_same_len(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    debug_assert!(n == b.len() && (2..=24).contains(&n));
    fn u64_at(s: &[u8], i: usize) -> u64 {
        u64::from_le_bytes(s[i..i + 8].try_into().unwrap_or([0; 8]))
    }
    fn u32_at(s: &[u8], i: usize) -> u32 {
        u32::from_le_bytes(s[i..i + 4].try_into().unwrap_or([0; 4]))
    }
    fn u16_at(s: &[u8], i: usize) -> u16 {
        u16::from_le_bytes(s[i..i + 2].try_into().unwrap_or([0; 2]))
    }
    if n >= 8 {
        u64_at(a, 0) == u64_at(b, 0)
            && u64_at(a, n - 8) == u64_at(b, n - 8)
            && (n <= 16 || u64_at(a, 8) == u64_at(b, 8))
    } else if n >= 4 {
        u32_at(a, 0) == u32_at(b, 0) && u32_at(a, n - 4) == u32_at(b, n - 4)
    } else {
        u16_at(a, 0) == u16_at(b, 0) && u16_at(a, n - 2) == u16_at(b, n - 2)
    }
}

fn enabled(gate: Gate, opts: &LexOptions) -> bool {
    match gate {
        Always => true,
        Cxx20 => opts.std >= CxxStd::Cxx20,
        Gnu => opts.gnu,
        Gnu13 => opts.gnu && opts.gnu_version >= 130000,
    }
}

/// Classifies an identifier spelling (already free of splices and UCNs).
#[inline(always)]
pub(crate) fn lookup(s: &[u8], opts: &LexOptions) -> Option<Word> {
    if s.len() < 2 || s.len() > MAX_LEN {
        return None;
    }
    let mut h = hash(s);
    loop {
        let e = TABLE[h];
        if e == 0 {
            return None;
        }
        let (text, word, gate) = &ENTRIES[e as usize - 1];
        if text.len() == s.len() && eq_same_len(text, s) {
            return enabled(*gate, opts).then_some(*word);
        }
        h = (h + 1) & (TABLE_SIZE - 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_consistent() {
        let opts = LexOptions {
            std: CxxStd::Cxx23,
            gnu: true,
            gnu_version: 130000,
            ..LexOptions::default()
        };
        let mut worst = 0;
        for (i, (text, word, _)) in ENTRIES.iter().enumerate() {
            assert_eq!(
                lookup(text, &opts),
                Some(*word),
                "{}",
                String::from_utf8_lossy(text)
            );
            assert!(
                !ENTRIES[..i].iter().any(|e| e.0 == *text),
                "duplicate entry"
            );
            // Probe distance.
            let mut h = hash(text);
            let mut d = 0;
            while TABLE[h] as usize != i + 1 {
                h = (h + 1) & (TABLE_SIZE - 1);
                d += 1;
            }
            worst = worst.max(d);
        }
        assert!(worst <= 3, "worst probe distance {worst}");
        // Every keyword has its canonical spelling in the table.
        for kw in Keyword::ALL {
            assert_eq!(
                lookup(kw.as_str().as_bytes(), &opts),
                Some(Kw(*kw)),
                "{kw:?}"
            );
        }
    }

    #[test]
    fn short_comparison() {
        let words: Vec<&[u8]> = ENTRIES.iter().map(|e| e.0).collect();
        for a in &words {
            for b in &words {
                if a.len() == b.len() {
                    assert_eq!(eq_same_len(a, b), a == b);
                }
            }
            // Differ in each single byte.
            for i in 0..a.len() {
                let mut c = a.to_vec();
                c[i] ^= 1;
                assert!(!eq_same_len(a, &c));
            }
        }
    }

    #[test]
    fn gates() {
        let cxx17 = LexOptions {
            std: CxxStd::Cxx17,
            gnu: true,
            gnu_version: 120200,
            ..LexOptions::default()
        };
        assert_eq!(lookup(b"concept", &cxx17), None);
        assert_eq!(lookup(b"_Float32", &cxx17), None);
        assert_eq!(lookup(b"__inline__", &cxx17), Some(Kw(K::Inline)));
        let strict = LexOptions {
            gnu: false,
            ..cxx17
        };
        assert_eq!(lookup(b"typeof", &strict), None);
        assert_eq!(lookup(b"__attribute__", &strict), None);
        assert_eq!(lookup(b"asm", &strict), Some(Kw(K::Asm)));
        assert_eq!(lookup(b"bitor", &strict), Some(Alt(P::Pipe)));
        assert_eq!(lookup(b"x", &strict), None);
        assert_eq!(lookup(b"__builtin_va_list_", &strict), None);
        assert_eq!(lookup(b"__is_same", &cxx17), None);
    }
}
