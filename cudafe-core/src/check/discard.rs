//! Results thrown away: a call to a function declared `[[nodiscard]]` (#2809, #3000 with
//! its reason) or `__attribute__((warn_unused_result))` (#1650), a call whose class return
//! type is `[[nodiscard]]` (#2810, #3001), and an object of such a class made and dropped
//! (#3004, #3005) — where the expression is a statement of its own, an arm of a
//! conditional one, or the left operand of a comma.

use crate::diag::{DiagId, Diagnostic, ids};
use crate::sema::{EntityId, EntityKind};
use crate::syntax::ast::*;

use super::Checker;
use super::types::TyKind;

/// How a function or class asks for its results to be used.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Mark {
    /// `[[nodiscard]]`, with its reason when it gives one (the text inside the quotes;
    /// `None` for a reason we cannot quote as cudafe++ does).
    Nodiscard(Option<Option<Vec<u8>>>),
    /// GNU's `warn_unused_result`.
    WarnUnused,
}

impl<'a> Checker<'a> {
    /// The value of the expression statement or comma operand `e` is discarded.
    pub(crate) fn discarded_result(&mut self, e: &Expr) {
        self.discarded_at(e, 0);
    }

    fn discarded_at(&mut self, e: &Expr, depth: u32) {
        if depth > 64 {
            return;
        }
        match &e.kind {
            ExprKind::Paren(x) => self.discarded_at(x, depth + 1),
            // The left operand is reported as the comma's operand, by the expression walk.
            ExprKind::Binary(BinaryOp::Comma, _, b) => self.discarded_at(b, depth + 1),
            ExprKind::Cond(_, Some(t), f) => {
                self.discarded_at(t, depth + 1);
                self.discarded_at(f, depth + 1);
            }
            ExprKind::Call {
                callee,
                args,
                args_span,
            } => self.discarded_call(e, callee, args, args_span.lo),
            ExprKind::Construct { ty, args, .. } if self.func.is_some_and(|f| !f.in_template) => {
                let made = self.declared_type(&ty.specs, &ty.declarator.ops, 0);
                if let Some(mark) = made.and_then(|t| self.class_mark(t)) {
                    self.emit_mark(
                        mark,
                        e.span.lo,
                        ids::NODISCARD_OBJECT_TYPE,
                        ids::NODISCARD_OBJECT_TYPE_WITH_REASON,
                    );
                } else if let Some(mark) = self.constructor_mark(ty, args, e.span.lo) {
                    self.emit_mark(
                        mark,
                        e.span.lo,
                        ids::NODISCARD_CONSTRUCTOR,
                        ids::NODISCARD_CONSTRUCTOR_WITH_REASON,
                    );
                }
            }
            _ => {}
        }
    }

    fn discarded_call(&mut self, call: &Expr, callee: &Expr, args: &[Expr], paren: u32) {
        let in_template = self.template_depth > 0 || self.func.is_none_or(|f| f.in_template);
        let candidates = match &callee.unparen().kind {
            ExprKind::Name(n) => {
                let Some(fs) = self.functions_named(n) else {
                    return;
                };
                // In a template only what is bound at its definition: functions outside
                // classes and templates, called with literals.
                if in_template
                    && (fs.iter().any(|&f| {
                        let ent = self.sema.entity(f);
                        ent.flags.is_member || ent.flags.in_template || ent.is_template
                    }) || !args.iter().all(is_literal))
                {
                    return;
                }
                fs
            }
            ExprKind::Member { base, arrow, name } if !in_template => {
                match self.member_candidates(base, *arrow, name) {
                    Some(fs) => fs,
                    None => return,
                }
            }
            _ => return,
        };
        let at = call.span.lo;
        let mut viable = Vec::new();
        for f in candidates {
            match self.accepts(f, args.len()) {
                Some(true) => viable.push(f),
                Some(false) => {}
                None => return,
            }
        }
        if viable.is_empty() {
            return;
        }
        if viable.len() > 1 {
            // One candidate whose parameters are the arguments' fundamental types is
            // better than every other that is not.
            let exact: Vec<EntityId> = viable
                .iter()
                .copied()
                .filter(|&f| self.exact_match(f, args))
                .collect();
            if exact.len() == 1 {
                viable = exact;
            }
        }
        // A call of a constexpr function that is a constant expression is folded to its
        // value, and nothing is discarded: only calls that surely are not, are reported.
        if viable.iter().any(|&f| self.is_constexpr(f)) && !self.surely_not_constant(callee, args) {
            return;
        }
        if viable.iter().any(|&f| self.returns_void(f)) {
            return;
        }
        let marks: Vec<Option<Mark>> = viable.iter().map(|&f| self.function_mark(f, at)).collect();
        if marks.iter().all(|m| m.is_some() && *m == marks[0]) {
            match marks[0].clone() {
                Some(Mark::WarnUnused) => {
                    self.emit(Diagnostic::new(ids::CALL_RESULT_SHOULD_BE_USED, at));
                }
                Some(mark) => self.emit_mark(
                    mark,
                    paren,
                    ids::NODISCARD_ROUTINE,
                    ids::NODISCARD_ROUTINE_WITH_REASON,
                ),
                None => {}
            }
            return;
        }
        if viable.len() == 1
            && marks[0].is_none()
            && !in_template
            && let Some(mark) = self.return_type(&viable).and_then(|t| self.class_mark(t))
        {
            self.emit_mark(
                mark,
                paren,
                ids::NODISCARD_RETURN_TYPE,
                ids::NODISCARD_RETURN_TYPE_WITH_REASON,
            );
        }
    }

    /// The mark of the constructor `T(args)` calls: the only one that takes that many
    /// arguments, and not the implicit copy or move constructor.
    fn constructor_mark(&self, ty: &TypeId, args: &[Expr], at: u32) -> Option<Mark> {
        let class = self.constructed_class(ty)?;
        if args.len() == 1 && !self.builtin_typed(&args[0], 0) {
            return None;
        }
        let ent = self.sema.entity(class);
        let scope = self.sema.scope(ent.scope?);
        let mut matching = Vec::new();
        for &c in scope.names.get(&ent.name?)? {
            if self.sema.entity(c).kind != EntityKind::Function {
                continue;
            }
            if self.accepts(c, args.len())? {
                matching.push(c);
            }
        }
        if matching.len() > 1 {
            matching.retain(|&c| self.exact_match(c, args));
        }
        match matching[..] {
            [c] => self
                .function_mark(c, at)
                .filter(|m| matches!(m, Mark::Nodiscard(_))),
            _ => None,
        }
    }

    fn emit_mark(&mut self, mark: Mark, at: u32, plain: DiagId, reasoned: DiagId) {
        match mark {
            Mark::Nodiscard(None) => self.emit(Diagnostic::new(plain, at)),
            Mark::Nodiscard(Some(Some(reason))) => {
                self.emit(Diagnostic::new(reasoned, at).arg_str(reason));
            }
            // A reason we cannot quote: say nothing rather than misquote it.
            Mark::Nodiscard(Some(None)) | Mark::WarnUnused => {}
        }
    }

    /// #2811 for `[[nodiscard]]` on a destructor or a function returning `void`, at the
    /// attribute.
    pub(crate) fn nodiscard_on_void(
        &mut self,
        specs: &DeclSpecs,
        d: &Declarator,
        attrs: &[&Attribute],
    ) {
        let destructor = d
            .name
            .as_ref()
            .is_some_and(|n| matches!(n.last().kind, NameKind::Destructor(_)));
        for a in attrs {
            if matches!(self.attribute_mark(a), Some(Mark::Nodiscard(_)))
                && (destructor || self.type_is_void(specs, d, 1) == Some(true))
            {
                self.emit(Diagnostic::new(ids::NODISCARD_DOESNT_APPLY, a.span.lo));
            }
        }
    }

    /// Whether `f` can be called with `n` arguments; `None` when its declarations are not
    /// known.
    fn accepts(&self, f: EntityId, n: usize) -> Option<bool> {
        let decls = self.index.functions.get(&f)?;
        let mut any = false;
        for d in decls {
            let chunk = d.declarator.function()?;
            let params: &[Param] = if chunk.has_void_params() {
                &[]
            } else {
                &chunk.params
            };
            let pack = params.iter().any(|p| p.declarator.pack);
            let required = params.iter().take_while(|p| p.default.is_none()).count();
            let required = if pack {
                required.min(params.len() - 1)
            } else {
                required
            };
            any |= n >= required && (chunk.variadic || pack || n <= params.len());
        }
        Some(any)
    }

    /// Every argument has a fundamental type that is the type of `f`'s parameter.
    fn exact_match(&self, f: EntityId, args: &[Expr]) -> bool {
        let ent = self.sema.entity(f);
        if ent.is_template || ent.flags.in_template {
            return false;
        }
        args.iter().enumerate().all(|(i, a)| {
            let (Some(t), Some(p)) = (self.type_of(a), self.parameter_type(&[f], i)) else {
                return false;
            };
            let (t, p) = (t.ty.canonical(), p.canonical());
            matches!(t.kind, TyKind::Fund(_)) && t.kind == p.kind
        })
    }

    /// `f` is declared to return `void`.
    fn returns_void(&self, f: EntityId) -> bool {
        self.index.functions.get(&f).is_some_and(|ds| {
            ds.iter()
                .any(|d| self.type_is_void(d.specs, d.declarator, 1) == Some(true))
        })
    }

    fn is_constexpr(&self, f: EntityId) -> bool {
        self.index.functions.get(&f).is_none_or(|ds| {
            ds.iter()
                .any(|d| d.specs.is_constexpr || d.specs.is_consteval)
        })
    }

    /// Whether a call is certainly not a constant expression: an argument, or the object
    /// a member function is called on, is a variable's value.
    fn surely_not_constant(&self, callee: &Expr, args: &[Expr]) -> bool {
        let object = match &callee.unparen().kind {
            ExprKind::Member { base, .. } => Some(&**base),
            _ => None,
        };
        object
            .into_iter()
            .chain(args)
            .any(|a| self.surely_variable(a, 0))
    }

    /// How the declarations of `f` before `at` mark it (a member's, wherever they are in
    /// its class).
    fn function_mark(&self, f: EntityId, at: u32) -> Option<Mark> {
        let member = self.sema.entity(f).flags.is_member;
        let mut found = None;
        for d in self.index.functions.get(&f)? {
            if !member && d.declarator.span.lo > at {
                continue;
            }
            let attrs = d.specs.attrs.iter().chain(d.declarator.attrs.iter()).chain(
                d.declarator
                    .function()
                    .into_iter()
                    .flat_map(|c| c.attrs.iter()),
            );
            for a in attrs {
                match self.attribute_mark(a) {
                    Some(m @ Mark::Nodiscard(_)) => return Some(m),
                    Some(m) => found = Some(m),
                    None => {}
                }
            }
        }
        found
    }

    /// The mark of the class a type is, when it is one (not a reference or a pointer).
    fn class_mark(&self, (ty, reference): (super::types::Ty, bool)) -> Option<Mark> {
        if reference {
            return None;
        }
        let class = self.sema.resolve_alias(ty.class()?);
        if !matches!(self.sema.entity(class).kind, EntityKind::Class(_)) {
            return None;
        }
        let spec = self.index.classes.get(&class)?;
        spec.attrs
            .iter()
            .filter_map(|a| self.attribute_mark(a))
            .find(|m| matches!(m, Mark::Nodiscard(_)))
    }

    fn attribute_mark(&self, a: &Attribute) -> Option<Mark> {
        let name = self.interner.bytes(a.name);
        let ns = a.namespace.map(|n| self.interner.bytes(n));
        match (a.syntax, name) {
            (AttrSyntax::Cxx11, b"nodiscard") if ns.is_none() => {
                Some(Mark::Nodiscard(a.args.first().map(|r| self.quotable(r))))
            }
            (AttrSyntax::Gnu, b"warn_unused_result") => Some(Mark::WarnUnused),
            (AttrSyntax::Cxx11, b"warn_unused_result") if ns == Some(b"gnu".as_slice()) => {
                Some(Mark::WarnUnused)
            }
            _ => None,
        }
    }

    /// The text of a plain string literal, `\\"` and `\\\\` unescaped (`None` for other
    /// escapes, prefixes or pieces).
    fn quotable(&self, e: &Expr) -> Option<Vec<u8>> {
        let text = self.map.slice(e.span);
        let inner = text.strip_prefix(b"\"")?.strip_suffix(b"\"")?;
        let mut out = Vec::with_capacity(inner.len());
        let mut bytes = inner.iter();
        while let Some(&b) = bytes.next() {
            match b {
                b'"' => return None,
                b'\\' => match bytes.next() {
                    Some(&c @ (b'"' | b'\\')) => out.push(c),
                    _ => return None,
                },
                _ => out.push(b),
            }
        }
        Some(out)
    }
}

fn is_literal(e: &Expr) -> bool {
    matches!(
        e.unparen().kind,
        ExprKind::Literal(_) | ExprKind::Strings(_) | ExprKind::Bool(_) | ExprKind::Nullptr
    )
}
