//! Jumps and labels: `break` outside a loop or `switch` (#116), `continue` outside a loop
//! (#115), a second `default` (#124) or a case value seen before (#1578, with the line of
//! the first) in one `switch`, and a `goto` to a label the function never defines (#114,
//! after everything else in the function, as cudafe++ finds it at the end).

use crate::diag::{Diagnostic, ids};
use crate::intern::{FxHashSet, Symbol};
use crate::syntax::ast::*;

use super::Checker;
use super::consteval::{Bindings, Value};

/// What the statements being walked may jump to, in one function or lambda body.
#[derive(Default)]
pub(crate) struct Jumps {
    /// Loops and switches around (`break`), loops around (`continue`).
    breakable: u32,
    continuable: u32,
    /// The switches around, innermost last.
    switches: Vec<SwitchLabels>,
    labels: FxHashSet<Symbol>,
    /// Each `goto label;`: the label and where its name is.
    gotos: Vec<(Symbol, u32)>,
}

#[derive(Default)]
struct SwitchLabels {
    default_seen: bool,
    /// The case values so far (GNU ranges as they are, single values as ranges of one),
    /// with where each is; `None` once a value we cannot compute makes the set uncertain.
    values: Option<Vec<(i128, i128, u32)>>,
}

impl<'a> Checker<'a> {
    /// Starts a function or lambda body: nothing to jump to yet. Returns what was around.
    pub(crate) fn enter_jump_scope(&mut self) -> Jumps {
        std::mem::take(&mut self.jumps)
    }

    /// Ends a function or lambda body: the labels its `goto`s name but it does not define.
    pub(crate) fn leave_jump_scope(&mut self, outer: Jumps) {
        let inner = std::mem::replace(&mut self.jumps, outer);
        let mut reported: FxHashSet<Symbol> = FxHashSet::default();
        for (label, at) in inner.gotos {
            if inner.labels.contains(&label) || !reported.insert(label) {
                continue;
            }
            let name = self.interner.name(label).into_owned();
            self.emit(
                Diagnostic::new(ids::NEVER_DEFINED, at).arg_entity(format!("label \"{name}\"")),
            );
        }
    }

    /// Walks a loop's body (`inside`): `break` and `continue` may stand in it.
    pub(crate) fn in_loop(&mut self, inside: impl FnOnce(&mut Self)) {
        self.jumps.breakable += 1;
        self.jumps.continuable += 1;
        inside(self);
        self.jumps.breakable -= 1;
        self.jumps.continuable -= 1;
    }

    /// Walks a switch's body: `break`, `case` and `default` belong to it.
    pub(crate) fn in_switch(&mut self, inside: impl FnOnce(&mut Self)) {
        self.jumps.breakable += 1;
        self.jumps.switches.push(SwitchLabels {
            default_seen: false,
            values: Some(Vec::new()),
        });
        inside(self);
        self.jumps.switches.pop();
        self.jumps.breakable -= 1;
    }

    pub(crate) fn break_stmt(&mut self, s: &Stmt) {
        if self.jumps.breakable == 0 {
            self.emit(Diagnostic::new(
                ids::BREAK_MUST_BE_IN_LOOP_OR_SWITCH,
                s.span.lo,
            ));
        }
    }

    pub(crate) fn continue_stmt(&mut self, s: &Stmt) {
        if self.jumps.continuable == 0 {
            self.emit(Diagnostic::new(ids::CONTINUE_MUST_BE_IN_LOOP, s.span.lo));
        }
    }

    pub(crate) fn default_label(&mut self, s: &Stmt) {
        let Some(sw) = self.jumps.switches.last_mut() else {
            return;
        };
        if std::mem::replace(&mut sw.default_seen, true) {
            self.emit(Diagnostic::new(
                ids::DEFAULT_LABEL_APPEARS_MORE_THAN_ONCE,
                s.span.lo,
            ));
        }
    }

    /// `case value:` (or GNU's `case value ... upper:`).
    pub(crate) fn case_label(&mut self, value: &Expr, upper: Option<&Expr>) {
        if self.jumps.switches.is_empty() {
            return;
        }
        let bind = Bindings::default();
        let lo = self.eval(value, &bind);
        let hi = match upper {
            Some(u) => self.eval(u, &bind),
            None => lo,
        };
        let Some(sw) = self.jumps.switches.last_mut() else {
            return;
        };
        let Some(values) = &mut sw.values else {
            return;
        };
        let (lo, hi) = match (lo, hi) {
            (Value::Int(lo), Value::Int(hi)) => (lo, hi),
            // A value that depends on template parameters is checked in instances.
            (Value::Dependent, _) | (_, Value::Dependent) => return,
            _ => {
                sw.values = None;
                return;
            }
        };
        let first = values
            .iter()
            .find(|&&(a, b, _)| lo <= b && a <= hi)
            .map(|&(_, _, at)| at);
        match first {
            None => values.push((lo, hi, value.span.lo)),
            Some(first) if upper.is_none() => {
                self.emit(Diagnostic::new(ids::CASE_LABEL_CONFLICT, value.span.lo).arg_pos(first))
            }
            // A range over values seen before: EDG says it otherwise.
            Some(_) => sw.values = None,
        }
    }

    pub(crate) fn label(&mut self, name: Symbol) {
        self.jumps.labels.insert(name);
    }

    /// `goto name;`: the label's name follows the keyword.
    pub(crate) fn goto_stmt(&mut self, s: &Stmt, name: Option<Symbol>) {
        let Some(name) = name else { return };
        let text = self.map.text();
        let mut at = s.span.lo as usize + "goto".len();
        while at < text.len() && text[at].is_ascii_whitespace() {
            at += 1;
        }
        self.jumps.gotos.push((name, at as u32));
    }
}

/// What a declaration in a switch's body does for a jump past it to a later label.
enum Bypassed {
    /// Nothing: no initialization to skip.
    Nothing,
    /// The initialization of these variables (name, where declared).
    Vars(Vec<(Symbol, u32)>),
    /// We cannot tell (an object of class type without an initializer may be constructed).
    Unknown,
}

impl<'a> Checker<'a> {
    /// #546 (a warning here) for a switch whose `case` or `default` labels, in its body's
    /// block, come after declarations that initialize variables: one diagnostic at the
    /// `switch`, naming every variable some label bypasses.
    pub(crate) fn switch_bypass(&mut self, switch_at: u32, body: &Stmt) {
        let StmtKind::Compound(stmts) = &body.kind else {
            return;
        };
        let mut declared: Vec<(Symbol, u32)> = Vec::new();
        let mut bypassed: Vec<(Symbol, u32)> = Vec::new();
        for s in stmts.iter() {
            if has_case_label(s) {
                for v in declared.drain(..) {
                    bypassed.push(v);
                }
            }
            match self.initializes(innermost_labelled(s)) {
                Bypassed::Nothing => {}
                Bypassed::Vars(vs) => declared.extend(vs),
                Bypassed::Unknown => return,
            }
        }
        if bypassed.is_empty() {
            return;
        }
        let here = self.map.presumed(switch_at);
        let mut d = Diagnostic::new(ids::BRANCH_PAST_INITIALIZATION, switch_at)
            .severity(crate::diag::Severity::Warning);
        for (name, at) in bypassed {
            let p = self.map.presumed(at);
            if p.file != here.file {
                return;
            }
            let name = self.interner.name(name).into_owned();
            d = d.detail(format!("variable \"{name}\" (declared at line {})", p.line));
        }
        self.emit(d);
    }

    fn initializes(&self, s: &Stmt) -> Bypassed {
        let StmtKind::Decl(decl) = &s.kind else {
            return Bypassed::Nothing;
        };
        let DeclKind::Simple { specs, declarators } = &decl.kind else {
            return Bypassed::Nothing;
        };
        if specs.is_typedef
            || matches!(
                specs.storage,
                Some(StorageClass::Static | StorageClass::Extern | StorageClass::ThreadLocal)
            )
            || specs.thread_local
        {
            return Bypassed::Nothing;
        }
        let mut vars = Vec::new();
        for id in declarators.iter() {
            if id.declarator.is_function() {
                continue;
            }
            let Some(name) = id.declarator.name.as_ref() else {
                return Bypassed::Unknown;
            };
            let (Some(sym), false) = (name.ident(), name.is_qualified()) else {
                return Bypassed::Unknown;
            };
            if id.init.is_some() {
                vars.push((sym, name.span.lo));
                continue;
            }
            // Without an initializer: scalars, pointers and arrays of them are left
            // uninitialized; anything else may have a constructor.
            let scalar =
                id.declarator.ops.iter().all(|o| {
                    matches!(o, DeclaratorOp::Pointer { .. } | DeclaratorOp::Array { .. })
                });
            let plain = matches!(specs.ty, TypeSpec::Builtin(_))
                || id
                    .declarator
                    .ops
                    .iter()
                    .any(|o| matches!(o, DeclaratorOp::Pointer { .. }));
            if !(scalar && plain) {
                return Bypassed::Unknown;
            }
        }
        if vars.is_empty() {
            Bypassed::Nothing
        } else {
            Bypassed::Vars(vars)
        }
    }
}

/// Does `s` carry a `case` or `default` label of the switch around it (itself or a
/// statement nested in it, not in a nested switch)?
fn has_case_label(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Case { .. } | StmtKind::Default(_) => true,
        StmtKind::Label { stmt, .. } => has_case_label(stmt),
        StmtKind::Compound(v) => v.iter().any(has_case_label),
        StmtKind::If { then, else_, .. } => {
            has_case_label(then) || else_.as_deref().is_some_and(has_case_label)
        }
        StmtKind::While { body, .. }
        | StmtKind::DoWhile { body, .. }
        | StmtKind::For { body, .. }
        | StmtKind::RangeFor { body, .. } => has_case_label(body),
        _ => false,
    }
}

/// The statement under a chain of labels (`case 1: case 2: int a = 1;`).
fn innermost_labelled(s: &Stmt) -> &Stmt {
    match &s.kind {
        StmtKind::Case { stmt, .. } | StmtKind::Default(stmt) | StmtKind::Label { stmt, .. } => {
            innermost_labelled(stmt)
        }
        _ => s,
    }
}
