//! Cargo-style status lines on stderr: a right-aligned, coloured verb, then the message.

use std::io::{IsTerminal, Write};

pub struct Status {
    quiet: bool,
    color: bool,
}

impl Status {
    pub fn new(quiet: bool) -> Status {
        let color = match std::env::var("CARGO_TERM_COLOR").as_deref() {
            Ok("always") => true,
            Ok("never") => false,
            _ => std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
        };
        Status { quiet, color }
    }

    pub fn quiet(&self) -> bool {
        self.quiet
    }

    /// `   Compiling foo` — green, right-aligned to twelve columns, like Cargo's.
    pub fn line(&self, verb: &str, message: &str) {
        if self.quiet {
            return;
        }
        self.print(verb, "1;32", message, true);
    }

    pub fn warning(&self, message: &str) {
        if self.quiet {
            return;
        }
        self.print("warning", "1;33", message, false);
    }

    pub fn error(&self, message: &str) {
        self.print("error", "1;31", message, false);
    }

    fn print(&self, verb: &str, color: &str, message: &str, right_align: bool) {
        let mut err = std::io::stderr().lock();
        let verb = if right_align {
            format!("{verb:>12}")
        } else {
            verb.to_string()
        };
        let sep = if right_align { " " } else { ": " };
        let _ = if self.color {
            writeln!(err, "\x1b[{color}m{verb}\x1b[0m{sep}{message}")
        } else {
            writeln!(err, "{verb}{sep}{message}")
        };
    }
}
