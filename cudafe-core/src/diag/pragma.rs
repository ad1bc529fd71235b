//! `#pragma nv_diag_suppress|nv_diag_remark|nv_diag_warning|nv_diag_error|nv_diag_default|
//! nv_diag_once <list>` and `#pragma nv_diagnostic push|pop`.
//!
//! The parser hands [`apply`] the pragma's name and the text after it; [`apply`] registers
//! the actions with the engine at the pragma's offset and reports bad arguments the way
//! cudafe++ does, as warnings at the offending token:
//!
//! * `#1222-D invalid error number` (`99999`), `#1223-D invalid error tag` (`bogus_tag`);
//! * `#1224-D expected an error number or error tag` (nothing, or `(`), after which cudafe++
//!   expects a comma: `#253-D expected a ","` at the next token (or at the end of the line);
//! * `#253-D expected a ","` after an item followed by anything but a comma (`549 junk`);
//! * `#3184-D` for `nv_diagnostic` without `push`/`pop`, `#3185-D` for a `pop` without a
//!   `push` (at the end of the line).
//!
//! The list separator is a comma, spaces allowed (`20091, 20092`); an `=` may come before
//! the list (`nv_diag_suppress = 20091`). `#pragma diag_suppress`
//! (without `nv_`) and `#pragma nv_diag_push`/`nv_diag_pop` are not diagnostic pragmas in
//! cudafe++ 13.0: they are ignored.
//!
//! Not reproduced: cudafe++ fails an internal assertion (pragma.c, line 1237) some time after
//! a `nv_diag_*` pragma with no argument at all.

use super::control::{Level, PragmaAction};
use super::{
    ControlItemError, DiagEngine, DiagId, Diagnostic, Severity, ids, resolve_control_item,
};
use crate::source_map::Offset;

/// Which diagnostic pragma.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagPragma {
    Set(Level),
    Default,
    Once,
    /// `nv_diagnostic push|pop`.
    Diagnostic,
}

impl DiagPragma {
    /// The pragma named by the identifier after `#pragma`, if it is a diagnostic pragma.
    pub fn from_name(name: &[u8]) -> Option<DiagPragma> {
        Some(match name {
            b"nv_diag_suppress" => DiagPragma::Set(Level::Suppress),
            b"nv_diag_remark" => DiagPragma::Set(Level::Remark),
            b"nv_diag_warning" => DiagPragma::Set(Level::Warning),
            b"nv_diag_error" => DiagPragma::Set(Level::Error),
            b"nv_diag_default" => DiagPragma::Default,
            b"nv_diag_once" => DiagPragma::Once,
            b"nv_diagnostic" => DiagPragma::Diagnostic,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Word,
    Number,
    Comma,
    Other,
    End,
}

struct Lexer<'a> {
    text: &'a [u8],
    pos: usize,
}

impl Lexer<'_> {
    /// The next token: kind, start, end.
    fn next(&mut self) -> (Tok, usize, usize) {
        let t = self.text;
        while self.pos < t.len() && matches!(t[self.pos], b' ' | b'\t' | b'\r' | b'\x0b' | b'\x0c')
        {
            self.pos += 1;
        }
        let start = self.pos;
        let Some(&b) = t.get(start) else {
            return (Tok::End, start, start);
        };
        let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let kind = if b.is_ascii_digit() {
            while self.pos < t.len() && (word(t[self.pos]) || t[self.pos] == b'.') {
                self.pos += 1;
            }
            Tok::Number
        } else if word(b) {
            while self.pos < t.len() && word(t[self.pos]) {
                self.pos += 1;
            }
            Tok::Word
        } else {
            self.pos += 1;
            if b == b',' { Tok::Comma } else { Tok::Other }
        };
        (kind, start, self.pos)
    }
}

fn warn(engine: &mut DiagEngine, id: DiagId, at: Offset) {
    engine.emit(Diagnostic::new(id, at).severity(Severity::Warning));
}

fn warn_comma(engine: &mut DiagEngine, at: Offset) {
    engine.emit(Diagnostic::new(ids::EXP_COMMA, at).severity(Severity::Warning));
}

/// Applies a diagnostic pragma met at `pragma_offset` whose arguments (the rest of the line
/// after the pragma's name) are `args`, starting at offset `args_offset`.
pub fn apply(
    engine: &mut DiagEngine,
    pragma: DiagPragma,
    pragma_offset: Offset,
    args: &[u8],
    args_offset: Offset,
) {
    let at = |i: usize| args_offset + i as Offset;
    let mut lex = Lexer { text: args, pos: 0 };
    if pragma == DiagPragma::Diagnostic {
        let (kind, start, end) = lex.next();
        let action = match (kind, &args[start..end]) {
            (Tok::Word, b"push") => PragmaAction::Push,
            (Tok::Word, b"pop") => PragmaAction::Pop,
            _ => {
                warn(engine, ids::EXP_PUSH_POP, at(start));
                return;
            }
        };
        if engine.pragma(pragma_offset, action).is_err() {
            let (_, end_of_line, _) = lex.next();
            warn(engine, ids::NO_CORRESPONDING_PUSH, at(end_of_line));
        }
        return;
    }
    let mut tok = lex.next();
    // `#pragma nv_diag_suppress = 20091`: an `=` before the list is allowed.
    if tok.0 == Tok::Other && &args[tok.1..tok.2] == b"=" {
        tok = lex.next();
    }
    loop {
        let (kind, start, end) = tok;
        if matches!(kind, Tok::Word | Tok::Number) {
            let item = String::from_utf8_lossy(&args[start..end]);
            match resolve_control_item(&item) {
                Ok(id) => {
                    let action = match pragma {
                        DiagPragma::Set(level) => PragmaAction::Set(level, id),
                        DiagPragma::Default => PragmaAction::Default(id),
                        DiagPragma::Once => PragmaAction::Once(id),
                        DiagPragma::Diagnostic => unreachable!(),
                    };
                    let _ = engine.pragma(pragma_offset, action);
                }
                Err(ControlItemError::InvalidTag) => {
                    warn(engine, ids::INVALID_ERROR_TAG, at(start))
                }
                Err(_) => warn(engine, ids::INVALID_ERROR_NUMBER, at(start)),
            }
            tok = lex.next();
            if tok.0 == Tok::End {
                return;
            }
        } else {
            warn(engine, ids::EXP_ERROR_ARGUMENT, at(start));
            if kind != Tok::End {
                tok = lex.next();
            }
        }
        if tok.0 == Tok::Comma {
            tok = lex.next();
            continue;
        }
        warn_comma(engine, at(tok.1));
        return;
    }
}
