//! The ordinary warnings cudafe++ gives about a function's code that CUDA programs commonly
//! meet: a local read before it is set (#549), a non-void function that can reach its end
//! (#940), an unsigned value compared with zero (#186).
//!
//! The analyses are simple on purpose: straight-line order for #549, a structural
//! reachability test for #940; they are only run on ordinary (non-template) code outside
//! system headers.

use crate::diag::{Diagnostic, Location, ids};
use crate::intern::Symbol;
use crate::sema::{EntityId, EntityKind};
use crate::source_map::Span;
use crate::syntax::ast::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// Remembers the locals of a declaration that have no initializer and whose value is
    /// then indeterminate: scalars (through typedefs and enums too), pointers, arrays of
    /// them, and objects of classes that no constructor sets (`float4`, plain structs).
    pub(crate) fn note_unset_locals(&mut self, specs: &DeclSpecs, declarators: &[InitDeclarator]) {
        if specs.storage.is_some() || specs.is_typedef || specs.is_constexpr {
            return;
        }
        for id in declarators {
            if id.init.is_some() {
                continue;
            }
            let Some(e) = id.entity else { continue };
            // `__shared__` (and other memory spaces): shared by the block, set by other
            // threads; cudafe++ does not warn.
            if self.sema.entity(e).cuda.mem.is_device() {
                continue;
            }
            // In a template, only an object whose type depends on no template parameter, or
            // a pointer.
            if self.indeterminate(specs, &id.declarator.ops, 0)
                && (!self.in_template()
                    || matches!(
                        id.declarator.ops.first(),
                        Some(DeclaratorOp::Pointer { .. })
                    )
                    || self.with_template_types(|c| {
                        let ops = &id.declarator.ops;
                        // An array by its elements' type.
                        let elements = ops
                            .iter()
                            .position(|o| !matches!(o, DeclaratorOp::Array { .. }))
                            .unwrap_or(ops.len());
                        c.declared_type(specs, &ops[elements..], 0).is_some()
                    }))
            {
                self.unset_locals.insert(e, self.loop_depth);
            }
        }
    }

    /// Is an object declared with `specs` and the declarator operators `ops` (from the name
    /// outwards) left without a value when it has no initializer?
    fn indeterminate(&self, specs: &DeclSpecs, ops: &[DeclaratorOp], depth: u32) -> bool {
        self.plain_value(specs, ops, true, depth)
    }

    /// Is an object declared with `specs` and `ops` of scalar type (arithmetic, an enum, a
    /// pointer, through typedefs; an array, which decays to a pointer)?
    pub(crate) fn scalar_decl(&self, specs: &DeclSpecs, ops: &[DeclaratorOp], depth: u32) -> bool {
        self.plain_value(specs, ops, false, depth)
    }

    /// A scalar (an array of them decaying to a pointer unless `classes`), or, with
    /// `classes`, also an array of such objects or an object of a class no constructor
    /// sets.
    fn plain_value(
        &self,
        specs: &DeclSpecs,
        ops: &[DeclaratorOp],
        classes: bool,
        depth: u32,
    ) -> bool {
        if depth > 16 {
            return false;
        }
        match ops.first() {
            Some(DeclaratorOp::Pointer { .. } | DeclaratorOp::MemberPointer { .. }) => true,
            Some(DeclaratorOp::Array { .. }) => {
                !classes || self.plain_value(specs, &ops[1..], classes, depth + 1)
            }
            Some(_) => false,
            None => match &specs.ty {
                TypeSpec::Builtin(b) => !b.void,
                TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => name
                    .resolution
                    .entity()
                    .is_some_and(|t| self.plain_entity(t, classes, depth + 1)),
                _ => false,
            },
        }
    }

    /// [`Checker::plain_value`] for a type named by `t`: an enum, a typedef of such a type,
    /// or (with `classes`) a class no constructor sets.
    fn plain_entity(&self, t: EntityId, classes: bool, depth: u32) -> bool {
        if depth > 16 {
            return false;
        }
        let ent = self.sema.entity(t);
        match ent.kind {
            EntityKind::Enum { .. } => true,
            EntityKind::Typedef => self
                .index
                .typedef_type(t)
                .is_some_and(|(s, d)| self.plain_value(s, &d.ops, classes, depth + 1)),
            // A class without data members (a functor, a tag) has no value to set.
            EntityKind::Class(_) if classes && !ent.is_template && ent.primary.is_none() => {
                self.index.classes.get(&t).is_some_and(|c| {
                    self.constructs_nothing(c, ent.name, depth + 1) && self.has_data(c, depth + 1)
                })
            }
            _ => false,
        }
    }

    /// Does the class (or a base) have a non-static data member?
    fn has_data(&self, c: &ClassSpec, depth: u32) -> bool {
        if depth > 16 {
            return true;
        }
        let own = c.members.iter().any(|m| match &m.kind {
            DeclKind::Simple { specs, declarators } => {
                !specs.is_typedef
                    && !specs.is_friend
                    && specs.storage != Some(StorageClass::Static)
                    && declarators.iter().any(|d| !d.declarator.is_function())
            }
            _ => false,
        });
        own || c.bases.iter().any(|b| {
            b.name.resolution.entity().is_some_and(|e| {
                let e = self.sema.resolve_alias(e);
                self.index
                    .classes
                    .get(&e)
                    .is_some_and(|bc| self.has_data(bc, depth + 1))
            })
        })
    }

    /// A class whose default construction sets nothing: no constructor, no virtual
    /// function, no default member initializer, and only such bases and members.
    fn constructs_nothing(&self, c: &ClassSpec, name: Option<Symbol>, depth: u32) -> bool {
        if depth > 16 {
            return false;
        }
        let is_ctor = |d: &Declarator| {
            d.name
                .as_ref()
                .is_some_and(|n| n.ident().is_some() && n.ident() == name)
        };
        for b in c.bases.iter() {
            if b.pack || b.problem.is_some() || b.is_virtual {
                return false;
            }
            match b.name.resolution.entity() {
                Some(e) if self.plain_entity(self.sema.resolve_alias(e), true, depth + 1) => {}
                _ => return false,
            }
        }
        for m in c.members.iter() {
            match &m.kind {
                DeclKind::Empty
                | DeclKind::Pragma
                | DeclKind::AccessSpec(_)
                | DeclKind::StaticAssert { .. }
                | DeclKind::UsingDecl { .. }
                | DeclKind::UsingEnum { .. }
                | DeclKind::Alias { .. } => {}
                DeclKind::Function(f) => {
                    if f.specs.is_virtual || is_ctor(&f.declarator) {
                        return false;
                    }
                }
                DeclKind::Simple { specs, declarators } => {
                    if specs.is_friend || specs.is_typedef {
                        continue;
                    }
                    if declarators.is_empty() {
                        // A nested class, or an anonymous union or struct member.
                        if let TypeSpec::Class(inner) = &specs.ty
                            && inner.name.is_none()
                            && !self.constructs_nothing(inner, None, depth + 1)
                        {
                            return false;
                        }
                        continue;
                    }
                    for id in declarators.iter() {
                        let d = &id.declarator;
                        if d.is_function() {
                            if specs.is_virtual || is_ctor(d) {
                                return false;
                            }
                            continue;
                        }
                        if specs.storage == Some(StorageClass::Static) {
                            continue;
                        }
                        if id.init.is_some() {
                            return false;
                        }
                        let fine = match &specs.ty {
                            TypeSpec::Class(inner) if d.ops.is_empty() => self.constructs_nothing(
                                inner,
                                inner.name.as_ref().and_then(|n| n.ident()),
                                depth + 1,
                            ),
                            _ => self.indeterminate(specs, &d.ops, depth + 1),
                        };
                        if !fine {
                            return false;
                        }
                    }
                }
                _ => return false,
            }
        }
        true
    }

    /// In a template, does `e` (not a string literal) have a type that may depend on a
    /// template parameter, as far as the model knows?
    pub(crate) fn maybe_dependent(&self, e: &Expr) -> bool {
        self.in_template()
            && !matches!(
                e.unparen().kind,
                ExprKind::Literal(LiteralKind::String) | ExprKind::Strings(_)
            )
            && self.with_template_types(|c| c.type_of(e)).is_none()
    }

    /// `f` with the locals it reads counted as [`Checker::dependent_uses`] when `dependent`.
    pub(crate) fn dependent_use<R>(
        &mut self,
        dependent: bool,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        self.dependent_uses += dependent as u32;
        let r = f(self);
        self.dependent_uses -= dependent as u32;
        r
    }

    /// A use of a local: reading it before it was set warns once.
    pub(crate) fn local_use(&mut self, n: &QualName, read: bool) {
        let Some(id) = n.resolution.entity() else {
            return;
        };
        // In a loop around its declaration, cudafe++ does not say it (a later iteration
        // may read what an earlier one set).
        match self.unset_locals.remove(&id) {
            Some(depth) if read && depth == self.loop_depth && self.dependent_uses == 0 => {}
            _ => return,
        }
        if self.map.is_system(n.span.lo) {
            return;
        }
        let name = n.ident().map(|s| self.name_of(s)).unwrap_or_default();
        self.emit(
            Diagnostic::new(ids::USED_BEFORE_SET, n.span.lo)
                .arg_entity(format!("variable \"{name}\"")),
        );
    }

    /// #940: a host or host-device function returning a value whose end is reachable.
    pub(crate) fn missing_return(&mut self, f: &'a FunctionDef, body: &'a Stmt) {
        let Some(id) = f.entity else { return };
        let e = self.sema.entity(id);
        if e.cuda.exec.is_device_only() || e.cuda.exec.global || e.flags.in_system_header {
            return;
        }
        if self.names.main.is_some() && e.name == self.names.main {
            return;
        }
        let Some(name) = &f.declarator.name else {
            return;
        };
        if !matches!(name.last().kind, NameKind::Ident(_) | NameKind::Operator(_)) {
            return;
        }
        // Constructors and functions returning void or deduced types.
        if matches!(
            f.specs.ty,
            TypeSpec::None | TypeSpec::Auto | TypeSpec::DecltypeAuto
        ) {
            return;
        }
        if f.declarator
            .function()
            .is_some_and(|c| c.trailing_return.is_some())
        {
            return;
        }
        if self.type_is_void(&f.specs, &f.declarator, 1) != Some(false) {
            return;
        }
        if !self.falls_through(body) {
            return;
        }
        let fname = self.function_display_name(id);
        // At the closing brace; when the input ends before it, at the end of the source.
        let at = if body.span.hi as usize >= self.map.text().len() {
            self.report_syntax_before_missing_brace(body.span.lo);
            Location::EndOfSource
        } else {
            Location::At(body.span.hi.saturating_sub(1))
        };
        self.emit(
            Diagnostic::new(ids::IMPLICIT_RETURN_FROM_NON_VOID_FUNCTION, at)
                .arg_entity(format!("function \"{fname}\"")),
        );
    }

    /// #1305 for a function declared `noreturn` (in any of its declarations) that returns:
    /// at each `return` control can reach, and at the closing brace when control can reach
    /// the end. Not for templates, which are checked when instantiated.
    pub(crate) fn noreturn_that_returns(&mut self, f: &'a FunctionDef, body: &'a Stmt) {
        let Some(id) = f.entity else { return };
        if self.in_template()
            || self.sema.entity(id).flags.in_system_header
            || !self.is_noreturn(id)
            || body.span.hi as usize >= self.map.text().len()
        {
            return;
        }
        if self.has_unknown_callee(body) {
            return;
        }
        let mut r = Reach::new(self);
        let end = r.stmt(body, true);
        let mut at = r.returns;
        if end {
            at.push(body.span.hi.saturating_sub(1));
        }
        for a in at {
            self.emit(
                Diagnostic::new(ids::NORETURN_FUNCTION_DOES_RETURN, a)
                    .severity(crate::diag::Severity::Warning),
            );
        }
    }

    /// Does `body` call a function we cannot tell, which may be declared `noreturn`: a
    /// member whose class we do not know, or a name lookup did not resolve?
    fn has_unknown_callee(&self, body: &Stmt) -> bool {
        struct Calls<'c, 'a> {
            c: &'c Checker<'a>,
            unknown: bool,
        }
        impl<'c, 'a, 'b> crate::syntax::visit::Visitor<'b> for Calls<'c, 'a> {
            fn expr(&mut self, e: &'b Expr) {
                if self.unknown {
                    return;
                }
                if let ExprKind::Call { callee, .. } = &e.kind {
                    self.unknown = match &callee.unparen().kind {
                        ExprKind::Name(n) => {
                            !n.ident().is_some_and(|s| {
                                self.c.interner.bytes(s).starts_with(b"__builtin_")
                            }) && n.resolution.entities().is_empty()
                        }
                        ExprKind::Member { base, arrow, name } => {
                            self.c.member_functions(base, *arrow, name).is_none()
                        }
                        _ => false,
                    };
                }
                crate::syntax::visit::walk_expr(self, e);
            }
        }
        let mut v = Calls {
            c: self,
            unknown: false,
        };
        crate::syntax::visit::Visitor::stmt(&mut v, body);
        v.unknown
    }

    /// Can control reach the end of `body`, as EDG follows it (see [`Reach`])?
    fn falls_through(&self, body: &Stmt) -> bool {
        let mut r = Reach::new(self);
        r.stmt(body, true)
    }

    /// #128: the loops of a function or lambda body that control cannot reach, as the
    /// positions of their first tokens; reported when the walk of the body leaves them.
    pub(crate) fn note_unreachable_loops(&mut self, body: &Stmt) {
        if self.map.is_system(body.span.lo) {
            return;
        }
        let mut r = Reach::new(self);
        r.stmt(body, true);
        let loops = r.loops;
        self.unreachable_loops.extend(loops);
    }

    /// After walking the loop `s`: #128 if it cannot be reached.
    pub(crate) fn report_unreachable_loop(&mut self, s: &Stmt) {
        if !self.unreachable_loops.is_empty() && self.unreachable_loops.remove(&s.span.lo) {
            self.emit(Diagnostic::new(ids::LOOP_NOT_REACHABLE, s.span.lo));
        }
    }

    fn condition_value(&self, c: &Condition) -> Option<bool> {
        match c {
            Condition::Expr(e) => match self.eval(e, &Default::default()) {
                super::Value::Int(v) => Some(v != 0),
                _ => None,
            },
            Condition::Decl(_) => None,
        }
    }

    /// `throw ...`, or a call to a function declared `noreturn` (`exit`, `abort`,
    /// `__builtin_unreachable`, `__builtin_trap`).
    fn expr_never_returns(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Throw(_) => true,
            ExprKind::Paren(x) => self.expr_never_returns(x),
            ExprKind::Binary(BinaryOp::Comma, a, b) => {
                self.expr_never_returns(a) || self.expr_never_returns(b)
            }
            ExprKind::Call { callee, .. } => match &callee.unparen().kind {
                ExprKind::Name(n) => {
                    if let Some(sym) = n.ident()
                        && matches!(
                            self.interner.bytes(sym),
                            b"__builtin_unreachable" | b"__builtin_trap" | b"__builtin_abort"
                        )
                    {
                        return true;
                    }
                    n.resolution.entities().iter().any(|&f| self.is_noreturn(f))
                }
                ExprKind::Member { base, arrow, name } => self
                    .member_functions(base, *arrow, name)
                    .is_some_and(|fs| fs.iter().any(|&f| self.is_noreturn(f))),
                _ => false,
            },
            _ => false,
        }
    }

    fn is_noreturn(&self, f: EntityId) -> bool {
        let f = self.sema.resolve_alias(f);
        if self.sema.entity(f).kind != EntityKind::Function {
            return false;
        }
        let Some(decls) = self.index.functions.get(&f) else {
            return false;
        };
        decls.iter().any(|d| {
            let mut attrs = d.specs.attrs.iter().chain(d.declarator.attrs.iter());
            let fattrs = d.declarator.function().map(|c| &c.attrs[..]).unwrap_or(&[]);
            attrs.any(|a| self.interner.bytes(a.name) == b"noreturn")
                || fattrs
                    .iter()
                    .any(|a| self.interner.bytes(a.name) == b"noreturn")
        })
    }

    /// #186: `u >= 0` and `u < 0` (and their mirror images) for an operand `u` of an
    /// unsigned type (before promotion: `unsigned char` too, and `char16_t`, `char32_t`;
    /// not `bool`, an enumeration or `wchar_t`) that is not a constant, against an integral
    /// constant of value zero (`0u`, `'\0'`, `false`, a constant variable or enumerator).
    /// In templates too, where the operand's type depends on no template parameter.
    pub(crate) fn unsigned_compare(&mut self, op: BinaryOp, a: &Expr, b: &Expr, whole: Span) {
        let (value, zero) = match op {
            BinaryOp::Ge | BinaryOp::Lt => (a, b),
            BinaryOp::Le | BinaryOp::Gt => (b, a),
            _ => return,
        };
        if self.map.is_system(whole.lo)
            || !matches!(self.eval(zero, &Default::default()), super::Value::Int(0))
            || !matches!(self.eval(value, &Default::default()), super::Value::Unknown)
        {
            return;
        }
        let in_template = self.template_depth > 0 || self.func.is_some_and(|f| f.in_template);
        // `sizeof(T)` is a constant once instantiated.
        if in_template && mentions_sizeof(value) {
            return;
        }
        self.types_in_templates.set(in_template);
        let t = self.type_of_at(value, 0);
        self.types_in_templates.set(false);
        let unsigned = t.and_then(|t| t.ty.canonical().fund()).is_some_and(|f| {
            use super::types::Fund;
            matches!(
                f,
                Fund::UChar
                    | Fund::UShort
                    | Fund::UInt
                    | Fund::ULong
                    | Fund::ULongLong
                    | Fund::UInt128
                    | Fund::Char16
                    | Fund::Char32
            )
        });
        if unsigned {
            let at = self.operator_after(a);
            self.emit(Diagnostic::new(ids::UNSIGNED_COMPARE_WITH_ZERO, at));
        }
    }

    /// Where the operator after the left operand `lhs` stands: the first non-blank byte
    /// after it.
    pub(crate) fn operator_after(&self, lhs: &Expr) -> u32 {
        let text = self.map.text();
        let mut at = lhs.span.hi as usize;
        while at < text.len() && text[at].is_ascii_whitespace() {
            at += 1;
        }
        at as u32
    }
}

/// Does `e` hold a `sizeof` or `alignof` (through parentheses, operators and casts)?
pub(crate) fn mentions_sizeof(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::SizeofType(_)
        | ExprKind::SizeofExpr(_)
        | ExprKind::SizeofPack(_)
        | ExprKind::AlignofType(_)
        | ExprKind::AlignofExpr(_) => true,
        ExprKind::Paren(x) | ExprKind::Unary(_, x) | ExprKind::Cast { expr: x, .. } => {
            mentions_sizeof(x)
        }
        ExprKind::Binary(_, a, b) => mentions_sizeof(a) || mentions_sizeof(b),
        _ => false,
    }
}

fn has_default(s: &Stmt) -> bool {
    match &s.kind {
        StmtKind::Default(_) => true,
        StmtKind::Compound(list) => list.iter().any(has_default),
        StmtKind::Label { stmt, .. } | StmtKind::Case { stmt, .. } => has_default(stmt),
        _ => false,
    }
}

/// Reachability through a body as EDG follows it, for #128 ("loop is not reachable") and
/// #940 (the end of a non-void function reachable):
///
/// - a jump (`return`, `throw`, `goto`, `break`, `continue`) makes what follows
///   unreachable, as does a call of a `noreturn` function, after which EDG reports no
///   loop;
/// - a label makes its statement reachable, and so does the head of every loop (a jump
///   target of its own): code after an unreachable loop is reachable again unless the loop
///   cannot end;
/// - the first statement with code in an unreachable stretch is the one EDG reports, and
///   only a loop gets a warning: null statements, empty blocks, and declarations without
///   an initializer (typedefs, `static_assert`, classes) have no code;
/// - a constant condition decides which branch of an `if` goes on (both are walked as
///   reachable), whether a loop can end, and the `case` labels of a switch are reachable
///   when the switch is.
pub(crate) struct Reach<'c, 'a> {
    c: &'c Checker<'a>,
    /// An unreachable statement with code has been seen since control was last
    /// reachable.
    warned: bool,
    frames: Vec<Frame>,
    /// The unreachable loops (their first tokens).
    pub loops: Vec<u32>,
    /// The reachable `return` statements (their first tokens).
    pub returns: Vec<u32>,
}

/// An enclosing loop or switch.
struct Frame {
    is_loop: bool,
    /// For a switch: is it reachable (and so are its `case` labels)?
    entry: bool,
    /// A reachable `break` leaves it.
    broke: bool,
    /// A reachable `continue` goes to its condition.
    continued: bool,
}

impl<'c, 'a> Reach<'c, 'a> {
    pub(crate) fn new(c: &'c Checker<'a>) -> Self {
        Reach {
            c,
            warned: false,
            frames: Vec::new(),
            loops: Vec::new(),
            returns: Vec::new(),
        }
    }

    /// A statement with code at `s`, reached when `reach`.
    fn code(&mut self, s: &Stmt, reach: bool, is_loop: bool) {
        if !reach && !self.warned {
            if is_loop {
                self.loops.push(s.span.lo);
            }
            self.warned = true;
        }
    }

    fn frame(&mut self, is_loop: bool, entry: bool) {
        self.frames.push(Frame {
            is_loop,
            entry,
            broke: false,
            continued: false,
        });
    }

    /// Walks `s`, entered when `reach`; returns whether control can leave it at its end.
    pub(crate) fn stmt(&mut self, s: &Stmt, reach: bool) -> bool {
        if reach {
            self.warned = false;
        }
        match &s.kind {
            StmtKind::Compound(list) => {
                let mut r = reach;
                for x in list.iter() {
                    r = self.stmt(x, r);
                }
                r
            }
            StmtKind::Null | StmtKind::Pragma => reach,
            // A `return` whose value did not parse still returns (EDG keeps the statement).
            StmtKind::Error => {
                let text = &self.c.map.text()[s.span.lo as usize..];
                let is_return = text.starts_with(b"return")
                    && text
                        .get(6)
                        .is_none_or(|b| !(b.is_ascii_alphanumeric() || *b == b'_'));
                reach && !is_return
            }
            StmtKind::Decl(d) => {
                let has_code = match &d.kind {
                    DeclKind::Simple { declarators, .. } => {
                        declarators.iter().any(|d| d.init.is_some())
                    }
                    _ => false,
                };
                if has_code {
                    self.code(s, reach, false);
                }
                reach
            }
            StmtKind::Expr(e) => {
                self.code(s, reach, false);
                if throws(e) {
                    false
                } else if self.c.expr_never_returns(e) {
                    // EDG reports no loop after a call that does not return.
                    self.warned = true;
                    false
                } else {
                    reach
                }
            }
            StmtKind::Asm => {
                self.code(s, reach, false);
                reach
            }
            StmtKind::Label { stmt, .. } => self.stmt(stmt, true),
            StmtKind::Case { stmt, .. } | StmtKind::Default(stmt) => {
                let entry = self
                    .frames
                    .iter()
                    .rev()
                    .find(|f| !f.is_loop)
                    .is_none_or(|f| f.entry);
                self.stmt(stmt, reach || entry)
            }
            StmtKind::If {
                init,
                cond,
                then,
                else_,
                consteval,
                ..
            } => {
                self.code(s, reach, false);
                let reach = match init {
                    Some(i) => self.stmt(i, reach),
                    None => reach,
                };
                let value = match (consteval, cond) {
                    (None, Some(c)) => self.c.condition_value(c),
                    _ => None,
                };
                let then_end = self.stmt(then, reach);
                let else_end = match else_ {
                    Some(e) => self.stmt(e, reach),
                    None => reach,
                };
                match value {
                    Some(true) => then_end,
                    Some(false) => else_end,
                    None => then_end || else_end,
                }
            }
            StmtKind::While { cond, body } => {
                self.code(s, reach, true);
                self.frame(true, true);
                self.stmt(body, true);
                let f = self.frames.pop().expect("frame");
                self.c.condition_value(cond) != Some(true) || f.broke
            }
            StmtKind::For {
                init, cond, body, ..
            } => {
                self.code(s, reach, true);
                if let Some(i) = init {
                    self.stmt(i, reach);
                }
                self.frame(true, true);
                self.stmt(body, true);
                let f = self.frames.pop().expect("frame");
                let forever = cond
                    .as_deref()
                    .is_none_or(|c| self.c.condition_value(c) == Some(true));
                !forever || f.broke
            }
            StmtKind::RangeFor { init, body, .. } => {
                self.code(s, reach, true);
                if let Some(i) = init {
                    self.stmt(i, reach);
                }
                self.frame(true, true);
                self.stmt(body, true);
                self.frames.pop();
                true
            }
            StmtKind::DoWhile { body, cond } => {
                self.code(s, reach, true);
                self.frame(true, true);
                let body_end = self.stmt(body, true);
                let f = self.frames.pop().expect("frame");
                let forever = matches!(
                    self.c.eval(cond, &Default::default()),
                    super::Value::Int(v) if v != 0
                );
                ((body_end || f.continued) && !forever) || f.broke
            }
            StmtKind::Switch { init, body, .. } => {
                self.code(s, reach, false);
                let reach = match init {
                    Some(i) => self.stmt(i, reach),
                    None => reach,
                };
                self.frame(false, reach);
                // What precedes the first label is reached by no path.
                self.warned = true;
                let body_end = self.stmt(body, false);
                let f = self.frames.pop().expect("frame");
                body_end || f.broke || (reach && !has_default(body))
            }
            StmtKind::Break => {
                self.code(s, reach, false);
                if reach && let Some(f) = self.frames.last_mut() {
                    f.broke = true;
                }
                false
            }
            StmtKind::Continue => {
                self.code(s, reach, false);
                if reach && let Some(f) = self.frames.iter_mut().rev().find(|f| f.is_loop) {
                    f.continued = true;
                }
                false
            }
            StmtKind::Return(_) | StmtKind::CoReturn(_) | StmtKind::Goto(_) => {
                self.code(s, reach, false);
                if reach && matches!(s.kind, StmtKind::Return(_)) {
                    self.returns.push(s.span.lo);
                }
                false
            }
            StmtKind::Try { body, handlers } => {
                self.code(s, reach, false);
                let mut end = self.stmt(body, reach);
                for h in handlers.iter() {
                    end |= self.stmt(&h.body, reach);
                }
                end
            }
        }
    }
}

/// A `throw` expression (in parentheses or after a comma).
fn throws(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Throw(_) => true,
        ExprKind::Paren(x) => throws(x),
        ExprKind::Binary(BinaryOp::Comma, a, b) => throws(a) || throws(b),
        _ => false,
    }
}
