//! Code outside function bodies that cudafe++ checks as it reads it: the initializers of
//! namespace-scope variables and the conditions of `static_assert` declarations — their
//! undeclared names (`identifier "x" is undefined`) — and a `static_assert` whose condition
//! is certainly false (#1574 with its message, #2784 without).

use crate::diag::{Diagnostic, ids};
use crate::sema::EntityKind;
use crate::syntax::ast::*;

use super::Checker;
use super::consteval::Value;

impl<'a> Checker<'a> {
    /// Outside templates, classes and functions: the initializer of a namespace-scope
    /// variable, for its undeclared names (and the bodies of the lambdas in it).
    pub(crate) fn namespace_initializer(&mut self, id: &'a InitDeclarator) {
        let Some(init) = &id.init else { return };
        if self.func.is_some() || self.class_depth > 0 || self.template_depth > 0 {
            return;
        }
        if self.map.is_system(id.span.lo) {
            return;
        }
        let saved = std::mem::replace(&mut self.namespace_code, true);
        self.initializer_exprs(init);
        self.namespace_code = saved;
    }

    /// The conversions of a namespace-scope variable's initializer.
    pub(crate) fn namespace_initializer_conversions(
        &mut self,
        specs: &DeclSpecs,
        id: &'a InitDeclarator,
    ) {
        if self.func.is_some() || self.class_depth > 0 || self.template_depth > 0 {
            return;
        }
        self.initializer_conversions(specs, id);
        self.too_many_initializers(specs, id);
        self.narrowing_initializer(specs, id);
    }

    /// `static_assert(cond, message)`: its undeclared names, and the assertion itself when
    /// its condition is certainly false. Templates are left alone (their conditions are
    /// for instantiation to decide).
    pub(crate) fn static_assertion(&mut self, d: &'a Decl, cond: &'a Expr, message: Option<&Expr>) {
        if self.template_depth > 0
            || self.func.is_some_and(|f| f.in_template)
            || self.map.is_system(d.span.lo)
        {
            return;
        }
        if self.func.is_none() && self.class_depth > 0 {
            // In a class, names declared later in it are not known yet to the walk.
            return;
        }
        let saved = std::mem::replace(&mut self.namespace_code, self.func.is_none());
        self.unevaluated_expr(cond);
        self.namespace_code = saved;
        if !self.surely_evaluable(cond, 0) {
            return;
        }
        if self.eval(cond, &Default::default()) != Value::Int(0) {
            return;
        }
        let diag = match message {
            None => Diagnostic::new(ids::TERSE_STATIC_ASSERT, d.span.lo),
            Some(m) => {
                let text = self.map.slice(m.span);
                // A plain string literal; anything else (escapes, prefixes, pieces) is
                // left unreported rather than misquoted.
                let Some(inner) = text
                    .strip_prefix(b"\"")
                    .and_then(|t| t.strip_suffix(b"\""))
                    .filter(|t| !t.contains(&b'\\') && !t.contains(&b'"'))
                else {
                    return;
                };
                Diagnostic::new(ids::STATIC_ASSERT, d.span.lo).arg_str(inner)
            }
        };
        self.emit(diag);
    }

    /// An expression that is certainly not a constant expression: arithmetic over a
    /// function parameter, a variable that is neither `constexpr` nor `const` with an
    /// initializer, or a member of CUDA's built-in variables (`blockDim.x`).
    pub(crate) fn surely_variable(&self, e: &Expr, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        match &e.kind {
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.surely_variable(x, depth + 1),
            ExprKind::Binary(_, a, b) => {
                self.surely_variable(a, depth + 1) || self.surely_variable(b, depth + 1)
            }
            ExprKind::Member {
                base, arrow: false, ..
            } => matches!(
                &base.unparen().kind,
                ExprKind::Name(n) if !n.is_qualified() && n.ident().is_some_and(|s| matches!(
                    self.interner.bytes(s),
                    b"threadIdx" | b"blockIdx" | b"blockDim" | b"gridDim"
                ))
            ),
            ExprKind::Name(n) => {
                let Some(v) = n.resolution.entity() else {
                    return false;
                };
                let ent = self.sema.entity(v);
                match ent.kind {
                    EntityKind::Parameter => true,
                    EntityKind::Variable => self
                        .index
                        .declared_at(ent.first_decl().lo)
                        .is_some_and(|(specs, d)| {
                            d.ops.is_empty() && !specs.is_constexpr && !specs.is_const
                        }),
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// An expression our evaluation gives the value C++ does: literals of signed type,
    /// `true`/`false`, `sizeof` of fundamental types, names of constants, and the
    /// comparison and logical operators over them (no arithmetic, where the usual
    /// conversions to unsigned types would change the result).
    fn surely_evaluable(&self, e: &Expr, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        match &e.kind {
            ExprKind::Bool(_) => true,
            ExprKind::Literal(LiteralKind::Integer) => {
                let text = self.map.slice(e.span);
                !text.iter().any(|b| matches!(b, b'u' | b'U'))
            }
            ExprKind::SizeofType(_) => true,
            // A constant is as evaluable as its initializer: libstdc++'s
            // `numeric_limits<unsigned>::digits` is `sizeof(unsigned) * 8 - ((unsigned)(-1)
            // < 0)`, whose arithmetic we do not type.
            ExprKind::Name(n) => n.resolution.entity().is_some_and(|id| {
                let e = self.sema.entity(id);
                match e.kind {
                    EntityKind::Variable | EntityKind::Field => self
                        .index
                        .initializer(id)
                        .is_none_or(|init| self.surely_evaluable(init, depth + 1)),
                    _ => true,
                }
            }),
            ExprKind::Paren(x) | ExprKind::Unary(UnaryOp::Not, x) => {
                self.surely_evaluable(x, depth + 1)
            }
            ExprKind::Binary(op, a, b) => {
                use BinaryOp as B;
                matches!(
                    op,
                    B::Eq | B::Ne | B::Lt | B::Gt | B::Le | B::Ge | B::And | B::Or
                ) && self.surely_evaluable(a, depth + 1)
                    && self.surely_evaluable(b, depth + 1)
            }
            _ => false,
        }
    }
}
