//! Operators applied to objects of classes that have none: EDG's #349 ("no operator "+"
//! matches these operands") with the operands' types and a note for each candidate — the
//! built-in operators (#3328), or for `=` the class's implicit assignment operators
//! (#3326) — and #711 for such an object as a condition. The usual case is CUDA's vector
//! types (`float4 + float4` without a header that defines the operators).
//!
//! Only where nothing else could be a candidate: every operand of class type is a class as
//! C has them (no base, friend or member function, so no member operator and no
//! conversion), declared in a namespace; no `operator+` is found by unqualified lookup from
//! the function, nor in the namespaces of the operands' classes and enumerations; and every
//! other operand has a type the model knows (a number, an unscoped enumeration, a pointer
//! to an object). Outside templates and system headers.

use crate::diag::{Diagnostic, Severity, ids};
use crate::sema::{EntityId, EntityKind, ScopeKind};
use crate::syntax::ast::*;

use super::Checker;
use super::types::{Fund, Ty, TyKind, Typed};

/// A built-in candidate's parameter, as EDG names it in the note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    PromotedArithmetic,
    Arithmetic,
    NonBoolArithmetic,
    PromotedIntegral,
    Integral,
    Ptrdiff,
    PointerToObject,
    Pointer,
    PointerToFunction,
    Nullptr,
    Enumeration,
    Bool,
}

impl Slot {
    fn text(self) -> &'static str {
        match self {
            Slot::PromotedArithmetic => "<promoted arithmetic>",
            Slot::Arithmetic => "<arithmetic>",
            Slot::NonBoolArithmetic => "<non-bool arithmetic>",
            Slot::PromotedIntegral => "<promoted integral>",
            Slot::Integral => "<integral>",
            Slot::Ptrdiff => "<ptrdiff_t>",
            Slot::PointerToObject => "<pointer to object>",
            Slot::Pointer => "<pointer>",
            Slot::PointerToFunction => "<pointer to function>",
            Slot::Nullptr => "<nullptr>",
            Slot::Enumeration => "<enum>",
            Slot::Bool => "<bool>",
        }
    }

    /// Can an operand of this kind become the parameter? (As cudafe++ decides: a floating
    /// value is no `<ptrdiff_t>` nor `<promoted integral>`; a pointer converts to `<bool>`.)
    fn takes(self, o: Operand) -> bool {
        use Operand::*;
        match self {
            Slot::PromotedArithmetic | Slot::Arithmetic | Slot::NonBoolArithmetic | Slot::Bool
                if matches!(o, Integral | Floating | Enum) =>
            {
                true
            }
            Slot::Bool => o == ObjectPointer,
            Slot::PromotedIntegral | Slot::Integral | Slot::Ptrdiff => {
                matches!(o, Integral | Enum)
            }
            Slot::PointerToObject | Slot::Pointer => o == ObjectPointer,
            Slot::Nullptr => o == NullPointer,
            Slot::Enumeration => o == Enum,
            _ => false,
        }
    }
}

/// An operand, as far as the built-in candidates care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Operand {
    /// A class that declares no operators and no conversions.
    Class,
    Integral,
    Floating,
    /// An unscoped enumeration.
    Enum,
    ObjectPointer,
    /// `nullptr`.
    NullPointer,
}

use Slot::*;

/// The built-in candidates of a binary operator, given whether an operand is a pointer;
/// `None` where we do not know EDG's list (enumerations compared, `<=>`, `,`, `->*`).
fn binary_candidates(op: BinaryOp, pointer: bool, enumeration: bool) -> Option<Vec<Vec<Slot>>> {
    let pa = || vec![PromotedArithmetic, PromotedArithmetic];
    let pi = || vec![vec![PromotedIntegral, PromotedIntegral]];
    Some(match op {
        BinaryOp::Add => vec![
            pa(),
            vec![PointerToObject, Ptrdiff],
            vec![Ptrdiff, PointerToObject],
        ],
        BinaryOp::Sub => {
            let mut v = vec![pa(), vec![PointerToObject, Ptrdiff]];
            if pointer {
                v.push(vec![PointerToObject, PointerToObject]);
            }
            v
        }
        BinaryOp::Mul | BinaryOp::Div => vec![pa()],
        BinaryOp::Rem
        | BinaryOp::BitAnd
        | BinaryOp::BitOr
        | BinaryOp::BitXor
        | BinaryOp::Shl
        | BinaryOp::Shr => pi(),
        BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne => {
            // The enumerations' candidate comes before `nullptr`'s for an ordering, after
            // it for an equality.
            let equality = matches!(op, BinaryOp::Eq | BinaryOp::Ne);
            let mut v = vec![pa()];
            if pointer {
                v.push(vec![Pointer, Pointer]);
            }
            if enumeration && !equality {
                v.push(vec![Enumeration, Enumeration]);
            }
            v.push(vec![Nullptr, Nullptr]);
            if enumeration && equality {
                if pointer {
                    return None;
                }
                v.push(vec![Enumeration, Enumeration]);
            }
            v
        }
        BinaryOp::And | BinaryOp::Or => vec![vec![Bool, Bool]],
        _ => return None,
    })
}

fn compound_candidates(op: AssignOp) -> Option<Vec<Vec<Slot>>> {
    Some(match op {
        AssignOp::Add | AssignOp::Sub => vec![
            vec![Arithmetic, PromotedArithmetic],
            vec![PointerToObject, Ptrdiff],
        ],
        AssignOp::Mul | AssignOp::Div => vec![vec![Arithmetic, PromotedArithmetic]],
        AssignOp::Rem
        | AssignOp::Shl
        | AssignOp::Shr
        | AssignOp::And
        | AssignOp::Xor
        | AssignOp::Or => vec![vec![Integral, PromotedIntegral]],
        AssignOp::Assign => return None,
    })
}

fn binary_spelling(op: BinaryOp) -> Option<&'static str> {
    Some(match op {
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        BinaryOp::Rem => "%",
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Shl => "<<",
        BinaryOp::Shr => ">>",
        BinaryOp::Lt => "<",
        BinaryOp::Gt => ">",
        BinaryOp::Le => "<=",
        BinaryOp::Ge => ">=",
        BinaryOp::Eq => "==",
        BinaryOp::Ne => "!=",
        BinaryOp::BitAnd => "&",
        BinaryOp::BitXor => "^",
        BinaryOp::BitOr => "|",
        BinaryOp::And => "&&",
        BinaryOp::Or => "||",
        _ => return None,
    })
}

fn binary_function(op: BinaryOp) -> Option<OverloadedOp> {
    Some(match op {
        BinaryOp::Mul => OverloadedOp::Star,
        BinaryOp::Div => OverloadedOp::Slash,
        BinaryOp::Rem => OverloadedOp::Percent,
        BinaryOp::Add => OverloadedOp::Plus,
        BinaryOp::Sub => OverloadedOp::Minus,
        BinaryOp::Shl => OverloadedOp::LessLess,
        BinaryOp::Shr => OverloadedOp::GreaterGreater,
        BinaryOp::Lt => OverloadedOp::Less,
        BinaryOp::Gt => OverloadedOp::Greater,
        BinaryOp::Le => OverloadedOp::LessEqual,
        BinaryOp::Ge => OverloadedOp::GreaterEqual,
        BinaryOp::Eq => OverloadedOp::EqualEqual,
        BinaryOp::Ne => OverloadedOp::ExclaimEqual,
        BinaryOp::BitAnd => OverloadedOp::Amp,
        BinaryOp::BitXor => OverloadedOp::Caret,
        BinaryOp::BitOr => OverloadedOp::Pipe,
        BinaryOp::And => OverloadedOp::AmpAmp,
        BinaryOp::Or => OverloadedOp::PipePipe,
        _ => return None,
    })
}

fn compound_spelling(op: AssignOp) -> (&'static str, OverloadedOp) {
    match op {
        AssignOp::Assign => ("=", OverloadedOp::Assign),
        AssignOp::Mul => ("*=", OverloadedOp::StarAssign),
        AssignOp::Div => ("/=", OverloadedOp::SlashAssign),
        AssignOp::Rem => ("%=", OverloadedOp::PercentAssign),
        AssignOp::Add => ("+=", OverloadedOp::PlusAssign),
        AssignOp::Sub => ("-=", OverloadedOp::MinusAssign),
        AssignOp::Shl => ("<<=", OverloadedOp::LessLessAssign),
        AssignOp::Shr => (">>=", OverloadedOp::GreaterGreaterAssign),
        AssignOp::And => ("&=", OverloadedOp::AmpAssign),
        AssignOp::Xor => ("^=", OverloadedOp::CaretAssign),
        AssignOp::Or => ("|=", OverloadedOp::PipeAssign),
    }
}

/// An operand's type, printed, with what the candidates see of it.
struct Known {
    shown: String,
    kind: Operand,
    /// `None` for `nullptr`.
    ty: Option<Ty>,
    lvalue: bool,
    typed: Option<Typed>,
}

impl<'a> Checker<'a> {
    /// Where an operator's operands are checked at all.
    fn operators_checked(&self, at: u32) -> bool {
        self.template_depth == 0
            && self.func.is_some_and(|f| !f.in_template)
            && !self.map.is_system(at)
    }

    /// The operand, when the model knows all the candidates could care about.
    fn known_operand(&self, e: &Expr) -> Option<Known> {
        if matches!(e.unparen().kind, ExprKind::Nullptr)
            && self.map.slice(e.unparen().span) == b"nullptr"
        {
            return Some(Known {
                shown: "std::nullptr_t".into(),
                kind: Operand::NullPointer,
                ty: None,
                lvalue: false,
                typed: None,
            });
        }
        let t: Typed = self.type_of(e)?;
        let c = t.ty.canonical();
        let kind = match &c.kind {
            TyKind::Fund(f) if !matches!(f, Fund::Float | Fund::Double | Fund::LongDouble) => {
                Operand::Integral
            }
            TyKind::Fund(_) => Operand::Floating,
            TyKind::Enum(_, false) => Operand::Enum,
            TyKind::Pointer(p) if !matches!(p.kind, TyKind::Void) => Operand::ObjectPointer,
            TyKind::Class(k) if self.operatorless_class(*k) => Operand::Class,
            _ => return None,
        };
        Some(Known {
            shown: self.print_typed(&t)?,
            kind,
            ty: Some(c),
            lvalue: t.lvalue,
            typed: Some(t),
        })
    }

    /// A class declared in a namespace that has no base, friend or member function.
    fn operatorless_class(&self, c: EntityId) -> bool {
        let ent = self.sema.entity(c);
        !ent.is_template
            && !ent.flags.in_template
            && matches!(ent.kind, EntityKind::Class(_))
            && self.sema.scope(ent.parent).kind == ScopeKind::Namespace
            && self.plain_struct(c)
    }

    /// The functions `operator@` that may be candidates: those unqualified lookup from the
    /// function finds and those of the namespaces of the operands' classes and
    /// enumerations, declared before `at`. `None` where that set is not one we can judge
    /// (a template, a member, a name we cannot look up from here).
    fn operator_functions(
        &self,
        op: OverloadedOp,
        operands: &[&Known],
        at: u32,
    ) -> Option<Vec<EntityId>> {
        let Some(key) = self.interner.get(format!("operator {op:?}").as_bytes()) else {
            // Never declared anywhere.
            return Some(Vec::new());
        };
        let f = self.func.and_then(|f| f.entity)?;
        let from = self.sema.entity(f).parent;
        // Ordinary lookup's, then those argument-dependent lookup adds; each group the
        // last declared first, as cudafe++ lists them.
        let mut found = self.sema.lookup_unqualified(from, key);
        let by_position = |v: &mut [EntityId]| {
            v.sort_by_key(|&g| std::cmp::Reverse(self.sema.entity(g).first_decl().lo))
        };
        by_position(&mut found);
        let mut added = Vec::new();
        for o in operands {
            if let Some(c) = o.ty.as_ref().and_then(Ty::associated) {
                let home = self.sema.entity(c).parent;
                if self.sema.scope(home).kind != ScopeKind::Namespace {
                    return None;
                }
                added.extend(self.sema.lookup_qualified(home, key));
            }
        }
        by_position(&mut added);
        found.extend(added);
        let mut out = Vec::new();
        for g in found {
            // Only declarations before the operator count (outside templates).
            if self.sema.entity(g).first_decl().lo >= at {
                continue;
            }
            let g = self.sema.resolve_alias(g);
            let ent = self.sema.entity(g);
            if ent.kind != EntityKind::Function
                || ent.is_template
                || ent.flags.in_template
                || ent.flags.is_member
                || !self.index.functions.contains_key(&g)
            {
                return None;
            }
            if !out.contains(&g) {
                out.push(g);
            }
        }
        Some(out)
    }

    /// Can parameter `i` of the function `f` take the operand? `None` where the model
    /// cannot tell.
    fn parameter_takes(&self, f: EntityId, i: usize, o: &Known) -> Option<bool> {
        let decls = self.index.functions.get(&f)?;
        let chunk = decls[0].declarator.function()?;
        let p = chunk.params.get(i)?;
        if p.declarator.pack {
            return None;
        }
        let (ty, reference) = self.declared_type(&p.specs, &p.declarator.ops, 0)?;
        let target = ty.canonical();
        // `T &` and `T &&` bind by value category, which we leave alone.
        if reference && !target.konst {
            return None;
        }
        let typed = o.typed.as_ref()?;
        match (&o.kind, &target.kind) {
            (Operand::Class, TyKind::Class(d)) => {
                let c = o.ty.as_ref()?.class()?;
                if c == *d {
                    return Some(true);
                }
                self.constructible_from_class(*d, c)
            }
            (Operand::Class, TyKind::Fund(_) | TyKind::Enum(..) | TyKind::Pointer(_)) => {
                Some(false)
            }
            (_, TyKind::Class(d)) => match self.constructor_accepts(*d, typed)? {
                super::types::Construction::Accepted => Some(true),
                super::types::Construction::Impossible => Some(false),
                super::types::Construction::Deleted(..) => None,
            },
            _ => self.converts(typed, &target),
        }
    }

    /// Can an object of class `d` be copy-initialized from one of the class `c` (which has
    /// no conversion functions)? Only by a constructor that is not explicit and takes a
    /// `c` itself; `None` where `d` has constructors we cannot read.
    fn constructible_from_class(&self, d: EntityId, c: EntityId) -> Option<bool> {
        let ent = self.sema.entity(d);
        if ent.is_template || ent.flags.in_template {
            return None;
        }
        let spec = self.index.classes.get(&d)?;
        let name = ent.name?;
        for m in &spec.members {
            let (specs, declarator) = match &m.kind {
                DeclKind::Function(f) => (&f.specs, &f.declarator),
                DeclKind::Simple { specs, declarators } => {
                    let Some(id) = declarators.first() else {
                        continue;
                    };
                    if declarators.len() != 1 {
                        continue;
                    }
                    (specs, &id.declarator)
                }
                // A constructor template, or constructors inherited.
                DeclKind::Template { .. } | DeclKind::UsingDecl { .. } => return None,
                _ => continue,
            };
            let Some(chunk) = declarator.function() else {
                continue;
            };
            if declarator.name.as_ref().and_then(|n| n.ident()) != Some(name)
                || specs.is_explicit
                || specs.is_friend
            {
                continue;
            }
            if chunk.variadic {
                return None;
            }
            let Some(first) = chunk.params.first() else {
                continue;
            };
            if chunk.params.iter().skip(1).any(|p| p.default.is_none()) {
                continue;
            }
            let (t, _) = self.declared_type(&first.specs, &first.declarator.ops, 0)?;
            if t.canonical().class() == Some(c) {
                return Some(true);
            }
        }
        Some(false)
    }

    /// The notes for the functions `operator@` that are candidates for `operands`, in the
    /// order [`Checker::operator_functions`] gives them (#3322 for one that takes another
    /// number of operands, #3326 at the first operand it cannot take, the function by its
    /// name alone where its scope does not overload it); `None` when one of them takes them
    /// all (there is no error) or the model cannot tell.
    fn function_candidate_notes(
        &self,
        function: OverloadedOp,
        spelling: &str,
        functions: &[EntityId],
        operands: &[&Known],
    ) -> Option<Vec<Diagnostic>> {
        let key = self
            .interner
            .get(format!("operator {function:?}").as_bytes());
        let mut notes = Vec::with_capacity(functions.len());
        for &f in functions {
            let decls = self.index.functions.get(&f)?;
            let decl = decls.iter().find(|d| d.has_body).or(decls.first())?;
            let chunk = decl.declarator.function()?;
            let declared = decl.declarator.name.as_ref()?.span.lo;
            let scope = self.function_display_name(f);
            // A function not overloaded in its scope goes by its name alone.
            let overloaded = key.is_some_and(|k| {
                self.sema
                    .scope(self.sema.entity(f).parent)
                    .names
                    .get(&k)
                    .is_some_and(|l| l.len() > 1)
            });
            let what = if !overloaded {
                format!("function \"{scope}operator{spelling}\"")
            } else {
                format!(
                    "function \"{scope}operator{spelling}({})\"",
                    self.rendered_params(chunk, true).join(", ")
                )
            };
            let note = if !self.param_count_accepts(f, operands.len()) {
                Diagnostic::new(ids::CANDIDATE_WRONG_PARAM_COUNT, declared).arg_entity(&what)
            } else {
                let mut mismatch = None;
                for (i, o) in operands.iter().enumerate() {
                    if !self.parameter_takes(f, i, o)? {
                        mismatch = Some(i);
                        break;
                    }
                }
                Diagnostic::new(ids::NONVIABLE_BECAUSE_ARG_MISMATCH, declared)
                    .arg_entity(&what)
                    .arg_int(mismatch? as i64 + 1)
            };
            notes.push(note.severity(Severity::Note));
        }
        Some(notes)
    }

    /// The error for operands no candidate takes, with a note per candidate at the first
    /// operand it cannot take.
    fn no_matching_operator(
        &self,
        spelling: &str,
        shown: String,
        at: u32,
        functions: Vec<Diagnostic>,
        candidates: &[Vec<Slot>],
        operands: &[Operand],
    ) -> Diagnostic {
        let mut d = Diagnostic::new(ids::NO_MATCHING_OPERATOR_FUNCTION, at)
            .arg_str(spelling)
            .detail(format!("operand types are: {shown}"));
        for note in functions {
            d = d.note(note);
        }
        for params in candidates {
            let first = params
                .iter()
                .zip(operands.iter().chain(std::iter::repeat(&Operand::Integral)))
                .position(|(p, o)| !p.takes(*o))
                .unwrap_or(0);
            let text: Vec<&str> = params.iter().map(|p| p.text()).collect();
            d = d.note(
                Diagnostic::new(ids::BUILTIN_OPERATOR_NONVIABLE_BECAUSE_ARG_MISMATCH, at)
                    .arg_str(format!("{spelling}({})", text.join(", ")))
                    .arg_int(first as i64 + 1)
                    .severity(Severity::Note),
            );
        }
        d
    }

    /// `a @ b` with an operand of such a class: #349. Returns whether it was reported.
    pub(crate) fn binary_operator_operands(&mut self, op: BinaryOp, a: &Expr, b: &Expr) -> bool {
        if !self.operators_checked(a.span.lo) {
            return false;
        }
        let (Some(spelling), Some(function)) = (binary_spelling(op), binary_function(op)) else {
            return false;
        };
        let (Some(ka), Some(kb)) = (self.known_operand(a), self.known_operand(b)) else {
            return false;
        };
        if ka.kind != Operand::Class && kb.kind != Operand::Class {
            return false;
        }
        let pointer = ka.kind == Operand::ObjectPointer || kb.kind == Operand::ObjectPointer;
        let enumeration = ka.kind == Operand::Enum || kb.kind == Operand::Enum;
        let Some(candidates) = binary_candidates(op, pointer, enumeration) else {
            return false;
        };
        let at = self.operator_after(a);
        self.two_operand_error(function, spelling, &ka, &kb, at, &candidates)
    }

    /// `a @= b` and `a = b` with an operand of such a class: #349 (for `=`, with the class's
    /// implicit copy and move assignment operators as the candidates). Returns whether it
    /// was reported.
    pub(crate) fn assignment_operator_operands(
        &mut self,
        op: AssignOp,
        a: &Expr,
        b: &Expr,
    ) -> bool {
        if !self.operators_checked(a.span.lo) {
            return false;
        }
        let (Some(ka), Some(kb)) = (self.known_operand(a), self.known_operand(b)) else {
            return false;
        };
        let (spelling, function) = compound_spelling(op);
        let at = self.operator_after(a);
        if op == AssignOp::Assign {
            // Only a class on the left has assignment operators to try; the same class on
            // the right is a copy.
            let Some(lhs) = &ka.ty else { return false };
            let TyKind::Class(c) = lhs.kind else {
                return false;
            };
            if !ka.lvalue
                || lhs.konst
                || kb.ty.as_ref().is_some_and(|t| t.kind == lhs.kind)
                || !self.assignable(c)
            {
                return false;
            }
            let Some(class) = self.record_name(c) else {
                return false;
            };
            let Some(declared) = self
                .index
                .classes
                .get(&c)
                .and_then(|spec| spec.name.as_ref())
                .map(|n| n.last().span.lo)
            else {
                return false;
            };
            let mut d = Diagnostic::new(ids::NO_MATCHING_OPERATOR_FUNCTION, at)
                .arg_str(spelling)
                .detail(format!("operand types are: {} = {}", ka.shown, kb.shown));
            for param in [format!("{class} &&"), format!("const {class} &")] {
                d = d.note(
                    Diagnostic::new(ids::NONVIABLE_BECAUSE_ARG_MISMATCH, declared)
                        .arg_entity(format!("function \"{class}::operator=({param})\""))
                        .arg_int(1)
                        .severity(Severity::Note),
                );
            }
            self.emit(d);
            return true;
        }
        if ka.kind != Operand::Class && kb.kind != Operand::Class {
            return false;
        }
        // The left operand is bound to a reference: a modifiable object of a type the
        // candidates name (an enumeration is none of them).
        if ka.kind != Operand::Class
            && (!ka.lvalue || ka.ty.as_ref().is_none_or(|t| t.konst) || ka.kind == Operand::Enum)
        {
            return false;
        }
        let Some(candidates) = compound_candidates(op) else {
            return false;
        };
        self.two_operand_error(function, spelling, &ka, &kb, at, &candidates)
    }

    /// #349 for `a @ b` unless a function `operator@` may be a candidate.
    fn two_operand_error(
        &mut self,
        function: OverloadedOp,
        spelling: &str,
        ka: &Known,
        kb: &Known,
        at: u32,
        candidates: &[Vec<Slot>],
    ) -> bool {
        let Some(functions) = self.operator_functions(function, &[ka, kb], at) else {
            return false;
        };
        let Some(notes) = self.function_candidate_notes(function, spelling, &functions, &[ka, kb])
        else {
            return false;
        };
        let d = self.no_matching_operator(
            spelling,
            format!("{} {spelling} {}", ka.shown, kb.shown),
            at,
            notes,
            candidates,
            &[ka.kind, kb.kind],
        );
        self.emit(d);
        true
    }

    /// `-x`, `!x`, `*x`, `++x`, `x++` (`e`) of such a class: #349.
    pub(crate) fn unary_operator_operand(&mut self, e: &Expr, x: &Expr) -> bool {
        if !self.operators_checked(e.span.lo) {
            return false;
        }
        let (spelling, function, candidates, postfix): (_, _, Vec<Vec<Slot>>, _) = match &e.kind {
            ExprKind::Unary(UnaryOp::Minus, _) => (
                "-",
                OverloadedOp::Minus,
                vec![vec![PromotedArithmetic]],
                false,
            ),
            ExprKind::Unary(UnaryOp::Plus, _) => (
                "+",
                OverloadedOp::Plus,
                vec![vec![PromotedArithmetic], vec![Pointer]],
                false,
            ),
            ExprKind::Unary(UnaryOp::Not, _) => {
                ("!", OverloadedOp::Exclaim, vec![vec![Bool]], false)
            }
            ExprKind::Unary(UnaryOp::BitNot, _) => (
                "~",
                OverloadedOp::Tilde,
                vec![vec![PromotedIntegral]],
                false,
            ),
            ExprKind::Unary(UnaryOp::Deref, _) => (
                "*",
                OverloadedOp::Star,
                vec![vec![PointerToObject], vec![PointerToFunction]],
                false,
            ),
            ExprKind::Unary(UnaryOp::PreInc, _) => (
                "++",
                OverloadedOp::PlusPlus,
                vec![vec![NonBoolArithmetic], vec![PointerToObject]],
                false,
            ),
            ExprKind::Unary(UnaryOp::PreDec, _) => (
                "--",
                OverloadedOp::MinusMinus,
                vec![vec![NonBoolArithmetic], vec![PointerToObject]],
                false,
            ),
            ExprKind::PostInc(_) => (
                "++",
                OverloadedOp::PlusPlus,
                vec![
                    vec![NonBoolArithmetic, Integral],
                    vec![PointerToObject, Integral],
                ],
                true,
            ),
            ExprKind::PostDec(_) => (
                "--",
                OverloadedOp::MinusMinus,
                vec![
                    vec![NonBoolArithmetic, Integral],
                    vec![PointerToObject, Integral],
                ],
                true,
            ),
            _ => return false,
        };
        let Some(k) = self.known_operand(x) else {
            return false;
        };
        if k.kind != Operand::Class {
            return false;
        }
        // A postfix operator function has a second, `int` parameter: leave those alone.
        let Some(functions) = self.operator_functions(function, &[&k], e.span.lo) else {
            return false;
        };
        if postfix && !functions.is_empty() {
            return false;
        }
        let Some(notes) = self.function_candidate_notes(function, spelling, &functions, &[&k])
        else {
            return false;
        };
        let (shown, at) = if postfix {
            (format!("{} {spelling}", k.shown), self.operator_after(x))
        } else {
            (format!("{spelling} {}", k.shown), e.span.lo)
        };
        let d = self.no_matching_operator(spelling, shown, at, notes, &candidates, &[k.kind]);
        self.emit(d);
        true
    }

    /// `a[b]` with an operand of such a class: #349.
    pub(crate) fn subscript_operands(&mut self, a: &Expr, b: &Expr) -> bool {
        if !self.operators_checked(a.span.lo) {
            return false;
        }
        let (Some(ka), Some(kb)) = (self.known_operand(a), self.known_operand(b)) else {
            return false;
        };
        // `[]` can only be a member, which these classes do not have.
        if ka.kind != Operand::Class && kb.kind != Operand::Class {
            return false;
        }
        let at = self.operator_after(a);
        let d = self.no_matching_operator(
            "[]",
            format!("{} [ {} ]", ka.shown, kb.shown),
            at,
            Vec::new(),
            &[
                vec![PointerToObject, Ptrdiff],
                vec![Ptrdiff, PointerToObject],
            ],
            &[ka.kind, kb.kind],
        );
        self.emit(d);
        true
    }

    /// A condition (`if (v)`, `c ? a : b`) that is an object of such a class: #711.
    pub(crate) fn class_condition(&mut self, e: &Expr) {
        if !self.operators_checked(e.span.lo) {
            return;
        }
        if self
            .known_operand(e)
            .is_some_and(|k| k.kind == Operand::Class)
        {
            self.emit(Diagnostic::new(ids::EXPR_NOT_BOOL, e.span.lo));
        }
    }

    /// An object of such a class where a number, an enumeration or a pointer belongs
    /// (`int i = v;`, `f(v)`): #413 at the object, as it has no conversion function.
    pub(crate) fn no_conversion_function(&mut self, e: &Expr, source: &Typed, target: &Ty) -> bool {
        let TyKind::Class(c) = source.ty.canonical().kind else {
            return false;
        };
        if !self.operators_checked(e.span.lo)
            || !matches!(
                target.canonical().kind,
                TyKind::Fund(_) | TyKind::Enum(..) | TyKind::Pointer(_)
            )
            || !self.operatorless_class(c)
        {
            return false;
        }
        let (Some(s), Some(t)) = (self.describe(&source.ty.value()), self.describe(target)) else {
            return false;
        };
        self.emit(
            Diagnostic::new(ids::NO_CONVERSION_FUNCTION, e.span.lo)
                .arg_type(s)
                .arg_type(t),
        );
        true
    }

    /// `v(args)` with `v` an object of such a class (no `operator()`, no conversion to a
    /// pointer to function): #980 is the caller's to report.
    pub(crate) fn called_class_object(&self, callee: &Expr) -> bool {
        let ExprKind::Name(n) = &callee.unparen().kind else {
            return false;
        };
        self.operators_checked(callee.span.lo)
            && n.resolution.entity().is_some_and(|v| {
                matches!(
                    self.sema.entity(v).kind,
                    EntityKind::Variable | EntityKind::Parameter
                )
            })
            && self
                .known_operand(callee)
                .is_some_and(|k| k.kind == Operand::Class)
    }

    /// `v->m` with `v` an object of such a class: #3164. Returns whether it was reported.
    pub(crate) fn arrow_on_class_object(&mut self, base: &Expr) -> bool {
        if !self.operators_checked(base.span.lo) {
            return false;
        }
        if self
            .known_operand(base)
            .is_none_or(|k| k.kind != Operand::Class)
        {
            return false;
        }
        let Some(t) = self.type_of(base).and_then(|t| self.describe_typed(&t)) else {
            return false;
        };
        self.emit(Diagnostic::new(ids::MEMBER_ACCESS_REQUIRES_POINTER, base.span.lo).arg_type(t));
        true
    }

    /// Are the class's implicit assignment operators both there and not deleted: data
    /// members only of fundamental types and pointers, none const or a reference?
    fn assignable(&self, c: EntityId) -> bool {
        let Some(spec) = self.index.classes.get(&c) else {
            return false;
        };
        spec.members.iter().all(|m| match &m.kind {
            DeclKind::Simple { specs, declarators } => {
                specs.storage == Some(StorageClass::Static)
                    || (!specs.is_const
                        && matches!(specs.ty, TypeSpec::Builtin(_))
                        && declarators.iter().all(|id| {
                            id.declarator.ops.iter().all(|o| {
                                matches!(
                                    o,
                                    DeclaratorOp::Pointer {
                                        is_const: false,
                                        ..
                                    }
                                ) || matches!(o, DeclaratorOp::Array { .. })
                            })
                        }))
            }
            DeclKind::Empty | DeclKind::AccessSpec(_) | DeclKind::Pragma => true,
            _ => false,
        })
    }
}
