//! The types of objects a declaration makes: a variable or data member of type `void` or of
//! a class that is still incomplete (#70), an array of `void` (#89), a parameter of type
//! `void` (#526) or of an incomplete class in a definition; and the initializers some
//! types require — a `const` object (#257, #811) and a reference (#252) declared without
//! one.

use crate::diag::{Diagnostic, Severity, ids};
use crate::sema::{EntityId, EntityKind, ScopeKind};
use crate::syntax::ast::*;

use super::Checker;
use super::types::{Ty, TyKind};

impl<'a> Checker<'a> {
    /// The checks of a variable or data member declaration (not a typedef, nor a function),
    /// in cudafe++'s order: #21 for a cv-qualified `void`, the missing initializer, then
    /// the incomplete type.
    pub(crate) fn object_declaration(&mut self, specs: &'a DeclSpecs, id: &'a InitDeclarator) {
        let d = &id.declarator;
        let Some(name) = &d.name else { return };
        if specs.is_typedef
            || specs.is_friend
            || d.is_function()
            || d.pack
            || self.map.is_system(name.span.lo)
            || self.recovery_inside(id.span)
        {
            return;
        }
        let member = self.in_member_decls > 0;
        let qualified = name.is_qualified();
        let is_extern = specs.storage == Some(StorageClass::Extern);
        let is_static = specs.storage == Some(StorageClass::Static);
        let arrays = d
            .ops
            .iter()
            .take_while(|o| matches!(o, DeclaratorOp::Array { .. }))
            .count();
        let Some((ty, reference)) = self.declared_type(specs, &d.ops[arrays..], 0) else {
            // `T &r;` of a type the model does not know.
            if arrays == 0
                && matches!(
                    d.ops.first(),
                    Some(DeclaratorOp::LValueRef | DeclaratorOp::RValueRef)
                )
            {
                self.missing_reference_initializer(specs, id, member || qualified || is_extern);
            }
            return;
        };
        let canonical = ty.canonical();
        let void = matches!(canonical.kind, TyKind::Void) && !reference;
        let name_at = name.last().span.lo;
        if void && arrays > 0 {
            self.emit(Diagnostic::new(ids::ARRAY_OF_VOID, name_at));
            return;
        }
        if void && !member && (canonical.konst || canonical.volatile) {
            self.emit(
                Diagnostic::new(ids::USELESS_TYPE_QUALIFIERS, name_at).severity(Severity::Warning),
            );
        }
        if reference {
            if arrays == 0 {
                self.missing_reference_initializer(specs, id, member || qualified || is_extern);
            }
            return;
        }
        if id.init.is_none() && !member && !is_extern && !specs.is_constexpr && canonical.konst {
            self.missing_const_initializer(id, &canonical, void);
        }
        if qualified {
            return;
        }
        if void {
            let Some(shown) = self.describe(&ty) else {
                return;
            };
            self.emit(Diagnostic::new(ids::INCOMPLETE_TYPE_NOT_ALLOWED, name_at).arg_type(shown));
            return;
        }
        if arrays == 0
            && !is_extern
            && !(member && is_static)
            && let Some(c) = canonical.class()
            && !self.complete_at(c, name_at)
            && let Some(shown) = self.describe(&ty)
        {
            self.emit(Diagnostic::new(ids::INCOMPLETE_TYPE_NOT_ALLOWED, name_at).arg_type(shown));
        }
    }

    /// #257 `const variable "x" requires an initializer` (a warning in a template's code),
    /// or #811 for an object of a class without a user-provided default constructor, at
    /// the token after the declarator.
    fn missing_const_initializer(&mut self, id: &InitDeclarator, ty: &Ty, void: bool) {
        let Some(e) = id.entity else { return };
        // `const int S::sm;` for a member initialized in its class.
        if self.index.initializer(e).is_some() {
            return;
        }
        let class = match ty.kind {
            TyKind::Class(c) => {
                if !self.const_default_needs_initializer(c) {
                    return;
                }
                Some(c)
            }
            TyKind::Fund(_) | TyKind::Enum(..) | TyKind::Pointer(_) => None,
            TyKind::Void if void => None,
            _ => return,
        };
        let severity = match self.func {
            Some(f) if f.in_template => Severity::Warning,
            _ if self.template_depth > 0 => return,
            _ => Severity::Error,
        };
        let Some(what) = self.object_named(e) else {
            return;
        };
        let at = self.after_declarator(&id.declarator);
        let diag = match class {
            Some(c) => {
                let Some(class) = self.record_name(c) else {
                    return;
                };
                Diagnostic::new(ids::MISSING_DEFAULT_CONSTRUCTOR_ON_CONST, at)
                    .arg_entity(what)
                    .arg_type(format!("\"{class}\""))
            }
            None => Diagnostic::new(ids::MISSING_INITIALIZER_ON_CONST, at).arg_entity(what),
        };
        self.emit(diag.severity(severity));
    }

    /// #252 `reference variable "r" requires an initializer`, outside templates; not for
    /// members, qualified names and `extern` declarations (`skip`).
    fn missing_reference_initializer(
        &mut self,
        specs: &DeclSpecs,
        id: &InitDeclarator,
        skip: bool,
    ) {
        if skip
            || id.init.is_some()
            || specs.is_constexpr
            || self.template_depth > 0
            || self.func.is_some_and(|f| f.in_template)
        {
            return;
        }
        let Some(e) = id.entity else { return };
        let Some(what) = self.object_named(e) else {
            return;
        };
        let at = self.after_declarator(&id.declarator);
        self.emit(Diagnostic::new(ids::MISSING_INITIALIZER_ON_REFERENCE, at).arg_entity(what));
    }

    /// How EDG names a variable in these messages: `variable "x"` (qualified at namespace
    /// scope), `member "S::m"` for a static data member.
    fn object_named(&self, e: EntityId) -> Option<String> {
        let ent = self.sema.entity(e);
        if ent.kind != EntityKind::Variable {
            return None;
        }
        let local = matches!(
            self.sema.scope(ent.parent).kind,
            ScopeKind::Block | ScopeKind::Function
        );
        let shown = if local {
            self.name_of(ent.name?)
        } else {
            self.sema.qualified_name(e, self.interner)
        };
        let what = if ent.flags.is_member {
            "member"
        } else {
            "variable"
        };
        Some(format!("{what} \"{shown}\""))
    }

    /// Does a `const` object of class `c` need an initializer? Only for the classes the
    /// model is sure of: structs without bases, member functions or friends whose data
    /// members are all of fundamental or pointer types, without default initializers.
    fn const_default_needs_initializer(&self, c: EntityId) -> bool {
        let Some(spec) = self.index.classes.get(&c) else {
            return false;
        };
        if !spec.bases.is_empty() || !self.plain_struct(c) {
            return false;
        }
        let mut fields = 0;
        for m in &spec.members {
            match &m.kind {
                DeclKind::Simple { specs, declarators } => {
                    if specs.is_typedef {
                        continue;
                    }
                    if specs.storage.is_some() || !matches!(specs.ty, TypeSpec::Builtin(_)) {
                        return false;
                    }
                    for id in declarators {
                        if id.init.is_some() || id.bitfield.is_some() {
                            return false;
                        }
                        fields += 1;
                    }
                }
                DeclKind::AccessSpec(_) | DeclKind::Empty => {}
                _ => return false,
            }
        }
        fields > 0
    }

    /// Is class `c` complete where `at` stands: defined before it, or `at` is in a member
    /// function body of its definition (a complete-class context). A class the model cannot
    /// follow (a template's, one defined by a typedef elsewhere) counts as complete.
    fn complete_at(&self, c: EntityId, at: u32) -> bool {
        let ent = self.sema.entity(c);
        if ent.is_template || ent.flags.in_template || ent.flags.in_system_header {
            return true;
        }
        if !matches!(ent.kind, EntityKind::Class(_)) {
            return true;
        }
        match self.index.classes.get(&c) {
            // Never defined in the unit.
            None => !self.declared_only(c),
            Some(spec) => {
                spec.span.hi <= at
                    || (self.func.is_some()
                        && (spec.span.lo <= at || self.nested_in_body_class(spec, at)))
            }
        }
    }

    /// Is `at`, in a function body, inside a class that also holds `spec`? A member
    /// function defined in its class is parsed once the outermost class is complete, and so
    /// are the classes nested in it, also those defined after the function.
    fn nested_in_body_class(&self, spec: &ClassSpec, at: u32) -> bool {
        self.index.classes.values().any(|outer| {
            outer.span.lo <= at
                && at < outer.span.hi
                && outer.span.lo <= spec.span.lo
                && spec.span.hi <= outer.span.hi
        })
    }

    /// Is every declaration of class `c` one without a body (`struct Fwd;`)?
    fn declared_only(&self, c: EntityId) -> bool {
        !self.sema.entity(c).flags.defined
    }

    /// Where EDG reports a missing initializer: the first character after the declarator.
    fn after_declarator(&self, d: &Declarator) -> u32 {
        let text = self.map.text();
        let mut at = d.span.hi as usize;
        while at < text.len() && text[at].is_ascii_whitespace() {
            at += 1;
        }
        at as u32
    }

    /// #526 `a parameter may not have void type`, at the parameter's type, for each `void`
    /// parameter but the one of `(void)`; with `definition`, #70 for a parameter of a
    /// class that is incomplete there.
    pub(crate) fn parameter_types(&mut self, f: &'a FunctionChunk, definition: bool) {
        let sole = f.params.len() == 1 && !f.variadic;
        for p in &f.params {
            if self.map.is_system(p.span.lo) || p.declarator.pack {
                continue;
            }
            self.parameters_in_bounds(&p.declarator);
            let Some((ty, false)) = self.declared_type(&p.specs, &p.declarator.ops, 0) else {
                continue;
            };
            let canonical = ty.canonical();
            let at = p.specs.span.lo;
            if matches!(canonical.kind, TyKind::Void) {
                let id = if !(sole && p.declarator.name.is_none()) {
                    ids::VOID_PARAM_NOT_ALLOWED
                } else if canonical.konst || canonical.volatile {
                    ids::NONSTD_QUALIFIED_VOID_PARAM_LIST
                } else {
                    continue;
                };
                self.emit(Diagnostic::new(id, at));
                continue;
            }
            // In a member function of the class itself, the class counts as complete.
            if definition
                && let Some(c) = canonical.class()
                && !self.complete_at(c, at)
                && self
                    .index
                    .classes
                    .get(&c)
                    .is_none_or(|spec| at < spec.span.lo)
                && let Some(shown) = self.describe(&ty)
            {
                self.emit(Diagnostic::new(ids::INCOMPLETE_TYPE_NOT_ALLOWED, at).arg_type(shown));
            }
        }
    }
}

impl<'a> Checker<'a> {
    /// The rules for a function `main` of the global namespace, reported before its
    /// implicit `int` (#938): #951 (a warning) for a return type that is not `int`, #378 for
    /// `static`, #404 / #2405 / #2932 for `inline`, `constexpr` or `consteval`, #1804 for
    /// `= delete`, #466 for a template, #2949 (a warning) in a linkage specification;
    /// #2948 for a variable of that name.
    pub(crate) fn main_rules(
        &mut self,
        specs: &DeclSpecs,
        d: &Declarator,
        entity: Option<EntityId>,
        deleted: bool,
    ) {
        let Some(name) = &d.name else { return };
        if name.is_qualified()
            || name.last().args.is_some()
            || specs.is_typedef
            || specs.is_friend
            || self.func.is_some()
            || self.in_member_decls > 0
            || self.map.is_system(name.span.lo)
            || name
                .ident()
                .is_none_or(|s| self.interner.bytes(s) != b"main")
        {
            return;
        }
        let Some(e) = entity else { return };
        if self.sema.entity(e).parent != crate::sema::Sema::GLOBAL {
            return;
        }
        let at = name.span.lo;
        if !d.is_function() {
            if self.template_depth == 0 {
                self.emit(Diagnostic::new(ids::INVALID_VARIABLE_MAIN, at));
            }
            return;
        }
        if self.template_depth > 0 {
            self.emit(Diagnostic::new(ids::FUNCTION_TEMPLATE_NAMED_MAIN, at));
            return;
        }
        if !matches!(specs.ty, TypeSpec::None)
            && let Some((ty, reference)) = self.declared_type(specs, &d.ops[1..], 0)
            && (reference || ty.canonical().fund() != Some(super::types::Fund::Int))
        {
            self.emit(
                Diagnostic::new(ids::BAD_RETURN_TYPE_ON_MAIN, at).severity(Severity::Warning),
            );
        }
        if specs.storage == Some(StorageClass::Static) {
            self.emit(Diagnostic::new(ids::STATIC_NOT_ALLOWED, at));
        }
        if specs.is_inline {
            self.emit(Diagnostic::new(ids::INLINE_MAIN, at));
        }
        if specs.is_constexpr {
            self.emit(Diagnostic::new(ids::CONSTEXPR_MAIN, at));
        }
        if specs.is_consteval {
            self.emit(Diagnostic::new(ids::CONSTEVAL_MAIN, at));
        }
        if deleted {
            self.emit(Diagnostic::new(ids::DELETED_MAIN, at));
        }
        if self.sema.entity(e).flags.extern_c {
            self.emit(Diagnostic::new(ids::LINKAGE_MAIN, at).severity(Severity::Warning));
        }
    }
}

impl Checker<'_> {
    /// #411 `a parameter is not allowed` at each parameter an array bound of parameter
    /// declarator `d` evaluates (C99's `float a[n][n]`; `sizeof(n)` evaluates nothing).
    fn parameters_in_bounds(&mut self, d: &Declarator) {
        struct Refs<'s> {
            sema: &'s crate::sema::Sema,
            at: Vec<u32>,
        }
        impl<'a> crate::syntax::visit::Visitor<'a> for Refs<'_> {
            fn expr(&mut self, e: &'a Expr) {
                match &e.kind {
                    ExprKind::SizeofExpr(_)
                    | ExprKind::SizeofType(_)
                    | ExprKind::AlignofExpr(_)
                    | ExprKind::AlignofType(_)
                    | ExprKind::Noexcept(_) => {}
                    ExprKind::Name(n) => {
                        if n.resolution
                            .entity()
                            .is_some_and(|p| self.sema.entity(p).kind == EntityKind::Parameter)
                        {
                            self.at.push(n.span.lo);
                        }
                    }
                    _ => crate::syntax::visit::walk_expr(self, e),
                }
            }
        }
        let mut refs = Refs {
            sema: self.sema,
            at: Vec::new(),
        };
        for op in d.ops.iter().rev() {
            if let DeclaratorOp::Array { size: Some(e), .. } = op {
                crate::syntax::visit::Visitor::expr(&mut refs, e);
            }
        }
        let mut at = refs.at;
        at.sort_unstable();
        for a in at {
            self.emit(Diagnostic::new(ids::PARAM_NOT_ALLOWED, a));
        }
    }
}

impl Checker<'_> {
    /// #815: a function type whose return type is qualified at the top — `const int f()`,
    /// `volatile E f()`, `int *const f()`, `const int (*fp)()` — which means nothing for a
    /// type that is not a class. Where the qualifier is written: in the specifiers (not
    /// through a typedef, nor a type that may depend on template parameters), or on the
    /// pointer the function returns; not with a trailing return type, nor in system
    /// headers.
    pub(crate) fn meaningless_return_qualifier(&mut self, specs: &DeclSpecs, d: &Declarator) {
        let Some(i) = d
            .ops
            .iter()
            .position(|op| matches!(op, DeclaratorOp::Function(_)))
        else {
            return;
        };
        if let DeclaratorOp::Function(chunk) = &d.ops[i]
            && chunk.trailing_return.is_some()
        {
            return;
        }
        if self.map.is_system(specs.span.lo) {
            return;
        }
        let at = match d.ops.get(i + 1) {
            None => {
                if !(specs.is_const || specs.is_volatile) || !self.plain_written_type(&specs.ty) {
                    return;
                }
                let c = self.specifier_at(specs, specs.span.hi, b"const");
                let v = self.specifier_at(specs, specs.span.hi, b"volatile");
                match (c, v) {
                    (Some(c), Some(v)) => c.min(v),
                    (Some(a), None) | (None, Some(a)) => a,
                    (None, None) => return,
                }
            }
            Some(DeclaratorOp::Pointer {
                is_const,
                is_volatile,
                ..
            }) if *is_const || *is_volatile => {
                // The qualifier after the last `*` before the name.
                let Some(name) = &d.name else { return };
                let text = self.map.text();
                let (lo, hi) = (specs.span.hi as usize, name.span.lo as usize);
                if lo >= hi || hi > text.len() {
                    return;
                }
                let Some(star) = text[lo..hi].iter().rposition(|&c| c == b'*') else {
                    return;
                };
                let after = lo + star + 1;
                let rest = &text[after..hi];
                let Some(k) = (0..rest.len()).find(|&k| {
                    rest[k..].starts_with(b"const") || rest[k..].starts_with(b"volatile")
                }) else {
                    return;
                };
                (after + k) as u32
            }
            _ => return,
        };
        self.emit(
            Diagnostic::new(ids::USELESS_TYPE_QUALIFIER_ON_RETURN_TYPE, at)
                .severity(Severity::Warning),
        );
    }

    /// A type specifier that names a fundamental type or an enumeration itself (not
    /// through a typedef, not a class, not one that may depend on template parameters).
    fn plain_written_type(&self, ty: &TypeSpec) -> bool {
        match ty {
            TypeSpec::Builtin(_) => true,
            TypeSpec::Elaborated {
                tag: TagKind::Enum, ..
            } => true,
            TypeSpec::Named { name, .. } => name
                .resolution
                .entity()
                .is_some_and(|e| matches!(self.sema.entity(e).kind, EntityKind::Enum { .. })),
            _ => false,
        }
    }
}

impl Checker<'_> {
    /// #496 for the name of `e` — a variable, typedef or alias in a function's parameters
    /// or outermost block, or a member of a class — when it is that of a template
    /// parameter of a template around that scope; #497 (a warning) where `e` is declared
    /// in a nested block, a lambda or a local class, which may hide it. A function's
    /// parameter gets both.
    pub(crate) fn template_parameter_redeclared(&mut self, e: Option<EntityId>) {
        let Some(e) = e else { return };
        let ent = self.sema.entity(e);
        let Some(name) = ent.name else { return };
        if ent.flags.in_system_header {
            return;
        }
        let (parent, at) = (ent.parent, ent.first_decl().lo);
        let parameter = ent.kind == EntityKind::Parameter;
        self.hides_template_parameter(parent, name, at, Some(e), parameter);
    }

    /// [`Checker::template_parameter_redeclared`] for the name `name` declared at `at` in
    /// the scope `parent` (by the entity `e`, when it has one).
    pub(crate) fn hides_template_parameter(
        &mut self,
        parent: crate::sema::ScopeId,
        name: crate::intern::Symbol,
        at: u32,
        e: Option<EntityId>,
        parameter: bool,
    ) {
        let mut scope = Some(parent);
        let (mut first, mut nested) = (true, false);
        while let Some(s) = scope {
            let sc = self.sema.scope(s);
            match sc.kind {
                ScopeKind::Function | ScopeKind::Prototype => nested |= !first,
                ScopeKind::Block | ScopeKind::Lambda => nested = true,
                ScopeKind::Class => {}
                ScopeKind::TemplateParams => {
                    let hides = sc.names.get(&name).is_some_and(|v| {
                        v.iter().any(|&p| {
                            Some(p) != e
                                && matches!(
                                    self.sema.entity(p).kind,
                                    EntityKind::TemplateTypeParam
                                        | EntityKind::TemplateValueParam
                                        | EntityKind::TemplateTemplateParam
                                )
                        })
                    });
                    if hides {
                        let text = self.name_of(name);
                        if nested || parameter {
                            self.emit(
                                Diagnostic::new(ids::DECL_HIDES_TEMPLATE_PARAMETER, at)
                                    .severity(Severity::Warning)
                                    .arg_str(&text),
                            );
                        }
                        if !nested {
                            self.emit(
                                Diagnostic::new(ids::REDECLARATION_OF_TEMPLATE_PARAM_NAME, at)
                                    .arg_str(&text),
                            );
                        }
                        return;
                    }
                }
                _ => return,
            }
            first = false;
            scope = sc.parent;
        }
    }
}

impl<'a> Checker<'a> {
    /// A function template's parameter named as one of its template parameters: #497,
    /// then #496, at the parameter's name.
    pub(crate) fn parameters_named_as_template_parameters(
        &mut self,
        head: &'a TemplateHead,
        decl: &'a Decl,
    ) {
        let d = match &decl.kind {
            DeclKind::Function(f) => &f.declarator,
            DeclKind::Simple { declarators, .. } if declarators.len() == 1 => {
                &declarators[0].declarator
            }
            _ => return,
        };
        let Some(chunk) = d.function() else { return };
        for p in chunk.params.iter() {
            let Some(n) = &p.declarator.name else {
                continue;
            };
            let Some(sym) = n.ident() else { continue };
            if self.map.is_system(n.span.lo) || !head.params.iter().any(|t| t.name == Some(sym)) {
                continue;
            }
            let text = self.name_of(sym);
            self.emit(
                Diagnostic::new(ids::DECL_HIDES_TEMPLATE_PARAMETER, n.span.lo)
                    .severity(Severity::Warning)
                    .arg_str(&text),
            );
            self.emit(
                Diagnostic::new(ids::REDECLARATION_OF_TEMPLATE_PARAM_NAME, n.span.lo)
                    .arg_str(&text),
            );
        }
    }
}
