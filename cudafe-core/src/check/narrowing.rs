//! Narrowing conversions in list-initialization: EDG's warning #2361 (`invalid narrowing
//! conversion from "double" to "int"`, a warning in GNU mode), and #68 / #69 for a constant
//! that does not fit. Checked where the model knows the type each element initializes: a
//! variable of a fundamental type (`int i{blockIdx.x * blockDim.x}`), an array of one, a
//! plain struct's data members in order, and the parameters of the one constructor of a
//! class whose parameters are all fundamental types that can take the elements (`dim3
//! grid{n}`).

use crate::diag::{Diagnostic, Severity, ids};
use crate::sema::{EntityId, EntityKind};
use crate::syntax::ast::*;

use super::Checker;
use super::consteval::{Bindings, Value};
use super::types::{Fund, TyKind};

/// What converting an element to its target is.
enum Conversion {
    /// Every value, or the constant's, is kept.
    Kept,
    /// #2361.
    Narrowing(Fund, Fund),
    /// #68: a constant whose sign the conversion changes.
    Sign,
    /// #69: a constant the conversion truncates.
    Truncation,
}

/// The values of an integral type on x86-64 (`char` signed, `wchar_t` a 32-bit `int`).
fn int_range(f: Fund) -> Option<(i128, i128)> {
    let bits = |n: u32, signed: bool| {
        if signed {
            (-(1i128 << (n - 1)), (1i128 << (n - 1)) - 1)
        } else {
            (0, (1i128 << n) - 1)
        }
    };
    Some(match f {
        Fund::Bool => (0, 1),
        Fund::Char | Fund::SChar => bits(8, true),
        Fund::UChar | Fund::Char8 => bits(8, false),
        Fund::WChar | Fund::Int => bits(32, true),
        Fund::Char16 | Fund::UShort => bits(16, false),
        Fund::Short => bits(16, true),
        Fund::Char32 | Fund::UInt => bits(32, false),
        Fund::Long | Fund::LongLong => bits(64, true),
        Fund::ULong | Fund::ULongLong => bits(64, false),
        _ => return None,
    })
}

fn float_rank(f: Fund) -> Option<u8> {
    match f {
        Fund::Float => Some(1),
        Fund::Double => Some(2),
        Fund::LongDouble => Some(3),
        _ => None,
    }
}

/// A floating literal, maybe negated or parenthesized: a constant in range of any
/// floating type.
fn float_constant(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Literal(LiteralKind::Float) => true,
        ExprKind::Paren(x) | ExprKind::Unary(UnaryOp::Minus | UnaryOp::Plus, x) => {
            float_constant(x)
        }
        _ => false,
    }
}

impl<'a> Checker<'a> {
    /// The narrowing checks of a variable's braced initializer.
    pub(crate) fn narrowing_initializer(&mut self, specs: &DeclSpecs, id: &InitDeclarator) {
        let list = match &id.init {
            Some(Initializer::Brace(e)) | Some(Initializer::Assign(e)) => match &e.kind {
                ExprKind::InitList(items) => items,
                _ => return,
            },
            _ => return,
        };
        if specs.is_typedef
            || id.declarator.is_function()
            || specs.storage.is_some() && self.in_member_decls > 0
            || self.map.is_system(id.span.lo)
        {
            return;
        }
        let ops = &id.declarator.ops;
        // `T a[N] = {...}` of a fundamental type.
        if let [DeclaratorOp::Array { .. }] = ops[..] {
            let Some((ty, false)) = self.declared_type(specs, &[], 0) else {
                return;
            };
            let Some(target) = ty.canonical().fund() else {
                return;
            };
            for e in list {
                self.narrowing_element(e, target);
            }
            return;
        }
        let Some((ty, false)) = self.declared_type(specs, ops, 0) else {
            return;
        };
        let ty = ty.canonical();
        match ty.kind {
            TyKind::Fund(target) => {
                if let [e] = &list[..] {
                    self.narrowing_element(e, target);
                }
            }
            // An aggregate's members are checked when the template is instantiated.
            TyKind::Class(c) if !self.in_template() => {
                let Some(targets) = self.element_targets(c, list) else {
                    return;
                };
                for (e, target) in list.iter().zip(targets) {
                    if let Some(t) = target {
                        self.narrowing_element(e, t);
                    }
                }
            }
            _ => {}
        }
    }

    /// `return {d};` in a function returning a fundamental type or a class the model
    /// follows (not in lambdas: their return type is not the function's).
    pub(crate) fn narrowing_return(&mut self, list: &[Expr]) {
        let Some(f) = self.cur_fn else { return };
        if !self.lambda_frames.is_empty()
            || list.first().is_some_and(|e| self.map.is_system(e.span.lo))
        {
            return;
        }
        let d = &f.declarator;
        if !d.is_function() {
            return;
        }
        let Some((t, false)) = self.declared_type(&f.specs, &d.ops[1..], 0) else {
            return;
        };
        match t.canonical().kind {
            // A scalar returned in braces: an error, unlike an aggregate's members.
            TyKind::Fund(target) => {
                if let [e] = list {
                    self.narrowing_element_as(e, target, Severity::Error);
                }
            }
            TyKind::Class(c) if !self.in_template() => {
                let Some(targets) = self.element_targets(c, list) else {
                    return;
                };
                for (e, target) in list.iter().zip(targets) {
                    if let Some(t) = target {
                        self.narrowing_element(e, t);
                    }
                }
            }
            _ => {}
        }
    }

    /// `int{d}`: a functional cast in braces to a fundamental type.
    pub(crate) fn narrowing_cast(&mut self, ty: &TypeId, args: &[Expr]) {
        let [e] = args else { return };
        if self.map.is_system(e.span.lo) {
            return;
        }
        let Some((t, false)) = self.declared_type(&ty.specs, &ty.declarator.ops, 0) else {
            return;
        };
        if let Some(target) = t.canonical().fund() {
            self.narrowing_element(e, target);
        }
    }

    /// `: size_{n}` in a constructor: a data member of a fundamental type initialized in
    /// braces.
    pub(crate) fn narrowing_member_initializer(&mut self, init: &MemInit) {
        let [e] = &init.args[..] else { return };
        if !init.braced || init.pack || self.map.is_system(e.span.lo) {
            return;
        }
        let Some(m) = init.name.resolution.entity() else {
            return;
        };
        if self.sema.entity(m).kind != EntityKind::Field {
            return;
        }
        let Some((specs, d)) = self.index.declared_at(self.sema.entity(m).first_decl().lo) else {
            return;
        };
        let Some((t, false)) = self.declared_type(specs, &d.ops, 0) else {
            return;
        };
        if let Some(target) = t.canonical().fund() {
            self.narrowing_element(e, target);
        }
    }

    /// The fundamental type each element of a braced list initializes in an object of
    /// class `c` (`None` for an element the model leaves alone); `None` when the model
    /// cannot tell.
    fn element_targets(&self, c: EntityId, list: &[Expr]) -> Option<Vec<Option<Fund>>> {
        let spec = *self.index.classes.get(&c)?;
        if !spec.bases.is_empty() {
            return None;
        }
        if list.iter().any(|e| {
            matches!(
                e.kind,
                ExprKind::InitList(_) | ExprKind::Designated { .. } | ExprKind::PackExpansion(_)
            )
        }) {
            return None;
        }
        if self.plain_struct(c) {
            // An aggregate: its data members in order.
            let mut fields = Vec::new();
            for m in &spec.members {
                match &m.kind {
                    DeclKind::Simple { specs, declarators } => {
                        if specs.is_typedef {
                            continue;
                        }
                        if specs.storage.is_some() {
                            continue;
                        }
                        for d in declarators {
                            if d.bitfield.is_some() {
                                return None;
                            }
                            let t = self
                                .declared_type(specs, &d.declarator.ops, 0)
                                .and_then(|(t, r)| (!r).then(|| t.canonical().fund()).flatten());
                            fields.push(t);
                        }
                    }
                    DeclKind::AccessSpec(_) | DeclKind::Empty | DeclKind::Pragma => {}
                    _ => return None,
                }
            }
            if list.len() > fields.len() {
                return None;
            }
            fields.truncate(list.len());
            return Some(fields);
        }
        // A class with constructors: the one that can take the elements.
        let name = self.sema.entity(c).name?;
        let mut found: Option<Vec<Option<Fund>>> = None;
        for m in &spec.members {
            let (specs, d) = match &m.kind {
                DeclKind::Function(f) => (&f.specs, &f.declarator),
                DeclKind::Simple { specs, declarators } => match &declarators[..] {
                    [id] if id.declarator.is_function() => (specs, &id.declarator),
                    _ => continue,
                },
                DeclKind::Template { .. } | DeclKind::UsingDecl { .. } => return None,
                _ => continue,
            };
            let Some(n) = &d.name else { continue };
            if n.ident() != Some(name) || !matches!(specs.ty, TypeSpec::None) {
                continue;
            }
            let chunk = d.function()?;
            let params: &[Param] = if chunk.has_void_params() {
                &[]
            } else {
                &chunk.params
            };
            let required = params.iter().filter(|p| p.default.is_none()).count();
            if chunk.variadic || list.len() < required || list.len() > params.len() {
                continue;
            }
            let mut types = Vec::with_capacity(list.len());
            let mut takes = true;
            for (p, e) in params.iter().zip(list) {
                match self.declared_type(&p.specs, &p.declarator.ops, 0) {
                    Some((t, false)) if t.canonical().fund().is_some() => {
                        types.push(t.canonical().fund());
                    }
                    Some((t, _)) => {
                        // A parameter of a class: a plain struct takes no number.
                        let class = t.canonical().class()?;
                        if class == c {
                            takes = false;
                            break;
                        }
                        let source = self.type_of(e)?;
                        if self.converts(&source, &t.canonical())? {
                            return None;
                        }
                        takes = false;
                        break;
                    }
                    None => return None,
                }
            }
            if !takes {
                continue;
            }
            if found.is_some() {
                return None;
            }
            found = Some(types);
        }
        found
    }

    /// One element `e` initializing a `target`.
    fn narrowing_element(&mut self, e: &Expr, target: Fund) {
        self.narrowing_element_as(e, target, Severity::Warning);
    }

    /// [`Checker::narrowing_element`], #2361 with `severity`.
    fn narrowing_element_as(&mut self, e: &Expr, target: Fund, severity: Severity) {
        if matches!(
            e.kind,
            ExprKind::InitList(_) | ExprKind::Designated { .. } | ExprKind::PackExpansion(_)
        ) {
            return;
        }
        // In templates too: a type the model knows depends on no template parameter — but
        // not a member of `*this` (an object of a dependent type), which cudafe++ leaves to
        // the instantiation.
        if self.in_template() && self.mentions_this_member(e) {
            return;
        }
        let Some(source) = self.with_template_types(|c| c.type_of(e)) else {
            return;
        };
        let source = source.ty.canonical();
        let from = match source.kind {
            TyKind::Fund(f) => f,
            // An unscoped enumeration's values fit its underlying type: left alone.
            _ => return,
        };
        let kind = self.narrowing_kind(e, from, target);
        let d = match kind {
            Conversion::Kept => return,
            Conversion::Narrowing(from, to) => {
                Diagnostic::new(ids::NARROWING_CONVERSION, e.span.lo)
                    .arg_type(format!("\"{}\"", from.name()))
                    .arg_type(format!("\"{}\"", to.name()))
                    .severity(severity)
            }
            Conversion::Sign => {
                Diagnostic::new(ids::INTEGER_SIGN_CHANGE, e.span.lo).severity(Severity::Warning)
            }
            Conversion::Truncation => {
                Diagnostic::new(ids::INTEGER_TRUNCATED, e.span.lo).severity(Severity::Warning)
            }
        };
        self.emit(d);
    }

    fn narrowing_kind(&self, e: &Expr, from: Fund, to: Fund) -> Conversion {
        if from == to {
            return Conversion::Kept;
        }
        match (float_rank(from), float_rank(to)) {
            // Floating to integral: always.
            (Some(_), None) => Conversion::Narrowing(from, to),
            // To a narrower floating type: but for a constant.
            (Some(a), Some(b)) => {
                if b < a && !float_constant(e) && self.surely_runtime_value(e, 0) {
                    Conversion::Narrowing(from, to)
                } else {
                    Conversion::Kept
                }
            }
            // Integral to floating: but for a constant that converts back unchanged.
            (None, Some(b)) => {
                let exact: i128 = match b {
                    1 => 1 << 24,
                    2 => 1 << 53,
                    _ => 1 << 64,
                };
                match self.eval(e, &Bindings::default()) {
                    Value::Int(v) if v.abs() <= exact => Conversion::Kept,
                    Value::Int(_) => Conversion::Narrowing(from, to),
                    Value::Unknown if self.surely_runtime_value(e, 0) => {
                        Conversion::Narrowing(from, to)
                    }
                    _ => Conversion::Kept,
                }
            }
            (None, None) => {
                let (Some((fl, fh)), Some((tl, th))) = (int_range(from), int_range(to)) else {
                    return Conversion::Kept;
                };
                if tl <= fl && fh <= th {
                    return Conversion::Kept;
                }
                match self.eval(e, &Bindings::default()) {
                    Value::Int(v) if tl <= v && v <= th => Conversion::Kept,
                    Value::Int(_) if to == Fund::Bool => Conversion::Narrowing(from, to),
                    Value::Int(v) if v < 0 && tl == 0 && -v <= th => Conversion::Sign,
                    Value::Int(_) => Conversion::Truncation,
                    Value::Unknown if self.surely_runtime_value(e, 0) => {
                        Conversion::Narrowing(from, to)
                    }
                    _ => Conversion::Kept,
                }
            }
        }
    }
}

impl Checker<'_> {
    /// Is `e` surely no constant expression (a value read from a parameter, a variable
    /// that is not `const`, an element of an array that is not, the built-in index
    /// variables)? Where it might be one (a call, `sizeof`, a constant the evaluation does
    /// not follow), no narrowing is reported.
    fn surely_runtime_value(&self, e: &Expr, depth: u32) -> bool {
        if depth > 32 {
            return false;
        }
        if self.surely_variable(e, depth) {
            return true;
        }
        let d = depth + 1;
        match &e.kind {
            ExprKind::Paren(x) | ExprKind::Unary(_, x) | ExprKind::Cast { expr: x, .. } => {
                self.surely_runtime_value(x, d)
            }
            ExprKind::PostInc(_) | ExprKind::PostDec(_) | ExprKind::Assign(..) => true,
            ExprKind::Binary(_, a, b) => {
                self.surely_runtime_value(a, d) || self.surely_runtime_value(b, d)
            }
            ExprKind::Cond(c, a, b) => {
                self.surely_runtime_value(c, d)
                    || a.as_ref().is_some_and(|a| self.surely_runtime_value(a, d))
                    || self.surely_runtime_value(b, d)
            }
            ExprKind::Index(a, i) => {
                self.surely_runtime_value(i, d)
                    || match &a.unparen().kind {
                        ExprKind::Name(n) => n.resolution.entity().is_some_and(|v| {
                            let ent = self.sema.entity(v);
                            ent.kind == crate::sema::EntityKind::Parameter
                                || (ent.kind == crate::sema::EntityKind::Variable
                                    && !ent.flags.is_const
                                    && !ent.flags.is_constexpr)
                        }),
                        _ => self.surely_runtime_value(a, d),
                    }
            }
            ExprKind::Member { base, .. } => self.surely_runtime_value(base, d),
            _ => false,
        }
    }
}

impl Checker<'_> {
    /// Does `e` read a member of `*this` (`m` or `this->m`, through parentheses, operators,
    /// casts and conditionals)?
    fn mentions_this_member(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::This => true,
            ExprKind::Name(n) => {
                !n.is_qualified()
                    && n.resolution
                        .entity()
                        .is_some_and(|m| self.sema.entity(m).kind == EntityKind::Field)
            }
            ExprKind::Paren(x)
            | ExprKind::Unary(_, x)
            | ExprKind::PostInc(x)
            | ExprKind::PostDec(x)
            | ExprKind::Cast { expr: x, .. } => self.mentions_this_member(x),
            ExprKind::Member { base: x, .. } => self.mentions_this_member(x),
            ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
                self.mentions_this_member(a) || self.mentions_this_member(b)
            }
            ExprKind::Cond(c, t, f) => {
                self.mentions_this_member(c)
                    || t.as_ref().is_some_and(|t| self.mentions_this_member(t))
                    || self.mentions_this_member(f)
            }
            _ => false,
        }
    }
}
