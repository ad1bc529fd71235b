//! Declarations: specifiers, declarators, parameters, initializers, function definitions,
//! namespaces, using, templates, linkage specifications.

use super::names::NameClass;
use super::{DeclContext, PResult, ParseError, Parser};
use crate::intern::Symbol;
use crate::lexer::{Keyword, Punct, TokenKind};
use crate::sema::{EntityId, EntityKind, ScopeId, ScopeKind, Sema};
use crate::source_map::{Span, holds_unqualified_word};
use crate::syntax::ast::*;

/// Where a function whose body the parser reaches runs, by the attributes of its
/// definition (see [`Parser::body_space`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BodySpace {
    Host,
    HostDevice,
    /// `__device__` only, or `__global__`.
    DeviceOnly,
}

/// What kind of declarator is expected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DeclaratorMode {
    /// Must have a name.
    Named,
    /// Must not have a name (type-ids).
    Abstract,
    /// Either (parameters).
    Either,
}

impl<'a> Parser<'a> {
    /// The scope declarations currently go into (template parameter scopes are skipped).
    pub(crate) fn decl_scope(&self) -> ScopeId {
        let mut s = self.scope;
        loop {
            let sc = self.sema.scope(s);
            match sc.kind {
                ScopeKind::TemplateParams => match sc.parent {
                    Some(p) => s = p,
                    None => return s,
                },
                _ => return s,
            }
        }
    }

    /// One declaration in context `cx`.
    pub(crate) fn declaration(&mut self, cx: DeclContext) -> PResult<Decl> {
        self.enter()?;
        let r = self.declaration_inner(cx);
        self.leave();
        r
    }

    fn declaration_inner(&mut self, cx: DeclContext) -> PResult<Decl> {
        let start = self.peek().span;
        if self.at_kw(Keyword::Extension)
            && matches!(
                self.nth_kind(1),
                TokenKind::Keyword(
                    Keyword::Template
                        | Keyword::Extern
                        | Keyword::Namespace
                        | Keyword::Using
                        | Keyword::Extension
                )
            )
        {
            self.bump();
            return self.declaration_inner(cx);
        }
        match self.kind() {
            TokenKind::Punct(Punct::Semi) => {
                self.bump();
                return Ok(Decl {
                    kind: DeclKind::Empty,
                    span: start,
                });
            }
            TokenKind::Keyword(Keyword::Namespace) => return self.namespace_definition(false),
            TokenKind::Keyword(Keyword::Inline)
                if self.nth_kind(1) == TokenKind::Keyword(Keyword::Namespace) =>
            {
                self.bump();
                return self.namespace_definition(true);
            }
            TokenKind::Keyword(Keyword::Using) => return self.using_declaration(cx),
            TokenKind::Keyword(Keyword::Template) => return self.template_declaration(cx),
            TokenKind::Keyword(Keyword::Export) => {
                self.bump();
                return self.declaration(cx);
            }
            TokenKind::Keyword(Keyword::Extern) => {
                if matches!(self.nth_kind(1), TokenKind::Str(_)) {
                    return self.linkage_specification(cx);
                }
                if self.nth_kind(1) == TokenKind::Keyword(Keyword::Template) {
                    self.bump();
                    self.bump();
                    let decl = self.declaration(DeclContext::Template)?;
                    return Ok(Decl {
                        span: start.to(decl.span),
                        kind: DeclKind::ExplicitInstantiation {
                            is_extern: true,
                            decl: Box::new(decl),
                        },
                    });
                }
            }
            TokenKind::Keyword(Keyword::StaticAssert) => return self.static_assert_declaration(),
            TokenKind::Keyword(Keyword::Asm) => {
                self.bump();
                while matches!(
                    self.kind(),
                    TokenKind::Keyword(Keyword::Volatile | Keyword::Inline | Keyword::Goto)
                ) {
                    self.bump();
                }
                self.skip_balanced();
                self.expect_punct(Punct::Semi)?;
                return Ok(Decl {
                    kind: DeclKind::Asm,
                    span: start.to(self.prev_span()),
                });
            }
            TokenKind::Keyword(Keyword::Concept) if cx == DeclContext::Template => {
                return self.concept_definition();
            }
            TokenKind::Keyword(Keyword::Public | Keyword::Protected | Keyword::Private)
                if cx == DeclContext::Class && self.nth_is_punct(1, Punct::Colon) =>
            {
                let access = match self.bump().kind {
                    TokenKind::Keyword(Keyword::Public) => Access::Public,
                    TokenKind::Keyword(Keyword::Protected) => Access::Protected,
                    _ => Access::Private,
                };
                self.bump();
                if let Some(c) = self.classes.last_mut() {
                    c.access = access;
                }
                return Ok(Decl {
                    kind: DeclKind::AccessSpec(access),
                    span: start.to(self.prev_span()),
                });
            }
            TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => {
                // An attribute declaration `[[...]];` or attributes before a declaration.
                let m = self.mark();
                let attrs = self.attribute_specifiers()?;
                if self.eat_punct(Punct::Semi) {
                    return Ok(Decl {
                        kind: DeclKind::Attributes(attrs.into()),
                        span: start.to(self.prev_span()),
                    });
                }
                self.reset(m);
            }
            TokenKind::Ident
                if self.nth_sym(0) == Some(self.known.pragma_op)
                    && self.nth_is_punct(1, Punct::LParen) =>
            {
                self.bump();
                self.skip_balanced();
                return Ok(Decl {
                    kind: DeclKind::Pragma,
                    span: start.to(self.prev_span()),
                });
            }
            _ => {}
        }
        if matches!(
            cx,
            DeclContext::Namespace | DeclContext::Template | DeclContext::Class
        ) && self.at_deduction_guide()
        {
            return self.deduction_guide();
        }
        self.simple_declaration(cx, None)
    }

    // -----------------------------------------------------------------------------------
    // Namespaces, linkage, using

    fn namespace_definition(&mut self, is_inline: bool) -> PResult<Decl> {
        let start = self.bump().span; // namespace
        let mut attrs = self.gnu_and_cxx_attributes()?;
        let mut names = Vec::new();
        let mut inline_flags = Vec::new();
        if self.at_ident() {
            if self.nth_is_punct(1, Punct::Eq) {
                // namespace alias
                let (name, name_span) = self.ident()?;
                self.bump();
                let target = self.qualified_name()?;
                self.expect_punct(Punct::Semi)?;
                if !self.is_tentative() {
                    let scope = self.decl_scope();
                    let id = self.sema.add_entity(
                        EntityKind::NamespaceAlias,
                        Some(name),
                        scope,
                        name_span,
                    );
                    self.sema.entity_mut(id).target = target.resolution.entity();
                }
                return Ok(Decl {
                    kind: DeclKind::NamespaceAlias { name, target },
                    span: start.to(self.prev_span()),
                });
            }
            loop {
                let inline_at = self.peek().span;
                let inl = self.eat_kw(Keyword::Inline);
                if inl {
                    self.feature(20, Feature::NestedInlineNamespace, inline_at);
                }
                let (n, name_at) = self.ident()?;
                if names.len() == 1 {
                    self.feature(17, Feature::NestedNamespace, name_at);
                }
                names.push(n);
                inline_flags.push(inl);
                if self.at_punct(Punct::ColonColon)
                    && matches!(
                        self.nth_kind(1),
                        TokenKind::Ident | TokenKind::Keyword(Keyword::Inline)
                    )
                {
                    self.bump();
                    continue;
                }
                break;
            }
        }
        attrs.extend(self.gnu_and_cxx_attributes()?);
        let open = self.expect_punct(Punct::LBrace)?;
        let saved = self.scope;
        let mut entity = None;
        if names.is_empty() {
            let s = self.open_namespace(None, is_inline, open);
            entity = self.sema.scope(s).entity;
            self.scope = s;
        } else {
            for (i, n) in names.iter().enumerate() {
                let inl = inline_flags[i] || (is_inline && i + 1 == names.len());
                let s = self.open_namespace(Some(*n), inl, open);
                entity = self.sema.scope(s).entity;
                self.scope = s;
            }
        }
        let mut decls = Vec::new();
        loop {
            self.take_pragmas(&mut decls);
            if self.at_punct(Punct::RBrace) || self.at_eof() {
                break;
            }
            let before = self.pos_marker();
            decls.push(self.declaration_or_recover(DeclContext::Namespace));
            if self.pos_marker() == before {
                self.bump();
            }
        }
        self.scope = saved;
        let close = self.expect_closing_brace(open)?;
        Ok(Decl {
            kind: DeclKind::Namespace(Box::new(NamespaceDecl {
                names: names.into(),
                is_inline,
                attrs: attrs.into(),
                decls: decls.into(),
                body: open.to(close),
                entity,
            })),
            span: start.to(close),
        })
    }

    pub(crate) fn pos_marker(&self) -> (usize, bool) {
        let m = self.mark();
        (m.pos, m.split.is_some())
    }

    /// A namespace `name` declared in a member of the inline namespace set of `scope`
    /// (`namespace A { inline namespace V { namespace detail {} } }`): a definition of
    /// `namespace detail` in `A` extends it.
    fn namespace_in_inline_set(
        &self,
        scope: ScopeId,
        name: crate::intern::Symbol,
        depth: u32,
    ) -> Option<EntityId> {
        if depth > 16 {
            return None;
        }
        self.sema
            .scope(scope)
            .inline_namespaces
            .iter()
            .find_map(|&s| {
                let sc = self.sema.scope(s);
                // An unnamed namespace is nominated, not inline.
                sc.entity.filter(|&e| self.sema.entity(e).name.is_some())?;
                sc.names
                    .get(&name)
                    .and_then(|l| {
                        l.iter()
                            .copied()
                            .find(|&e| self.sema.entity(e).kind == EntityKind::Namespace)
                    })
                    .or_else(|| self.namespace_in_inline_set(s, name, depth + 1))
            })
    }

    /// Finds or creates the namespace `name` in the current scope; returns its scope.
    fn open_namespace(
        &mut self,
        name: Option<crate::intern::Symbol>,
        is_inline: bool,
        span: Span,
    ) -> ScopeId {
        let parent = self.scope;
        if let Some(n) = name {
            let existing = self.sema.scope(parent).names.get(&n).and_then(|l| {
                l.iter()
                    .copied()
                    .find(|&e| self.sema.entity(e).kind == EntityKind::Namespace)
            });
            if let Some(e) = existing.or_else(|| self.namespace_in_inline_set(parent, n, 0)) {
                return self.sema.entity(e).scope.expect("namespaces have scopes");
            }
        } else {
            // Every anonymous namespace of a scope is the same namespace.
            let existing = self
                .sema
                .scope(parent)
                .inline_namespaces
                .iter()
                .copied()
                .find(|&s| {
                    self.sema
                        .scope(s)
                        .entity
                        .is_some_and(|e| self.sema.entity(e).name.is_none())
                });
            if let Some(s) = existing {
                return s;
            }
        }
        let id = self
            .sema
            .add_entity(EntityKind::Namespace, name, parent, span);
        let in_anon = name.is_none()
            || self
                .sema
                .scope(parent)
                .entity
                .is_some_and(|e| self.sema.entity(e).flags.in_anonymous_namespace);
        self.sema.entity_mut(id).flags.in_anonymous_namespace = in_anon;
        let s = self
            .sema
            .open_entity_scope(id, ScopeKind::Namespace, parent);
        if is_inline || name.is_none() {
            // An anonymous namespace behaves like an inline one for lookup (it is nominated by
            // an implicit using-directive).
            self.sema.scope_mut(parent).inline_namespaces.push(s);
        }
        s
    }

    fn linkage_specification(&mut self, cx: DeclContext) -> PResult<Decl> {
        let start = self.bump().span; // extern
        let lang = self.bump().span; // "C"
        let is_c = self.map.slice(lang) == b"\"C\"";
        if self.at_punct(Punct::LBrace) {
            let open = self.bump().span;
            let mut decls = Vec::new();
            self.extern_c_depth += is_c as u32;
            loop {
                self.take_pragmas(&mut decls);
                if self.at_punct(Punct::RBrace) || self.at_eof() {
                    break;
                }
                let before = self.pos_marker();
                decls.push(self.declaration_or_recover(cx));
                if self.pos_marker() == before {
                    self.bump();
                }
            }
            self.extern_c_depth -= is_c as u32;
            let close = self.expect_closing_brace(open)?;
            return Ok(Decl {
                kind: DeclKind::LinkageSpec {
                    lang,
                    braced: true,
                    decls: decls.into(),
                },
                span: start.to(close),
            });
        }
        self.extern_c_depth += is_c as u32;
        self.linkage_extern_pending = true;
        let d = self.declaration(cx);
        self.linkage_extern_pending = false;
        self.extern_c_depth -= is_c as u32;
        let d = d?;
        Ok(Decl {
            span: start.to(d.span),
            kind: DeclKind::LinkageSpec {
                lang,
                braced: false,
                decls: vec![d].into(),
            },
        })
    }

    fn using_declaration(&mut self, cx: DeclContext) -> PResult<Decl> {
        let start = self.bump().span; // using
        if self.eat_kw(Keyword::Namespace) {
            let _ = self.gnu_and_cxx_attributes()?;
            let ns = self.qualified_name()?;
            let _ = self.gnu_and_cxx_attributes()?;
            self.expect_punct(Punct::Semi)?;
            if !self.is_tentative()
                && let Some(e) = ns.resolution.entity()
                && let Some(s) = self.sema.scope_of(e)
            {
                let here = self.scope;
                if !self.sema.scope(here).using_directives.contains(&s) {
                    self.sema.scope_mut(here).using_directives.push(s);
                }
            }
            return Ok(Decl {
                kind: DeclKind::UsingDirective { ns },
                span: start.to(self.prev_span()),
            });
        }
        // `using enum E;` is C++20; before, `enum` is where a name was expected (cudafe++
        // takes it in a class).
        if self.at_kw(Keyword::Enum) && self.opts.cxx < 20 && cx != DeclContext::Class {
            return Err(self.err("expected an identifier"));
        }
        if self.eat_kw(Keyword::Enum) {
            let name = self.qualified_name()?;
            self.expect_punct(Punct::Semi)?;
            if !self.is_tentative()
                && let Some(e) = name.resolution.entity()
                && let Some(s) = self.sema.scope_of(e)
            {
                let here = self.decl_scope();
                let names: Vec<(crate::intern::Symbol, Vec<EntityId>)> = self
                    .sema
                    .scope(s)
                    .names
                    .iter()
                    .map(|(k, v)| (*k, v.to_vec()))
                    .collect();
                for (n, ids) in names {
                    for id in ids {
                        self.sema.bind(here, n, id);
                    }
                }
            }
            return Ok(Decl {
                kind: DeclKind::UsingEnum { name },
                span: start.to(self.prev_span()),
            });
        }
        // Alias declaration: `using X [[attrs]] = type-id;`
        if self.at_ident() && {
            let mut n = 1;
            // Skip attributes after the name.
            while self.nth_kind(n) == TokenKind::Keyword(Keyword::Attribute)
                || (self.nth_is_punct(n, Punct::LBracket)
                    && self.nth_is_punct(n + 1, Punct::LBracket))
            {
                n += 1;
                // Skip one balanced group roughly: let the real parse validate.
                let mut depth = 0i32;
                loop {
                    match self.nth_kind(n) {
                        TokenKind::Punct(Punct::LParen | Punct::LBracket) => depth += 1,
                        TokenKind::Punct(Punct::RParen | Punct::RBracket) => {
                            depth -= 1;
                            if depth <= 0 {
                                n += 1;
                                if depth == 0 && !self.nth_is_punct(n, Punct::RBracket) {
                                    break;
                                }
                                if depth < 0 {
                                    break;
                                }
                                continue;
                            }
                        }
                        TokenKind::Eof => break,
                        _ => {}
                    }
                    n += 1;
                }
            }
            self.nth_is_punct(n, Punct::Eq)
        } {
            let (name, name_span) = self.ident()?;
            let _attrs = self.gnu_and_cxx_attributes()?;
            self.expect_punct(Punct::Eq)?;
            let ty = self.type_id_only()?;
            self.expect_punct(Punct::Semi)?;
            let mut entity = None;
            if !self.is_tentative() {
                let scope = self.decl_scope();
                let id = self
                    .sema
                    .add_entity(EntityKind::Typedef, Some(name), scope, name_span);
                self.sema.entity_mut(id).target = self.typeid_target(&ty);
                self.mark_template(id);
                if self.sema.in_template(self.scope) {
                    self.sema.entity_mut(id).flags.in_template = true;
                }
                self.note_system(id, name_span);
                entity = Some(id);
            }
            return Ok(Decl {
                kind: DeclKind::Alias {
                    name,
                    ty: Box::new(ty),
                    entity,
                },
                span: start.to(self.prev_span()),
            });
        }
        let mut names = Vec::new();
        let mut typename_kw = false;
        loop {
            typename_kw |= self.eat_kw(Keyword::Typename);
            let name = self.qualified_name()?;
            self.eat_punct(Punct::Ellipsis);
            names.push(name);
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        self.expect_punct(Punct::Semi)?;
        if !self.is_tentative() {
            let scope = self.decl_scope();
            for n in &names {
                let Some(sym) = n.ident() else { continue };
                let targets = n.resolution.entities().to_vec();
                // Inheriting constructors (`using Base::Base;`) declare nothing by that name.
                if cx == DeclContext::Class && n.segments.len() >= 2 {
                    let prev = n.segments[n.segments.len() - 2].ident();
                    if prev == Some(sym) {
                        continue;
                    }
                }
                let id = self
                    .sema
                    .add_entity(EntityKind::Using, Some(sym), scope, n.span);
                if targets.is_empty() && typename_kw {
                    // `using typename Base<T>::type;` — a type of unknown definition.
                    self.sema.entity_mut(id).kind = EntityKind::Typedef;
                } else {
                    self.sema.entity_mut(id).targets = targets;
                }
            }
        }
        Ok(Decl {
            kind: DeclKind::UsingDecl {
                names: names.into(),
                typename_kw,
            },
            span: start.to(self.prev_span()),
        })
    }

    fn static_assert_declaration(&mut self) -> PResult<Decl> {
        let start = self.bump().span;
        self.expect_punct(Punct::LParen)?;
        let cond = self.assignment_expression()?;
        let message = if self.eat_punct(Punct::Comma) {
            Some(Box::new(self.assignment_expression()?))
        } else {
            None
        };
        self.expect_punct(Punct::RParen)?;
        self.expect_punct(Punct::Semi)?;
        Ok(Decl {
            kind: DeclKind::StaticAssert { cond, message },
            span: start.to(self.prev_span()),
        })
    }

    fn concept_definition(&mut self) -> PResult<Decl> {
        let start = self.bump().span; // concept
        let (name, name_span) = self.ident()?;
        let _ = self.gnu_and_cxx_attributes()?;
        self.expect_punct(Punct::Eq)?;
        let constraint = self.logical_or_expression()?;
        self.expect_punct(Punct::Semi)?;
        let mut entity = None;
        if !self.is_tentative() {
            let scope = self.decl_scope();
            let id = self
                .sema
                .add_entity(EntityKind::Concept, Some(name), scope, name_span);
            self.sema.entity_mut(id).is_template = true;
            entity = Some(id);
        }
        Ok(Decl {
            kind: DeclKind::Concept {
                name,
                constraint,
                entity,
            },
            span: start.to(self.prev_span()),
        })
    }

    /// `Name(params) -> type;` at namespace scope (after attributes and `explicit`).
    fn at_deduction_guide(&mut self) -> bool {
        // Quick filter on the first token.
        match self.kind() {
            TokenKind::Keyword(Keyword::Attribute | Keyword::Explicit) => {}
            TokenKind::Ident if self.nth_is_punct(1, Punct::LParen) => {}
            _ => return false,
        }
        self.lookahead(|p| {
            p.skip_attribute_groups();
            if p.eat_kw(Keyword::Explicit) && p.at_punct(Punct::LParen) {
                p.skip_balanced();
            }
            p.skip_attribute_groups();
            if !p.at_ident() || !p.nth_is_punct(1, Punct::LParen) {
                return false;
            }
            let Some(sym) = p.nth_sym(0) else {
                return false;
            };
            let found = p.sema.lookup_unqualified(p.scope, sym);
            if !found.iter().any(|&e| {
                let en = p.sema.entity(e);
                en.is_template && matches!(en.kind, EntityKind::Class(_))
            }) {
                return false;
            }
            p.bump();
            p.skip_balanced();
            p.at_punct(Punct::Arrow)
        })
    }

    fn deduction_guide(&mut self) -> PResult<Decl> {
        let start = self.peek().span;
        let _ = self.gnu_and_cxx_attributes()?;
        if self.eat_kw(Keyword::Explicit) && self.at_punct(Punct::LParen) {
            self.skip_balanced();
        }
        let _ = self.gnu_and_cxx_attributes()?;
        let name = self.qualified_name()?;
        let params = self.push_prototype_scope(|p| p.function_chunk(false))?;
        self.expect_punct(Punct::Arrow)?;
        let result = self.type_id()?;
        self.expect_punct(Punct::Semi)?;
        Ok(Decl {
            kind: DeclKind::DeductionGuide {
                name,
                params: Box::new(params),
                result: Box::new(result),
            },
            span: start.to(self.prev_span()),
        })
    }

    // -----------------------------------------------------------------------------------
    // Templates

    fn template_declaration(&mut self, cx: DeclContext) -> PResult<Decl> {
        let start = self.bump().span; // template
        if !self.at_punct(Punct::Less) {
            // Explicit instantiation: `template decl;`
            let decl = self.declaration(DeclContext::Template)?;
            return Ok(Decl {
                span: start.to(decl.span),
                kind: DeclKind::ExplicitInstantiation {
                    is_extern: false,
                    decl: Box::new(decl),
                },
            });
        }
        let saved = self.scope;
        let tscope = self.push_scope(ScopeKind::TemplateParams);
        let result = (|| {
            let params = self.template_parameter_list()?;
            let requires = if self.at_kw(Keyword::Requires) {
                self.bump();
                Some(self.constraint_expression()?)
            } else {
                None
            };
            let head = TemplateHead {
                params: params.into(),
                requires: requires.map(Box::new),
                span: start.to(self.prev_span()),
            };
            self.template_heads.push(head.params.is_empty());
            let decl = self.declaration(if cx == DeclContext::Class {
                DeclContext::Class
            } else {
                DeclContext::Template
            });
            self.template_heads.pop();
            let decl = decl?;
            Ok(Decl {
                span: start.to(decl.span),
                kind: DeclKind::Template {
                    head,
                    decl: Box::new(decl),
                },
            })
        })();
        let _ = tscope;
        self.scope = saved;
        result
    }

    /// `< params >`, declaring each parameter in the current (template parameter) scope.
    pub(crate) fn template_parameter_list(&mut self) -> PResult<Vec<TemplateParam>> {
        self.expect_punct(Punct::Less)?;
        // Template template parameters nest parameter lists.
        self.enter()?;
        let r = self.template_parameters_inner();
        self.leave();
        r
    }

    fn template_parameters_inner(&mut self) -> PResult<Vec<TemplateParam>> {
        self.angle_depth += 1;
        let r = (|| {
            let mut params = Vec::new();
            if self.eat_closing_angle() {
                return Ok(params);
            }
            loop {
                if self.at_eof() && self.eof_continue() {
                    self.record_at_eof("template parameter declaration is missing", None, None);
                    return Ok(params);
                }
                params.push(self.template_parameter()?);
                if self.eat_punct(Punct::Comma) {
                    continue;
                }
                if self.eat_closing_angle() {
                    return Ok(params);
                }
                if self.at_eof() && self.eof_continue() {
                    self.record_at_eof("expected a \",\" or \">\"", None, None);
                    return Ok(params);
                }
                return Err(self.err("expected a \">\""));
            }
        })();
        self.angle_depth -= 1;
        r
    }

    fn template_parameter(&mut self) -> PResult<TemplateParam> {
        let start = self.peek().span;
        // template template parameter
        if self.at_kw(Keyword::Template) {
            self.bump();
            let saved = self.scope;
            self.push_scope(ScopeKind::TemplateParams);
            let inner = self.template_parameter_list();
            self.scope = saved;
            let inner = inner?;
            if self.at_kw(Keyword::Requires) {
                self.bump();
                self.constraint_expression()?;
            }
            if !(self.eat_kw(Keyword::Class) || self.eat_kw(Keyword::Typename)) {
                return Err(self.err("expected \"class\""));
            }
            let pack = self.eat_punct(Punct::Ellipsis);
            let (name, name_span) = if self.at_ident() {
                let (n, s) = self.ident()?;
                (Some(n), s)
            } else {
                (None, self.prev_span())
            };
            let default = if self.eat_punct(Punct::Eq) {
                Some(self.qualified_name()?)
            } else {
                None
            };
            let entity =
                self.declare_template_param(EntityKind::TemplateTemplateParam, name, name_span);
            return Ok(TemplateParam {
                name,
                pack,
                kind: TemplateParamKind::Template {
                    params: inner.into(),
                    default,
                },
                span: start.to(self.prev_span()),
                entity,
            });
        }
        // type parameter: `class T`, `typename... Ts = x` (but not `typename T::x N`)
        let is_type_param = (self.at_kw(Keyword::Class) || self.at_kw(Keyword::Typename))
            && match self.nth_kind(1) {
                TokenKind::Punct(
                    Punct::Ellipsis
                    | Punct::Comma
                    | Punct::Greater
                    | Punct::Eq
                    | Punct::GreaterGreater,
                ) => true,
                TokenKind::Ident => {
                    !self.nth_is_punct(2, Punct::ColonColon) && !self.nth_is_punct(2, Punct::Less)
                }
                _ => false,
            };
        if is_type_param {
            self.bump();
            let pack = self.eat_punct(Punct::Ellipsis);
            let (name, name_span) = if self.at_ident() {
                let (n, s) = self.ident()?;
                (Some(n), s)
            } else {
                (None, self.prev_span())
            };
            let default = if self.eat_punct(Punct::Eq) {
                Some(Box::new(self.type_id()?))
            } else {
                None
            };
            let entity =
                self.declare_template_param(EntityKind::TemplateTypeParam, name, name_span);
            return Ok(TemplateParam {
                name,
                pack,
                kind: TemplateParamKind::Type {
                    constraint: None,
                    default,
                },
                span: start.to(self.prev_span()),
                entity,
            });
        }
        // constrained type parameter: `Concept T`, `Concept<U> T`, `ns::Concept... Ts`
        if self.at_name_start() {
            let lone_name = self.at_ident()
                && !matches!(
                    self.nth_kind(1),
                    TokenKind::Punct(Punct::ColonColon | Punct::Less)
                );
            // A lone name (`size_t N`, `C T`) by one lookup; else read tentatively.
            let is_constraint = if lone_name {
                matches!(
                    self.nth_kind(1),
                    TokenKind::Ident | TokenKind::Punct(Punct::Ellipsis)
                ) && {
                    let sym = self.nth_sym(0).unwrap();
                    let found = self.lookup_in(super::names::LookupIn::Here, sym);
                    found.len() == 1
                        && self.sema.resolve_alias_kind(found[0]) == EntityKind::Concept
                }
            } else {
                self.lookahead(|p| {
                    let Ok(n) = p.qualified_name() else {
                        return false;
                    };
                    p.classify(&n) == NameClass::Concept
                        && matches!(
                            p.kind(),
                            TokenKind::Ident | TokenKind::Punct(Punct::Ellipsis)
                        )
                })
            };
            if is_constraint {
                let constraint = self.qualified_name()?;
                let pack = self.eat_punct(Punct::Ellipsis);
                let (name, name_span) = if self.at_ident() {
                    let (n, s) = self.ident()?;
                    (Some(n), s)
                } else {
                    (None, self.prev_span())
                };
                let default = if self.eat_punct(Punct::Eq) {
                    Some(Box::new(self.type_id()?))
                } else {
                    None
                };
                let entity =
                    self.declare_template_param(EntityKind::TemplateTypeParam, name, name_span);
                return Ok(TemplateParam {
                    name,
                    pack,
                    kind: TemplateParamKind::Type {
                        constraint: Some(constraint),
                        default,
                    },
                    span: start.to(self.prev_span()),
                    entity,
                });
            }
        }
        // non-type parameter
        if self.at_kw(Keyword::Auto) {
            self.feature(17, Feature::AutoTemplateParam, self.peek().span);
        }
        let param = self.parameter_declaration(true)?;
        let name = param.declarator.name.as_ref().and_then(|n| n.ident());
        let name_span = param
            .declarator
            .name
            .as_ref()
            .map(|n| n.span)
            .unwrap_or(param.span);
        let pack = param.declarator.pack;
        let entity = self.declare_template_param(EntityKind::TemplateValueParam, name, name_span);
        Ok(TemplateParam {
            name,
            pack,
            kind: TemplateParamKind::NonType {
                param: Box::new(param),
            },
            span: start.to(self.prev_span()),
            entity,
        })
    }

    fn declare_template_param(
        &mut self,
        kind: EntityKind,
        name: Option<crate::intern::Symbol>,
        span: Span,
    ) -> Option<EntityId> {
        if self.is_tentative() {
            return None;
        }
        let id = self.sema.add_entity(kind, name, self.scope, span);
        Some(id)
    }

    // -----------------------------------------------------------------------------------
    // Simple declarations and function definitions

    /// Specifiers, then declarators with initializers, or one function definition.
    pub(crate) fn simple_declaration(
        &mut self,
        cx: DeclContext,
        specs: Option<DeclSpecs>,
    ) -> PResult<Decl> {
        let start = self.peek().span;
        let specs = match specs {
            Some(s) => s,
            None => self.decl_specifiers(cx)?,
        };
        let start = if specs.span.is_empty() {
            start
        } else {
            specs.span.to(start)
        };
        // `struct S { ... }` and then `int x;`: cudafe++ says `expected a ";"` where the
        // next declaration starts and goes on from there.
        if let Some(at) = self.semi_missing_at.take()
            && self.peek().span == at
        {
            self.record_error(
                Span::new(at.lo, at.lo),
                &ParseError {
                    at,
                    what: "expected a \";\"".into(),
                    expected: Some(Punct::Semi),
                    base: None,
                },
            );
            self.declare_tag_only(&specs);
            return Ok(Decl {
                kind: DeclKind::Simple {
                    specs,
                    declarators: Vec::new().into(),
                },
                span: start.to(self.prev_span()),
            });
        }
        // At the end of the input, a class or enumeration definition wants its `;`, other
        // specifiers a declarator first (`struct S` at the end: `expected an identifier`,
        // then `expected a ";"`).
        let at_end = self.at_eof() && self.eof_continue();
        if at_end {
            if specs.span.is_empty() {
                // `template <typename T>` at the end.
                self.record_at_eof("expected a declaration", None, None);
            } else if !matches!(specs.ty, TypeSpec::Class(_) | TypeSpec::Enum(_)) {
                self.record_at_eof("expected an identifier", None, None);
            }
        }
        if at_end || self.at_punct(Punct::Semi) {
            let end = self.expect_punct(Punct::Semi)?;
            self.declare_tag_only(&specs);
            return Ok(Decl {
                kind: DeclKind::Simple {
                    specs,
                    declarators: Vec::new().into(),
                },
                span: start.to(end),
            });
        }
        let mut declarators = Vec::new();
        loop {
            let dstart = self.peek().span;
            // An unnamed bit-field: `int : 3;`
            if cx == DeclContext::Class && self.at_punct(Punct::Colon) {
                self.bump();
                let width = self.conditional_expression()?;
                declarators.push(InitDeclarator {
                    declarator: Declarator {
                        span: dstart,
                        ..Default::default()
                    },
                    init: None,
                    bitfield: Some(Box::new(width)),
                    requires: None,
                    asm_label: None,
                    span: dstart.to(self.prev_span()),
                    entity: None,
                });
            } else {
                let declarator = if matches!(specs.ty, TypeSpec::Auto)
                    && (self.at_punct(Punct::LBracket)
                        || ((self.at_punct(Punct::Amp) || self.at_punct(Punct::AmpAmp))
                            && self.nth_is_punct(1, Punct::LBracket)))
                {
                    self.structured_binding()?
                } else {
                    self.declarator(DeclaratorMode::Named)?
                };
                let mut attrs_after = self.gnu_and_cxx_attributes()?;
                // GNU asm label.
                let asm_label = if self.at_kw(Keyword::Asm) {
                    let s = self.bump().span;
                    let g = self.skip_balanced();
                    Some(s.to(g))
                } else {
                    None
                };
                attrs_after.extend(self.gnu_and_cxx_attributes()?);
                let mut declarator = declarator;
                declarator.attrs.extend(attrs_after);
                // virt-specifiers
                let mut is_pure = false;
                while self.at_ident()
                    && (self.nth_sym(0) == Some(self.known.override_)
                        || self.nth_sym(0) == Some(self.known.final_))
                    && declarator.is_function()
                {
                    self.bump();
                }
                let requires = if self.at_kw(Keyword::Requires) {
                    self.bump();
                    Some(self.constraint_expression()?)
                } else {
                    None
                };
                let entity = self.declare_declarator(&specs, &declarator, cx);
                // A function definition?
                if declarator.is_function()
                    && declarators.is_empty()
                    && (self.at_punct(Punct::LBrace)
                        || (self.at_punct(Punct::Colon)
                            && self.ctor_initializer_allowed(&declarator))
                        || self.at_kw(Keyword::Try)
                        || (self.at_punct(Punct::Eq)
                            && matches!(
                                self.nth_kind(1),
                                TokenKind::Keyword(Keyword::Default | Keyword::Delete)
                            )
                            && matches!(self.nth_kind(2), TokenKind::Punct(Punct::Semi))))
                {
                    let def = self.function_definition(specs, declarator, requires, entity, cx)?;
                    let span = start.to(self.prev_span());
                    return Ok(Decl {
                        kind: DeclKind::Function(Box::new(def)),
                        span,
                    });
                }
                let bitfield = if cx == DeclContext::Class && self.at_punct(Punct::Colon) {
                    self.bump();
                    let width = self.conditional_expression()?;
                    if self.at_punct(Punct::Eq) || self.at_punct(Punct::LBrace) {
                        self.feature(20, Feature::BitFieldInit, self.peek().span);
                    }
                    Some(width)
                } else {
                    None
                };
                if specs.is_inline && !specs.is_typedef && !declarator.is_function() {
                    self.inline_variable(&specs);
                }
                let init = if self.at_punct(Punct::Eq) {
                    self.bump();
                    match self.kind() {
                        TokenKind::Keyword(Keyword::Default)
                            if self.nth_is_punct(1, Punct::Semi)
                                || self.nth_is_punct(1, Punct::Comma) =>
                        {
                            self.bump();
                            Some(Initializer::Default)
                        }
                        TokenKind::Keyword(Keyword::Delete) => {
                            self.bump();
                            if self.at_punct(Punct::LParen) {
                                self.skip_balanced();
                            }
                            Some(Initializer::Delete)
                        }
                        TokenKind::Int
                            if declarator.is_function()
                                && self.map.slice(self.peek().span) == b"0"
                                && matches!(
                                    self.nth_kind(1),
                                    TokenKind::Punct(Punct::Semi | Punct::Comma)
                                ) =>
                        {
                            self.bump();
                            is_pure = true;
                            Some(Initializer::PureVirtual)
                        }
                        _ => Some(Initializer::Assign(self.initializer_clause()?)),
                    }
                } else if self.at_punct(Punct::LBrace) && !declarator.is_function() {
                    Some(Initializer::Brace(self.braced_init_list()?))
                } else if self.at_punct(Punct::LParen) && !declarator.is_function() {
                    let open = self.peek().span;
                    let args = self.paren_expression_list()?;
                    Some(Initializer::Paren(args.into(), open.to(self.prev_span())))
                } else {
                    None
                };
                let _ = is_pure;
                if let Some(id) = entity
                    && !self.is_tentative()
                    && init.is_some()
                    && !matches!(init, Some(Initializer::PureVirtual))
                {
                    let f = &mut self.sema.entity_mut(id).flags;
                    if !matches!(init, Some(Initializer::Default | Initializer::Delete)) {
                        f.defined = true;
                    }
                    match init {
                        Some(Initializer::Delete) => f.is_deleted = true,
                        Some(Initializer::Default) => f.is_defaulted = true,
                        _ => {}
                    }
                }
                declarators.push(InitDeclarator {
                    span: dstart.to(self.prev_span()),
                    declarator,
                    init,
                    bitfield: bitfield.map(Box::new),
                    requires: requires.map(Box::new),
                    asm_label,
                    entity,
                });
            }
            if self.eat_punct(Punct::Comma) {
                continue;
            }
            break;
        }
        // A `{` where a namespace-scope declaration's `;` belongs (a test macro left
        // undefined: `TEST_CASE("name") { ... }`): the declaration stands as parsed, as in
        // EDG, which checks it (an implicit `int` and its initializer) before the syntax
        // error; parsing restarts after the next `;` outside brackets.
        if cx == DeclContext::Namespace && self.at_punct(Punct::LBrace) && self.tentative == 0 {
            let e = match self.expect_punct(Punct::Semi) {
                Err(e) => e,
                Ok(_) => unreachable!("a `{{` is not a `;`"),
            };
            let span = start.to(self.prev_span());
            let from = self.peek().span;
            let restart = self.skip_after_error(&e, cx, false);
            self.record_recovery(from.to(self.prev_span()), &e, restart);
            return Ok(Decl {
                kind: DeclKind::Simple {
                    specs,
                    declarators: declarators.into(),
                },
                span,
            });
        }
        self.expect_punct(Punct::Semi)?;
        Ok(Decl {
            kind: DeclKind::Simple {
                specs,
                declarators: declarators.into(),
            },
            span: start.to(self.prev_span()),
        })
    }

    /// An inline variable (C++17): the feature, at the specifiers' `inline`.
    fn inline_variable(&mut self, specs: &DeclSpecs) {
        if self.opts.cxx >= 17 {
            return;
        }
        let from = self.toks.partition_point(|t| t.span.lo < specs.span.lo);
        let at = self.toks[from..]
            .iter()
            .take_while(|t| t.span.hi <= specs.span.hi)
            .find(|t| t.kind == TokenKind::Keyword(Keyword::Inline))
            .map(|t| t.span);
        if let Some(at) = at {
            self.feature(17, Feature::InlineVariable, at);
        }
    }

    fn ctor_initializer_allowed(&self, d: &Declarator) -> bool {
        // `X::X(...) : a(1) {}` or in-class `X(...) : ...` — any function declarator may
        // syntactically have one; a bit-field has `: width` instead (not a function).
        d.is_function()
    }

    /// The body of a function definition (or `= default;`/`= delete;`).
    fn function_definition(
        &mut self,
        specs: DeclSpecs,
        declarator: Declarator,
        requires: Option<Expr>,
        entity: Option<EntityId>,
        cx: DeclContext,
    ) -> PResult<FunctionDef> {
        let body_start = self.peek().span;
        if self.at_punct(Punct::Eq) {
            self.bump();
            let deleted = self.bump().kind == TokenKind::Keyword(Keyword::Delete);
            self.expect_punct(Punct::Semi)?;
            if let Some(id) = entity
                && !self.is_tentative()
            {
                let f = &mut self.sema.entity_mut(id).flags;
                if deleted {
                    f.is_deleted = true;
                } else {
                    f.is_defaulted = true;
                }
            }
            return Ok(FunctionDef {
                specs,
                declarator,
                requires,
                mem_inits: Vec::new().into(),
                body: if deleted {
                    FunctionBody::Delete
                } else {
                    FunctionBody::Default
                },
                body_span: body_start.to(self.prev_span()),
                entity,
            });
        }
        if let Some(id) = entity
            && !self.is_tentative()
        {
            self.sema.entity_mut(id).flags.defined = true;
        }
        // Inside a class being defined, bodies wait until the outermost class is complete.
        if cx == DeclContext::Class && !self.classes.is_empty() && !self.is_tentative() {
            let body_start_tok = self.mark();
            let is_try = self.eat_kw(Keyword::Try);
            if self.at_punct(Punct::Colon) {
                // Skip the ctor-initializer up to the body's `{`.
                self.skip_ctor_initializer()?;
            }
            if !self.at_punct(Punct::LBrace) {
                return Err(self.err("expected a \"{\""));
            }
            self.skip_balanced();
            if is_try {
                while self.at_kw(Keyword::Catch) {
                    self.bump();
                    self.skip_balanced();
                    self.skip_balanced();
                }
            }
            let body_span = body_start.to(self.prev_span());
            let space = self.body_space(&specs, &declarator);
            let late_id = self.queue_late_body(body_start_tok, &declarator, entity, space);
            return Ok(FunctionDef {
                specs,
                declarator,
                requires,
                mem_inits: Vec::new().into(),
                body: FunctionBody::Late(late_id),
                body_span,
                entity,
            });
        }
        let space = self.body_space(&specs, &declarator);
        let (mem_inits, body) = self.function_body_now(&declarator, entity, space)?;
        Ok(FunctionDef {
            specs,
            declarator,
            requires,
            mem_inits: mem_inits.into(),
            body,
            body_span: body_start.to(self.prev_span()),
            entity,
        })
    }

    /// Skips `: a(1), b{2}` up to the `{` of the body.
    fn skip_ctor_initializer(&mut self) -> PResult<()> {
        self.bump(); // :
        loop {
            match self.kind() {
                TokenKind::Punct(Punct::LBrace) => {
                    // Either a braced member initializer (`x{1}`), or the body. A body `{`
                    // follows `)` or `}` of the previous initializer, not a name.
                    let prev = self.prev_span();
                    let prev_text = self.map.slice(prev);
                    if prev_text == b")" || prev_text == b"}" || prev_text == b"..." {
                        return Ok(());
                    }
                    self.skip_balanced();
                }
                TokenKind::Punct(Punct::LParen) => {
                    self.skip_balanced();
                }
                TokenKind::Punct(Punct::Less) => {
                    // Template arguments of a base: skip balanced angles roughly.
                    let _ = self.template_args();
                }
                TokenKind::Eof => return Err(self.err("expected a \"{\"")),
                _ => {
                    self.bump();
                }
            }
        }
    }

    /// Parses a function's ctor-initializer and body now, in a new function scope.
    pub(crate) fn function_body_now(
        &mut self,
        declarator: &Declarator,
        entity: Option<EntityId>,
        space: BodySpace,
    ) -> PResult<(Vec<MemInit>, FunctionBody)> {
        if let Some(open) = self.skippable_body(space) {
            let lo = self.peek().span.lo;
            self.pos = open;
            let body = self.skip_balanced();
            let body = Span::new(lo, body.hi);
            // The pragmas inside go with the body (not after it), and so do any still
            // pending before it.
            let from = self
                .next_pragma
                .min(self.pragmas.partition_point(|p| p.span.lo < body.lo));
            let to = self.pragmas.partition_point(|p| p.span.lo < body.hi);
            let pragmas = self.pragmas[from..to].iter().map(|p| p.span).collect();
            self.next_pragma = self.next_pragma.max(to);
            return Ok((Vec::new(), FunctionBody::Skipped(pragmas)));
        }
        let saved = self.scope;
        let fscope = self.open_function_scope(declarator, entity);
        self.scope = fscope;
        self.functions.push(entity);
        let r = (|| {
            let is_try = self.eat_kw(Keyword::Try);
            let mem_inits = if self.at_punct(Punct::Colon) {
                self.bump();
                self.mem_initializers()?
            } else {
                Vec::new()
            };
            let body = self.compound_statement_in_current_scope()?;
            let body = if is_try {
                let handlers = self.handlers()?;
                FunctionBody::Try {
                    body: Box::new(body),
                    handlers: handlers.into(),
                }
            } else {
                FunctionBody::Compound(Box::new(body))
            };
            Ok((mem_inits, body))
        })();
        self.functions.pop();
        self.scope = saved;
        r
    }

    /// At a function body's `{` (or the `:` of its member initializers): whether the body
    /// may be skipped (see [`super::ParseOptions::lazy_system_bodies`]), and if so, where
    /// its `{` is. A device-side function's body may name device-side entities (but not
    /// kernels nor managed variables); a device-only constructor's member initializers
    /// stay in the host file, and so are parsed.
    fn skippable_body(&self, space: BodySpace) -> Option<usize> {
        if !self.opts.lazy_system_bodies || self.split.is_some() {
            return None;
        }
        let start = self.pos;
        let open = if self.at_punct(Punct::LBrace) {
            start
        } else if self.at_punct(Punct::Colon) && space != BodySpace::DeviceOnly {
            self.member_initializers_end(start)?
        } else {
            return None;
        };
        let close = self.closing_at(open)?;
        if !self.map.is_system(self.toks.get(start)?.span.lo) {
            return None;
        }
        let k = &self.known;
        let device_side = space != BodySpace::Host;
        for i in start + 1..close {
            match self.toks[i].kind {
                TokenKind::Ident => {
                    let s = Symbol(self.toks[i].extra());
                    // A device-side body may name device-side entities, not kernels.
                    let matters = !device_side || self.kernel_names.contains(&s);
                    if (matters && self.device_names.contains(&s))
                        || s == k.declspec
                        || s == k.pragma_op
                        || s == k.noinline_kw
                        || s == k.nv_register_params
                    {
                        return None;
                    }
                }
                TokenKind::Keyword(Keyword::Attribute) => return None,
                // A lambda (or an attribute): a `[` that does not subscript.
                TokenKind::Punct(Punct::LBracket) => {
                    let subscript = matches!(
                        self.toks[i - 1].kind,
                        TokenKind::Ident
                            | TokenKind::Int
                            | TokenKind::Float
                            | TokenKind::Char(_)
                            | TokenKind::Str(_)
                            | TokenKind::Punct(Punct::RParen | Punct::RBracket)
                            | TokenKind::Keyword(Keyword::This)
                    );
                    if !subscript {
                        return None;
                    }
                }
                // `<<<` (or `<< <`): a launch.
                TokenKind::Punct(Punct::LessLess)
                    if self.toks[i + 1].kind == TokenKind::Punct(Punct::Less) =>
                {
                    return None;
                }
                _ => {}
            }
        }
        Some(open)
    }

    /// From the `:` of member initializers, by tokens alone: the body's `{` (one that
    /// follows a `)`, `}` or `...`; a `{` after a name or `>` opens a braced initializer).
    fn member_initializers_end(&self, colon: usize) -> Option<usize> {
        let mut i = colon + 1;
        loop {
            match self.toks.get(i)?.kind {
                TokenKind::Punct(Punct::LBrace) => {
                    if matches!(
                        self.toks[i - 1].kind,
                        TokenKind::Punct(Punct::RParen | Punct::RBrace | Punct::Ellipsis)
                    ) {
                        return Some(i);
                    }
                    i = self.closing_at(i)? + 1;
                }
                TokenKind::Punct(Punct::LParen | Punct::LBracket) => {
                    i = self.closing_at(i)? + 1;
                }
                TokenKind::Punct(Punct::Semi | Punct::RBrace) | TokenKind::Eof => return None,
                _ => i += 1,
            }
        }
    }

    /// Where the function a definition defines runs, by its own attributes.
    pub(crate) fn body_space(&self, specs: &DeclSpecs, d: &Declarator) -> BodySpace {
        match self.exec_attrs(specs, d) {
            (_, false, _) => BodySpace::Host,
            (true, true, false) => BodySpace::HostDevice,
            _ => BodySpace::DeviceOnly,
        }
    }

    /// Whether a declaration's GNU attributes say `__host__`; `__device__` (or `__global__`,
    /// `__shared__`, `__constant__`, `__managed__`); `__global__` or `__managed__`.
    fn exec_attrs(&self, specs: &DeclSpecs, d: &Declarator) -> (bool, bool, bool) {
        let k = &self.known;
        let (mut host, mut device, mut global) = (false, false, false);
        let chunk = d.function().map(|f| &f.attrs[..]).unwrap_or_default();
        let pointer = d.ops.iter().flat_map(|op| match op {
            DeclaratorOp::Pointer { attrs, .. } => &attrs[..],
            _ => &[],
        });
        for a in specs
            .attrs
            .iter()
            .chain(d.attrs.iter())
            .chain(chunk)
            .chain(pointer)
        {
            if a.syntax != AttrSyntax::Gnu || a.namespace.is_some() {
                continue;
            }
            let n = a.name;
            host |= n == k.host;
            device |= [k.device, k.global, k.shared, k.constant, k.managed].contains(&n);
            global |= n == k.global || n == k.managed;
        }
        (host, device, global)
    }

    /// Records the name a declaration gives a device-side entity (see
    /// [`super::ParseOptions::lazy_system_bodies`]).
    fn note_device_name(&mut self, sym: Symbol, specs: &DeclSpecs, d: &Declarator) {
        let (host, device, kernel) = self.exec_attrs(specs, d);
        if device && !host {
            self.device_names.insert(sym);
        }
        if kernel {
            self.kernel_names.insert(sym);
        }
    }

    /// Opens the scope of a function body: its parameters, and for a member defined outside
    /// its class, the class scope for lookup.
    pub(crate) fn open_function_scope(
        &mut self,
        declarator: &Declarator,
        entity: Option<EntityId>,
    ) -> ScopeId {
        let fscope = self.sema.new_scope(ScopeKind::Function, self.scope, entity);
        // `void A::B::f()` — look into B (and A) after the function's own names.
        if let Some(name) = &declarator.name
            && name.segments.len() > 1
        {
            let class_entity = entity
                .map(|e| self.sema.entity(e).parent)
                .filter(|&p| self.sema.scope(p).kind == ScopeKind::Class);
            let class_scope = class_entity.or_else(|| {
                // Resolve the qualifier.
                self.qualifier_scope(name)
            });
            if let Some(cs) = class_scope {
                self.sema.set_class_context(fscope, cs);
            }
        }
        if let Some(f) = declarator.function() {
            for p in &f.params {
                if let Some(n) = p.declarator.name.as_ref().and_then(|n| n.ident()) {
                    let sp = p.declarator.name.as_ref().map(|n| n.span).unwrap_or(p.span);
                    self.sema
                        .add_entity(EntityKind::Parameter, Some(n), fscope, sp);
                }
            }
        }
        fscope
    }

    /// The scope named by the qualifier of `A::B::f` (B's scope), if it resolves.
    pub(crate) fn qualifier_scope(&self, name: &QualName) -> Option<ScopeId> {
        let n = name.segments.len();
        if n < 2 {
            return None;
        }
        let mut scope = if name.global {
            Sema::GLOBAL
        } else {
            self.scope
        };
        let mut first = !name.global;
        for seg in &name.segments[..n - 1] {
            let sym = seg.ident()?;
            let found = if first {
                self.sema.lookup_unqualified(scope, sym)
            } else {
                self.sema.lookup_qualified(scope, sym)
            };
            first = false;
            let e = *found.first()?;
            scope = self
                .sema
                .scope_of(e)
                .or_else(|| self.sema.member_scope(e))?;
        }
        Some(scope)
    }

    fn mem_initializers(&mut self) -> PResult<Vec<MemInit>> {
        let mut out = Vec::new();
        loop {
            let start = self.peek().span;
            let name = self.qualified_name()?;
            let (args, braced) = if self.at_punct(Punct::LBrace) {
                let e = self.braced_init_list()?;
                match e.kind {
                    ExprKind::InitList(v) => (v, true),
                    _ => (vec![e].into(), true),
                }
            } else {
                (self.paren_expression_list()?.into(), false)
            };
            let pack = self.eat_punct(Punct::Ellipsis);
            out.push(MemInit {
                name,
                args,
                braced,
                pack,
                span: start.to(self.prev_span()),
            });
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        Ok(out)
    }

    // -----------------------------------------------------------------------------------
    // Declaration specifiers

    /// Decl-specifiers in any order.
    pub(crate) fn decl_specifiers(&mut self, cx: DeclContext) -> PResult<DeclSpecs> {
        let start = self.peek().span;
        let mut s = DeclSpecs {
            span: Span::new(start.lo, start.lo),
            ..Default::default()
        };
        let mut builtin = BuiltinSpec::default();
        let mut have_type = false;
        // After a class or enum definition, a keyword that starts a type or a declaration
        // of its own means a forgotten `;` (see [`Parser::semi_missing_at`]).
        let mut defined = false;
        self.semi_missing_at = None;
        loop {
            let t = self.peek();
            if defined && starts_declaration_after_definition(t.kind) {
                self.semi_missing_at = Some(t.span);
                break;
            }
            match t.kind {
                TokenKind::Keyword(k) => {
                    match k {
                        Keyword::Static => s.storage = Some(StorageClass::Static),
                        Keyword::Extern => {
                            if matches!(self.nth_kind(1), TokenKind::Str(_)) {
                                break;
                            }
                            s.storage = Some(StorageClass::Extern)
                        }
                        Keyword::Register => s.storage = Some(StorageClass::Register),
                        Keyword::Mutable => s.storage = Some(StorageClass::Mutable),
                        Keyword::ThreadLocal => s.thread_local = true,
                        Keyword::GnuThread => {
                            s.thread_local = true;
                            if s.storage.is_none() {
                                s.storage = Some(StorageClass::GnuThread);
                            }
                        }
                        Keyword::Typedef => s.is_typedef = true,
                        Keyword::Friend => s.is_friend = true,
                        Keyword::Inline => s.is_inline = true,
                        Keyword::Virtual => s.is_virtual = true,
                        Keyword::Explicit => {
                            s.is_explicit = true;
                            let at = self.bump().span;
                            if self.at_punct(Punct::LParen) {
                                self.feature(20, Feature::ExplicitBool, at);
                                self.bump();
                                let e = self.constant_expression()?;
                                self.expect_punct(Punct::RParen)?;
                                s.explicit_cond = Some(Box::new(e));
                            }
                            continue;
                        }
                        Keyword::Constexpr => s.is_constexpr = true,
                        Keyword::Consteval => s.is_consteval = true,
                        Keyword::Constinit => s.is_constinit = true,
                        Keyword::Const => s.is_const = true,
                        Keyword::Volatile => s.is_volatile = true,
                        Keyword::Restrict => s.is_restrict = true,
                        Keyword::Extension => s.extension = true,
                        Keyword::Attribute | Keyword::Alignas => {
                            let a = self.gnu_and_cxx_attributes()?;
                            s.attrs.extend(a);
                            continue;
                        }
                        Keyword::Void => builtin.void = true,
                        Keyword::Bool => builtin.bool_ = true,
                        Keyword::Char => builtin.char = true,
                        Keyword::WcharT => builtin.wchar = true,
                        Keyword::Char8T => builtin.char8 = true,
                        Keyword::Char16T => builtin.char16 = true,
                        Keyword::Char32T => builtin.char32 = true,
                        Keyword::Short => builtin.short = true,
                        Keyword::Int => builtin.int = true,
                        Keyword::Long => builtin.long = builtin.long.saturating_add(1),
                        Keyword::Signed => builtin.signed = true,
                        Keyword::Unsigned => builtin.unsigned = true,
                        Keyword::Float => builtin.float = true,
                        Keyword::Double => builtin.double = true,
                        Keyword::Int128 => builtin.int128 = true,
                        Keyword::GnuFloat128 => builtin.float128 = true,
                        Keyword::Complex => builtin.complex = true,
                        Keyword::Float16
                        | Keyword::Float32
                        | Keyword::Float64
                        | Keyword::Float128
                        | Keyword::Float32x
                        | Keyword::Float64x
                        | Keyword::Float128x
                        | Keyword::Float80
                        | Keyword::Bf16 => {
                            let text = self.map.slice(t.span).to_vec();
                            builtin.extended_float = Some(self.interner.intern(&text));
                        }
                        Keyword::BuiltinVaList => {
                            if have_type {
                                break;
                            }
                            let sym = self.interner.intern(b"__builtin_va_list");
                            self.bump();
                            s.ty = TypeSpec::Named {
                                name: QualName {
                                    global: false,
                                    unfound_qualifier: false,
                                    segments: vec![NameSegment {
                                        kind: NameKind::Ident(sym),
                                        template_kw: false,
                                        args: None,
                                        span: t.span,
                                    }]
                                    .into(),
                                    span: t.span,
                                    resolution: Resolution::Unresolved,
                                },
                                typename_kw: false,
                            };
                            have_type = true;
                            continue;
                        }
                        Keyword::Auto => {
                            if have_type || !builtin.is_empty() {
                                // `auto` as a storage class is gone; treat as the type.
                            }
                            self.bump();
                            s.ty = TypeSpec::Auto;
                            have_type = true;
                            continue;
                        }
                        Keyword::Decltype => {
                            if have_type || !builtin.is_empty() {
                                break;
                            }
                            // `decltype(x)::type` is a qualified name.
                            let is_qualified = self.lookahead(|p| {
                                p.bump();
                                p.skip_balanced();
                                p.at_punct(Punct::ColonColon)
                            });
                            if is_qualified {
                                let name = self.qualified_name()?;
                                s.ty = TypeSpec::Named {
                                    name,
                                    typename_kw: false,
                                };
                            } else if self.nth_is_punct(1, Punct::LParen)
                                && self.nth_kind(2) == TokenKind::Keyword(Keyword::Auto)
                                && self.nth_is_punct(3, Punct::RParen)
                            {
                                self.bump();
                                self.bump();
                                self.bump();
                                self.bump();
                                s.ty = TypeSpec::DecltypeAuto;
                            } else {
                                let e = self.decltype_specifier()?;
                                s.ty = TypeSpec::Decltype(Box::new(e));
                            }
                            have_type = true;
                            continue;
                        }
                        Keyword::Typeof => {
                            if have_type || !builtin.is_empty() {
                                break;
                            }
                            self.bump();
                            self.expect_punct(Punct::LParen)?;
                            let arg = self.type_or_expression()?;
                            self.expect_punct(Punct::RParen)?;
                            s.ty = TypeSpec::Typeof(Box::new(arg));
                            have_type = true;
                            continue;
                        }
                        Keyword::Class | Keyword::Struct | Keyword::Union | Keyword::Enum => {
                            if have_type || !builtin.is_empty() {
                                break;
                            }
                            s.ty = self.class_or_enum_specifier(&s, cx)?;
                            have_type = true;
                            defined = match &s.ty {
                                TypeSpec::Class(_) => true,
                                TypeSpec::Enum(e) => e.enumerators.is_some(),
                                _ => false,
                            };
                            continue;
                        }
                        Keyword::Typename => {
                            if have_type || !builtin.is_empty() {
                                break;
                            }
                            self.bump();
                            let name = self.qualified_name()?;
                            s.ty = TypeSpec::Named {
                                name,
                                typename_kw: true,
                            };
                            have_type = true;
                            continue;
                        }
                        _ => break,
                    }
                    self.bump();
                }
                TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => {
                    let a = self.attribute_specifiers()?;
                    s.attrs.extend(a);
                }
                TokenKind::Ident | TokenKind::Punct(Punct::ColonColon) => {
                    // CUDA's `__noinline__` and `__nv_register_params__` are keywords, not
                    // macros: keep them as attributes of the declaration (also after the
                    // type: `void __noinline__ f()`).
                    if t.kind == TokenKind::Ident
                        && let Some(attr_name) = self.cuda_keyword_attribute(self.nth_sym(0))
                    {
                        self.bump();
                        s.attrs.push(Attribute {
                            syntax: AttrSyntax::Gnu,
                            name: attr_name,
                            namespace: None,
                            args: Vec::new().into(),
                            args_span: None,
                            span: t.span,
                            group: t.span,
                        });
                        continue;
                    }
                    if have_type || !builtin.is_empty() {
                        break;
                    }
                    if t.kind == TokenKind::Ident && self.nth_sym(0) == Some(self.known.declspec) {
                        self.bump();
                        self.skip_balanced();
                        continue;
                    }
                    // Type-valued builtins: `__underlying_type(T)`, `__remove_cv(T)`, ...
                    if t.kind == TokenKind::Ident && self.nth_is_punct(1, Punct::LParen) {
                        let sym = self.nth_sym(0).unwrap();
                        if is_type_transform_builtin(&self.interner.name(sym)) {
                            self.bump();
                            self.bump();
                            let mut args = Vec::new();
                            if !self.at_punct(Punct::RParen) {
                                loop {
                                    args.push(self.type_or_expression()?);
                                    if !self.eat_punct(Punct::Comma) {
                                        break;
                                    }
                                }
                            }
                            self.expect_punct(Punct::RParen)?;
                            s.ty = TypeSpec::BuiltinTransform {
                                name: sym,
                                args: args.into(),
                            };
                            have_type = true;
                            continue;
                        }
                    }
                    // A constructor's name is not a type here.
                    if self.at_constructor_name(cx) {
                        break;
                    }
                    let m = self.mark();
                    let name = match self.qualified_name() {
                        Ok(n) => n,
                        Err(e) => {
                            self.reset(m);
                            if self.is_tentative() {
                                return Err(e);
                            }
                            break;
                        }
                    };
                    match self.classify(&name) {
                        NameClass::Type => {
                            self.template_args_on_non_template(cx, &name);
                            s.ty = TypeSpec::Named {
                                name,
                                typename_kw: false,
                            };
                            have_type = true;
                        }
                        NameClass::Concept
                            if self.at_kw(Keyword::Auto) || self.at_kw(Keyword::Decltype) =>
                        {
                            let decltype_auto = self.at_kw(Keyword::Decltype);
                            self.bump();
                            if decltype_auto {
                                self.skip_balanced();
                            }
                            s.ty = TypeSpec::ConstrainedAuto {
                                concept: name,
                                decltype_auto,
                            };
                            have_type = true;
                        }
                        NameClass::TypeTemplate => {
                            // Class template argument deduction: `std::pair p(1, 2);`
                            s.ty = TypeSpec::Named {
                                name,
                                typename_kw: false,
                            };
                            have_type = true;
                        }
                        NameClass::Dependent | NameClass::Undeclared
                            if name.last().args.is_none()
                                && self.declarator_after_type(cx)
                                && self.missing_namespace_member(&name).is_some() =>
                        {
                            // `thrust::nope x;`: EDG reports the member missing and takes
                            // the name for a type.
                            if let Some(owner) = self.missing_namespace_member(&name) {
                                self.note_missing_member(owner, &name);
                            }
                            s.ty = TypeSpec::Named {
                                name,
                                typename_kw: false,
                            };
                            have_type = true;
                        }
                        NameClass::Dependent | NameClass::Undeclared
                            if self.dependent_name_is_type_here(&name)
                                || (self.dependent_types_ok && name.is_qualified()) =>
                        {
                            // C++20 implicit typename contexts, and the like.
                            s.ty = TypeSpec::Named {
                                name,
                                typename_kw: false,
                            };
                            have_type = true;
                        }
                        NameClass::Undeclared if self.undeclared_template_type(cx, &name) => {
                            // `texture<float, 2> tex;`: EDG says the name is not a template,
                            // and declares `tex` with it.
                            self.note_undeclared_type(&name, |name, at| {
                                BaseProblem::NotATemplateType { name, at }
                            });
                            s.ty = TypeSpec::Named {
                                name,
                                typename_kw: false,
                            };
                            have_type = true;
                        }
                        NameClass::Undeclared if self.undeclared_type_name(cx, &name) => {
                            // `FOO x;`: EDG reports the name and declares `x` with it.
                            self.note_undeclared_type(&name, |name, at| {
                                BaseProblem::UndefinedType { name, at }
                            });
                            s.ty = TypeSpec::Named {
                                name,
                                typename_kw: false,
                            };
                            have_type = true;
                        }
                        _ => {
                            self.reset(m);
                            break;
                        }
                    }
                }
                _ => break,
            }
        }
        if !builtin.is_empty() {
            if have_type {
                return Err(self.err("more than one type in a declaration"));
            }
            s.ty = TypeSpec::Builtin(builtin);
        }
        s.span = if self.prev_span().hi > start.lo && self.peek().span.lo > start.lo {
            Span::new(start.lo, self.prev_span().hi)
        } else {
            Span::new(start.lo, start.lo)
        };
        Ok(s)
    }

    /// The attribute a CUDA keyword stands for: `__noinline__` → `noinline`,
    /// `__nv_register_params__` → `nv_register_params`.
    pub(crate) fn cuda_keyword_attribute(
        &self,
        sym: Option<crate::intern::Symbol>,
    ) -> Option<crate::intern::Symbol> {
        let sym = sym?;
        if sym == self.known.nv_register_params {
            Some(self.known.nv_register_params_attr)
        } else if sym == self.known.noinline_kw {
            Some(self.known.noinline_attr)
        } else {
            None
        }
    }

    /// An undeclared identifier where a type belongs, a declarator name after it (`FOO x;`,
    /// and outside blocks `FOO *p;`): cudafe++ reports it and takes it for a type. Not in
    /// classes with bases (whose members we may not see) nor in system headers.
    fn undeclared_type_name(&self, cx: DeclContext, name: &QualName) -> bool {
        if name.is_qualified() || name.last().args.is_some() || name.ident().is_none() {
            return false;
        }
        self.undeclared_type_before_declarator(cx, name)
    }

    /// Does a declarator follow a type name here (an identifier; outside blocks also `*`,
    /// `&` or `&&` and an identifier)?
    fn declarator_after_type(&self, cx: DeclContext) -> bool {
        match self.kind() {
            TokenKind::Ident => self
                .nth_sym(0)
                .is_none_or(|s| self.cuda_keyword_attribute(Some(s)).is_none()),
            TokenKind::Punct(Punct::Star | Punct::Amp | Punct::AmpAmp) => {
                matches!(
                    cx,
                    DeclContext::Namespace | DeclContext::Class | DeclContext::Template
                ) && self.nth_kind(1) == TokenKind::Ident
            }
            _ => false,
        }
    }

    /// `N::x` (or `N::M::x`) where every qualifier names a namespace and the last one
    /// declares no `x`: that namespace. Not in system headers, nor when an earlier
    /// recovery skipped text naming a component (it may have dropped the declaration).
    pub(crate) fn missing_namespace_member(&self, name: &QualName) -> Option<EntityId> {
        let (last, quals) = name.segments.split_last()?;
        if quals.is_empty() || self.map.is_system(name.span.lo) {
            return None;
        }
        let sym = last.ident()?;
        let mut ns = name.global.then_some(Sema::GLOBAL);
        for seg in quals {
            if seg.args.is_some() {
                return None;
            }
            let found = match ns {
                None => self.lookup_in(super::names::LookupIn::Here, seg.ident()?),
                Some(sc) => self.lookup_in(super::names::LookupIn::Scope(sc), seg.ident()?),
            };
            let e = self.sema.resolve_alias(*found.first()?);
            let ent = self.sema.entity(e);
            if ent.kind != EntityKind::Namespace {
                return None;
            }
            ns = Some(ent.scope?);
        }
        let ns = ns?;
        // (A failed declaration may have declared the name itself.)
        if self.sema.lookup_qualified(ns, sym).iter().any(|&d| {
            let at = self.sema.entity(d).first_decl().lo;
            let inside = |s: Span| s.lo <= at && at < s.hi;
            !inside(name.span) && !self.recoveries.iter().any(|r| inside(r.span))
        }) {
            return None;
        }
        let dropped = self.recoveries.iter().any(|r| {
            r.span.lo <= name.span.lo
                && holds_unqualified_word(self.map.slice(r.span), self.interner.bytes(sym))
        });
        if dropped {
            return None;
        }
        self.sema.scope(ns).entity
    }

    /// A parameter whose type is a namespace's missing member with template arguments
    /// (`thrust::gone<int> v`, `const thrust::gone<int> &v`): records what EDG reports
    /// (outside tentative parses) — the member missing, or after cv-qualifiers the name
    /// taken for the parameter's, then `expected a ")"` at the `<`. `None` when it is not
    /// so; else the parameter EDG declares (an `int`, after cv-qualifiers) if any. The
    /// parser is left where it was.
    fn missing_member_parameter(&mut self) -> Option<Option<Param>> {
        let m = self.mark();
        let mut cv = false;
        while matches!(
            self.kind(),
            TokenKind::Keyword(Keyword::Const | Keyword::Volatile)
        ) {
            self.bump();
            cv = true;
        }
        let found = if self.at_name_start() {
            self.attempt(|p| p.qualified_name()).and_then(|n| {
                let ok = n.is_qualified() && n.last().args.is_none() && self.at_punct(Punct::Less);
                ok.then(|| self.missing_namespace_member(&n).map(|o| (o, n)))
                    .flatten()
            })
        } else {
            None
        };
        let less = self.peek().span;
        let start = self.toks[m.pos].span;
        self.reset(m);
        let (owner, name) = found?;
        let assumed = if cv {
            let at = name.segments[0].span;
            self.note_problem(at, BaseProblem::QualifiedParamNoType { at });
            let span = start.to(name.span);
            Some(Param {
                specs: DeclSpecs {
                    ty: TypeSpec::Builtin(BuiltinSpec {
                        int: true,
                        ..BuiltinSpec::default()
                    }),
                    span,
                    ..DeclSpecs::default()
                },
                declarator: Declarator {
                    span,
                    ..Declarator::default()
                },
                default: None,
                span,
                entity: None,
            })
        } else {
            self.note_missing_member(owner, &name);
            None
        };
        if !self.is_tentative() {
            self.recoveries.push(Recovery {
                span: Span::new(less.lo, less.lo),
                at: less,
                what: "expected a \")\"".into(),
                expected: Some(")"),
                base: None,
                restart: None,
                open: None,
            });
        }
        Some(assumed)
    }

    /// Records `namespace "N" has no member "x"` for the name `name` (outside tentative
    /// parses).
    pub(crate) fn note_missing_member(&mut self, owner: EntityId, name: &QualName) {
        let at = name.last().span;
        let sym = name.ident().expect("an identifier");
        self.note_problem(
            at,
            BaseProblem::NoMember {
                owner,
                name: sym,
                at,
            },
        );
    }

    /// Records the problem of an undeclared name taken for a type (outside tentative
    /// parses): the whole problem, at the name.
    fn note_undeclared_type(
        &mut self,
        name: &QualName,
        problem: impl FnOnce(crate::intern::Symbol, Span) -> BaseProblem,
    ) {
        let at = name.span;
        let sym = name.ident().expect("an identifier");
        self.note_problem(at, problem(sym, at));
    }

    /// Records a problem that is no syntax error at `at`, outside tentative parses.
    pub(crate) fn note_problem(&mut self, at: Span, problem: BaseProblem) {
        if self.is_tentative() {
            return;
        }
        self.recoveries.push(Recovery {
            span: Span::new(at.lo, at.lo),
            at,
            what: String::new(),
            expected: None,
            base: Some(Box::new(problem)),
            restart: None,
            open: None,
        });
    }

    /// `S<int> x;` with `S` a class or typedef that is no template: the arguments are
    /// consumed and the problem recorded (see [`BaseProblem::UnexpectedTemplateArgs`]).
    fn template_args_on_non_template(&mut self, cx: DeclContext, name: &QualName) {
        if name.is_qualified()
            || name.last().args.is_some()
            || !self.at_punct(Punct::Less)
            || !matches!(
                cx,
                DeclContext::Namespace
                    | DeclContext::Class
                    | DeclContext::Template
                    | DeclContext::Block
            )
        {
            return;
        }
        let Some(e) = name.resolution.entity() else {
            return;
        };
        let ent = self.sema.entity(e);
        if ent.is_template
            || ent.flags.in_template
            || !matches!(ent.kind, EntityKind::Class(_) | EntityKind::Typedef)
        {
            return;
        }
        let m = self.mark();
        if self.attempt(|p| p.template_args()).is_some()
            && self.undeclared_type_before_declarator(cx, name)
        {
            // Also when deciding whether a statement is a declaration: it is one.
            if self.is_tentative() {
                return;
            }
            self.recoveries.push(Recovery {
                span: Span::new(name.span.lo, name.span.lo),
                at: name.span,
                what: String::new(),
                expected: None,
                base: Some(Box::new(BaseProblem::UnexpectedTemplateArgs {
                    entity: e,
                    at: name.span,
                })),
                restart: None,
                open: None,
            });
            return;
        }
        self.reset(m);
    }

    /// An undeclared identifier with template arguments where a type belongs outside
    /// functions, a declarator after them (`texture<float, 2> tex;`): cudafe++ says the name
    /// is not a template and takes it for a type. The arguments are consumed when it is so.
    fn undeclared_template_type(&mut self, cx: DeclContext, name: &QualName) -> bool {
        if name.is_qualified()
            || name.last().args.is_some()
            || name.ident().is_none()
            || !self.at_punct(Punct::Less)
            || !matches!(
                cx,
                DeclContext::Namespace | DeclContext::Class | DeclContext::Template
            )
        {
            return false;
        }
        let m = self.mark();
        if self.attempt(|p| p.template_args()).is_some()
            && self.undeclared_type_before_declarator(cx, name)
        {
            return true;
        }
        self.reset(m);
        false
    }

    /// [`Parser::undeclared_type_name`] once the name (and any arguments) are read: a
    /// declarator follows, and the name is not in a system header nor in a class with
    /// bases.
    fn undeclared_type_before_declarator(&self, cx: DeclContext, name: &QualName) -> bool {
        let declarator_follows = match self.kind() {
            TokenKind::Ident => true,
            TokenKind::Punct(Punct::Star | Punct::Amp | Punct::AmpAmp) => {
                matches!(cx, DeclContext::Namespace | DeclContext::Class)
                    && self.nth_kind(1) == TokenKind::Ident
            }
            _ => false,
        };
        if !declarator_follows
            || !matches!(
                cx,
                DeclContext::Namespace
                    | DeclContext::Class
                    | DeclContext::Block
                    | DeclContext::Template
            )
            || self.map.is_system(name.span.lo)
        {
            return false;
        }
        // The next identifier must not be something a declarator cannot start with.
        if self.at_ident()
            && self
                .nth_sym(0)
                .is_some_and(|s| self.cuda_keyword_attribute(Some(s)).is_some())
        {
            return false;
        }
        let mut s = Some(self.scope);
        while let Some(sc) = s {
            let scope = self.sema.scope(sc);
            if scope.kind == crate::sema::ScopeKind::Class
                && (scope.dependent_bases || !scope.bases.is_empty() || scope.entity.is_none())
            {
                return false;
            }
            if let Some(c) = scope.class_context {
                let cs = self.sema.scope(c);
                if cs.dependent_bases || !cs.bases.is_empty() {
                    return false;
                }
            }
            s = scope.parent;
        }
        // `x = missing + 1; missing y;`: the name was entered into the block as a value.
        if cx == DeclContext::Block
            && let Some(sym) = name.ident()
            && self.undeclared_value_in(self.scope, sym, usize::MAX)
        {
            return false;
        }
        true
    }

    /// Whether `sym` was entered as a value into `scope` or a scope around it by an entry
    /// of [`Parser::undeclared_values`] before `before`.
    pub(crate) fn undeclared_value_in(&self, scope: ScopeId, sym: Symbol, before: usize) -> bool {
        let mut at = Some(scope);
        while let Some(id) = at {
            if self
                .undeclared_first
                .get(&(id, sym))
                .is_some_and(|&i| i < before)
            {
                return true;
            }
            at = self.sema.scope(id).parent;
        }
        false
    }

    /// An undeclared plain name read as a value in a block (not called: argument-dependent
    /// lookup may find a callee), outside system headers and tentative parses.
    pub(crate) fn note_undeclared_value(&mut self, name: &QualName) {
        if self.is_tentative()
            || name.is_qualified()
            || name.last().args.is_some()
            || self.at_punct(Punct::LParen)
            || self.functions.is_empty()
            || self.map.is_system(name.span.lo)
        {
            return;
        }
        let Some(sym) = name.ident() else { return };
        if self.interner.bytes(sym).starts_with(b"__") {
            return;
        }
        let index = self.undeclared_values.len();
        self.undeclared_first
            .entry((self.scope, sym))
            .or_insert(index);
        self.undeclared_values.push((self.scope, sym, name.span));
    }

    /// A dependent qualified name in a declaration context where only a type makes sense:
    /// the next token starts a declarator (`T::type x;`, `typename` omitted in C++20).
    pub(crate) fn dependent_name_is_type_here(&self, name: &QualName) -> bool {
        if self.opts.cxx >= 20
            && matches!(
                self.kind(),
                TokenKind::Ident
                    | TokenKind::Punct(Punct::Star | Punct::Amp | Punct::AmpAmp)
                    | TokenKind::Keyword(Keyword::Const | Keyword::Volatile)
            )
        {
            return true;
        }
        // `X::y name;` — a qualified name whose meaning we cannot see, followed by a
        // declarator name, declares something.
        name.is_qualified()
            && self.at_ident()
            && matches!(
                self.nth_kind(1),
                TokenKind::Punct(
                    Punct::Semi
                        | Punct::Comma
                        | Punct::RParen
                        | Punct::Eq
                        | Punct::LBracket
                        | Punct::LParen
                        | Punct::LBrace
                ) | TokenKind::Keyword(Keyword::Attribute)
            )
    }

    /// At the name of a constructor (or a deduction guide, or a destructor in the class)?
    fn at_constructor_name(&mut self, cx: DeclContext) -> bool {
        if cx == DeclContext::Class {
            if let Some(c) = self.classes.last()
                && self.at_ident()
                && self.nth_sym(0) == c.name
            {
                // `C(`, `C<T>(` in a specialization, but not `C::type` or `C *p`.
                if self.nth_is_punct(1, Punct::LParen) {
                    return self.lookahead(|p| {
                        p.bump();
                        // `C (int)` as a constructor vs `C (x)` as a member of type C named x:
                        // the latter is rare; a member declaration `C(x);` is a constructor.
                        true
                    });
                }
                if self.nth_is_punct(1, Punct::Less) {
                    return self.lookahead(|p| {
                        p.bump();
                        p.template_args().is_ok() && p.at_punct(Punct::LParen)
                    });
                }
            }
            return false;
        }
        // Out of class: `A::A(`, `ns::A<T>::A(`, `A::~A(` is handled by the declarator.
        if !self.at_ident() && !self.at_punct(Punct::ColonColon) {
            return false;
        }
        // A name of one component (`T x`) names no constructor.
        if self.at_ident()
            && !self.nth_is_punct(1, Punct::ColonColon)
            && !self.nth_is_punct(1, Punct::Less)
        {
            return false;
        }
        if !self.may_be_constructor_name() {
            return false;
        }
        self.lookahead(|p| {
            let Ok(name) = p.qualified_name() else {
                return false;
            };
            let n = name.segments.len();
            if n < 2 || !p.at_punct(Punct::LParen) {
                return false;
            }
            let last = name.segments[n - 1].ident();
            let prev = name.segments[n - 2].ident();
            last.is_some() && last == prev
        })
    }

    /// By tokens alone, before [`Parser::at_constructor_name`] reads the name: `false` when
    /// the qualified name here surely does not end in `X :: X (` (most declarations:
    /// `std::size_t n`, `ns::T<int> f(`), `true` when it may. The name's template arguments
    /// are skipped by counting angle brackets (parenthesized groups in one step); whatever
    /// that cannot follow for sure (`>>` closing one level, a long name, the end of a
    /// statement inside the brackets) answers `true`, leaving the decision to the parse.
    fn may_be_constructor_name(&self) -> bool {
        if self.split.is_some() {
            return true;
        }
        let mut i = self.pos;
        let mut depth = 0u32;
        for _ in 0..256 {
            let Some(t) = self.toks.get(i) else {
                return true;
            };
            match t.kind {
                TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) if depth > 0 => {
                    let Some(close) = self.closing_at(i) else {
                        return true;
                    };
                    i = close;
                }
                TokenKind::Punct(Punct::Less) => depth += 1,
                TokenKind::Punct(Punct::Greater) if depth > 0 => depth -= 1,
                TokenKind::Punct(Punct::GreaterGreater) if depth >= 2 => depth -= 2,
                TokenKind::Punct(Punct::GreaterGreater | Punct::Semi | Punct::RBrace)
                    if depth > 0 =>
                {
                    return true;
                }
                TokenKind::Eof | TokenKind::Keyword(Keyword::Decltype) => return true,
                _ if depth > 0 => {}
                TokenKind::Ident
                | TokenKind::Punct(Punct::ColonColon)
                | TokenKind::Keyword(Keyword::Template) => {}
                TokenKind::Punct(Punct::LParen) => {
                    // `... :: X (` where an earlier component is `X` too.
                    let at = |j: usize| self.toks.get(j).map(|t| t.kind);
                    if i < self.pos + 3
                        || at(i - 1) != Some(TokenKind::Ident)
                        || at(i - 2) != Some(TokenKind::Punct(Punct::ColonColon))
                    {
                        return false;
                    }
                    let last = self.sym_at(i - 1);
                    return (self.pos..i - 2).any(|j| self.sym_at(j) == last);
                }
                // The name ended without a `(` after it.
                _ => return false,
            }
            i += 1;
        }
        true
    }

    // -----------------------------------------------------------------------------------
    // Declarators

    /// A declarator (possibly abstract).
    pub(crate) fn declarator(&mut self, mode: DeclaratorMode) -> PResult<Declarator> {
        let (mut d, ops) = self.declarator_parts(mode)?;
        d.ops = ops.into();
        Ok(d)
    }

    /// A declarator and its operators, still growable: a nested declarator's operators are
    /// extended in place rather than copied at each level of `(*(*(*f)()))()`.
    fn declarator_parts(
        &mut self,
        mode: DeclaratorMode,
    ) -> PResult<(Declarator, Vec<DeclaratorOp>)> {
        self.enter()?;
        let r = self.declarator_inner(mode);
        self.leave();
        r
    }

    fn declarator_inner(
        &mut self,
        mode: DeclaratorMode,
    ) -> PResult<(Declarator, Vec<DeclaratorOp>)> {
        let start = self.peek().span;
        let mut prefix: Vec<DeclaratorOp> = Vec::new();
        let mut attrs = Vec::new();
        loop {
            match self.kind() {
                TokenKind::Punct(Punct::Star) => {
                    self.bump();
                    let (c, v, r, a) = self.cv_qualifiers()?;
                    prefix.push(DeclaratorOp::Pointer {
                        is_const: c,
                        is_volatile: v,
                        is_restrict: r,
                        attrs: a.into(),
                    });
                }
                TokenKind::Punct(Punct::Amp) => {
                    self.bump();
                    // GNU: `T& __restrict r`.
                    while self.eat_kw(Keyword::Restrict) {}
                    attrs.extend(self.gnu_and_cxx_attributes()?);
                    prefix.push(DeclaratorOp::LValueRef);
                }
                TokenKind::Punct(Punct::AmpAmp) => {
                    self.bump();
                    while self.eat_kw(Keyword::Restrict) {}
                    attrs.extend(self.gnu_and_cxx_attributes()?);
                    prefix.push(DeclaratorOp::RValueRef);
                }
                TokenKind::Keyword(Keyword::Attribute) => {
                    attrs.extend(self.gnu_and_cxx_attributes()?);
                }
                TokenKind::Ident
                | TokenKind::Punct(Punct::ColonColon)
                | TokenKind::Keyword(Keyword::Decltype)
                    if self.at_member_pointer() =>
                {
                    let class = self.member_pointer_class()?;
                    let (c, v, _r, _a) = self.cv_qualifiers()?;
                    prefix.push(DeclaratorOp::MemberPointer {
                        class,
                        is_const: c,
                        is_volatile: v,
                    });
                }
                _ => break,
            }
        }
        // The direct declarator.
        let mut d = Declarator {
            span: start,
            ..Default::default()
        };
        let mut inner_ops: Vec<DeclaratorOp> = Vec::new();
        if self.at_punct(Punct::Ellipsis) && mode != DeclaratorMode::Abstract {
            self.bump();
            d.pack = true;
        }
        match self.kind() {
            TokenKind::Punct(Punct::LParen) if self.paren_starts_nested_declarator(mode) => {
                self.bump();
                let (inner, ops) = self.declarator_parts(mode)?;
                self.expect_punct(Punct::RParen)?;
                d.name = inner.name;
                d.pack |= inner.pack;
                inner_ops = ops;
                attrs.extend(inner.attrs);
            }
            TokenKind::Ident
            | TokenKind::Punct(Punct::ColonColon)
            | TokenKind::Keyword(Keyword::Operator)
            | TokenKind::Punct(Punct::Tilde)
            | TokenKind::Keyword(Keyword::Template)
                if mode != DeclaratorMode::Abstract =>
            {
                if self.at_punct(Punct::Tilde)
                    && !matches!(
                        self.nth_kind(1),
                        TokenKind::Ident | TokenKind::Keyword(Keyword::Decltype)
                    )
                {
                    // not a destructor name
                } else {
                    let name = self.declarator_name()?;
                    d.name = Some(name);
                }
            }
            TokenKind::Punct(Punct::Ellipsis)
                if (mode == DeclaratorMode::Abstract || d.name.is_none())
                    && mode != DeclaratorMode::Named =>
            {
                // `Ts...` in an abstract declarator (pack expansion of a parameter type).
                self.bump();
                d.pack = true;
            }
            _ => {}
        }
        if mode == DeclaratorMode::Named && d.name.is_none() && inner_ops.is_empty() {
            return Err(self.err("expected an identifier"));
        }
        attrs.extend(self.gnu_and_cxx_attributes()?);
        // After `A::f`, the rest of the declarator looks names up in A.
        let saved_ctx = self.declarator_class_ctx;
        if let Some(name) = &d.name
            && name.is_qualified()
            && let Some(s) = self.qualifier_scope(name)
        {
            self.declarator_class_ctx = Some(s);
        }
        let r = self.declarator_suffixes(mode, d, start, prefix, inner_ops, attrs);
        self.declarator_class_ctx = saved_ctx;
        r
    }

    fn declarator_suffixes(
        &mut self,
        mode: DeclaratorMode,
        mut d: Declarator,
        start: Span,
        mut prefix: Vec<DeclaratorOp>,
        inner_ops: Vec<DeclaratorOp>,
        attrs: Vec<Attribute>,
    ) -> PResult<(Declarator, Vec<DeclaratorOp>)> {
        // Suffixes.
        let mut suffix: Vec<DeclaratorOp> = Vec::new();
        loop {
            match self.kind() {
                TokenKind::Punct(Punct::LBracket) if !self.nth_is_punct(1, Punct::LBracket) => {
                    let open = self.bump().span;
                    let size = if self.at_punct(Punct::RBracket) {
                        None
                    } else {
                        Some(Box::new(self.expression()?))
                    };
                    let close = self.expect_punct(Punct::RBracket)?;
                    let _ = self.cxx_attributes_only()?;
                    suffix.push(DeclaratorOp::Array {
                        size,
                        span: open.to(close),
                    });
                }
                TokenKind::Punct(Punct::LParen) => {
                    // A parameter list, unless this is a variable's parenthesised initializer.
                    if mode == DeclaratorMode::Named && suffix.is_empty() && inner_ops.is_empty() {
                        // What parses as parameters is parameters (the most vexing parse).
                        if !self.paren_is_parameter_list() {
                            break;
                        }
                        match self.attempt(|p| p.push_prototype_scope(|q| q.function_chunk(true))) {
                            Some(chunk) => {
                                suffix.push(DeclaratorOp::Function(Box::new(chunk)));
                                continue;
                            }
                            None => break,
                        }
                    }
                    if mode != DeclaratorMode::Named && !self.paren_is_parameter_list() {
                        break;
                    }
                    let chunk = self.push_prototype_scope(|p| p.function_chunk(true))?;
                    suffix.push(DeclaratorOp::Function(Box::new(chunk)));
                }
                _ => break,
            }
        }
        if self.at_punct(Punct::Ellipsis)
            && mode != DeclaratorMode::Named
            && d.name.is_none()
            && !d.pack
        {
            // `T...` after an abstract declarator in a parameter (`Ts&... args` is handled
            // before the name).
        }
        let mut ops = inner_ops;
        ops.extend(suffix);
        prefix.reverse();
        ops.extend(prefix);
        d.attrs = attrs.into();
        d.span = if self.prev_span().hi >= start.lo && self.peek().span.lo > start.lo {
            Span::new(start.lo, self.prev_span().hi)
        } else {
            Span::new(start.lo, start.lo)
        };
        Ok((d, ops))
    }

    /// The name in a declarator: `x`, `A::f`, `operator+`, `~A`, `f<int>`, `A<T>::B`.
    fn declarator_name(&mut self) -> PResult<QualName> {
        self.qualified_name()
    }

    /// At `C::*` (a member-pointer declarator)?
    fn at_member_pointer(&mut self) -> bool {
        if !matches!(
            self.kind(),
            TokenKind::Ident
                | TokenKind::Punct(Punct::ColonColon)
                | TokenKind::Keyword(Keyword::Decltype)
        ) {
            return false;
        }
        // Quick filter: `X ::` must appear soon.
        if !(self.nth_is_punct(1, Punct::ColonColon)
            || self.nth_is_punct(1, Punct::Less)
            || self.at_punct(Punct::ColonColon)
            || self.at_kw(Keyword::Decltype))
        {
            return false;
        }
        self.lookahead(|p| {
            if p.qualified_name().is_err() {
                return false;
            }
            p.at_punct(Punct::ColonColon) && p.nth_is_punct(1, Punct::Star)
        })
    }

    fn member_pointer_class(&mut self) -> PResult<QualName> {
        let name = self.qualified_name()?;
        self.expect_punct(Punct::ColonColon)?;
        self.expect_punct(Punct::Star)?;
        Ok(name)
    }

    /// `const volatile __restrict__` and attributes after a `*`.
    fn cv_qualifiers(&mut self) -> PResult<(bool, bool, bool, Vec<Attribute>)> {
        let (mut c, mut v, mut r) = (false, false, false);
        let mut attrs = Vec::new();
        loop {
            match self.kind() {
                TokenKind::Keyword(Keyword::Const) => c = true,
                TokenKind::Keyword(Keyword::Volatile) => v = true,
                TokenKind::Keyword(Keyword::Restrict) => r = true,
                TokenKind::Keyword(Keyword::Attribute) => {
                    attrs.extend(self.gnu_and_cxx_attributes()?);
                    continue;
                }
                TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => {
                    attrs.extend(self.attribute_specifiers()?);
                    continue;
                }
                _ => break,
            }
            self.bump();
        }
        Ok((c, v, r, attrs))
    }

    /// After a possible declarator start, does `(` open a nested declarator (`(*f)`,
    /// `(&a)[3]`, `(x)`) rather than a parameter list?
    fn paren_starts_nested_declarator(&mut self, mode: DeclaratorMode) -> bool {
        match self.nth_kind(1) {
            TokenKind::Punct(Punct::Star | Punct::Amp | Punct::AmpAmp | Punct::Caret) => {
                // `(*f)(int)`, but not `(*)` in... both are declarators.
                true
            }
            TokenKind::Punct(Punct::LParen) => {
                mode != DeclaratorMode::Abstract || {
                    // `((*f))` — rare; in abstract declarators `(( ` is a parameter list of a
                    // function whose first parameter is parenthesised... treat as nested.
                    true
                }
            }
            TokenKind::Punct(Punct::RParen) => false,
            TokenKind::Punct(Punct::Ellipsis) => {
                mode != DeclaratorMode::Abstract && self.nth_kind(2) == TokenKind::Ident
            }
            TokenKind::Ident
            | TokenKind::Punct(Punct::ColonColon)
            | TokenKind::Keyword(Keyword::Operator)
            | TokenKind::Punct(Punct::Tilde) => {
                if mode == DeclaratorMode::Abstract {
                    // In a type-id, `(X)` after the specifiers is a parameter list unless it
                    // is a member pointer `(C::*)`.
                    return self.lookahead(|p| {
                        p.bump();
                        p.at_member_pointer()
                    });
                }
                // `T (x)` declares x; `T (int)` declares an unnamed function parameter in
                // parameter context. A name that is a type starts a parameter list, unless
                // a parameter list or a bound follows it (`int (real)(int x);` with a class
                // `real`: a function returning a function or an array cannot be declared,
                // so `(real)` is the declarator). A parameter keeps the type's meaning (and
                // the error that follows).
                if mode == DeclaratorMode::Named
                    && self.nth_kind(1) == TokenKind::Ident
                    && self.nth_is_punct(2, Punct::RParen)
                    && (self.nth_is_punct(3, Punct::LParen)
                        || self.nth_is_punct(3, Punct::LBracket))
                {
                    return true;
                }
                let is_type = self.lookahead(|p| {
                    p.bump();
                    if p.at_member_pointer() {
                        return false;
                    }
                    p.starts_decl_specifier_strict()
                });
                !is_type
            }
            TokenKind::Keyword(Keyword::Attribute) => true,
            _ => false,
        }
    }

    /// Does `(` begin a parameter list (vs. an initializer in parentheses)?
    pub(crate) fn paren_is_parameter_list(&mut self) -> bool {
        match self.nth_kind(1) {
            // At the end of the input, cudafe++ takes it for one.
            TokenKind::Punct(Punct::RParen) | TokenKind::Eof => true,
            TokenKind::Punct(Punct::Ellipsis) => true,
            TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(2, Punct::LBracket) => true,
            TokenKind::Keyword(k) if is_decl_spec_keyword(k) => true,
            TokenKind::Ident | TokenKind::Punct(Punct::ColonColon) => self.lookahead(|p| {
                p.bump();
                p.starts_decl_specifier_strict()
            }),
            _ => false,
        }
    }

    /// Like [`Parser::starts_decl_specifier`], resolving qualified names fully.
    pub(crate) fn starts_decl_specifier_strict(&mut self) -> bool {
        match self.kind() {
            TokenKind::Keyword(k) => is_decl_spec_keyword(k),
            TokenKind::Ident | TokenKind::Punct(Punct::ColonColon) => {
                if self.at_ident() && self.nth_sym(0) == Some(self.known.declspec) {
                    return true;
                }
                if self.at_ident()
                    && self.nth_is_punct(1, Punct::LParen)
                    && is_type_transform_builtin(&self.interner.name(self.nth_sym(0).unwrap()))
                {
                    return true;
                }
                // A lone unqualified name is classified by one lookup, without reading it
                // tentatively (what `qualified_name` and `classify` would decide).
                if self.at_ident()
                    && !matches!(
                        self.nth_kind(1),
                        TokenKind::Punct(Punct::ColonColon | Punct::Less)
                    )
                {
                    let sym = self.nth_sym(0).unwrap();
                    let found = self.lookup_in(super::names::LookupIn::Here, sym);
                    let next = self.nth_kind(1);
                    let Some(&first) = found.first() else {
                        // Undeclared: `dependent_name_is_type_here` for an unqualified name.
                        return self.opts.cxx >= 20
                            && matches!(
                                next,
                                TokenKind::Ident
                                    | TokenKind::Punct(Punct::Star | Punct::Amp | Punct::AmpAmp)
                                    | TokenKind::Keyword(Keyword::Const | Keyword::Volatile)
                            );
                    };
                    if found.len() > 1
                        && found
                            .iter()
                            .all(|&e| self.sema.entity(e).kind == EntityKind::Function)
                    {
                        return false;
                    }
                    return match self.sema.resolve_alias_kind(first) {
                        EntityKind::Namespace | EntityKind::NamespaceAlias => false,
                        EntityKind::Concept => {
                            matches!(next, TokenKind::Keyword(Keyword::Auto | Keyword::Decltype))
                        }
                        EntityKind::TemplateTemplateParam => true,
                        k => k.is_type(),
                    };
                }
                self.lookahead(|p| {
                    let Ok(name) = p.qualified_name() else {
                        return false;
                    };
                    match p.classify(&name) {
                        NameClass::Type | NameClass::TypeTemplate => true,
                        NameClass::Concept => p.at_kw(Keyword::Auto) || p.at_kw(Keyword::Decltype),
                        NameClass::Dependent | NameClass::Undeclared => {
                            p.dependent_name_is_type_here(&name)
                                || (p.dependent_types_ok && name.is_qualified())
                        }
                        _ => false,
                    }
                })
            }
            _ => false,
        }
    }

    /// Runs `f` with a fresh prototype scope (function parameters).
    pub(crate) fn push_prototype_scope<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> PResult<T>,
    ) -> PResult<T> {
        let saved = self.scope;
        let s = self.push_scope(ScopeKind::Prototype);
        if let Some(c) = self.declarator_class_ctx {
            self.sema.set_class_context(s, c);
        }
        let r = f(self);
        self.scope = saved;
        r
    }

    /// `(params) cv ref noexcept attrs -> R`.
    pub(crate) fn function_chunk(&mut self, allow_trailing: bool) -> PResult<FunctionChunk> {
        let open_at = self.pos;
        let open = self.expect_punct(Punct::LParen)?;
        let mut params = Vec::new();
        let mut variadic = false;
        if !self.at_punct(Punct::RParen) {
            loop {
                if self.at_punct(Punct::Ellipsis) {
                    self.bump();
                    variadic = true;
                    break;
                }
                if self.at_eof() && self.eof_continue() {
                    self.record_at_eof("expected a type specifier", None, None);
                    break;
                }
                if let Some(assumed) = self.missing_member_parameter() {
                    // EDG ends the list there (with the `int` it assumed, if it did) and
                    // reads on after its `)`.
                    params.extend(assumed);
                    if let Some(close) = self.closing_at(open_at) {
                        self.pos = close;
                    }
                    break;
                }
                let p = self.parameter_declaration(false)?;
                if !self.is_tentative()
                    && let Some(n) = p.declarator.name.as_ref().and_then(|n| n.ident())
                {
                    let sp = p.declarator.name.as_ref().map(|n| n.span).unwrap_or(p.span);
                    self.sema
                        .add_entity(EntityKind::Parameter, Some(n), self.scope, sp);
                }
                params.push(p);
                if self.eat_punct(Punct::Comma) {
                    continue;
                }
                if self.at_punct(Punct::Ellipsis) {
                    // `int...` (C-style variadic without a comma)
                    self.bump();
                    variadic = true;
                }
                break;
            }
        }
        let close = self.expect_punct(Punct::RParen)?;
        let mut chunk = FunctionChunk {
            params: params.into(),
            variadic,
            params_span: open.to(close),
            is_const: false,
            is_volatile: false,
            ref_qualifier: None,
            exception: None,
            trailing_return: None,
            attrs: Vec::new().into(),
            span: open,
        };
        loop {
            match self.kind() {
                TokenKind::Keyword(Keyword::Const) => chunk.is_const = true,
                TokenKind::Keyword(Keyword::Volatile) => chunk.is_volatile = true,
                TokenKind::Keyword(Keyword::Restrict) => {}
                TokenKind::Punct(Punct::Amp) => chunk.ref_qualifier = Some(RefQualifier::LValue),
                TokenKind::Punct(Punct::AmpAmp) => chunk.ref_qualifier = Some(RefQualifier::RValue),
                TokenKind::Keyword(Keyword::Noexcept) => {
                    self.bump();
                    let cond = if self.at_punct(Punct::LParen) {
                        self.bump();
                        let e = self.constant_expression()?;
                        self.expect_punct(Punct::RParen)?;
                        Some(Box::new(e))
                    } else {
                        None
                    };
                    chunk.exception = Some(ExceptionSpec::Noexcept(cond));
                    continue;
                }
                TokenKind::Keyword(Keyword::Throw) => {
                    self.bump();
                    self.expect_punct(Punct::LParen)?;
                    let mut types = Vec::new();
                    if self.at_punct(Punct::Ellipsis) {
                        self.bump();
                    }
                    while !self.at_punct(Punct::RParen) {
                        types.push(self.type_id()?);
                        self.eat_punct(Punct::Ellipsis);
                        if !self.eat_punct(Punct::Comma) {
                            break;
                        }
                    }
                    self.expect_punct(Punct::RParen)?;
                    chunk.exception = Some(ExceptionSpec::Throw(types.into()));
                    continue;
                }
                TokenKind::Keyword(Keyword::Attribute) => {
                    let a = self.gnu_and_cxx_attributes()?;
                    chunk.attrs.extend(a);
                    continue;
                }
                TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => {
                    let a = self.attribute_specifiers()?;
                    self.note_function_type_attributes(&a);
                    chunk.attrs.extend(a);
                    continue;
                }
                TokenKind::Punct(Punct::Arrow) if allow_trailing => {
                    self.bump();
                    let t = self.type_id()?;
                    chunk.trailing_return = Some(Box::new(t));
                    continue;
                }
                _ => break,
            }
            self.bump();
        }
        chunk.span = open.to(self.prev_span());
        Ok(chunk)
    }

    /// One parameter (`in_template` for non-type template parameters).
    pub(crate) fn parameter_declaration(&mut self, in_template: bool) -> PResult<Param> {
        let start = self.peek().span;
        let mut attrs = self.cxx_attributes_only()?;
        let mut specs = self.decl_specifiers(DeclContext::Block)?;
        specs.attrs.prepend(attrs.drain(..));
        if matches!(specs.ty, TypeSpec::None) && !specs.is_const && !specs.is_volatile {
            return Err(self.err("expected a type specifier"));
        }
        let declarator = self.declarator(DeclaratorMode::Either)?;
        let default = if self.eat_punct(Punct::Eq) {
            if in_template {
                Some(self.conditional_expression_in_template_param()?)
            } else {
                Some(self.initializer_clause()?)
            }
        } else {
            None
        };
        Ok(Param {
            specs,
            declarator,
            default: default.map(Box::new),
            span: start.to(self.prev_span()),
            entity: None,
        })
    }

    /// A default argument of a non-type template parameter: `>` ends it.
    fn conditional_expression_in_template_param(&mut self) -> PResult<Expr> {
        self.angle_depth += 1;
        let r = self.conditional_expression();
        self.angle_depth -= 1;
        r
    }

    /// A type-id: specifiers and an abstract declarator.
    pub(crate) fn type_id(&mut self) -> PResult<TypeId> {
        let start = self.peek().span;
        let specs = self.decl_specifiers(DeclContext::Block)?;
        if matches!(specs.ty, TypeSpec::None) && !specs.is_const && !specs.is_volatile {
            return Err(self.err("expected a type specifier"));
        }
        let declarator = self.declarator(DeclaratorMode::Abstract)?;
        Ok(TypeId {
            specs,
            declarator,
            span: start.to(self.prev_span()),
        })
    }

    /// A type-id where nothing else can stand (`using X = ...;`, `static_cast<...>`): a
    /// qualified name whose meaning we cannot see is taken as a type.
    pub(crate) fn type_id_only(&mut self) -> PResult<TypeId> {
        let saved = self.dependent_types_ok;
        self.dependent_types_ok = true;
        let r = self.type_id();
        self.dependent_types_ok = saved;
        r
    }

    /// The type in `operator T` (no function or array declarators; `operator int*()`).
    pub(crate) fn conversion_type_id(&mut self) -> PResult<TypeId> {
        let start = self.peek().span;
        let specs = self.decl_specifiers(DeclContext::Block)?;
        if matches!(specs.ty, TypeSpec::None) {
            return Err(self.err("expected a type specifier"));
        }
        let mut ops = Vec::new();
        loop {
            match self.kind() {
                TokenKind::Punct(Punct::Star) => {
                    self.bump();
                    let (c, v, r, a) = self.cv_qualifiers()?;
                    ops.push(DeclaratorOp::Pointer {
                        is_const: c,
                        is_volatile: v,
                        is_restrict: r,
                        attrs: a.into(),
                    });
                }
                TokenKind::Punct(Punct::Amp) => {
                    self.bump();
                    ops.push(DeclaratorOp::LValueRef);
                }
                TokenKind::Punct(Punct::AmpAmp) => {
                    // `operator bool&&` is rare; `&&` after `operator T` is usually a
                    // ref-qualifier of the function... only when followed by `(`.
                    if self.nth_is_punct(1, Punct::LParen) {
                        self.bump();
                        ops.push(DeclaratorOp::RValueRef);
                    } else {
                        break;
                    }
                }
                _ => break,
            }
        }
        ops.reverse();
        Ok(TypeId {
            specs,
            declarator: Declarator {
                ops: ops.into(),
                span: start.to(self.prev_span()),
                ..Default::default()
            },
            span: start.to(self.prev_span()),
        })
    }

    /// Can a type-id start here?
    pub(crate) fn starts_type_id(&mut self) -> bool {
        match self.kind() {
            TokenKind::Keyword(k) => is_type_keyword(k),
            TokenKind::Ident | TokenKind::Punct(Punct::ColonColon) => {
                self.starts_decl_specifier_strict()
            }
            _ => false,
        }
    }

    /// A type-id or an expression (for `__typeof__`, builtins, `sizeof` arguments in parens).
    pub(crate) fn type_or_expression(&mut self) -> PResult<TypeOrExpr> {
        if self.starts_type_id() {
            let ok = self.lookahead(|p| {
                p.type_id().is_ok()
                    && matches!(p.kind(), TokenKind::Punct(Punct::RParen | Punct::Comma))
            });
            if ok {
                return Ok(TypeOrExpr::Type(self.type_id()?));
            }
        }
        Ok(TypeOrExpr::Expr(self.assignment_expression()?))
    }

    // -----------------------------------------------------------------------------------
    // Declaring entities

    /// Declares the entity a declarator names (outside tentative parses).
    fn declare_declarator(
        &mut self,
        specs: &DeclSpecs,
        d: &Declarator,
        cx: DeclContext,
    ) -> Option<EntityId> {
        if self.is_tentative() {
            return None;
        }
        let name = d.name.as_ref()?;
        let sym = match &name.last().kind {
            NameKind::Ident(s) => Some(*s),
            NameKind::Operator(_)
            | NameKind::Conversion(_)
            | NameKind::LiteralOperator(_)
            | NameKind::Destructor(_) => None,
            NameKind::Decltype(_) => return None,
        };
        let kind = if specs.is_typedef {
            EntityKind::Typedef
        } else if d.is_function() {
            EntityKind::Function
        } else if cx == DeclContext::Class
            && specs.storage != Some(StorageClass::Static)
            && !specs.is_friend
        {
            EntityKind::Field
        } else {
            EntityKind::Variable
        };
        // Which scope the name belongs to.
        let (scope, existing) = if name.is_qualified() {
            let found = match &name.resolution {
                Resolution::Entity(e) => vec![*e],
                Resolution::Overloads(v) => v.to_vec(),
                _ => Vec::new(),
            };
            let scope = self
                .qualifier_scope(name)
                .unwrap_or_else(|| self.decl_scope());
            (scope, found)
        } else {
            let scope = if specs.is_friend {
                self.sema.enclosing_namespace(self.decl_scope())
            } else {
                self.decl_scope()
            };
            let found = match sym {
                Some(s) => self
                    .sema
                    .scope(scope)
                    .names
                    .get(&s)
                    .map(|l| l.to_vec())
                    .unwrap_or_default(),
                None => self.operator_entities(scope, &name.last().kind),
            };
            (scope, found)
        };
        let signature = d.function().map(|f| self.signature_key(f));
        // A function and a function template of one name and parameter list are two
        // overloads (`template <class T> void test(); bool test();`); an explicit
        // specialization (`template <>`) or a qualified name redeclares what it names.
        let in_params = self.sema.scope(self.scope).kind == ScopeKind::TemplateParams;
        let head = self.template_heads.last().copied().filter(|_| in_params);
        let plain_overload =
            kind == EntityKind::Function && !name.is_qualified() && head != Some(true);
        let declares_template = head == Some(false);
        let matches = |e: EntityId| {
            let en = self.sema.entity(e);
            if en.kind != kind && !(en.kind == EntityKind::Variable && kind == EntityKind::Field) {
                return false;
            }
            if plain_overload && en.is_template != declares_template {
                return false;
            }
            match (&signature, self.signatures.get(&e)) {
                (Some(a), Some(b)) => a == b,
                (None, _) => true,
                (Some(_), None) => false,
            }
        };
        // A member defined outside its class (`int X::f() const`) may match a member
        // template of the same parameter list (`template <class T> T f() const;`): the
        // definition is of a template when it has a template head more than its
        // qualifier's class templates need.
        let wants_template = name.is_qualified() && kind == EntityKind::Function && {
            let heads = if in_params {
                self.template_heads.len()
            } else {
                0
            };
            let class_levels = name.segments[..name.segments.len() - 1]
                .iter()
                .filter(|s| s.args.is_some())
                .count();
            heads > class_levels
        };
        let existing = existing
            .iter()
            .copied()
            .find(|&e| {
                matches(e)
                    && (!name.is_qualified()
                        || kind != EntityKind::Function
                        || self.sema.entity(e).is_template == wants_template)
            })
            .or_else(|| existing.iter().copied().find(|&e| matches(e)));
        // A class member, or a variable, named through a namespace that declares no such
        // name (`thrust::gone<int> x;` read as a qualified declarator) declares nothing
        // there.
        if existing.is_none()
            && name.is_qualified()
            && !specs.is_friend
            && self.sema.scope(scope).kind == ScopeKind::Namespace
            && (cx == DeclContext::Class
                || (kind != EntityKind::Function
                    && name.resolution == Resolution::Unresolved
                    && !self.map.is_system(name.span.lo)))
        {
            return None;
        }
        let id = match existing {
            Some(e) => {
                self.sema.entity_mut(e).add_decl(name.span);
                e
            }
            None => {
                let id = self.sema.add_entity(kind, sym, scope, name.span);
                if sym.is_none() {
                    // Operators and conversion functions: bind under a synthetic name so
                    // redeclarations find them.
                    let key = self.operator_key(&name.last().kind);
                    self.sema.bind(scope, key, id);
                }
                if let Some(sig) = signature {
                    self.signatures.insert(id, sig);
                }
                id
            }
        };
        let in_template = self.sema.in_template(self.scope);
        let in_class = self.sema.scope(scope).kind == ScopeKind::Class;
        let template_now = self.template_heads.last().copied() == Some(false)
            && self.sema.scope(self.scope).kind == ScopeKind::TemplateParams;
        let extern_c = self.extern_c_depth > 0;
        let typedef_target = if kind == EntityKind::Typedef {
            self.specs_target(specs, d)
        } else {
            None
        };
        let e = self.sema.entity_mut(id);
        let f = &mut e.flags;
        match specs.storage {
            Some(StorageClass::Static) => f.is_static = true,
            Some(StorageClass::Extern) => f.is_extern = true,
            _ => {}
        }
        if self.linkage_extern_pending {
            f.is_extern = true;
        }
        f.is_inline |= specs.is_inline;
        f.is_constexpr |= specs.is_constexpr;
        f.is_consteval |= specs.is_consteval;
        f.is_virtual |= specs.is_virtual;
        f.is_thread_local |= specs.thread_local;
        f.is_const |= specs.is_const;
        f.is_member |= in_class;
        f.in_template |= in_template;
        f.extern_c |= extern_c;
        if specs.is_friend && existing.is_none() {
            f.friend_only = true;
        } else if !specs.is_friend {
            f.friend_only = false;
        }
        // `template <class T> const int X<T>::n;` defines a member of a class template, not
        // a template of its own: a redeclaration by qualified name keeps what the member was.
        if template_now && !(existing.is_some() && name.is_qualified()) {
            e.is_template = true;
        }
        if kind == EntityKind::Typedef {
            e.target = typedef_target;
        }
        self.note_system(id, name.span);
        if let Some(sym) = sym
            && self.opts.lazy_system_bodies
        {
            self.note_device_name(sym, specs, d);
        }
        Some(id)
    }

    /// Records whether an entity's first declaration is in a system header.
    pub(crate) fn note_system(&mut self, id: EntityId, span: Span) {
        if self.sema.entity(id).decl_count() == 1 {
            let sys = self.map.is_system(span.lo);
            self.sema.entity_mut(id).flags.in_system_header = sys;
            let anon = {
                let parent = self.sema.entity(id).parent;
                self.scope_in_anonymous_namespace(parent)
            };
            self.sema.entity_mut(id).flags.in_anonymous_namespace |= anon;
        }
    }

    fn scope_in_anonymous_namespace(&self, s: ScopeId) -> bool {
        self.sema
            .scope(s)
            .namespace
            .is_some_and(|e| self.sema.entity(e).flags.in_anonymous_namespace)
    }

    /// A class, enum or namespace a typedef names directly.
    fn specs_target(&self, specs: &DeclSpecs, d: &Declarator) -> Option<EntityId> {
        if !d.ops.is_empty() {
            return None;
        }
        match &specs.ty {
            TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => {
                let e = name.resolution.entity()?;
                let r = self.sema.resolve_alias(e);
                matches!(
                    self.sema.entity(r).kind,
                    EntityKind::Class(_) | EntityKind::Enum { .. }
                )
                .then_some(r)
            }
            TypeSpec::Class(c) => c.entity,
            TypeSpec::Enum(e) => e.entity,
            _ => None,
        }
    }

    pub(crate) fn typeid_target(&self, t: &TypeId) -> Option<EntityId> {
        self.specs_target(&t.specs, &t.declarator)
    }

    /// `struct S;` or `enum class E : int;` with no declarators: the tag is declared by the
    /// class/enum specifier itself.
    fn declare_tag_only(&mut self, _specs: &DeclSpecs) {}

    /// See [`crate::syntax::signature_key`].
    pub(crate) fn signature_key(&self, f: &FunctionChunk) -> Vec<u8> {
        crate::syntax::signature_key(self.map, f)
    }

    /// A synthetic symbol under which operators and conversion functions are bound.
    pub(crate) fn operator_key(&mut self, k: &NameKind) -> Symbol {
        let text = match k {
            NameKind::Operator(op) => format!("operator {op:?}"),
            NameKind::LiteralOperator(s) => format!("operator \"\" {}", self.interner.name(*s)),
            NameKind::Conversion(t) => {
                format!(
                    "operator {}",
                    String::from_utf8_lossy(self.map.slice(t.span))
                )
            }
            NameKind::Destructor(s) => format!("~{}", self.interner.name(*s)),
            _ => String::from("?"),
        };
        self.interner.intern(text.as_bytes())
    }

    fn operator_entities(&mut self, scope: ScopeId, k: &NameKind) -> Vec<EntityId> {
        let key = self.operator_key(k);
        self.sema
            .scope(scope)
            .names
            .get(&key)
            .map(|l| l.to_vec())
            .unwrap_or_default()
    }
}

/// Keywords that can begin a declaration.
pub(crate) fn is_decl_spec_keyword(k: Keyword) -> bool {
    use Keyword::*;
    matches!(
        k,
        Static
            | Extern
            | Register
            | Mutable
            | ThreadLocal
            | GnuThread
            | Typedef
            | Friend
            | Inline
            | Virtual
            | Explicit
            | Constexpr
            | Consteval
            | Constinit
            | Const
            | Volatile
            | Restrict
            | Extension
            | Attribute
            | Alignas
            | Void
            | Bool
            | Char
            | WcharT
            | Char8T
            | Char16T
            | Char32T
            | Short
            | Int
            | Long
            | Signed
            | Unsigned
            | Float
            | Double
            | Int128
            | GnuFloat128
            | Complex
            | Float16
            | Float32
            | Float64
            | Float128
            | Float32x
            | Float64x
            | Float128x
            | Float80
            | Bf16
            | BuiltinVaList
            | Auto
            | Decltype
            | Typeof
            | Class
            | Struct
            | Union
            | Enum
            | Typename
    )
}

/// Keywords that can begin a type-id.
pub(crate) fn is_type_keyword(k: Keyword) -> bool {
    use Keyword::*;
    matches!(
        k,
        Const
            | Volatile
            | Restrict
            | Attribute
            | Void
            | Bool
            | Char
            | WcharT
            | Char8T
            | Char16T
            | Char32T
            | Short
            | Int
            | Long
            | Signed
            | Unsigned
            | Float
            | Double
            | Int128
            | GnuFloat128
            | Complex
            | Float16
            | Float32
            | Float64
            | Float128
            | Float32x
            | Float64x
            | Float128x
            | Float80
            | Bf16
            | BuiltinVaList
            | Auto
            | Decltype
            | Typeof
            | Class
            | Struct
            | Union
            | Enum
            | Typename
            | Extension
    )
}

/// GCC's and Clang's builtins that name a type: `__underlying_type(T)`,
/// `__remove_cvref(T)`, `__type_pack_element<...>` is handled as a template.
pub(crate) fn is_type_transform_builtin(name: &str) -> bool {
    matches!(
        name,
        "__underlying_type"
            | "__remove_cv"
            | "__remove_cvref"
            | "__remove_reference"
            | "__remove_pointer"
            | "__remove_const"
            | "__remove_volatile"
            | "__add_pointer"
            | "__add_lvalue_reference"
            | "__add_rvalue_reference"
            | "__decay"
            | "__remove_all_extents"
            | "__remove_extent"
            | "__make_signed"
            | "__make_unsigned"
            | "__remove_restrict"
    )
}

/// Can a token of this kind after a class or enum definition only start another declaration
/// (a type specifier, or a declaration's first keyword)? Qualifiers, storage classes and
/// attributes still belong to the definition's declaration (`struct S { } const s;`).
fn starts_declaration_after_definition(kind: TokenKind) -> bool {
    use Keyword as K;
    matches!(
        kind,
        TokenKind::Keyword(
            K::Auto
                | K::Bool
                | K::Char
                | K::Char8T
                | K::Char16T
                | K::Char32T
                | K::WcharT
                | K::Short
                | K::Int
                | K::Long
                | K::Signed
                | K::Unsigned
                | K::Float
                | K::Double
                | K::Void
                | K::Int128
                | K::GnuFloat128
                | K::Float80
                | K::Decltype
                | K::Class
                | K::Struct
                | K::Union
                | K::Enum
                | K::Namespace
                | K::Using
                | K::StaticAssert
        )
    )
}
