//! Severity control: `--diag_*` options and `#pragma nv_diag_*`, resolved by source position.
//!
//! What cudafe++ does, established by experiment:
//!
//! * Only discretionary diagnostics (note … discretionary error) can be changed; a hard error
//!   or worse keeps its severity, silently (`--diag_warning=20` does nothing).
//! * `--diag_suppress|remark|warning|error=<list>` set the command-line severity of each listed
//!   diagnostic; a later option for the same diagnostic wins.
//! * A pragma changes the severity for diagnostics *at later source positions*:
//!   `nv_diag_suppress|remark|warning|error` set it, `nv_diag_default` goes back to the
//!   command-line severity (not the built-in one), `nv_diagnostic push` saves the whole pragma
//!   state and `nv_diagnostic pop` restores it.
//! * `once` (`--diag_once`, `#pragma nv_diag_once`) is different: it is a flag per diagnostic,
//!   set when the option or pragma is processed and never cleared (not by `nv_diag_default`,
//!   not by `pop`). A diagnostic with the flag is shown only if it was never shown before —
//!   earlier showings count even if they came before the flag was set.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::{DiagId, Severity};
use crate::source_map::Offset;

/// The severity levels options and pragmas can set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    Suppress,
    Remark,
    Warning,
    Error,
}

impl Level {
    pub fn severity(self) -> Severity {
        match self {
            Level::Suppress => Severity::Suppressed,
            Level::Remark => Severity::Remark,
            Level::Warning => Severity::Warning,
            Level::Error => Severity::DiscretionaryError,
        }
    }
}

/// One `#pragma nv_diag_*` / `#pragma nv_diagnostic` action.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PragmaAction {
    /// `nv_diag_suppress|remark|warning|error <id>`.
    Set(Level, DiagId),
    /// `nv_diag_default <id>`.
    Default(DiagId),
    /// `nv_diag_once <id>`.
    Once(DiagId),
    /// `nv_diagnostic push`.
    Push,
    /// `nv_diagnostic pop`.
    Pop,
}

/// A `pop` without a matching `push` (cudafe++ warns #3185 and ignores it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PopWithoutPush;

type PragmaState = Arc<HashMap<u32, Severity>>;

/// Command-line and pragma severity state.
#[derive(Debug, Clone, Default)]
pub struct DiagControl {
    /// Command-line severities, including the ones the catalogue has off by default.
    command_line: HashMap<u32, Severity>,
    once: HashSet<u32>,
    /// The pragma state from each pragma's offset on, in increasing offset order.
    points: Vec<(Offset, PragmaState)>,
    stack: Vec<PragmaState>,
    /// Every pragma action registered, in increasing offset order.
    actions: Vec<(Offset, PragmaAction)>,
    /// The push stack after each action of `actions`.
    stacks: Vec<Vec<PragmaState>>,
}

impl DiagControl {
    /// A fresh state with the catalogue's off-by-default diagnostics suppressed.
    pub fn new() -> DiagControl {
        let mut control = DiagControl::default();
        for e in super::catalogue::entries() {
            if e.severity == Some(Severity::Suppressed) {
                control.command_line.insert(e.number, Severity::Suppressed);
            }
        }
        control
    }

    /// `--diag_suppress|remark|warning|error=<id>`.
    pub fn set_command_line(&mut self, id: DiagId, level: Level) {
        self.command_line.insert(id.0, level.severity());
    }

    /// `--diag_once=<id>` (and `#pragma nv_diag_once`).
    pub fn set_once(&mut self, id: DiagId) {
        self.once.insert(id.0);
    }

    pub fn is_once(&self, id: DiagId) -> bool {
        self.once.contains(&id.0)
    }

    /// Records a pragma met at `offset` (the offset of its `#`); diagnostics at `offset` and
    /// after see the new state. Pragmas normally come in increasing offset order; one that
    /// comes before pragmas already recorded (in a member function body, which is checked
    /// after the rest of its class) takes its place among them, and the states after it are
    /// worked out again.
    pub fn pragma(&mut self, offset: Offset, action: PragmaAction) -> Result<(), PopWithoutPush> {
        if self.actions.last().is_none_or(|(o, _)| *o <= offset) {
            self.actions.push((offset, action));
            let r = self.apply(offset, action);
            self.stacks.push(self.stack.clone());
            return r;
        }
        let at = self.actions.partition_point(|(o, _)| *o <= offset);
        self.actions.insert(at, (offset, action));
        // Work the states out again from the first action at this offset on, starting
        // from the state and the stack the actions before it left.
        let start = self.actions.partition_point(|(o, _)| *o < offset);
        let kept = self.points.partition_point(|(o, _)| *o < offset);
        self.points.truncate(kept);
        self.stacks.truncate(start);
        self.stack = self.stacks.last().cloned().unwrap_or_default();
        let mut result = Ok(());
        for i in start..self.actions.len() {
            let (o, a) = self.actions[i];
            let r = self.apply(o, a);
            if i == at {
                result = r;
            }
            self.stacks.push(self.stack.clone());
        }
        result
    }

    fn apply(&mut self, offset: Offset, action: PragmaAction) -> Result<(), PopWithoutPush> {
        let current = self.current();
        let next = match action {
            PragmaAction::Once(id) => {
                self.set_once(id);
                return Ok(());
            }
            PragmaAction::Push => {
                self.stack.push(current);
                return Ok(());
            }
            PragmaAction::Pop => self.stack.pop().ok_or(PopWithoutPush)?,
            PragmaAction::Set(level, id) => {
                let mut map = (*current).clone();
                map.insert(id.0, level.severity());
                Arc::new(map)
            }
            PragmaAction::Default(id) => {
                if !current.contains_key(&id.0) {
                    return Ok(());
                }
                let mut map = (*current).clone();
                map.remove(&id.0);
                Arc::new(map)
            }
        };
        match self.points.last_mut() {
            Some((o, state)) if *o == offset => *state = next,
            _ => self.points.push((offset, next)),
        }
        Ok(())
    }

    fn current(&self) -> PragmaState {
        self.points
            .last()
            .map(|(_, s)| s.clone())
            .unwrap_or_default()
    }

    fn pragma_severity(&self, id: DiagId, offset: Offset) -> Option<Severity> {
        let idx = self.points.partition_point(|(o, _)| *o <= offset);
        let (_, state) = self.points.get(idx.checked_sub(1)?)?;
        state.get(&id.0).copied()
    }

    /// The severity of diagnostic `id` raised with `base` at `offset` (`None`: no position,
    /// so only the command line applies).
    pub fn resolve(&self, id: DiagId, base: Severity, offset: Option<Offset>) -> Severity {
        if !base.is_discretionary() {
            return base;
        }
        offset
            .and_then(|o| self.pragma_severity(id, o))
            .or_else(|| self.command_line.get(&id.0).copied())
            .unwrap_or(base)
    }

    /// Was the severity of `id` changed by an option or a pragma in force at `offset`?
    pub fn is_overridden(&self, id: DiagId, offset: Option<Offset>) -> bool {
        offset.and_then(|o| self.pragma_severity(id, o)).is_some()
            || self.command_line.contains_key(&id.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::ids;

    const W: DiagId = ids::DEVICE_VAR_WRITTEN_IN_HOST;
    const R: DiagId = ids::DEVICE_VAR_READ_IN_HOST;

    #[test]
    fn pragmas_act_by_position() {
        let mut c = DiagControl::new();
        c.pragma(10, PragmaAction::Set(Level::Suppress, W)).unwrap();
        c.pragma(20, PragmaAction::Push).unwrap();
        c.pragma(30, PragmaAction::Default(W)).unwrap();
        c.pragma(40, PragmaAction::Set(Level::Error, W)).unwrap();
        c.pragma(50, PragmaAction::Pop).unwrap();
        let at = |o| c.resolve(W, Severity::Warning, Some(o));
        assert_eq!(at(5), Severity::Warning);
        assert_eq!(at(10), Severity::Suppressed);
        assert_eq!(at(25), Severity::Suppressed);
        assert_eq!(at(35), Severity::Warning);
        assert_eq!(at(45), Severity::DiscretionaryError);
        assert_eq!(at(55), Severity::Suppressed);
        // Other diagnostics are untouched.
        assert_eq!(c.resolve(R, Severity::Warning, Some(45)), Severity::Warning);
        assert_eq!(c.pragma(60, PragmaAction::Pop), Err(PopWithoutPush));
    }

    #[test]
    fn a_pragma_recorded_late_takes_its_place() {
        let mut c = DiagControl::new();
        c.pragma(10, PragmaAction::Push).unwrap();
        c.pragma(40, PragmaAction::Set(Level::Error, W)).unwrap();
        c.pragma(50, PragmaAction::Pop).unwrap();
        // Met after the others (a member function body), but at 20.
        c.pragma(20, PragmaAction::Set(Level::Suppress, W)).unwrap();
        let at = |o| c.resolve(W, Severity::Warning, Some(o));
        assert_eq!(at(15), Severity::Warning);
        assert_eq!(at(25), Severity::Suppressed);
        assert_eq!(at(45), Severity::DiscretionaryError);
        // The pop restores the state pushed at 10, before the suppression.
        assert_eq!(at(55), Severity::Warning);
        assert_eq!(c.pragma(5, PragmaAction::Pop), Err(PopWithoutPush));
        assert_eq!(c.resolve(W, Severity::Warning, Some(55)), Severity::Warning);
    }

    #[test]
    fn late_pragmas_at_offsets_already_seen() {
        let mut c = DiagControl::new();
        c.pragma(10, PragmaAction::Push).unwrap();
        c.pragma(20, PragmaAction::Push).unwrap();
        c.pragma(20, PragmaAction::Set(Level::Error, W)).unwrap();
        c.pragma(30, PragmaAction::Pop).unwrap();
        c.pragma(60, PragmaAction::Pop).unwrap();
        // Late, at an offset with actions already (after them), and inside the pushes.
        c.pragma(20, PragmaAction::Set(Level::Remark, R)).unwrap();
        c.pragma(15, PragmaAction::Set(Level::Suppress, R)).unwrap();
        let at = |id, o| c.resolve(id, Severity::Warning, Some(o));
        assert_eq!(at(W, 25), Severity::DiscretionaryError);
        assert_eq!(at(R, 17), Severity::Suppressed);
        assert_eq!(at(R, 25), Severity::Remark);
        // The pop at 30 restores the state pushed at 20: R suppressed, W untouched.
        assert_eq!(at(R, 35), Severity::Suppressed);
        assert_eq!(at(W, 35), Severity::Warning);
        // The pop at 60 restores the state pushed at 10.
        assert_eq!(at(R, 65), Severity::Warning);
        assert_eq!(c.pragma(70, PragmaAction::Pop), Err(PopWithoutPush));
    }

    #[test]
    fn default_goes_back_to_the_command_line() {
        let mut c = DiagControl::new();
        c.set_command_line(W, Level::Error);
        c.pragma(10, PragmaAction::Set(Level::Suppress, W)).unwrap();
        c.pragma(20, PragmaAction::Default(W)).unwrap();
        assert_eq!(
            c.resolve(W, Severity::Warning, Some(5)),
            Severity::DiscretionaryError
        );
        assert_eq!(
            c.resolve(W, Severity::Warning, Some(15)),
            Severity::Suppressed
        );
        assert_eq!(
            c.resolve(W, Severity::Warning, Some(25)),
            Severity::DiscretionaryError
        );
        // No position: the command line alone.
        assert_eq!(
            c.resolve(W, Severity::Warning, None),
            Severity::DiscretionaryError
        );
    }

    #[test]
    fn hard_errors_do_not_move() {
        let mut c = DiagControl::new();
        c.set_command_line(ids::UNDEFINED_IDENTIFIER, Level::Warning);
        c.pragma(
            0,
            PragmaAction::Set(Level::Suppress, ids::UNDEFINED_IDENTIFIER),
        )
        .unwrap();
        assert_eq!(
            c.resolve(ids::UNDEFINED_IDENTIFIER, Severity::Error, Some(3)),
            Severity::Error
        );
        // A discretionary error does.
        c.set_command_line(ids::GLOBAL_FUNCTION_RETURN_TYPE, Level::Warning);
        assert_eq!(
            c.resolve(
                ids::GLOBAL_FUNCTION_RETURN_TYPE,
                Severity::DiscretionaryError,
                Some(3)
            ),
            Severity::Warning
        );
    }

    #[test]
    fn off_by_default() {
        let mut c = DiagControl::new();
        assert_eq!(
            c.resolve(ids::DEFAULT_STREAM_LAUNCH, Severity::Warning, Some(1)),
            Severity::Suppressed
        );
        c.set_command_line(ids::DEFAULT_STREAM_LAUNCH, Level::Warning);
        assert_eq!(
            c.resolve(ids::DEFAULT_STREAM_LAUNCH, Severity::Warning, Some(1)),
            Severity::Warning
        );
    }

    #[test]
    fn once_is_sticky() {
        let mut c = DiagControl::new();
        c.pragma(10, PragmaAction::Once(W)).unwrap();
        c.pragma(20, PragmaAction::Push).unwrap();
        c.pragma(30, PragmaAction::Pop).unwrap();
        c.pragma(40, PragmaAction::Default(W)).unwrap();
        assert!(c.is_once(W));
        assert!(!c.is_once(R));
    }
}
