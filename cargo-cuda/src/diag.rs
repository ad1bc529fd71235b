//! Diagnostics: the front end's (`file.cu(12): error #20: ...`, as cudafe++ prints them)
//! and the host compiler's (`file.cu:12:3: error: ...`), split into messages, and printed
//! as they came or as JSON lines (`--message-format json`).

use serde_json::json;

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    pub file: Option<String>,
    pub line: Option<u32>,
    pub column: Option<u32>,
    /// `error`, `warning`, `remark`, `note`, `catastrophe error`, ...
    pub severity: String,
    /// The number with `--display_error_number` (`20`, `177-D`).
    pub code: Option<String>,
    pub message: String,
    /// The text as printed: the header line and what follows it (source line, caret).
    pub rendered: String,
}

impl Message {
    pub fn is_error(&self) -> bool {
        self.severity.contains("error")
    }

    /// A message with no location, for a failure that is not a diagnostic.
    pub fn plain(severity: &str, text: &str) -> Message {
        Message {
            file: None,
            line: None,
            column: None,
            severity: severity.to_string(),
            code: None,
            message: text.lines().next().unwrap_or_default().to_string(),
            rendered: format!("{severity}: {text}\n"),
        }
    }
}

const SEVERITIES: &[&str] = &[
    "catastrophe error",
    "command-line error",
    "internal error",
    "fatal error",
    "error",
    "warning",
    "remark",
    "note",
];

/// `sev[ #code]: message` → its parts.
fn severity_and_message(rest: &str) -> Option<(String, Option<String>, String)> {
    for sev in SEVERITIES {
        let Some(after) = rest.strip_prefix(sev) else {
            continue;
        };
        if let Some(m) = after.strip_prefix(": ") {
            return Some((sev.to_string(), None, m.to_string()));
        }
        if let Some(num) = after.strip_prefix(" #") {
            let (code, m) = num.split_once(": ")?;
            if !code.is_empty() && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                return Some((sev.to_string(), Some(code.to_string()), m.to_string()));
            }
        }
        return None;
    }
    None
}

/// A header line: `file(12): error #20: msg`, `file:12:3: error: msg`, or
/// `command-line error: msg`.
fn header(line: &str) -> Option<Message> {
    // The front end's form.
    if let Some(close) = line.find("): ") {
        let head = &line[..close];
        if let Some(open) = head.rfind('(') {
            let num = &head[open + 1..];
            if !num.is_empty()
                && num.bytes().all(|b| b.is_ascii_digit())
                && let Some((severity, code, message)) = severity_and_message(&line[close + 3..])
            {
                return Some(Message {
                    file: Some(head[..open].to_string()),
                    line: num.parse().ok(),
                    column: None,
                    severity,
                    code,
                    message,
                    rendered: String::new(),
                });
            }
        }
    }
    // The host compiler's form.
    let mut parts = line.splitn(4, ':');
    if let (Some(file), Some(l), Some(c), Some(rest)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
        && !file.is_empty()
        && let (Ok(l), Ok(c)) = (l.parse::<u32>(), c.parse::<u32>())
        && let Some((severity, code, message)) = severity_and_message(rest.trim_start())
    {
        return Some(Message {
            file: Some(file.to_string()),
            line: Some(l),
            column: Some(c),
            severity,
            code,
            message,
            rendered: String::new(),
        });
    }
    let (severity, code, message) = severity_and_message(line)?;
    (severity != "note").then_some(Message {
        file: None,
        line: None,
        column: None,
        severity,
        code,
        message,
        rendered: String::new(),
    })
}

/// Splits diagnostics text into messages: each header line with the lines after it, up to
/// the next header. The summary lines (`1 error detected in the compilation of ...`) and
/// the host compiler's `In file included from` lines belong to no message.
pub fn parse(text: &str) -> Vec<Message> {
    let mut out: Vec<Message> = Vec::new();
    let mut current: Option<Message> = None;
    for line in text.lines() {
        if let Some(mut m) = header(line) {
            if let Some(c) = current.take() {
                out.push(c);
            }
            m.rendered = format!("{line}\n");
            current = Some(m);
        } else if is_summary(line) {
            if let Some(c) = current.take() {
                out.push(c);
            }
        } else if let Some(c) = current.as_mut() {
            c.rendered.push_str(line);
            c.rendered.push('\n');
        }
    }
    out.extend(current);
    for m in &mut out {
        // Blank lines between messages are not part of them.
        let trimmed = m.rendered.trim_end().len();
        m.rendered.truncate(trimmed);
        m.rendered.push('\n');
    }
    out
}

fn is_summary(line: &str) -> bool {
    (line.contains(" detected in the compilation of ") || line.contains(" detected in "))
        && line
            .split(' ')
            .next()
            .is_some_and(|w| w.parse::<u32>().is_ok())
        || line.starts_with("In file included from ")
        || line.starts_with("                 from ")
        || line.starts_with("Compilation terminated.")
        || line.starts_with("compilation terminated.")
}

/// One JSON line for a message about `source`.
pub fn json_message(source: &str, m: &Message) -> String {
    json!({
        "reason": "compiler-message",
        "source": source,
        "message": {
            "file": m.file,
            "line": m.line,
            "column": m.column,
            "severity": m.severity,
            "code": m.code,
            "message": m.message,
            "rendered": m.rendered,
        }
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn front_end_diagnostics() {
        let text = "k.cu(3): error: identifier \"x\" is undefined\n    return x;\n           ^\n\n\
                    k.cu(5): warning #177-D: variable \"y\" was declared but never referenced\n    int y;\n        ^\n\n\
                    Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n\n\
                    1 error detected in the compilation of \"k.cu\".\n";
        let m = parse(text);
        assert_eq!(m.len(), 2);
        assert_eq!(m[0].file.as_deref(), Some("k.cu"));
        assert_eq!(m[0].line, Some(3));
        assert_eq!(m[0].severity, "error");
        assert_eq!(m[0].message, "identifier \"x\" is undefined");
        assert!(m[0].rendered.ends_with("^\n"));
        assert_eq!(m[1].code.as_deref(), Some("177-D"));
        assert_eq!(m[1].severity, "warning");
        assert!(m[1].rendered.contains("Remark"));
    }

    #[test]
    fn host_compiler_diagnostics() {
        let text = "In file included from a.cu:1:\nb.h:2:10: fatal error: nope.h: No such file or directory\n    2 | #include \"nope.h\"\n      |          ^~~~~~~~\ncompilation terminated.\n";
        let m = parse(text);
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].file.as_deref(), Some("b.h"));
        assert_eq!((m[0].line, m[0].column), (Some(2), Some(10)));
        assert!(m[0].is_error());
        let j: serde_json::Value = serde_json::from_str(&json_message("a.cu", &m[0])).unwrap();
        assert_eq!(j["message"]["line"], 2);
    }

    #[test]
    fn command_line_error() {
        let m = parse("command-line error: invalid option: --bogus\n");
        assert_eq!(m.len(), 1);
        assert_eq!(m[0].severity, "command-line error");
        assert!(m[0].file.is_none());
    }
}
