//! Colored diagnostics, as cudafe++ writes them to a terminal.
//!
//! cudafe++ colors its text diagnostics when stderr is a terminal, `TERM` is set and is not
//! `dumb`, `NOCOLOR` is not set and `--no_colors` was not given. The colors come from
//! `EDG_COLORS`, else `GCC_COLORS` (a set but empty variable counts), else
//! `error=01;31:warning=01;35:note=01;36:locus=01:quote=01:range1=32`.
//!
//! Every colored piece is `ESC[<spec>m<text>ESC[0m`; a category missing from the spec has no
//! start sequence but keeps the reset. What gets colored:
//!
//! * `locus`: the position, after an empty locus piece: `⟨⟩⟨x.cu(7)⟩: `;
//! * `error`/`warning`/`note`: the severity word (notes and remarks use `note`); a diagnostic
//!   without a position starts with an empty piece of that color: `⟨⟩⟨Remark⟩: `;
//! * `quote`: a `%sq` fill-in inside its quotes (`"⟨x⟩"`), and the quoted part of an entity
//!   fill-in, context line or detail line, quotes included (`variable ⟨"x"⟩`);
//! * `range1`: a `%p` fill-in and the position of a context line (`⟨at line 3 of a.cu⟩`).
//!
//! Command-line errors, source lines, carets and the summary are never colored.

use std::io::IsTerminal;

/// The start sequences of the color categories (`None`: not in the spec).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Palette {
    pub error: Option<String>,
    pub warning: Option<String>,
    pub note: Option<String>,
    pub locus: Option<String>,
    pub quote: Option<String>,
    pub range1: Option<String>,
}

/// The spec used when neither `EDG_COLORS` nor `GCC_COLORS` is set.
pub const DEFAULT_SPEC: &str = "error=01;31:warning=01;35:note=01;36:locus=01:quote=01:range1=32";

/// A color category.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Error,
    Warning,
    Note,
    Locus,
    Quote,
    Range1,
}

impl Palette {
    /// Parses `name=SGR:name=SGR...`; unknown names and items without `=` are ignored.
    pub fn parse(spec: &str) -> Palette {
        let mut p = Palette::default();
        for item in spec.split(':') {
            let Some((name, value)) = item.split_once('=') else {
                continue;
            };
            let slot = match name {
                "error" => &mut p.error,
                "warning" => &mut p.warning,
                "note" => &mut p.note,
                "locus" => &mut p.locus,
                "quote" => &mut p.quote,
                "range1" => &mut p.range1,
                _ => continue,
            };
            *slot = Some(value.to_string());
        }
        p
    }

    /// The palette cudafe++ would use in this environment for stderr, or `None` for plain
    /// text. `no_colors` is the `--no_colors` option.
    pub fn from_environment(no_colors: bool) -> Option<Palette> {
        let env = |k: &str| std::env::var_os(k);
        let term = env("TERM")?;
        if no_colors
            || term == "dumb"
            || env("NOCOLOR").is_some()
            || !std::io::stderr().is_terminal()
        {
            return None;
        }
        let spec = env("EDG_COLORS").or_else(|| env("GCC_COLORS"));
        Some(match spec {
            Some(s) => Palette::parse(&s.to_string_lossy()),
            None => Palette::parse(DEFAULT_SPEC),
        })
    }

    fn code(&self, c: Category) -> Option<&str> {
        match c {
            Category::Error => self.error.as_deref(),
            Category::Warning => self.warning.as_deref(),
            Category::Note => self.note.as_deref(),
            Category::Locus => self.locus.as_deref(),
            Category::Quote => self.quote.as_deref(),
            Category::Range1 => self.range1.as_deref(),
        }
    }

    /// Appends `text` in color `c`.
    pub fn paint(&self, out: &mut Vec<u8>, c: Category, text: &[u8]) {
        if let Some(code) = self.code(c) {
            out.extend_from_slice(b"\x1b[");
            out.extend_from_slice(code.as_bytes());
            out.push(b'm');
        }
        out.extend_from_slice(text);
        out.extend_from_slice(b"\x1b[0m");
    }

    /// Appends `text` with its quoted part (first to last `"`) in the quote color.
    pub fn paint_quoted(&self, out: &mut Vec<u8>, text: &[u8]) {
        let first = text.iter().position(|&b| b == b'"');
        let last = text.iter().rposition(|&b| b == b'"');
        match (first, last) {
            (Some(f), Some(l)) if f < l => {
                out.extend_from_slice(&text[..f]);
                self.paint(out, Category::Quote, &text[f..=l]);
                out.extend_from_slice(&text[l + 1..]);
            }
            _ => out.extend_from_slice(text),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs() {
        let p = Palette::parse("error=01;32:locus=04:bogus=2:warning");
        assert_eq!(p.error.as_deref(), Some("01;32"));
        assert_eq!(p.locus.as_deref(), Some("04"));
        assert_eq!(p.warning, None);
        let mut out = Vec::new();
        p.paint(&mut out, Category::Quote, b"x");
        assert_eq!(out, b"x\x1b[0m");
        let p = Palette::parse("error=");
        let mut out = Vec::new();
        p.paint(&mut out, Category::Error, b"error");
        assert_eq!(out, b"\x1b[merror\x1b[0m");
    }

    #[test]
    fn quoted_parts() {
        let p = Palette::parse(DEFAULT_SPEC);
        let mut out = Vec::new();
        p.paint_quoted(&mut out, b"class \"A<T> [with T=int]\"");
        assert_eq!(out, b"class \x1b[01m\"A<T> [with T=int]\"\x1b[0m");
    }
}
