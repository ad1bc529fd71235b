//! Mistakes with values that cudafe++ reports in code that may well compile: division by
//! a literal zero (#39, #179), shifts by a negative or too large literal count (#62, #63),
//! returning a pointer or a reference to a local variable (#1056, #836), more initializers
//! than an array has elements (#146), a local variable declared twice in one block (#101),
//! and a launch with no configuration or more than four arguments in it.

use crate::diag::{Diagnostic, ids};
use crate::intern::{FxHashSet, Symbol};
use crate::lexer::literal;
use crate::sema::EntityKind;
use crate::syntax::ast::*;

use super::Checker;
use super::consteval::{Bindings, Value};

impl<'a> Checker<'a> {
    /// #39 / #179 for `x / 0` and `x % 0`, #62 / #63 for `x << n` with a literal count
    /// that is negative or at least the width of `x`'s (promoted) type.
    pub(crate) fn constant_operand(&mut self, op: BinaryOp, a: &Expr, b: &Expr) {
        if !matches!(
            op,
            BinaryOp::Div | BinaryOp::Rem | BinaryOp::Shl | BinaryOp::Shr
        ) || self.map.is_system(b.span.lo)
        {
            return;
        }
        // `sizeof(T)` is a constant once instantiated.
        if self.in_template() && super::flow::mentions_sizeof(a) {
            return;
        }
        let Some(ta) = self.with_template_types(|c| c.type_of(a)) else {
            return;
        };
        let Some(width) = ta.fund_width() else { return };
        // A floating constant divided by zero is folded to an infinity, silently.
        if !width.integral && folded_floating(a) {
            return;
        }
        let Some(count) = self.literal_int(b) else {
            return;
        };
        let id = match op {
            BinaryOp::Div if count == 0 => ids::DIVIDE_BY_ZERO,
            BinaryOp::Rem if count == 0 && width.integral => ids::MOD_BY_ZERO,
            BinaryOp::Shl | BinaryOp::Shr if width.integral && count < 0 => {
                ids::NEGATIVE_SHIFT_COUNT
            }
            BinaryOp::Shl | BinaryOp::Shr if width.integral && count >= width.bits as i128 => {
                ids::SHIFT_COUNT_TOO_LARGE
            }
            _ => return,
        };
        // A division of two constants is folded: cudafe++ points at the operator.
        let folded = matches!(op, BinaryOp::Div | BinaryOp::Rem)
            && matches!(self.eval(a, &Bindings::default()), Value::Int(_));
        let at = if folded {
            self.operator_after(a)
        } else {
            b.span.lo
        };
        self.emit(Diagnostic::new(id, at));
    }

    /// An integer literal, or `-` before one.
    fn literal_int(&self, e: &Expr) -> Option<i128> {
        let (negated, lit) = match &e.unparen().kind {
            ExprKind::Unary(UnaryOp::Minus, x) => (true, x.unparen()),
            _ => (false, e.unparen()),
        };
        if !matches!(lit.kind, ExprKind::Literal(LiteralKind::Integer)) {
            return None;
        }
        let p = literal::parse_integer(self.map.slice(lit.span)).ok()?;
        if p.overflow || p.ud_suffix.is_some() || p.value > i64::MAX as u128 {
            return None;
        }
        let v = p.value as i128;
        Some(if negated { -v } else { v })
    }

    /// #1056 for `return local_array;` or `return &local;` in a function returning a
    /// pointer, #836 for `return local;` in one returning a reference (a parameter passed
    /// by value is local too).
    pub(crate) fn return_local(&mut self, e: &Expr) {
        let Some(f) = self.cur_fn else { return };
        if !self.lambda_frames.is_empty()
            || self.func.is_none_or(|c| c.in_template)
            || self.map.is_system(e.span.lo)
        {
            return;
        }
        let ops = &f.declarator.ops;
        let (Some(DeclaratorOp::Function(chunk)), Some(ret)) = (ops.first(), ops.get(1)) else {
            return;
        };
        if chunk.trailing_return.is_some() {
            return;
        }
        let id = match (ret, &e.unparen().kind) {
            (DeclaratorOp::Pointer { .. }, ExprKind::Name(n)) if self.local_object(n, true) => {
                ids::RETURNING_PTR_TO_LOCAL_VARIABLE
            }
            (DeclaratorOp::Pointer { .. }, ExprKind::Unary(UnaryOp::AddrOf, x)) => {
                match &x.unparen().kind {
                    ExprKind::Name(n) if self.local_object(n, false) => {
                        ids::RETURNING_PTR_TO_LOCAL_VARIABLE
                    }
                    _ => return,
                }
            }
            (DeclaratorOp::LValueRef | DeclaratorOp::RValueRef, ExprKind::Name(n))
                if self.local_object(n, false) =>
            {
                ids::RETURNING_REF_TO_LOCAL_VARIABLE
            }
            _ => return,
        };
        self.emit(Diagnostic::new(id, e.span.lo));
    }

    /// Does `n` name a variable of the current function with automatic storage (or a
    /// parameter passed by value), not a reference — an array when `array`?
    fn local_object(&self, n: &QualName, array: bool) -> bool {
        if n.is_qualified() {
            return false;
        }
        let Some(e) = n.resolution.entity() else {
            return false;
        };
        let ent = self.sema.entity(e);
        // A parameter of the function being walked, or a local variable of it.
        let at = ent.first_decl().lo;
        let param = self.cur_fn.and_then(|f| {
            f.declarator
                .function()?
                .params
                .iter()
                .find(|p| p.declarator.name.as_ref().is_some_and(|n| n.span.lo == at))
                .map(|p| (&p.specs, &p.declarator))
        });
        if param.is_none() && !self.locals.iter().any(|l| l.entity == Some(e)) {
            return false;
        }
        if !matches!(ent.kind, EntityKind::Variable | EntityKind::Parameter)
            || ent.flags.is_static
            || ent.flags.is_extern
            || ent.flags.is_thread_local
        {
            return false;
        }
        let Some((specs, d)) = param.or_else(|| self.index.declared_at(ent.first_decl().lo)) else {
            return false;
        };
        if matches!(
            specs.storage,
            Some(StorageClass::Static | StorageClass::Extern | StorageClass::ThreadLocal)
        ) {
            return false;
        }
        match d.ops.first() {
            Some(DeclaratorOp::Array { .. }) => array && ent.kind == EntityKind::Variable,
            Some(DeclaratorOp::LValueRef | DeclaratorOp::RValueRef) => false,
            _ => !array,
        }
    }

    /// #146 for `T a[N] = {...}` with more than N elements, each a plain value (or each a
    /// braced list, for an array of arrays or aggregates): at the first one too many.
    pub(crate) fn too_many_initializers(&mut self, specs: &DeclSpecs, id: &InitDeclarator) {
        let (
            Some(Initializer::Assign(e) | Initializer::Brace(e)),
            Some(DeclaratorOp::Array {
                size: Some(size), ..
            }),
        ) = (&id.init, id.declarator.ops.first())
        else {
            return;
        };
        let ExprKind::InitList(items) = &e.kind else {
            return;
        };
        if specs.is_typedef
            || self.template_depth > 0
            || self.func.is_some_and(|f| f.in_template)
            || self.map.is_system(e.span.lo)
        {
            return;
        }
        let Value::Int(n) = self.eval(size, &Bindings::default()) else {
            return;
        };
        if n < 0 || items.len() as i128 <= n {
            return;
        }
        // Brace elision or designators make the count of elements something else.
        let element_is_array = matches!(id.declarator.ops.get(1), Some(DeclaratorOp::Array { .. }));
        let element_scalar = id.declarator.ops.len() == 1
            && matches!(specs.ty, TypeSpec::Builtin(_))
            || matches!(id.declarator.ops.get(1), Some(DeclaratorOp::Pointer { .. }));
        let all_lists = items
            .iter()
            .all(|x| matches!(x.kind, ExprKind::InitList(_)));
        let any_special = items.iter().any(|x| {
            matches!(
                x.kind,
                ExprKind::InitList(_) | ExprKind::Designated { .. } | ExprKind::PackExpansion(_)
            )
        });
        let ok = (element_scalar && !any_special) || (element_is_array && all_lists);
        if ok {
            self.emit(Diagnostic::new(
                ids::TOO_MANY_INITIALIZER_VALUES,
                items[n as usize].span.lo,
            ));
        }
    }

    /// #101 for a variable declared again in the block whose earlier statements declared
    /// `seen` (before the statement `s` is walked, as cudafe++ reports it at the name).
    pub(crate) fn block_redeclaration(&mut self, s: &Stmt, seen: &mut FxHashSet<Symbol>) {
        let StmtKind::Decl(d) = &s.kind else { return };
        let DeclKind::Simple { specs, declarators } = &d.kind else {
            return;
        };
        if specs.is_typedef
            || specs.storage == Some(StorageClass::Extern)
            || self.map.is_system(s.span.lo)
        {
            return;
        }
        for id in declarators.iter() {
            if id.declarator.is_function() {
                continue;
            }
            let Some(name) = &id.declarator.name else {
                continue;
            };
            let (Some(sym), false) = (name.ident(), name.is_qualified()) else {
                continue;
            };
            if !seen.insert(sym) {
                let text = self.interner.name(sym).into_owned();
                self.emit(Diagnostic::new(ids::ID_ALREADY_DECLARED, name.span.lo).arg_str(text));
            }
        }
    }

    /// A launch whose configuration is empty (`k<<<>>>`: too few arguments, at the
    /// `>>>`) or has more than four arguments (at the fifth).
    pub(crate) fn configuration_arity(
        &mut self,
        config: &[Expr],
        config_span: crate::source_map::Span,
    ) {
        if config.is_empty() {
            let at = config_span.hi.saturating_sub(3);
            self.emit(Diagnostic::new(ids::TOO_FEW_ARGUMENTS, at));
        } else if config.len() > 4 {
            self.emit(Diagnostic::new(ids::TOO_MANY_ARGUMENTS, config[4].span.lo));
        }
    }
}

impl<'a> Checker<'a> {
    /// #174 for an expression statement that does nothing (`a == 3;`, `x;`, `p[1];`), or
    /// whose comma's left operand does nothing, at its start. Only where no operator can
    /// be a function: the operands are of fundamental, enumeration or pointer types.
    pub(crate) fn no_effect_statement(&mut self, e: &Expr) {
        if self.func.is_none() {
            return;
        }
        if self.with_template_types(|c| c.effect_free(e, 0)) {
            self.emit(Diagnostic::new(ids::EXPR_HAS_NO_EFFECT, e.span.lo));
        }
    }

    /// #174 for the left operand of a comma that does nothing (`(i, 2)`), at its start.
    pub(crate) fn no_effect_comma_operand(&mut self, left: &Expr) {
        if self.func.is_none() {
            return;
        }
        // In a template, an operand of a type that may depend on a template parameter may
        // be that of an operator function.
        if self.with_template_types(|c| {
            c.effect_free(left, 0) && (!c.in_template() || c.type_of(left).is_some())
        }) {
            self.emit(Diagnostic::new(ids::EXPR_HAS_NO_EFFECT, left.span.lo));
        }
    }

    /// #174 for each left operand of the commas of `a, b, c` given as its operands but the
    /// last (`a`, then `a, b`), at the start of the first, while they do nothing.
    pub(crate) fn no_effect_comma_operands(&mut self, before_last: &[Expr]) {
        let Some(first) = before_last.first() else {
            return;
        };
        if self.func.is_none() {
            return;
        }
        for a in before_last {
            if !self.with_template_types(|c| {
                c.effect_free(a, 0) && (!c.in_template() || c.type_of(a).is_some())
            }) {
                return;
            }
            self.emit(Diagnostic::new(ids::EXPR_HAS_NO_EFFECT, first.span.lo));
        }
    }

    /// Whether evaluating `e` can have no effect.
    fn effect_free(&self, e: &Expr, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        let d = depth + 1;
        match &e.kind {
            ExprKind::Literal(_)
            | ExprKind::Strings(_)
            | ExprKind::Bool(_)
            | ExprKind::Nullptr
            | ExprKind::This => true,
            // In a template, what `sizeof` measures may depend on a template parameter.
            ExprKind::SizeofType(_)
            | ExprKind::SizeofExpr(_)
            | ExprKind::AlignofType(_)
            | ExprKind::AlignofExpr(_) => !self.in_template(),
            ExprKind::Paren(x) => self.effect_free(x, d),
            ExprKind::Name(n) => {
                let Some(v) = n.resolution.entity() else {
                    return false;
                };
                let v = self.sema.resolve_alias(v);
                let kind = self.sema.entity(v).kind;
                matches!(
                    kind,
                    EntityKind::Variable
                        | EntityKind::Parameter
                        | EntityKind::Enumerator
                        | EntityKind::Function
                        | EntityKind::Field
                ) && n.last().args.is_none()
                    && self.not_volatile(e)
                    // A member of a class template whose type may depend on a template
                    // parameter is a member of `*this`, an object of a dependent type.
                    && !(kind == EntityKind::Field && self.in_template() && self.type_of(e).is_none())
            }
            ExprKind::Unary(
                UnaryOp::Plus | UnaryOp::Minus | UnaryOp::Not | UnaryOp::BitNot | UnaryOp::Deref,
                x,
            ) => self.effect_free(x, d) && self.plain(x) && self.not_volatile(e),
            ExprKind::Unary(UnaryOp::AddrOf, x) => self.effect_free(x, d) && self.plain(x),
            ExprKind::Binary(BinaryOp::Comma, a, b) => {
                self.effect_free(a, d) && self.effect_free(b, d)
            }
            ExprKind::Binary(op, a, b) if !matches!(op, BinaryOp::PtrMemD | BinaryOp::PtrMemI) => {
                self.effect_free(a, d)
                    && self.effect_free(b, d)
                    && self.plain(a)
                    && self.plain(b)
                    && self.not_volatile(e)
            }
            ExprKind::Cond(c, Some(t), f) => {
                self.effect_free(c, d)
                    && self.effect_free(t, d)
                    && self.effect_free(f, d)
                    && self.plain(c)
                    && self.plain(t)
                    && self.plain(f)
            }
            ExprKind::Cast { ty, expr, .. } => {
                let scalar = match &ty.specs.ty {
                    TypeSpec::Builtin(b) => !b.void || !ty.declarator.ops.is_empty(),
                    _ => ty
                        .declarator
                        .ops
                        .iter()
                        .any(|op| matches!(op, DeclaratorOp::Pointer { .. })),
                };
                scalar && self.effect_free(expr, d) && self.plain(expr)
            }
            ExprKind::Index(a, b) => {
                self.effect_free(a, d)
                    && self.effect_free(b, d)
                    && (self.plain(a) || self.is_array(a))
                    && self.plain(b)
                    && self.not_volatile(e)
            }
            // A data member of a known class.
            ExprKind::Member { base, arrow, name } => {
                self.effect_free(base, d)
                    && (self.member_is_array(base, *arrow, name)
                        || self.this_member_pointer_or_array(base, *arrow, name)
                        || self
                            .type_of(e)
                            .is_some_and(|t| t.ty.class().is_none() && !t.ty.is_volatile()))
            }
            _ => false,
        }
    }

    /// `this->m` names a data member declared as an array or a (not volatile) pointer: of
    /// whatever type, in a class template too.
    fn this_member_pointer_or_array(&self, base: &Expr, arrow: bool, name: &QualName) -> bool {
        self.this_member(base, arrow, name).is_some_and(|(m, _)| {
            self.index
                .declared_at(self.sema.entity(m).first_decl().lo)
                .is_some_and(|(_, d)| {
                    matches!(
                        d.ops.first(),
                        Some(
                            DeclaratorOp::Array { .. }
                                | DeclaratorOp::Pointer {
                                    is_volatile: false,
                                    ..
                                }
                        )
                    )
                })
        })
    }

    /// `e` is of a type no operator function can take: fundamental, enumeration, pointer.
    fn plain(&self, e: &Expr) -> bool {
        self.builtin_typed(e, 0) || self.type_of(e).is_some_and(|t| t.ty.class().is_none())
    }

    /// `e` names an array (a variable or a data member).
    fn is_array(&self, e: &Expr) -> bool {
        match &e.unparen().kind {
            ExprKind::Name(n) => self.names_array(n),
            ExprKind::Member { base, arrow, name } => self.member_is_array(base, *arrow, name),
            _ => false,
        }
    }

    /// `e` is not known to be a volatile object (reading which is an effect).
    fn not_volatile(&self, e: &Expr) -> bool {
        self.type_of(e).is_none_or(|t| !t.ty.is_volatile())
    }
}

impl<'a> Checker<'a> {
    /// #61 for `a + b`, `a - b`, `a * b` of integer constants whose value does not fit the
    /// signed type of the result (`65536 * 65536`), at the operator. The operands' values
    /// are taken as their own types hold them (an operand that overflowed has wrapped).
    pub(crate) fn integer_overflow(&mut self, op: BinaryOp, a: &Expr, b: &Expr) {
        if !matches!(op, BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul) {
            return;
        }
        let (Some(ta), Some(tb)) =
            self.with_template_types(|c| (c.promoted_integer(a), c.promoted_integer(b)))
        else {
            return;
        };
        let (bits, signed) = arithmetic_conversion(ta, tb);
        if !signed {
            return;
        }
        let bind = Bindings::default();
        let (Value::Int(va), Value::Int(vb)) = (self.eval(a, &bind), self.eval(b, &bind)) else {
            return;
        };
        let (va, vb) = (wrap(va, ta), wrap(vb, tb));
        let r = match op {
            BinaryOp::Add => va.checked_add(vb),
            BinaryOp::Sub => va.checked_sub(vb),
            _ => va.checked_mul(vb),
        };
        let Some(r) = r else { return };
        let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
        if r < min || r > max {
            let at = self.operator_after(a);
            self.emit(Diagnostic::new(ids::INTEGER_OVERFLOW, at));
        }
    }

    /// The width and signedness of `e`'s type after integral promotion, for an integer of
    /// at most 64 bits.
    fn promoted_integer(&self, e: &Expr) -> Option<(u32, bool)> {
        self.promoted_integer_at(e, 0)
    }

    fn promoted_integer_at(&self, e: &Expr, depth: u32) -> Option<(u32, bool)> {
        if depth > 32 {
            return None;
        }
        match &e.kind {
            ExprKind::Paren(x) | ExprKind::Unary(UnaryOp::Minus | UnaryOp::Plus, x) => {
                return self.promoted_integer_at(x, depth + 1);
            }
            ExprKind::Binary(
                BinaryOp::Add
                | BinaryOp::Sub
                | BinaryOp::Mul
                | BinaryOp::Div
                | BinaryOp::Rem
                | BinaryOp::BitAnd
                | BinaryOp::BitOr
                | BinaryOp::BitXor,
                a,
                b,
            ) => {
                let ta = self.promoted_integer_at(a, depth + 1)?;
                let tb = self.promoted_integer_at(b, depth + 1)?;
                return Some(arithmetic_conversion(ta, tb));
            }
            _ => {}
        }
        let t = self.type_of(e)?;
        let super::types::TyKind::Fund(f) = t.ty.canonical().kind else {
            return None;
        };
        use super::types::Fund as F;
        Some(match f {
            F::Int => (32, true),
            F::UInt | F::Char32 => (32, false),
            F::Long | F::LongLong => (64, true),
            F::ULong | F::ULongLong => (64, false),
            F::Int128 | F::UInt128 => return None,
            f if f.is_integral() => (32, true),
            _ => return None,
        })
    }
}

/// The usual arithmetic conversions of two promoted integer types (width, signed).
fn arithmetic_conversion(a: (u32, bool), b: (u32, bool)) -> (u32, bool) {
    if a.1 == b.1 {
        (a.0.max(b.0), a.1)
    } else {
        let (s, u) = if a.1 { (a, b) } else { (b, a) };
        if u.0 >= s.0 {
            (u.0, false)
        } else {
            (s.0, true)
        }
    }
}

/// `v` as an integer of `bits` bits and that signedness holds it.
fn wrap(v: i128, (bits, signed): (u32, bool)) -> i128 {
    let m = v & ((1i128 << bits) - 1);
    if signed && m >= 1i128 << (bits - 1) {
        m - (1i128 << bits)
    } else {
        m
    }
}

/// A floating constant: a floating literal, maybe negated, parenthesized, cast, or in
/// arithmetic with other constants (`1.0 / 3`).
fn folded_floating(e: &Expr) -> bool {
    fn constant(e: &Expr, float: &mut bool) -> bool {
        match &e.kind {
            ExprKind::Literal(LiteralKind::Float) => {
                *float = true;
                true
            }
            ExprKind::Literal(LiteralKind::Integer | LiteralKind::Char) => true,
            ExprKind::Paren(x) | ExprKind::Unary(UnaryOp::Minus | UnaryOp::Plus, x) => {
                constant(x, float)
            }
            ExprKind::Cast { expr, .. } => constant(expr, float),
            ExprKind::Binary(
                BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul | BinaryOp::Div,
                a,
                b,
            ) => constant(a, float) && constant(b, float),
            _ => false,
        }
    }
    let mut float = false;
    constant(e, &mut float) && float
}
