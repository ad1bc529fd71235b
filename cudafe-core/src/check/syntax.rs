//! Syntax errors: the lexer's errors and the constructs the parser skipped
//! ([`Recovery`]), reported as cudafe++ reports them — `x.cu(3): error: expected a ";"` — in
//! source order, each once.
//!
//! The walk reports a skipped declaration or statement where it meets it (so it comes in
//! order with the diagnostics of the checks around it); whatever the walk does not meet is
//! reported before the next declaration of its namespace, and the rest at the end. The
//! message is cudafe++'s for what the parser expected when the catalogue has it (`expected
//! an expression`, `expected a ";"`), else `expected a declaration`. Nesting deeper than the
//! parser goes ([`crate::syntax::parser::MAX_DEPTH`], or the thread's stack) is a
//! catastrophe: `program too large or complicated to compile`.

use crate::diag::catalogue::{self, DiagId};
use crate::diag::{Diagnostic, Location, Severity, ids};
use crate::intern::FxHashMap;
use crate::lexer::{LexError, LexErrorKind};
use crate::sema::EntityKind;
use crate::source_map::{Offset, Span};
use crate::syntax::ast::{BaseProblem, Recovery, TagKind};
use crate::syntax::parser::TOO_DEEP;

use super::Checker;

/// One syntax problem, in source order.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Problem {
    at: Offset,
    kind: ProblemKind,
}

#[derive(Debug, Clone, Copy)]
enum ProblemKind {
    Lex(LexErrorKind),
    /// An index into the unit's recoveries.
    Recovery(usize),
}

/// The lexer's errors and the parser's recoveries, sorted by where they are (a lexical
/// error before a recovery at the same place: cudafe++ reports the bad token first).
/// Also returns, for each skipped span, the index of its first recovery in that order.
pub(crate) fn problems(
    text: &[u8],
    lex_errors: &[LexError],
    recoveries: &[Recovery],
) -> (Vec<Problem>, FxHashMap<Span, usize>) {
    let mut out: Vec<Problem> = lex_errors
        .iter()
        .filter_map(|e| match e.kind {
            LexErrorKind::UnrecognizedLineMarker => bad_file_name(text, e.span).map(|at| Problem {
                at,
                kind: ProblemKind::Lex(e.kind),
            }),
            kind => Some(Problem {
                at: e.span.lo,
                kind: ProblemKind::Lex(kind),
            }),
        })
        .chain(recoveries.iter().enumerate().map(|(i, r)| Problem {
            at: r.at.lo,
            kind: ProblemKind::Recovery(i),
        }))
        .collect();
    out.sort_by_key(|p| {
        (
            p.at,
            match p.kind {
                ProblemKind::Lex(_) => 0,
                ProblemKind::Recovery(i) => 1 + i,
            },
        )
    });
    let mut by_span = FxHashMap::default();
    for (n, p) in out.iter().enumerate() {
        if let ProblemKind::Recovery(i) = p.kind {
            by_span.entry(recoveries[i].span).or_insert(n);
        }
    }
    (out, by_span)
}

/// A line marker the source map did not take (`# 12 foo.h`, `# 12 "unterminated`): where
/// its file name should be, when what follows its line number is not a file name in quotes
/// — cudafe++'s `expected a file name`. A marker with a line number only (`# 12`), or with
/// flags cudafe++ ignores, is fine.
fn bad_file_name(text: &[u8], line: Span) -> Option<Offset> {
    let hi = (line.hi as usize).min(text.len());
    let mut i = (line.lo as usize).min(hi);
    let blanks = |i: &mut usize| {
        while *i < hi && matches!(text[*i], b' ' | b'\t') {
            *i += 1;
        }
    };
    blanks(&mut i);
    if text.get(i) == Some(&b'#') {
        i += 1;
    }
    blanks(&mut i);
    if text[i..hi].starts_with(b"line") {
        i += 4;
        blanks(&mut i);
    }
    while i < hi && text[i].is_ascii_digit() {
        i += 1;
    }
    blanks(&mut i);
    let rest = text[i..hi].trim_ascii_end();
    let ok = match rest.strip_prefix(b"\"") {
        None => rest.is_empty(),
        Some(name) => name.contains(&b'"'),
    };
    (!ok).then_some(i as Offset)
}

/// The diagnostic for a message the catalogue has word for word.
fn by_text(text: &str) -> Option<DiagId> {
    catalogue::entries()
        .iter()
        .find(|e| e.text == text && e.severity.is_some_and(|s| s.is_error()))
        .map(|e| DiagId(e.number))
}

fn lex_diag(kind: LexErrorKind) -> DiagId {
    use LexErrorKind::*;
    match kind {
        UnterminatedString | UnterminatedChar => DiagId(8),
        UnterminatedComment => DiagId(6),
        // `''`: "quoted string should contain at least one character".
        EmptyChar => DiagId(25),
        StrayCharacter | StrayBackslash | InvalidCharacter | InvalidUtf8 => DiagId(7),
        other => by_text(&other.message()).unwrap_or(DiagId(7)),
    }
}

fn recovery_diag(r: &Recovery) -> (DiagId, Severity) {
    if r.what.starts_with(TOO_DEEP) {
        return (DiagId(143), Severity::Catastrophe);
    }
    let id = match r.expected {
        Some(";") => Some(ids::EXP_SEMICOLON),
        Some(")") => Some(ids::EXP_RPAREN),
        Some("]") => Some(ids::EXP_RBRACKET),
        Some("}") => Some(ids::EXP_RBRACE),
        Some("(") => Some(ids::EXP_LPAREN),
        Some("{") => Some(ids::EXP_LBRACE),
        Some(":") => Some(ids::EXP_COLON),
        _ => None,
    };
    let id = id.or_else(|| {
        let text = r.what.split(" (at ").next().unwrap_or(&r.what);
        by_text(text)
    });
    let id = id.unwrap_or(DiagId(169)); // expected a declaration
    (id, id.default_severity())
}

impl<'a> Checker<'a> {
    fn location(&self, at: Offset) -> Location {
        if at as usize >= self.map.text().len() {
            Location::EndOfSource
        } else {
            Location::At(at)
        }
    }

    fn report_problem(&mut self, p: Problem) {
        let d = match p.kind {
            ProblemKind::Lex(LexErrorKind::UnrecognizedLineMarker) => {
                Diagnostic::new(DiagId(13), self.location(p.at))
            }
            ProblemKind::Lex(kind) => Diagnostic::new(lex_diag(kind), self.location(p.at)),
            ProblemKind::Recovery(i) => {
                let r = &self.recoveries[i];
                if let Some(b) = &r.base {
                    self.base_problem(b);
                    if matches!(
                        **b,
                        BaseProblem::UndefinedType { .. }
                            | BaseProblem::NoMember { .. }
                            | BaseProblem::QualifiedNoType { .. }
                            | BaseProblem::QualifiedParamNoType { .. }
                            | BaseProblem::NotATemplateType { .. }
                            | BaseProblem::UnexpectedTemplateArgs { .. }
                    ) {
                        return;
                    }
                }
                let (id, severity) = recovery_diag(r);
                let mut d = Diagnostic::new(id, self.location(p.at)).severity(severity);
                if let Some(open) = r.open {
                    d = d.note(Diagnostic::new(ids::MATCHING_LBRACE, Location::At(open.lo)));
                }
                // Far enough from the error, cudafe++ says where it took up parsing again.
                let restart = r.restart.filter(|&at| {
                    let (from, to) = (self.map.presumed(p.at), self.map.presumed(at.lo));
                    from.file == to.file && to.line >= from.line + 3
                });
                self.emit(d);
                if let Some(at) = restart {
                    self.emit(
                        Diagnostic::new(ids::END_OF_FLUSH, Location::At(at.lo))
                            .severity(Severity::Warning),
                    );
                }
                return;
            }
        };
        self.emit(d);
    }

    /// The error for a base-specifier whose name denotes no class (cudafe++ drops the
    /// base).
    pub(crate) fn base_problem(&mut self, b: &BaseProblem) {
        let d = match *b {
            BaseProblem::NotAClass { at } => {
                Diagnostic::new(ids::NOT_A_CLASS_OR_STRUCT_NAME, at.lo)
            }
            BaseProblem::NotATemplate { name, at } | BaseProblem::NotATemplateType { name, at } => {
                Diagnostic::new(ids::NOT_A_TEMPLATE, at.lo).arg_str(self.name_of(name))
            }
            BaseProblem::NoMemberClass { owner, name, at } => {
                let kind = match self.sema.entity(owner).kind {
                    EntityKind::Namespace => "namespace",
                    EntityKind::Class(TagKind::Union) => "union",
                    _ => "class",
                };
                let owner = self
                    .sema
                    .qualified_name_with(owner, self.interner, Some("<unnamed>"));
                Diagnostic::new(ids::NOT_A_MEMBER_CLASS, at.lo)
                    .arg_entity(format!("{kind} \"{owner}\""))
                    .arg_str(self.name_of(name))
            }
            BaseProblem::NoMember { owner, name, at } => {
                let owner = self
                    .sema
                    .qualified_name_with(owner, self.interner, Some("<unnamed>"));
                Diagnostic::new(ids::NOT_A_MEMBER, at.lo)
                    .arg_entity(format!("namespace \"{owner}\""))
                    .arg_str(self.name_of(name))
            }
            BaseProblem::QualifiedNoType { at } => {
                self.emit(Diagnostic::new(ids::QUALIFIED_NAME_NOT_ALLOWED, at.lo));
                Diagnostic::new(ids::MISSING_DECL_SPECIFIERS, at.lo)
            }
            BaseProblem::QualifiedParamNoType { at } => {
                self.emit(Diagnostic::new(ids::MISSING_TYPE_SPECIFIER, at.lo));
                Diagnostic::new(ids::QUALIFIED_NAME_NOT_ALLOWED, at.lo)
            }
            BaseProblem::GlobalNoClass { name, at } => {
                Diagnostic::new(ids::NAME_NOT_CLASS_IN_FILE_SCOPE, at.lo)
                    .arg_str(self.name_of(name))
            }
            BaseProblem::NotClassOrNamespace { at } => {
                Diagnostic::new(ids::ID_MUST_BE_CLASS_OR_NAMESPACE_NAME, at.lo)
            }
            BaseProblem::NoTypeSpecifier { at } => {
                Diagnostic::new(ids::MISSING_DECL_SPECIFIERS, at.lo)
            }
            BaseProblem::UnexpectedTemplateArgs { entity, at } => {
                let what = match self.sema.entity(entity).kind {
                    EntityKind::Class(_) => "class",
                    _ => "type",
                };
                let shown = self.sema.qualified_name(entity, self.interner);
                Diagnostic::new(ids::UNEXPECTED_TEMPLATE_ARG_LIST, at.lo)
                    .arg_entity(format!("{what} \"{shown}\""))
            }
            BaseProblem::UndefinedType { name, at } | BaseProblem::Undeclared { name, at } => {
                Diagnostic::new(ids::UNDEFINED_IDENTIFIER, at.lo).arg_str(self.name_of(name))
            }
        };
        self.emit(d);
    }

    /// Reports the syntax problems up to and including the one at `index`.
    fn report_syntax_through(&mut self, index: usize) {
        while self.syntax_next <= index && self.syntax_next < self.syntax.len() {
            let p = self.syntax[self.syntax_next];
            self.syntax_next += 1;
            self.report_problem(p);
        }
    }

    /// Reports the syntax problems before `offset` not reported yet.
    pub(crate) fn report_syntax_before(&mut self, offset: Offset) {
        while let Some(&p) = self.syntax.get(self.syntax_next)
            && p.at < offset
        {
            self.syntax_next += 1;
            self.report_problem(p);
        }
    }

    /// Before a diagnostic at the end of the input about the function body whose `{` is at
    /// `open` (#940): the syntax problems recorded before the body's missing `}`, in the
    /// order cudafe++ meets them (a class's own `}` comes before the bodies of its members).
    pub(crate) fn report_syntax_before_missing_brace(&mut self, open: Offset) {
        let Some(k) = self.syntax[self.syntax_next..].iter().position(|p| {
            matches!(p.kind, ProblemKind::Recovery(i)
                if self.recoveries[i].open.is_some_and(|o| o.lo == open))
        }) else {
            return;
        };
        let end = self.syntax_next + k;
        while self.syntax_next < end {
            let p = self.syntax[self.syntax_next];
            self.syntax_next += 1;
            self.report_problem(p);
        }
    }

    /// A construct the parser skipped (a declaration or statement of kind `Error` with this
    /// span): its recovery, and the problems before it not reported yet.
    pub(crate) fn parse_error(&mut self, span: Span) {
        if let Some(&i) = self.syntax_by_span.get(&span) {
            self.report_syntax_through(i);
        }
    }
}
