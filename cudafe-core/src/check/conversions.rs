//! Implicit conversions cudafe++ warns about in code that compiles: a string literal bound
//! to a `char *` (#2464, deprecated since C++98, gone in C++11, accepted by EDG), and an
//! integer constant that does not survive the conversion to the type it initializes (#68
//! when its sign changes, #69 when it is truncated).
//!
//! Only the forms whose types we can be sure of are checked: a declaration's `= init` and
//! a plain assignment to a variable, with a fundamental type written directly or through
//! typedefs, and an integer literal (negated or not) as the value.

use crate::diag::{Diagnostic, ids};
use crate::lexer::literal;
use crate::sema::EntityKind;
use crate::syntax::ast::*;

use super::Checker;

impl<'a> Checker<'a> {
    /// The conversions of a declaration's `= init`.
    pub(crate) fn initializer_conversions(&mut self, specs: &DeclSpecs, id: &InitDeclarator) {
        let Some(Initializer::Assign(e)) = &id.init else {
            return;
        };
        if specs.is_typedef || !self.conversions_checked(e) {
            return;
        }
        if self.char_pointer(specs, &id.declarator.ops) && is_string_literal(e) {
            self.emit(Diagnostic::new(ids::DEPRECATED_STRING_CONV, e.span.lo));
            return;
        }
        if id.declarator.ops.is_empty()
            && let Some(b) = self.builtin_of(specs, 0)
        {
            self.integer_constant_conversion(&b, e);
        }
    }

    /// `p = "text"` with `p` a variable or parameter declared `char *`: #2464 at the `=`.
    pub(crate) fn assignment_conversions(&mut self, lhs: &Expr, rhs: &Expr) {
        if !is_string_literal(rhs) || !self.conversions_checked(rhs) {
            return;
        }
        let v = match &lhs.unparen().kind {
            ExprKind::Name(n) => n.resolution.entity(),
            // A data member of an object whose class we are sure of.
            ExprKind::Member { base, arrow, name } if !name.is_qualified() => {
                let (Some(class), Some(sym)) = (self.object_class(base, *arrow), name.ident())
                else {
                    return;
                };
                match self.sema.lookup_member(class, sym)[..] {
                    [m] => Some(m),
                    _ => None,
                }
            }
            _ => return,
        };
        let Some(v) = v else {
            return;
        };
        let ent = self.sema.entity(v);
        if !matches!(
            ent.kind,
            EntityKind::Variable | EntityKind::Parameter | EntityKind::Field
        ) {
            return;
        }
        let Some((specs, d)) = self.index.declared_at(ent.first_decl().lo) else {
            return;
        };
        if !self.char_pointer(specs, &d.ops) {
            return;
        }
        let at = self.operator_after(lhs);
        self.emit(Diagnostic::new(ids::DEPRECATED_STRING_CONV, at));
    }

    /// A string literal passed for a `char *` parameter of `f`, the one function the call
    /// can mean (every declaration of it saying so): #2464 at the literal.
    pub(crate) fn argument_conversions(
        &mut self,
        f: crate::sema::EntityId,
        args: &[Expr],
        i: usize,
        arg: &Expr,
    ) {
        if !is_string_literal(arg) || !self.conversions_checked(arg) {
            return;
        }
        // In a template, a call with an argument whose type may depend on a template
        // parameter is resolved when it is instantiated.
        if (self.template_depth > 0 || self.func.is_some_and(|fun| fun.in_template))
            && !args.iter().all(|a| {
                is_string_literal(a) || {
                    self.types_in_templates.set(true);
                    let known = self.type_of_at(a, 0).is_some();
                    self.types_in_templates.set(false);
                    known
                }
            })
        {
            return;
        }
        let Some(decls) = self.index.functions.get(&f) else {
            return;
        };
        let all = !decls.is_empty()
            && decls.iter().all(|d| {
                d.declarator.function().is_some_and(|c| {
                    c.params.get(i).is_some_and(|p| {
                        !p.declarator.pack && self.char_pointer(&p.specs, &p.declarator.ops)
                    })
                })
            });
        if all {
            self.emit(Diagnostic::new(ids::DEPRECATED_STRING_CONV, arg.span.lo));
        }
    }

    /// Outside system headers; in templates too (the types these checks know depend on no
    /// template parameter, and the values are literals).
    fn conversions_checked(&self, e: &Expr) -> bool {
        !self.map.is_system(e.span.lo)
    }

    /// `char *` (the pointer itself may be const, the characters may not).
    fn char_pointer(&self, specs: &DeclSpecs, ops: &[DeclaratorOp]) -> bool {
        !specs.is_const
            && matches!(ops, [DeclaratorOp::Pointer { .. }])
            && matches!(&specs.ty, TypeSpec::Builtin(b) if b.char && !b.signed && !b.unsigned)
    }

    /// The fundamental type `specs` names, directly or through typedefs.
    fn builtin_of(&self, specs: &DeclSpecs, depth: u32) -> Option<BuiltinSpec> {
        match &specs.ty {
            TypeSpec::Builtin(b) => Some(*b),
            TypeSpec::Named { name, .. } if depth < 16 => {
                let t = name.resolution.entity()?;
                if self.sema.entity(t).kind != EntityKind::Typedef {
                    return None;
                }
                let (s, d) = self.index.typedef_type(t)?;
                if !d.ops.is_empty() {
                    return None;
                }
                self.builtin_of(s, depth + 1)
            }
            _ => None,
        }
    }

    /// #68 / #69 for an integer literal (or its negation) converted to the integer type `b`.
    fn integer_constant_conversion(&mut self, b: &BuiltinSpec, e: &Expr) {
        if let Some((bits, signed)) = integer_width(b) {
            self.integer_constant_into(bits, signed, e);
        }
    }

    /// #68 / #69 for an integer literal (or its negation) converted to an integer type of
    /// `bits` bits, signed or not.
    pub(crate) fn integer_constant_into(&mut self, bits: u32, signed: bool, e: &Expr) {
        let Some((v, unsigned_bits)) = self.literal_value(e) else {
            return;
        };
        // An unsigned literal (`0x80000000`) into the signed type of its width keeps its
        // bits: cudafe++ says nothing.
        if signed && unsigned_bits == Some(bits) {
            return;
        }
        let modulus = 1i128 << bits;
        let mut r = v.rem_euclid(modulus);
        if signed && r >= modulus / 2 {
            r -= modulus;
        }
        if r == v {
            return;
        }
        let id = if (v < 0) != (r < 0) {
            ids::INTEGER_SIGN_CHANGE
        } else {
            ids::INTEGER_TRUNCATED
        };
        self.emit(Diagnostic::new(id, e.span.lo));
    }

    /// The value of an integer literal, or of `-` before one, when its type is signed or
    /// the value is not negated (`-1u` is a large unsigned value, left alone); with the
    /// width of the literal's type when that is unsigned.
    fn literal_value(&self, e: &Expr) -> Option<(i128, Option<u32>)> {
        let (negated, lit) = match &e.unparen().kind {
            ExprKind::Unary(UnaryOp::Minus, x) => (true, x.unparen()),
            _ => (false, e.unparen()),
        };
        if !matches!(lit.kind, ExprKind::Literal(LiteralKind::Integer)) {
            return None;
        }
        let parsed = literal::parse_integer(self.map.slice(lit.span)).ok()?;
        if parsed.overflow || parsed.value > u64::MAX as u128 {
            return None;
        }
        let v = parsed.value as i128;
        let decimal = parsed.radix == 10;
        let unsigned_bits = if parsed.suffix.unsigned {
            Some(
                if v > u32::MAX as i128 || parsed.suffix.size != literal::IntSize::Int {
                    64
                } else {
                    32
                },
            )
        } else if !decimal && v > i32::MAX as i128 && v <= u32::MAX as i128 {
            Some(32)
        } else if v > i64::MAX as i128 {
            Some(64)
        } else {
            None
        };
        if !negated {
            return Some((v, unsigned_bits));
        }
        // A negated literal of an unsigned type (a suffix, or a hexadecimal or octal one
        // too big for `int` but not for `unsigned`, or one too big for `long`) wraps around.
        if parsed.suffix.unsigned
            || v > i64::MAX as i128
            || (parsed.radix != 10 && v > i32::MAX as i128 && v <= u32::MAX as i128)
        {
            return None;
        }
        Some((-v, None))
    }
}

/// Bits and signedness of an integer type (x86-64: `char` is signed, `long` has 64 bits);
/// `None` for `bool`, the character types other than `char`, and non-integers.
fn integer_width(b: &BuiltinSpec) -> Option<(u32, bool)> {
    if b.bool_
        || b.void
        || b.wchar
        || b.char8
        || b.char16
        || b.char32
        || b.float
        || b.double
        || b.int128
        || b.float128
        || b.complex
        || b.extended_float.is_some()
    {
        return None;
    }
    let bits = if b.char {
        8
    } else if b.short {
        16
    } else if b.long > 0 {
        64
    } else if b.int || b.signed || b.unsigned {
        32
    } else {
        return None;
    };
    Some((bits, !b.unsigned))
}

pub(crate) fn is_string_literal(e: &Expr) -> bool {
    matches!(
        e.unparen().kind,
        ExprKind::Literal(LiteralKind::String) | ExprKind::Strings(_)
    )
}
