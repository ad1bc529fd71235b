//! Statements.

use super::names::NameClass;
use super::{DeclContext, PResult, Parser};
use crate::lexer::{Keyword, Punct, TokenKind};
use crate::sema::{ScopeId, ScopeKind};
use crate::source_map::Span;
use crate::syntax::ast::*;

impl<'a> Parser<'a> {
    /// `{ ... }` in a new block scope.
    pub(crate) fn compound_statement(&mut self) -> PResult<Stmt> {
        let saved = self.scope;
        self.push_scope(ScopeKind::Block);
        let r = self.compound_statement_in_current_scope();
        self.scope = saved;
        r
    }

    /// `{ ... }` in the current scope (a function body, whose scope holds the parameters).
    pub(crate) fn compound_statement_in_current_scope(&mut self) -> PResult<Stmt> {
        let open = self.expect_punct(Punct::LBrace)?;
        self.enter()?;
        let mut stmts = Vec::new();
        loop {
            for p in self.pending_pragmas() {
                stmts.push(Stmt {
                    kind: StmtKind::Pragma,
                    span: p,
                    attrs: Vec::new().into(),
                });
            }
            if self.at_punct(Punct::RBrace) || self.at_eof() {
                break;
            }
            let before = self.pos_marker();
            stmts.push(self.statement_or_recover());
            if self.pos_marker() == before {
                self.bump();
            }
        }
        self.leave();
        let close = self.expect_closing_brace(open)?;
        Ok(Stmt {
            kind: StmtKind::Compound(stmts.into()),
            span: open.to(close),
            attrs: Vec::new().into(),
        })
    }

    /// A lambda body: `{ ... }` in a block scope inside `scope`.
    pub(crate) fn compound_statement_in_current_scope_with(
        &mut self,
        scope: ScopeId,
    ) -> PResult<Stmt> {
        let saved = self.scope;
        self.scope = scope;
        self.push_scope(ScopeKind::Function);
        self.functions.push(None);
        let r = self.compound_statement_in_current_scope();
        self.functions.pop();
        self.scope = saved;
        r
    }

    /// A statement; on failure records a recovery and skips to the next `;` or `}`.
    fn statement_or_recover(&mut self) -> Stmt {
        let start = self.peek().span;
        let m = self.mark();
        let saved_scope = self.scope;
        let saved_depth = self.depth;
        let saved_classes = self.classes.len();
        // Restored, not reset: a statement may be in a statement expression or a class
        // inside a template argument list or a launch configuration, whose parsers leave
        // their levels when they return.
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        let values_mark = self.undeclared_values.len();
        match self.statement() {
            Ok(s) => s,
            Err(e) => {
                self.scope = saved_scope;
                self.depth = saved_depth;
                self.classes.truncate(saved_classes);
                self.angle_depth = saved_angle;
                self.in_launch_config = saved_launch;
                let undeclared_first =
                    self.undeclared_before_specifiers(DeclContext::Block, m.pos, &e);
                self.undeclared_values_before_error(values_mark, undeclared_first);
                if self.pos == m.pos {
                    self.bump();
                }
                let restart =
                    self.skip_after_error(&e, DeclContext::Block, undeclared_first.is_some());
                let span = start.to(self.prev_span());
                self.record_recovery(span, &e, restart);
                if let Some(at) = undeclared_first
                    && self.tentative == 0
                    && let Some(name) = self.sym_at(m.pos)
                    && let Some(r) = self.recoveries.last_mut()
                    && r.base.is_none()
                {
                    r.base = Some(Box::new(BaseProblem::Undeclared { name, at }));
                }
                Stmt {
                    kind: StmtKind::Error,
                    span,
                    attrs: Vec::new().into(),
                }
            }
        }
    }

    /// The undeclared names a statement that did not parse used as values before its
    /// error: EDG reported each (once in its scope) before the syntax error.
    /// (`reported`: the name before specifiers that the statement's recovery reports.)
    fn undeclared_values_before_error(&mut self, mark: usize, reported: Option<Span>) {
        if self.is_tentative() {
            return;
        }
        // A statement inside this one that failed first reported its own.
        let from = mark.max(self.undeclared_reported);
        for i in from..self.undeclared_values.len() {
            let (scope, sym, at) = self.undeclared_values[i];
            if Some(at) == reported || self.undeclared_value_in(scope, sym, i) {
                continue;
            }
            self.note_problem(at, BaseProblem::UndefinedType { name: sym, at });
        }
        self.undeclared_reported = self.undeclared_values.len();
    }

    pub(crate) fn statement(&mut self) -> PResult<Stmt> {
        self.enter()?;
        let r = self.statement_inner();
        self.leave();
        r
    }

    fn statement_inner(&mut self) -> PResult<Stmt> {
        let start = self.peek().span;
        let attrs = self.cxx_attributes_only()?;
        let stmt = |kind, end: Span| Stmt {
            kind,
            span: start.to(end),
            attrs: Vec::new().into(),
        };
        let mut s = match self.kind() {
            TokenKind::Punct(Punct::LBrace) => self.compound_statement()?,
            TokenKind::Punct(Punct::Semi) => {
                let end = self.bump().span;
                stmt(StmtKind::Null, end)
            }
            TokenKind::Keyword(Keyword::If) => self.if_statement()?,
            TokenKind::Keyword(Keyword::Switch) => {
                self.bump();
                self.in_block(|p| {
                    p.expect_punct(Punct::LParen)?;
                    let init = p.init_statement_if_any()?;
                    let cond = p.condition()?;
                    p.expect_punct(Punct::RParen)?;
                    let body = p.statement()?;
                    Ok(Stmt {
                        span: start.to(p.prev_span()),
                        kind: StmtKind::Switch {
                            init: init.map(Box::new),
                            cond: Box::new(cond),
                            body: Box::new(body),
                        },
                        attrs: Vec::new().into(),
                    })
                })?
            }
            TokenKind::Keyword(Keyword::While) => {
                self.bump();
                self.in_block(|p| {
                    p.expect_punct(Punct::LParen)?;
                    let cond = p.condition()?;
                    p.expect_punct(Punct::RParen)?;
                    let body = p.statement()?;
                    Ok(Stmt {
                        span: start.to(p.prev_span()),
                        kind: StmtKind::While {
                            cond: Box::new(cond),
                            body: Box::new(body),
                        },
                        attrs: Vec::new().into(),
                    })
                })?
            }
            TokenKind::Keyword(Keyword::Do) => {
                self.bump();
                let body = self.statement()?;
                if !self.eat_kw(Keyword::While) {
                    return Err(self.err("expected \"while\""));
                }
                self.expect_punct(Punct::LParen)?;
                let cond = self.expression_in_parens()?;
                self.expect_punct(Punct::RParen)?;
                let end = self.expect_punct(Punct::Semi)?;
                stmt(
                    StmtKind::DoWhile {
                        body: Box::new(body),
                        cond,
                    },
                    end,
                )
            }
            TokenKind::Keyword(Keyword::For) => self.for_statement()?,
            TokenKind::Keyword(Keyword::Break) => {
                self.bump();
                let end = self.expect_punct(Punct::Semi)?;
                stmt(StmtKind::Break, end)
            }
            TokenKind::Keyword(Keyword::Continue) => {
                self.bump();
                let end = self.expect_punct(Punct::Semi)?;
                stmt(StmtKind::Continue, end)
            }
            TokenKind::Keyword(Keyword::Return | Keyword::CoReturn) => {
                let co = self.bump().kind == TokenKind::Keyword(Keyword::CoReturn);
                let value = if self.at_punct(Punct::Semi) {
                    None
                } else {
                    Some(self.initializer_clause_or_expression()?)
                };
                let end = self.expect_punct(Punct::Semi)?;
                stmt(
                    if co {
                        StmtKind::CoReturn(value)
                    } else {
                        StmtKind::Return(value)
                    },
                    end,
                )
            }
            TokenKind::Keyword(Keyword::Goto) => {
                self.bump();
                let label = if self.at_punct(Punct::Star) {
                    // GNU computed goto.
                    self.bump();
                    self.expression()?;
                    None
                } else {
                    Some(self.ident()?.0)
                };
                let end = self.expect_punct(Punct::Semi)?;
                stmt(StmtKind::Goto(label), end)
            }
            TokenKind::Keyword(Keyword::Case) => {
                self.bump();
                let value = self.constant_expression()?;
                let upper = if self.eat_punct(Punct::Ellipsis) {
                    Some(Box::new(self.constant_expression()?))
                } else {
                    None
                };
                self.expect_punct(Punct::Colon)?;
                let inner = self.statement_after_label()?;
                stmt(
                    StmtKind::Case {
                        value,
                        upper,
                        stmt: Box::new(inner),
                    },
                    self.prev_span(),
                )
            }
            TokenKind::Keyword(Keyword::Default) if self.nth_is_punct(1, Punct::Colon) => {
                self.bump();
                self.bump();
                let inner = self.statement_after_label()?;
                stmt(StmtKind::Default(Box::new(inner)), self.prev_span())
            }
            TokenKind::Keyword(Keyword::Try) => {
                self.bump();
                let body = self.compound_statement()?;
                let handlers = self.handlers()?;
                stmt(
                    StmtKind::Try {
                        body: Box::new(body),
                        handlers: handlers.into(),
                    },
                    self.prev_span(),
                )
            }
            TokenKind::Keyword(Keyword::Asm) => {
                self.bump();
                while matches!(
                    self.kind(),
                    TokenKind::Keyword(Keyword::Volatile | Keyword::Inline | Keyword::Goto)
                ) {
                    self.bump();
                }
                self.skip_balanced();
                let end = self.expect_punct(Punct::Semi)?;
                stmt(StmtKind::Asm, end)
            }
            TokenKind::Keyword(Keyword::Label) => {
                // GNU local labels: `__label__ a, b;`
                while !self.at_punct(Punct::Semi) && !self.at_eof() {
                    self.bump();
                }
                let end = self.expect_punct(Punct::Semi)?;
                stmt(StmtKind::Null, end)
            }
            TokenKind::Ident if self.nth_is_punct(1, Punct::Colon) => {
                let (name, _) = self.ident()?;
                self.bump();
                let _ = self.gnu_and_cxx_attributes()?;
                let inner = self.statement_after_label()?;
                stmt(
                    StmtKind::Label {
                        name,
                        stmt: Box::new(inner),
                    },
                    self.prev_span(),
                )
            }
            TokenKind::Ident
                if self.nth_sym(0) == Some(self.known.pragma_op)
                    && self.nth_is_punct(1, Punct::LParen) =>
            {
                self.bump();
                let end = self.skip_balanced();
                self.eat_punct(Punct::Semi);
                stmt(StmtKind::Pragma, end)
            }
            _ => {
                if self.statement_is_declaration() {
                    let d = self.declaration(DeclContext::Block)?;
                    let span = d.span;
                    Stmt {
                        kind: StmtKind::Decl(Box::new(d)),
                        span: start.to(span),
                        attrs: Vec::new().into(),
                    }
                } else {
                    let e = self.expression()?;
                    let end = self.expect_punct(Punct::Semi)?;
                    stmt(StmtKind::Expr(e), end)
                }
            }
        };
        if !attrs.is_empty() {
            s.attrs = attrs.into();
        }
        Ok(s)
    }

    /// After a label: a statement, or (C++23) nothing before `}`.
    fn statement_after_label(&mut self) -> PResult<Stmt> {
        if self.at_punct(Punct::RBrace) {
            let sp = self.peek().span;
            return Ok(Stmt {
                kind: StmtKind::Null,
                span: Span::new(sp.lo, sp.lo),
                attrs: Vec::new().into(),
            });
        }
        self.statement()
    }

    fn initializer_clause_or_expression(&mut self) -> PResult<Expr> {
        if self.at_punct(Punct::LBrace) {
            self.braced_init_list()
        } else {
            self.expression()
        }
    }

    /// Runs `f` in a new block scope.
    fn in_block<T>(&mut self, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let saved = self.scope;
        self.push_scope(ScopeKind::Block);
        let r = f(self);
        self.scope = saved;
        r
    }

    fn if_statement(&mut self) -> PResult<Stmt> {
        let start = self.bump().span; // if
        let constexpr_at = self.peek().span;
        let is_constexpr = self.eat_kw(Keyword::Constexpr);
        if is_constexpr {
            self.feature(17, Feature::IfConstexpr, constexpr_at);
        }
        // `if consteval` / `if !consteval`
        if self.at_kw(Keyword::Consteval)
            || (self.at_punct(Punct::Bang)
                && self.nth_kind(1) == TokenKind::Keyword(Keyword::Consteval))
        {
            let negated = self.eat_punct(Punct::Bang);
            self.bump();
            let then = self.compound_statement()?;
            let else_ = if self.eat_kw(Keyword::Else) {
                Some(Box::new(self.statement()?))
            } else {
                None
            };
            return Ok(Stmt {
                kind: StmtKind::If {
                    is_constexpr: false,
                    consteval: Some(!negated),
                    init: None,
                    cond: None,
                    then: Box::new(then),
                    else_,
                },
                span: start.to(self.prev_span()),
                attrs: Vec::new().into(),
            });
        }
        self.in_block(|p| {
            p.expect_punct(Punct::LParen)?;
            let init = p.init_statement_if_any()?;
            let cond = p.condition()?;
            p.expect_punct(Punct::RParen)?;
            let then = p.statement()?;
            let else_ = if p.eat_kw(Keyword::Else) {
                Some(Box::new(p.statement()?))
            } else {
                None
            };
            Ok(Stmt {
                kind: StmtKind::If {
                    is_constexpr,
                    consteval: None,
                    init: init.map(Box::new),
                    cond: Some(Box::new(cond)),
                    then: Box::new(then),
                    else_,
                },
                span: start.to(p.prev_span()),
                attrs: Vec::new().into(),
            })
        })
    }

    /// An init-statement `x = f();` or `T x = f();` before a condition, if there is one
    /// (`if (init; cond)`).
    fn init_statement_if_any(&mut self) -> PResult<Option<Stmt>> {
        let has_init = self.lookahead(|p| {
            // Scan to `;` or `)` at depth 0.
            let mut depth = 0i32;
            loop {
                match p.kind() {
                    TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => depth += 1,
                    TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                        if depth == 0 {
                            return false;
                        }
                        depth -= 1;
                    }
                    TokenKind::Punct(Punct::Semi) if depth == 0 => return true,
                    TokenKind::Eof => return false,
                    _ => {}
                }
                p.bump();
            }
        });
        if !has_init {
            return Ok(None);
        }
        let init = self.statement()?;
        let semi = self.prev_span();
        self.feature(17, Feature::SelectionInit, semi);
        // Clang before C++17 has no such initializer: cudafe++ expects the `)` at the `;`
        // and reads on.
        if self.opts.clang && self.opts.cxx < 17 {
            self.record_error(
                Span::new(semi.lo, semi.lo),
                &super::ParseError {
                    at: semi,
                    what: "expected a \")\"".into(),
                    expected: Some(Punct::RParen),
                    base: None,
                },
            );
        }
        Ok(Some(init))
    }

    /// A condition: an expression, or a declaration with an initializer.
    fn condition(&mut self) -> PResult<Condition> {
        if self.statement_is_declaration() {
            let start = self.peek().span;
            let specs = self.decl_specifiers(DeclContext::Condition)?;
            let declarator = self.declarator(super::decl::DeclaratorMode::Named)?;
            let _ = self.gnu_and_cxx_attributes()?;
            let init = if self.eat_punct(Punct::Eq) {
                Initializer::Assign(self.initializer_clause()?)
            } else {
                Initializer::Brace(self.braced_init_list()?)
            };
            let entity = if !self.is_tentative() {
                declarator.name.as_ref().and_then(|n| n.ident()).map(|sym| {
                    let sp = declarator.name.as_ref().unwrap().span;
                    self.sema.add_entity(
                        crate::sema::EntityKind::Variable,
                        Some(sym),
                        self.scope,
                        sp,
                    )
                })
            } else {
                None
            };
            let span = start.to(self.prev_span());
            return Ok(Condition::Decl(Box::new(Decl {
                kind: DeclKind::Simple {
                    specs,
                    declarators: vec![InitDeclarator {
                        declarator,
                        init: Some(init),
                        bitfield: None,
                        requires: None,
                        asm_label: None,
                        span,
                        entity,
                    }]
                    .into(),
                },
                span,
            })));
        }
        Ok(Condition::Expr(self.expression_in_parens()?))
    }

    fn for_statement(&mut self) -> PResult<Stmt> {
        let start = self.bump().span; // for
        self.in_block(|p| {
            p.expect_punct(Punct::LParen)?;
            // C++20: `for (init; decl : range)`.
            let mut outer_init = None;
            let range_with_init = p.lookahead(|q| {
                let mut depth = 0i32;
                let mut semis = 0;
                // The `:` of a conditional operator in the condition (`r ? a : b`) is none.
                let mut questions = 0u32;
                loop {
                    match q.kind() {
                        TokenKind::Punct(Punct::LParen | Punct::LBracket | Punct::LBrace) => {
                            depth += 1
                        }
                        TokenKind::Punct(Punct::RParen | Punct::RBracket | Punct::RBrace) => {
                            if depth == 0 {
                                return false;
                            }
                            depth -= 1;
                        }
                        TokenKind::Punct(Punct::Semi) if depth == 0 => semis += 1,
                        TokenKind::Punct(Punct::Question) if depth == 0 && semis == 1 => {
                            questions += 1
                        }
                        TokenKind::Punct(Punct::Colon) if depth == 0 && semis == 1 => {
                            if questions == 0 {
                                return true;
                            }
                            questions -= 1;
                        }
                        TokenKind::Eof => return false,
                        _ => {}
                    }
                    if semis >= 2 {
                        return false;
                    }
                    q.bump();
                }
            });
            if range_with_init {
                p.feature(20, Feature::RangeForInit, p.peek().span);
                outer_init = Some(Box::new(p.statement()?));
            }
            // A range-for?
            if p.statement_is_declaration() {
                let is_range = p.lookahead(|q| {
                    let Ok(_specs) = q.decl_specifiers(DeclContext::Condition) else {
                        return false;
                    };
                    // Structured binding `auto [a, b] :` or a declarator.
                    if q.at_punct(Punct::LBracket)
                        || (q.at_punct(Punct::Amp) || q.at_punct(Punct::AmpAmp))
                            && q.nth_is_punct(1, Punct::LBracket)
                    {
                        while !q.at_punct(Punct::RBracket) && !q.at_eof() {
                            q.bump();
                        }
                        q.bump();
                        return q.at_punct(Punct::Colon);
                    }
                    q.declarator(super::decl::DeclaratorMode::Named).is_ok() && {
                        let _ = q.gnu_and_cxx_attributes();
                        q.at_punct(Punct::Colon)
                    }
                });
                if is_range {
                    let dstart = p.peek().span;
                    let specs = p.decl_specifiers(DeclContext::Condition)?;
                    let declarator = if p.at_punct(Punct::LBracket)
                        || ((p.at_punct(Punct::Amp) || p.at_punct(Punct::AmpAmp))
                            && p.nth_is_punct(1, Punct::LBracket))
                    {
                        p.structured_binding()?
                    } else {
                        p.declarator(super::decl::DeclaratorMode::Named)?
                    };
                    let _ = p.gnu_and_cxx_attributes()?;
                    if !p.is_tentative()
                        && let Some(n) = declarator.name.as_ref().and_then(|n| n.ident())
                    {
                        let sp = declarator.name.as_ref().unwrap().span;
                        p.sema
                            .add_entity(crate::sema::EntityKind::Variable, Some(n), p.scope, sp);
                    }
                    p.expect_punct(Punct::Colon)?;
                    let range = p.initializer_clause_or_expression()?;
                    p.expect_punct(Punct::RParen)?;
                    let body = p.statement()?;
                    let dspan = dstart.to(declarator.span);
                    return Ok(Stmt {
                        kind: StmtKind::RangeFor {
                            init: outer_init,
                            decl: Box::new(Decl {
                                kind: DeclKind::Simple {
                                    specs,
                                    declarators: vec![InitDeclarator {
                                        span: declarator.span,
                                        declarator,
                                        init: None,
                                        bitfield: None,
                                        requires: None,
                                        asm_label: None,
                                        entity: None,
                                    }]
                                    .into(),
                                },
                                span: dspan,
                            }),
                            range,
                            body: Box::new(body),
                        },
                        span: start.to(p.prev_span()),
                        attrs: Vec::new().into(),
                    });
                }
            }
            let init = if p.at_punct(Punct::Semi) {
                p.bump();
                None
            } else {
                Some(Box::new(p.statement()?))
            };
            let cond = if p.at_punct(Punct::Semi) {
                None
            } else {
                Some(Box::new(p.condition()?))
            };
            p.expect_punct(Punct::Semi)?;
            let step = if p.at_punct(Punct::RParen) {
                None
            } else {
                Some(p.expression_in_parens()?)
            };
            p.expect_punct(Punct::RParen)?;
            let body = p.statement()?;
            Ok(Stmt {
                kind: StmtKind::For {
                    init,
                    cond,
                    step,
                    body: Box::new(body),
                },
                span: start.to(p.prev_span()),
                attrs: Vec::new().into(),
            })
        })
    }

    /// `[a, b, c]` (possibly after `&` or `&&`) as a declarator, declaring each name.
    pub(crate) fn structured_binding(&mut self) -> PResult<Declarator> {
        let start = self.peek().span;
        let mut ops = Vec::new();
        if self.eat_punct(Punct::Amp) {
            ops.push(DeclaratorOp::LValueRef);
        } else if self.eat_punct(Punct::AmpAmp) {
            ops.push(DeclaratorOp::RValueRef);
        }
        let open = self.expect_punct(Punct::LBracket)?;
        self.feature(17, Feature::StructuredBinding, open);
        loop {
            let (name, span) = self.ident()?;
            if !self.is_tentative() {
                let scope = self.decl_scope();
                let id = self.sema.add_entity(
                    crate::sema::EntityKind::Variable,
                    Some(name),
                    scope,
                    span,
                );
                self.sema.entity_mut(id).flags.structured_binding = true;
            }
            let _ = self.gnu_and_cxx_attributes()?;
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        self.expect_punct(Punct::RBracket)?;
        Ok(Declarator {
            ops: ops.into(),
            span: start.to(self.prev_span()),
            ..Default::default()
        })
    }

    /// `catch (T x) { ... }` handlers.
    pub(crate) fn handlers(&mut self) -> PResult<Vec<Handler>> {
        let mut handlers = Vec::new();
        while self.at_kw(Keyword::Catch) {
            let start = self.bump().span;
            let saved = self.scope;
            self.push_scope(ScopeKind::Block);
            let r = (|| {
                self.expect_punct(Punct::LParen)?;
                let param = if self.eat_punct(Punct::Ellipsis) {
                    None
                } else {
                    let p = self.parameter_declaration(false)?;
                    if !self.is_tentative()
                        && let Some(n) = p.declarator.name.as_ref().and_then(|n| n.ident())
                    {
                        let sp = p.declarator.name.as_ref().unwrap().span;
                        self.sema.add_entity(
                            crate::sema::EntityKind::Variable,
                            Some(n),
                            self.scope,
                            sp,
                        );
                    }
                    Some(Box::new(p))
                };
                self.expect_punct(Punct::RParen)?;
                let body = self.compound_statement()?;
                Ok(Handler {
                    param,
                    body: Box::new(body),
                    span: start.to(self.prev_span()),
                })
            })();
            self.scope = saved;
            handlers.push(r?);
        }
        Ok(handlers)
    }

    /// Does the statement at the current token declare something?
    pub(crate) fn statement_is_declaration(&mut self) -> bool {
        match self.kind() {
            TokenKind::Keyword(k) => {
                use Keyword::*;
                match k {
                    Static | Extern | Register | Mutable | ThreadLocal | GnuThread | Typedef
                    | Inline | Constexpr | Consteval | Constinit | Const | Volatile | Restrict
                    | Attribute | Alignas | Class | Struct | Union | Enum | Using | Namespace
                    | StaticAssert | Template | Friend | Virtual | Explicit => true,
                    Extension => {
                        // `__extension__ typedef ...` vs `__extension__ (expr)`.
                        self.lookahead(|p| {
                            p.bump();
                            p.statement_is_declaration()
                        })
                    }
                    Auto | Void | Bool | Char | WcharT | Char8T | Char16T | Char32T | Short
                    | Int | Long | Signed | Unsigned | Float | Double | Int128 | GnuFloat128
                    | Complex | Float16 | Float32 | Float64 | Float128 | Float32x | Float64x
                    | Float128x | Float80 | Bf16 | BuiltinVaList | Decltype | Typeof | Typename => {
                        // `int(x)` as a functional cast starting an expression statement is
                        // rare; `decltype(x)::y z;` and `typename T::x y;` declare.
                        if matches!(k, Decltype | Typename | Typeof)
                            || self.nth_is_punct(1, Punct::LParen)
                            || self.nth_is_punct(1, Punct::LBrace)
                        {
                            return self.tentative_declaration_ok();
                        }
                        true
                    }
                    _ => false,
                }
            }
            TokenKind::Ident | TokenKind::Punct(Punct::ColonColon) => {
                let Some(class) = self.lookahead(|p| {
                    if p.at_ident() && p.nth_sym(0) == Some(p.known.declspec) {
                        return Some(NameClass::Type);
                    }
                    p.qualified_name()
                        .ok()
                        .map(|n| (p.classify(&n), p.kind()))
                        .map(|(c, next)| {
                            // `x y;`-shaped statements with an unknown first name: a
                            // declaration with a type we could not resolve.
                            if matches!(c, NameClass::Undeclared | NameClass::Dependent)
                                && next == TokenKind::Ident
                            {
                                NameClass::Type
                            } else {
                                c
                            }
                        })
                }) else {
                    return false;
                };
                match class {
                    NameClass::Type | NameClass::TypeTemplate => self.tentative_declaration_ok(),
                    NameClass::Concept => self.tentative_declaration_ok(),
                    _ => false,
                }
            }
            TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => true,
            _ => false,
        }
    }

    /// Tries the statement as a simple declaration; true when it parses as one.
    fn tentative_declaration_ok(&mut self) -> bool {
        self.lookahead(|p| {
            let Ok(specs) = p.decl_specifiers(DeclContext::Block) else {
                return false;
            };
            if matches!(specs.ty, TypeSpec::None) {
                return false;
            }
            if p.at_punct(Punct::Semi) {
                return true;
            }
            // Structured bindings.
            if p.at_punct(Punct::LBracket)
                || ((p.at_punct(Punct::Amp) || p.at_punct(Punct::AmpAmp))
                    && p.nth_is_punct(1, Punct::LBracket))
            {
                return matches!(specs.ty, TypeSpec::Auto);
            }
            let Ok(d) = p.declarator(super::decl::DeclaratorMode::Named) else {
                return false;
            };
            let _ = p.gnu_and_cxx_attributes();
            if d.name.is_none() {
                return false;
            }
            matches!(
                p.kind(),
                TokenKind::Punct(
                    Punct::Semi | Punct::Eq | Punct::Comma | Punct::LBrace | Punct::Colon
                ) | TokenKind::Keyword(Keyword::Asm | Keyword::Attribute)
            ) || (p.at_punct(Punct::LParen) && !d.is_function())
        })
    }
}
