//! Severities, in EDG's order.

use std::fmt;

/// How serious a diagnostic is. The order is EDG's (note 2 … internal error 11): a larger
/// value is more serious, and everything up to [`Severity::DiscretionaryError`] is
/// *discretionary* — `--diag_*` options and `#pragma nv_diag_*` may change it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Attached to another diagnostic (`note #2431-D: ...`).
    Note = 2,
    /// Not shown at all (`--diag_suppress`, `#pragma nv_diag_suppress`, off by default).
    Suppressed = 3,
    /// Shown only with `--remarks`.
    Remark = 4,
    Warning = 5,
    /// A warning about the command line (printed without a position).
    CommandLineWarning = 6,
    /// An error that `--diag_warning` and friends may lower (EDG's "soft" error).
    DiscretionaryError = 7,
    /// An error nothing can lower.
    Error = 8,
    /// Stops the compilation at once (`Compilation terminated.`, exit status 4).
    Catastrophe = 9,
    /// A bad command line; stops at once like a catastrophe.
    CommandLineError = 10,
    /// An internal error; stops at once (`Compilation aborted.`, exit status 134).
    InternalError = 11,
}

impl Severity {
    /// May options and pragmas change it?
    pub fn is_discretionary(self) -> bool {
        self <= Severity::DiscretionaryError
    }

    /// Counted as an error in the summary (catastrophes are counted apart).
    pub fn is_error(self) -> bool {
        matches!(self, Severity::DiscretionaryError | Severity::Error)
    }

    /// Stops the compilation at once.
    pub fn is_fatal(self) -> bool {
        self >= Severity::Catastrophe
    }

    /// The word after the position: `error`, `warning`, `catastrophic error`, ...
    pub fn label(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Suppressed => "suppressed",
            Severity::Remark => "remark",
            Severity::Warning => "warning",
            Severity::CommandLineWarning => "command-line warning",
            Severity::DiscretionaryError | Severity::Error => "error",
            Severity::Catastrophe => "catastrophic error",
            Severity::CommandLineError => "command-line error",
            Severity::InternalError => "internal error",
        }
    }

    /// The word that starts a diagnostic without a position: `Error`, `Remark`, ...
    pub fn capitalized_label(self) -> &'static str {
        match self {
            Severity::Note => "Note",
            Severity::Suppressed => "Suppressed",
            Severity::Remark => "Remark",
            Severity::Warning => "Warning",
            Severity::CommandLineWarning => "Command-line warning",
            Severity::DiscretionaryError | Severity::Error => "Error",
            Severity::Catastrophe => "Catastrophic error",
            Severity::CommandLineError => "Command-line error",
            Severity::InternalError => "Internal error",
        }
    }

    /// The `level` of a SARIF result, or `None` where cudafe++ has none (it asserts: a
    /// command-line error in SARIF mode is an internal error, see
    /// [`crate::diag::DiagEngine`]).
    pub fn sarif_level(self) -> Option<&'static str> {
        match self {
            Severity::Note => Some("note"),
            Severity::Remark => Some("remark"),
            Severity::Warning => Some("warning"),
            Severity::DiscretionaryError | Severity::Error => Some("error"),
            Severity::Catastrophe => Some("catastrophe"),
            Severity::InternalError => Some("internal_error"),
            Severity::Suppressed | Severity::CommandLineWarning | Severity::CommandLineError => {
                None
            }
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}
