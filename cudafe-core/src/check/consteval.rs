//! Integer constant evaluation for the expressions CUDA's attributes take
//! (`__launch_bounds__(256, 2)`, `__cluster_dims__(X, 1, 1)`, `__maxnreg__(N)`).
//!
//! Literals, the usual operators, parentheses, casts to integer types, `sizeof` of
//! fundamental types, enumerators, constexpr/const variables with initializers, and
//! template parameters bound by an instantiation. An expression that depends on an unbound
//! template parameter is [`Value::Dependent`]; anything else we cannot evaluate is
//! [`Value::Unknown`] (and is not diagnosed).

use crate::intern::FxHashMap;
use crate::lexer::literal;
use crate::sema::{EntityId, EntityKind};
use crate::syntax::ast::*;

use super::Checker;

/// The value of a constant expression.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    Int(i128),
    Dependent,
    Unknown,
}

/// Template parameters bound to values for one instantiation.
pub type Bindings = FxHashMap<EntityId, i128>;

impl<'a> Checker<'a> {
    pub(crate) fn eval(&self, e: &Expr, bind: &Bindings) -> Value {
        self.eval_depth(e, bind, 0)
    }

    fn eval_depth(&self, e: &Expr, bind: &Bindings, depth: u32) -> Value {
        if depth > 64 {
            return Value::Unknown;
        }
        let ev = |x: &Expr| self.eval_depth(x, bind, depth + 1);
        match &e.kind {
            ExprKind::Literal(LiteralKind::Integer) => {
                let text = self.map.slice(e.span);
                match literal::parse_integer(text) {
                    Ok(lit) if !lit.overflow => Value::Int(lit.value as i128),
                    _ => Value::Unknown,
                }
            }
            ExprKind::Literal(LiteralKind::Char) => {
                match literal::parse_char(self.map.slice(e.span)) {
                    Ok(c) => Value::Int(c.value as i128),
                    Err(_) => Value::Unknown,
                }
            }
            ExprKind::Bool(b) => Value::Int(*b as i128),
            ExprKind::Paren(x) => ev(x),
            ExprKind::Unary(op, x) => match (op, ev(x)) {
                (_, Value::Dependent) => Value::Dependent,
                (UnaryOp::Minus, Value::Int(v)) => Value::Int(-v),
                (UnaryOp::Plus, Value::Int(v)) => Value::Int(v),
                (UnaryOp::Not, Value::Int(v)) => Value::Int((v == 0) as i128),
                (UnaryOp::BitNot, Value::Int(v)) => Value::Int(!v),
                _ => Value::Unknown,
            },
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (ev(a), ev(b));
                let (a, b) = match (a, b) {
                    (Value::Int(a), Value::Int(b)) => (a, b),
                    (Value::Dependent, _) | (_, Value::Dependent) => return Value::Dependent,
                    _ => return Value::Unknown,
                };
                use BinaryOp as B;
                Value::Int(match op {
                    B::Add => a.wrapping_add(b),
                    B::Sub => a.wrapping_sub(b),
                    B::Mul => a.wrapping_mul(b),
                    B::Div if b != 0 => a / b,
                    B::Rem if b != 0 => a % b,
                    B::Shl if (0..127).contains(&b) => a << b,
                    B::Shr if (0..127).contains(&b) => a >> b,
                    B::Lt => (a < b) as i128,
                    B::Gt => (a > b) as i128,
                    B::Le => (a <= b) as i128,
                    B::Ge => (a >= b) as i128,
                    B::Eq => (a == b) as i128,
                    B::Ne => (a != b) as i128,
                    B::BitAnd => a & b,
                    B::BitOr => a | b,
                    B::BitXor => a ^ b,
                    B::And => (a != 0 && b != 0) as i128,
                    B::Or => (a != 0 || b != 0) as i128,
                    B::Comma => b,
                    _ => return Value::Unknown,
                })
            }
            ExprKind::Cond(c, t, f) => match ev(c) {
                Value::Int(0) => ev(f),
                Value::Int(_) => t.as_ref().map(|t| ev(t)).unwrap_or(Value::Unknown),
                other => other,
            },
            ExprKind::Cast { ty, expr, .. } => match ev(expr) {
                Value::Int(v) => Value::Int(self.convert_constant(ty, v)),
                other => other,
            },
            ExprKind::Construct { args, .. } if args.len() == 1 => ev(&args[0]),
            ExprKind::SizeofType(t) => match self.builtin_size(t) {
                Some(n) => Value::Int(n as i128),
                None => Value::Unknown,
            },
            ExprKind::Name(n) => self.eval_name(n, bind, depth),
            _ => Value::Unknown,
        }
    }

    fn eval_name(&self, n: &QualName, bind: &Bindings, depth: u32) -> Value {
        match &n.resolution {
            Resolution::Dependent => Value::Dependent,
            Resolution::Entity(id) => {
                if let Some(&v) = bind.get(id) {
                    return Value::Int(v);
                }
                if self.member_of_specialized_primary(n, *id) {
                    return Value::Unknown;
                }
                let e = self.sema.entity(*id);
                match e.kind {
                    EntityKind::TemplateValueParam => Value::Dependent,
                    EntityKind::Enumerator => self.enumerator_value(*id, depth),
                    // A variable template with partial or explicit specializations
                    // (declared again): which one a use takes is for instantiation to
                    // decide (`has_type<A>` with a `void_t` specialization).
                    EntityKind::Variable
                        if e.is_template
                            && (e.decl_count() > 1 || !e.specializations.is_empty()) =>
                    {
                        Value::Unknown
                    }
                    EntityKind::Variable | EntityKind::Field
                        if e.flags.is_constexpr || e.flags.is_const =>
                    {
                        match self.index.initializer(*id) {
                            Some(init) => self.eval_depth(init, bind, depth + 1),
                            None => Value::Unknown,
                        }
                    }
                    _ => Value::Unknown,
                }
            }
            _ => Value::Unknown,
        }
    }

    /// `X<args>::m` found in the primary template `X`, where `X` has specializations, or
    /// in a class that is no template: which one the arguments select (`L<T>::s` with
    /// `L<int>` specialized, read for `G2<int>`) is for instantiation to decide, so the
    /// value found is not the value.
    fn member_of_specialized_primary(&self, n: &QualName, id: EntityId) -> bool {
        let qualified_by_args = n.segments[..n.segments.len().saturating_sub(1)]
            .iter()
            .any(|s| s.args.is_some());
        if !qualified_by_args {
            return false;
        }
        let parent = self.sema.scope(self.sema.entity(id).parent);
        // An enumerator's scope is its enumeration's; the class is around that.
        let class = match parent.entity {
            Some(o) if matches!(self.sema.entity(o).kind, EntityKind::Enum { .. }) => {
                self.sema.entity(o).parent
            }
            _ => self.sema.entity(id).parent,
        };
        // Found in an explicit specialization the arguments chose, or in a primary
        // template without specializations, it is the member the arguments name. Found in
        // a class that is no template, it is a base's member (`__numeric_limits_base::
        // digits` for `numeric_limits<unsigned>::digits`), which a specialization may hide.
        self.sema.scope(class).entity.is_none_or(|c| {
            let c = self.sema.entity(c);
            c.primary.is_none() && (!c.is_template || !c.specializations.is_empty())
        })
    }

    fn enumerator_value(&self, id: EntityId, depth: u32) -> Value {
        let Some((values, pos)) = self.index.enumerator(id) else {
            return Value::Unknown;
        };
        // The value is the explicit one, or one more than the previous enumerator's.
        let mut back = 0i128;
        let mut i = pos;
        loop {
            if let Some(v) = &values[i].value {
                return match self.eval_depth(v, &Bindings::default(), depth + 1) {
                    Value::Int(x) => Value::Int(x + back),
                    other => other,
                };
            }
            if i == 0 {
                return Value::Int(back);
            }
            i -= 1;
            back += 1;
        }
    }

    /// `v` converted to the type `t`: to `bool`, or wrapped into the range of an integer
    /// type (`(unsigned)(-1)` is 4294967295); other types leave it as it is.
    fn convert_constant(&self, t: &TypeId, v: i128) -> i128 {
        let TypeSpec::Builtin(b) = &t.specs.ty else {
            return v;
        };
        if !t.declarator.ops.is_empty() || b.float || b.double {
            return v;
        }
        if b.bool_ {
            return (v != 0) as i128;
        }
        let Some(size) = self.builtin_size(t).filter(|&n| n < 16) else {
            return v;
        };
        let bits = size * 8;
        let m = v & ((1i128 << bits) - 1);
        if b.unsigned || b.char16 || b.char32 || b.char8 {
            m
        } else if m >= 1i128 << (bits - 1) {
            m - (1i128 << bits)
        } else {
            m
        }
    }

    /// `sizeof` of a fundamental type (x86-64 System V).
    fn builtin_size(&self, t: &TypeId) -> Option<u64> {
        if !t.declarator.ops.is_empty() {
            return match t.declarator.ops.last() {
                Some(DeclaratorOp::Pointer { .. }) => Some(8),
                _ => None,
            };
        }
        let TypeSpec::Builtin(b) = &t.specs.ty else {
            return None;
        };
        Some(if b.bool_ || b.char || b.char8 {
            1
        } else if b.short || b.char16 {
            2
        } else if b.long >= 1 || b.double && b.long == 0 && !b.float {
            if b.double && b.long >= 1 { 16 } else { 8 }
        } else if b.int128 || b.float128 {
            16
        } else if b.int || b.signed || b.unsigned || b.float || b.wchar || b.char32 {
            4
        } else {
            return None;
        })
    }
}
