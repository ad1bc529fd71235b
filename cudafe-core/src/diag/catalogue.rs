//! The catalogue: every diagnostic's number, default severity, tag and message template.
//!
//! The data lives in `catalogue.tsv` next to this file (one diagnostic per line; the file's
//! header explains the columns); `build.rs` compiles it into a sorted table, a sorted tag
//! index and one constant per tag in [`crate::diag::ids`].

use std::fmt;

use super::Severity;

/// A diagnostic's internal number (the index into EDG's message table, 0–3794).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DiagId(pub u32);

/// The first internal number of the CUDA diagnostics.
pub const FIRST_CUDA: u32 = 3457;
/// CUDA diagnostics are shown as internal number + this (3457 → 20000).
pub const CUDA_DISPLAY_OFFSET: u32 = 16543;
/// One past the largest internal number.
pub const LIMIT: u32 = 3795;

/// One line of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    pub number: u32,
    /// The severity the front end raises it with; `None` for a text fragment that is not a
    /// diagnostic of its own.
    pub severity: Option<Severity>,
    /// `false` when the severity is a guess nobody has checked against cudafe++.
    pub verified: bool,
    /// The name `--diag_*` and `#pragma nv_diag_*` accept; may be empty.
    pub tag: &'static str,
    /// The message template.
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/diag_catalogue.rs"));

impl DiagId {
    /// The number shown by `--display_error_number` and `-diag-suppress`:
    /// CUDA diagnostics (internal number above 3456) are shown as internal + 16543.
    pub fn display_number(self) -> u32 {
        if self.0 >= FIRST_CUDA {
            self.0 + CUDA_DISPLAY_OFFSET
        } else {
            self.0
        }
    }

    /// The catalogue entry, if the table has a message for this number.
    pub fn entry(self) -> Option<&'static Entry> {
        entry(self.0)
    }

    /// The message template (`""` for a number with no message).
    pub fn text(self) -> &'static str {
        self.entry().map_or("", |e| e.text)
    }

    /// The tag (`""` when it has none).
    pub fn tag(self) -> &'static str {
        self.entry().map_or("", |e| e.tag)
    }

    /// The default severity (hard error for an unknown number or a text fragment).
    pub fn default_severity(self) -> Severity {
        self.entry()
            .and_then(|e| e.severity)
            .unwrap_or(Severity::Error)
    }
}

impl fmt::Display for DiagId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.display_number())
    }
}

/// All entries, sorted by number.
pub fn entries() -> &'static [Entry] {
    ENTRIES
}

/// The entry for an internal number.
pub fn entry(number: u32) -> Option<&'static Entry> {
    ENTRIES
        .binary_search_by_key(&number, |e| e.number)
        .ok()
        .map(|i| &ENTRIES[i])
}

/// The diagnostic a tag names (case-sensitive, as cudafe++ matches them).
pub fn by_tag(tag: &str) -> Option<DiagId> {
    TAGS.binary_search_by(|(t, _)| (*t).cmp(tag))
        .ok()
        .map(|i| DiagId(TAGS[i].1))
}

/// Why an item of a diagnostic-control list was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ControlItemError {
    /// Starts with a digit but is not a decimal number that fits in 64 bits
    /// (`invalid number: 0x10`).
    InvalidNumber,
    /// A number that names no diagnostic (`invalid error number in diagnostic control
    /// option: 99999`; `invalid error number` in a pragma).
    InvalidErrorNumber,
    /// Not a known tag (`invalid error tag in diagnostic control option: x`; `invalid error
    /// tag` in a pragma).
    InvalidTag,
}

/// Resolves one item of `--diag_suppress=20092,used_before_set` or of a
/// `#pragma nv_diag_*` to a diagnostic.
///
/// An item that starts with a digit is a number: decimal, read as a 64-bit signed integer and
/// then truncated to 32 bits as cudafe++ does (so `4294987296` is `20000`); internal numbers
/// 1–3794 and display numbers 20000–20337 are accepted, even where the table has no message.
/// Anything else is a tag.
pub fn resolve_control_item(item: &str) -> Result<DiagId, ControlItemError> {
    if !item.starts_with(|c: char| c.is_ascii_digit()) {
        return by_tag(item).ok_or(ControlItemError::InvalidTag);
    }
    if !item.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ControlItemError::InvalidNumber);
    }
    let wide: i64 = item.parse().map_err(|_| ControlItemError::InvalidNumber)?;
    let n = wide as i32;
    let display_first = (FIRST_CUDA + CUDA_DISPLAY_OFFSET) as i32;
    let display_last = (LIMIT - 1 + CUDA_DISPLAY_OFFSET) as i32;
    if (1..LIMIT as i32).contains(&n) {
        Ok(DiagId(n as u32))
    } else if (display_first..=display_last).contains(&n) {
        Ok(DiagId(n as u32 - CUDA_DISPLAY_OFFSET))
    } else {
        Err(ControlItemError::InvalidErrorNumber)
    }
}
