//! The parser fuzz target's checks ([`fuzz_one`]), run deterministically on stable: inputs
//! made by mutating and splicing valid C++/CUDA programs, by stringing together fragments
//! of the language, and random bytes.

use super::*;
use crate::intern::Symbol;

/// Valid programs the mutations start from (the fuzz target's seeds).
const SEEDS: &[&[u8]] = &[
    include_bytes!("../../fuzz/seeds/cuda.ii"),
    include_bytes!("../../fuzz/seeds/classes.ii"),
    include_bytes!("../../fuzz/seeds/templates.ii"),
    include_bytes!("../../fuzz/seeds/basic.ii"),
];

/// Pieces of C++ and CUDA that steer the parser into its corners.
const FRAGMENTS: &[&str] = &[
    " ",
    "\n",
    "\t",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "<",
    ">",
    ">>",
    ">>>",
    "<<<",
    ";",
    ",",
    ":",
    "::",
    "...",
    "=",
    "==",
    "+",
    "-",
    "*",
    "&",
    "&&",
    "!",
    "~",
    "?",
    ".",
    "->",
    "->*",
    ".*",
    "<=>",
    "'",
    "\"",
    "#",
    "[[",
    "]]",
    "x",
    "T",
    "S",
    "f",
    "k",
    "A",
    "int",
    "void",
    "auto",
    "char",
    "bool",
    "float",
    "unsigned",
    "long",
    "const",
    "volatile",
    "static",
    "extern",
    "inline",
    "constexpr",
    "consteval",
    "virtual",
    "explicit",
    "friend",
    "typedef",
    "mutable",
    "class",
    "struct",
    "union",
    "enum",
    "enum class",
    "namespace",
    "using",
    "template",
    "typename",
    "operator",
    "operator()",
    "operator<",
    "requires",
    "concept",
    "decltype",
    "sizeof",
    "sizeof...",
    "alignof",
    "alignas(8)",
    "noexcept",
    "throw",
    "try",
    "catch",
    "catch (...)",
    "new",
    "delete",
    "delete[]",
    "this",
    "nullptr",
    "true",
    "return",
    "if",
    "if constexpr",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case 1:",
    "default:",
    "break;",
    "continue;",
    "goto l;",
    "l:",
    "static_assert(",
    "static_cast<",
    "reinterpret_cast<",
    "dynamic_cast<",
    "const_cast<",
    "typeid(",
    "public:",
    "private:",
    "protected:",
    "extern \"C\"",
    "extern \"C\" {",
    "asm(\"nop\");",
    "__asm__ volatile (\"\" ::: \"memory\");",
    "0",
    "1",
    "42u",
    "1.5f",
    "0x1p3",
    "'c'",
    "\"s\"",
    "u8\"s\"",
    "R\"x(r)x\"",
    "1'000",
    "__attribute__((global))",
    "__attribute__((device))",
    "__attribute__((host))",
    "__attribute__((shared))",
    "__attribute__((constant))",
    "__attribute__((managed))",
    "__attribute__((launch_bounds(128)))",
    "__attribute__((aligned(16)))",
    "__attribute__((unused))",
    "[[nodiscard]]",
    "[[maybe_unused]]",
    "[[deprecated(\"x\")]]",
    "__declspec(noinline)",
    "__noinline__",
    "__forceinline__",
    "__restrict__",
    "__builtin_offsetof(S, x)",
    "__builtin_va_arg(v, int)",
    "__extension__",
    "typeof(",
    "__typeof__(",
    "_Pragma(\"once\")",
    "__int128",
    "_Float16",
    "template <class T> struct A { T t; };",
    "template <typename... Ts>",
    "A<int>",
    "A<A<T>>",
    "k<<<1, 1>>>(0);",
    "k<<<dim3(1), 32, 0, 0>>>(p);",
    "[&](int a) { return a; }",
    "[=] __attribute__((device)) (auto x) mutable -> int { return x; }",
    "[]{}()",
    "auto [a, b] = s;",
    "for (auto &e : v)",
    "S{1, 2}",
    "x = y = z",
    "a ? b : c",
    "(int)x",
    "int (*fp)(int)",
    "int &&r",
    "int S::*pm",
    "~S()",
    "S() = default;",
    "void f() = delete;",
    "operator bool() const",
    "using T = int;",
    "typedef int I;",
    "namespace n = std;",
    "enum E : int { a, b = 2 };",
    "union { int i; };",
    "\n# 1 \"a.h\" 1\n",
    "\n# 12 \"b.h\" 2 3 4\n",
    "\n# 3\n",
    "\n#line 7 \"c.h\"\n",
    "\n#pragma once\n",
    "\n#pragma pack(push, 1)\n",
    "\n#pragma nv_diag_suppress 177\n",
    "\n#pragma GCC diagnostic push\n",
    "/* c */",
    "// c\n",
    "\\\n",
];

/// Openers and their closers, for runs of nesting.
const NESTINGS: &[(&str, &str)] = &[
    ("(", ")"),
    ("{", "}"),
    ("[", "]"),
    ("A<", ">"),
    ("f(", ")"),
    ("a[", "]"),
    ("struct S { ", "};"),
    ("namespace n { ", "}"),
    ("if (x) ", ";"),
    ("[]{ return ", ";}()"),
    ("- ", ""),
    ("*", ""),
    ("(int)", ""),
    ("sizeof(", ")"),
    ("x ? ", " : 0"),
    ("template <class T> struct B { ", "};"),
];

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
        (self.next() % n.max(1) as u64) as usize
    }

    fn fragment(&mut self) -> &'static [u8] {
        FRAGMENTS[self.below(FRAGMENTS.len())].as_bytes()
    }

    /// A range of `text`, up to `max` bytes long.
    fn range(&mut self, text: &[u8], max: usize) -> std::ops::Range<usize> {
        let lo = self.below(text.len() + 1);
        let hi = lo + self.below(max.min(text.len() - lo) + 1);
        lo..hi
    }
}

/// One mutation of `text`.
fn mutate(rng: &mut XorShift, text: &mut Vec<u8>) {
    match rng.below(10) {
        // Delete a range.
        0 => {
            let r = rng.range(text, 64);
            text.drain(r);
        }
        // Duplicate a range.
        1 => {
            let r = rng.range(text, 64);
            let copy = text[r.clone()].to_vec();
            text.splice(r.end..r.end, copy);
        }
        // Insert fragments.
        2 | 3 => {
            let at = rng.below(text.len() + 1);
            let mut ins = Vec::new();
            for _ in 0..1 + rng.below(4) {
                ins.extend_from_slice(rng.fragment());
                ins.push(b' ');
            }
            text.splice(at..at, ins);
        }
        // Replace a range with a fragment.
        4 => {
            let r = rng.range(text, 16);
            let f = rng.fragment();
            text.splice(r, f.iter().copied());
        }
        // Random bytes.
        5 => {
            let at = rng.below(text.len() + 1);
            let ins: Vec<u8> = (0..1 + rng.below(8)).map(|_| rng.next() as u8).collect();
            text.splice(at..at, ins);
        }
        // Flip a byte.
        6 if !text.is_empty() => {
            let at = rng.below(text.len());
            text[at] ^= 1 << rng.below(8);
        }
        // Truncate.
        7 => {
            let at = rng.below(text.len() + 1);
            text.truncate(at);
        }
        // Nest something, closed or not.
        8 => {
            let (open, close) = NESTINGS[rng.below(NESTINGS.len())];
            let max = if rng.below(8) == 0 { 400 } else { 24 };
            let depth = 1 + rng.below(max);
            let at = rng.below(text.len() + 1);
            let mut ins = open.repeat(depth).into_bytes();
            ins.extend_from_slice(b"x");
            if rng.below(4) != 0 {
                ins.extend_from_slice(close.repeat(depth).as_bytes());
            }
            text.splice(at..at, ins);
        }
        // Splice in part of another seed.
        _ => {
            let other = SEEDS[rng.below(SEEDS.len())];
            let r = rng.range(other, 256);
            let at = rng.below(text.len() + 1);
            text.splice(at..at, other[r].iter().copied());
        }
    }
}

/// A random input: a mutated seed most of the time, else a string of fragments, else bytes.
fn random_input(rng: &mut XorShift) -> Vec<u8> {
    match rng.below(8) {
        0 => (0..rng.below(512)).map(|_| rng.next() as u8).collect(),
        1 | 2 => {
            let mut out = Vec::new();
            for _ in 0..rng.below(200) {
                if rng.below(10) == 0 {
                    out.push(rng.next() as u8);
                } else {
                    out.extend_from_slice(rng.fragment());
                    out.push(b' ');
                }
            }
            out
        }
        _ => {
            let mut text = SEEDS[rng.below(SEEDS.len())].to_vec();
            for _ in 0..1 + rng.below(6) {
                mutate(rng, &mut text);
            }
            text
        }
    }
}

#[test]
fn seeds_are_error_free() {
    for seed in &SEEDS[..3] {
        let map = Arc::new(SourceMap::new("seed.ii", *seed));
        let run = fuzz_run(&map, &FrontendOptions::default());
        assert_eq!(run.status, 0, "{}", String::from_utf8_lossy(&run.output));
    }
}

#[test]
fn randomized_inputs_keep_invariants() {
    // PARSER_FUZZ_ITERS=n for more inputs, PARSER_FUZZ_SEED=s for others.
    let env = |name: &str| std::env::var(name).ok().and_then(|s| s.parse::<u64>().ok());
    let mut rng = XorShift(
        env("PARSER_FUZZ_SEED")
            .unwrap_or(0x51_7CC1_B727_220A)
            .max(1),
    );
    let n = env("PARSER_FUZZ_ITERS").unwrap_or(500);
    for i in 0..n {
        let input = random_input(&mut rng);
        let result = std::panic::catch_unwind(|| fuzz_one(&input));
        if let Err(panic) = result {
            let dir = std::env::temp_dir().join("cudafe-parser-fuzz");
            let _ = std::fs::create_dir_all(&dir);
            let path = dir.join(format!("failure-{i}.ii"));
            let _ = std::fs::write(&path, &input);
            eprintln!("input {i} failed; written to {}", path.display());
            std::panic::resume_unwind(panic);
        }
    }
}

/// Inputs that once broke an invariant.
#[test]
fn regressions() {
    for input in [
        // A recovery inside a class or a statement expression reset the parser's count of
        // open template argument lists and launch configurations, which then underflowed.
        &b"template <class T> struct A {};\nA<struct S { int x = ; }> a;\nint y = 1 > 2;\n"[..],
        b"__attribute__((global)) void k() {}\nvoid h() { k<<<sizeof(struct S { int x = ; }), 1>>>(); }\n",
        b"template <int N> struct A {};\nA<({ int x = ; 1; })> a;\n",
        b"__attribute__((global)) void k() {}\nvoid h() { k<<<({ int y = ; 1; }), 1>>>(); }\n",
        b"int main() { k<struct S { struct S { x<<1, 2>>>(0); }",
    ] {
        fuzz_one(input);
    }
}

#[test]
fn located_lines() {
    assert!(is_located(b"x.ii(3): error: expected a \";\""));
    assert!(is_located(b"a (b).h(12): warning: w"));
    assert!(is_located(b"At end of source: error: expected a \"}\""));
    assert!(is_located(
        b"Catastrophic error: cannot open source file \"x\""
    ));
    assert!(!is_located(
        b"1 error detected in the compilation of \"x.ii\"."
    ));
    assert!(is_located(
        b"(3): error: after a line marker with an empty name"
    ));
    assert!(!is_located(b"x.ii(): error"));
}

/// A text of `lines` lines of C++ with line markers, pragmas, brackets that open in one half
/// and close in the other, closing brackets that close nothing, and names met first in the
/// second half; `middle` is put in at the middle line.
fn split_text(lines: usize, middle: &str) -> String {
    let mut t = String::from("# 1 \"big.cu\"\n{ ( [ {\n");
    for i in 0..lines {
        if i == lines / 2 {
            t.push_str(middle);
        }
        match i % 7 {
            0 => t.push_str(&format!("# {} \"h{}.h\" 1 3 4\n", i, i % 5)),
            1 => t.push_str("#pragma once\n"),
            2 => t.push_str(&format!(
                "namespace n{} {{ int f{}(int (*p)[3]);\n",
                i % 3,
                i
            )),
            3 => t.push_str(&format!("auto s{i} = R\"x(raw {i})x\"; char c{i} = '(';\n")),
            4 => t.push_str("}\n"),
            5 => t.push_str(&format!(
                "int a{}[2] = {{ (1), [](){{ return 0; }}() }};\n",
                i
            )),
            _ => t.push_str(&format!("void g{}() {{ h{}(x{}); }}\n", i, i / 2, i % 11)),
        }
    }
    t.push_str("} ] ) }\n");
    t
}

fn assert_split_matches_whole(text: &str) {
    let map = SourceMap::new("big.cu", text.as_bytes().to_vec());
    let opts = LexOptions::default();
    let whole = lexer::lex(&map, &opts);
    let count = whole.tokens.len();
    let whole = parser::ParserTokens::new(&map, whole.tokens);
    let (errors, split, split_count) = lex_and_prepare(&map, &opts);
    assert!(errors.is_empty());
    assert_eq!(split_count, count);
    let (t1, p1, i1) = whole.parts();
    let (t2, p2, i2) = split.parts();
    assert_eq!(t1, t2);
    assert_eq!(p1, p2);
    assert_eq!(i1.len(), i2.len());
    for s in 0..i1.len() as u32 {
        assert_eq!(i1.bytes(Symbol(s)), i2.bytes(Symbol(s)));
    }
}

#[test]
fn lexing_in_two_halves_gives_what_lexing_the_whole_gives() {
    let text = split_text(60_000, "");
    let map = SourceMap::new("big.cu", text.as_bytes().to_vec());
    assert!(lexer::split_point(&map, SPLIT_MIN_HALF).is_some());
    assert_split_matches_whole(&text);
    // Closing brackets in the second half that close what the first left open.
    assert_split_matches_whole(&split_text(60_000, &"}})]\n".repeat(3)));
}

#[test]
fn a_raw_string_across_the_split_point_is_lexed_whole() {
    // The split point is a line marker; a raw string that spans one is lexed as one token.
    let mut text = split_text(30_000, "");
    text.push_str("auto r = R\"(\n");
    text.push_str(&split_text(30_000, ""));
    text.push_str(")\";\n");
    let map = SourceMap::new("big.cu", text.as_bytes().to_vec());
    let at = lexer::split_point(&map, SPLIT_MIN_HALF).expect("a split point");
    let raw = text.find("R\"(\n").unwrap();
    assert!(raw < at && at < text.rfind(")\";").unwrap());
    assert_split_matches_whole(&text);
}
