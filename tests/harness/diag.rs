//! cudafe++'s diagnostics, read back from its stderr.
//!
//! The text format is EDG's: a header line `FILE(LINE): SEVERITY[ #N[-D]]: MESSAGE`, then
//! the source line indented by two spaces, a caret line, any context lines, and a blank
//! line. Lines that belong to no diagnostic (the one-time
//! `Remark: The warnings can be suppressed ...`, the summary
//! `N errors detected in the compilation of "X".`, `Command-line error: ...`,
//! `Compilation terminated.`) are kept as [`Diagnostics::other`].

use std::fmt;

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub file: String,
    pub line: u32,
    /// As printed: `error`, `warning #20091-D`, `catastrophic error`, `note #2707-D`, ...
    pub severity: String,
    pub message: String,
    /// The lines after the header up to the blank line (source echo, caret, context).
    pub body: Vec<String>,
}

impl Diagnostic {
    /// The severity word without the number: `warning` for `warning #20091-D`.
    pub fn level(&self) -> &str {
        self.severity.split(" #").next().unwrap_or(&self.severity)
    }

    /// The number shown after `#`, if any.
    pub fn number(&self) -> Option<u32> {
        let rest = self.severity.split(" #").nth(1)?;
        rest.trim_end_matches("-D").parse().ok()
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}({}): {}: {}",
            self.file, self.line, self.severity, self.message
        )
    }
}

/// Everything cudafe++ wrote to stderr, split into diagnostics and the rest.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Diagnostics {
    pub diagnostics: Vec<Diagnostic>,
    /// Lines outside any diagnostic, in order, without blank lines.
    pub other: Vec<String>,
}

impl Diagnostics {
    pub fn parse(stderr: &str) -> Diagnostics {
        let mut out = Diagnostics::default();
        let mut current: Option<Diagnostic> = None;
        for line in stderr.lines() {
            if let Some(d) = parse_header(line) {
                if let Some(done) = current.take() {
                    out.diagnostics.push(done);
                }
                current = Some(d);
                continue;
            }
            if line.is_empty() {
                if let Some(done) = current.take() {
                    out.diagnostics.push(done);
                }
                continue;
            }
            match &mut current {
                Some(d) => d.body.push(line.to_string()),
                None => out.other.push(line.to_string()),
            }
        }
        if let Some(done) = current {
            out.diagnostics.push(done);
        }
        out
    }

    pub fn errors(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| matches!(d.level(), "error" | "catastrophic error"))
            .count()
    }
}

const LEVELS: [&str; 6] = [
    "catastrophic error",
    "internal error",
    "error",
    "warning",
    "remark",
    "note",
];

/// `file(12): warning #20091-D: message`.
fn parse_header(line: &str) -> Option<Diagnostic> {
    let open = line.find("): ")?;
    let paren = line[..open].rfind('(')?;
    let file = &line[..paren];
    let number = &line[paren + 1..open];
    let linenum: u32 = number.parse().ok()?;
    let rest = &line[open + 3..];
    let level = LEVELS.iter().find(|l| rest.starts_with(**l))?;
    let after = &rest[level.len()..];
    let (severity, message) = if let Some(msg) = after.strip_prefix(": ") {
        (level.to_string(), msg)
    } else if let Some(numbered) = after.strip_prefix(" #") {
        let colon = numbered.find(": ")?;
        let num = &numbered[..colon];
        if !num
            .trim_end_matches("-D")
            .chars()
            .all(|c| c.is_ascii_digit())
        {
            return None;
        }
        (format!("{level} #{num}"), &numbered[colon + 2..])
    } else {
        return None;
    };
    Some(Diagnostic {
        file: file.to_string(),
        line: linenum,
        severity,
        message: message.to_string(),
        body: Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "es1.cu(1): error: illegal combination of memory qualifiers
  __attribute__((host)) __attribute__((global)) void k1() {}
                                       ^

ms1.cu(3): warning #20091-D: a __constant__ variable \"cst\" cannot be directly read in a host function
  int r = cst;
          ^

Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"

x.cu(5): error: expected a \";\"
      detected during instantiation of \"f<T>\" at line 9

1 error detected in the compilation of \"es1.cu\".
";

    #[test]
    fn parses_diagnostics_and_other_lines() {
        let d = Diagnostics::parse(SAMPLE);
        assert_eq!(d.diagnostics.len(), 3);
        assert_eq!(d.diagnostics[0].file, "es1.cu");
        assert_eq!(d.diagnostics[0].line, 1);
        assert_eq!(d.diagnostics[0].severity, "error");
        assert_eq!(d.diagnostics[0].body.len(), 2);
        assert_eq!(d.diagnostics[1].severity, "warning #20091-D");
        assert_eq!(d.diagnostics[1].level(), "warning");
        assert_eq!(d.diagnostics[1].number(), Some(20091));
        assert_eq!(d.diagnostics[2].message, "expected a \";\"");
        assert_eq!(d.diagnostics[2].body.len(), 1);
        assert_eq!(d.errors(), 2);
        assert_eq!(d.other.len(), 2);
        assert!(d.other[0].starts_with("Remark:"));
        assert!(d.other[1].starts_with("1 error detected"));
    }

    #[test]
    fn paths_with_parentheses() {
        let d =
            parse_header("dir (x)/a.cu(7): catastrophic error: cannot open source file \"q.h\"")
                .unwrap();
        assert_eq!(d.file, "dir (x)/a.cu");
        assert_eq!(d.line, 7);
        assert_eq!(d.severity, "catastrophic error");
    }
}
