//! Diagnostics: the catalogue, severity control, and output exactly as cudafe++ 13.0 writes it.
//!
//! * [`catalogue`]: every diagnostic's internal number, default severity, tag and message
//!   template (data in `catalogue.tsv`); [`ids`] names each tagged one.
//! * [`control`]: `--diag_*` options and `#pragma nv_diag_*`, resolved by source position;
//!   [`pragma`] parses the pragmas' arguments.
//! * [`DiagEngine`]: emits [`Diagnostic`]s in text or SARIF form, counts them, and ends the
//!   compilation with the summary line and exit status.
//!
//! A diagnostic is raised like this:
//!
//! ```ignore
//! engine.diag(ids::UNDEFINED_IDENTIFIER, token.span.lo).arg_str(name).emit();
//! engine.emit(
//!     Diagnostic::new(ids::EXPR_NOT_CONSTANT, at)
//!         .note(Diagnostic::new(ids::EXCESSIVE_CONSTEXPR_COMPLEXITY, at)),
//! );
//! ```
//!
//! # The text format
//!
//! ```text
//! d1.cu(3): warning #20092-D: a __device__ variable "dvar" cannot be directly written in a host function
//!   void h() { dvar = 1; }
//!              ^
//!
//! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
//!
//! d1.cu(6): error: identifier "undefined_x" is undefined
//!   void e() { undefined_x = 1; }
//!              ^
//!
//! 1 error detected in the compilation of "d1.cu".
//! ```
//!
//! * `FILE(LINE)` is the presumed position (line markers); the source line is the physical
//!   line of the preprocessed text, indented by two spaces; the caret line copies the tabs of
//!   the source line and has a space for every other character before the caret.
//! * `#N-D` only with `--display_error_number`, and only below error severity (notes,
//!   remarks, warnings); warnings promoted by `--promote_warnings` print as `error #N-D`.
//!   CUDA diagnostics show internal number + 16543.
//! * After the first warning shown with a number, once: the positionless remark
//!   `Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"`.
//! * The summary counts errors (and catastrophic errors), never warnings; with only warnings
//!   nothing is printed. Exit status 0, 2 with errors, 4 after a catastrophe, command-line
//!   error or the error limit (`Compilation terminated.`), 134 after an internal error
//!   (`Compilation aborted.`).
//! * In system headers (line-marker flag 3) only hard errors and worse are shown.
//! * On a terminal, cudafe++ colors its output; see [`color`].

pub mod catalogue;
pub mod color;
pub mod control;
mod engine;
pub mod format;
pub mod ids;
pub mod pragma;
pub mod render;
pub mod sarif;
mod severity;

pub use catalogue::{ControlItemError, DiagId, Entry, resolve_control_item};
pub use color::Palette;
pub use control::{DiagControl, Level, PopWithoutPush, PragmaAction};
pub use engine::{
    Context, Counts, DiagConfig, DiagEngine, Diagnostic, Location, OutputMode, Pending,
    SharedBuffer, Stop,
};
pub use severity::Severity;

#[cfg(test)]
mod tests;
