//! Names: qualified names, template argument lists, and what a name denotes.

use super::{PResult, Parser};
use crate::intern::Symbol;
use crate::lexer::{Keyword, Punct, TokenKind};
use crate::sema::{EntityId, EntityKind, ScopeId};
use crate::syntax::ast::{
    Expr, NameKind, NameSegment, OverloadedOp, QualName, Resolution, TemplateArg, TemplateArgs,
};

/// The memo key of a qualified name: where it starts and what lookup sees from there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct NameKey {
    pos: u32,
    split: bool,
    scope: ScopeId,
    ctx: Option<ScopeId>,
}

/// Where the next component of a qualified name is looked up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LookupIn {
    /// Unqualified lookup from the current scope.
    Here,
    /// Qualified lookup in a namespace, class or enum.
    Scope(ScopeId),
    /// After `::` (global qualification).
    Global,
    /// The qualifier depends on template parameters (or cannot be resolved): the meaning
    /// of what follows is unknown.
    Unknown,
}

/// What a parsed name denotes, for the parser's decisions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NameClass {
    Type,
    /// A class or alias template named without arguments.
    TypeTemplate,
    Namespace,
    Concept,
    /// Functions, variables, enumerators, non-type template parameters...
    Value,
    /// A qualified name whose qualifier depends on template parameters.
    Dependent,
    /// Lookup found nothing.
    Undeclared,
}

impl<'a> Parser<'a> {
    /// Looks a single identifier up in `ctx`.
    pub(crate) fn lookup_in(&self, ctx: LookupIn, name: Symbol) -> crate::sema::Found {
        match ctx {
            LookupIn::Here => {
                if let Some(c) = self.declarator_class_ctx {
                    let found = self.sema.lookup_class_chain(c, name);
                    if !found.is_empty() {
                        return found;
                    }
                }
                self.sema.lookup_unqualified(self.scope, name)
            }
            LookupIn::Global => self.sema.lookup_qualified(crate::sema::Sema::GLOBAL, name),
            LookupIn::Scope(s) => {
                let found = self.sema.lookup_qualified(s, name);
                if found.is_empty() {
                    self.sema.lookup_in_dependent_bases(s, name)
                } else {
                    found
                }
            }
            LookupIn::Unknown => crate::sema::Found::new(),
        }
    }

    /// The template arguments `args` as written, without whitespace: two spellings of the
    /// arguments of one explicit specialization compare equal.
    pub(crate) fn args_key(&self, args: &TemplateArgs) -> Box<[u8]> {
        let text = self.map.slice(args.span);
        text.iter()
            .copied()
            .filter(|b| !b.is_ascii_whitespace())
            .collect()
    }

    /// `X<args>::` where `X` is a class template with an explicit specialization for
    /// exactly these arguments (as written): that specialization's scope, whose members
    /// may differ from the primary template's (`numeric_limits<char>::digits`).
    fn explicit_specialization_scope(
        &self,
        found: &[EntityId],
        args: &TemplateArgs,
    ) -> Option<ScopeId> {
        let &first = found.first()?;
        let t = self.sema.resolve_alias(first);
        let ent = self.sema.entity(t);
        if !ent.is_template || ent.specializations.is_empty() || self.explicit_specs.is_empty() {
            return None;
        }
        let key = self.args_key(args);
        ent.specializations.iter().find_map(|s| {
            (self.explicit_specs.get(s).is_some_and(|k| *k == key))
                .then(|| self.sema.entity(*s).scope)
                .flatten()
        })
    }

    /// After `X` (resolved to `found`) comes `::`: where does lookup continue?
    pub(crate) fn scope_after(&self, found: &[EntityId], has_args: bool) -> LookupIn {
        let Some(&first) = found.first() else {
            return LookupIn::Unknown;
        };
        let e = self.sema.resolve_alias(first);
        let ent = self.sema.entity(e);
        match ent.kind {
            EntityKind::TemplateTypeParam | EntityKind::TemplateTemplateParam => LookupIn::Unknown,
            EntityKind::Class(_)
            | EntityKind::Enum { .. }
            | EntityKind::Namespace
            | EntityKind::Closure => match ent.scope {
                Some(s) => LookupIn::Scope(s),
                None => {
                    let _ = has_args;
                    match self.sema.member_scope(e) {
                        Some(s) => LookupIn::Scope(s),
                        None => LookupIn::Unknown,
                    }
                }
            },
            _ => LookupIn::Unknown,
        }
    }

    /// Could the current token start a name (`::`, identifier, `operator`)?
    pub(crate) fn at_name_start(&self) -> bool {
        matches!(
            self.kind(),
            TokenKind::Ident
                | TokenKind::Punct(Punct::ColonColon)
                | TokenKind::Keyword(Keyword::Operator)
        )
    }

    /// Parses a possibly qualified name, looking each component up as it goes. A `<` after a
    /// component starts template arguments when the component names a template (or
    /// `template` was written before it).
    ///
    /// Stops before a `::` that is not followed by a name component, so the `::*` of a
    /// member-pointer declarator is left for the caller.
    pub(crate) fn qualified_name(&mut self) -> PResult<QualName> {
        // The same name is often read several times while the parser tries alternatives
        // (a template argument as a type, then as an expression; a statement as a
        // declaration, then as an expression); with nested template arguments that would be
        // exponential. Results are kept until the next change to the scopes.
        let key = NameKey {
            pos: self.pos as u32,
            split: self.split.is_some(),
            scope: self.scope,
            ctx: self.declarator_class_ctx,
        };
        //
        // Only tentative parses use the memo, and what it keeps is an outline of the name
        // ([`Parser::outline_name`]): what a tentative parse decides by (the resolution, the
        // components, whether there are template arguments and whether they are dependent)
        // without the arguments themselves. A copy of a name whose arguments nest ten
        // thousand deep then costs no more than a copy of `x`; the real parse reads every
        // name afresh (its own template arguments find their outlines in the memo, so that
        // is linear too) and so builds the whole tree.
        if !self.is_tentative() {
            return self.qualified_name_uncached();
        }
        let generation = self.sema.generation();
        if self.name_memo_generation != generation {
            // Clearing costs the table's capacity: start afresh when it has grown.
            if self.name_memo.capacity() > 256 {
                self.name_memo = Default::default();
            } else {
                self.name_memo.clear();
            }
            self.name_memo_generation = generation;
        }
        if let Some((result, end)) = self.name_memo.get(&key) {
            let (result, end) = (result.clone(), *end);
            self.reset_keep_recoveries(end);
            return result;
        }
        let result = self.qualified_name_uncached();
        if self.sema.generation() == generation {
            let end = self.mark();
            let outline = match &result {
                Ok(n) => Ok(self.outline_name(n)),
                Err(e) => Err(e.clone()),
            };
            self.name_memo.insert(key, (outline, end));
        }
        result
    }

    /// A copy of `n` for tentative parses, without its template arguments' contents: each
    /// argument list keeps its span and is empty, or holds a single placeholder pack when
    /// the arguments depend on template parameters (which is what [`Parser::name_dependent`]
    /// looks for).
    fn outline_name(&self, n: &QualName) -> QualName {
        QualName {
            global: n.global,
            unfound_qualifier: n.unfound_qualifier,
            segments: n
                .segments
                .iter()
                .map(|s| NameSegment {
                    kind: s.kind.clone(),
                    template_kw: s.template_kw,
                    args: s.args.as_ref().map(|a| TemplateArgs {
                        args: if self.args_dependent(a) {
                            vec![TemplateArg::Pack(Box::new(TemplateArg::Expr(Expr::error(
                                a.span,
                            ))))]
                            .into()
                        } else {
                            Vec::new().into()
                        },
                        span: a.span,
                    }),
                    span: s.span,
                })
                .collect(),
            span: n.span,
            resolution: n.resolution.clone(),
        }
    }

    fn qualified_name_uncached(&mut self) -> PResult<QualName> {
        let start = self.peek().span;
        let mut global = false;
        let mut ctx = LookupIn::Here;
        if self.at_punct(Punct::ColonColon) {
            global = true;
            ctx = LookupIn::Global;
            self.bump();
        }
        // Most names have one component.
        let mut segments: smallvec::SmallVec<[NameSegment; 1]> = smallvec::SmallVec::new();
        let resolution;
        let mut unfound_qualifier = false;
        loop {
            let seg_start = self.peek().span;
            let template_kw = self.eat_kw(Keyword::Template);
            let kind = match self.kind() {
                TokenKind::Ident => {
                    let (sym, _) = self.ident()?;
                    NameKind::Ident(sym)
                }
                TokenKind::Keyword(Keyword::Operator) => self.operator_name()?,
                TokenKind::Punct(Punct::Tilde) => {
                    self.bump();
                    if self.at_kw(Keyword::Decltype) {
                        let e = self.decltype_specifier()?;
                        let _ = e;
                        NameKind::Destructor(self.known.final_)
                    } else {
                        let (sym, _) = self.ident()?;
                        NameKind::Destructor(sym)
                    }
                }
                TokenKind::Keyword(Keyword::Decltype) if segments.is_empty() && !global => {
                    let e = self.decltype_specifier()?;
                    if !self.at_punct(Punct::ColonColon) {
                        return Err(self.err("expected \"::\" after decltype(...)"));
                    }
                    NameKind::Decltype(Box::new(e))
                }
                _ => return Err(self.err("expected an identifier")),
            };
            // What the component denotes.
            let found = match &kind {
                // Before `::`, functions and variables do not count.
                NameKind::Ident(sym)
                    if ctx == LookupIn::Here
                        && self.declarator_class_ctx.is_none()
                        && self.at_punct(Punct::ColonColon) =>
                {
                    let found = self.lookup_in(ctx, *sym);
                    if found.iter().all(|&e| !self.sema.nests_names(e)) && !found.is_empty() {
                        self.sema.lookup_nested_name_specifier(self.scope, *sym)
                    } else {
                        found
                    }
                }
                NameKind::Ident(sym) => self.lookup_in(ctx, *sym),
                NameKind::Operator(_) | NameKind::LiteralOperator(_) | NameKind::Conversion(_) => {
                    crate::sema::Found::new()
                }
                _ => crate::sema::Found::new(),
            };
            let is_template = match &kind {
                NameKind::Ident(_) => {
                    template_kw
                        || self.sema.is_template_name(&found)
                        || (found.is_empty()
                            && self.undeclared_may_be_template(ctx)
                            && self.undeclared_template_here())
                        || (found
                            .iter()
                            .all(|&e| self.sema.entity(e).kind == EntityKind::Function)
                            && !found.is_empty()
                            && ctx != LookupIn::Unknown
                            && self.function_template_args_follow())
                }
                NameKind::Operator(_) | NameKind::LiteralOperator(_) => {
                    template_kw || self.function_template_args_follow()
                }
                _ => false,
            };
            let args = if is_template && self.at_punct(Punct::Less) {
                Some(self.template_args()?)
            } else {
                None
            };
            let seg_span = seg_start.to(self.prev_span());
            let is_decltype = matches!(kind, NameKind::Decltype(_));
            segments.push(NameSegment {
                kind,
                template_kw,
                args,
                span: seg_span,
            });
            // Continue with `::` only when a name component follows.
            let more = self.at_punct(Punct::ColonColon)
                && matches!(
                    self.nth_kind(1),
                    TokenKind::Ident
                        | TokenKind::Keyword(Keyword::Template)
                        | TokenKind::Keyword(Keyword::Operator)
                        | TokenKind::Punct(Punct::Tilde)
                );
            if more
                && segments
                    .last()
                    .is_some_and(|s| matches!(s.kind, NameKind::Ident(_) | NameKind::Decltype(_)))
            {
                if segments.len() == 1
                    && ctx == LookupIn::Here
                    && found.is_empty()
                    && self.declarator_class_ctx.is_none()
                    && segments[0].args.is_none()
                    && matches!(segments[0].kind, NameKind::Ident(_))
                {
                    unfound_qualifier = true;
                }
                self.bump(); // ::
                ctx = if is_decltype {
                    LookupIn::Unknown
                } else {
                    let has_args = segments.last().is_some_and(|s| s.args.is_some());
                    let dependent_args = segments
                        .last()
                        .and_then(|s| s.args.as_ref())
                        .is_some_and(|a| self.args_dependent(a));
                    let unknowable = match ctx {
                        LookupIn::Scope(sc) => found.is_empty() && self.members_unknowable(sc),
                        _ => false,
                    };
                    if ctx == LookupIn::Unknown
                        || unknowable
                        || (dependent_args && !self.sema.is_template_name(&found))
                    {
                        LookupIn::Unknown
                    } else if let Some(s) = segments
                        .last()
                        .and_then(|seg| seg.args.as_ref())
                        .filter(|_| !dependent_args)
                        .and_then(|args| self.explicit_specialization_scope(&found, args))
                    {
                        LookupIn::Scope(s)
                    } else {
                        self.scope_after(&found, has_args)
                    }
                };
                continue;
            }
            let unknowable = match ctx {
                LookupIn::Scope(sc) => found.is_empty() && self.members_unknowable(sc),
                _ => false,
            };
            resolution = if ctx == LookupIn::Unknown || unknowable {
                Resolution::Dependent
            } else {
                match found.len() {
                    0 => Resolution::Unresolved,
                    1 => Resolution::Entity(found[0]),
                    _ => {
                        // Functions, and using-declarations of functions beside them
                        // (`using N::h; void h(int *);`), make an overload set, unless
                        // they all are one function (`using std::malloc;` beside `malloc`).
                        let functions = found.iter().all(|&e| self.sema.denotes_functions(e));
                        let one = || {
                            let mut all = found.iter().flat_map(|&e| self.sema.using_targets(e));
                            let first = all.next();
                            all.all(|e| Some(e) == first)
                        };
                        if functions && !one() {
                            Resolution::Overloads(Box::from(found.as_slice()))
                        } else {
                            Resolution::Entity(found[0])
                        }
                    }
                }
            };
            break;
        }
        Ok(QualName {
            global,
            unfound_qualifier,
            segments: segments.into_vec().into_boxed_slice(),
            span: start.to(self.prev_span()),
            resolution,
        })
    }

    /// Can a class have members we cannot see (it has a base that depends on template
    /// parameters, directly or through its bases)?
    pub(crate) fn members_unknowable(&self, scope: ScopeId) -> bool {
        fn walk(p: &Parser<'_>, s: ScopeId, depth: usize) -> bool {
            if depth > 32 {
                return true;
            }
            let sc = p.sema.scope(s);
            if sc.kind != crate::sema::ScopeKind::Class {
                return false;
            }
            sc.dependent_bases || sc.bases.iter().any(|&b| walk(p, b, depth + 1))
        }
        walk(self, scope, 0)
    }

    /// An undeclared name followed by `<`: C++20 treats it as a template name when a call
    /// follows the argument list (`get<0>(t)` found by argument-dependent lookup).
    /// Where a name lookup did not find may still be read as a template's when template
    /// arguments and `(` follow: unqualified (C++20's rule, which the checks narrow to what
    /// EDG does under the standard in force), or in a namespace (where EDG reads `ns::f<int>(x)`
    /// with `f` missing as comparisons, and the checks report it as such).
    fn undeclared_may_be_template(&self, ctx: LookupIn) -> bool {
        match ctx {
            LookupIn::Here | LookupIn::Global => true,
            LookupIn::Scope(sc) => self.sema.scope(sc).kind == crate::sema::ScopeKind::Namespace,
            LookupIn::Unknown => false,
        }
    }

    fn undeclared_template_here(&mut self) -> bool {
        if !self.at_punct(Punct::Less) {
            return false;
        }
        self.lookahead(|p| p.template_args().is_ok() && p.at_punct(Punct::LParen))
    }

    /// After a function name: `<...>` is a template argument list when it parses as one and
    /// is followed by `(` or `::` or ends the name (explicit specialization declarators).
    fn function_template_args_follow(&mut self) -> bool {
        if !self.at_punct(Punct::Less) {
            return false;
        }
        self.lookahead(|p| {
            p.template_args().is_ok()
                && matches!(
                    p.kind(),
                    TokenKind::Punct(
                        Punct::LParen
                            | Punct::ColonColon
                            | Punct::Semi
                            | Punct::Comma
                            | Punct::RParen
                            | Punct::Greater
                    )
                )
        })
    }

    /// Are any template arguments dependent on template parameters?
    pub(crate) fn args_dependent(&self, args: &TemplateArgs) -> bool {
        args.args.iter().any(|a| self.arg_dependent(a))
    }

    fn arg_dependent(&self, a: &TemplateArg) -> bool {
        match a {
            TemplateArg::Pack(_) => true,
            TemplateArg::Type(t) => self.typeid_dependent(t),
            TemplateArg::Expr(e) => self.expr_mentions_template_param(e),
            TemplateArg::Name(n) => self.name_dependent(n),
        }
    }

    pub(crate) fn name_dependent(&self, n: &QualName) -> bool {
        if n.resolution == Resolution::Dependent {
            return true;
        }
        if let Some(e) = n.resolution.entity() {
            let k = self.sema.entity(e).kind;
            if matches!(
                k,
                EntityKind::TemplateTypeParam
                    | EntityKind::TemplateTemplateParam
                    | EntityKind::TemplateValueParam
            ) {
                return true;
            }
        }
        n.segments
            .iter()
            .any(|s| s.args.as_ref().is_some_and(|a| self.args_dependent(a)))
    }

    fn typeid_dependent(&self, t: &crate::syntax::ast::TypeId) -> bool {
        use crate::syntax::ast::TypeSpec;
        match &t.specs.ty {
            TypeSpec::Named { name, typename_kw } => *typename_kw || self.name_dependent(name),
            TypeSpec::Elaborated { name, .. } => self.name_dependent(name),
            TypeSpec::Decltype(_) | TypeSpec::Typeof(_) | TypeSpec::BuiltinTransform { .. } => true,
            _ => false,
        }
    }

    /// A rough test: does the expression name a template parameter?
    fn expr_mentions_template_param(&self, e: &Expr) -> bool {
        use crate::syntax::ast::ExprKind;
        match &e.kind {
            ExprKind::Name(n) => self.name_dependent(n),
            ExprKind::Paren(x) | ExprKind::Unary(_, x) => self.expr_mentions_template_param(x),
            ExprKind::Binary(_, a, b) => {
                self.expr_mentions_template_param(a) || self.expr_mentions_template_param(b)
            }
            ExprKind::SizeofType(_) | ExprKind::SizeofPack(_) | ExprKind::AlignofType(_) => true,
            ExprKind::Literal(_) | ExprKind::Bool(_) | ExprKind::Nullptr => false,
            _ => true,
        }
    }

    /// `operator+`, `operator()`, `operator new[]`, `operator""_x`, `operator T`.
    pub(crate) fn operator_name(&mut self) -> PResult<NameKind> {
        self.bump(); // operator
        use OverloadedOp as O;
        let t = self.peek();
        let op = match t.kind {
            TokenKind::Keyword(Keyword::New) | TokenKind::Keyword(Keyword::Delete) => {
                let is_new = t.kind == TokenKind::Keyword(Keyword::New);
                self.bump();
                if self.at_punct(Punct::LBracket) && self.nth_is_punct(1, Punct::RBracket) {
                    self.bump();
                    self.bump();
                    if is_new { O::NewArray } else { O::DeleteArray }
                } else if is_new {
                    O::New
                } else {
                    O::Delete
                }
            }
            TokenKind::Keyword(Keyword::CoAwait) => {
                self.bump();
                O::CoAwait
            }
            TokenKind::Punct(Punct::LParen) if self.nth_is_punct(1, Punct::RParen) => {
                self.bump();
                self.bump();
                O::Call
            }
            TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::RBracket) => {
                self.bump();
                self.bump();
                O::Subscript
            }
            TokenKind::Str(_) => {
                // operator"" _x  or operator""_x
                let tok = self.bump();
                let suffix = if let Some(off) = tok.ud_suffix() {
                    let text = self
                        .map
                        .slice(crate::source_map::Span::new(off, tok.span.hi))
                        .to_vec();
                    self.interner.intern(&text)
                } else {
                    self.ident()?.0
                };
                return Ok(NameKind::LiteralOperator(suffix));
            }
            TokenKind::Punct(p) if p != Punct::ColonColon => {
                let op = match p {
                    Punct::Arrow => O::Arrow,
                    Punct::ArrowStar => O::ArrowStar,
                    Punct::Tilde => O::Tilde,
                    Punct::Bang => O::Exclaim,
                    Punct::Plus => O::Plus,
                    Punct::Minus => O::Minus,
                    Punct::Star => O::Star,
                    Punct::Slash => O::Slash,
                    Punct::Percent => O::Percent,
                    Punct::Caret => O::Caret,
                    Punct::Amp => O::Amp,
                    Punct::Pipe => O::Pipe,
                    Punct::Eq => O::Assign,
                    Punct::Less => O::Less,
                    Punct::Greater => O::Greater,
                    Punct::PlusEq => O::PlusAssign,
                    Punct::MinusEq => O::MinusAssign,
                    Punct::StarEq => O::StarAssign,
                    Punct::SlashEq => O::SlashAssign,
                    Punct::PercentEq => O::PercentAssign,
                    Punct::CaretEq => O::CaretAssign,
                    Punct::AmpEq => O::AmpAssign,
                    Punct::PipeEq => O::PipeAssign,
                    Punct::LessLess => O::LessLess,
                    Punct::GreaterGreater => O::GreaterGreater,
                    Punct::LessLessEq => O::LessLessAssign,
                    Punct::GreaterGreaterEq => O::GreaterGreaterAssign,
                    Punct::EqEq => O::EqualEqual,
                    Punct::BangEq => O::ExclaimEqual,
                    Punct::LessEq => O::LessEqual,
                    Punct::GreaterEq => O::GreaterEqual,
                    Punct::Spaceship => O::Spaceship,
                    Punct::AmpAmp => O::AmpAmp,
                    Punct::PipePipe => O::PipePipe,
                    Punct::PlusPlus => O::PlusPlus,
                    Punct::MinusMinus => O::MinusMinus,
                    Punct::Comma => O::Comma,
                    _ => return Err(self.err("expected an operator")),
                };
                self.bump();
                op
            }
            _ => {
                // A conversion function: `operator T`, `operator ::std::pair<A, B>`.
                let ty = self.conversion_type_id()?;
                return Ok(NameKind::Conversion(Box::new(ty)));
            }
        };
        Ok(NameKind::Operator(op))
    }

    /// `< args >`.
    pub(crate) fn template_args(&mut self) -> PResult<TemplateArgs> {
        let open = self.expect_punct(Punct::Less)?;
        self.enter()?;
        self.angle_depth += 1;
        let saved_launch = self.in_launch_config;
        self.in_launch_config = 0;
        let saved_dep = self.dependent_types_ok;
        self.dependent_types_ok = false;
        let result = (|| {
            let mut args = Vec::new();
            if !self.eat_closing_angle() {
                loop {
                    let arg = self.template_arg()?;
                    let arg = if self.eat_punct(Punct::Ellipsis) {
                        TemplateArg::Pack(Box::new(arg))
                    } else {
                        arg
                    };
                    args.push(arg);
                    if self.eat_punct(Punct::Comma) {
                        continue;
                    }
                    if self.eat_closing_angle() {
                        break;
                    }
                    return Err(self.err("expected a \">\""));
                }
            }
            Ok(TemplateArgs {
                args: args.into(),
                span: open.to(self.prev_span()),
            })
        })();
        self.in_launch_config = saved_launch;
        self.dependent_types_ok = saved_dep;
        self.angle_depth -= 1;
        self.leave();
        result
    }

    fn template_arg(&mut self) -> PResult<TemplateArg> {
        // A name that denotes a template (a template template argument) followed by `,`,
        // `>` or `...`.
        if self.at_name_start() && !self.at_kw(Keyword::Decltype) {
            // The name, and whether the argument ends after it.
            let probe = self.lookahead(|p| {
                let name = p.qualified_name().ok()?;
                let ends = matches!(
                    p.kind(),
                    TokenKind::Punct(
                        Punct::Comma | Punct::Greater | Punct::Ellipsis | Punct::GreaterGreater
                    )
                );
                Some((name, ends))
            });
            if let Some((name, ends)) = probe {
                let denotes_template = name.last().args.is_none()
                    && self.sema.is_template_name(name.resolution.entities())
                    && !self.sema.is_type_name(name.resolution.entities())
                    || (name.last().args.is_none()
                        && name.resolution.entity().is_some_and(|e| {
                            let en = self.sema.entity(e);
                            en.is_template
                                && matches!(en.kind, EntityKind::Class(_) | EntityKind::Typedef)
                        }));
                if ends && denotes_template {
                    let name = self.qualified_name()?;
                    return Ok(TemplateArg::Name(name));
                }
                // A type named alone (`T`, `std::size_t`, `pair<A, B>`): a type-id that ends
                // there, without reading it tentatively as one first.
                if ends && self.classify(&name) == NameClass::Type && self.starts_type_id() {
                    return Ok(TemplateArg::Type(self.type_id()?));
                }
            }
        }
        if self.starts_type_id() {
            // A type-id when it parses as one up to `,` `>` or `...`; else an expression.
            let is_type = self.lookahead(|p| {
                p.type_id().is_ok()
                    && matches!(
                        p.kind(),
                        TokenKind::Punct(
                            Punct::Comma | Punct::Greater | Punct::Ellipsis | Punct::GreaterGreater
                        )
                    )
            });
            if is_type {
                return Ok(TemplateArg::Type(self.type_id()?));
            }
        }
        let e = self.conditional_expression()?;
        Ok(TemplateArg::Expr(e))
    }

    /// Classifies a resolved name.
    pub(crate) fn classify(&self, name: &QualName) -> NameClass {
        match &name.resolution {
            Resolution::Dependent => NameClass::Dependent,
            Resolution::Unresolved => NameClass::Undeclared,
            Resolution::Overloads(_) => NameClass::Value,
            Resolution::Entity(e) => {
                let ent = self.sema.entity(*e);
                let kind = self.sema.resolve_alias_kind(*e);
                match kind {
                    EntityKind::Namespace | EntityKind::NamespaceAlias => NameClass::Namespace,
                    EntityKind::Concept => NameClass::Concept,
                    EntityKind::TemplateTemplateParam => {
                        if name.last().args.is_some() {
                            NameClass::Type
                        } else {
                            NameClass::TypeTemplate
                        }
                    }
                    k if k.is_type() => {
                        let is_template = ent.is_template
                            || (ent.kind == EntityKind::Using
                                && ent.targets.iter().any(|&t| self.sema.entity(t).is_template));
                        if is_template && name.last().args.is_none() && !self.is_injected_here(*e) {
                            NameClass::TypeTemplate
                        } else {
                            NameClass::Type
                        }
                    }
                    _ => NameClass::Value,
                }
            }
        }
    }

    /// Inside the class template `e`, its name without arguments means the current
    /// specialization (the injected-class-name): a type.
    fn is_injected_here(&self, e: EntityId) -> bool {
        self.classes
            .iter()
            .any(|c| c.entity == Some(e) || c.injected == Some(e))
    }
}
