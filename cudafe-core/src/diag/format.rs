//! Filling in a message template: `identifier %sq is undefined` + `x` →
//! `identifier "x" is undefined`.
//!
//! Fill-ins come in kinds, each numbered on its own from 1; a fill-in without a number is
//! number 1 of its kind (`a %s variable(%no1) redeclared without %s` uses the first string
//! twice):
//!
//! | fill-in | kind | rendered |
//! |---|---|---|
//! | `%s`, `%sN` | string | as given |
//! | `%sq`, `%sqN` | string | in double quotes |
//! | `%n`, `%nd`, `%no`, `%nf`, `%nt`, `%na`, `%np`, `%nT`… + `N` | entity | as given (the caller renders `function "B::f"`, `"r8"`, …) |
//! | `%t`, `%T` + `N` | type | as given |
//! | `%p` + `N` | position | `at line 7`, or `at line 7 of other.h` in another file |
//! | `%d`, `%u`, `%r` + `N` | number | decimal |
//! | `%%` | | `%` |
//! | `%[word]` | | `word` (the C++/CLI dialect words) |

use super::color::{Category, Palette};
use crate::source_map::Offset;

/// A fill-in value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// `%s`, `%sq`.
    Str(Vec<u8>),
    /// `%n` and its variants, rendered by the caller.
    Entity(Vec<u8>),
    /// `%t`, `%T`, rendered by the caller.
    Type(Vec<u8>),
    /// `%p`.
    Pos(PosArg),
    /// `%d`, `%u`.
    Int(i64),
}

/// What a `%p` refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PosArg {
    At(Offset),
    EndOfSource,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Str,
    Entity,
    Type,
    Pos,
    Int,
}

fn kind_of(arg: &Arg) -> Kind {
    match arg {
        Arg::Str(_) => Kind::Str,
        Arg::Entity(_) => Kind::Entity,
        Arg::Type(_) => Kind::Type,
        Arg::Pos(_) => Kind::Pos,
        Arg::Int(_) => Kind::Int,
    }
}

/// The `index`-th (1-based) argument of a kind.
fn nth(args: &[Arg], kind: Kind, index: usize) -> Option<&Arg> {
    args.iter()
        .filter(|a| kind_of(a) == kind)
        .nth(index.saturating_sub(1))
}

/// Expands `template` with `args`; `pos` renders a `%p` (its text depends on where the
/// diagnostic itself is). A fill-in without a matching argument expands to nothing. With a
/// palette, quoted fill-ins and positions are colored (see [`super::color`]).
pub fn expand(
    template: &str,
    args: &[Arg],
    pos: &dyn Fn(PosArg) -> Vec<u8>,
    palette: Option<&Palette>,
) -> Vec<u8> {
    let t = template.as_bytes();
    let mut out = Vec::with_capacity(t.len() + 16);
    let mut i = 0;
    let number = |i: &mut usize| -> usize {
        let start = *i;
        while *i < t.len() && t[*i].is_ascii_digit() {
            *i += 1;
        }
        std::str::from_utf8(&t[start..*i])
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1)
    };
    while i < t.len() {
        if t[i] != b'%' || i + 1 == t.len() {
            out.push(t[i]);
            i += 1;
            continue;
        }
        i += 1;
        let spec = t[i];
        i += 1;
        match spec {
            b'%' => out.push(b'%'),
            b'[' => {
                let end = t[i..]
                    .iter()
                    .position(|&b| b == b']')
                    .map_or(t.len(), |p| i + p);
                out.extend_from_slice(&t[i..end]);
                i = (end + 1).min(t.len());
            }
            b's' => {
                let quoted = t.get(i) == Some(&b'q');
                if quoted {
                    i += 1;
                }
                let n = number(&mut i);
                if let Some(Arg::Str(s)) = nth(args, Kind::Str, n) {
                    match (quoted, palette) {
                        (false, _) => out.extend_from_slice(s),
                        (true, None) => {
                            out.push(b'"');
                            out.extend_from_slice(s);
                            out.push(b'"');
                        }
                        (true, Some(p)) => {
                            out.push(b'"');
                            p.paint(&mut out, Category::Quote, s);
                            out.push(b'"');
                        }
                    }
                }
            }
            b'n' => {
                let flags = i;
                while i < t.len() && b"adfoptT".contains(&t[i]) {
                    i += 1;
                }
                let declared = t[flags..i].contains(&b'd');
                let n = number(&mut i);
                if let Some(Arg::Entity(s)) = nth(args, Kind::Entity, n) {
                    match palette {
                        Some(p) => p.paint_quoted(&mut out, s),
                        None => out.extend_from_slice(s),
                    }
                }
                // `%nd`: the entity's declaration, when a position comes with it
                // (`"T" (declared at line 3)`).
                if declared && let Some(Arg::Pos(p)) = nth(args, Kind::Pos, n) {
                    out.extend_from_slice(b" (declared ");
                    match palette {
                        Some(palette) => palette.paint(&mut out, Category::Range1, &pos(*p)),
                        None => out.extend_from_slice(&pos(*p)),
                    }
                    out.push(b')');
                }
            }
            b't' | b'T' => {
                let n = number(&mut i);
                if let Some(Arg::Type(s)) = nth(args, Kind::Type, n) {
                    out.extend_from_slice(s);
                }
            }
            b'p' => {
                let n = number(&mut i);
                if let Some(Arg::Pos(p)) = nth(args, Kind::Pos, n) {
                    match palette {
                        Some(palette) => palette.paint(&mut out, Category::Range1, &pos(*p)),
                        None => out.extend_from_slice(&pos(*p)),
                    }
                }
            }
            b'd' | b'u' | b'r' => {
                let n = number(&mut i);
                if let Some(Arg::Int(v)) = nth(args, Kind::Int, n) {
                    out.extend_from_slice(v.to_string().as_bytes());
                }
            }
            other => {
                out.push(b'%');
                out.push(other);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(x: &str) -> Arg {
        Arg::Str(x.as_bytes().to_vec())
    }

    fn e(x: &str) -> Arg {
        Arg::Entity(x.as_bytes().to_vec())
    }

    fn run(template: &str, args: &[Arg]) -> String {
        let pos = |p: PosArg| match p {
            PosArg::At(o) => format!("at line {o}").into_bytes(),
            PosArg::EndOfSource => b"(at end of source)".to_vec(),
        };
        String::from_utf8(expand(template, args, &pos, None)).unwrap()
    }

    #[test]
    fn strings_and_quotes() {
        assert_eq!(
            run("identifier %sq is undefined", &[s("x")]),
            "identifier \"x\" is undefined"
        );
        assert_eq!(
            run(
                "cannot open %s file %sq2: %s3",
                &[s("source"), s("a.ii"), s("is a directory")]
            ),
            "cannot open source file \"a.ii\": is a directory"
        );
        assert_eq!(
            run(
                "calling a __device__ function(%sq1) from a __host__ function(%sq2) is not allowed",
                &[s("devf()"), s("hostcaller")]
            ),
            "calling a __device__ function(\"devf()\") from a __host__ function(\"hostcaller\") is not allowed"
        );
    }

    #[test]
    fn unnumbered_means_first() {
        assert_eq!(
            run(
                "a %s variable(%no1) redeclared without %s",
                &[s("__device__"), e("\"v\"")]
            ),
            "a __device__ variable(\"v\") redeclared without __device__"
        );
    }

    #[test]
    fn kinds_are_numbered_apart() {
        assert_eq!(
            run(
                "a %s1 %n1 cannot be directly read in a host function",
                &[s("__device__"), e("variable \"dvar\"")]
            ),
            "a __device__ variable \"dvar\" cannot be directly read in a host function"
        );
        assert_eq!(
            run(
                "a local type %t (defined in %sq1) used in global function %sq2 template argument",
                &[s("f"), Arg::Type(b"L".to_vec()), s("k")]
            ),
            "a local type L (defined in \"f\") used in global function \"k\" template argument"
        );
        assert_eq!(
            run(
                "%n has already been defined (previous definition %p)",
                &[e("variable \"x\""), Arg::Pos(PosArg::At(6))]
            ),
            "variable \"x\" has already been defined (previous definition at line 6)"
        );
        assert_eq!(run("%nd%s", &[e("f"), s("!")]), "f!");
        assert_eq!(
            run("%npTd, with reversed arguments", &[e("g")]),
            "g, with reversed arguments"
        );
    }

    #[test]
    fn literal_percent_and_brackets() {
        assert_eq!(
            run("'%%' must be followed by a digit", &[]),
            "'%' must be followed by a digit"
        );
        assert_eq!(
            run("invalid number of dimensions for %[cli::array] type", &[]),
            "invalid number of dimensions for cli::array type"
        );
        assert_eq!(
            run("[ %d instantiation contexts not shown ]", &[Arg::Int(12)]),
            "[ 12 instantiation contexts not shown ]"
        );
        assert_eq!(run("100%", &[]), "100%");
    }
}
