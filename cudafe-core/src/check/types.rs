//! The types of the expressions whose types we can be certain of, and the implicit
//! conversions between them that C++ does not allow — the errors of ordinary code that
//! compiles nowhere: `int *p = d;` with `d` a `float *` (#144), `f(i)` for a `float *`
//! parameter (#167), `p = 5;` (#513), and writes through a pointer to const, to a const
//! variable, to a member of a const object or to a member in a const member function
//! (#137, "expression must be a modifiable lvalue").
//!
//! The model is deliberately small: the fundamental types, `void`, pointers to them (with
//! their cv-qualifiers) and typedefs of those, plus classes only as far as their data
//! members go. Whatever else an expression may be (a class value, an enum, a reference
//! binding, an overloaded call, anything in a template) has no type here, and nothing is
//! reported about it. Types print as EDG prints them: `const float *`, `float *const *`,
//! a typedef by its name with `(aka "...")` after it.

use crate::diag::{Diagnostic, Severity, ids};
use crate::intern::Symbol;
use crate::lexer::literal;
use crate::sema::{EntityId, EntityKind};
use crate::syntax::ast::*;

use super::Checker;

/// A fundamental type, canonical.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fund {
    Bool,
    Char,
    SChar,
    UChar,
    WChar,
    Char8,
    Char16,
    Char32,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
    Int128,
    UInt128,
    Float,
    Double,
    LongDouble,
}

impl Fund {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Fund::Bool => "bool",
            Fund::Char => "char",
            Fund::SChar => "signed char",
            Fund::UChar => "unsigned char",
            Fund::WChar => "wchar_t",
            Fund::Char8 => "char8_t",
            Fund::Char16 => "char16_t",
            Fund::Char32 => "char32_t",
            Fund::Short => "short",
            Fund::UShort => "unsigned short",
            Fund::Int => "int",
            Fund::UInt => "unsigned int",
            Fund::Long => "long",
            Fund::ULong => "unsigned long",
            Fund::LongLong => "long long",
            Fund::ULongLong => "unsigned long long",
            Fund::Int128 => "__int128",
            Fund::UInt128 => "unsigned __int128",
            Fund::Float => "float",
            Fund::Double => "double",
            Fund::LongDouble => "long double",
        }
    }

    pub(crate) fn is_integral(self) -> bool {
        !matches!(self, Fund::Float | Fund::Double | Fund::LongDouble)
    }

    /// The integral promotion of an operand (x86-64: `char32_t` to `unsigned int`, every
    /// narrower type to `int`); `None` for the 128-bit types, left alone.
    fn promoted(self) -> Option<Fund> {
        Some(match self {
            Fund::Bool
            | Fund::Char
            | Fund::SChar
            | Fund::UChar
            | Fund::WChar
            | Fund::Char8
            | Fund::Char16
            | Fund::Short
            | Fund::UShort => Fund::Int,
            Fund::Char32 => Fund::UInt,
            Fund::Int128 | Fund::UInt128 => return None,
            f => f,
        })
    }

    /// The common type of two arithmetic operands: the usual arithmetic conversions, with
    /// the sizes of x86-64 (`long` as wide as `long long`).
    fn usual_arithmetic(a: Fund, b: Fund) -> Option<Fund> {
        for f in [Fund::LongDouble, Fund::Double, Fund::Float] {
            if a == f || b == f {
                return Some(f);
            }
        }
        let (a, b) = (a.promoted()?, b.promoted()?);
        // (rank, unsigned)
        let key = |f: Fund| match f {
            Fund::Int => (1, false),
            Fund::UInt => (1, true),
            Fund::Long => (2, false),
            Fund::ULong => (2, true),
            Fund::LongLong => (3, false),
            _ => (3, true),
        };
        let ((ra, ua), (rb, ub)) = (key(a), key(b));
        if a == b {
            return Some(a);
        }
        if ua == ub {
            return Some(if ra >= rb { a } else { b });
        }
        let (signed, rs, unsigned, ru) = if ua { (b, rb, a, ra) } else { (a, ra, b, rb) };
        Some(if ru >= rs {
            unsigned
        } else if rs >= 2 && ru == 1 {
            // `long` and `long long` hold every `unsigned int`.
            signed
        } else {
            match signed {
                Fund::Long => Fund::ULong,
                _ => Fund::ULongLong,
            }
        })
    }

    /// The fundamental type a list of type specifiers names (`None` for `void`, complex and
    /// extended floating types).
    fn from_spec(b: &BuiltinSpec) -> Option<Fund> {
        if b.void || b.complex || b.float128 || b.extended_float.is_some() {
            return None;
        }
        Some(if b.bool_ {
            Fund::Bool
        } else if b.char {
            match (b.signed, b.unsigned) {
                (true, _) => Fund::SChar,
                (_, true) => Fund::UChar,
                _ => Fund::Char,
            }
        } else if b.wchar {
            Fund::WChar
        } else if b.char8 {
            Fund::Char8
        } else if b.char16 {
            Fund::Char16
        } else if b.char32 {
            Fund::Char32
        } else if b.float {
            Fund::Float
        } else if b.double {
            if b.long > 0 {
                Fund::LongDouble
            } else {
                Fund::Double
            }
        } else if b.int128 {
            if b.unsigned {
                Fund::UInt128
            } else {
                Fund::Int128
            }
        } else if b.short {
            if b.unsigned {
                Fund::UShort
            } else {
                Fund::Short
            }
        } else if b.long >= 2 {
            if b.unsigned {
                Fund::ULongLong
            } else {
                Fund::LongLong
            }
        } else if b.long == 1 {
            if b.unsigned { Fund::ULong } else { Fund::Long }
        } else if b.int || b.signed || b.unsigned {
            if b.unsigned { Fund::UInt } else { Fund::Int }
        } else {
            return None;
        })
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum TyKind {
    Fund(Fund),
    Void,
    /// A named class (not a template, nor inside one).
    Class(EntityId),
    /// A named enumeration (not inside a template), scoped or not.
    Enum(EntityId, bool),
    Pointer(Box<Ty>),
    /// A typedef (or alias) declared at namespace scope, and the type it names.
    Typedef(EntityId, Box<Ty>),
}

#[derive(Debug, Clone)]
pub(crate) struct Ty {
    pub kind: TyKind,
    pub konst: bool,
    pub volatile: bool,
    /// `signed` was written (`signed int` is `int`, but EDG prints it as written).
    pub signed: bool,
}

impl PartialEq for Ty {
    fn eq(&self, other: &Ty) -> bool {
        self.kind == other.kind && self.konst == other.konst && self.volatile == other.volatile
    }
}

impl Ty {
    fn new(kind: TyKind) -> Ty {
        Ty {
            kind,
            konst: false,
            volatile: false,
            signed: false,
        }
    }

    fn pointer_to(t: Ty) -> Ty {
        Ty::new(TyKind::Pointer(Box::new(t)))
    }

    /// The type without typedefs (their cv-qualifiers kept).
    pub(crate) fn canonical(&self) -> Ty {
        let mut t = match &self.kind {
            TyKind::Typedef(_, target) => target.canonical(),
            TyKind::Pointer(p) => Ty::pointer_to(p.canonical()),
            k => Ty {
                signed: self.signed,
                ..Ty::new(k.clone())
            },
        };
        t.konst |= self.konst;
        t.volatile |= self.volatile;
        t
    }

    /// The type of the value an object of this type holds: without top-level
    /// qualifiers, also those a typedef adds (a `const real` typedef's value is a `real`).
    pub(crate) fn value(&self) -> Ty {
        match &self.kind {
            TyKind::Typedef(_, target) if target.has_top_cv() => target.value(),
            _ => self.unqualified(),
        }
    }

    fn has_top_cv(&self) -> bool {
        self.konst || self.volatile || matches!(&self.kind, TyKind::Typedef(_, t) if t.has_top_cv())
    }

    fn unqualified(&self) -> Ty {
        Ty {
            konst: false,
            volatile: false,
            ..self.clone()
        }
    }

    pub(crate) fn pointee(&self) -> Option<&Ty> {
        match &self.kind {
            TyKind::Pointer(p) => Some(p),
            TyKind::Typedef(_, t) => t.pointee(),
            _ => None,
        }
    }

    pub(crate) fn fund(&self) -> Option<Fund> {
        match &self.kind {
            TyKind::Fund(f) => Some(*f),
            TyKind::Typedef(_, t) => t.fund(),
            _ => None,
        }
    }

    pub(crate) fn class(&self) -> Option<EntityId> {
        match &self.kind {
            TyKind::Class(c) => Some(*c),
            TyKind::Typedef(_, t) => t.class(),
            _ => None,
        }
    }

    pub(crate) fn is_volatile(&self) -> bool {
        self.volatile
            || match &self.kind {
                TyKind::Typedef(_, t) => t.is_volatile(),
                _ => false,
            }
    }

    fn is_const(&self) -> bool {
        self.konst
            || match &self.kind {
                TyKind::Typedef(_, t) => t.is_const(),
                _ => false,
            }
    }

    /// Does a class appear anywhere in the type (a class value or a pointer to one)?
    fn has_class(&self) -> bool {
        match &self.kind {
            TyKind::Class(_) => true,
            TyKind::Pointer(p) | TyKind::Typedef(_, p) => p.has_class(),
            _ => false,
        }
    }

    /// Is the type a class value (not a pointer to one)?
    fn is_class_value(&self) -> bool {
        match &self.kind {
            TyKind::Class(_) => true,
            TyKind::Typedef(_, t) => t.is_class_value(),
            _ => false,
        }
    }

    /// The class or enumeration the type is, or points to (for argument-dependent lookup).
    pub(crate) fn associated(&self) -> Option<EntityId> {
        match &self.kind {
            TyKind::Class(c) | TyKind::Enum(c, _) => Some(*c),
            TyKind::Pointer(p) | TyKind::Typedef(_, p) => p.associated(),
            _ => None,
        }
    }
}

/// What an expression is: its type, whether it designates an object, and whether it is a
/// null pointer constant (an integer literal with the value 0).
#[derive(Debug, Clone)]
pub(crate) struct Typed {
    pub ty: Ty,
    pub lvalue: bool,
    pub null: bool,
}

impl Typed {
    /// The type diagnostics print for the expression: an object's as declared, a value's
    /// without top-level qualifiers.
    fn shown(&self) -> Ty {
        if self.lvalue {
            self.ty.clone()
        } else {
            self.ty.value()
        }
    }

    fn value(ty: Ty) -> Typed {
        Typed {
            ty,
            lvalue: false,
            null: false,
        }
    }
    /// A value of a declared type (an object when a reference was declared); `None` for
    /// types with classes.
    fn declared((ty, reference): (Ty, bool)) -> Option<Typed> {
        (!ty.has_class()).then_some(Typed {
            ty,
            lvalue: reference,
            null: false,
        })
    }

    fn object(ty: Ty) -> Typed {
        Typed {
            ty,
            lvalue: true,
            null: false,
        }
    }
}

/// The width of a fundamental type after the integral promotions.
pub(crate) struct Width {
    pub bits: u32,
    pub integral: bool,
}

impl Typed {
    /// The promoted width of the value's fundamental type (`None` for others).
    pub(crate) fn fund_width(&self) -> Option<Width> {
        let TyKind::Fund(f) = self.ty.canonical().kind else {
            return None;
        };
        let bits = match f {
            Fund::Long | Fund::ULong | Fund::LongLong | Fund::ULongLong => 64,
            Fund::Int128 | Fund::UInt128 => 128,
            Fund::Float | Fund::Double | Fund::LongDouble => 0,
            _ => 32,
        };
        Some(Width {
            bits,
            integral: f.is_integral(),
        })
    }
}

const MAX_DEPTH: u32 = 24;

/// How an object of a class is copy-initialized from a value without classes.
pub(crate) enum Construction<'a> {
    /// A constructor that is not explicit takes the value.
    Accepted,
    /// None does (#415).
    Impossible,
    /// The one that does is deleted (#1776): the constructor and its parameters.
    Deleted(EntityId, &'a FunctionChunk),
}

/// Where a typedef is declared, for EDG's `(aka "...")`.
enum TypedefHome {
    /// In `std` (or a namespace inside it).
    Std,
    /// In another namespace, in a system header.
    SystemNamespace,
    /// At global scope, or in a namespace of the user's code.
    Other,
}

impl<'a> Checker<'a> {
    // -----------------------------------------------------------------------------------
    // Types of declarations

    /// The type `specs` and the declarator operators `ops` declare, when the model has it.
    /// A reference declares the type it refers to (`reference` says whether there was one).
    pub(crate) fn declared_type(
        &self,
        specs: &DeclSpecs,
        ops: &[DeclaratorOp],
        depth: u32,
    ) -> Option<(Ty, bool)> {
        if depth > MAX_DEPTH {
            return None;
        }
        let mut t = self.specs_type(specs, depth)?;
        let mut reference = false;
        for (i, op) in ops.iter().enumerate().rev() {
            match op {
                DeclaratorOp::Pointer {
                    is_const,
                    is_volatile,
                    ..
                } => {
                    let mut p = Ty::pointer_to(t);
                    p.konst = *is_const;
                    p.volatile = *is_volatile;
                    t = p;
                }
                DeclaratorOp::LValueRef | DeclaratorOp::RValueRef if i == 0 => reference = true,
                _ => return None,
            }
        }
        Some((t, reference))
    }

    fn specs_type(&self, specs: &DeclSpecs, depth: u32) -> Option<Ty> {
        let kind = match &specs.ty {
            TypeSpec::Builtin(b) if b.void && *b == void_spec() => TyKind::Void,
            TypeSpec::Builtin(b) => TyKind::Fund(Fund::from_spec(b)?),
            // A class defined in the declaration (`typedef struct E_st { ... } E;`, or an
            // unnamed one), when it is no template's.
            TypeSpec::Class(c) => {
                let e = c.entity?;
                let ent = self.sema.entity(e);
                if ent.is_template || ent.flags.in_template {
                    return None;
                }
                TyKind::Class(e)
            }
            // Likewise an enumeration (`typedef enum { ... } E;`).
            TypeSpec::Enum(en) => {
                let e = en.entity?;
                let ent = self.sema.entity(e);
                let EntityKind::Enum { scoped } = ent.kind else {
                    return None;
                };
                if ent.is_template || ent.flags.in_template {
                    return None;
                }
                TyKind::Enum(e, scoped)
            }
            TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => {
                if name.segments.iter().any(|s| s.args.is_some()) {
                    return None;
                }
                let mut e = name.resolution.entity()?;
                // `std::int32_t`, brought into `std` by `using ::int32_t;`.
                while self.sema.entity(e).kind == EntityKind::Using {
                    let [t] = self.sema.entity(e).targets[..] else {
                        return None;
                    };
                    e = t;
                }
                let ent = self.sema.entity(e);
                if ent.is_template || ent.flags.in_template {
                    return None;
                }
                ent.name?;
                match ent.kind {
                    EntityKind::Class(_) => TyKind::Class(e),
                    EntityKind::Enum { scoped } => TyKind::Enum(e, scoped),
                    EntityKind::Typedef => {
                        let parent = self.sema.scope(ent.parent);
                        let at_namespace = parent.kind == crate::sema::ScopeKind::Namespace
                            && parent
                                .entity
                                .is_none_or(|o| self.sema.entity(o).name.is_some());
                        let (s, d) = self.index.typedef_type(e)?;
                        let (target, reference) = self.declared_type(s, &d.ops, depth + 1)?;
                        if reference || !at_namespace || ent.name.is_none() {
                            return None;
                        }
                        TyKind::Typedef(e, Box::new(target))
                    }
                    _ => return None,
                }
            }
            _ => return None,
        };
        let signed = matches!(&specs.ty, TypeSpec::Builtin(b) if b.signed && !b.char);
        Some(Ty {
            kind,
            konst: specs.is_const,
            volatile: specs.is_volatile,
            signed,
        })
    }

    /// The type of a variable, parameter or data member, from its first declaration; an
    /// array decays to a pointer to its element when `decay` (else it has no type here).
    fn entity_type(&self, e: EntityId, decay: bool) -> Option<(Ty, bool)> {
        let ent = self.sema.entity(e);
        if (ent.flags.in_template && !self.types_in_templates.get()) || ent.flags.structured_binding
        {
            return None;
        }
        let (specs, d) = self.index.declared_at(ent.first_decl().lo)?;
        match d.ops.first() {
            Some(DeclaratorOp::Array { .. }) => {
                if !decay || d.ops[1..].iter().any(|o| !is_pointer(o)) {
                    return None;
                }
                let (elem, _) = self.declared_type(specs, &d.ops[1..], 0)?;
                Some((Ty::pointer_to(elem), false))
            }
            _ => self.declared_type(specs, &d.ops, 0),
        }
    }

    /// The type of parameter `i` of the function declared by `fs` (entities that are
    /// declarations of one function), the same in every declaration (a parameter declared
    /// as an array is a pointer; top-level qualifiers are not part of the function's type,
    /// and those parameters are left alone).
    pub(crate) fn parameter_type(&self, fs: &[EntityId], i: usize) -> Option<Ty> {
        let mut found: Option<Ty> = None;
        for f in fs {
            for d in self.index.functions.get(f)? {
                if d.template.is_some() {
                    return None;
                }
                let chunk = d.declarator.function()?;
                if chunk.variadic && i >= chunk.params.len() {
                    return None;
                }
                let p = chunk.params.get(i)?;
                if p.declarator.pack {
                    return None;
                }
                let ty = match p.declarator.ops.first() {
                    Some(DeclaratorOp::Array { .. }) => {
                        if p.declarator.ops[1..].iter().any(|o| !is_pointer(o)) {
                            return None;
                        }
                        let (elem, _) = self.declared_type(&p.specs, &p.declarator.ops[1..], 0)?;
                        Ty::pointer_to(elem)
                    }
                    _ => {
                        let (t, reference) = self.declared_type(&p.specs, &p.declarator.ops, 0)?;
                        if reference || t.konst || t.volatile || matches!(t.kind, TyKind::Void) {
                            return None;
                        }
                        t
                    }
                };
                match &found {
                    // The first declaration's spelling is the one printed.
                    Some(f) if f.canonical() != ty.canonical() => return None,
                    Some(_) => {}
                    None => found = Some(ty),
                }
            }
        }
        found
    }

    /// The functions a name used as a callee finds, using-declarations expanded (`std::
    /// strstr` is both of glibc's C++ overloads); `None` when it finds something else.
    pub(crate) fn functions_named(&self, n: &QualName) -> Option<Vec<EntityId>> {
        let mut out = Vec::new();
        let mut work: Vec<(EntityId, u32)> =
            n.resolution.entities().iter().map(|&e| (e, 0)).collect();
        while let Some((e, depth)) = work.pop() {
            let ent = self.sema.entity(e);
            match ent.kind {
                EntityKind::Function => out.push(e),
                EntityKind::Using if depth < 8 && !ent.targets.is_empty() => {
                    // Functions declared beside the using-declaration overload what it
                    // brings in, whether or not lookup found them.
                    let beside = n
                        .ident()
                        .and_then(|sym| self.sema.scope(ent.parent).names.get(&sym))
                        .is_none_or(|v| v.len() > 1);
                    if beside {
                        return None;
                    }
                    work.extend(ent.targets.iter().map(|&t| (t, depth + 1)))
                }
                _ => return None,
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// [`Checker::one_function`] for member functions.
    pub(crate) fn one_function_members(&self, candidates: &[EntityId]) -> Option<Vec<EntityId>> {
        self.one_function_in(candidates, true)
    }

    pub(crate) fn one_function(&self, candidates: &[EntityId]) -> Option<Vec<EntityId>> {
        self.one_function_in(candidates, false)
    }

    /// The entities of `candidates` sorted by their first declaration, when they are all
    /// declarations of one function: not templates nor members, with the same parameter
    /// types. Our overload sets keep redeclarations whose parameters are spelled otherwise
    /// apart (`void *__restrict __dest` in glibc, `void*` in CUDA's headers).
    fn one_function_in(&self, candidates: &[EntityId], members: bool) -> Option<Vec<EntityId>> {
        let mut fs: Vec<EntityId> = candidates.to_vec();
        fs.sort_by_key(|&f| self.sema.entity(f).first_decl().lo);
        fs.dedup();
        if fs.len() == 1 {
            return Some(fs);
        }
        // Parameter count, `...`, and the qualifiers of a member function.
        type Shape = (usize, bool, bool, bool, Option<RefQualifier>);
        let mut shape: Option<Shape> = None;
        for &f in &fs {
            let ent = self.sema.entity(f);
            if ent.is_template || ent.flags.is_member != members || ent.flags.in_template {
                return None;
            }
            for d in self.index.functions.get(&f)? {
                let chunk = d.declarator.function()?;
                let n = if chunk.has_void_params() {
                    0
                } else {
                    chunk.params.len()
                };
                let this = (
                    n,
                    chunk.variadic,
                    chunk.is_const,
                    chunk.is_volatile,
                    chunk.ref_qualifier,
                );
                if d.template.is_some() || shape.is_some_and(|s| s != this) {
                    return None;
                }
                shape = Some(this);
            }
        }
        let (n, ..) = shape?;
        (0..n)
            .all(|i| self.parameter_type(&fs, i).is_some())
            .then_some(fs)
    }

    /// The return type of the function declared by `fs`, the same in every declaration.
    pub(crate) fn return_type(&self, fs: &[EntityId]) -> Option<(Ty, bool)> {
        let mut found: Option<(Ty, bool)> = None;
        for d in fs
            .iter()
            .filter_map(|f| self.index.functions.get(f))
            .flatten()
        {
            if d.template.is_some() {
                return None;
            }
            let ops = &d.declarator.ops;
            let chunk = d.declarator.function()?;
            if chunk.trailing_return.is_some()
                || !matches!(ops.first(), Some(DeclaratorOp::Function(_)))
            {
                return None;
            }
            let t = self.declared_type(d.specs, &ops[1..], 0)?;
            match &found {
                Some(f) if f.1 != t.1 || f.0.canonical() != t.0.canonical() => return None,
                Some(_) => {}
                None => found = Some(t),
            }
        }
        found
    }

    // -----------------------------------------------------------------------------------
    // Types of expressions

    /// The type of `e`, when the model is sure of it. Outside templates only.
    pub(crate) fn type_of(&self, e: &Expr) -> Option<Typed> {
        if (self.template_depth > 0 || self.func.is_some_and(|f| f.in_template))
            && !self.types_in_templates.get()
        {
            return None;
        }
        self.type_of_at(e, 0)
    }

    /// Is a template being walked (a template's definition, or a function in one)?
    pub(crate) fn in_template(&self) -> bool {
        self.template_depth > 0 || self.func.is_some_and(|f| f.in_template)
    }

    /// `f` with [`Checker::type_of`] typing expressions in templates too: there the types the
    /// model knows are those that depend on no template parameter.
    pub(crate) fn with_template_types<R>(&self, f: impl FnOnce(&Self) -> R) -> R {
        let was = self.types_in_templates.replace(true);
        let r = f(self);
        self.types_in_templates.set(was);
        r
    }

    pub(crate) fn type_of_at(&self, e: &Expr, depth: u32) -> Option<Typed> {
        if depth > MAX_DEPTH {
            return None;
        }
        let d = depth + 1;
        match &e.kind {
            ExprKind::Paren(x) => self.type_of_at(x, d),
            ExprKind::Literal(LiteralKind::Integer) => self.integer_literal_type(e),
            ExprKind::Literal(LiteralKind::Float) => {
                let f = literal::parse_float(self.map.slice(e.span)).ok()?;
                if f.ud_suffix.is_some() {
                    return None;
                }
                let fund = match f.suffix {
                    literal::FloatSuffix::None => Fund::Double,
                    literal::FloatSuffix::F => Fund::Float,
                    literal::FloatSuffix::L => Fund::LongDouble,
                    _ => return None,
                };
                Some(Typed::value(Ty::new(TyKind::Fund(fund))))
            }
            ExprKind::Literal(LiteralKind::Char) => {
                let c = literal::parse_char(self.map.slice(e.span)).ok()?;
                if c.ud_suffix.is_some() || c.is_int || c.encoding != literal::Encoding::Ordinary {
                    return None;
                }
                Some(Typed {
                    ty: Ty::new(TyKind::Fund(Fund::Char)),
                    lvalue: false,
                    null: c.value == 0,
                })
            }
            ExprKind::Bool(_) => Some(Typed::value(Ty::new(TyKind::Fund(Fund::Bool)))),
            // `size_t`.
            ExprKind::SizeofType(_)
            | ExprKind::SizeofExpr(_)
            | ExprKind::SizeofPack(_)
            | ExprKind::AlignofType(_)
            | ExprKind::AlignofExpr(_) => Some(Typed::value(Ty::new(TyKind::Fund(Fund::ULong)))),
            // GCC's `NULL`: a `long` that is a null pointer constant.
            ExprKind::Nullptr if self.map.slice(e.span) == b"__null" => Some(Typed {
                null: true,
                ..Typed::value(Ty::new(TyKind::Fund(Fund::Long)))
            }),
            ExprKind::Name(n) => self.name_type(n),
            ExprKind::This if self.lambda_frames.is_empty() => {
                let (scope, konst) = self.member_function_class()?;
                let class = self.sema.scope(scope).entity?;
                let mut object = Ty::new(TyKind::Class(class));
                object.konst = konst;
                Some(Typed::value(Ty::pointer_to(object)))
            }
            ExprKind::Unary(UnaryOp::Deref, x) => {
                let t = self.type_of_at(x, d)?;
                let p = t.ty.pointee()?;
                if matches!(p.canonical().kind, TyKind::Void) {
                    return None;
                }
                Some(Typed::object(p.clone()))
            }
            ExprKind::Unary(UnaryOp::AddrOf, x) => {
                // `&name` of an array, a function or a class object may mean something else.
                if let ExprKind::Name(n) = &x.unparen().kind
                    && self.names_array(n)
                {
                    return None;
                }
                let t = self.type_of_at(x, d)?;
                if !t.lvalue || t.ty.class().is_some_and(|c| !self.plain_struct(c)) {
                    return None;
                }
                Some(Typed::value(Ty::pointer_to(t.ty)))
            }
            ExprKind::Unary(UnaryOp::Minus | UnaryOp::Plus, x) => {
                let t = self.type_of_at(x, d)?;
                let promoted = match t.ty.canonical().kind {
                    TyKind::Fund(
                        f @ (Fund::Int
                        | Fund::UInt
                        | Fund::Long
                        | Fund::ULong
                        | Fund::LongLong
                        | Fund::ULongLong
                        | Fund::Float
                        | Fund::Double
                        | Fund::LongDouble),
                    ) => f,
                    TyKind::Fund(
                        Fund::Bool
                        | Fund::Char
                        | Fund::SChar
                        | Fund::UChar
                        | Fund::Short
                        | Fund::UShort,
                    ) => Fund::Int,
                    _ => return None,
                };
                Some(Typed::value(Ty::new(TyKind::Fund(promoted))))
            }
            // `x++`, `--x`: the operand's type (an lvalue before, a value after).
            ExprKind::PostInc(x)
            | ExprKind::PostDec(x)
            | ExprKind::Unary(UnaryOp::PreInc | UnaryOp::PreDec, x) => {
                let t = self.type_of_at(x, d)?;
                if !t.lvalue || !(t.ty.fund().is_some() || t.ty.pointee().is_some()) {
                    return None;
                }
                match e.kind {
                    ExprKind::Unary(..) => Some(t),
                    _ => Some(Typed::value(t.ty.unqualified())),
                }
            }
            ExprKind::Unary(UnaryOp::Not, x) => {
                self.type_of_at(x, d)?;
                Some(Typed::value(Ty::new(TyKind::Fund(Fund::Bool))))
            }
            ExprKind::Index(a, b) => {
                let (ta, tb) = (self.type_of_at(a, d)?, self.type_of_at(b, d)?);
                let p = ta.ty.pointee()?;
                if !tb.ty.fund().is_some_and(Fund::is_integral)
                    || matches!(p.canonical().kind, TyKind::Void)
                {
                    return None;
                }
                Some(Typed::object(p.clone()))
            }
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.type_of_at(a, d)?, self.type_of_at(b, d)?);
                if ta.ty.has_class() || tb.ty.has_class() {
                    return None;
                }
                match op {
                    BinaryOp::Lt
                    | BinaryOp::Gt
                    | BinaryOp::Le
                    | BinaryOp::Ge
                    | BinaryOp::Eq
                    | BinaryOp::Ne
                    | BinaryOp::And
                    | BinaryOp::Or => Some(Typed::value(Ty::new(TyKind::Fund(Fund::Bool)))),
                    BinaryOp::Add | BinaryOp::Sub => {
                        let int_b = tb.ty.fund().is_some_and(Fund::is_integral);
                        let int_a = ta.ty.fund().is_some_and(Fund::is_integral);
                        if ta.ty.pointee().is_some() && int_b {
                            Some(Typed::value(ta.ty.unqualified()))
                        } else if *op == BinaryOp::Add && tb.ty.pointee().is_some() && int_a {
                            Some(Typed::value(tb.ty.unqualified()))
                        } else {
                            let f = Fund::usual_arithmetic(ta.ty.fund()?, tb.ty.fund()?)?;
                            Some(Typed::value(Ty::new(TyKind::Fund(f))))
                        }
                    }
                    BinaryOp::Mul | BinaryOp::Div => {
                        let f = Fund::usual_arithmetic(ta.ty.fund()?, tb.ty.fund()?)?;
                        Some(Typed::value(Ty::new(TyKind::Fund(f))))
                    }
                    BinaryOp::Rem | BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor => {
                        let (fa, fb) = (ta.ty.fund()?, tb.ty.fund()?);
                        if !fa.is_integral() || !fb.is_integral() {
                            return None;
                        }
                        let f = Fund::usual_arithmetic(fa, fb)?;
                        Some(Typed::value(Ty::new(TyKind::Fund(f))))
                    }
                    // The promoted left operand.
                    BinaryOp::Shl | BinaryOp::Shr => {
                        let (fa, fb) = (ta.ty.fund()?, tb.ty.fund()?);
                        if !fa.is_integral() || !fb.is_integral() {
                            return None;
                        }
                        Some(Typed::value(Ty::new(TyKind::Fund(fa.promoted()?))))
                    }
                    _ => None,
                }
            }
            ExprKind::Cast {
                kind: CastKind::CStyle | CastKind::Static | CastKind::Reinterpret | CastKind::Const,
                ty,
                expr,
            } => {
                let mut t =
                    Typed::declared(self.declared_type(&ty.specs, &ty.declarator.ops, 0)?)?;
                // `(long)0` is still a null pointer constant for EDG.
                t.null = !t.lvalue
                    && t.ty.fund().is_some_and(Fund::is_integral)
                    && self.type_of_at(expr, d).is_some_and(|x| x.null);
                Some(t)
            }
            ExprKind::Member { base, arrow, name } => self.field_access_type(base, *arrow, name, d),
            // `obj.f(args)`, `p->f(args)`: the one member function the class has by that
            // name (no argument-dependent lookup for members).
            ExprKind::Call { callee, .. }
                if let ExprKind::Member { base, arrow, name } = &callee.unparen().kind =>
            {
                if name.last().args.is_some() {
                    return None;
                }
                Typed::declared(self.return_type(&self.member_functions(base, *arrow, name)?)?)
            }
            ExprKind::Call { callee, args, .. } => {
                let ExprKind::Name(n) = &callee.unparen().kind else {
                    return None;
                };
                if n.last().args.is_some() {
                    return None;
                }
                let named = self.functions_named(n)?;
                // A member function by its name (`S::h()`, or `g()` in a member of the
                // class): ordinary lookup found a member, so argument-dependent lookup adds
                // nothing.
                let member = named.iter().all(|&f| self.sema.entity(f).flags.is_member);
                let fs = if member {
                    self.one_function_members(&named)?
                } else {
                    self.one_function(&named)?
                };
                let f = fs[0];
                let ent = self.sema.entity(f);
                if ent.kind != EntityKind::Function || ent.is_template || ent.flags.in_template {
                    return None;
                }
                // Argument-dependent lookup could find other functions for arguments of
                // class type (or of types we do not know).
                // A call's arguments count deeper (each is typed again at every level of
                // nested calls), so that deeply nested calls stay cheap.
                if !member && !n.is_qualified() && !self.adl_adds_nothing_at(&fs, args, depth + 4) {
                    return None;
                }
                Typed::declared(self.return_type(&fs)?)
            }
            _ => None,
        }
    }

    fn integer_literal_type(&self, e: &Expr) -> Option<Typed> {
        let p = literal::parse_integer(self.map.slice(e.span)).ok()?;
        if p.overflow || p.ud_suffix.is_some() || p.value > u64::MAX as u128 {
            return None;
        }
        let v = p.value;
        let decimal = p.radix == 10;
        let fits_int = v <= i32::MAX as u128;
        let fits_uint = v <= u32::MAX as u128;
        let fits_long = v <= i64::MAX as u128;
        let fund = match (p.suffix.unsigned, p.suffix.size) {
            (false, literal::IntSize::Int) if fits_int => Fund::Int,
            (false, literal::IntSize::Int) if !decimal && fits_uint => Fund::UInt,
            (false, literal::IntSize::Int | literal::IntSize::Long) if fits_long => Fund::Long,
            (false, literal::IntSize::Long) if !decimal => Fund::ULong,
            (true, literal::IntSize::Int) if fits_uint => Fund::UInt,
            (true, literal::IntSize::Int | literal::IntSize::Long) => Fund::ULong,
            (false, literal::IntSize::LongLong) if fits_long => Fund::LongLong,
            (true, literal::IntSize::LongLong) => Fund::ULongLong,
            _ => return None,
        };
        Some(Typed {
            ty: Ty::new(TyKind::Fund(fund)),
            lvalue: false,
            null: v == 0,
        })
    }

    fn name_type(&self, n: &QualName) -> Option<Typed> {
        if n.last().args.is_some() {
            return None;
        }
        let e = self.sema.resolve_alias(n.resolution.entity()?);
        let ent = self.sema.entity(e);
        match ent.kind {
            EntityKind::Variable | EntityKind::Parameter => {
                let (mut ty, reference) = self.entity_type(e, true)?;
                // A variable a lambda captures by copy is const inside it; leave those be.
                if !reference && !self.lambda_frames.is_empty() {
                    ty.konst = false;
                    return Some(Typed::value(ty));
                }
                let array = self.names_array(n);
                Some(Typed {
                    ty,
                    lvalue: !array,
                    null: false,
                })
            }
            // An enumerator has its enumeration's type (outside the enumeration).
            EntityKind::Enumerator => {
                let sc = self.sema.scope(ent.parent);
                if sc.kind != crate::sema::ScopeKind::Enum {
                    return None;
                }
                let en = sc.entity?;
                let en_ent = self.sema.entity(en);
                let EntityKind::Enum { scoped } = en_ent.kind else {
                    return None;
                };
                if en_ent.name.is_none()
                    || en_ent.is_template
                    || en_ent.flags.in_template
                    || !en_ent.flags.defined
                {
                    return None;
                }
                Some(Typed::value(Ty::new(TyKind::Enum(en, scoped))))
            }
            // A data member named in a member function: a member of `*this`.
            // In a class template, one whose type depends on no template parameter.
            EntityKind::Field if !n.is_qualified() && self.lambda_frames.is_empty() => {
                let class = self.member_function_class_in(self.types_in_templates.get())?;
                if self.certain_member(class.0, n.ident()?) != Some(e) {
                    return None;
                }
                let (mut ty, reference) = self.entity_type(e, false)?;
                if !reference && class.1 && !self.is_mutable(e) {
                    ty.konst = true;
                }
                Some(Typed::object(ty))
            }
            _ => None,
        }
    }

    /// The class of the member function whose body is being walked, and whether it is
    /// const; `None` outside member functions (and in templates).
    fn member_function_class(&self) -> Option<(crate::sema::ScopeId, bool)> {
        self.member_function_class_in(false)
    }

    /// [`Checker::member_function_class`], of a class template too when `templates` (with
    /// dependent bases too: see [`Checker::certain_member`]).
    fn member_function_class_in(&self, templates: bool) -> Option<(crate::sema::ScopeId, bool)> {
        let f = self.func?.entity?;
        let def = self.cur_fn?;
        let ent = self.sema.entity(f);
        let sc = self.sema.scope(ent.parent);
        if sc.kind != crate::sema::ScopeKind::Class
            || (sc.dependent_bases && !templates)
            || ent.flags.is_static
        {
            return None;
        }
        let owner = self.sema.entity(sc.entity?);
        if (owner.is_template || owner.flags.in_template) && !templates {
            return None;
        }
        let chunk = def.declarator.function()?;
        Some((ent.parent, chunk.is_const))
    }

    /// The one member `name` names in the class `scope`, where nothing an instantiation
    /// brings can change that: in a class with dependent bases, a member it declares itself.
    fn certain_member(&self, scope: crate::sema::ScopeId, name: Symbol) -> Option<EntityId> {
        let [m] = self.sema.lookup_member(scope, name)[..] else {
            return None;
        };
        let own = self.sema.entity(m).parent == scope;
        (own || !self.sema.scope(scope).dependent_bases).then_some(m)
    }

    /// The data member `this->name` names in the body of a member function (of a class
    /// template too), and whether that function is const.
    pub(crate) fn this_member(
        &self,
        base: &Expr,
        arrow: bool,
        name: &QualName,
    ) -> Option<(EntityId, bool)> {
        if !arrow
            || !matches!(base.unparen().kind, ExprKind::This)
            || !self.lambda_frames.is_empty()
            || name.is_qualified()
            || name.last().args.is_some()
        {
            return None;
        }
        let (scope, konst) = self.member_function_class_in(true)?;
        let m = self.certain_member(scope, name.ident()?)?;
        (self.sema.entity(m).kind == EntityKind::Field).then_some((m, konst))
    }

    fn is_mutable(&self, field: EntityId) -> bool {
        let ent = self.sema.entity(field);
        self.index
            .declared_at(ent.first_decl().lo)
            .is_none_or(|(s, _)| s.storage == Some(StorageClass::Mutable))
    }

    fn field_access_type(
        &self,
        base: &Expr,
        arrow: bool,
        name: &QualName,
        d: u32,
    ) -> Option<Typed> {
        if name.is_qualified() || name.last().args.is_some() {
            return None;
        }
        // `this->m` in a class template: a member whose type depends on no template
        // parameter, as `m` alone.
        if self.types_in_templates.get()
            && self.type_of_at(base, d).is_none()
            && let Some((m, konst)) = self.this_member(base, arrow, name)
        {
            let (mut ty, reference) = self.entity_type(m, false)?;
            if !reference && konst && !self.is_mutable(m) {
                ty.konst = true;
            }
            return Some(Typed::object(ty));
        }
        let tb = self.type_of_at(base, d)?;
        let object = if arrow {
            tb.ty.pointee()?.clone()
        } else {
            tb.ty.clone()
        };
        let class = object.class()?;
        let c = self.sema.entity(class);
        if c.is_template || c.flags.in_template || !c.flags.defined {
            return None;
        }
        let scope = c.scope?;
        if self.sema.scope(scope).dependent_bases {
            return None;
        }
        let [m] = self.sema.lookup_member(scope, name.ident()?)[..] else {
            return None;
        };
        let ent = self.sema.entity(m);
        match ent.kind {
            EntityKind::Field => {
                let (mut ty, reference) = self.entity_type(m, false)?;
                if !reference && object.is_const() && !self.is_mutable(m) {
                    ty.konst = true;
                }
                Some(Typed::object(ty))
            }
            EntityKind::Variable => {
                let (ty, _) = self.entity_type(m, true)?;
                Some(Typed::object(ty))
            }
            _ => None,
        }
    }

    // -----------------------------------------------------------------------------------
    // Printing

    /// An expression's type as EDG prints it: an object's with its qualifiers and the
    /// typedef that declares it (`const int`, `cint` (aka "const int")), a value's without
    /// top-level qualifiers.
    pub(crate) fn describe_typed(&self, t: &Typed) -> Option<String> {
        self.describe(&t.shown())
    }

    /// [`Checker::describe_typed`] without quotes nor `aka`, as in a list of argument
    /// types.
    pub(crate) fn print_typed(&self, t: &Typed) -> Option<String> {
        self.print_ty(&t.shown())
    }

    /// The type as EDG writes it in a diagnostic, in quotes, with `(aka "...")` when a
    /// typedef names it (or what its pointers point to) directly. `None` for classes.
    pub(crate) fn describe(&self, t: &Ty) -> Option<String> {
        let sugared = self.print_ty(t)?;
        let mut leaf = t;
        while let TyKind::Pointer(p) = &leaf.kind {
            leaf = p;
        }
        let aka = match leaf.kind {
            TyKind::Typedef(e, _) if !leaf.konst && !leaf.volatile => {
                // Typedefs of the standard library (`std::size_t`) go without; those of
                // other namespaces of system headers we have not seen.
                match self.typedef_namespace(e) {
                    TypedefHome::Std => false,
                    TypedefHome::SystemNamespace => return None,
                    TypedefHome::Other => true,
                }
            }
            _ => false,
        };
        if aka {
            let canonical = self.print_ty_as(t, true)?;
            if canonical != sugared {
                return Some(format!("\"{sugared}\" (aka \"{canonical}\")"));
            }
        }
        Some(format!("\"{sugared}\""))
    }

    /// A class or enumeration by its qualified name, when it is declared in namespaces
    /// and classes that are not templates, all named.
    pub(crate) fn record_name(&self, e: EntityId) -> Option<String> {
        // An unnamed class goes by the name a typedef gives it, if any.
        if self.sema.entity(e).name.is_none() {
            let t = self.index.typedef_name(e)?;
            return self.record_name(t);
        }
        let mut scope = Some(self.sema.entity(e).parent);
        while let Some(s) = scope {
            let sc = self.sema.scope(s);
            match sc.kind {
                crate::sema::ScopeKind::Namespace | crate::sema::ScopeKind::Class => {}
                _ => return None,
            }
            if let Some(o) = sc.entity {
                let o = self.sema.entity(o);
                if o.name.is_none() || o.is_template || o.flags.in_template {
                    return None;
                }
            }
            scope = sc.parent;
        }
        Some(self.sema.qualified_name(e, self.interner))
    }

    fn typedef_namespace(&self, e: EntityId) -> TypedefHome {
        let ent = self.sema.entity(e);
        let mut scope = Some(ent.parent);
        let mut outermost = None;
        while let Some(s) = scope {
            let sc = self.sema.scope(s);
            if let Some(o) = sc.entity {
                outermost = Some(o);
            }
            scope = sc.parent;
        }
        let Some(ns) = outermost else {
            return TypedefHome::Other;
        };
        if self
            .sema
            .entity(ns)
            .name
            .is_some_and(|n| self.interner.bytes(n) == b"std")
        {
            TypedefHome::Std
        } else if ent.flags.in_system_header {
            TypedefHome::SystemNamespace
        } else {
            TypedefHome::Other
        }
    }

    fn print_ty(&self, t: &Ty) -> Option<String> {
        self.print_ty_as(t, false)
    }

    /// With `expand`, typedefs are printed as what they name — but for a typedef
    /// qualified where it is used (`const real`), which EDG's `aka` keeps.
    fn print_ty_as(&self, t: &Ty, expand: bool) -> Option<String> {
        if expand
            && !t.konst
            && !t.volatile
            && let TyKind::Typedef(_, target) = &t.kind
        {
            return self.print_ty_as(target, true);
        }
        let cv = |t: &Ty| match (t.konst, t.volatile) {
            (true, true) => "const volatile",
            (true, false) => "const",
            (false, true) => "volatile",
            (false, false) => "",
        };
        match &t.kind {
            TyKind::Pointer(p) => {
                let mut s = self.print_ty_as(p, expand)?;
                if !s.ends_with('*') {
                    s.push(' ');
                }
                s.push('*');
                s.push_str(cv(t));
                Some(s)
            }
            kind => {
                let name = match kind {
                    TyKind::Fund(f) if t.signed => match f {
                        Fund::Int => "signed int".to_string(),
                        Fund::Short => "signed short".to_string(),
                        Fund::Long => "signed long".to_string(),
                        Fund::LongLong => "signed long long".to_string(),
                        _ => f.name().to_string(),
                    },
                    TyKind::Fund(f) => f.name().to_string(),
                    TyKind::Void => "void".to_string(),
                    TyKind::Typedef(e, _) => self.sema.qualified_name(*e, self.interner),
                    TyKind::Class(e) | TyKind::Enum(e, _) => self.record_name(*e)?,
                    _ => return None,
                };
                let q = cv(t);
                Some(if q.is_empty() {
                    name
                } else {
                    format!("{q} {name}")
                })
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Checks

    /// Whether the model can check code at `e`: outside templates and system headers.
    fn types_checked(&self, e: &Expr) -> bool {
        self.template_depth == 0
            && self.func.is_some_and(|f| !f.in_template)
            && !self.map.is_system(e.span.lo)
    }

    /// #137 for the target of an assignment or of `++`/`--` that is certainly a const
    /// object; true when reported.
    pub(crate) fn unmodifiable_target(&mut self, target: &Expr) -> bool {
        // A `__constant__` variable is read-only, in host and device code alike (its
        // elements and members are not checked: cudafe++ leaves them alone), in templates
        // too.
        if let ExprKind::Name(n) = &target.unparen().kind
            && let Some(v) = n.resolution.entity()
            && self.sema.entity(v).kind == EntityKind::Variable
            && self.sema.entity(v).cuda.mem == crate::sema::MemSpace::Constant
            && self.func.is_some()
            && !self.map.is_system(target.span.lo)
        {
            self.emit(Diagnostic::new(
                ids::EXPR_NOT_A_MODIFIABLE_LVALUE,
                n.span.lo,
            ));
            return true;
        }
        if !self.types_checked(target) {
            return false;
        }
        let Some(t) = self.type_of(target) else {
            return false;
        };
        if !t.lvalue || !t.ty.is_const() || t.ty.class().is_some() {
            return false;
        }
        self.emit(Diagnostic::new(
            ids::EXPR_NOT_A_MODIFIABLE_LVALUE,
            target.span.lo,
        ));
        true
    }

    /// [`convertible`], and where a class is involved, what the model is sure of: a plain
    /// struct (no member functions, so no constructors nor conversion functions) takes no
    /// value of another type and becomes none, and a struct without bases is no other.
    pub(crate) fn converts(&self, s: &Typed, t: &Ty) -> Option<bool> {
        if let Some(known) = convertible(s, t) {
            return Some(known);
        }
        let (sc, tc) = (s.ty.canonical(), t.canonical());
        let plain = |c: EntityId| {
            self.plain_struct(c)
                && self
                    .index
                    .classes
                    .get(&c)
                    .is_some_and(|spec| spec.bases.is_empty())
        };
        let class_value = |t: &Ty| match t.kind {
            TyKind::Class(c) => Some(c),
            _ => None,
        };
        match (class_value(&sc), class_value(&tc)) {
            (Some(a), Some(b)) if a == b => Some(true),
            (Some(a), Some(b)) => (plain(a) && plain(b)).then_some(false),
            (None, Some(b)) => matches!(
                sc.kind,
                TyKind::Fund(_) | TyKind::Enum(..) | TyKind::Pointer(_)
            )
            .then_some(())
            .filter(|_| plain(b))
            .map(|_| false),
            (Some(a), None) => matches!(
                tc.kind,
                TyKind::Fund(_) | TyKind::Enum(..) | TyKind::Pointer(_)
            )
            .then_some(())
            .filter(|_| plain(a))
            .map(|_| false),
            (None, None) => None,
        }
    }

    /// `++` or `--` (`e`) on a `bool` (`x`): #708, incrementing one is deprecated (a warning
    /// in every mode, as in cudafe++); decrementing one is #709, an error.
    pub(crate) fn bool_step(&mut self, e: &Expr, x: &Expr) {
        if self.map.is_system(x.span.lo) {
            return;
        }
        // In a template too: a type the model knows depends on no template parameter.
        let t = if self.template_depth > 0 || self.func.is_some_and(|f| f.in_template) {
            self.types_in_templates.set(true);
            let t = match &x.kind {
                ExprKind::Name(n) => self.name_type(n),
                _ => None,
            };
            self.types_in_templates.set(false);
            t
        } else {
            self.type_of(x)
        };
        let Some(t) = t else { return };
        if t.ty.canonical().fund() != Some(Fund::Bool) {
            return;
        }
        let increment = matches!(
            e.kind,
            ExprKind::Unary(UnaryOp::PreInc, _) | ExprKind::PostInc(_)
        );
        let at = x.span.lo;
        let d = if increment {
            Diagnostic::new(ids::INCR_OF_BOOL_DEPRECATED, at).severity(Severity::Warning)
        } else {
            Diagnostic::new(ids::BOOL_TYPE_NOT_ALLOWED, at)
        };
        self.emit(d);
    }

    /// #144 for `T x = e;` with a value that cannot become a `T`.
    pub(crate) fn initializer_type(&mut self, specs: &DeclSpecs, id: &InitDeclarator) {
        let Some(Initializer::Assign(e)) = &id.init else {
            return;
        };
        if specs.is_typedef
            || specs.storage == Some(StorageClass::Extern)
            || !self.types_checked(e)
            || id.declarator.is_function()
        {
            return;
        }
        let Some((target, false)) = self.declared_type(specs, &id.declarator.ops, 0) else {
            return;
        };
        if self.class_conversion(e, &target, e.span.lo) {
            return;
        }
        self.convert(e, &target, ids::BAD_INITIALIZER_TYPE, e.span.lo);
    }

    /// #144 for a value that cannot become an `int` initializing one (a narrow string
    /// literal among them, which decays to a `const char *`).
    pub(crate) fn convert_to_int(&mut self, e: &Expr) {
        if self.map.is_system(e.span.lo) {
            return;
        }
        let lo = e.unparen().span.lo as usize;
        if super::conversions::is_string_literal(e)
            && matches!(self.map.text().get(lo..lo + 2), Some([b'"', _] | b"R\""))
        {
            self.emit(
                Diagnostic::new(ids::BAD_INITIALIZER_TYPE, e.span.lo)
                    .arg_type("\"const char *\"")
                    .arg_type("\"int\""),
            );
            return;
        }
        let int = Ty::new(TyKind::Fund(Fund::Int));
        self.convert(e, &int, ids::BAD_INITIALIZER_TYPE, e.span.lo);
    }

    /// #415 where an object of a class is copy-initialized (a parameter, a variable's
    /// `= e`, a function's `return e;`) from a value of a type without classes (arithmetic,
    /// an enumeration, a pointer) that no constructor of the class accepts: only a
    /// constructor that is not explicit and can be called with that one argument converts
    /// it, and the argument may take standard conversions only (a parameter of another
    /// class would need a second user-defined conversion; the implicit copy and move
    /// constructors take objects of the class). The class is printed without the typedefs
    /// that name it, the source as the expression's type ([`Checker::describe_typed`]).
    /// True when the target is a class: the other conversion checks are not for classes.
    fn class_conversion(&mut self, e: &Expr, target: &Ty, at: u32) -> bool {
        let target = target.canonical();
        let TyKind::Class(c) = target.kind else {
            return false;
        };
        let Some(source) = self.type_of(e) else {
            return true;
        };
        let value = source.ty.value();
        let known = match value.canonical().kind {
            TyKind::Fund(_) | TyKind::Enum(..) => true,
            // An array is printed as one (`int [3]`), which the model, having decayed it,
            // cannot: only what is surely a pointer.
            TyKind::Pointer(_) => match &e.unparen().kind {
                ExprKind::Unary(UnaryOp::AddrOf, _) | ExprKind::Cast { .. } => true,
                ExprKind::Name(n) => {
                    !self.names_array(n)
                        && n.resolution.entity().is_some_and(|v| {
                            matches!(
                                self.sema.entity(v).kind,
                                EntityKind::Variable | EntityKind::Parameter
                            )
                        })
                }
                _ => false,
            },
            _ => false,
        };
        if !known {
            return true;
        }
        match self.constructor_accepts(c, &source) {
            Some(Construction::Deleted(ctor, chunk)) => {
                let name = self.function_display_name(ctor);
                let params = self.rendered_params(chunk, true).join(", ");
                let declared = self.sema.entity(ctor).first_decl().lo;
                self.emit(
                    Diagnostic::new(ids::DELETED_FUNCTION, at)
                        .arg_entity(format!("function \"{name}({params})\""))
                        .arg_pos(declared),
                );
            }
            Some(Construction::Impossible) => {
                if let (Some(s), Some(t)) = (
                    self.describe_typed(&source),
                    self.describe(&target.unqualified()),
                ) {
                    self.emit(
                        Diagnostic::new(ids::NO_CONSTRUCTOR_FOR_CONVERSION, at)
                            .arg_type(s)
                            .arg_type(t),
                    );
                }
            }
            Some(Construction::Accepted) | None => {}
        }
        true
    }

    /// Can a value `source` (of a type without classes) copy-initialize an object of class
    /// `c`: which constructors that are not explicit take it as their one argument? `None`
    /// where the model cannot tell: `c` is no defined class or is a template or a
    /// specialization of one, it has a member template constructor, a using-declaration
    /// (which may inherit constructors) or an `explicit(...)` one, several constructors
    /// take the value and one of them is deleted (overload resolution decides), or a
    /// parameter's type is not in the model.
    pub(crate) fn constructor_accepts(
        &self,
        c: EntityId,
        source: &Typed,
    ) -> Option<Construction<'a>> {
        let ent = self.sema.entity(c);
        if !matches!(ent.kind, EntityKind::Class(_))
            || ent.is_template
            || ent.primary.is_some()
            || !ent.flags.defined
        {
            return None;
        }
        let class = self.index.classes.get(&c)?;
        let name = ent.name;
        let is_ctor = |d: &Declarator| {
            d.name
                .as_ref()
                .is_some_and(|n| !n.is_qualified() && n.ident().is_some() && n.ident() == name)
        };
        // The constructors that take the value: (deleted, entity, parameters).
        let mut takers: Vec<(bool, Option<EntityId>, &'a FunctionChunk)> = Vec::new();
        let mut consider = |specs: &DeclSpecs,
                            d: &'a Declarator,
                            entity: Option<EntityId>,
                            deleted: bool|
         -> Option<()> {
            if !is_ctor(d) {
                return Some(());
            }
            if specs.explicit_cond.is_some() {
                return None;
            }
            let chunk = d.function()?;
            // A later declaration may add default arguments.
            let redeclared = entity
                .and_then(|e| self.index.functions.get(&e))
                .is_some_and(|ds| ds.len() > 1);
            if !specs.is_explicit && self.constructor_takes(chunk, source, redeclared)? {
                takers.push((deleted, entity, chunk));
            }
            Some(())
        };
        for m in class.members.iter() {
            match &m.kind {
                DeclKind::Function(f) => {
                    consider(
                        &f.specs,
                        &f.declarator,
                        f.entity,
                        matches!(f.body, FunctionBody::Delete),
                    )?;
                }
                DeclKind::Simple { specs, declarators } => {
                    for id in declarators.iter() {
                        let deleted = matches!(id.init, Some(Initializer::Delete));
                        consider(specs, &id.declarator, id.entity, deleted)?;
                    }
                }
                DeclKind::Template { decl, .. } => {
                    let inner_ctor = match &decl.kind {
                        DeclKind::Function(f) => is_ctor(&f.declarator),
                        DeclKind::Simple { declarators, .. } => {
                            declarators.iter().any(|id| is_ctor(&id.declarator))
                        }
                        _ => false,
                    };
                    if inner_ctor {
                        return None;
                    }
                }
                DeclKind::Empty
                | DeclKind::Pragma
                | DeclKind::AccessSpec(_)
                | DeclKind::StaticAssert { .. }
                | DeclKind::UsingEnum { .. }
                | DeclKind::Alias { .. } => {}
                _ => return None,
            }
        }
        match takers[..] {
            [] => Some(Construction::Impossible),
            [(true, Some(ctor), chunk)] => Some(Construction::Deleted(ctor, chunk)),
            _ if takers.iter().all(|t| !t.0) => Some(Construction::Accepted),
            _ => None,
        }
    }

    /// Can the constructor declared by `chunk` be called with the one argument `source`
    /// (standard conversions only)? `None` where a parameter's type is not in the model,
    /// or where default arguments are missing from a constructor declared again
    /// (`redeclared`: the definition may add them).
    fn constructor_takes(
        &self,
        chunk: &FunctionChunk,
        source: &Typed,
        redeclared: bool,
    ) -> Option<bool> {
        let params = &chunk.params;
        if params.is_empty() || chunk.has_void_params() {
            return Some(chunk.variadic);
        }
        if params[1..].iter().any(|p| p.default.is_none()) {
            return (!redeclared).then_some(false);
        }
        let p = &params[0];
        if p.declarator.pack {
            return None;
        }
        let ops = &p.declarator.ops;
        let (t, reference) = match ops.first() {
            Some(DeclaratorOp::Array { .. }) => {
                if ops[1..].iter().any(|o| !is_pointer(o)) {
                    return None;
                }
                (
                    Ty::pointer_to(self.declared_type(&p.specs, &ops[1..], 0)?.0),
                    false,
                )
            }
            _ => self.declared_type(&p.specs, ops, 0)?,
        };
        let (sc, tc) = (source.ty.canonical(), t.canonical());
        // Another class's object would be made by a second user-defined conversion, and
        // the copy and move constructors take the class's own.
        if tc.is_class_value() {
            return Some(false);
        }
        if !reference {
            return convertible(source, &t);
        }
        if tc.volatile {
            return None;
        }
        let same = same_ignoring_cv(&sc.unqualified(), &tc.unqualified());
        match ops.first() {
            // `T &` binds an object of its type only.
            Some(DeclaratorOp::LValueRef) if !tc.konst => {
                Some(source.lvalue && same && !sc.konst && !sc.volatile)
            }
            // `T &&` binds a temporary only, made from an object of another type.
            Some(DeclaratorOp::RValueRef) if source.lvalue && same => Some(false),
            _ => convertible(source, &t.unqualified()),
        }
    }

    /// The checks of an assignment's types: #137 for a target that cannot be modified
    /// (true then), else #513 for a plain assignment.
    pub(crate) fn assignment_checks(&mut self, op: AssignOp, lhs: &Expr, rhs: &Expr) -> bool {
        if self.unmodifiable_target(lhs) {
            return true;
        }
        if op == AssignOp::Assign {
            self.assignment_type(lhs, rhs);
        } else {
            self.volatile_deprecated(lhs, None);
        }
        false
    }

    /// C++20 deprecates compound assignments to volatile objects (#3012) and their
    /// increments and decrements (#3010, `what` says which). Template definitions are
    /// checked too, where the object's type does not depend on template parameters.
    pub(crate) fn volatile_deprecated(&mut self, target: &Expr, what: Option<&str>) {
        if self.opts.cxx < 20 || self.map.is_system(target.span.lo) {
            return;
        }
        self.types_in_templates.set(true);
        let t = self.type_of_at(target, 0);
        self.types_in_templates.set(false);
        let Some(t) = t else { return };
        if !t.lvalue || t.ty.class().is_some() || !t.ty.is_volatile() {
            return;
        }
        let d = match what {
            None => Diagnostic::new(ids::VOLATILE_OP_ASS_DEPRECATED, target.span.lo),
            Some(w) => Diagnostic::new(ids::VOLATILE_INC_DEC_DEPRECATED, target.span.lo).arg_str(w),
        };
        self.emit(d);
    }

    /// #513 for `a = b` with a value that cannot become `a`'s type, at the `=`.
    fn assignment_type(&mut self, lhs: &Expr, rhs: &Expr) {
        if !self.types_checked(rhs) {
            return;
        }
        let Some(target) = self.type_of(lhs) else {
            return;
        };
        if !target.lvalue {
            return;
        }
        let at = self.operator_after(lhs);
        self.convert(
            rhs,
            &target.ty.unqualified(),
            ids::INCOMPATIBLE_ASSIGNMENT_OPERANDS,
            at,
        );
        self.constant_into(rhs, &target.ty);
    }

    /// #167 for argument `i` of a call of `f`, the one function it can mean (the caller
    /// has made sure of that: every argument has a type without classes, so that
    /// argument-dependent lookup adds nothing, and their count is right).
    pub(crate) fn argument_type(&mut self, fs: &[EntityId], i: usize, arg: &Expr) {
        if !self.types_checked(arg) {
            return;
        }
        if fs.iter().any(|&f| {
            let ent = self.sema.entity(f);
            ent.is_template || ent.flags.in_template || ent.kind != EntityKind::Function
        }) {
            return;
        }
        let Some(param) = self.parameter_type(fs, i) else {
            return;
        };
        if self.class_conversion(arg, &param, arg.span.lo) {
            return;
        }
        self.convert(arg, &param, ids::INCOMPATIBLE_PARAM, arg.span.lo);
        self.constant_into(arg, &param);
    }

    /// Can argument-dependent lookup for a call of `fs` (declarations of one function)
    /// with `args` find nothing else? Every argument must have a type the model knows
    /// (string literals too, which it does not type) whose associated class or enumeration,
    /// if any, is declared in the namespace `fs` are in — an enumeration, or a class not
    /// yet defined, which cannot declare friends.
    pub(crate) fn adl_adds_nothing(&self, fs: &[EntityId], args: &[Expr]) -> bool {
        if self.template_depth > 0 || self.func.is_some_and(|f| f.in_template) {
            return false;
        }
        self.adl_adds_nothing_at(fs, args, 0)
    }

    fn adl_adds_nothing_at(&self, fs: &[EntityId], args: &[Expr], depth: u32) -> bool {
        let Some(&f) = fs.first() else {
            return false;
        };
        let home = self.sema.entity(f).parent;
        if fs.iter().any(|&g| self.sema.entity(g).parent != home) {
            return false;
        }
        args.iter().all(|a| {
            if matches!(
                a.unparen().kind,
                ExprKind::Literal(LiteralKind::String) | ExprKind::Strings(_) | ExprKind::Nullptr
            ) {
                return true;
            }
            let Some(t) = self.type_of_at(a, depth) else {
                return false;
            };
            match t.ty.associated() {
                None => true,
                Some(c) => {
                    let ent = self.sema.entity(c);
                    let opaque = match ent.kind {
                        EntityKind::Class(_) => {
                            (!ent.flags.defined && !t.ty.is_class_value())
                                || self.befriends_nothing(c)
                        }
                        EntityKind::Enum { .. } => true,
                        _ => false,
                    };
                    opaque && ent.parent == home
                }
            }
        })
    }

    /// Can argument-dependent lookup find nothing for an argument of a call of `name`, which
    /// ordinary lookup did not find? Its type is one the model knows (in templates, with
    /// `types_in_templates`, one that depends on no template parameter) and
    /// has no associated class or enumeration, or one of the global namespace, which that
    /// lookup has searched, without bases and without a friend of that name.
    pub(crate) fn adl_finds_nothing_new(&self, a: &Expr, name: Symbol) -> bool {
        if let Some(fs) = self.named_functions(a) {
            // The name or address of functions: what their parameter and return types are
            // associated with.
            return fs.iter().all(|&f| {
                let one = [f];
                let Some(n) = self.parameter_count(f) else {
                    return false;
                };
                self.return_type(&one)
                    .is_some_and(|(t, _)| self.adds_nothing_for(&t, name))
                    && (0..n).all(|i| {
                        self.parameter_type(&one, i)
                            .is_some_and(|t| self.adds_nothing_for(&t, name))
                    })
            });
        }
        let Some(t) = self.type_of_at(a, 0) else {
            return false;
        };
        self.adds_nothing_for(&t.ty, name)
    }

    /// The functions an argument names, by itself or with `&` (`g`, `&ns::g`): none of
    /// them a template or a member, nor named with template arguments.
    fn named_functions(&self, a: &Expr) -> Option<Vec<EntityId>> {
        let a = match &a.unparen().kind {
            ExprKind::Unary(UnaryOp::AddrOf, x) => x.unparen(),
            _ => a.unparen(),
        };
        let ExprKind::Name(n) = &a.kind else {
            return None;
        };
        if n.segments.iter().any(|s| s.args.is_some()) {
            return None;
        }
        let fs = self.functions_named(n)?;
        fs.iter()
            .all(|&f| {
                let ent = self.sema.entity(f);
                !ent.is_template && !ent.flags.is_member && !ent.flags.in_template
            })
            .then_some(fs)
    }

    /// How many parameters function `f` has, the same in every declaration.
    fn parameter_count(&self, f: EntityId) -> Option<usize> {
        let mut count = None;
        for d in self.index.functions.get(&f)? {
            let chunk = d.declarator.function()?;
            if chunk.variadic || d.template.is_some() {
                return None;
            }
            let n = if chunk.has_void_params() {
                0
            } else {
                chunk.params.len()
            };
            if count.is_some_and(|c| c != n) {
                return None;
            }
            count = Some(n);
        }
        count
    }

    /// [`Checker::adl_finds_nothing_new`] for an argument of type `ty`.
    fn adds_nothing_for(&self, ty: &Ty, name: Symbol) -> bool {
        match ty.associated() {
            None => true,
            Some(c) => {
                let ent = self.sema.entity(c);
                ent.parent == crate::sema::Sema::GLOBAL
                    && match ent.kind {
                        // Never defined (`struct cudaArray;`): no friends to find.
                        EntityKind::Class(_)
                            if !ent.flags.defined && !self.index.classes.contains_key(&c) =>
                        {
                            true
                        }
                        EntityKind::Class(_) => self.befriends_nothing_named(c, name),
                        EntityKind::Enum { .. } => true,
                        _ => false,
                    }
            }
        }
    }

    /// A class whose definition we have, with no base class and no friend declaration: its
    /// namespace is all that argument-dependent lookup adds for it (C structs such as the
    /// CUDA runtime's `cudaDeviceProp`).
    fn befriends_nothing(&self, c: EntityId) -> bool {
        fn friend(d: &Decl) -> bool {
            match &d.kind {
                DeclKind::Simple { specs, .. } => specs.is_friend,
                DeclKind::Function(f) => f.specs.is_friend,
                DeclKind::Template { decl, .. } => friend(decl),
                _ => false,
            }
        }
        let ent = self.sema.entity(c);
        if ent.is_template || ent.flags.in_template {
            return false;
        }
        self.index
            .classes
            .get(&c)
            .is_some_and(|spec| spec.bases.is_empty() && !spec.members.iter().any(friend))
    }

    /// A class we have the definition of, of the global namespace, with no friend
    /// declaration that may declare a function called `name` (a friend class declares
    /// none), and bases of which the same holds.
    fn befriends_nothing_named(&self, c: EntityId, name: Symbol) -> bool {
        self.befriends_nothing_named_in(c, name, crate::sema::Sema::GLOBAL, 0)
    }

    /// [`Checker::befriends_nothing_named`] for classes of the namespace `home`.
    pub(crate) fn befriends_nothing_named_in(
        &self,
        c: EntityId,
        name: Symbol,
        home: crate::sema::ScopeId,
        depth: u32,
    ) -> bool {
        fn may_declare(d: &Decl, name: Symbol) -> bool {
            match &d.kind {
                DeclKind::Simple { specs, declarators } => {
                    specs.is_friend
                        && declarators.iter().any(|id| {
                            id.declarator
                                .name
                                .as_ref()
                                .is_none_or(|n| n.ident().is_none_or(|s| s == name))
                        })
                }
                DeclKind::Function(f) => {
                    f.specs.is_friend
                        && f.declarator
                            .name
                            .as_ref()
                            .is_none_or(|n| n.ident().is_none_or(|s| s == name))
                }
                DeclKind::Template { decl, .. } => may_declare(decl, name),
                _ => false,
            }
        }
        let ent = self.sema.entity(c);
        if ent.is_template || ent.flags.in_template || ent.parent != home || depth > 16 {
            return false;
        }
        self.index.classes.get(&c).is_some_and(|spec| {
            !spec.members.iter().any(|m| may_declare(m, name))
                && spec.bases.iter().all(|b| {
                    !b.pack
                        && b.problem.is_none()
                        && b.name.segments.iter().all(|s| s.args.is_none())
                        && b.name.resolution.entity().is_some_and(|base| {
                            let base = self.sema.resolve_alias(base);
                            matches!(self.sema.entity(base).kind, EntityKind::Class(_))
                                && self.befriends_nothing_named_in(base, name, home, depth + 1)
                        })
                })
        })
    }

    /// A class as C has them: no base, no friend, no member function (so no `operator&`
    /// of its own either; one at namespace scope is not looked for).
    pub(crate) fn plain_struct(&self, c: EntityId) -> bool {
        fn function(d: &Decl) -> bool {
            match &d.kind {
                DeclKind::Simple { declarators, .. } => {
                    declarators.iter().any(|id| id.declarator.is_function())
                }
                DeclKind::Function(_) | DeclKind::Template { .. } | DeclKind::UsingDecl { .. } => {
                    true
                }
                _ => false,
            }
        }
        self.befriends_nothing(c)
            && self
                .index
                .classes
                .get(&c)
                .is_some_and(|spec| !spec.members.iter().any(function))
    }

    /// #42 for `a == b` (and the other comparisons) between a pointer and a number that
    /// is not a null pointer constant, or between pointers to unrelated types.
    pub(crate) fn comparison_types(&mut self, op: BinaryOp, a: &Expr, b: &Expr) {
        if !matches!(
            op,
            BinaryOp::Eq | BinaryOp::Ne | BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge
        ) || !self.types_checked(a)
        {
            return;
        }
        let (Some(ta), Some(tb)) = (self.type_of(a), self.type_of(b)) else {
            return;
        };
        let (ca, cb) = (ta.ty.canonical(), tb.ty.canonical());
        // `p != false` is accepted too.
        let zero =
            |t: &Typed, e: &Expr| t.null || matches!(e.unparen().kind, ExprKind::Bool(false));
        let incompatible = match (&ca.kind, &cb.kind) {
            (TyKind::Pointer(_), TyKind::Fund(_)) => !zero(&tb, b),
            (TyKind::Fund(_), TyKind::Pointer(_)) => !zero(&ta, a),
            (TyKind::Pointer(p), TyKind::Pointer(q)) => {
                if ca.has_class() || cb.has_class() {
                    return;
                }
                !matches!(p.kind, TyKind::Void)
                    && !matches!(q.kind, TyKind::Void)
                    && !same_ignoring_cv(p, q)
            }
            _ => return,
        };
        if !incompatible {
            return;
        }
        let (Some(sa), Some(sb)) = (self.describe(&ta.ty.value()), self.describe(&tb.ty.value()))
        else {
            return;
        };
        let at = self.operator_after(a);
        self.emit(
            Diagnostic::new(ids::INCOMPATIBLE_OPERANDS, at)
                .arg_type(sa)
                .arg_type(sb),
        );
    }

    /// #120 for `return e;` with a value that cannot become the function's return type
    /// (not in lambdas; `void` functions are [`Checker::return_value_in_void_function`]'s).
    pub(crate) fn return_type_check(&mut self, e: &Expr) {
        let Some(f) = self.cur_fn else { return };
        if !self.lambda_frames.is_empty() || !self.types_checked(e) {
            return;
        }
        let ops = &f.declarator.ops;
        let Some(DeclaratorOp::Function(chunk)) = ops.first() else {
            return;
        };
        let ret = match &chunk.trailing_return {
            Some(tr) if f.specs.ty == TypeSpec::Auto => {
                self.declared_type(&tr.specs, &tr.declarator.ops, 0)
            }
            Some(_) => return,
            None => self.declared_type(&f.specs, &ops[1..], 0),
        };
        let Some((ret, false)) = ret else { return };
        if matches!(ret.canonical().kind, TyKind::Void)
            || self.class_conversion(e, &ret.unqualified(), e.span.lo)
        {
            return;
        }
        let Some(source) = self.type_of(e) else {
            return;
        };
        if self.no_conversion_function(e, &source, &ret) {
            return;
        }
        if convertible(&source, &ret.unqualified()) == Some(false) {
            self.emit(Diagnostic::new(ids::BAD_RETURN_VALUE_TYPE, e.span.lo));
        } else {
            self.constant_into(e, &ret);
        }
    }

    /// #68 / #69 for an integer literal that becomes a value of the integer type `target`.
    fn constant_into(&mut self, e: &Expr, target: &Ty) {
        let TyKind::Fund(f) = target.canonical().kind else {
            return;
        };
        let (bits, signed) = match f {
            Fund::Char | Fund::SChar => (8, true),
            Fund::UChar => (8, false),
            Fund::Short => (16, true),
            Fund::UShort => (16, false),
            Fund::Int => (32, true),
            Fund::UInt => (32, false),
            Fund::Long | Fund::LongLong => (64, true),
            Fund::ULong | Fund::ULongLong => (64, false),
            _ => return,
        };
        self.integer_constant_into(bits, signed, e);
    }

    fn convert(&mut self, e: &Expr, target: &Ty, id: crate::diag::DiagId, at: u32) {
        let Some(source) = self.type_of(e) else {
            return;
        };
        if self.no_conversion_function(e, &source, target) {
            return;
        }
        if convertible(&source, target) != Some(false) {
            return;
        }
        let (Some(s), Some(t)) = (self.describe(&source.ty.value()), self.describe(target)) else {
            return;
        };
        self.emit(Diagnostic::new(id, at).arg_type(s).arg_type(t));
    }
}

/// The same type but for cv-qualifiers at any level.
fn same_ignoring_cv(a: &Ty, b: &Ty) -> bool {
    match (&a.kind, &b.kind) {
        (TyKind::Pointer(x), TyKind::Pointer(y)) => same_ignoring_cv(x, y),
        (x, y) => x == y,
    }
}

fn void_spec() -> BuiltinSpec {
    BuiltinSpec {
        void: true,
        ..BuiltinSpec::default()
    }
}

fn is_pointer(o: &DeclaratorOp) -> bool {
    matches!(o, DeclaratorOp::Pointer { .. })
}

/// Can a value of type `s` become a `t` by an implicit conversion? `None` when the model
/// cannot tell (classes, functions, anything unusual).
pub(crate) fn convertible(s: &Typed, t: &Ty) -> Option<bool> {
    let (sc, tc) = (s.ty.canonical(), t.canonical());
    if sc.is_class_value() || tc.is_class_value() {
        return None;
    }
    match (&sc.kind, &tc.kind) {
        (TyKind::Fund(_), TyKind::Fund(_)) => Some(true),
        (TyKind::Enum(_, scoped), TyKind::Fund(_)) => Some(!scoped),
        (TyKind::Enum(a, _), TyKind::Enum(b, _)) => Some(a == b),
        (TyKind::Fund(_), TyKind::Enum(..)) => Some(false),
        (TyKind::Pointer(_), TyKind::Fund(f)) => Some(*f == Fund::Bool),
        (TyKind::Pointer(_), TyKind::Enum(..)) | (TyKind::Enum(..), TyKind::Pointer(_)) => {
            Some(false)
        }
        (TyKind::Fund(f), TyKind::Pointer(_)) => {
            Some(s.null && f.is_integral() && *f != Fund::Bool)
        }
        (TyKind::Pointer(sp), TyKind::Pointer(tp)) => pointer_convertible(sp, tp),
        _ => None,
    }
}

/// Pointer conversions: the same type with cv-qualifiers added as C++ allows, or any
/// object pointer to `void *` with at least its qualifiers. `None` between pointers to
/// two classes (one may derive from the other).
fn pointer_convertible(sp: &Ty, tp: &Ty) -> Option<bool> {
    let covers = |t: &Ty, s: &Ty| (t.konst || !s.konst) && (t.volatile || !s.volatile);
    if matches!(tp.kind, TyKind::Void) {
        return Some(covers(tp, sp));
    }
    if let (TyKind::Class(a), TyKind::Class(b)) = (&sp.kind, &tp.kind)
        && a != b
    {
        return None;
    }
    // Walk the levels together: the unqualified types must be the same, each level's
    // qualifiers in `t` must include those in `s`, and where they differ every level
    // above (but the outermost) must be const in `t`.
    let (mut s, mut t) = (sp, tp);
    let mut all_const_above = true;
    loop {
        if !covers(t, s) {
            return Some(false);
        }
        if (t.konst != s.konst || t.volatile != s.volatile) && !all_const_above {
            return Some(false);
        }
        all_const_above &= t.konst;
        match (&s.kind, &t.kind) {
            (TyKind::Pointer(a), TyKind::Pointer(b)) => {
                s = a;
                t = b;
            }
            (a, b) => return Some(a == b),
        }
    }
}
