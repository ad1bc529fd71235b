//! Engine tests. Each expected output was written from the rules in the module documentation
//! and then checked byte for byte against cudafe++ 13.0.88 run on the same preprocessed text
//! (the diagnostics cudafe++ raised there are raised here by hand, at the same offsets).

use std::sync::Arc;

use super::pragma::{self, DiagPragma};
use super::*;
use crate::source_map::{Offset, SourceMap};

/// A translation unit and an engine writing into a buffer.
struct Tu {
    text: &'static str,
    engine: DiagEngine,
    out: SharedBuffer,
}

impl Tu {
    fn new(text: &'static str, config: DiagConfig) -> Tu {
        let out = SharedBuffer::new();
        let mut engine = DiagEngine::with_writer(config, Box::new(out.clone()));
        engine.set_cwd("/tmp/dx/cases");
        engine.set_source_map(Arc::new(SourceMap::new("x.ii", text.as_bytes())));
        Tu { text, engine, out }
    }

    fn numbered(text: &'static str) -> Tu {
        Tu::new(
            text,
            DiagConfig {
                display_error_number: true,
                ..DiagConfig::default()
            },
        )
    }

    /// The offset of the `nth` (0-based) occurrence of `needle`.
    fn at(&self, needle: &str, nth: usize) -> Offset {
        self.text
            .match_indices(needle)
            .nth(nth)
            .unwrap_or_else(|| panic!("{needle:?} #{nth} not in the text"))
            .0 as Offset
    }

    fn finish(mut self) -> (String, i32) {
        let status = self.engine.finish();
        (self.out.text(), status)
    }
}

const D1: &str = "# 1 \"d1.cu\"
__attribute__((device)) int dvar;
__attribute__((global)) int kret() { return 0; }
void h() { dvar = 1; int y = dvar; (void)y; }
int q(int a) { if (a) return 1; }
void w() { int x; int z = x; (void)z; }
void e() { undefined_x = 1; }
";

/// What cudafe++ reports for D1, in its order.
fn d1_diagnostics(tu: &mut Tu) {
    let (global, write, read) = (tu.at("global", 0), tu.at("dvar = 1", 0), tu.at("dvar;", 1));
    let (ret, used, undef) = (
        tu.at("1; }", 0) + 3,
        tu.at("x;", 1),
        tu.at("undefined_x", 0),
    );
    let e = &mut tu.engine;
    e.diag(ids::GLOBAL_FUNCTION_RETURN_TYPE, global).emit();
    e.diag(ids::DEVICE_VAR_WRITTEN_IN_HOST, write)
        .arg_str("__device__")
        .arg_entity("variable \"dvar\"")
        .emit();
    e.diag(ids::DEVICE_VAR_READ_IN_HOST, read)
        .arg_str("__device__")
        .arg_entity("variable \"dvar\"")
        .emit();
    e.diag(ids::IMPLICIT_RETURN_FROM_NON_VOID_FUNCTION, ret)
        .arg_entity("function \"q\"")
        .emit();
    e.diag(ids::USED_BEFORE_SET, used)
        .arg_entity("variable \"x\"")
        .emit();
    e.diag(ids::UNDEFINED_IDENTIFIER, undef)
        .arg_str("undefined_x")
        .emit();
}

#[test]
fn text_format() {
    let mut tu = Tu::numbered(D1);
    tu.engine.set_primary_name("d1.cu");
    d1_diagnostics(&mut tu);
    let (text, status) = tu.finish();
    assert_eq!(
        text,
        r#"d1.cu(2): error: a __global__ function must have a void return type
  __attribute__((global)) int kret() { return 0; }
                 ^

d1.cu(3): warning #20092-D: a __device__ variable "dvar" cannot be directly written in a host function
  void h() { dvar = 1; int y = dvar; (void)y; }
             ^

Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"

d1.cu(3): warning #20091-D: a __device__ variable "dvar" cannot be directly read in a host function
  void h() { dvar = 1; int y = dvar; (void)y; }
                               ^

d1.cu(4): warning #940-D: missing return statement at end of non-void function "q"
  int q(int a) { if (a) return 1; }
                                  ^

d1.cu(5): warning #549-D: variable "x" is used before its value is set
  void w() { int x; int z = x; (void)z; }
                            ^

d1.cu(6): error: identifier "undefined_x" is undefined
  void e() { undefined_x = 1; }
             ^

2 errors detected in the compilation of "d1.cu".
"#
    );
    assert_eq!(status, 2);
}

#[test]
fn promoted_warnings_show_their_number() {
    let mut tu = Tu::new(
        D1,
        DiagConfig {
            display_error_number: true,
            promote_warnings: true,
            ..DiagConfig::default()
        },
    );
    tu.engine.set_primary_name("d1.cu");
    d1_diagnostics(&mut tu);
    let (text, status) = tu.finish();
    let firsts: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .collect();
    assert_eq!(
        firsts,
        [
            "d1.cu(2): error: a __global__ function must have a void return type",
            "d1.cu(3): error #20092-D: a __device__ variable \"dvar\" cannot be directly written in a host function",
            "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"",
            "d1.cu(3): error #20091-D: a __device__ variable \"dvar\" cannot be directly read in a host function",
            "d1.cu(4): error #940-D: missing return statement at end of non-void function \"q\"",
            "d1.cu(5): error #549-D: variable \"x\" is used before its value is set",
            "d1.cu(6): error: identifier \"undefined_x\" is undefined",
            "6 errors detected in the compilation of \"d1.cu\".",
        ]
    );
    assert_eq!(status, 2);
}

#[test]
fn no_numbers_no_hint() {
    let mut tu = Tu::new(D1, DiagConfig::default());
    d1_diagnostics(&mut tu);
    let (text, _) = tu.finish();
    assert!(text.contains("d1.cu(3): warning: a __device__ variable"));
    assert!(!text.contains("Remark:"));
    // Until the input's name is known, the summary has none.
    assert!(text.ends_with("\n2 errors detected in this compilation.\n"));
}

#[test]
fn command_line_severities() {
    // --diag_warning=20048 -w: the demoted error and every warning vanish.
    let mut tu = Tu::numbered(D1);
    tu.engine.config_mut().min_severity = Severity::DiscretionaryError;
    tu.engine
        .command_line_control(DiagId(20048 - 16543), Some(Level::Warning));
    tu.engine.set_primary_name("a.ii");
    d1_diagnostics(&mut tu);
    assert_eq!(
        tu.finish(),
        (
            r#"d1.cu(6): error: identifier "undefined_x" is undefined
  void e() { undefined_x = 1; }
             ^

1 error detected in the compilation of "a.ii".
"#
            .to_string(),
            2
        )
    );

    // --diag_error=20092 --diag_suppress=940 --diag_warning=20 (a hard error: no effect).
    let mut tu = Tu::numbered(D1);
    let e = &mut tu.engine;
    e.command_line_control(ids::DEVICE_VAR_WRITTEN_IN_HOST, Some(Level::Error));
    e.command_line_control(
        ids::IMPLICIT_RETURN_FROM_NON_VOID_FUNCTION,
        Some(Level::Suppress),
    );
    e.command_line_control(ids::UNDEFINED_IDENTIFIER, Some(Level::Warning));
    d1_diagnostics(&mut tu);
    let (text, status) = tu.finish();
    let firsts: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty())
        .collect();
    assert_eq!(
        firsts,
        [
            "d1.cu(2): error: a __global__ function must have a void return type",
            "d1.cu(3): error: a __device__ variable \"dvar\" cannot be directly written in a host function",
            "d1.cu(3): warning #20091-D: a __device__ variable \"dvar\" cannot be directly read in a host function",
            "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"",
            "d1.cu(5): warning #549-D: variable \"x\" is used before its value is set",
            "d1.cu(6): error: identifier \"undefined_x\" is undefined",
            "3 errors detected in this compilation.",
        ]
    );
    assert_eq!(status, 2);
}

#[test]
fn sarif() {
    let mut tu = Tu::new(
        D1,
        DiagConfig {
            display_error_number: true,
            output_mode: OutputMode::Sarif,
            ..DiagConfig::default()
        },
    );
    tu.engine.start();
    d1_diagnostics(&mut tu);
    let (text, status) = tu.finish();
    let loc = |line: u32, col: u32| {
        format!(
            r#""locations":[{{"physicalLocation":{{"artifactLocation":{{"uri":"file:///tmp/dx/cases/d1.cu"}},"region":{{"startLine":{line},"startColumn":{col}}}}}}}]"#
        )
    };
    let expected = [
        sarif::HEADER.to_string(),
        format!(
            r#"{{"ruleId":"EC3505","level":"error","message":{{"text":"a __global__ function must have a void return type"}},{}}}"#,
            loc(2, 16)
        ),
        format!(
            r#"{{"ruleId":"EC3549","level":"warning","message":{{"text":"a __device__ variable \"dvar\" cannot be directly written in a host function"}},{}}}"#,
            loc(3, 12)
        ),
        r#"{"ruleId":"EC3709","level":"remark","message":{"text":"The warnings can be suppressed with \"-diag-suppress <warning-number>\""}}"#.to_string(),
        format!(
            r#"{{"ruleId":"EC3548","level":"warning","message":{{"text":"a __device__ variable \"dvar\" cannot be directly read in a host function"}},{}}}"#,
            loc(3, 30)
        ),
        format!(
            r#"{{"ruleId":"EC940","level":"warning","message":{{"text":"missing return statement at end of non-void function \"q\""}},{}}}"#,
            loc(4, 33)
        ),
        format!(
            r#"{{"ruleId":"EC549","level":"warning","message":{{"text":"variable \"x\" is used before its value is set"}},{}}}"#,
            loc(5, 27)
        ),
        // The comma comes only once two errors have been counted.
        format!(
            r#",{{"ruleId":"EC20","level":"error","message":{{"text":"identifier \"undefined_x\" is undefined"}},{}}}"#,
            loc(6, 12)
        ),
        sarif::FOOTER.to_string(),
    ]
    .concat();
    assert_eq!(text, expected);
    assert_eq!(status, 2);
}

const CTX: &str = "# 1 \"ctx.cu\"
# 1 \"hdr.h\" 1
template <typename T> struct A { typename T::type x; };
int x = 1;
# 3 \"ctx.cu\" 2
A<int> a;
int x = 2;
struct P { virtual void f() = 0; };
void g() { P p; }
# 1 \"/usr/include/sys.h\" 1 3
__attribute__((device)) int dvar;
void h1() { dvar = 1; }
void h2() { undefined_q = 1; }
# 10 \"ctx.cu\" 2
constexpr int rec(int n) { return n == 0 ? 0 : 1 + rec(n - 1); }
constexpr int big = rec(300);
";

fn ctx_diagnostics(tu: &mut Tu) {
    let inst = tu.at("A<int>", 0);
    let class_a = "class \"A<T> [with T=int]\"";
    let instantiation = format!("instantiation of {class_a}");
    let (qual, colons, semi) = (tu.at("T::type", 0), tu.at("::type", 0), tu.at("x; };", 0));
    let (x2, x1, p) = (tu.at("x = 2", 0), tu.at("x = 1", 0), tu.at("p; }", 0));
    let (dvar, undef, rec) = (
        tu.at("dvar = 1", 0),
        tu.at("undefined_q", 0),
        tu.at("rec(300)", 0),
    );
    let e = &mut tu.engine;
    for (id, at) in [
        (ids::QUALIFIED_NAME_REQUIRED, qual),
        (ids::GLOBAL_QUALIFIER_NOT_ALLOWED, colons),
        (ids::EXP_SEMICOLON, semi),
    ] {
        e.diag(id, at).context(&instantiation, Some(inst)).emit();
    }
    e.diag(ids::ALREADY_DEFINED_WITH_POS, x2)
        .arg_entity("variable \"x\"")
        .arg_pos(x1)
        .emit();
    e.diag(ids::ABSTRACT_CLASS_OBJECT_NOT_ALLOWED, p)
        .arg_type("\"P\"")
        .detail("function \"P::f\" is a pure virtual function")
        .emit();
    // In a system header: the warning is dropped, the hard error is not.
    e.diag(ids::DEVICE_VAR_WRITTEN_IN_HOST, dvar)
        .arg_str("__device__")
        .arg_entity("variable \"dvar\"")
        .emit();
    e.diag(ids::UNDEFINED_IDENTIFIER, undef)
        .arg_str("undefined_q")
        .emit();
    e.emit(
        Diagnostic::new(ids::EXPR_NOT_CONSTANT, rec)
            .note(Diagnostic::new(ids::EXCESSIVE_CONSTEXPR_COMPLEXITY, rec)),
    );
}

#[test]
fn contexts_details_notes_and_system_headers() {
    let mut tu = Tu::numbered(CTX);
    tu.engine.set_primary_name("b.ii");
    ctx_diagnostics(&mut tu);
    let (text, status) = tu.finish();
    assert_eq!(
        text,
        r#"hdr.h(1): error: a class or namespace qualified name is required
  template <typename T> struct A { typename T::type x; };
                                            ^
          detected during instantiation of class "A<T> [with T=int]" at line 3 of ctx.cu

hdr.h(1): error: global-scope qualifier (leading "::") is not allowed
  template <typename T> struct A { typename T::type x; };
                                             ^
          detected during instantiation of class "A<T> [with T=int]" at line 3 of ctx.cu

hdr.h(1): error: expected a ";"
  template <typename T> struct A { typename T::type x; };
                                                    ^
          detected during instantiation of class "A<T> [with T=int]" at line 3 of ctx.cu

ctx.cu(4): error: variable "x" has already been defined (previous definition at line 2 of hdr.h)
  int x = 2;
      ^

ctx.cu(6): error: object of abstract class type "P" is not allowed:
            function "P::f" is a pure virtual function
  void g() { P p; }
               ^

/usr/include/sys.h(3): error: identifier "undefined_q" is undefined
  void h2() { undefined_q = 1; }
              ^

ctx.cu(11): error: expression must have a constant value
  constexpr int big = rec(300);
                      ^
ctx.cu(11): note #2431-D: expression not folded to a constant due to excessive constexpr function call complexity
  constexpr int big = rec(300);
                      ^

7 errors detected in the compilation of "b.ii".
"#
    );
    assert_eq!(status, 2);
}

#[test]
fn brief_diagnostics() {
    let mut tu = Tu::new(
        CTX,
        DiagConfig {
            display_error_number: true,
            brief: true,
            ..DiagConfig::default()
        },
    );
    tu.engine.set_primary_name("b.ii");
    ctx_diagnostics(&mut tu);
    let (text, _) = tu.finish();
    assert_eq!(
        text,
        r#"hdr.h(1): error: a class or namespace qualified name is required
          detected during instantiation of class "A<T> [with T=int]" at line 3 of ctx.cu
hdr.h(1): error: global-scope qualifier (leading "::") is not allowed
          detected during instantiation of class "A<T> [with T=int]" at line 3 of ctx.cu
hdr.h(1): error: expected a ";"
          detected during instantiation of class "A<T> [with T=int]" at line 3 of ctx.cu
ctx.cu(4): error: variable "x" has already been defined (previous definition at line 2 of hdr.h)
ctx.cu(6): error: object of abstract class type "P" is not allowed:
            function "P::f" is a pure virtual function
/usr/include/sys.h(3): error: identifier "undefined_q" is undefined
ctx.cu(11): error: expression must have a constant value
ctx.cu(11): note #2431-D: expression not folded to a constant due to excessive constexpr function call complexity
7 errors detected in the compilation of "b.ii".
"#
    );
}

#[test]
fn sarif_notes_are_related_locations() {
    let mut tu = Tu::new(
        CTX,
        DiagConfig {
            output_mode: OutputMode::Sarif,
            ..DiagConfig::default()
        },
    );
    tu.engine.start();
    ctx_diagnostics(&mut tu);
    let (text, _) = tu.finish();
    assert!(text.ends_with(
        r#",{"ruleId":"EC28","level":"error","message":{"text":"expression must have a constant value"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"file:///tmp/dx/cases/ctx.cu"},"region":{"startLine":11,"startColumn":21}}}],"relatedLocations":[{"message":{"text":"expression not folded to a constant due to excessive constexpr function call complexity"},"physicalLocation":{"artifactLocation":{"uri":"file:///tmp/dx/cases/ctx.cu"},"region":{"startLine":11,"startColumn":21}}}]}]}]}
"#
    ));
    // Details and contexts are not part of SARIF; the system header URI is absolute.
    assert!(text.contains(r#"{"text":"object of abstract class type \"P\" is not allowed:"}"#));
    assert!(text.contains(
        r#""uri":"file:///usr/include/sys.h"},"region":{"startLine":3,"startColumn":13}"#
    ));
    assert!(!text.contains("detected during"));
}

#[test]
fn several_contexts() {
    let text = "# 1 \"tp2.cu\"
template <typename T> struct A { typename T::type x; };
template <typename T> struct B { A<T> a; };
B<int> b;
";
    let mut tu = Tu::numbered(text);
    let (a, b, qual) = (tu.at("A<T> a", 0), tu.at("B<int>", 0), tu.at("T::type", 0));
    tu.engine
        .diag(ids::QUALIFIED_NAME_REQUIRED, qual)
        .context("instantiation of class \"A<T> [with T=int]\"", Some(a))
        .context("instantiation of class \"B<T> [with T=int]\"", Some(b))
        .emit();
    let (out, _) = tu.finish();
    assert_eq!(
        out,
        r#"tp2.cu(1): error: a class or namespace qualified name is required
  template <typename T> struct A { typename T::type x; };
                                            ^
          detected during:
            instantiation of class "A<T> [with T=int]" at line 2
            instantiation of class "B<T> [with T=int]" at line 3

1 error detected in this compilation.
"#
    );
}

const TABS: &str = "# 1 \"tab.cu\"\n\
__attribute__((device)) int dvar;\n\
\tvoid h1() {\tdvar = 1; }\n\
/* \u{e9}\u{e9} */ void h2() { dvar = 1; }\n\
/* \u{20ac} */\tvoid h3() { dvar = 1; }\n\
\x20\x20\t \t void h4() { dvar = 1; }\r\n";

#[test]
fn carets_keep_tabs_and_count_characters() {
    let mut tu = Tu::numbered(TABS);
    for i in 0..4 {
        let at = tu.at("dvar = 1", i);
        tu.engine
            .diag(ids::DEVICE_VAR_WRITTEN_IN_HOST, at)
            .arg_str("__device__")
            .arg_entity("variable \"dvar\"")
            .emit();
    }
    let (text, status) = tu.finish();
    let w = "warning #20092-D: a __device__ variable \"dvar\" cannot be directly written in a host function";
    assert_eq!(
        text,
        format!(
            "tab.cu(2): {w}\n  \tvoid h1() {{\tdvar = 1; }}\n  \t           \t^\n\n\
             Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n\n\
             tab.cu(3): {w}\n  /* \u{e9}\u{e9} */ void h2() {{ dvar = 1; }}\n                       ^\n\n\
             tab.cu(4): {w}\n  /* \u{20ac} */\tvoid h3() {{ dvar = 1; }}\n         \t            ^\n\n\
             tab.cu(5): {w}\n    \t \t void h4() {{ dvar = 1; }}\n    \t \t             ^\n\n"
        )
    );
    assert_eq!(status, 0);
}

#[test]
fn sarif_columns_count_characters() {
    let mut tu = Tu::new(
        TABS,
        DiagConfig {
            output_mode: OutputMode::Sarif,
            ..DiagConfig::default()
        },
    );
    tu.engine.start();
    for i in 0..4 {
        let at = tu.at("dvar = 1", i);
        tu.engine
            .diag(ids::DEVICE_VAR_WRITTEN_IN_HOST, at)
            .arg_str("__device__")
            .arg_entity("variable \"dvar\"")
            .emit();
    }
    let (text, _) = tu.finish();
    let columns: Vec<&str> = text
        .match_indices("\"startColumn\":")
        .map(|(i, _)| &text[i + 14..i + 16])
        .collect();
    assert_eq!(columns, ["14", "22", "21", "19"]);
    // Warnings only: no commas between results.
    assert!(!text.contains("},{\"ruleId\""));
}

const PRAGMAS: &str = "# 1 \"p6.cu\"
__attribute__((device)) int dvar;
void h1() { dvar = 1; }
#pragma nv_diag_warning 20092
void h2() { dvar = 1; }
#pragma nv_diag_default 20092
void h3() { dvar = 1; }
#pragma nv_diag_remark 20092
void h4() { dvar = 1; }
#pragma nv_diagnostic push
#pragma nv_diag_warning 20091
#pragma nv_diagnostic pop
void h5() { int y = dvar; }
";

/// Plays PRAGMAS through the engine as a parser would: each pragma when it is met, each
/// diagnostic at its place.
fn run_pragmas(tu: &mut Tu) {
    let text = tu.text;
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let o = offset as Offset;
        offset += line.len();
        let line = line.trim_end_matches('\n');
        if let Some(rest) = line.strip_prefix("#pragma ") {
            let name_end = rest.find(' ').unwrap_or(rest.len());
            let kind = DiagPragma::from_name(&rest.as_bytes()[..name_end]).unwrap();
            let args_at = o + 8 + name_end as Offset;
            pragma::apply(
                &mut tu.engine,
                kind,
                o,
                &rest.as_bytes()[name_end..],
                args_at,
            );
        } else if let Some(i) = line.find("dvar = 1") {
            tu.engine
                .diag(ids::DEVICE_VAR_WRITTEN_IN_HOST, o + i as Offset)
                .arg_str("__device__")
                .arg_entity("variable \"dvar\"")
                .emit();
        } else if let Some(i) = line.find("= dvar") {
            tu.engine
                .diag(ids::DEVICE_VAR_READ_IN_HOST, o + i as Offset + 2)
                .arg_str("__device__")
                .arg_entity("variable \"dvar\"")
                .emit();
        }
    }
}

fn first_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with(' '))
        .collect()
}

#[test]
fn pragma_scoping() {
    let w = |n| {
        format!(
            "p6.cu({n}): warning #20092-D: a __device__ variable \"dvar\" cannot be directly written in a host function"
        )
    };
    let read = "p6.cu(12): warning #20091-D: a __device__ variable \"dvar\" cannot be directly read in a host function";
    let hint = "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"";

    let mut tu = Tu::numbered(PRAGMAS);
    run_pragmas(&mut tu);
    let (text, status) = tu.finish();
    assert_eq!(
        first_lines(&text),
        [w(2).as_str(), hint, &w(4), &w(6), read]
    );
    assert_eq!(status, 0);

    // -w: nothing, not even what a pragma made a warning.
    let mut tu = Tu::numbered(PRAGMAS);
    tu.engine.config_mut().min_severity = Severity::DiscretionaryError;
    run_pragmas(&mut tu);
    assert_eq!(tu.finish(), (String::new(), 0));

    // --remarks: the pragma's remark shows.
    let mut tu = Tu::numbered(PRAGMAS);
    tu.engine.config_mut().min_severity = Severity::Remark;
    run_pragmas(&mut tu);
    let (text, _) = tu.finish();
    let remark = "p6.cu(8): remark #20092-D: a __device__ variable \"dvar\" cannot be directly written in a host function";
    assert_eq!(
        first_lines(&text),
        [w(2).as_str(), hint, &w(4), &w(6), remark, read]
    );

    // --diag_remark=20092 --remarks: nv_diag_default goes back to the command line's remark.
    let mut tu = Tu::numbered(PRAGMAS);
    tu.engine.config_mut().min_severity = Severity::Remark;
    tu.engine
        .command_line_control(ids::DEVICE_VAR_WRITTEN_IN_HOST, Some(Level::Remark));
    run_pragmas(&mut tu);
    let (text, _) = tu.finish();
    let r = |n| {
        format!(
            "p6.cu({n}): remark #20092-D: a __device__ variable \"dvar\" cannot be directly written in a host function"
        )
    };
    assert_eq!(
        first_lines(&text),
        [r(2).as_str(), &w(4), hint, &r(6), &r(8), read]
    );
}

#[test]
fn once() {
    // #pragma nv_diag_once is sticky and counts earlier showings; hidden and suppressed
    // occurrences do not count.
    let text = "# 1 \"p5.cu\"
__attribute__((device)) int dvar;
#pragma nv_diag_suppress 20092
void h1() { dvar = 1; }
#pragma nv_diag_once 20092
void h2() { dvar = 1; }
#pragma nv_diag_warning 20092
void h3() { dvar = 1; }
void h4() { dvar = 1; }
#pragma nv_diagnostic push
#pragma nv_diag_default 20092
#pragma nv_diagnostic pop
void h5() { dvar = 1; }
";
    let mut tu = Tu::numbered(text);
    run_pragmas(&mut tu);
    let (out, _) = tu.finish();
    assert_eq!(
        first_lines(&out),
        [
            "p5.cu(7): warning #20092-D: a __device__ variable \"dvar\" cannot be directly written in a host function",
            "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"",
        ]
    );

    // --diag_once=20092 with the command line's error: once applies to it too.
    let mut tu = Tu::numbered(D1);
    tu.engine
        .command_line_control(ids::DEVICE_VAR_WRITTEN_IN_HOST, None);
    tu.engine
        .command_line_control(ids::DEVICE_VAR_WRITTEN_IN_HOST, Some(Level::Error));
    let at = tu.at("dvar = 1", 0);
    for _ in 0..3 {
        tu.engine
            .diag(ids::DEVICE_VAR_WRITTEN_IN_HOST, at)
            .arg_str("__device__")
            .arg_entity("variable \"dvar\"")
            .emit();
    }
    assert_eq!(tu.engine.counts().errors, 1);
}

#[test]
fn pragma_argument_errors() {
    let text = "# 1 \"p1.cu\"
#pragma nv_diag_suppress bogus_tag
#pragma nv_diag_suppress 99999
#pragma nv_diag_suppress 549 junk
#pragma nv_diagnostic bogus
#pragma nv_diagnostic pop
#pragma nv_diag_suppress (20092)
#pragma nv_diag_suppress 20091, used_before_set
";
    let mut tu = Tu::numbered(text);
    let mut offset = 0usize;
    for line in text.split_inclusive('\n') {
        let o = offset as Offset;
        offset += line.len();
        if let Some(rest) = line.trim_end().strip_prefix("#pragma ") {
            let name_end = rest.find(' ').unwrap_or(rest.len());
            let kind = DiagPragma::from_name(&rest.as_bytes()[..name_end]).unwrap();
            pragma::apply(
                &mut tu.engine,
                kind,
                o,
                &rest.as_bytes()[name_end..],
                o + 8 + name_end as Offset,
            );
        }
    }
    let used = tu.text.len() as Offset;
    tu.engine
        .diag(ids::USED_BEFORE_SET, used - 1)
        .arg_entity("variable \"x\"")
        .emit();
    tu.engine
        .diag(ids::DEVICE_VAR_READ_IN_HOST, used - 1)
        .emit();
    let (out, _) = tu.finish();
    assert_eq!(
        out,
        r#"p1.cu(1): warning #1223-D: invalid error tag
  #pragma nv_diag_suppress bogus_tag
                           ^

Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"

p1.cu(2): warning #1222-D: invalid error number
  #pragma nv_diag_suppress 99999
                           ^

p1.cu(3): warning #253-D: expected a ","
  #pragma nv_diag_suppress 549 junk
                               ^

p1.cu(4): warning #3184-D: #pragma diagnostic must have either 'push' or 'pop' argument
  #pragma nv_diagnostic bogus
                        ^

p1.cu(5): warning #3185-D: no '#pragma diagnostic push' was found to match this 'diagnostic pop'
  #pragma nv_diagnostic pop
                           ^

p1.cu(6): warning #1224-D: expected an error number or error tag
  #pragma nv_diag_suppress (20092)
                           ^

p1.cu(6): warning #253-D: expected a ","
  #pragma nv_diag_suppress (20092)
                            ^

"#
    );
}

#[test]
fn fatal_errors() {
    // A catastrophe stops everything; the summary counts errors before it.
    let text = "# 1 \"inc.cu\"\nvoid g() { u = 1; }\n#include \"nofile.h\"\nint b;\n";
    let mut tu = Tu::numbered(text);
    tu.engine.set_primary_name("inc.ii");
    let (u, end) = (tu.at("u =", 0), tu.at("\nint b", 0));
    tu.engine
        .diag(ids::UNDEFINED_IDENTIFIER, u)
        .arg_str("u")
        .emit();
    tu.engine
        .diag(ids::CANNOT_OPEN_FILE, end)
        .arg_str("source")
        .arg_str("nofile.h")
        .emit();
    assert_eq!(tu.engine.stopped(), Some(Stop::Catastrophe));
    tu.engine
        .diag(ids::UNDEFINED_IDENTIFIER, u)
        .arg_str("u")
        .emit();
    assert_eq!(
        tu.finish(),
        (
            r#"inc.cu(1): error: identifier "u" is undefined
  void g() { u = 1; }
             ^

inc.cu(2): catastrophic error: cannot open source file "nofile.h"
  #include "nofile.h"
                     ^

1 error and 1 catastrophic error detected in the compilation of "inc.ii".
Compilation terminated.
"#
            .to_string(),
            4
        )
    );

    // An internal error: `Compilation aborted.`, status 134.
    let text = "# 1 \"np.cu\"\n__attribute__((global)) void k() {}\nvoid h() { k<<<1,1>>>(); }\n";
    let mut tu = Tu::numbered(text);
    tu.engine.set_primary_name("np.ii");
    let at = tu.at("1,1", 0);
    tu.engine.diag(ids::MISSING_PUSHCALLCONFIG, at).emit();
    assert_eq!(
        tu.finish(),
        (
            r#"np.cu(2): internal error: unable to find __cudaPushCallConfiguration declaration. CUDA toolkit installation may be corrupt.
  void h() { k<<<1,1>>>(); }
                 ^

1 catastrophic error detected in the compilation of "np.ii".
Compilation aborted.
"#
            .to_string(),
            134
        )
    );
}

#[test]
fn positionless_and_line_only() {
    let text = "# 1 \"q.cu\"\nint a;\n";
    let mut tu = Tu::new(text, DiagConfig::default());
    tu.engine.set_primary_name("q.ii");
    tu.engine
        .diag(ids::CANNOT_OPEN_FILE, Location::LineOf(tu.at("int", 0)))
        .arg_str("module id")
        .arg_str("/nonexistent/m")
        .emit();
    assert_eq!(
        tu.finish().0,
        "q.cu(1): catastrophic error: cannot open module id file \"/nonexistent/m\"\n\n\
         1 catastrophic error detected in the compilation of \"q.ii\".\nCompilation terminated.\n"
    );

    let mut tu = Tu::new(text, DiagConfig::default());
    tu.engine
        .diag(ids::CANNOT_OPEN_FILE, Location::EndOfSource)
        .arg_str("module id")
        .arg_str("/nonexistent/m")
        .emit();
    assert!(tu.finish().0.starts_with(
        "At end of source: catastrophic error: cannot open module id file \"/nonexistent/m\"\n\n"
    ));

    let mut tu = Tu::new(
        text,
        DiagConfig {
            output_mode: OutputMode::Sarif,
            ..DiagConfig::default()
        },
    );
    tu.engine.start();
    tu.engine
        .diag(ids::CANNOT_OPEN_FILE, Location::LineOf(0))
        .arg_str("module id")
        .arg_str("/nonexistent/m")
        .emit();
    assert!(tu.finish().0.ends_with(
        r#""uri":"file:///tmp/dx/cases/x.ii"},"region":{"startLine":1}}}]}]}]}
"#
    ));
}

#[test]
fn error_limit() {
    let text = "# 1 \"el.cu\"\nvoid f() { u1 = 1; u2 = 2; u3 = 3; u4 = 4; }\n";
    let mut tu = Tu::new(
        text,
        DiagConfig {
            error_limit: 2,
            ..DiagConfig::default()
        },
    );
    tu.engine.set_primary_name("el.ii");
    for name in ["u1", "u2", "u3", "u4"] {
        let at = tu.at(name, 0);
        tu.engine
            .diag(ids::UNDEFINED_IDENTIFIER, at)
            .arg_str(name)
            .emit();
    }
    assert_eq!(
        tu.finish(),
        (
            r#"el.cu(1): error: identifier "u1" is undefined
  void f() { u1 = 1; u2 = 2; u3 = 3; u4 = 4; }
             ^

el.cu(1): error: identifier "u2" is undefined
  void f() { u1 = 1; u2 = 2; u3 = 3; u4 = 4; }
                     ^

Error limit reached.
2 errors detected in the compilation of "el.ii".
Compilation terminated.
"#
            .to_string(),
            4
        )
    );
}

#[test]
fn command_line_errors() {
    let mut tu = Tu::new("", DiagConfig::default());
    tu.engine
        .diag(ids::CL_AMBIGUOUS_OPTION, Location::None)
        .arg_str("diag")
        .detail("--diag_suppress")
        .detail("--diag_once")
        .emit();
    assert_eq!(
        tu.finish(),
        (
            "Command-line error: more than one command line option matches the abbreviation \"--diag\":\n\
             \x20           --diag_suppress\n\
             \x20           --diag_once\n\n\
             1 catastrophic error detected in this compilation.\nCompilation terminated.\n"
                .to_string(),
            4
        )
    );

    // In SARIF mode cudafe++ fails an assertion writing it.
    let mut tu = Tu::new(
        "",
        DiagConfig {
            output_mode: OutputMode::Sarif,
            ..DiagConfig::default()
        },
    );
    tu.engine
        .diag(ids::CL_INVALID_OPTION, Location::None)
        .arg_str("--bogus")
        .emit();
    assert_eq!(
        tu.finish(),
        (
            ",{\"ruleId\":\"EC2656\",\"level\":\"internal_error\",\"message\":{\"text\":\"assertion failed: determine_severity_code: bad severity (error.c, line 4886 in write_sarif_level)\n\"}}]}]}\n"
                .to_string(),
            134
        )
    );
}

#[test]
fn notes_with_a_changed_severity() {
    let text = "# 1 \"nt.cu\"\nconstexpr int big = rec(300);\n";
    let build = |tu: &Tu| {
        let at = tu.at("rec(300)", 0);
        Diagnostic::new(ids::EXPR_NOT_CONSTANT, at)
            .note(Diagnostic::new(ids::EXCESSIVE_CONSTEXPR_COMPLEXITY, at))
    };
    // --diag_warning=2431: the pair is printed twice, counted once.
    let mut tu = Tu::numbered(text);
    tu.engine
        .command_line_control(ids::EXCESSIVE_CONSTEXPR_COMPLEXITY, Some(Level::Warning));
    let d = build(&tu);
    tu.engine.emit(d);
    let (out, _) = tu.finish();
    let block = "nt.cu(1): error: expression must have a constant value\n  constexpr int big = rec(300);\n                      ^\n\
                 nt.cu(1): warning #2431-D: expression not folded to a constant due to excessive constexpr function call complexity\n  constexpr int big = rec(300);\n                      ^\n\n";
    assert_eq!(
        out,
        format!("{block}{block}1 error detected in this compilation.\n")
    );

    // --diag_suppress=2431: cudafe++ asserts.
    let mut tu = Tu::numbered(text);
    tu.engine
        .command_line_control(ids::EXCESSIVE_CONSTEXPR_COMPLEXITY, Some(Level::Suppress));
    let d = build(&tu);
    tu.engine.emit(d);
    assert_eq!(
        tu.finish(),
        (
            "nt.cu(1): internal error: assertion failed: determine_severity_code: bad severity (error.c, line 3153 in determine_severity_code)\n\n  constexpr int big = rec(300);\n                      ^\n\n\
             1 error and 1 catastrophic error detected in this compilation.\nCompilation aborted.\n"
                .to_string(),
            134
        )
    );
}

#[test]
fn wrapping() {
    let text = "# 1 \"d3.cu\"\nstruct F { friend __attribute__((global)) void fk() {} };\n";
    let mut tu = Tu::new(
        text,
        DiagConfig {
            wrap: true,
            ..DiagConfig::default()
        },
    );
    let at = tu.at("global", 0);
    tu.engine.diag(ids::GLOBAL_FRIEND_DEFINITION, at).emit();
    let (out, _) = tu.finish();
    assert!(out.starts_with(
        "d3.cu(1): error: A __global__ function or function template cannot be defined\n          in a friend declaration\n  struct F"
    ));
}

#[test]
fn catalogue_lookups() {
    assert_eq!(catalogue::by_tag("used_before_set"), Some(DiagId(549)));
    assert_eq!(catalogue::by_tag("USED_BEFORE_SET"), None);
    assert_eq!(ids::DEVICE_VAR_READ_IN_HOST.display_number(), 20091);
    assert_eq!(ids::USED_BEFORE_SET.display_number(), 549);
    assert_eq!(ids::USED_BEFORE_SET.tag(), "used_before_set");
    assert_eq!(
        ids::UNDEFINED_IDENTIFIER.text(),
        "identifier %sq is undefined"
    );
    assert_eq!(resolve_control_item("20091"), Ok(DiagId(3548)));
    assert_eq!(resolve_control_item("3548"), Ok(DiagId(3548)));
    assert_eq!(resolve_control_item("020092"), Ok(DiagId(3549)));
    assert_eq!(resolve_control_item("4294987296"), Ok(DiagId(3457)));
    assert_eq!(resolve_control_item("3461"), Ok(DiagId(3461)));
    assert_eq!(resolve_control_item("d_h_illegal_call"), Ok(DiagId(3464)));
    for bad in ["0", "3795", "19999", "20338", "4294967296", "2147503648"] {
        assert_eq!(
            resolve_control_item(bad),
            Err(ControlItemError::InvalidErrorNumber),
            "{bad}"
        );
    }
    for bad in ["0x10", "549x", "9223372036854775808"] {
        assert_eq!(
            resolve_control_item(bad),
            Err(ControlItemError::InvalidNumber),
            "{bad}"
        );
    }
    for bad in ["-1", "+5", "D_H_ILLEGAL_CALL", ""] {
        assert_eq!(
            resolve_control_item(bad),
            Err(ControlItemError::InvalidTag),
            "{bad}"
        );
    }
    // Every CUDA diagnostic is in the catalogue, with its display number.
    let cuda = catalogue::entries()
        .iter()
        .filter(|e| e.number >= 3457)
        .count();
    assert_eq!(cuda, 323);
    assert_eq!(catalogue::entries().len(), 3552);
}

#[test]
fn colors() {
    let palette = || Some(Palette::parse(color::DEFAULT_SPEC));
    let mut tu = Tu::new(
        CTX,
        DiagConfig {
            display_error_number: true,
            colors: palette(),
            ..DiagConfig::default()
        },
    );
    ctx_diagnostics(&mut tu);
    let (text, _) = tu.finish();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "\x1b[01m\x1b[0m\x1b[01mhdr.h(1)\x1b[0m: \x1b[01;31merror\x1b[0m: a class or namespace qualified name is required"
    );
    assert_eq!(
        lines[3],
        "          detected during instantiation of class \x1b[01m\"A<T> [with T=int]\"\x1b[0m \x1b[32mat line 3 of ctx.cu\x1b[0m"
    );
    for expected in [
        "\x1b[01m\x1b[0m\x1b[01mctx.cu(4)\x1b[0m: \x1b[01;31merror\x1b[0m: variable \x1b[01m\"x\"\x1b[0m has already been defined (previous definition \x1b[32mat line 2 of hdr.h\x1b[0m)",
        "\x1b[01m\x1b[0m\x1b[01mctx.cu(6)\x1b[0m: \x1b[01;31merror\x1b[0m: object of abstract class type \"P\" is not allowed:",
        "            function \x1b[01m\"P::f\"\x1b[0m is a pure virtual function",
        "\x1b[01m\x1b[0m\x1b[01m/usr/include/sys.h(3)\x1b[0m: \x1b[01;31merror\x1b[0m: identifier \"\x1b[01mundefined_q\x1b[0m\" is undefined",
        "\x1b[01m\x1b[0m\x1b[01mctx.cu(11)\x1b[0m: \x1b[01;36mnote\x1b[0m #2431-D: expression not folded to a constant due to excessive constexpr function call complexity",
        "7 errors detected in this compilation.",
    ] {
        assert!(lines.contains(&expected), "missing {expected:?} in\n{text}");
    }

    let mut tu = Tu::new(
        D1,
        DiagConfig {
            display_error_number: true,
            colors: palette(),
            ..DiagConfig::default()
        },
    );
    d1_diagnostics(&mut tu);
    let (text, _) = tu.finish();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[4],
        "\x1b[01m\x1b[0m\x1b[01md1.cu(3)\x1b[0m: \x1b[01;35mwarning\x1b[0m #20092-D: a __device__ variable \x1b[01m\"dvar\"\x1b[0m cannot be directly written in a host function"
    );
    assert_eq!(
        lines[8],
        "\x1b[01;36m\x1b[0m\x1b[01;36mRemark\x1b[0m: The warnings can be suppressed with \"-diag-suppress <warning-number>\""
    );
}

#[test]
fn standard_input_has_no_name() {
    let out = SharedBuffer::new();
    let mut engine = DiagEngine::with_writer(DiagConfig::default(), Box::new(out.clone()));
    engine.set_source_map(Arc::new(SourceMap::new("-", &b"void f(){u=1;}\n"[..])));
    engine
        .diag(ids::UNDEFINED_IDENTIFIER, 9)
        .arg_str("u")
        .emit();
    engine.finish();
    assert_eq!(
        out.text(),
        "Line 1: error: identifier \"u\" is undefined\n  void f(){u=1;}\n           ^\n\n1 error detected in this compilation.\n"
    );
}

#[test]
fn enabled() {
    let mut tu = Tu::numbered(CTX);
    let (dvar, x2) = (tu.at("dvar = 1", 0), tu.at("x = 2", 0));
    assert!(tu.engine.enabled(ids::DEVICE_VAR_WRITTEN_IN_HOST, x2));
    assert!(
        !tu.engine.enabled(ids::DEVICE_VAR_WRITTEN_IN_HOST, dvar),
        "system header"
    );
    assert!(tu.engine.enabled(ids::UNDEFINED_IDENTIFIER, dvar));
    assert!(
        !tu.engine.enabled(ids::DECLARED_BUT_NOT_REFERENCED, x2),
        "a remark"
    );
    assert!(
        !tu.engine.enabled(ids::DEFAULT_STREAM_LAUNCH, x2),
        "off by default"
    );
    tu.engine
        .command_line_control(ids::DEFAULT_STREAM_LAUNCH, Some(Level::Warning));
    assert!(tu.engine.enabled(ids::DEFAULT_STREAM_LAUNCH, x2));
}
