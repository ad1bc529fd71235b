//! Classes and enums: specifiers, bodies, and member function bodies parsed once the
//! outermost class is complete.

use super::{DeclContext, Mark, PResult, Parser};
use crate::intern::Symbol;
use crate::lexer::{Keyword, Punct, TokenKind};
use crate::sema::{EntityId, EntityKind, ScopeId, ScopeKind, Sema};
use crate::source_map::Span;
use crate::syntax::ast::*;

/// A class being defined.
#[derive(Debug, Clone)]
pub(crate) struct ClassCtx {
    /// The class entity (a specialization's own entity for specializations).
    pub entity: Option<EntityId>,
    /// What the class's name is bound to inside it (the primary template for a
    /// specialization).
    pub injected: Option<EntityId>,
    pub name: Option<Symbol>,
    pub access: Access,
    /// Where this class's queued member bodies start in [`Parser::late`].
    pub late_start: usize,
}

/// What [`Parser::base_problem`] found wrong with a base-specifier's name.
pub(crate) enum BaseFinding {
    /// The base is dropped, with this error; parsing goes on.
    Dropped(BaseProblem),
    /// An unknown name followed by template arguments, which are parsed: the base is
    /// dropped, with this error.
    NotATemplate(BaseProblem),
    /// The class definition fails at this token (`class or struct definition is
    /// missing`), after this error.
    Fails(BaseProblem, Span),
}

/// A member function body waiting for its class to be complete.
#[derive(Debug, Clone)]
pub(crate) struct LateBody {
    pub at: Mark,
    /// The scope the function was declared in (the class, or a template parameter scope).
    pub scope: ScopeId,
    pub declarator: Declarator,
    pub entity: Option<EntityId>,
    pub space: super::decl::BodySpace,
}

impl<'a> Parser<'a> {
    pub(crate) fn queue_late_body(
        &mut self,
        at: Mark,
        declarator: &Declarator,
        entity: Option<EntityId>,
        space: super::decl::BodySpace,
    ) -> u32 {
        let id = self.late.len() as u32;
        self.late.push(Some(LateBody {
            at,
            scope: self.scope,
            declarator: declarator.clone(),
            entity,
            space,
        }));
        id
    }

    /// `class ...`, `struct ...`, `union ...` or `enum ...` in decl-specifiers.
    pub(crate) fn class_or_enum_specifier(
        &mut self,
        specs: &DeclSpecs,
        cx: DeclContext,
    ) -> PResult<TypeSpec> {
        if self.at_kw(Keyword::Enum) {
            return self.enum_specifier(specs, cx);
        }
        let start = self.peek().span;
        let tag = match self.bump().kind {
            TokenKind::Keyword(Keyword::Class) => TagKind::Class,
            TokenKind::Keyword(Keyword::Union) => TagKind::Union,
            _ => TagKind::Struct,
        };
        let mut attrs = self.gnu_and_cxx_attributes()?;
        // CUDA's keyword attributes (`struct __noinline__ S`), which cannot apply to a
        // class (reported by the checks).
        while self.at_ident()
            && let Some(name) = self.cuda_keyword_attribute(self.nth_sym(0))
        {
            let span = self.bump().span;
            attrs.push(Attribute {
                syntax: AttrSyntax::Gnu,
                name,
                namespace: None,
                args: Vec::new().into(),
                args_span: None,
                span,
                group: span,
            });
            attrs.extend(self.gnu_and_cxx_attributes()?);
        }
        let name = if self.at_name_start() && !self.at_kw(Keyword::Operator) {
            Some(self.class_head_name()?)
        } else {
            None
        };
        attrs.extend(self.gnu_and_cxx_attributes()?);
        let mut is_final = false;
        if self.at_ident() && self.nth_sym(0) == Some(self.known.final_) {
            // `struct S final {` or `struct S final : B {`
            if matches!(
                self.nth_kind(1),
                TokenKind::Punct(Punct::LBrace | Punct::Colon)
            ) {
                self.bump();
                is_final = true;
            }
        }
        let is_definition = self.at_punct(Punct::LBrace)
            || (self.at_punct(Punct::Colon) && !self.colon_is_bitfield(cx, &name));
        if !is_definition {
            let Some(name) = name else {
                return Err(self.err("expected either a definition or a tag name"));
            };
            let name = self.declare_elaborated(tag, name, specs, cx);
            return Ok(TypeSpec::Elaborated {
                tag,
                name,
                attrs: attrs.into(),
            });
        }
        self.class_definition(start, tag, name, attrs, is_final, specs)
    }

    /// `S`, `A::B`, `vector<T*>` in a class head (a template-id names a specialization).
    fn class_head_name(&mut self) -> PResult<QualName> {
        self.qualified_name()
    }

    /// In a member declaration, `struct S : 3` is an (odd) bit-field; `struct S : B {` is not.
    fn colon_is_bitfield(&self, cx: DeclContext, name: &Option<QualName>) -> bool {
        cx == DeclContext::Class
            && name.is_some()
            && !matches!(
                self.nth_kind(1),
                TokenKind::Ident
                    | TokenKind::Punct(Punct::ColonColon)
                    | TokenKind::Keyword(
                        Keyword::Public
                            | Keyword::Private
                            | Keyword::Protected
                            | Keyword::Virtual
                            | Keyword::Decltype
                    )
            )
    }

    /// Declares (or finds) the class an elaborated type specifier names.
    fn declare_elaborated(
        &mut self,
        tag: TagKind,
        mut name: QualName,
        specs: &DeclSpecs,
        cx: DeclContext,
    ) -> QualName {
        if self.is_tentative() {
            return name;
        }
        let found_class = name
            .resolution
            .entities()
            .iter()
            .copied()
            .find(|&e| matches!(self.sema.resolve_alias_kind(e), EntityKind::Class(_)));
        if found_class.is_some() || name.is_qualified() || name.last().args.is_some() {
            // `struct S` where S is declared: refers to it. A `struct S;` in a nested scope
            // declares a new S there — only a plain `struct S;` does that.
            let declares_here = self.at_punct(Punct::Semi)
                && !name.is_qualified()
                && name.last().args.is_none()
                && !specs.is_friend;
            if let Some(e) = found_class
                && declares_here
                && self.sema.entity(e).parent == self.decl_scope()
            {
                // A redeclaration: it makes a friend-declared class visible, and says whether
                // it is a template.
                self.sema.entity_mut(e).flags.friend_only = false;
                self.mark_template(e);
            } else if let Some(e) = found_class
                && specs.is_friend
                && self.sema.entity(e).flags.friend_only
            {
                self.mark_template(e);
            }
            if let Some(e) = found_class
                && declares_here
                && self.sema.entity(e).parent != self.decl_scope()
            {
                let sym = name.ident();
                let id =
                    self.sema
                        .add_entity(EntityKind::Class(tag), sym, self.decl_scope(), name.span);
                self.mark_template(id);
                self.note_system(id, name.span);
                name.resolution = Resolution::Entity(id);
            }
            return name;
        }
        let Some(sym) = name.ident() else {
            return name;
        };
        // A new class: declared in the current scope for `struct S;`, else in the nearest
        // enclosing namespace or block scope.
        let mut scope = self.decl_scope();
        let declares_here = self.at_punct(Punct::Semi) && !specs.is_friend;
        if !declares_here {
            while matches!(
                self.sema.scope(scope).kind,
                ScopeKind::Class | ScopeKind::Prototype | ScopeKind::TemplateParams
            ) {
                match self.sema.scope(scope).parent {
                    Some(p) => scope = p,
                    None => break,
                }
            }
        }
        let _ = cx;
        let id = self
            .sema
            .add_entity(EntityKind::Class(tag), Some(sym), scope, name.span);
        if specs.is_friend {
            self.sema.entity_mut(id).flags.friend_only = true;
        }
        if declares_here || specs.is_friend {
            self.mark_template(id);
        }
        self.note_system(id, name.span);
        name.resolution = Resolution::Entity(id);
        name
    }

    /// Marks an entity declared right after `template <params>` as a template.
    pub(crate) fn mark_template(&mut self, id: EntityId) {
        if self.template_heads.last() == Some(&false) && self.declaring_at_template_level() {
            self.sema.entity_mut(id).is_template = true;
        }
        if self.sema.in_template(self.scope) {
            self.sema.entity_mut(id).flags.in_template = true;
        }
    }

    /// Is the current scope the template parameter scope (so a declaration here is the
    /// templated entity itself, not something nested in its body)?
    fn declaring_at_template_level(&self) -> bool {
        self.sema.scope(self.scope).kind == ScopeKind::TemplateParams
    }

    fn class_definition(
        &mut self,
        start: Span,
        tag: TagKind,
        name: Option<QualName>,
        attrs: Vec<Attribute>,
        is_final: bool,
        specs: &DeclSpecs,
    ) -> PResult<TypeSpec> {
        let _ = specs;
        // The class entity.
        let mut name = name;
        let (entity, injected) = if self.is_tentative() {
            (None, None)
        } else {
            self.declare_class_definition(tag, name.as_mut(), start)
        };
        let sym = name.as_ref().and_then(|n| n.ident());
        // `struct A::B { ... }`: lookup inside goes through A (when A is a class) and then
        // the scopes around the definition (template parameters included).
        let qualifier = match &name {
            Some(n) if n.is_qualified() => self.qualifier_scope(n),
            _ => None,
        };
        let class_scope = match entity {
            Some(e) => self.sema.open_entity_scope(e, ScopeKind::Class, self.scope),
            None => self.sema.new_scope(ScopeKind::Class, self.scope, None),
        };
        if let Some(q) = qualifier
            && self.sema.scope(q).kind == ScopeKind::Class
        {
            self.sema.set_class_context(class_scope, q);
        }
        if let (Some(sym), Some(inj)) = (sym, injected) {
            self.sema.bind(class_scope, sym, inj);
        }
        // Bases.
        let mut bases = Vec::new();
        if self.eat_punct(Punct::Colon) {
            loop {
                let bstart = self.peek().span;
                let _ = self.gnu_and_cxx_attributes()?;
                let mut access = None;
                let mut is_virtual = false;
                loop {
                    match self.kind() {
                        TokenKind::Keyword(Keyword::Virtual) => is_virtual = true,
                        TokenKind::Keyword(Keyword::Public) => access = Some(Access::Public),
                        TokenKind::Keyword(Keyword::Protected) => access = Some(Access::Protected),
                        TokenKind::Keyword(Keyword::Private) => access = Some(Access::Private),
                        _ => break,
                    }
                    self.bump();
                }
                let bname = if self.at_kw(Keyword::Decltype) {
                    let e = self.decltype_specifier()?;
                    QualName {
                        global: false,
                        unfound_qualifier: false,
                        segments: vec![NameSegment {
                            kind: NameKind::Decltype(Box::new(e)),
                            template_kw: false,
                            args: None,
                            span: bstart,
                        }]
                        .into(),
                        span: bstart.to(self.prev_span()),
                        resolution: Resolution::Dependent,
                    }
                } else {
                    self.eat_kw(Keyword::Typename);
                    self.qualified_name()?
                };
                let problem = match self.base_problem(&bname) {
                    None => None,
                    Some(BaseFinding::Dropped(p)) => Some(Box::new(p)),
                    Some(BaseFinding::NotATemplate(p)) => {
                        self.template_args()?;
                        Some(Box::new(p))
                    }
                    Some(BaseFinding::Fails(p, at)) => {
                        return Err(super::ParseError {
                            at,
                            what: "class or struct definition is missing".into(),
                            expected: None,
                            base: Some(Box::new(p)),
                        });
                    }
                };
                let pack = self.eat_punct(Punct::Ellipsis);
                if !self.is_tentative() && problem.is_none() {
                    let dependent = pack || self.name_dependent(&bname);
                    match bname
                        .resolution
                        .entity()
                        .and_then(|e| self.sema.scope_of(e))
                    {
                        Some(s) if !dependent && s != class_scope => {
                            self.sema.scope_mut(class_scope).bases.push(s)
                        }
                        found => {
                            let sc = self.sema.scope_mut(class_scope);
                            sc.dependent_bases = true;
                            if let Some(s) = found
                                && s != class_scope
                                && !sc.dependent_base_templates.contains(&s)
                            {
                                sc.dependent_base_templates.push(s);
                            }
                        }
                    }
                }
                bases.push(BaseSpec {
                    access,
                    is_virtual,
                    name: bname,
                    pack,
                    span: bstart.to(self.prev_span()),
                    problem,
                });
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
        }
        let open = self.expect_punct(Punct::LBrace)?;
        let saved_scope = self.scope;
        self.scope = class_scope;
        self.classes.push(ClassCtx {
            entity,
            injected,
            name: sym,
            access: if tag == TagKind::Class {
                Access::Private
            } else {
                Access::Public
            },
            late_start: self.late.len(),
        });
        let mut members = Vec::new();
        let body_result = self.class_members(&mut members, open);
        let ctx = self.classes.pop().expect("pushed above");
        self.scope = saved_scope;
        let close = body_result?;
        if let Some(e) = entity {
            self.sema.entity_mut(e).flags.defined = true;
        }
        let mut spec = ClassSpec {
            tag,
            name,
            attrs: attrs.into(),
            is_final,
            bases: bases.into(),
            members: members.into(),
            body: open.to(close),
            span: start.to(close),
            entity,
        };
        // The outermost class is complete: read the member bodies it and its nested classes
        // left for later.
        if self.classes.is_empty() && !self.is_tentative() {
            self.parse_late_bodies(ctx.late_start, &mut spec.members);
        }
        // An anonymous union or struct member makes its members visible outside.
        if spec.name.is_none() && self.at_punct(Punct::Semi) && !self.is_tentative() {
            let outer = self.decl_scope();
            let names: Vec<(Symbol, Vec<EntityId>)> = self
                .sema
                .scope(class_scope)
                .names
                .iter()
                .map(|(k, v)| (*k, v.to_vec()))
                .collect();
            for (n, ids) in names {
                for id in ids {
                    self.sema.bind(outer, n, id);
                }
            }
        }
        Ok(TypeSpec::Class(Box::new(spec)))
    }

    /// The member declarations up to and including the closing brace.
    fn class_members(&mut self, members: &mut Vec<Decl>, open: Span) -> PResult<Span> {
        loop {
            self.take_pragmas(members);
            if self.at_punct(Punct::RBrace) || self.at_eof() {
                // `public:` at the end of the input wants a member declaration after it.
                if self.at_eof()
                    && matches!(members.last(), Some(d) if matches!(d.kind, DeclKind::AccessSpec(_)))
                    && self.eof_continue()
                {
                    self.record_at_eof("expected a declaration", None, None);
                }
                break;
            }
            let before = self.pos_marker();
            members.push(self.declaration_or_recover(DeclContext::Class));
            if self.pos_marker() == before {
                self.bump();
            }
        }
        self.expect_closing_brace(open)
    }

    /// Declares the class a definition defines; returns it and the entity its name is bound
    /// to inside (the primary template, for a specialization).
    fn declare_class_definition(
        &mut self,
        tag: TagKind,
        name: Option<&mut QualName>,
        start: Span,
    ) -> (Option<EntityId>, Option<EntityId>) {
        let scope = self.decl_scope();
        let Some(name) = name else {
            let id = self
                .sema
                .add_entity(EntityKind::Class(tag), None, scope, start);
            self.mark_template(id);
            self.note_system(id, start);
            return (Some(id), None);
        };
        let sym = name.ident();
        let last_has_args = name.last().args.is_some();
        if last_has_args {
            // A specialization: `template <> struct hash<int> { ... }`.
            let primary = name
                .resolution
                .entities()
                .iter()
                .copied()
                .find(|&e| self.sema.entity(e).is_template)
                .or_else(|| {
                    sym.and_then(|s| {
                        self.sema
                            .lookup_unqualified(self.scope, s)
                            .into_iter()
                            .find(|&e| self.sema.entity(e).is_template)
                    })
                });
            let parent = primary.map(|p| self.sema.entity(p).parent).unwrap_or(scope);
            let id = self
                .sema
                .add_entity(EntityKind::Class(tag), None, parent, name.span);
            self.sema.entity_mut(id).name = sym;
            self.sema.entity_mut(id).primary = primary;
            if self.sema.in_template(self.scope) {
                self.sema.entity_mut(id).flags.in_template = true;
            }
            if let Some(p) = primary {
                self.sema.entity_mut(p).specializations.push(id);
                if self.template_heads.last() == Some(&true)
                    && let Some(args) = &name.last().args
                {
                    let key = self.args_key(args);
                    self.explicit_specs.insert(id, key);
                }
            }
            self.note_system(id, name.span);
            return (Some(id), primary.or(Some(id)));
        }
        // A previous declaration in the same scope (or the one a qualified name names).
        let existing = if name.is_qualified() {
            name.resolution
                .entities()
                .iter()
                .copied()
                .find(|&e| matches!(self.sema.entity(e).kind, EntityKind::Class(_)))
        } else {
            sym.and_then(|s| {
                self.sema.scope(scope).names.get(&s).and_then(|l| {
                    l.iter()
                        .copied()
                        .find(|&e| matches!(self.sema.entity(e).kind, EntityKind::Class(_)))
                })
            })
        };
        let id = match existing {
            Some(e) if self.sema.entity(e).scope.is_none() => {
                self.sema.entity_mut(e).add_decl(name.span);
                self.sema.entity_mut(e).flags.friend_only = false;
                e
            }
            _ => {
                let id = self
                    .sema
                    .add_entity(EntityKind::Class(tag), sym, scope, name.span);
                self.note_system(id, name.span);
                id
            }
        };
        self.mark_template(id);
        name.resolution = Resolution::Entity(id);
        (Some(id), Some(id))
    }

    /// Parses queued member bodies from `from` on, and puts them into `members`.
    fn parse_late_bodies(&mut self, from: usize, members: &mut [Decl]) {
        let mut parsed: Vec<(u32, Vec<MemInit>, FunctionBody)> = Vec::new();
        let mut i = from;
        // Bodies can queue more bodies (local classes inside them handle their own), so
        // walk by index.
        while i < self.late.len() {
            let Some(late) = self.late[i].take() else {
                i += 1;
                continue;
            };
            let saved = self.mark();
            let saved_scope = self.scope;
            let saved_pragma = self.next_pragma;
            // Back to the body; what was recorded since it was queued (the members after
            // it, the class's closing brace) stays recorded.
            self.reset_keep_recoveries(late.at);
            self.rewind_pragmas(late.at);
            self.scope = late.scope;
            let start = self.peek().span;
            let result = self.function_body_now(&late.declarator, late.entity, late.space);
            let (inits, body) = match result {
                Ok(r) => r,
                Err(e) => {
                    // Skip the body and record the recovery.
                    self.reset_keep_recoveries(late.at);
                    self.skip_late_body();
                    let span = start.to(self.prev_span());
                    self.record_error(span, &e);
                    (
                        Vec::new(),
                        FunctionBody::Compound(Box::new(Stmt {
                            kind: StmtKind::Error,
                            span,
                            attrs: Vec::new().into(),
                        })),
                    )
                }
            };
            parsed.push((i as u32, inits, body));
            self.scope = saved_scope;
            self.reset_keep_recoveries(saved);
            self.next_pragma = saved_pragma;
            i += 1;
        }
        self.late.truncate(from);
        if parsed.is_empty() {
            return;
        }
        let mut map: crate::intern::FxHashMap<u32, (Vec<MemInit>, FunctionBody)> =
            parsed.into_iter().map(|(i, a, b)| (i, (a, b))).collect();
        fill_late(members, &mut map);
    }

    fn skip_late_body(&mut self) {
        self.eat_kw(Keyword::Try);
        while !self.at_punct(Punct::LBrace) && !self.at_eof() {
            if matches!(
                self.kind(),
                TokenKind::Punct(Punct::LParen | Punct::LBracket)
            ) {
                self.skip_balanced();
            } else {
                self.bump();
            }
        }
        self.skip_balanced();
        while self.at_kw(Keyword::Catch) {
            self.bump();
            self.skip_balanced();
            self.skip_balanced();
        }
    }

    /// A base-specifier's name that denotes no class, found as cudafe++ finds it: the name
    /// is looked up where the class head stands, and only where our tables are sure to
    /// hold every candidate (user code, no earlier recovery, no enclosing class with a base
    /// we cannot look into, namespaces and plain complete classes as qualifiers).
    fn base_problem(&self, n: &QualName) -> Option<BaseFinding> {
        // A name the parser took for dependent may only have an unknown qualifier: the walk
        // below looks at every component itself (a template parameter, a `decltype` or a
        // template-id ends it).
        if let Resolution::Entity(e) = n.resolution
            && self.sema.resolve_alias_kind(e).is_type()
        {
            return None;
        }
        let segs = &n.segments;
        if segs.is_empty() || segs.iter().any(|s| s.args.is_some() || s.ident().is_none()) {
            return None;
        }
        // Other recoveries may have left names undeclared.
        if self.map.is_system(n.span.lo) || self.recoveries.iter().any(|r| r.base.is_none()) {
            return None;
        }
        let less = self.at_punct(Punct::Less);
        let unknowable = self.in_unknowable_class_scope();
        let not_a_class = |found: &[EntityId]| {
            found.iter().all(|&e| {
                matches!(
                    self.sema.resolve_alias_kind(e),
                    EntityKind::Function
                        | EntityKind::Variable
                        | EntityKind::Field
                        | EntityKind::Enumerator
                        | EntityKind::Parameter
                )
            })
        };
        if !n.global && segs.len() == 1 {
            let seg = &segs[0];
            let sym = seg.ident()?;
            let found = self.sema.lookup_unqualified(self.scope, sym);
            if found.is_empty() {
                if unknowable {
                    return None;
                }
                return Some(if less {
                    BaseFinding::NotATemplate(BaseProblem::NotATemplate {
                        name: sym,
                        at: seg.span,
                    })
                } else {
                    BaseFinding::Dropped(BaseProblem::NotAClass { at: seg.span })
                });
            }
            return (!less && not_a_class(&found)).then_some(BaseFinding::Dropped(
                BaseProblem::NotAClass { at: seg.span },
            ));
        }
        let (mut scope, mut owner, start) = if n.global {
            (Sema::GLOBAL, None, 0)
        } else {
            let first = segs[0].ident()?;
            let found = self.sema.lookup_nested_name_specifier(self.scope, first);
            if found.is_empty() {
                if unknowable || !self.sema.lookup_unqualified(self.scope, first).is_empty() {
                    return None;
                }
                // cudafe++ takes `X` for the base and fails at the `::` after it.
                let hi = segs[0].span.hi;
                let colons = self.toks[self.toks.partition_point(|t| t.span.lo < hi)].span;
                return Some(BaseFinding::Fails(
                    BaseProblem::NotAClass { at: segs[0].span },
                    colons,
                ));
            }
            let [only] = found[..] else { return None };
            let (scope, owner) = self.known_members(only)?;
            (scope, Some(owner), 1)
        };
        for (i, seg) in segs.iter().enumerate().skip(start) {
            let sym = seg.ident()?;
            let found = self.sema.lookup_qualified(scope, sym);
            if i + 1 < segs.len() {
                if found.is_empty() || not_a_class(&found) {
                    return (!less).then_some(BaseFinding::Dropped(
                        BaseProblem::NotClassOrNamespace { at: seg.span },
                    ));
                }
                let [only] = found[..] else { return None };
                let (s, o) = self.known_members(only)?;
                (scope, owner) = (s, Some(o));
                continue;
            }
            if !found.is_empty() && !not_a_class(&found) {
                return None;
            }
            return Some(match owner {
                None if !found.is_empty() => return None,
                None if less => BaseFinding::NotATemplate(BaseProblem::NotATemplate {
                    name: sym,
                    at: seg.span,
                }),
                None => BaseFinding::Dropped(BaseProblem::GlobalNoClass {
                    name: sym,
                    at: seg.span,
                }),
                Some(owner) => {
                    let p = BaseProblem::NoMemberClass {
                        owner,
                        name: sym,
                        at: seg.span,
                    };
                    if less {
                        BaseFinding::Fails(p, self.peek().span)
                    } else {
                        BaseFinding::Dropped(p)
                    }
                }
            });
        }
        None
    }

    /// The scope `X::` opens when all of its members are known to us: a namespace, or a
    /// complete class that is no template and has no base.
    fn known_members(&self, id: EntityId) -> Option<(ScopeId, EntityId)> {
        let id = self.sema.resolve_alias(id);
        let e = self.sema.entity(id);
        match e.kind {
            EntityKind::Namespace => Some((e.scope?, id)),
            EntityKind::Class(_) if e.flags.defined && !e.is_template && e.primary.is_none() => {
                let s = e.scope?;
                let sc = self.sema.scope(s);
                (sc.bases.is_empty() && !sc.dependent_bases && !self.sema.in_template(s))
                    .then_some((s, id))
            }
            _ => None,
        }
    }

    /// Is the class head inside a class (or a member of one) with a base whose members we
    /// may not see?
    fn in_unknowable_class_scope(&self) -> bool {
        let mut cur = Some(self.scope);
        while let Some(s) = cur {
            let sc = self.sema.scope(s);
            if sc.kind == ScopeKind::Class && (sc.dependent_bases || !sc.bases.is_empty()) {
                return true;
            }
            if let Some(c) = sc.class_context {
                let mut k = Some(c);
                while let Some(cs) = k {
                    let csc = self.sema.scope(cs);
                    if csc.kind == ScopeKind::Class
                        && (csc.dependent_bases || !csc.bases.is_empty())
                    {
                        return true;
                    }
                    k = csc.parent;
                }
            }
            cur = sc.parent;
        }
        false
    }

    // -----------------------------------------------------------------------------------
    // Enums

    fn enum_specifier(&mut self, specs: &DeclSpecs, cx: DeclContext) -> PResult<TypeSpec> {
        let start = self.bump().span; // enum
        let scoped = self.eat_kw(Keyword::Class) || self.eat_kw(Keyword::Struct);
        let mut attrs = self.gnu_and_cxx_attributes()?;
        let name = if self.at_name_start() {
            Some(self.qualified_name()?)
        } else {
            None
        };
        attrs.extend(self.gnu_and_cxx_attributes()?);
        let underlying = if self.at_punct(Punct::Colon)
            && (name.is_some()
                || !matches!(cx, DeclContext::Class)
                || self.lookahead(|p| {
                    p.bump();
                    p.type_id().is_ok() && (p.at_punct(Punct::LBrace) || p.at_punct(Punct::Semi))
                })) {
            // `enum E : int` — not a bit-field `enum E : 3` (handled by the type-id failing).
            let is_type = self.lookahead(|p| {
                p.bump();
                p.starts_type_id()
            });
            if is_type {
                self.bump();
                Some(Box::new(self.type_id()?))
            } else {
                None
            }
        } else {
            None
        };
        if !self.at_punct(Punct::LBrace) {
            // An elaborated `enum E` or an opaque declaration `enum class E : int;`.
            let Some(name) = name else {
                // `enum *p;`: neither a definition nor a name.
                if underlying.is_none() && !scoped {
                    return Err(self.err("expected either a definition or a tag name"));
                }
                return Err(self.err("expected a \"{\""));
            };
            if underlying.is_some() || scoped {
                let entity = self.declare_enum(scoped, Some(&name), start);
                return Ok(TypeSpec::Enum(Box::new(EnumSpec {
                    scoped,
                    name: Some(name),
                    attrs: attrs.into(),
                    underlying,
                    enumerators: None,
                    span: start.to(self.prev_span()),
                    entity,
                })));
            }
            let name = if name.resolution == Resolution::Unresolved && !self.is_tentative() {
                let mut n = name;
                let e = self.declare_enum(false, Some(&n), start);
                if let Some(e) = e {
                    n.resolution = Resolution::Entity(e);
                }
                n
            } else {
                name
            };
            let _ = specs;
            return Ok(TypeSpec::Elaborated {
                tag: TagKind::Enum,
                name,
                attrs: attrs.into(),
            });
        }
        let entity = self.declare_enum(scoped, name.as_ref(), start);
        let enum_scope = match entity {
            Some(e) => self.sema.open_entity_scope(e, ScopeKind::Enum, self.scope),
            None => self.sema.new_scope(ScopeKind::Enum, self.scope, None),
        };
        let open = self.bump().span; // {
        let outer = self.decl_scope();
        let mut enumerators = Vec::new();
        while !self.at_punct(Punct::RBrace) {
            if self.at_eof() && self.eof_continue() {
                self.record_at_eof("expected an identifier", None, None);
                break;
            }
            let estart = self.peek().span;
            let (ename, espan) = self.ident()?;
            let eattrs = self.gnu_and_cxx_attributes()?;
            let value = if self.eat_punct(Punct::Eq) {
                // Earlier enumerators are visible in the value.
                let saved = self.scope;
                self.scope = enum_scope;
                let v = self.constant_expression();
                self.scope = saved;
                Some(v?)
            } else {
                None
            };
            let mut eid = None;
            if !self.is_tentative() {
                let id =
                    self.sema
                        .add_entity(EntityKind::Enumerator, Some(ename), enum_scope, espan);
                if !scoped {
                    self.sema.bind(outer, ename, id);
                }
                eid = Some(id);
            }
            enumerators.push(Enumerator {
                name: ename,
                value,
                attrs: eattrs.into(),
                span: estart.to(self.prev_span()),
                entity: eid,
            });
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        let close = self.expect_closing_brace(open)?;
        if let Some(e) = entity {
            self.sema.entity_mut(e).flags.defined = true;
        }
        Ok(TypeSpec::Enum(Box::new(EnumSpec {
            scoped,
            name,
            attrs: attrs.into(),
            underlying,
            enumerators: Some(enumerators.into()),
            span: start.to(close),
            entity,
        })))
    }

    fn declare_enum(
        &mut self,
        scoped: bool,
        name: Option<&QualName>,
        start: Span,
    ) -> Option<EntityId> {
        if self.is_tentative() {
            return None;
        }
        let scope = self.decl_scope();
        let sym = name.and_then(|n| n.ident());
        if let Some(n) = name {
            let existing = if n.is_qualified() {
                n.resolution.entity()
            } else {
                sym.and_then(|s| {
                    self.sema.scope(scope).names.get(&s).and_then(|l| {
                        l.iter()
                            .copied()
                            .find(|&e| matches!(self.sema.entity(e).kind, EntityKind::Enum { .. }))
                    })
                })
            };
            if let Some(e) = existing
                && matches!(self.sema.entity(e).kind, EntityKind::Enum { .. })
            {
                self.sema.entity_mut(e).add_decl(n.span);
                return Some(e);
            }
        }
        let span = name.map(|n| n.span).unwrap_or(start);
        let id = self
            .sema
            .add_entity(EntityKind::Enum { scoped }, sym, scope, span);
        self.note_system(id, span);
        Some(id)
    }
}

/// Puts parsed late bodies into their function definitions.
fn fill_late(
    decls: &mut [Decl],
    map: &mut crate::intern::FxHashMap<u32, (Vec<MemInit>, FunctionBody)>,
) {
    for d in decls {
        fill_late_decl(d, map);
    }
}

fn fill_late_decl(
    d: &mut Decl,
    map: &mut crate::intern::FxHashMap<u32, (Vec<MemInit>, FunctionBody)>,
) {
    match &mut d.kind {
        DeclKind::Function(f) => {
            if let FunctionBody::Late(id) = f.body
                && let Some((inits, body)) = map.remove(&id)
            {
                f.mem_inits = inits.into();
                f.body = body;
            }
            fill_late_specs(&mut f.specs, map);
        }
        DeclKind::Template { decl, .. } | DeclKind::ExplicitInstantiation { decl, .. } => {
            fill_late_decl(decl, map)
        }
        DeclKind::Simple { specs, .. } => fill_late_specs(specs, map),
        DeclKind::LinkageSpec { decls, .. } => fill_late(decls, map),
        _ => {}
    }
}

fn fill_late_specs(
    specs: &mut DeclSpecs,
    map: &mut crate::intern::FxHashMap<u32, (Vec<MemInit>, FunctionBody)>,
) {
    if let TypeSpec::Class(c) = &mut specs.ty {
        fill_late(&mut c.members, map);
    }
}
