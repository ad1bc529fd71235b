//! What function bodies may do: cross-space calls, unconfigured kernel calls, direct use of
//! device variables in host code, device-memory locals in host functions, execution-space
//! annotations on lambdas; and the checks that wait for a template's instantiation.

use crate::diag::{DiagId, Diagnostic, ids};
use crate::intern::Symbol;
use crate::sema::{EntityId, EntityKind, MemSpace};
use crate::source_map::{Span, holds_unqualified_word};
use crate::syntax::ast::*;
use crate::syntax::visit::{Visitor, walk_expr};

use super::consteval::Bindings;
use super::index::FnDecl;
use super::{Checker, Exec, FnCtx};

/// How an expression's value is used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Use {
    Read,
    Write,
    /// `x++`, `x += 1`: a write that reads the old value first.
    ReadWrite,
    /// `&x`, a reference binding, `sizeof`, `decltype`: no access.
    NoAccess,
}

impl<'a> Checker<'a> {
    pub(crate) fn function_body(&mut self, f: &'a FunctionDef) {
        let body = match &f.body {
            FunctionBody::Compound(s) => s.as_ref(),
            FunctionBody::Try { body, .. } => body.as_ref(),
            FunctionBody::Skipped(pragmas) => {
                for &p in pragmas.iter() {
                    self.pragma(p);
                }
                return;
            }
            _ => return,
        };
        let exec = f
            .entity
            .map(|e| self.sema.entity(e).cuda.exec)
            .unwrap_or_default();
        let saved = self.func.replace(FnCtx {
            entity: f.entity,
            exec,
            in_template: self.template_depth > 0,
        });
        let saved_unset = std::mem::take(&mut self.unset_locals);
        let saved_fn = self.cur_fn.replace(f);
        let saved_frames = std::mem::take(&mut self.lambda_frames);
        let saved_locals = std::mem::take(&mut self.locals);
        let saved_undefined = std::mem::take(&mut self.undefined_names);
        let saved_loops = std::mem::take(&mut self.loop_depth);
        let saved_member_decls = std::mem::take(&mut self.in_member_decls);
        let saved_jumps = self.enter_jump_scope();
        if let Some(chunk) = f.declarator.function() {
            self.push_params(chunk);
        }
        for init in &f.mem_inits {
            for a in &init.args {
                self.expr(a, Use::Read);
            }
            self.narrowing_member_initializer(init);
        }
        self.note_unreachable_loops(body);
        self.stmt(body);
        if let FunctionBody::Try { handlers, .. } = &f.body {
            for h in handlers {
                self.note_unreachable_loops(&h.body);
                self.handler(h);
            }
        }
        if self.template_depth == 0 {
            self.missing_return(f, body);
        }
        self.noreturn_that_returns(f, body);
        self.leave_jump_scope(saved_jumps);
        self.unset_locals = saved_unset;
        self.cur_fn = saved_fn;
        self.lambda_frames = saved_frames;
        self.locals = saved_locals;
        self.undefined_names = saved_undefined;
        self.loop_depth = saved_loops;
        self.in_member_decls = saved_member_decls;
        self.func = saved;
    }

    /// A catch handler: its parameter is a local of its body.
    fn handler(&mut self, h: &'a Handler) {
        let mark = self.locals.len();
        let undefined_mark = self.undefined_names.len();
        if let Some(p) = &h.param
            && let Some(sym) = p.declarator.name.as_ref().and_then(|n| n.ident())
        {
            self.locals.push(super::lambda::Local {
                sym,
                entity: p.entity,
                ty: Some((&p.specs, &p.declarator)),
                binding: false,
            });
        }
        self.stmt(&h.body);
        self.locals.truncate(mark);
        self.undefined_names.truncate(undefined_mark);
    }

    /// The names a structured binding declares (`auto [a, b]`), as locals of unknown type.
    fn push_structured_binding(&mut self, d: &'a Declarator) {
        let text = self.map.slice(d.span);
        let Some(open) = text.iter().position(|&b| b == b'[') else {
            return;
        };
        let mut i = open + 1;
        while i < text.len() && text[i] != b']' {
            let b = text[i];
            if b.is_ascii_alphabetic() || b == b'_' {
                let start = i;
                while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
                    i += 1;
                }
                if let Some(sym) = self.interner.get(&text[start..i]) {
                    self.locals.push(super::lambda::Local {
                        sym,
                        entity: None,
                        ty: None,
                        binding: true,
                    });
                }
            } else {
                i += 1;
            }
        }
    }

    /// A lambda's body.
    pub(crate) fn stmt_in_lambda(&mut self, s: &'a Stmt) {
        let outer = self.enter_jump_scope();
        self.note_unreachable_loops(s);
        self.stmt(s);
        self.leave_jump_scope(outer);
    }

    /// The expressions of an initializer, read.
    pub(crate) fn initializer_exprs(&mut self, init: &'a Initializer) {
        match init {
            Initializer::Assign(e) | Initializer::Brace(e) => self.expr(e, Use::Read),
            Initializer::Paren(args, _) => {
                for a in args {
                    self.expr(a, Use::Read);
                }
            }
            _ => {}
        }
    }

    fn stmt(&mut self, s: &'a Stmt) {
        // A statement in an expression (a lambda's body, a statement expression) has calls
        // of its own.
        let calls_checked = std::mem::take(&mut self.calls_checked);
        self.stmt_inner(s);
        self.calls_checked = calls_checked;
    }

    fn stmt_inner(&mut self, s: &'a Stmt) {
        // Syntax errors the parser read past (it went on after them) come in order.
        self.report_syntax_before(s.span.lo);
        // Declarations (also behind labels) add to the enclosing scope; other statements
        // open their own.
        let locals_mark = match &s.kind {
            StmtKind::Decl(_)
            | StmtKind::Label { .. }
            | StmtKind::Case { .. }
            | StmtKind::Default(_) => None,
            _ => Some(self.locals.len()),
        };
        // The scopes EDG enters undeclared names into: blocks and the statements that
        // open one.
        let undefined_mark = match &s.kind {
            StmtKind::Compound(_)
            | StmtKind::If { .. }
            | StmtKind::Switch { .. }
            | StmtKind::While { .. }
            | StmtKind::DoWhile { .. }
            | StmtKind::For { .. }
            | StmtKind::RangeFor { .. }
            | StmtKind::Try { .. } => Some(self.undefined_names.len()),
            _ => None,
        };
        let is_loop = matches!(
            s.kind,
            StmtKind::While { .. }
                | StmtKind::DoWhile { .. }
                | StmtKind::For { .. }
                | StmtKind::RangeFor { .. }
        );
        let hoisted = self.stmt_kind(s);
        if is_loop {
            self.report_unreachable_loop(s);
        }
        if let Some(m) = locals_mark {
            self.locals.truncate(m);
        }
        if let Some(u) = undefined_mark {
            self.undefined_names.truncate(u);
            self.undefined_names.extend(hoisted);
        }
    }

    /// The body of an `if`, `else`, `switch`, loop: a scope of its own even when it is
    /// not a block.
    fn substmt(&mut self, s: &'a Stmt) {
        let u = self.undefined_names.len();
        self.stmt(s);
        self.undefined_names.truncate(u);
    }

    /// The body of a loop. A local declared before the loop and read in it is not reported
    /// as used before set (an earlier iteration may have set it); the condition of a
    /// `while` or `for`, evaluated before the first iteration, is outside.
    fn loop_body(&mut self, s: &'a Stmt) {
        self.loop_depth += 1;
        self.in_loop(|me| me.substmt(s));
        self.loop_depth -= 1;
    }

    /// Walks `e` as part of the statement around it, not of a scope of its own: the
    /// undeclared names it uses are returned, to stay known after the statement (EDG
    /// opens no scope for a `while` or `do` condition, nor for an `if`, `switch` or
    /// `for` without an init-statement or a declaration as condition).
    fn hoisted(&mut self, walk: impl FnOnce(&mut Self)) -> Vec<Symbol> {
        let before = self.undefined_names.len();
        walk(self);
        self.undefined_names[before..].to_vec()
    }

    /// Walks a statement; returns the undeclared names it entered into the enclosing scope.
    fn stmt_kind(&mut self, s: &'a Stmt) -> Vec<Symbol> {
        let mut hoisted = Vec::new();
        match &s.kind {
            StmtKind::Compound(list) => {
                let mut declared = crate::intern::FxHashSet::default();
                // The end of the last statement that is not a pragma: a pragma before it
                // stood before a statement nested in it (the body of a loop without braces),
                // and is listed after it.
                let mut last_end = 0;
                for (i, s) in list.iter().enumerate() {
                    self.block_redeclaration(s, &mut declared);
                    self.stmt(s);
                    if !matches!(s.kind, StmtKind::Pragma) {
                        last_end = s.span.hi;
                    } else if s.span.lo >= last_end {
                        self.unroll_placement(s, &list[i + 1..]);
                    }
                }
            }
            StmtKind::Expr(e) => {
                self.expr(e, Use::Read);
                self.no_effect_statement(e);
                self.discarded_result(e);
            }
            StmtKind::Decl(d) => self.local_decl(d),
            StmtKind::Pragma => self.pragma(s.span),
            StmtKind::If {
                init,
                cond,
                then,
                else_,
                ..
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(c) = cond {
                    if init.is_none() && matches!(**c, Condition::Expr(_)) {
                        hoisted = self.hoisted(|me| me.bool_condition(c));
                    } else {
                        self.bool_condition(c);
                    }
                }
                self.substmt(then);
                if let Some(e) = else_ {
                    self.substmt(e);
                }
            }
            StmtKind::Switch { init, cond, body } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                if init.is_none() && matches!(**cond, Condition::Expr(_)) {
                    hoisted = self.hoisted(|me| me.condition(cond));
                } else {
                    self.condition(cond);
                }
                self.in_switch(|me| me.substmt(body));
                self.switch_bypass(s.span.lo, body);
            }
            StmtKind::While { cond, body } => {
                if matches!(**cond, Condition::Expr(_)) {
                    hoisted = self.hoisted(|me| me.bool_condition(cond));
                } else {
                    self.bool_condition(cond);
                }
                self.loop_body(body);
            }
            StmtKind::DoWhile { body, cond } => {
                self.loop_depth += 1;
                self.in_loop(|me| me.substmt(body));
                hoisted = self.hoisted(|me| {
                    me.expr(cond, Use::Read);
                    me.assignment_as_condition(cond);
                    me.class_condition(cond);
                });
                self.loop_depth -= 1;
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                let head = |me: &mut Self| {
                    if let Some(c) = cond {
                        me.bool_condition(c);
                    }
                    if let Some(e) = step {
                        me.loop_depth += 1;
                        me.expr(e, Use::Read);
                        me.discarded_result(e);
                        me.loop_depth -= 1;
                    }
                };
                let plain = init.is_none() && !matches!(cond.as_deref(), Some(Condition::Decl(_)));
                if plain {
                    hoisted = self.hoisted(head);
                } else {
                    head(self);
                }
                self.loop_body(body);
            }
            StmtKind::RangeFor {
                init,
                decl,
                range,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                self.local_decl(decl);
                self.expr(range, Use::NoAccess);
                self.loop_body(body);
            }
            StmtKind::Return(Some(e)) => {
                if let ExprKind::InitList(items) = &e.kind {
                    self.narrowing_return(items);
                }
                // A name is read when it is returned, after the conversion is checked.
                let early = matches!(e.unparen().kind, ExprKind::Name(_));
                if early {
                    self.return_type_check(e);
                }
                // In a template, cudafe++ does not follow a returned value.
                let dependent = self.in_template();
                self.dependent_use(dependent, |c| c.expr(e, Use::Read));
                if !early {
                    self.return_type_check(e);
                }
                self.return_value_in_void_function(e);
                self.return_local(e);
            }
            StmtKind::CoReturn(Some(e)) => self.expr(e, Use::Read),
            // An asm statement may set any local through its outputs.
            StmtKind::Asm => self.unset_locals.clear(),
            // What did not parse may have set any local (EDG keeps a statement whose `;`
            // is missing: `CHECK(cudaMalloc(&p, n))` with a `do ... while (0)` macro).
            StmtKind::Error => {
                self.unset_locals.clear();
                self.parse_error(s.span);
                self.report_syntax_before(s.span.hi);
            }
            StmtKind::Label { name, stmt } => {
                self.label(*name);
                self.stmt(stmt)
            }
            StmtKind::Default(stmt) => {
                self.default_label(s);
                self.stmt(stmt)
            }
            StmtKind::Case { value, upper, stmt } => {
                self.expr(value, Use::Read);
                if let Some(u) = upper {
                    self.expr(u, Use::Read);
                }
                self.case_label(value, upper.as_deref());
                self.stmt(stmt)
            }
            StmtKind::Break => self.break_stmt(s),
            StmtKind::Continue => self.continue_stmt(s),
            StmtKind::Goto(name) => self.goto_stmt(s, *name),
            StmtKind::Try { body, handlers } => {
                self.substmt(body);
                for h in handlers {
                    self.handler(h);
                }
            }
            _ => {}
        }
        hoisted
    }

    /// The condition of an `if`, `while` or `for` (a `switch`'s goes through
    /// [`Checker::expr`] alone).
    /// The condition of an `if`, a loop: [`Checker::condition`], and it must become a
    /// `bool`.
    fn bool_condition(&mut self, c: &'a Condition) {
        self.condition(c);
        if let Condition::Expr(e) = c {
            self.class_condition(e);
        }
    }

    fn condition(&mut self, c: &'a Condition) {
        match c {
            Condition::Expr(e) => {
                self.expr(e, Use::Read);
                self.assignment_as_condition(e);
            }
            Condition::Decl(d) => self.local_decl(d),
        }
    }

    /// `use of "=" where "==" may have been intended` (#187): a condition that assigns a
    /// constant, directly or under `!`, `&&` and `||` (extra parentheses do not help).
    /// It is reported where the expression starts, its own parentheses included.
    fn assignment_as_condition(&mut self, e: &Expr) {
        match &e.unparen().kind {
            ExprKind::Unary(UnaryOp::Not, x) => self.assignment_as_condition(x),
            ExprKind::Binary(BinaryOp::And | BinaryOp::Or, a, b) => {
                self.assignment_as_condition(a);
                self.assignment_as_condition(b);
            }
            ExprKind::Assign(AssignOp::Assign, _, rhs) if self.plain_constant(rhs, 0) => {
                self.emit(Diagnostic::new(ids::ASSIGN_WHERE_COMPARE_MEANT, e.span.lo));
            }
            _ => {}
        }
    }

    /// A constant written out: literals (not strings), `true`, `nullptr`, enumerators,
    /// `sizeof`, and operators over them.
    fn plain_constant(&self, e: &Expr, depth: u32) -> bool {
        if depth > 16 {
            return false;
        }
        match &e.unparen().kind {
            ExprKind::Literal(LiteralKind::Integer | LiteralKind::Float | LiteralKind::Char)
            | ExprKind::Bool(_)
            | ExprKind::Nullptr
            | ExprKind::SizeofType(_)
            | ExprKind::SizeofExpr(_) => true,
            ExprKind::Unary(UnaryOp::Plus | UnaryOp::Minus | UnaryOp::Not | UnaryOp::BitNot, x) => {
                self.plain_constant(x, depth + 1)
            }
            ExprKind::Binary(_, a, b) => {
                self.plain_constant(a, depth + 1) && self.plain_constant(b, depth + 1)
            }
            ExprKind::Name(n) => n
                .resolution
                .entity()
                .is_some_and(|v| self.sema.entity(v).kind == EntityKind::Enumerator),
            _ => false,
        }
    }

    /// In a template, may the type `ty` depend on a template parameter, as far as the model
    /// knows?
    fn dependent_type_id(&self, ty: &TypeId) -> bool {
        self.dependent_declared(&ty.specs, &ty.declarator.ops)
    }

    /// In a template, may the type declared by `specs` and `ops` depend on a template
    /// parameter, as far as the model knows?
    fn dependent_declared(&self, specs: &DeclSpecs, ops: &[DeclaratorOp]) -> bool {
        self.in_template()
            && self
                .with_template_types(|c| c.declared_type(specs, ops, 0))
                .is_none()
    }

    /// Does `e` name a variable or parameter declared as a pointer or an array?
    fn names_pointer_or_array(&self, e: &Expr) -> bool {
        let ExprKind::Name(n) = &e.unparen().kind else {
            return false;
        };
        let Some(v) = n.resolution.entity() else {
            return false;
        };
        let ent = self.sema.entity(v);
        matches!(ent.kind, EntityKind::Variable | EntityKind::Parameter)
            && self
                .index
                .declared_at(ent.first_decl().lo)
                .is_some_and(|(_, d)| {
                    matches!(
                        d.ops.first(),
                        Some(DeclaratorOp::Pointer { .. } | DeclaratorOp::Array { .. })
                    )
                })
    }

    /// A declaration statement: the declaration's own checks, then its initializers and the
    /// constructor and destructor it implies.
    fn local_decl(&mut self, d: &'a Decl) {
        // Problems in the specifiers (`FOO x(y);` with `FOO` undeclared) come before what
        // the declarators' initializers give.
        if let DeclKind::Simple { declarators, .. } = &d.kind
            && let Some(first) = declarators.first()
        {
            self.report_syntax_before(first.span.lo);
        }
        self.decl(d);
        if let DeclKind::Simple { specs, declarators } = &d.kind
            && self.func.is_some()
        {
            self.note_unset_locals(specs, declarators);
        }
        if let DeclKind::Simple { specs, declarators } = &d.kind {
            for id in declarators {
                if !specs.is_typedef && !id.declarator.is_function() {
                    match id.declarator.name.as_ref().and_then(|n| n.ident()) {
                        Some(sym) => self.locals.push(super::lambda::Local {
                            sym,
                            entity: id.entity,
                            ty: Some((specs, &id.declarator)),
                            binding: false,
                        }),
                        None => self.push_structured_binding(&id.declarator),
                    }
                }
                // A reference is bound to its initializer, which is not read.
                let usage = if matches!(
                    id.declarator.ops.first(),
                    Some(DeclaratorOp::LValueRef | DeclaratorOp::RValueRef)
                ) {
                    Use::NoAccess
                } else {
                    Use::Read
                };
                // A name is read when its value initializes, after the conversion is
                // checked (#549 after #144).
                let early = matches!(&id.init, Some(Initializer::Assign(e)) if matches!(e.unparen().kind, ExprKind::Name(_)));
                if early {
                    self.initializer_type(specs, id);
                }
                // An object of a dependent type may take its initializer by reference.
                let dependent = self.dependent_declared(specs, &id.declarator.ops);
                self.dependent_use(dependent, |c| match &id.init {
                    Some(Initializer::Assign(e)) | Some(Initializer::Brace(e)) => c.expr(e, usage),
                    Some(Initializer::Paren(args, _)) => {
                        for a in args {
                            c.expr(a, usage);
                        }
                    }
                    _ => {}
                });
                self.initializer_conversions(specs, id);
                if !early {
                    self.initializer_type(specs, id);
                }
                self.too_many_initializers(specs, id);
                self.narrowing_initializer(specs, id);
                if !specs.is_typedef && !id.declarator.is_function() && id.declarator.ops.is_empty()
                {
                    self.implicit_special_members(specs, id);
                }
            }
        }
    }

    /// `A a;` in a host function calls A's constructor (and, at the end of the scope, its
    /// destructor): both must be callable from host code.
    fn implicit_special_members(&mut self, specs: &'a DeclSpecs, id: &'a InitDeclarator) {
        let Some(caller) = self.func else { return };
        if caller.in_template || caller.exec.device || caller.exec.global {
            return;
        }
        if specs.storage == Some(StorageClass::Extern) {
            return;
        }
        // The temporary an initializer constructs: `A(1)`, `A{1}`.
        let temporary = |x: &'a Expr| match &x.unparen().kind {
            ExprKind::Construct { ty, args, .. } => Some((self.constructed_class(ty)?, &args[..])),
            _ => None,
        };
        let class = match &specs.ty {
            TypeSpec::Named { name, .. } => {
                name.resolution.entity().map(|e| self.sema.resolve_alias(e))
            }
            // `auto a = A{1};`
            TypeSpec::Auto => match &id.init {
                Some(Initializer::Assign(x)) => temporary(x).map(|(c, _)| c),
                _ => None,
            },
            _ => None,
        };
        let Some(class) = class else { return };
        if !matches!(self.sema.entity(class).kind, EntityKind::Class(_)) {
            return;
        }
        let Some(class_name) = self.sema.entity(class).name else {
            return;
        };
        let Some(scope) = self.sema.entity(class).scope else {
            return;
        };
        let at = id
            .declarator
            .name
            .as_ref()
            .map(|n| n.span)
            .unwrap_or(id.span);
        let args: Option<&[Expr]> = match &id.init {
            None => Some(&[]),
            Some(Initializer::Paren(a, _)) => Some(a),
            // `A a{A(1)}`, like `A a = A(1);`, names the temporary's constructor again at `a`.
            Some(Initializer::Brace(e)) => match &e.kind {
                ExprKind::InitList(v) => match &v[..] {
                    [x] => match temporary(x) {
                        Some((c, a)) if c == class => Some(a),
                        _ => Some(v),
                    },
                    _ => Some(v),
                },
                _ => None,
            },
            // `A a = 5;` converts with a constructor; `A a = A(1, 2);` names the one that
            // makes the temporary again at `a` (`A a = A{1, 2}` only there).
            Some(Initializer::Assign(x)) => match temporary(x) {
                Some((c, a)) if c == class => Some(a),
                _ => Some(std::slice::from_ref(x)),
            },
            _ => None,
        };
        // One argument of class type may pick the implicit copy or move constructor.
        let nargs = args
            .filter(|a| a.len() != 1 || self.builtin_typed(&a[0], 0))
            .map(|a| a.len());
        // The destructor is reported first, as cudafe++ does.
        let dtor = self
            .sema
            .scope(scope)
            .names
            .iter()
            .filter(|(k, _)| self.interner.bytes(**k).starts_with(b"~"))
            .flat_map(|(_, v)| v.iter().copied())
            .find(|&e| self.sema.entity(e).kind == EntityKind::Function);
        let ctors: Vec<EntityId> = self
            .sema
            .scope(scope)
            .names
            .get(&class_name)
            .map(|v| {
                v.iter()
                    .copied()
                    .filter(|&e| self.sema.entity(e).kind == EntityKind::Function)
                    .collect()
            })
            .unwrap_or_default();
        if let Some(d) = dtor {
            self.cross_space_call(d, at, caller);
        }
        if let Some(n) = nargs {
            let matching: Vec<EntityId> = ctors
                .iter()
                .copied()
                .filter(|&c| self.param_count_accepts(c, n))
                .collect();
            if matching.len() == 1 {
                self.cross_space_call(matching[0], at, caller);
            }
        }
    }

    /// The class a functional cast or `new` constructs (`A(1, 2)`, `new A`), when it is a
    /// class that is not a template.
    pub(crate) fn constructed_class(&self, ty: &TypeId) -> Option<EntityId> {
        if !ty.declarator.ops.is_empty() {
            return None;
        }
        let TypeSpec::Named { name, .. } = &ty.specs.ty else {
            return None;
        };
        if name.last().args.is_some() {
            return None;
        }
        let class = self.sema.resolve_alias(name.resolution.entity()?);
        let ent = self.sema.entity(class);
        (matches!(ent.kind, EntityKind::Class(_)) && !ent.is_template && ent.primary.is_none())
            .then_some(class)
    }

    /// `A(1, 2)` or `new A(1, 2)` in host code calls the constructor the arguments select:
    /// reported where it is the only one that takes that many (one argument must not be of
    /// class type, which could select the implicit copy constructor).
    fn construction(&mut self, ty: &TypeId, args: &[Expr], at: Span) {
        let Some(caller) = self.func else { return };
        if caller.in_template || caller.exec.device || caller.exec.global {
            return;
        }
        let Some(class) = self.constructed_class(ty) else {
            return;
        };
        if args.len() == 1 && !self.builtin_typed(&args[0], 0) {
            return;
        }
        let ent = self.sema.entity(class);
        let (Some(class_name), Some(scope)) = (ent.name, ent.scope) else {
            return;
        };
        let matching: Vec<EntityId> = self
            .sema
            .scope(scope)
            .names
            .get(&class_name)
            .into_iter()
            .flatten()
            .copied()
            .filter(|&e| {
                self.sema.entity(e).kind == EntityKind::Function
                    && self.param_count_accepts(e, args.len())
            })
            .collect();
        if let [c] = matching[..] {
            self.cross_space_call(c, at, caller);
        }
    }

    /// Can the function take `n` arguments (counting defaults and ellipsis)?
    pub(crate) fn param_count_accepts(&self, f: EntityId, n: usize) -> bool {
        let Some(decls) = self.index.functions.get(&f) else {
            return false;
        };
        let Some(chunk) = decls[0].declarator.function() else {
            return false;
        };
        let total = chunk.params.len();
        let required = chunk.params.iter().filter(|p| p.default.is_none()).count();
        let total = if total == 1 && chunk.has_void_params() {
            0
        } else {
            total
        };
        n >= required.min(total) && (n <= total || chunk.variadic)
    }

    /// An expression whose value only the compiler needs (a `static_assert` condition).
    pub(crate) fn unevaluated_expr(&mut self, e: &'a Expr) {
        self.expr(e, Use::NoAccess);
    }

    fn expr(&mut self, e: &'a Expr, usage: Use) {
        match &e.kind {
            ExprKind::TypeName => {
                self.emit(Diagnostic::new(ids::TYPE_IDENTIFIER_NOT_ALLOWED, e.span.lo));
            }
            // A class, enumeration or typedef named where a value belongs (`f(E)`).
            ExprKind::Name(n) if self.names_type_as_value(n) => {
                self.emit(Diagnostic::new(ids::TYPE_IDENTIFIER_NOT_ALLOWED, e.span.lo));
            }
            // An array named anywhere but before `[...]` decays to a pointer to its first
            // element: none of it is read (`return table;`, `int *p = buf;`).
            ExprKind::Name(n) if usage != Use::NoAccess && self.names_array(n) => {
                self.name_use(n, Use::NoAccess)
            }
            ExprKind::Name(n) => self.name_use(n, usage),
            ExprKind::Paren(x) => self.expr(x, usage),
            ExprKind::Unary(UnaryOp::AddrOf, x) => self.expr(x, Use::NoAccess),
            ExprKind::Unary(UnaryOp::PreInc | UnaryOp::PreDec, x)
            | ExprKind::PostInc(x)
            | ExprKind::PostDec(x) => {
                let what = match &e.kind {
                    ExprKind::Unary(UnaryOp::PreInc, _) | ExprKind::PostInc(_) => "an increment",
                    _ => "a decrement",
                };
                let early = matches!(x.unparen().kind, ExprKind::Name(_));
                if early && !self.unmodifiable_target(x) {
                    self.volatile_deprecated(x, Some(what));
                    self.bool_step(e, x);
                }
                // A prefix operator's device variable is reported after its operand's
                // others (`++a[b]`: `b`, then `a`); a postfix one's before.
                if matches!(e.kind, ExprKind::Unary(..)) {
                    let saved = self.defer_assigned_root(x);
                    self.expr(x, Use::ReadWrite);
                    self.assigned_root_done(saved);
                } else {
                    self.expr(x, Use::ReadWrite);
                }
                if !early && !self.unmodifiable_target(x) {
                    self.volatile_deprecated(x, Some(what));
                    self.bool_step(e, x);
                }
                self.unary_operator_operand(e, x);
            }
            ExprKind::Unary(_, x) => {
                self.expr(x, Use::Read);
                self.unary_operator_operand(e, x);
            }
            ExprKind::Binary(op, a, b) => {
                // Beside an operand of class type the operator is a function, which may
                // take the other by reference (`stream >> x` sets `x`).
                self.forget_unset_beside_class(a, b);
                self.forget_unset_beside_class(b, a);
                // Operands that are just names are read when the operator is applied,
                // after its operands' types are checked (#549 after #42).
                let early = reads_at_use(a) && reads_at_use(b);
                // Before its operands are read (#186 before #549).
                if self.func.is_some() {
                    self.unsigned_compare(*op, a, b, e.span);
                }
                if early {
                    self.binary_operator_operands(*op, a, b);
                    self.comparison_types(*op, a, b);
                    self.constant_operand(*op, a, b);
                }
                self.expr(a, Use::Read);
                self.expr(b, Use::Read);
                if *op == BinaryOp::Comma {
                    self.no_effect_comma_operand(a);
                    self.discarded_result(a);
                }
                self.integer_overflow(*op, a, b);
                if self.func.is_some() && !early {
                    if !self.in_template() {
                        self.binary_operator_operands(*op, a, b);
                        self.comparison_types(*op, a, b);
                    }
                    self.constant_operand(*op, a, b);
                }
            }
            ExprKind::Assign(op, a, b) => {
                let usage = if *op == AssignOp::Assign {
                    Use::Write
                } else {
                    Use::ReadWrite
                };
                // A value that is just a name is read when it is assigned, after the
                // checks of the assignment (#549 after #137, #513).
                let early = matches!(b.unparen().kind, ExprKind::Name(_));
                let mut unmodifiable = early && self.assignment_checks(*op, a, b);
                let mut no_operator = false;
                if early && !unmodifiable {
                    no_operator = self.assignment_operator_operands(*op, a, b);
                }
                // `x = x + 1` reads `x` before it is set.
                // cudafe++ reports the stored-into device variable after the operands.
                let saved_root = self.defer_assigned_root(a);
                // An object of a dependent type may take the value by reference.
                let dependent = self.maybe_dependent(a);
                if usage == Use::Write && self.names_unset_local(a) {
                    self.dependent_use(dependent, |c| c.expr(b, Use::Read));
                    self.expr(a, usage);
                } else {
                    self.expr(a, usage);
                    self.dependent_use(dependent, |c| c.expr(b, Use::Read));
                }
                self.assigned_root_done(saved_root);
                if !early {
                    unmodifiable = self.assignment_checks(*op, a, b);
                    if !unmodifiable {
                        no_operator = self.assignment_operator_operands(*op, a, b);
                    }
                }
                if !unmodifiable && !no_operator && *op == AssignOp::Assign {
                    self.assignment_conversions(a, b);
                }
            }
            ExprKind::Cond(c, t, f) => {
                self.expr(c, Use::Read);
                self.assignment_as_condition(c);
                self.class_condition(c);
                if let Some(t) = t {
                    self.expr(t, usage);
                }
                self.expr(f, usage);
            }
            ExprKind::Call { callee, args, .. } => {
                if self.called_class_object(callee) {
                    self.expr(callee, Use::Read);
                    for a in args {
                        self.expr(a, Use::Read);
                    }
                    self.emit(Diagnostic::new(
                        ids::BAD_CALL_OF_CLASS_OBJECT,
                        callee.span.lo,
                    ));
                } else {
                    self.call(callee, args, e.span);
                }
            }
            ExprKind::Launch {
                callee,
                config,
                args,
                config_span,
                ..
            } => {
                // `ns::k<<<...>>>` with no `k` in `ns`.
                if let ExprKind::Name(n) = &callee.unparen().kind
                    && self.func.is_some()
                    && n.is_qualified()
                    && matches!(n.resolution, Resolution::Unresolved | Resolution::Dependent)
                {
                    self.unresolved_qualified(n);
                }
                if config.len() < 4 {
                    // The closing `>>>`.
                    let at = config_span.hi.saturating_sub(3);
                    if self.engine.enabled(ids::DEFAULT_STREAM_LAUNCH, at) {
                        self.emit(Diagnostic::new(ids::DEFAULT_STREAM_LAUNCH, at));
                    }
                }
                self.configuration_arity(config, *config_span);
                self.launch(callee, e.span);
                self.configured_non_kernel(callee, args.len());
                self.note_call_reference(callee, args);
                let mut kernel = None;
                let mut wrong_count = None;
                if let ExprKind::Name(n) = &callee.unparen().kind
                    && let [k] = n.resolution.entities()
                {
                    let k = self.sema.resolve_alias(*k);
                    let count = self.argument_count(&[k], args, e.span, false);
                    if n.last().args.is_none() && self.adl_adds_nothing(&[k], args) {
                        kernel = Some(k);
                    }
                    if let ArgumentCount::Wrong(d) = count {
                        wrong_count = Some(d);
                    }
                }
                // With a wrong count: the arguments' conversions, the count, then the
                // configuration's and the arguments' reads.
                if let Some(d) = wrong_count {
                    if let Some(k) = kernel.take() {
                        for (i, a) in args.iter().enumerate() {
                            self.argument_type(&[k], i, a);
                        }
                    }
                    self.emit(d);
                }
                for c in config {
                    self.expr(c, Use::Read);
                }
                for (i, a) in args.iter().enumerate() {
                    if let Some(k) = kernel {
                        self.argument_type(&[k], i, a);
                    }
                    self.expr(a, Use::Read);
                }
            }
            ExprKind::Member { base, arrow, name } => {
                // `p->m` reads `p`; `a.buf` of an array member decays too.
                let usage = if *arrow && usage != Use::NoAccess {
                    Use::Read
                } else if !*arrow && self.member_is_array(base, false, name) {
                    Use::NoAccess
                } else {
                    usage
                };
                self.expr(base, usage);
                if !(*arrow && self.arrow_on_class_object(base)) {
                    self.missing_member(base, *arrow, name);
                }
            }
            ExprKind::Index(a, b) => {
                // An element of a local array (or of an array member) is a use of the
                // array (not a decay); a row of an array of arrays (`m[0]`) is an array,
                // which decays.
                if let Some((n, subscripts)) = indexed_name(e)
                    && subscripts.len() > 1
                {
                    let usage = if usage == Use::Read && self.array_rank(n) > subscripts.len() {
                        Use::NoAccess
                    } else {
                        usage
                    };
                    self.name_use(n, usage);
                    for s in subscripts {
                        self.expr(s, Use::Read);
                    }
                    return;
                }
                match &a.unparen().kind {
                    ExprKind::Name(n) if usage == Use::Read && self.array_rank(n) > 1 => {
                        self.name_use(n, Use::NoAccess)
                    }
                    ExprKind::Name(n) => self.name_use(n, usage),
                    ExprKind::Member {
                        base,
                        arrow: false,
                        name,
                    } => {
                        self.expr(base, usage);
                        self.missing_member(base, false, name);
                    }
                    _ => self.expr(a, usage),
                }
                // A pointer (to anything) or an array is subscripted by the built-in operator.
                let dependent = self.maybe_dependent(a) && !self.names_pointer_or_array(a);
                self.dependent_use(dependent, |c| c.expr(b, Use::Read));
                self.subscript_operands(a, b);
            }
            // `(void)x` discards `x` without reading it.
            ExprKind::Cast { expr, ty, .. }
                if ty.declarator.ops.is_empty()
                    && matches!(&ty.specs.ty, TypeSpec::Builtin(b) if b.void) =>
            {
                self.expr(expr, Use::NoAccess)
            }
            ExprKind::Cast { expr, ty, .. } => {
                let dependent = self.dependent_type_id(ty);
                self.dependent_use(dependent, |c| c.expr(expr, Use::Read))
            }
            ExprKind::Construct {
                ty,
                args,
                braced: false,
            } => {
                self.construction(ty, args, e.span);
                let dependent = self.dependent_type_id(ty);
                self.dependent_use(dependent, |c| {
                    for a in args {
                        c.expr(a, Use::Read);
                    }
                });
            }
            ExprKind::Construct {
                ty,
                args,
                braced: true,
            } => {
                let dependent = self.dependent_type_id(ty);
                self.dependent_use(dependent, |c| {
                    for a in args {
                        c.expr(a, Use::Read);
                    }
                });
                self.narrowing_cast(ty, args);
            }
            ExprKind::InitList(args) => {
                for a in args {
                    self.expr(a, Use::Read);
                }
            }
            ExprKind::Designated { value, .. } => self.expr(value, Use::Read),
            ExprKind::SizeofExpr(_)
            | ExprKind::AlignofExpr(_)
            | ExprKind::Noexcept(_)
            | ExprKind::TypeidExpr(_) => {}
            ExprKind::New(n) => {
                for p in &n.placement {
                    self.expr(p, Use::Read);
                }
                for s in &n.array_sizes {
                    self.expr(s, Use::Read);
                }
                if n.array_sizes.is_empty() {
                    match &n.init {
                        None => self.construction(&n.ty, &[], e.span),
                        Some(Initializer::Paren(args, _)) => self.construction(&n.ty, args, e.span),
                        _ => {}
                    }
                }
                if let Some(Initializer::Paren(args, _)) = &n.init {
                    for a in args {
                        self.expr(a, Use::Read);
                    }
                }
            }
            ExprKind::Delete { expr, .. } => self.expr(expr, Use::Read),
            ExprKind::Throw(Some(x)) | ExprKind::CoYield(x) | ExprKind::PackExpansion(x) => {
                self.expr(x, Use::Read)
            }
            // Expanded when the template is instantiated: cudafe++ does not follow the
            // locals a fold reads (cute's `(dummy = ... = f(Ns))`).
            ExprKind::Fold { lhs, rhs, .. } => self.dependent_use(true, |c| {
                if let Some(l) = lhs {
                    c.expr(l, Use::Read);
                }
                if let Some(r) = rhs {
                    c.expr(r, Use::Read);
                }
            }),
            ExprKind::Lambda(l) => self.lambda(l),
            ExprKind::This => self.capture_this(e.span.lo),
            ExprKind::StmtExpr(s) => self.stmt(s),
            _ => {}
        }
    }

    /// `local` is a local not yet set, and `other` may be of class type: an overloaded
    /// operator may bind `local` to a reference, so it counts as set (cudafe++ does not
    /// warn about `std::cin >> x`).
    fn forget_unset_beside_class(&mut self, local: &Expr, other: &Expr) {
        if self.unset_locals.is_empty() {
            return;
        }
        let ExprKind::Name(n) = &local.unparen().kind else {
            return;
        };
        let Some(id) = n.resolution.entity() else {
            return;
        };
        if self.unset_locals.contains_key(&id) && !self.is_scalar(other) {
            self.unset_locals.remove(&id);
        }
    }

    /// Is `e` surely of scalar type (a literal, or a variable declared with a fundamental
    /// type or as a pointer), so that an operator between it and a scalar is built in?
    fn is_scalar(&self, e: &Expr) -> bool {
        match &e.unparen().kind {
            ExprKind::Literal(_) => true,
            ExprKind::Unary(UnaryOp::Plus | UnaryOp::Minus | UnaryOp::Not | UnaryOp::BitNot, x) => {
                self.is_scalar(x)
            }
            ExprKind::Binary(_, a, b) => self.is_scalar(a) && self.is_scalar(b),
            ExprKind::Name(n) => {
                let Some(id) = n.resolution.entity() else {
                    return false;
                };
                let ent = self.sema.entity(id);
                if ent.kind == EntityKind::Enumerator {
                    return true;
                }
                if !matches!(
                    ent.kind,
                    EntityKind::Variable | EntityKind::Parameter | EntityKind::Field
                ) {
                    return false;
                }
                self.scalar_entity(id)
            }
            ExprKind::Member { base, arrow, name } => self
                .this_member(base, *arrow, name)
                .is_some_and(|(m, _)| self.scalar_entity(m)),
            _ => false,
        }
    }

    /// Is the variable, parameter or data member `e` declared with a fundamental type or as
    /// a pointer?
    fn scalar_entity(&self, e: EntityId) -> bool {
        let at = self.sema.entity(e).first_decl().lo;
        self.index
            .declared_at(at)
            .is_some_and(|(specs, d)| self.scalar_decl(specs, &d.ops, 0))
    }

    /// A use of a name: undeclared identifiers, device variables read or written from host
    /// code, locals read before they are set.
    fn name_use(&mut self, n: &'a QualName, usage: Use) {
        self.name_captures(n);
        let Some(caller) = self.func else {
            let dependent_qualified = n.resolution == Resolution::Dependent && n.is_qualified();
            if self.namespace_code
                && (n.resolution == Resolution::Unresolved || dependent_qualified)
            {
                if n.is_qualified() {
                    self.unresolved_qualified(n);
                } else {
                    self.undefined_identifier(n);
                }
            }
            return;
        };
        // A qualified name with a component lookup did not find is taken as dependent.
        if n.resolution == Resolution::Dependent && n.is_qualified() {
            self.unresolved_qualified(n);
        }
        if n.resolution == Resolution::Unresolved {
            if n.is_qualified() {
                self.unresolved_qualified(n);
            } else {
                self.undefined_identifier(n);
            }
            return;
        }
        if !caller.in_template {
            for &f in n.resolution.entities() {
                self.auto_device_reference(f, n.span);
            }
        }
        if let Some(f) = n.resolution.entity() {
            let f = self.sema.resolve_alias(f);
            if self.sema.entity(f).kind == EntityKind::Function {
                self.referenced_functions.insert(f);
            }
        }
        // A variable a lambda captures by reference is not read by naming it in the body.
        let read = matches!(usage, Use::Read | Use::ReadWrite) && !self.captured_by_reference(n);
        self.local_use(n, read);
        if let Some((root, used)) = &mut self.assigned_root
            && std::ptr::eq(*root, n)
        {
            *used = Some(usage);
            return;
        }
        self.device_variable_access(n, usage);
    }

    /// Makes the variable `target` stores into report its device-variable access at
    /// [`Self::assigned_root_done`] instead of where it is named; returns the enclosing
    /// assignment's.
    fn defer_assigned_root(&mut self, target: &'a Expr) -> Option<(&'a QualName, Option<Use>)> {
        std::mem::replace(
            &mut self.assigned_root,
            assigned_root(target).map(|n| (n, None)),
        )
    }

    fn assigned_root_done(&mut self, saved: Option<(&'a QualName, Option<Use>)>) {
        if let Some((n, Some(used))) = std::mem::replace(&mut self.assigned_root, saved) {
            self.device_variable_access(n, used);
        }
    }

    /// A device variable read or written in host code (#20091, #20092).
    fn device_variable_access(&mut self, n: &'a QualName, usage: Use) {
        let Some(caller) = self.func else { return };
        // Host and host-device code alike (explicitly or implicitly `__host__ __device__`).
        if caller.in_template || !caller.exec.host_callable() {
            return;
        }
        let Some(id) = n.resolution.entity() else {
            return;
        };
        let e = self.sema.entity(id);
        if !matches!(e.kind, EntityKind::Variable) {
            return;
        }
        let space = e.cuda.mem;
        if !matches!(
            space,
            MemSpace::Device | MemSpace::Constant | MemSpace::Shared
        ) {
            return;
        }
        // A const (or constexpr) scalar with an initializer is read as its value: cudafe++
        // says nothing (`__device__ const int n = 7;`, `constexpr __device__ int m = 9;`).
        if usage == Use::Read
            && self.index.initializer(id).is_some()
            && self
                .index
                .declared_at(e.first_decl().lo)
                .is_some_and(|(specs, d)| {
                    (specs.is_const || specs.is_constexpr)
                        && d.ops.is_empty()
                        && self.scalar_decl(specs, &d.ops, 0)
                })
        {
            return;
        }
        // Writing a `__constant__` variable is an error (#137) instead.
        if space == MemSpace::Constant && matches!(usage, Use::Write | Use::ReadWrite) {
            return;
        }
        // A compound assignment or an increment reads, then writes.
        let diags: &[DiagId] = match usage {
            Use::Read => &[ids::DEVICE_VAR_READ_IN_HOST],
            Use::Write => &[ids::DEVICE_VAR_WRITTEN_IN_HOST],
            Use::ReadWrite => &[
                ids::DEVICE_VAR_READ_IN_HOST,
                ids::DEVICE_VAR_WRITTEN_IN_HOST,
            ],
            Use::NoAccess => return,
        };
        let name = e.name.map(|s| self.name_of(s)).unwrap_or_default();
        for &diag in diags {
            self.emit(
                Diagnostic::new(diag, n.span.lo)
                    .arg_str(space.keyword())
                    .arg_entity(format!("variable \"{name}\"")),
            );
        }
    }

    /// Whether `e` is certainly of a fundamental type (or a pointer or array of one) that
    /// does not depend on template parameters: literals, variables and parameters declared
    /// with such types, and built-in operators over them.
    pub(crate) fn builtin_typed(&self, e: &Expr, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        match &e.kind {
            ExprKind::Literal(_) => true,
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.builtin_typed(x, depth + 1),
            ExprKind::Binary(_, a, b) => {
                self.builtin_typed(a, depth + 1) && self.builtin_typed(b, depth + 1)
            }
            ExprKind::Nullptr => true,
            ExprKind::Name(n) if !n.is_qualified() && n.last().args.is_none() => {
                let Some(v) = n.resolution.entity() else {
                    // A function's predefined name: an array of `const char` (of a length
                    // that depends on the template arguments in a template).
                    return self.func.is_some()
                        && !self.in_template()
                        && !self.lambda_frames.iter().any(|f| f.generic)
                        && n.resolution == Resolution::Unresolved
                        && n.ident().is_some_and(|s| {
                            matches!(
                                self.interner.bytes(s),
                                b"__func__" | b"__FUNCTION__" | b"__PRETTY_FUNCTION__"
                            )
                        });
                };
                let ent = self.sema.entity(v);
                if !matches!(ent.kind, EntityKind::Variable | EntityKind::Parameter) {
                    return false;
                }
                self.index
                    .declared_at(ent.first_decl().lo)
                    .is_some_and(|(specs, _)| self.builtin_spec(specs, 0))
            }
            _ => false,
        }
    }

    /// A type specifier that names a fundamental type, directly or through typedefs.
    fn builtin_spec(&self, specs: &DeclSpecs, depth: u32) -> bool {
        match &specs.ty {
            TypeSpec::Builtin(_) => true,
            TypeSpec::Named { name, .. } if depth < 16 && !n_is_dependent(name) => {
                let Some(t) = name.resolution.entity() else {
                    return false;
                };
                if self.sema.entity(t).kind != EntityKind::Typedef {
                    return false;
                }
                self.index
                    .typedef_type(t)
                    .is_some_and(|(s, d)| d.ops.is_empty() && self.builtin_spec(s, depth + 1))
            }
            _ => false,
        }
    }

    /// `identifier "x" is undefined`, for names in ordinary code that lookup did not find
    /// (builtins, and code whose lookup we cannot be sure of, are left alone). Says whether
    /// the name is taken as undeclared (reported now or at its first use).
    fn undefined_identifier(&mut self, n: &QualName) -> bool {
        let Some(sym) = n.ident() else { return false };
        let text = self.interner.bytes(sym);
        // Names reserved to the implementation: EDG predeclares GNU's builtins, and not only
        // `__builtin_*` ones (`__sync_add_and_fetch`, `__atomic_load_n`, `__func__`, ...).
        if text.starts_with(b"__") {
            return false;
        }
        if self.map.is_system(n.span.lo) || self.in_unknowable_class() {
            return false;
        }
        // The first use enters the name into its scope; later uses there are quiet.
        if self.undefined_names.contains(&sym) {
            return true;
        }
        self.undefined_names.push(sym);
        let name = self.name_of(sym);
        self.emit(Diagnostic::new(ids::UNDEFINED_IDENTIFIER, n.span.lo).arg_str(name));
        true
    }

    /// `f<int>(x)` where `f` names no template: EDG reads `f < int > (x)`, and each type
    /// among the "template arguments" is `type name is not allowed` (#254) there.
    /// `f<T>(args)` read as the comparisons `f < T > (args)`: a type among the arguments is
    /// not allowed, and with no call arguments `()` is an expression missing at the `)`.
    /// The arguments are then a parenthesized comma expression: each but the last may do
    /// nothing (#174), and the last template argument is compared with the last of them
    /// (`16 > (params, stream)`: #42 for an `int` and a pointer).
    fn comparisons_instead_of_call(&mut self, seg: &NameSegment, args: &[Expr], call: Span) {
        self.type_args_not_allowed(seg);
        if args.is_empty() && call.hi > call.lo {
            self.emit(Diagnostic::new(ids::EXP_PRIMARY_EXPR, call.hi - 1));
        }
        let Some((last, before)) = args.split_last() else {
            return;
        };
        self.no_effect_comma_operands(before);
        // `f < A, B > (x)` is `(f < A), (B > (x))`; with one argument `f < A` is compared.
        if let Some(targs) = seg.args.as_ref()
            && targs.args.len() >= 2
            && let Some(TemplateArg::Expr(bound)) = targs.args.last()
        {
            self.comparison_types(BinaryOp::Gt, bound, last);
        }
    }

    fn type_args_not_allowed(&mut self, seg: &NameSegment) {
        let Some(args) = &seg.args else { return };
        for a in args.args.iter() {
            let at = match a {
                TemplateArg::Type(t) => t.span.lo,
                TemplateArg::Name(n) if self.names_type(n) => n.span.lo,
                _ => continue,
            };
            self.emit(Diagnostic::new(ids::TYPE_IDENTIFIER_NOT_ALLOWED, at));
        }
    }

    /// Whether a name that could be a type or a value denotes a type.
    fn names_type(&self, n: &QualName) -> bool {
        n.resolution.entity().is_some_and(|e| {
            matches!(
                self.sema.resolve_alias_kind(e),
                EntityKind::Class(_)
                    | EntityKind::Enum { .. }
                    | EntityKind::Typedef
                    | EntityKind::TemplateTypeParam
            )
        })
    }

    /// A qualified name that lookup did not resolve, through namespaces we can see in
    /// full: `name followed by "::" must be a class or namespace name` at the first
    /// component that names no namespace or class (`std::views::iota` under C++17), or
    /// `namespace "N" has no member "x"` when only the last is missing. Names that start
    /// elsewhere than at a namespace (a class, a template parameter, a local alias) are
    /// left alone, as are names after a parser recovery. Says whether the last component
    /// was reported missing.
    fn unresolved_qualified(&mut self, n: &QualName) -> bool {
        // A recovery before the name may have dropped what it names; one after cannot
        // have dropped a namespace's member declared before it.
        // Nor one whose skipped text does not hold any of the name's components.
        if self.recoveries.iter().any(|r| {
            r.span.lo <= n.span.lo
                && n.segments.iter().any(|s| {
                    s.ident().is_some_and(|id| {
                        holds_unqualified_word(self.map.slice(r.span), self.interner.bytes(id))
                    })
                })
        }) || self.map.is_system(n.span.lo)
        {
            return false;
        }
        // `Bar::x` with nothing named `Bar` in sight (outside templates, where it could
        // come from a dependent base).
        if n.unfound_qualifier {
            if self.func.is_some_and(|f| f.in_template)
                || self.template_depth > 0
                || self.in_unknowable_class()
            {
                return false;
            }
            self.emit(Diagnostic::new(
                ids::ID_MUST_BE_CLASS_OR_NAMESPACE_NAME,
                n.segments[0].span.lo,
            ));
            return false;
        }
        // In a lambda, the function around it.
        let Some(f) = self
            .func
            .and_then(|f| f.entity)
            .or_else(|| self.cur_fn.and_then(|f| f.entity))
        else {
            return false;
        };
        let segs = &n.segments;
        let mut ns = if n.global {
            crate::sema::Sema::GLOBAL
        } else {
            let Some(first) = segs[0].ident() else {
                return false;
            };
            if segs[0].args.is_some() {
                return false;
            }
            let from = self.sema.entity(f).parent;
            let found = self.sema.lookup_nested_name_specifier(from, first);
            let [only] = found[..] else { return false };
            let only = self.sema.resolve_alias(only);
            if self.sema.entity(only).kind != EntityKind::Namespace {
                return false;
            }
            let Some(scope) = self.sema.member_scope(only) else {
                return false;
            };
            scope
        };
        let start = usize::from(!n.global);
        for (i, seg) in segs.iter().enumerate().skip(start) {
            let Some(sym) = seg.ident() else { return false };
            let found = self.sema.lookup_qualified(ns, sym);
            let last = i + 1 == segs.len();
            if found.is_empty() {
                if last && ns == crate::sema::Sema::GLOBAL {
                    // Compiler builtins are declared nowhere (`::__builtin_memcpy`).
                    if self.interner.name(sym).starts_with("__builtin") {
                        return false;
                    }
                    self.emit(
                        Diagnostic::new(ids::NAME_NOT_FOUND_IN_FILE_SCOPE, seg.span.lo)
                            .arg_str(self.name_of(sym)),
                    );
                } else if last {
                    let Some(owner) = self.sema.scope(ns).entity else {
                        return false;
                    };
                    let ns_name =
                        self.sema
                            .qualified_name_with(owner, self.interner, Some("<unnamed>"));
                    self.emit(
                        Diagnostic::new(ids::NOT_A_MEMBER, seg.span.lo)
                            .arg_entity(format!("namespace \"{ns_name}\""))
                            .arg_str(self.name_of(sym)),
                    );
                } else {
                    self.emit(Diagnostic::new(
                        ids::ID_MUST_BE_CLASS_OR_NAMESPACE_NAME,
                        seg.span.lo,
                    ));
                }
                return last;
            }
            if last || seg.args.is_some() {
                return false;
            }
            let kinds: Vec<EntityKind> = found
                .iter()
                .map(|&e| self.sema.resolve_alias_kind(e))
                .collect();
            if kinds.iter().all(|k| {
                matches!(
                    k,
                    EntityKind::Function
                        | EntityKind::Variable
                        | EntityKind::Enumerator
                        | EntityKind::Concept
                )
            }) {
                self.emit(Diagnostic::new(
                    ids::ID_MUST_BE_CLASS_OR_NAMESPACE_NAME,
                    seg.span.lo,
                ));
                return false;
            }
            // Only namespaces are followed, and plain classes for their last member: a
            // class's members may come from templates.
            let [one] = found[..] else { return false };
            let one = self.sema.resolve_alias(one);
            if matches!(self.sema.entity(one).kind, EntityKind::Class(_)) && i + 2 == segs.len() {
                self.missing_class_member(one, &segs[i + 1]);
                return false;
            }
            if self.sema.entity(one).kind != EntityKind::Namespace {
                return false;
            }
            let Some(scope) = self.sema.member_scope(one) else {
                return false;
            };
            ns = scope;
        }
        false
    }

    /// `C::x` naming no member of a plain class whose members we all know:
    /// `class "C" has no member "x"`.
    fn missing_class_member(&mut self, class: EntityId, seg: &NameSegment) {
        let Some(sym) = seg.ident() else { return };
        let Some(scope) = self.sema.member_scope(class) else {
            return;
        };
        if seg.args.is_some()
            || !self.members_all_known(scope, 0)
            || !self.sema.lookup_in_class(scope, sym, 0).is_empty()
        {
            return;
        }
        self.no_class_member(class, sym, seg.span);
    }

    /// `class "C" has no member "x"` (`union "U"` for unions), at `at`.
    fn no_class_member(&mut self, class: EntityId, sym: Symbol, at: Span) {
        let kind = match self.sema.entity(class).kind {
            EntityKind::Class(TagKind::Union) => "union",
            _ => "class",
        };
        let class_name = self
            .sema
            .qualified_name_with(class, self.interner, Some("<unnamed>"));
        self.emit(
            Diagnostic::new(ids::NOT_A_MEMBER, at.lo)
                .arg_entity(format!("{kind} \"{class_name}\""))
                .arg_str(self.name_of(sym)),
        );
    }

    /// Inside a member function of a class some of whose members we cannot see (a base
    /// that depends on template parameters).
    fn in_unknowable_class(&self) -> bool {
        let Some(f) = self.func.and_then(|f| f.entity) else {
            return false;
        };
        let mut s = Some(self.sema.entity(f).parent);
        while let Some(sc) = s {
            let scope = self.sema.scope(sc);
            // A base that is a template's instance brings members we do not instantiate.
            if scope.kind == crate::sema::ScopeKind::Class
                && (scope.dependent_bases || scope.entity.is_none() || !self.bases_all_known(sc, 0))
            {
                return true;
            }
            s = scope.parent;
        }
        false
    }

    /// A call (or launch) of `f`, the one function its name finds, with `args`: too few
    /// arguments (at the call's `)`) or too many (at the first extra one). Only where
    /// argument-dependent lookup cannot bring in another candidate (every argument of a
    /// fundamental type, or a pointer to one) and nothing depends on template parameters.
    ///
    /// True when reported.
    fn argument_count(
        &mut self,
        fs: &[EntityId],
        args: &[Expr],
        call: Span,
        member: bool,
    ) -> ArgumentCount {
        if fs.iter().any(|&f| {
            let ent = self.sema.entity(f);
            ent.is_template || ent.kind != EntityKind::Function
        }) || self.func.is_none_or(|c| c.in_template)
            || args
                .iter()
                .any(|a| matches!(a.kind, ExprKind::PackExpansion(_)))
            || !member
                && !args.iter().all(|a| {
                    self.builtin_typed(a, 0) || self.adl_adds_nothing(fs, std::slice::from_ref(a))
                })
        {
            return ArgumentCount::Unknown;
        }
        if fs.iter().any(|f| !self.index.functions.contains_key(f)) {
            return ArgumentCount::Unknown;
        }
        let mut total = None;
        let mut defaults = 0;
        for d in fs
            .iter()
            .filter_map(|f| self.index.functions.get(f))
            .flatten()
        {
            if d.template.is_some() {
                return ArgumentCount::Unknown;
            }
            let Some(chunk) = d.declarator.function() else {
                return ArgumentCount::Unknown;
            };
            let n = if chunk.has_void_params() {
                0
            } else {
                chunk.params.len()
            };
            if chunk.variadic || chunk.params.iter().any(|p| p.declarator.pack) {
                return ArgumentCount::Unknown;
            }
            // Declarations that disagree are overloads we did not tell apart.
            if total.is_some_and(|t| t != n) {
                return ArgumentCount::Unknown;
            }
            total = Some(n);
            let trailing = chunk
                .params
                .iter()
                .rev()
                .take_while(|p| p.default.is_some())
                .count();
            defaults = defaults.max(trailing);
        }
        let Some(total) = total else {
            return ArgumentCount::Unknown;
        };
        let required = total - defaults.min(total);
        if args.len() < required {
            let close = call.hi.saturating_sub(1);
            ArgumentCount::Wrong(Diagnostic::new(ids::TOO_FEW_ARGUMENTS, close))
        } else if args.len() > total {
            ArgumentCount::Wrong(Diagnostic::new(
                ids::TOO_MANY_ARGUMENTS,
                args[total].span.lo,
            ))
        } else {
            ArgumentCount::Right
        }
    }

    fn call(&mut self, callee: &'a Expr, args: &'a [Expr], span: Span) {
        let target = callee.unparen();
        let mut candidates: Vec<EntityId> = Vec::new();
        let mut undefined_callee = None;
        // The member functions a call `obj.f(args)` can mean, when they are all known.
        let mut members = None;
        // The execution spaces of the calls are checked as cudafe++ builds them: the calls
        // in the arguments (and in the callee) first — `d(d(1))`'s inner call is reported
        // first —, all of them before anything the walk finds in them.
        let outermost = self.calls_checked == 0;
        if outermost {
            let mut calls = CallsIn {
                c: self,
                found: Vec::new(),
            };
            calls.expr(callee);
            for a in args {
                calls.expr(a);
            }
            calls.call(callee, args);
            let found = calls.found;
            for check in found {
                self.space_check(check);
            }
        }
        self.calls_checked += 1;
        self.note_call_reference(callee, args);
        match &target.kind {
            ExprKind::Name(n) => {
                self.name_captures(n);
                let code = self.func.is_some() || self.namespace_code;
                // `ns::f<int>(x)` with no `f` in `ns` is read as comparisons, as is
                // `f<int>(x)` with `f` undeclared before C++20 (which takes `f` for a
                // template found by argument-dependent lookup; not once `f` has been
                // reported undefined, which declares it).
                let comparisons = n.last().args.is_some()
                    && (self.opts.cxx < 20
                        || n.ident().is_some_and(|s| self.undefined_names.contains(&s)));
                if code
                    && n.is_qualified()
                    && matches!(n.resolution, Resolution::Unresolved | Resolution::Dependent)
                    && self.unresolved_qualified(n)
                    && n.last().args.is_some()
                {
                    self.comparisons_instead_of_call(n.last(), args, span);
                }
                if code
                    && comparisons
                    && !n.is_qualified()
                    && n.resolution == Resolution::Unresolved
                    && self.undefined_identifier(n)
                {
                    self.comparisons_instead_of_call(n.last(), args, span);
                }
                // An unknown function is an error once no argument can bring it in by
                // argument-dependent lookup or make the call depend on template parameters
                // (reported after the arguments, as cudafe++ reads them first).
                // In templates too: an argument whose type the model knows depends on no
                // template parameter.
                undefined_callee = (n.resolution == Resolution::Unresolved
                    && !n.is_qualified()
                    && !comparisons
                    && code
                    && {
                        self.types_in_templates.set(true);
                        let known = args.iter().all(|a| {
                            self.builtin_typed(a, 0)
                                || self.erroneous(a)
                                // An array of characters has no associated namespace.
                                || matches!(
                                    a.unparen().kind,
                                    ExprKind::Literal(LiteralKind::String) | ExprKind::Strings(_)
                                )
                                || n.ident().is_some_and(|s| self.adl_finds_nothing_new(a, s))
                        });
                        self.types_in_templates.set(false);
                        known
                    })
                .then_some(n);
                // Using-declarations stand for every function they bring in (glibc's
                // `std::strstr` is two overloads).
                candidates = n
                    .resolution
                    .entities()
                    .iter()
                    .flat_map(|&e| self.sema.using_targets(e))
                    .filter(|&e| self.sema.entity(e).kind == EntityKind::Function)
                    .collect();
            }
            ExprKind::Member { base, arrow, name } => {
                // Calling a member of an object binds it to `this`: no read of it.
                if !*arrow {
                    self.forget_unset(base);
                }
                self.expr(target, Use::Read);
                members = self.member_functions(base, *arrow, name);
            }
            _ => self.expr(target, Use::Read),
        }
        // The count is checked before the arguments are converted (and device variables
        // among them reported).
        // A wrong count is reported after the arguments that have parameters are converted.
        let mut typed_callee = None;
        let mut wrong_count = None;
        if let ExprKind::Name(n) = &target.kind
            && let Some(named) = self.functions_named(n)
            && let Some(fs) = self.one_function(&named)
        {
            let count = self.argument_count(&fs, args, span, false);
            if n.last().args.is_none() && self.adl_adds_nothing(&fs, args) {
                typed_callee = Some(fs);
            }
            if let ArgumentCount::Wrong(d) = count {
                wrong_count = Some(d);
            }
        }
        // A function template that takes no such number of arguments: the arguments are
        // read for no use, and the error follows them.
        let template_mismatch = match &target.kind {
            ExprKind::Name(n) if wrong_count.is_none() => self
                .template_argument_count(n, args, target.span.lo, span)
                .or_else(|| self.overload_mismatch(n, args, target.span.lo, span))
                .or_else(|| self.template_call_mismatch(n, args, target.span.lo, span)),
            _ => None,
        };
        // A member function: no argument-dependent lookup.
        if let Some(fs) = members {
            let count = self.argument_count(&fs, args, span, true);
            typed_callee = Some(fs);
            if let ArgumentCount::Wrong(d) = count {
                wrong_count = Some(d);
            }
        }
        // With a wrong count: the conversions of the arguments there are parameters for,
        // the count, then what the arguments read.
        if let Some(d) = wrong_count {
            if let Some(fs) = typed_callee.take() {
                for (i, a) in args.iter().enumerate() {
                    self.argument_type(&fs, i, a);
                }
            }
            self.emit(d);
        }
        // In a template, a call with an argument of a dependent type is resolved when it is
        // instantiated: any of its arguments may be taken by reference.
        let dependent = args.iter().any(|a| self.maybe_dependent(a));
        self.dependent_uses += dependent as u32;
        for (i, a) in args.iter().enumerate() {
            let usage = if template_mismatch.is_some() {
                Use::NoAccess
            } else {
                self.argument_use(&candidates, i)
            };
            // An array argument decays to a pointer to it: no read of its elements.
            if usage == Use::Read && self.is_unset_array(a) {
                self.forget_unset(a);
            }
            // The conversion comes before the read of the argument (#549).
            if let Some(fs) = &typed_callee {
                self.argument_type(fs, i, a);
            }
            self.expr(a, usage);
            if let [f] = candidates[..] {
                self.argument_conversions(f, args, i, a);
            }
        }
        self.dependent_uses -= dependent as u32;
        self.calls_checked -= 1;
        if let Some(n) = undefined_callee {
            self.undefined_identifier(n);
        }
        if let Some(d) = template_mismatch {
            self.emit(d);
        }
    }

    /// A call, at `at`, of a function template — the one entity its name finds, at
    /// namespace scope — with a number of arguments it does not take: fewer than its
    /// parameters without defaults, or more than it has (without a pack or `...`). EDG's
    /// "no instance of function template "f" matches the argument list", with the
    /// arguments' types and a note at the template (its definition, else its first
    /// declaration before the call). Only outside templates and system headers, where the
    /// model has every argument's type and argument-dependent lookup can bring in nothing
    /// else: their classes and enumerations, with the bases, are of the template's
    /// namespace, none declares a friend of that name, and the template is all that
    /// namespace declares by that name.
    fn template_argument_count(
        &self,
        n: &QualName,
        args: &[Expr],
        at: u32,
        call: Span,
    ) -> Option<Diagnostic> {
        if self.func.is_none_or(|c| c.in_template)
            || self.template_depth > 0
            || self.map.is_system(call.lo)
            || args
                .iter()
                .any(|a| matches!(a.kind, ExprKind::PackExpansion(_)))
        {
            return None;
        }
        let mut named = self.functions_named(n)?;
        named.sort();
        named.dedup();
        let [f] = named[..] else { return None };
        let ent = self.sema.entity(f);
        // (A function template is `in_template` itself; its scope is checked below.)
        if !ent.is_template || ent.flags.is_member {
            return None;
        }
        let name = ent.name?;
        let home = ent.parent;
        let scope = self.sema.scope(home);
        if scope.kind != crate::sema::ScopeKind::Namespace
            || scope.names.get(&name).is_none_or(|v| v.len() != 1)
        {
            return None;
        }
        let decls: Vec<&FnDecl<'a>> = self
            .index
            .functions
            .get(&f)?
            .iter()
            .filter(|d| d.declarator.span.lo < call.lo)
            .collect();
        let (mut total, mut open, mut defaults) = (None, false, 0);
        for d in &decls {
            let chunk = d.declarator.function()?;
            let params: &[Param] = if chunk.has_void_params() {
                &[]
            } else {
                &chunk.params
            };
            // A pack anywhere but last takes what the parameters after it leave.
            if params.iter().rev().skip(1).any(|p| p.declarator.pack) {
                return None;
            }
            if total.is_some_and(|t| t != params.len()) {
                return None;
            }
            total = Some(params.len());
            open |= chunk.variadic || params.last().is_some_and(|p| p.declarator.pack);
            let trailing = params
                .iter()
                .rev()
                .take_while(|p| p.default.is_some() || p.declarator.pack)
                .count();
            defaults = defaults.max(trailing);
        }
        let total = total?;
        let required = total - defaults.min(total);
        if args.len() >= required && (open || args.len() <= total) {
            return None;
        }
        let mut types = Vec::with_capacity(args.len());
        for a in args {
            let t = self.type_of(a)?;
            if let Some(c) = t.ty.associated() {
                let assoc = self.sema.entity(c);
                let alone = match assoc.kind {
                    EntityKind::Enum { .. } => assoc.parent == home,
                    EntityKind::Class(_) => self.befriends_nothing_named_in(c, name, home, 0),
                    _ => false,
                };
                if !alone {
                    return None;
                }
            }
            types.push(self.print_typed(&t)?);
        }
        let shown = decls.iter().find(|d| d.has_body).or(decls.first())?;
        let declared = shown.declarator.name.as_ref()?.span.lo;
        let what = format!("function template \"{}\"", self.function_display_name(f));
        let mut d = Diagnostic::new(ids::NO_MATCHING_FUNCTION, at).arg_entity(&what);
        if !args.is_empty() {
            d = d.detail(format!("argument types are: ({})", types.join(", ")));
        }
        Some(
            d.note(
                Diagnostic::new(ids::CANDIDATE_WRONG_PARAM_COUNT, declared)
                    .severity(crate::diag::Severity::Note)
                    .arg_entity(&what),
            ),
        )
    }

    /// A call, at `at`, of a name that finds function templates (and perhaps functions) of
    /// which none can take the arguments: each template takes no such number of arguments
    /// (#3322) or fails deduction (#3327) — a template parameter that no function
    /// parameter names and that has no default (`tex1Dfetch<T>(cudaTextureObject_t, int)`
    /// called without template arguments), or a `T *` parameter given an argument of EDG's
    /// error type (a texture reference once CUDA 12 removed them) or of a type that is no
    /// pointer — and each function takes no such number. One template alone is
    /// "no instance of function template "f"" (and the note names it alone); several
    /// candidates are "no instance of overloaded function "f"", the notes showing their
    /// parameters, and the template parameters where some are not deducible, the last
    /// declared first. Only where the model is sure: outside templates and system
    /// headers, no template arguments written, every argument of a known type or of the
    /// error type, argument-dependent lookup adding nothing.
    fn template_call_mismatch(
        &self,
        n: &QualName,
        args: &[Expr],
        at: u32,
        call: Span,
    ) -> Option<Diagnostic> {
        if self.func.is_none_or(|c| c.in_template)
            || self.template_depth > 0
            || self.map.is_system(call.lo)
            || n.last().args.is_some()
            || args
                .iter()
                .any(|a| matches!(a.kind, ExprKind::PackExpansion(_)))
        {
            return None;
        }
        let mut named = self.functions_named(n)?;
        named.sort();
        named.dedup();
        if !named.iter().any(|&f| self.sema.entity(f).is_template)
            || !self.whole_overload_set(&named)
        {
            return None;
        }
        for &f in &named {
            let ent = self.sema.entity(f);
            if ent.flags.is_member || ent.kind != EntityKind::Function {
                return None;
            }
        }
        // Each argument: the error type, or a type the model knows that brings nothing in.
        let mut shown = Vec::with_capacity(args.len());
        let mut erroneous = Vec::with_capacity(args.len());
        for a in args {
            if self.erroneous(a) {
                shown.push("<error-type>".to_string());
                erroneous.push(true);
                continue;
            }
            if !self.adl_adds_nothing(&named, std::slice::from_ref(a)) {
                return None;
            }
            shown.push(self.print_typed(&self.type_of(a)?)?);
            erroneous.push(false);
        }
        let overloaded = named.len() > 1;
        let mut notes = Vec::with_capacity(named.len());
        for &f in &named {
            let decls = self.index.functions.get(&f)?;
            let before: Vec<&FnDecl<'a>> = decls
                .iter()
                .filter(|d| d.declarator.span.lo < call.lo)
                .collect();
            let decl = before.iter().find(|d| d.has_body).or(before.first())?;
            let chunk = decl.declarator.function()?;
            let declared = decl.declarator.name.as_ref()?.span.lo;
            let name = self.function_display_name(f);
            let params = self.rendered_params(chunk, true).join(", ");
            let template = self.sema.entity(f).is_template;
            let kind = if template {
                "function template"
            } else {
                "function"
            };
            let count_ok = self.param_count_accepts(f, args.len());
            if !template {
                if count_ok {
                    // A function that may take them (an error-type argument converts).
                    return None;
                }
                let what = format!("{kind} \"{name}({params})\"");
                notes.push((
                    declared,
                    Diagnostic::new(ids::CANDIDATE_WRONG_PARAM_COUNT, declared).arg_entity(&what),
                ));
                continue;
            }
            let head = decl.template?;
            // A function and a template of one name may share an entity here: not sure.
            if decls.iter().any(|d| d.template.is_none()) {
                return None;
            }
            // A pack takes any number of arguments.
            if head.params.iter().any(|p| p.pack) || chunk.params.iter().any(|p| p.declarator.pack)
            {
                return None;
            }
            if !count_ok {
                let what = if overloaded {
                    let list = self.undeducible_list(head, chunk);
                    format!("{kind} \"{name}{list}({params})\"")
                } else {
                    format!("{kind} \"{name}\"")
                };
                notes.push((
                    declared,
                    Diagnostic::new(ids::CANDIDATE_WRONG_PARAM_COUNT, declared).arg_entity(&what),
                ));
                continue;
            }
            if !self.deduction_fails(head, chunk, args, &erroneous)? {
                return None;
            }
            let what = if !overloaded {
                format!("{kind} \"{name}\"")
            } else {
                let list = self.undeducible_list(head, chunk);
                format!("{kind} \"{name}{list}({params})\"")
            };
            notes.push((
                declared,
                Diagnostic::new(ids::DEDUCTION_FAILED, declared).arg_entity(&what),
            ));
        }
        notes.sort_by_key(|(declared, _)| std::cmp::Reverse(*declared));
        let name = self.function_display_name(named[0]);
        let what = if overloaded {
            ids::NO_MATCHING_NEW_FUNCTION
        } else {
            ids::NO_MATCHING_FUNCTION
        };
        let shown_name = if overloaded {
            format!("function \"{name}\"")
        } else {
            format!("function template \"{name}\"")
        };
        let mut d = Diagnostic::new(what, at).arg_entity(shown_name);
        if !args.is_empty() {
            d = d.detail(format!("argument types are: ({})", shown.join(", ")));
        }
        for (_, note) in notes {
            d = d.note(note.severity(crate::diag::Severity::Note));
        }
        Some(d)
    }

    /// Is `named` every function its scope declares by that name (lookup may have found
    /// some only: a template and a function of one name)?
    fn whole_overload_set(&self, named: &[EntityId]) -> bool {
        let Some(&f) = named.first() else {
            return false;
        };
        let ent = self.sema.entity(f);
        let Some(name) = ent.name else { return false };
        let parent = ent.parent;
        if named.iter().any(|&g| self.sema.entity(g).parent != parent) {
            return false;
        }
        self.sema
            .scope(parent)
            .names
            .get(&name)
            .is_some_and(|all| all.iter().all(|e| named.contains(e)))
    }

    /// How EDG names a function template among candidates: with its template parameters
    /// (`<T,U>`) when some function parameter does not name one of them, else without.
    fn undeducible_list(&self, head: &TemplateHead, chunk: &FunctionChunk) -> String {
        let text: Vec<&[u8]> = chunk
            .params
            .iter()
            .map(|p| self.map.slice(p.span))
            .collect();
        let names = |sym: Symbol| {
            let word = self.interner.bytes(sym);
            text.iter().any(|t| {
                t.windows(word.len()).enumerate().any(|(i, w)| {
                    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
                    w == word
                        && (i == 0 || !ident(t[i - 1]))
                        && t.get(i + word.len()).is_none_or(|&b| !ident(b))
                })
            })
        };
        if head.params.iter().all(|p| p.name.is_some_and(names)) {
            return String::new();
        }
        let list: Vec<String> = head
            .params
            .iter()
            .map(|p| p.name.map(|s| self.name_of(s)).unwrap_or_default())
            .collect();
        format!("<{}>", list.join(","))
    }

    /// Template argument deduction for a call of the function template `head` + `chunk`
    /// (which takes that many arguments): whether it fails, or `None` where the model
    /// cannot tell (packs, non-type or template template parameters, parameters of other
    /// forms than `T`, `T &`, `T &&`, `T *` and types without template parameters).
    fn deduction_fails(
        &self,
        head: &TemplateHead,
        chunk: &FunctionChunk,
        args: &[Expr],
        erroneous: &[bool],
    ) -> Option<bool> {
        let mut tparams = Vec::with_capacity(head.params.len());
        for p in &head.params {
            let TemplateParamKind::Type { default, .. } = &p.kind else {
                return None;
            };
            if p.pack {
                return None;
            }
            tparams.push((p.entity?, default.is_some()));
        }
        let params: &[Param] = if chunk.has_void_params() {
            &[]
        } else {
            &chunk.params
        };
        let mut deduced = vec![false; tparams.len()];
        let mut fails = false;
        for (i, p) in params.iter().enumerate() {
            if p.declarator.pack {
                return None;
            }
            let which = match &p.specs.ty {
                TypeSpec::Named { name, .. } => {
                    if name.segments.iter().any(|s| s.args.is_some()) {
                        return None;
                    }
                    name.resolution
                        .entity()
                        .and_then(|e| tparams.iter().position(|(t, _)| *t == e))
                }
                TypeSpec::Builtin(_) => None,
                _ => return None,
            };
            let Some(k) = which else {
                // A parameter without template parameters: no deduction from it.
                if p.declarator.ops.iter().any(|o| {
                    !matches!(
                        o,
                        DeclaratorOp::Pointer { .. }
                            | DeclaratorOp::LValueRef
                            | DeclaratorOp::RValueRef
                    )
                }) {
                    return None;
                }
                continue;
            };
            let Some(arg) = args.get(i) else {
                // A default argument: no deduction.
                continue;
            };
            match &p.declarator.ops[..] {
                [] | [DeclaratorOp::LValueRef] | [DeclaratorOp::RValueRef] => deduced[k] = true,
                [DeclaratorOp::Pointer { .. }] => {
                    if erroneous[i] {
                        fails = true;
                    } else {
                        let t = self.type_of(arg)?;
                        if t.ty.canonical().pointee().is_some() {
                            deduced[k] = true;
                        } else if t.ty.canonical().fund().is_some() && !t.null {
                            fails = true;
                        } else {
                            return None;
                        }
                    }
                }
                _ => return None,
            }
        }
        for (k, (_, default)) in tparams.iter().enumerate() {
            if !deduced[k] && !default {
                fails = true;
            }
        }
        Some(fails)
    }

    /// A call, at `at`, of a name that finds several functions (no templates, no members)
    /// none of which can take the arguments: EDG's "no instance of overloaded function "f"
    /// matches the argument list" with the arguments' types, and a note for each candidate,
    /// the last declared first — #3322 when it takes no such number of arguments, else
    /// #3326 at the first argument that cannot become its parameter. Only where the model
    /// knows every argument's type and, for each candidate, every conversion it needs up
    /// to the one that fails, and argument-dependent lookup can bring in nothing else;
    /// outside templates and system headers.
    fn overload_mismatch(
        &self,
        n: &QualName,
        args: &[Expr],
        at: u32,
        call: Span,
    ) -> Option<Diagnostic> {
        if self.func.is_none_or(|c| c.in_template)
            || self.template_depth > 0
            || self.map.is_system(call.lo)
            || n.last().args.is_some()
            || args
                .iter()
                .any(|a| matches!(a.kind, ExprKind::PackExpansion(_)))
        {
            return None;
        }
        let mut named = self.functions_named(n)?;
        named.sort();
        named.dedup();
        // Declarations of one function (glibc's `memcpy` and CUDA's) are no overloads;
        // nor are several `extern "C"` functions of one name, which the model keeps apart.
        if named.len() < 2
            || !self.whole_overload_set(&named)
            || self.one_function(&named).is_some()
            || named
                .iter()
                .filter(|&&f| self.sema.entity(f).flags.extern_c)
                .count()
                > 1
        {
            return None;
        }
        for &f in &named {
            let ent = self.sema.entity(f);
            if ent.is_template || ent.flags.is_member || ent.kind != EntityKind::Function {
                return None;
            }
        }
        if !self.adl_adds_nothing(&named, args) {
            return None;
        }
        let mut typed = Vec::with_capacity(args.len());
        let mut shown = Vec::with_capacity(args.len());
        for a in args {
            let t = self.type_of(a)?;
            shown.push(self.print_typed(&t)?);
            typed.push(t);
        }
        let mut notes = Vec::with_capacity(named.len());
        for &f in &named {
            let decls = self.index.functions.get(&f)?;
            let before: Vec<&FnDecl<'a>> = decls
                .iter()
                .filter(|d| d.declarator.span.lo < call.lo)
                .collect();
            let decl = before.iter().find(|d| d.has_body).or(before.first())?;
            let chunk = decl.declarator.function()?;
            let declared = decl.declarator.name.as_ref()?.span.lo;
            let what = format!(
                "function \"{}({})\"",
                self.function_display_name(f),
                self.rendered_params(chunk, true).join(", ")
            );
            let note = if !self.param_count_accepts(f, args.len()) {
                Diagnostic::new(ids::CANDIDATE_WRONG_PARAM_COUNT, declared).arg_entity(&what)
            } else {
                let params = if chunk.has_void_params() {
                    0
                } else {
                    chunk.params.len()
                };
                let mut mismatch = None;
                for (i, t) in typed.iter().enumerate().take(params) {
                    let p = self.parameter_type(&[f], i)?;
                    match self.converts(t, &p)? {
                        true => {}
                        false => {
                            mismatch = Some(i);
                            break;
                        }
                    }
                }
                // A candidate that takes the arguments: no error here.
                let i = mismatch?;
                Diagnostic::new(ids::NONVIABLE_BECAUSE_ARG_MISMATCH, declared)
                    .arg_entity(&what)
                    .arg_int(i as i64 + 1)
            };
            notes.push((declared, note.severity(crate::diag::Severity::Note)));
        }
        notes.sort_by_key(|(declared, _)| std::cmp::Reverse(*declared));
        let name = self.function_display_name(named[0]);
        let mut d = Diagnostic::new(ids::NO_MATCHING_NEW_FUNCTION, at)
            .arg_entity(format!("function \"{name}\""));
        if !args.is_empty() {
            d = d.detail(format!("argument types are: ({})", shown.join(", ")));
        }
        for (_, note) in notes {
            d = d.note(note);
        }
        Some(d)
    }

    /// `return 0;` in a function returning `void` (a kernel, say): the value is certainly
    /// not of type `void` when it has a fundamental type we can see. Not in lambdas or
    /// templates.
    fn return_value_in_void_function(&mut self, e: &Expr) {
        let Some(f) = self.cur_fn else { return };
        if !self.lambda_frames.is_empty()
            || self.func.is_none_or(|c| c.in_template)
            || self.map.is_system(e.span.lo)
        {
            return;
        }
        if !matches!(f.specs.ty, TypeSpec::Builtin(b) if b.void)
            || f.declarator.ops.len() != 1
            || f.declarator
                .function()
                .is_none_or(|c| c.trailing_return.is_some())
        {
            return;
        }
        if self.type_is_void(&f.specs, &f.declarator, 1) != Some(true) || !self.builtin_typed(e, 0)
        {
            return;
        }
        self.emit(Diagnostic::new(ids::BAD_RETURN_VALUE_TYPE, e.span.lo));
    }

    /// An argument that is an error of its own (an undeclared name, `Bar::x` with no
    /// `Bar`): it has no type argument-dependent lookup could use.
    fn erroneous(&self, e: &Expr) -> bool {
        match &e.unparen().kind {
            ExprKind::Name(n) => {
                (n.resolution == Resolution::Unresolved
                    && !n.is_qualified()
                    && n.last().args.is_none()
                    && n.ident()
                        .is_some_and(|s| !self.interner.bytes(s).starts_with(b"__")))
                    || n.unfound_qualifier
                    || n.resolution
                        .entity()
                        .is_some_and(|v| self.of_erroneous_type(v))
                    || self.names_type_as_value(n)
            }
            // A type where a value belongs: `f(int)`, `f(E)`.
            ExprKind::TypeName => true,
            // The error type spreads: `&tex`, `*tex`, `tex.filterMode`, `tex[0]`.
            ExprKind::Unary(UnaryOp::AddrOf | UnaryOp::Deref, x) => self.erroneous(x),
            ExprKind::Member { base, .. } => self.erroneous(base),
            ExprKind::Index(a, _) => self.erroneous(a),
            // A member function of an object of the error type (`v.back()`).
            ExprKind::Call { callee, .. } => {
                matches!(callee.unparen().kind, ExprKind::Member { .. }) && self.erroneous(callee)
            }
            _ => false,
        }
    }

    /// Does `n`, used as a value, name a type (outside templates and system headers)?
    fn names_type_as_value(&self, n: &QualName) -> bool {
        // A template's type parameter is a type in every instance (`X < T > y(0)` read as
        // comparisons once `X` names nothing).
        if !n.is_qualified()
            && n.last().args.is_none()
            && !self.map.is_system(n.span.lo)
            && n.resolution
                .entity()
                .is_some_and(|t| matches!(self.sema.entity(t).kind, EntityKind::TemplateTypeParam))
        {
            return true;
        }
        if self.template_depth > 0
            || self.func.is_none_or(|f| f.in_template)
            || n.last().args.is_some()
            || n.is_qualified()
            || self.map.is_system(n.span.lo)
        {
            return false;
        }
        n.resolution.entity().is_some_and(|t| {
            let ent = self.sema.entity(t);
            !ent.is_template
                && !ent.flags.in_template
                && matches!(
                    ent.kind,
                    EntityKind::Class(_) | EntityKind::Enum { .. } | EntityKind::Typedef
                )
        })
    }

    /// A variable or parameter declared with a type name that names nothing (`texture<float>
    /// tex;` once CUDA 12 removed texture references): its type is EDG's error type.
    fn of_erroneous_type(&self, v: EntityId) -> bool {
        let ent = self.sema.entity(v);
        if !matches!(ent.kind, EntityKind::Variable | EntityKind::Parameter) {
            return false;
        }
        self.index
            .declared_at(ent.first_decl().lo)
            .is_some_and(|(specs, _)| match &specs.ty {
                TypeSpec::Named { name, .. } => {
                    name.resolution == Resolution::Unresolved && !name.is_qualified()
                }
                _ => false,
            })
    }

    /// Does `n` name a variable or parameter declared as an array (outside templates)?
    pub(crate) fn names_array(&self, n: &QualName) -> bool {
        let Some(id) = n.resolution.entity() else {
            return false;
        };
        let ent = self.sema.entity(id);
        matches!(ent.kind, EntityKind::Variable)
            && self
                .index
                .declared_at(ent.first_decl().lo)
                .is_some_and(|(_, d)| matches!(d.ops.first(), Some(DeclaratorOp::Array { .. })))
    }

    /// `obj.m` where `m` is a data member declared as an array, `obj`'s class certain.
    pub(crate) fn member_is_array(&self, base: &Expr, arrow: bool, name: &QualName) -> bool {
        if name.is_qualified() {
            return false;
        }
        let (Some(class), Some(sym)) = (self.object_class(base, arrow), name.ident()) else {
            return false;
        };
        let [m] = self.sema.lookup_member(class, sym)[..] else {
            return false;
        };
        let ent = self.sema.entity(m);
        ent.kind == EntityKind::Field
            && self
                .index
                .declared_at(ent.first_decl().lo)
                .is_some_and(|(_, d)| matches!(d.ops.first(), Some(DeclaratorOp::Array { .. })))
    }

    /// Does `e` name a local not yet set?
    fn names_unset_local(&self, e: &Expr) -> bool {
        matches!(&e.unparen().kind, ExprKind::Name(n)
            if n.resolution.entity().is_some_and(|id| self.unset_locals.contains_key(&id)))
    }

    /// `e` names a local not yet set: it counts as set from here on, without a warning.
    fn forget_unset(&mut self, e: &Expr) {
        if let ExprKind::Name(n) = &e.unparen().kind
            && let Some(id) = n.resolution.entity()
        {
            self.unset_locals.remove(&id);
        }
    }

    /// `#pragma unroll` must come right before a statement: #607 before a declaration,
    /// #609 at the end of a block (both warnings).
    fn unroll_placement(&mut self, pragma: &Stmt, rest: &[Stmt]) {
        let Some(at) = self.unroll_pragma(pragma.span) else {
            return;
        };
        let id = match rest.iter().find(|s| !matches!(s.kind, StmtKind::Pragma)) {
            None => ids::PRAGMA_MAY_NOT_BE_USED_HERE,
            Some(Stmt {
                kind: StmtKind::Decl(_),
                ..
            }) => ids::PRAGMA_MUST_PRECEDE_STATEMENT,
            Some(_) => return,
        };
        self.emit(Diagnostic::new(id, at).severity(crate::diag::Severity::Warning));
    }

    /// How many array declarators the variable `n` names was declared with first (`int
    /// m[2][3]`: 2).
    fn array_rank(&self, n: &QualName) -> usize {
        let Some(id) = n.resolution.entity() else {
            return 0;
        };
        let ent = self.sema.entity(id);
        if ent.kind != EntityKind::Variable {
            return 0;
        }
        self.index
            .declared_at(ent.first_decl().lo)
            .map_or(0, |(_, d)| {
                d.ops
                    .iter()
                    .take_while(|o| matches!(o, DeclaratorOp::Array { .. }))
                    .count()
            })
    }

    /// Does `e` name a local array not yet set?
    fn is_unset_array(&self, e: &Expr) -> bool {
        let ExprKind::Name(n) = &e.unparen().kind else {
            return false;
        };
        let Some(id) = n.resolution.entity() else {
            return false;
        };
        self.unset_locals.contains_key(&id)
            && self
                .index
                .declared_at(self.sema.entity(id).first_decl().lo)
                .is_some_and(|(_, d)| matches!(d.ops.first(), Some(DeclaratorOp::Array { .. })))
    }

    /// `obj.f(...)`, `p->f(...)`, `this->f(...)`: the cross-space rule for the member
    /// function, when the object's class is certain (a variable or parameter declared with
    /// a class that is not a template) and the arguments leave one candidate.
    /// What the execution spaces of the call `callee(args)` are checked for, where the
    /// function it calls is certain.
    fn space_check_of(&self, callee: &Expr, args: &[Expr]) -> Option<SpaceCheck> {
        if self.called_class_object(callee) {
            return None;
        }
        let target = callee.unparen();
        match &target.kind {
            ExprKind::Name(n) => {
                let caller = self.func.filter(|c| !c.in_template)?;
                let c = self.named_callee(n, args.len())?;
                Some(if self.sema.entity(c).cuda.exec.global {
                    SpaceCheck::Unconfigured(target.span.lo)
                } else {
                    SpaceCheck::Named(c, target.span, caller)
                })
            }
            ExprKind::Member { base, arrow, name } => self
                .member_call(target, base, *arrow, name, args.len())
                .map(|(c, at, caller)| SpaceCheck::Member(c, at, caller)),
            _ => None,
        }
    }

    /// Notes the function a call `callee(args)` certainly references (for #114), where it
    /// is bound where the call stands: not in a template where an argument may depend on
    /// a template parameter (the call is resolved when it is instantiated).
    fn note_call_reference(&mut self, callee: &Expr, args: &[Expr]) {
        if self.func.is_none() && !self.namespace_code {
            return;
        }
        if self.in_template() && args.iter().any(|a| self.maybe_dependent(a)) {
            return;
        }
        let target = callee.unparen();
        let f = match &target.kind {
            ExprKind::Name(n) => self.named_callee(n, args.len()),
            ExprKind::Member { base, arrow, name } => self
                .member_call(target, base, *arrow, name, args.len())
                .map(|(f, ..)| f),
            _ => None,
        };
        if let Some(f) = f {
            self.referenced_functions.insert(f);
        }
    }

    /// The one function the name `n` can mean in a call with `nargs` arguments (a function
    /// whose parameters we do not know is taken to accept them).
    fn named_callee(&self, n: &QualName, nargs: usize) -> Option<EntityId> {
        let mut viable = n
            .resolution
            .entities()
            .iter()
            .map(|&e| self.sema.resolve_alias(e))
            .filter(|&e| self.sema.entity(e).kind == EntityKind::Function)
            .filter(|&c| {
                self.param_count_accepts(c, nargs) || !self.index.functions.contains_key(&c)
            });
        let c = viable.next()?;
        viable.next().is_none().then_some(c)
    }

    fn space_check(&mut self, check: SpaceCheck) {
        match check {
            SpaceCheck::Unconfigured(at) => self.emit(
                Diagnostic::new(ids::CONFIGURATION_ERROR, at)
                    .arg_str("__global__")
                    .arg_str("must"),
            ),
            SpaceCheck::Named(c, at, caller) => {
                self.cross_space_call(c, at, caller);
                self.auto_device_reference(c, at);
            }
            SpaceCheck::Member(c, at, caller) => self.cross_space_call(c, at, caller),
        }
    }

    /// The member function a call `obj.f(args)` with `n` arguments calls, where it is
    /// certain: the callee, where the call is reported (see [`Checker::cross_space_call`])
    /// and the calling function.
    fn member_call(
        &self,
        target: &Expr,
        base: &Expr,
        arrow: bool,
        name: &QualName,
        n: usize,
    ) -> Option<(EntityId, Span, FnCtx)> {
        let (caller, class, sym) = self.plain_member(base, arrow, name)?;
        if !self.members_all_known(class, 0) {
            return None;
        }
        let viable: Vec<EntityId> = self
            .sema
            .lookup_in_class(class, sym, 0)
            .into_iter()
            .map(|e| self.sema.resolve_alias(e))
            .filter(|&e| self.sema.entity(e).kind == EntityKind::Function)
            .filter(|&e| self.param_count_accepts(e, n))
            .collect();
        let [callee] = viable[..] else { return None };
        // A static member is called by the whole expression; a non-static one by its name.
        let at = if self.sema.entity(callee).flags.is_static {
            target.span
        } else {
            name.last().span
        };
        Some((callee, at, caller))
    }

    /// The member functions `obj.f` names, when the class is certain and fully known and
    /// they are all declarations of one function (no templates, no overloads).
    pub(crate) fn member_functions(
        &self,
        base: &Expr,
        arrow: bool,
        name: &QualName,
    ) -> Option<Vec<EntityId>> {
        let (_, class, sym) = self.plain_member(base, arrow, name)?;
        if !self.members_all_known(class, 0) {
            return None;
        }
        let found: Vec<EntityId> = self
            .sema
            .lookup_in_class(class, sym, 0)
            .into_iter()
            .map(|e| self.sema.resolve_alias(e))
            .collect();
        if found.is_empty()
            || found
                .iter()
                .any(|&e| self.sema.entity(e).kind != EntityKind::Function)
        {
            return None;
        }
        self.one_function_members(&found)
    }

    /// The member functions `obj.f` may call, when the class is certain and fully known
    /// and every member the name finds is a function.
    pub(crate) fn member_candidates(
        &self,
        base: &Expr,
        arrow: bool,
        name: &QualName,
    ) -> Option<Vec<EntityId>> {
        let (_, class, sym) = self.plain_member(base, arrow, name)?;
        if !self.members_all_known(class, 0) {
            return None;
        }
        let mut found: Vec<EntityId> = self
            .sema
            .lookup_in_class(class, sym, 0)
            .into_iter()
            .map(|e| self.sema.resolve_alias(e))
            .collect();
        found.sort();
        found.dedup();
        (!found.is_empty()
            && found
                .iter()
                .all(|&e| self.sema.entity(e).kind == EntityKind::Function))
        .then_some(found)
    }

    /// A member access by a plain identifier, outside templates, on an object whose class
    /// is certain: the caller, the class's scope and the member's name.
    fn plain_member(
        &self,
        base: &Expr,
        arrow: bool,
        name: &QualName,
    ) -> Option<(FnCtx, crate::sema::ScopeId, Symbol)> {
        let caller = self.func?;
        if caller.in_template || name.is_qualified() || name.last().args.is_some() {
            return None;
        }
        let sym = name.ident()?;
        Some((caller, self.object_class(base, arrow)?, sym))
    }

    /// `class "S" has no member "b"`, for `x.b` and `p->b` where the class of `x` is
    /// certain and complete, every base of it known, and lookup finds no member `b`.
    fn missing_member(&mut self, base: &Expr, arrow: bool, name: &QualName) {
        let Some((_, class, sym)) = self.plain_member(base, arrow, name) else {
            return;
        };
        if !self.sema.lookup_in_class(class, sym, 0).is_empty() || !self.members_all_known(class, 0)
        {
            return;
        }
        let Some(owner) = self.sema.scope(class).entity else {
            return;
        };
        self.no_class_member(owner, sym, name.last().span);
    }

    /// Whether every member of a class (and of its bases) is known: it is defined, by a
    /// definition we read, and every base it names resolved to such a class.
    pub(crate) fn members_all_known(&self, class: crate::sema::ScopeId, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        let sc = self.sema.scope(class);
        if sc.dependent_bases {
            return false;
        }
        let Some(owner) = sc.entity else { return false };
        // A base that is a template's instance may be a specialization with other members.
        let o = self.sema.entity(owner);
        if o.is_template || o.primary.is_some() || o.flags.in_template {
            return false;
        }
        self.bases_all_known(class, depth)
    }

    /// Whether every base of `class` is a class all of whose members we can see (see
    /// [`Checker::members_all_known`]).
    fn bases_all_known(&self, class: crate::sema::ScopeId, depth: u32) -> bool {
        let sc = self.sema.scope(class);
        let Some(owner) = sc.entity else { return false };
        let Some(spec) = self.index.classes.get(&owner) else {
            return false;
        };
        spec.bases.len() == sc.bases.len()
            && sc
                .bases
                .iter()
                .all(|&b| self.members_all_known(b, depth + 1))
    }

    /// The scope of the class an object expression certainly has: `x` or `*p` or `p->`
    /// for a variable or parameter declared with a class type that is not a template (or a
    /// reference to one), and `this->`.
    pub(crate) fn object_class(&self, base: &Expr, arrow: bool) -> Option<crate::sema::ScopeId> {
        let base = base.unparen();
        let (var, pointers) = match (&base.kind, arrow) {
            (ExprKind::This, true) => {
                let f = self.func?.entity?;
                let parent = self.sema.entity(f).parent;
                let sc = self.sema.scope(parent);
                if sc.kind != crate::sema::ScopeKind::Class || sc.dependent_bases {
                    return None;
                }
                let owner = self.sema.entity(sc.entity?);
                return (!owner.is_template && !owner.flags.in_template).then_some(parent);
            }
            (ExprKind::Name(n), false) => (n, 0),
            (ExprKind::Name(n), true) => (n, 1),
            (ExprKind::Unary(UnaryOp::Deref, x), false) => match &x.unparen().kind {
                ExprKind::Name(n) => (n, 1),
                _ => return None,
            },
            _ => return None,
        };
        if var.is_qualified() {
            return None;
        }
        let v = self.sema.entity(var.resolution.entity()?);
        if !matches!(v.kind, EntityKind::Variable | EntityKind::Parameter) {
            return None;
        }
        let (specs, d) = self.index.declared_at(v.first_decl().lo)?;
        let ptrs = d
            .ops
            .iter()
            .filter(|o| matches!(o, DeclaratorOp::Pointer { .. }))
            .count();
        let others = d.ops.iter().any(|o| {
            !matches!(
                o,
                DeclaratorOp::Pointer { .. } | DeclaratorOp::LValueRef | DeclaratorOp::RValueRef
            )
        });
        if ptrs != pointers || others {
            return None;
        }
        let class = match &specs.ty {
            TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. }
                if name.segments.iter().all(|s| s.args.is_none()) =>
            {
                let t = self.sema.entity(name.resolution.entity()?);
                match t.kind {
                    EntityKind::Class(_) => name.resolution.entity()?,
                    EntityKind::Typedef => t.target?,
                    _ => return None,
                }
            }
            _ => return None,
        };
        let c = self.sema.entity(class);
        if !matches!(c.kind, EntityKind::Class(_)) || c.is_template || c.flags.in_template {
            return None;
        }
        c.scope
    }

    /// An argument bound to a reference parameter is not read by the call. When the callee
    /// is unknown (a member call, a call through a pointer), nothing is assumed.
    fn argument_use(&self, candidates: &[EntityId], i: usize) -> Use {
        if candidates.is_empty() {
            return Use::NoAccess;
        }
        let by_reference = candidates.iter().any(|&c| {
            let Some(decls) = self.index.functions.get(&c) else {
                return true;
            };
            let Some(chunk) = decls[0].declarator.function() else {
                return true;
            };
            let p = chunk
                .params
                .get(i)
                .or_else(|| chunk.params.last().filter(|p| p.declarator.pack));
            p.is_some_and(|p| {
                p.declarator
                    .ops
                    .iter()
                    .any(|o| matches!(o, DeclaratorOp::LValueRef | DeclaratorOp::RValueRef))
            })
        });
        if by_reference {
            Use::NoAccess
        } else {
            Use::Read
        }
    }

    /// `caller` calls `callee` at `at`: a `__device__` function may not be called from host
    /// code (a `__host__ __device__` caller counts as host code here).
    fn cross_space_call(&mut self, callee: EntityId, at: Span, caller: FnCtx) {
        let ce = self.sema.entity(callee).cuda.exec;
        if !ce.is_device_only() {
            return;
        }
        if caller.exec.device && !caller.exec.host || caller.exec.global {
            return;
        }
        let constexpr = self.sema.entity(callee).flags.is_constexpr;
        if constexpr && self.opts.relaxed_constexpr {
            return;
        }
        let hd = caller.exec.host && caller.exec.device || caller.exec.implicit_hd;
        let id = match (hd, constexpr) {
            (false, false) => ids::D_H_ILLEGAL_CALL,
            (false, true) => ids::D_H_ILLEGAL_CALL_CONSTEXPR,
            (true, false) => ids::D_HD_ILLEGAL_CALL,
            (true, true) => ids::D_HD_ILLEGAL_CALL_CONSTEXPR,
        };
        let callee_name = self.callee_name(callee);
        // The caller by its own name (a lambda's by `operator()`).
        let caller_name = match caller.entity {
            Some(e) => self
                .index
                .functions
                .get(&e)
                .and_then(|d| d.first())
                .and_then(|d| d.declarator.name.as_ref())
                .map(|n| self.declared_function_name(n))
                .unwrap_or_else(|| {
                    self.sema
                        .entity(e)
                        .name
                        .map(|s| self.name_of(s))
                        .unwrap_or_default()
                }),
            None => "operator()".to_string(),
        };
        self.emit(
            Diagnostic::new(id, at.lo)
                .arg_str(callee_name)
                .arg_str(caller_name),
        );
    }

    /// A non-constexpr `__device__` function with a deduced (`auto`) return type cannot be
    /// named outside device function bodies: the host compilation cannot know its type.
    fn auto_device_reference(&mut self, f: EntityId, at: Span) {
        let Some(caller) = self.func else { return };
        if caller.exec.device && !caller.exec.host || caller.exec.global {
            return;
        }
        let e = self.sema.entity(f);
        if e.kind != EntityKind::Function || !e.cuda.exec.is_device_only() || e.flags.is_constexpr {
            return;
        }
        let deduced = self.index.functions.get(&f).is_some_and(|ds| {
            ds.iter().any(|d| {
                matches!(d.specs.ty, TypeSpec::Auto | TypeSpec::DecltypeAuto)
                    && d.declarator
                        .function()
                        .is_some_and(|c| c.trailing_return.is_none())
            })
        });
        if !deduced {
            return;
        }
        let name = e.name.map(|s| self.name_of(s)).unwrap_or_default();
        self.emit(
            Diagnostic::new(ids::AUTO_DEVICE_FN_REF, at.lo)
                .arg_str(name)
                .arg_str("outside the bodies of device functions"),
        );
    }

    /// A kernel launch `k<<<...>>>(...)`: template kernels with explicit arguments are
    /// checked as instantiated.
    /// `f<<<g, b>>>(...)` where `f`, the one function the launch can mean, is not a kernel:
    /// the cross-space rule of a call, then `a __device__ function call cannot be
    /// configured` (a host or host-device one: `a host function call ...`).
    fn configured_non_kernel(&mut self, callee: &Expr, nargs: usize) {
        let Some(caller) = self.func else { return };
        if caller.in_template {
            return;
        }
        let target = callee.unparen();
        let ExprKind::Name(n) = &target.kind else {
            return;
        };
        let Some(f) = self.named_callee(n, nargs) else {
            return;
        };
        let exec = self.sema.entity(f).cuda.exec;
        if exec.global {
            return;
        }
        self.cross_space_call(f, target.span, caller);
        let space = if exec.device { "__device__" } else { "host" };
        self.emit(
            Diagnostic::new(ids::CONFIGURATION_ERROR, target.span.lo)
                .arg_str(space)
                .arg_str("cannot"),
        );
    }

    fn launch(&mut self, callee: &'a Expr, at: Span) {
        let ExprKind::Name(n) = &callee.unparen().kind else {
            return;
        };
        if self.func.is_some_and(|f| f.in_template) {
            return;
        }
        let Some(args) = n.last().args.as_ref() else {
            return;
        };
        let Some(&k) = n.resolution.entities().first() else {
            return;
        };
        self.pending_instantiations.push((k, args, at));
    }

    // -------------------------------------------------------------------------------------
    // Names for messages

    /// A callee as cross-space diagnostics name it: `d1()`, `a(int)`, `A::A()`; after the
    /// first error of the compilation cudafe++ prints callees that have parameters by a
    /// broken mangled name (`_Z1a1?`), and so do we.
    pub(crate) fn callee_name(&self, f: EntityId) -> String {
        // cudafe++ prints the callee by its demangled name: a function with C linkage
        // (`__syncthreads`) has no parameters or scopes in it.
        let e = self.sema.entity(f);
        if e.flags.extern_c {
            return e.name.map(|s| self.name_of(s)).unwrap_or_default();
        }
        let params = self.param_types(f);
        if self.mangled_callee_names && !params.is_empty() {
            return self.broken_mangled_name(f, params.len());
        }
        format!(
            "{}({})",
            self.function_name_with(f, Some("_NV_ANON_NAMESPACE")),
            params.join(", ")
        )
    }

    /// `ns::C::f`, with constructors and destructors as `A::A`, `A::~A`.
    pub(crate) fn function_display_name(&self, f: EntityId) -> String {
        self.function_name_with(f, Some("<unnamed>"))
    }

    /// [`Checker::function_display_name`] with anonymous namespaces written `anon`.
    fn function_name_with(&self, f: EntityId, anon: Option<&str>) -> String {
        let e = self.sema.entity(f);
        let decl_name = self
            .index
            .functions
            .get(&f)
            .and_then(|d| d.first())
            .and_then(|d| d.declarator.name.as_ref())
            .map(|n| n.last().kind.clone());
        let own = match decl_name {
            Some(NameKind::Destructor(s)) => format!("~{}", self.name_of(s)),
            _ => e.name.map(|s| self.name_of(s)).unwrap_or_default(),
        };
        let qualified = self.sema.qualified_name_with(f, self.interner, anon);
        match qualified.rsplit_once("::") {
            Some((scope, _)) => format!("{scope}::{own}"),
            None => own,
        }
    }

    /// The parameter types of a function as EDG prints them.
    fn param_types(&self, f: EntityId) -> Vec<String> {
        let Some(decls) = self.index.functions.get(&f) else {
            return Vec::new();
        };
        let Some(chunk) = decls[0].declarator.function() else {
            return Vec::new();
        };
        self.rendered_params(chunk, false)
    }

    /// The parameter types of a declarator's function as written, or `adjusted` (without
    /// top-level `const`, as in the function's type).
    pub(crate) fn rendered_params(&self, chunk: &FunctionChunk, adjusted: bool) -> Vec<String> {
        if chunk.has_void_params() {
            return Vec::new();
        }
        let mut v: Vec<String> = chunk
            .params
            .iter()
            .map(|p| {
                if adjusted {
                    self.render_adjusted_param_type(p)
                } else {
                    self.render_param_type(p)
                }
            })
            .collect();
        if chunk.variadic {
            v.push("...".into());
        }
        v
    }

    /// A parameter's type as it is in the function's type: without top-level `const`
    /// (arrays and functions adjusted to pointers are left as written).
    fn render_adjusted_param_type(&self, p: &Param) -> String {
        let mut s = self.render_param_type(p);
        match p.declarator.ops.first() {
            None if p.specs.is_const => {
                if let Some(rest) = s.strip_prefix("const ") {
                    s = rest.to_string();
                }
            }
            Some(DeclaratorOp::Pointer { is_const: true, .. }) => {
                if let Some(rest) = s.strip_suffix(" const") {
                    s = rest.to_string();
                }
            }
            _ => {}
        }
        s
    }

    fn render_param_type(&self, p: &Param) -> String {
        let base = match &p.specs.ty {
            TypeSpec::Builtin(b) => builtin_name(b),
            TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => {
                String::from_utf8_lossy(self.map.slice(name.span)).into_owned()
            }
            _ => String::from_utf8_lossy(self.map.slice(p.specs.span)).into_owned(),
        };
        let mut s = if p.specs.is_const {
            format!("const {base}")
        } else {
            base
        };
        for op in p.declarator.ops.iter().rev() {
            match op {
                DeclaratorOp::Pointer { is_const, .. } => {
                    s.push_str(" *");
                    if *is_const {
                        s.push_str(" const");
                    }
                }
                DeclaratorOp::LValueRef => s.push_str(" &"),
                DeclaratorOp::RValueRef => s.push_str(" &&"),
                _ => {}
            }
        }
        s
    }

    /// cudafe++'s callee name after the first error: the Itanium-mangled name with every
    /// type written as `1?` (`_Z1a1?`, `_ZN1N1eE1?`, `_ZN1PC1E1?`).
    fn broken_mangled_name(&self, f: EntityId, nparams: usize) -> String {
        let qualified = self.sema.qualified_name(f, self.interner);
        let parts: Vec<&str> = qualified.split("::").collect();
        let decl = self
            .index
            .functions
            .get(&f)
            .and_then(|d| d.first().copied());
        let is_ctor = decl
            .and_then(|d: FnDecl| d.declarator.name.as_ref())
            .is_some_and(|n| {
                parts.len() >= 2
                    && n.ident().map(|s| self.name_of(s))
                        == Some(parts[parts.len() - 2].to_string())
            });
        let template_args = decl
            .and_then(|d| d.template)
            .map(|t| t.params.len())
            .unwrap_or(0);
        let mut out = String::from("_Z");
        let nested = parts.len() > 1;
        if nested {
            out.push('N');
        }
        for (i, p) in parts.iter().enumerate() {
            if is_ctor && i + 1 == parts.len() {
                out.push_str("C1");
            } else {
                out.push_str(&format!("{}{}", p.len(), p));
            }
        }
        if template_args > 0 {
            out.push('I');
            for _ in 0..template_args {
                out.push_str("1?");
            }
            out.push('E');
            // A function template's return type is mangled too.
            out.push_str("1?");
        }
        if nested {
            out.push('E');
        }
        for _ in 0..nparams {
            out.push_str("1?");
        }
        out
    }

    // -------------------------------------------------------------------------------------
    // Instantiations

    /// Checks template kernels launched with explicit template arguments, as cudafe++ does
    /// when it instantiates them at the end of the translation unit.
    pub(crate) fn instantiations(&mut self, _unit: &'a TranslationUnit) {
        let pending = std::mem::take(&mut self.pending_instantiations);
        for (k, args, at) in pending {
            self.instantiate_kernel(k, args, at);
        }
    }

    fn instantiate_kernel(&mut self, k: EntityId, args: &'a TemplateArgs, at: Span) {
        let Some(decls) = self.index.functions.get(&k).cloned() else {
            return;
        };
        let Some(d) = decls.iter().find(|d| d.template.is_some()).copied() else {
            return;
        };
        let head = d.template.expect("found above");
        if !self.sema.entity(k).cuda.exec.global {
            return;
        }
        // Bind value parameters to the arguments' values.
        let mut bind = Bindings::default();
        let mut shown = Vec::new();
        let mut type_args: Vec<Option<bool>> = Vec::new();
        for (p, a) in head.params.iter().zip(&args.args) {
            match (&p.kind, a) {
                (TemplateParamKind::NonType { .. }, TemplateArg::Expr(e)) => {
                    match self.eval(e, &Bindings::default()) {
                        super::Value::Int(v) => {
                            if let Some(pe) = p.entity {
                                bind.insert(pe, v);
                            }
                            shown.push(v.to_string());
                            type_args.push(None);
                        }
                        _ => return,
                    }
                }
                (TemplateParamKind::Type { .. }, TemplateArg::Type(t)) => {
                    shown.push(String::from_utf8_lossy(self.map.slice(t.span)).into_owned());
                    type_args.push(self.type_is_void(&t.specs, &t.declarator, 0));
                }
                _ => return,
            }
        }
        let name = self
            .sema
            .entity(k)
            .name
            .map(|s| self.name_of(s))
            .unwrap_or_default();
        let line = self.map.presumed(at.lo).line;
        let _ = line;
        let context = (
            format!(
                "instantiation of \"{name}\" based on template argument{} <{}>",
                if shown.len() == 1 { "" } else { "s" },
                shown.join(", ")
            ),
            at,
        );
        let attrs = Self::all_attrs(d.specs, d.declarator);
        // A return type that is a template parameter: `void` or not.
        if let TypeSpec::Named { name: ret, .. } = &d.specs.ty
            && d.declarator.ops.len() == 1
            && let Some(re) = ret.resolution.entity()
            && self.sema.entity(re).kind == EntityKind::TemplateTypeParam
            && let Some(pos) = head.params.iter().position(|p| p.entity == Some(re))
            && type_args.get(pos).copied().flatten() == Some(false)
            && let Some(g) = attrs
                .iter()
                .find(|a| self.exec_kind(a) == Some(Exec::Global))
        {
            self.emit(
                Diagnostic::new(ids::GLOBAL_FUNCTION_RETURN_TYPE, g.span.lo)
                    .context(context.0.as_bytes(), Some(at.lo)),
            );
        }
        let name_span = d
            .declarator
            .name
            .as_ref()
            .map(|n| n.last().span)
            .unwrap_or(d.declarator.span);
        self.launch_attributes(
            &attrs,
            d.declarator,
            k,
            true,
            false,
            name_span,
            &bind,
            Some(&context),
        );
    }
}

/// A fundamental type's name as EDG prints it.
/// A name with template arguments or a qualifier may depend on template parameters.
fn n_is_dependent(n: &QualName) -> bool {
    n.is_qualified() || n.segments.iter().any(|s| s.args.is_some())
}

fn builtin_name(b: &BuiltinSpec) -> String {
    let sign = if b.unsigned {
        "unsigned "
    } else if b.signed && b.char {
        "signed "
    } else {
        ""
    };
    let core = if b.void {
        "void"
    } else if b.bool_ {
        "bool"
    } else if b.char {
        "char"
    } else if b.wchar {
        "wchar_t"
    } else if b.char8 {
        "char8_t"
    } else if b.char16 {
        "char16_t"
    } else if b.char32 {
        "char32_t"
    } else if b.short {
        "short"
    } else if b.float {
        "float"
    } else if b.double {
        if b.long > 0 { "long double" } else { "double" }
    } else if b.long >= 2 {
        "long long"
    } else if b.long == 1 {
        "long"
    } else if b.int128 {
        "__int128"
    } else {
        "int"
    };
    format!("{sign}{core}")
}

/// Is `e` read only when the operator around it uses its value (a name, perhaps in
/// parentheses, or a literal), so that the operator's checks come before its #549?
fn reads_at_use(e: &Expr) -> bool {
    matches!(
        e.unparen().kind,
        ExprKind::Name(_) | ExprKind::Literal(_) | ExprKind::Bool(_) | ExprKind::Nullptr
    )
}

/// The variable an assignment to `e` stores into: `v`, `v[i]`, `v.m`, `(v)`.
fn assigned_root(e: &Expr) -> Option<&QualName> {
    match &e.unparen().kind {
        ExprKind::Name(n) => Some(n),
        ExprKind::Index(a, _) => assigned_root(a),
        ExprKind::Member {
            base, arrow: false, ..
        } => assigned_root(base),
        _ => None,
    }
}

/// What [`Checker::argument_count`] finds of a call's arguments.
#[derive(Debug)]
enum ArgumentCount {
    /// The callee's parameters cannot be counted for certain.
    Unknown,
    Right,
    /// Too few or too many, with the error to report (after the arguments' conversions).
    Wrong(Diagnostic),
}

/// `m[i][j]...` on a name: the name and the subscripts, innermost first.
fn indexed_name(e: &Expr) -> Option<(&QualName, Vec<&Expr>)> {
    let mut subscripts = Vec::new();
    let mut at = e;
    while let ExprKind::Index(a, b) = &at.kind {
        subscripts.push(&**b);
        at = a.unparen();
    }
    subscripts.reverse();
    match &at.kind {
        ExprKind::Name(n) => Some((n, subscripts)),
        _ => None,
    }
}

/// The execution-space check of a call, made after its arguments are read.
enum SpaceCheck {
    /// A `__global__` function called without a launch configuration (at the callee).
    Unconfigured(u32),
    /// A function called by name.
    Named(EntityId, Span, FnCtx),
    /// A member function called through an object.
    Member(EntityId, Span, FnCtx),
}

/// The execution-space checks of the calls in an expression, in the order cudafe++ makes
/// them (a call after the calls in its callee and arguments). Not in what is not evaluated
/// or has its own function (lambdas, statement expressions).
struct CallsIn<'c, 'a> {
    c: &'c Checker<'a>,
    found: Vec<SpaceCheck>,
}

impl<'a> CallsIn<'_, 'a> {
    fn call(&mut self, callee: &Expr, args: &[Expr]) {
        if let Some(check) = self.c.space_check_of(callee, args) {
            self.found.push(check);
        }
    }
}

impl<'a> Visitor<'a> for CallsIn<'_, 'a> {
    fn expr(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::SizeofExpr(_)
            | ExprKind::AlignofExpr(_)
            | ExprKind::Noexcept(_)
            | ExprKind::TypeidExpr(_)
            | ExprKind::Lambda(_)
            | ExprKind::StmtExpr(_)
            | ExprKind::Requires { .. } => {}
            ExprKind::Call { callee, args, .. } => {
                walk_expr(self, e);
                self.call(callee, args);
            }
            _ => walk_expr(self, e),
        }
    }
    fn name(&mut self, _: &'a QualName) {}
    fn type_id(&mut self, _: &'a TypeId) {}
    fn stmt(&mut self, _: &'a Stmt) {}
    fn lambda(&mut self, _: &'a Lambda) {}
}
