//! Expressions, including lambdas, kernel launches (`k<<<g, b>>>(args)`), casts and the
//! compiler builtins the standard library uses.

use super::names::NameClass;
use super::{PResult, Parser};
use crate::lexer::{Keyword, Punct, TokenKind};
use crate::sema::{ScopeId, ScopeKind};
use crate::source_map::Span;
use crate::syntax::ast::*;

/// Binary operator precedence (higher binds tighter).
fn binary_op(p: Punct) -> Option<(u8, BinaryOp)> {
    use BinaryOp as B;
    Some(match p {
        Punct::PipePipe => (4, B::Or),
        Punct::AmpAmp => (5, B::And),
        Punct::Pipe => (6, B::BitOr),
        Punct::Caret => (7, B::BitXor),
        Punct::Amp => (8, B::BitAnd),
        Punct::EqEq => (9, B::Eq),
        Punct::BangEq => (9, B::Ne),
        Punct::Less => (10, B::Lt),
        Punct::Greater => (10, B::Gt),
        Punct::LessEq => (10, B::Le),
        Punct::GreaterEq => (10, B::Ge),
        Punct::Spaceship => (11, B::Spaceship),
        Punct::LessLess => (12, B::Shl),
        Punct::GreaterGreater => (12, B::Shr),
        Punct::Plus => (13, B::Add),
        Punct::Minus => (13, B::Sub),
        Punct::Star => (14, B::Mul),
        Punct::Slash => (14, B::Div),
        Punct::Percent => (14, B::Rem),
        Punct::DotStar => (15, B::PtrMemD),
        Punct::ArrowStar => (15, B::PtrMemI),
        _ => return None,
    })
}

/// The operator of a fold expression spelled `p`.
fn fold_op(p: Punct) -> Option<FoldOp> {
    if p == Punct::Comma {
        return Some(FoldOp::Binary(BinaryOp::Comma));
    }
    binary_op(p)
        .map(|(_, o)| FoldOp::Binary(o))
        .or_else(|| assign_op(p).map(FoldOp::Assign))
}

fn assign_op(p: Punct) -> Option<AssignOp> {
    use AssignOp as A;
    Some(match p {
        Punct::Eq => A::Assign,
        Punct::StarEq => A::Mul,
        Punct::SlashEq => A::Div,
        Punct::PercentEq => A::Rem,
        Punct::PlusEq => A::Add,
        Punct::MinusEq => A::Sub,
        Punct::LessLessEq => A::Shl,
        Punct::GreaterGreaterEq => A::Shr,
        Punct::AmpEq => A::And,
        Punct::CaretEq => A::Xor,
        Punct::PipeEq => A::Or,
        _ => return None,
    })
}

impl<'a> Parser<'a> {
    /// `expression`: assignment-expressions separated by commas.
    pub(crate) fn expression(&mut self) -> PResult<Expr> {
        let mut links = 0;
        let r = self.expression_links(&mut links);
        self.leave_n(links);
        r
    }

    fn expression_links(&mut self, links: &mut u32) -> PResult<Expr> {
        let mut e = self.assignment_expression()?;
        while self.at_punct(Punct::Comma) && !self.nth_is_punct(1, Punct::Ellipsis) {
            self.chain_link()?;
            *links += 1;
            self.bump();
            let rhs = self.assignment_expression()?;
            let span = e.span.to(rhs.span);
            e = Expr::new(
                ExprKind::Binary(BinaryOp::Comma, Box::new(e), Box::new(rhs)),
                span,
            );
        }
        Ok(e)
    }

    pub(crate) fn constant_expression(&mut self) -> PResult<Expr> {
        self.conditional_expression()
    }

    /// `a = b`, `a += b`, `throw e`, `co_yield e`, or a conditional expression.
    pub(crate) fn assignment_expression(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.assignment_inner();
        self.leave();
        r
    }

    fn assignment_inner(&mut self) -> PResult<Expr> {
        let start = self.peek().span;
        if self.at_kw(Keyword::Throw) {
            self.bump();
            let operand = if self.starts_expression() {
                Some(Box::new(self.assignment_expression()?))
            } else {
                None
            };
            return Ok(Expr::new(
                ExprKind::Throw(operand),
                start.to(self.prev_span()),
            ));
        }
        if self.at_kw(Keyword::CoYield) {
            self.bump();
            let e = self.initializer_clause()?;
            return Ok(Expr::new(
                ExprKind::CoYield(Box::new(e)),
                start.to(self.prev_span()),
            ));
        }
        let lhs = self.conditional_expression()?;
        if let TokenKind::Punct(p) = self.kind()
            && let Some(op) = assign_op(p)
        {
            if self.angle_depth > 0 && matches!(p, Punct::GreaterGreaterEq) {
                return Ok(lhs);
            }
            // A fold expression: `(e op= ...)` or `(e op= ... op= e)`.
            if self.nth_is_punct(1, Punct::Ellipsis) {
                return Ok(lhs);
            }
            self.bump();
            let rhs = self.initializer_clause()?;
            let span = lhs.span.to(rhs.span);
            return Ok(Expr::new(
                ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                span,
            ));
        }
        Ok(lhs)
    }

    /// `c ? a : b` (and GNU `c ?: b`).
    pub(crate) fn conditional_expression(&mut self) -> PResult<Expr> {
        let cond = self.binary_expression(4)?;
        if !self.at_punct(Punct::Question) {
            return Ok(cond);
        }
        self.bump();
        let then = if self.at_punct(Punct::Colon) {
            None
        } else {
            let saved = self.angle_depth;
            self.angle_depth = 0;
            let t = self.expression();
            self.angle_depth = saved;
            Some(Box::new(t?))
        };
        self.expect_punct(Punct::Colon)?;
        let else_ = self.assignment_expression()?;
        let span = cond.span.to(else_.span);
        Ok(Expr::new(
            ExprKind::Cond(Box::new(cond), then, Box::new(else_)),
            span,
        ))
    }

    /// Is the current token a binary operator that may continue an expression here?
    fn binary_here(&self) -> Option<(u8, BinaryOp)> {
        let TokenKind::Punct(p) = self.kind() else {
            return None;
        };
        // Inside template arguments, `>` (and `>>`) closes the list.
        if self.angle_depth > 0 && matches!(p, Punct::Greater | Punct::GreaterGreater) {
            return None;
        }
        // Inside `<<< ... >>>`, `>>` `>` closes the configuration (also written `>> >`:
        // no expression can begin with `>`).
        if self.in_launch_config > 0
            && p == Punct::GreaterGreater
            && self.nth_is_punct(1, Punct::Greater)
        {
            return None;
        }
        binary_op(p)
    }

    /// Not a depth step of its own: operands nest through unary expressions and casts,
    /// which count, and the recursion for tighter operators here is one level per
    /// precedence at most.
    fn binary_expression(&mut self, min_prec: u8) -> PResult<Expr> {
        let mut links = 0;
        let r = self.binary_links(min_prec, &mut links);
        self.leave_n(links);
        r
    }

    fn binary_links(&mut self, min_prec: u8, links: &mut u32) -> PResult<Expr> {
        let mut lhs = self.cast_expression()?;
        while let Some((prec, op)) = self.binary_here() {
            if prec < min_prec {
                break;
            }
            // A fold expression: `(e op ...)` or `(e op ... op e)`.
            if self.nth_is_punct(1, Punct::Ellipsis) {
                return Ok(lhs);
            }
            self.chain_link()?;
            *links += 1;
            self.bump();
            let rhs = self.binary_expression(prec + 1)?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
        Ok(lhs)
    }

    /// A constraint-expression (a concept's definition, a nested requirement): a
    /// logical-or-expression.
    pub(crate) fn logical_or_expression(&mut self) -> PResult<Expr> {
        self.binary_expression(4)
    }

    /// A requires-clause: primary expressions joined by `&&` and `||`.
    pub(crate) fn constraint_expression(&mut self) -> PResult<Expr> {
        let mut links = 0;
        let r = self.constraint_links(&mut links);
        self.leave_n(links);
        r
    }

    fn constraint_links(&mut self, links: &mut u32) -> PResult<Expr> {
        let mut lhs = self.constraint_primary()?;
        loop {
            let op = match self.kind() {
                TokenKind::Punct(Punct::AmpAmp) => BinaryOp::And,
                TokenKind::Punct(Punct::PipePipe) => BinaryOp::Or,
                _ => return Ok(lhs),
            };
            self.chain_link()?;
            *links += 1;
            self.bump();
            let rhs = self.constraint_primary()?;
            let span = lhs.span.to(rhs.span);
            lhs = Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
    }

    fn constraint_primary(&mut self) -> PResult<Expr> {
        if self.at_punct(Punct::Bang) {
            let start = self.bump().span;
            let e = self.constraint_primary()?;
            return Ok(Expr::new(
                ExprKind::Unary(UnaryOp::Not, Box::new(e)),
                start.to(self.prev_span()),
            ));
        }
        self.postfix_expression()
    }

    /// Can the current token begin an expression?
    pub(crate) fn starts_expression(&self) -> bool {
        match self.kind() {
            TokenKind::Ident
            | TokenKind::Int
            | TokenKind::Float
            | TokenKind::Char(_)
            | TokenKind::Str(_) => true,
            TokenKind::Punct(p) => matches!(
                p,
                Punct::LParen
                    | Punct::LBracket
                    | Punct::LBrace
                    | Punct::ColonColon
                    | Punct::Star
                    | Punct::Amp
                    | Punct::AmpAmp
                    | Punct::Plus
                    | Punct::Minus
                    | Punct::Bang
                    | Punct::Tilde
                    | Punct::PlusPlus
                    | Punct::MinusMinus
            ),
            TokenKind::Keyword(k) => {
                use Keyword::*;
                matches!(
                    k,
                    This | True
                        | False
                        | Nullptr
                        | GnuNull
                        | Sizeof
                        | Alignof
                        | GnuAlignof
                        | New
                        | Delete
                        | Throw
                        | Noexcept
                        | StaticCast
                        | DynamicCast
                        | ConstCast
                        | ReinterpretCast
                        | Typeid
                        | Operator
                        | Requires
                        | CoAwait
                        | Extension
                        | Real
                        | Imag
                        | Typename
                        | Decltype
                ) || super::decl::is_type_keyword(k)
            }
            _ => false,
        }
    }

    /// Casts `(T)e`, GNU compound literals `(T){...}`, and unary expressions.
    fn cast_expression(&mut self) -> PResult<Expr> {
        if self.at_punct(Punct::LParen) && self.paren_is_cast() {
            let start = self.bump().span;
            let ty = self.type_id()?;
            self.expect_punct(Punct::RParen)?;
            if self.at_punct(Punct::LBrace) {
                let init = self.braced_init_list()?;
                let args = match init.kind {
                    ExprKind::InitList(v) => v,
                    _ => vec![init].into(),
                };
                let e = Expr::new(
                    ExprKind::Construct {
                        ty: Box::new(ty),
                        args,
                        braced: true,
                    },
                    start.to(self.prev_span()),
                );
                return self.postfix_tail(e);
            }
            self.enter()?;
            let operand = self.cast_expression();
            self.leave();
            let operand = operand?;
            let span = start.to(operand.span);
            return Ok(Expr::new(
                ExprKind::Cast {
                    kind: CastKind::CStyle,
                    ty: Box::new(ty),
                    expr: Box::new(operand),
                },
                span,
            ));
        }
        self.unary_expression()
    }

    /// `(` type-id `)` followed by something a cast applies to?
    fn paren_is_cast(&mut self) -> bool {
        let maybe_type = match self.nth_kind(1) {
            TokenKind::Keyword(k) => super::decl::is_type_keyword(k),
            TokenKind::Ident | TokenKind::Punct(Punct::ColonColon) => true,
            _ => false,
        };
        if !maybe_type {
            return false;
        }
        self.lookahead(|p| {
            p.bump();
            if !p.starts_type_id() {
                return false;
            }
            if p.type_id().is_err() || !p.at_punct(Punct::RParen) {
                return false;
            }
            // `(S<T>::value && ...) && x` is a fold expression, not a cast to `S<T>::value&&`.
            if p.prev_is_punct(Punct::Ellipsis) {
                return false;
            }
            p.bump();
            // What follows must be an operand (or a braced list for a compound literal).
            p.starts_expression() && !p.at_punct(Punct::LBracket)
                || p.at_punct(Punct::LBrace)
                || (p.at_punct(Punct::LBracket) && !p.nth_is_punct(1, Punct::LBracket))
        })
    }

    fn unary_expression(&mut self) -> PResult<Expr> {
        self.enter()?;
        let r = self.unary_inner();
        self.leave();
        r
    }

    fn unary_inner(&mut self) -> PResult<Expr> {
        let start = self.peek().span;
        let unary = |op| Some(op);
        let op = match self.kind() {
            TokenKind::Punct(Punct::Plus) => unary(UnaryOp::Plus),
            TokenKind::Punct(Punct::Minus) => unary(UnaryOp::Minus),
            TokenKind::Punct(Punct::Bang) => unary(UnaryOp::Not),
            TokenKind::Punct(Punct::Tilde) => unary(UnaryOp::BitNot),
            TokenKind::Punct(Punct::Star) => unary(UnaryOp::Deref),
            TokenKind::Punct(Punct::Amp) => unary(UnaryOp::AddrOf),
            TokenKind::Punct(Punct::PlusPlus) => unary(UnaryOp::PreInc),
            TokenKind::Punct(Punct::MinusMinus) => unary(UnaryOp::PreDec),
            TokenKind::Punct(Punct::AmpAmp) if self.nth_kind(1) == TokenKind::Ident => {
                unary(UnaryOp::LabelAddr)
            }
            TokenKind::Keyword(Keyword::Extension | Keyword::Real | Keyword::Imag) => {
                unary(UnaryOp::Extension)
            }
            TokenKind::Keyword(Keyword::CoAwait) => unary(UnaryOp::CoAwait),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            if op == UnaryOp::LabelAddr {
                self.bump();
                return Ok(Expr::new(
                    ExprKind::Unary(op, Box::new(Expr::new(ExprKind::Opaque, self.prev_span()))),
                    start.to(self.prev_span()),
                ));
            }
            let operand = self.cast_expression()?;
            let span = start.to(operand.span);
            return Ok(Expr::new(ExprKind::Unary(op, Box::new(operand)), span));
        }
        match self.kind() {
            TokenKind::Keyword(Keyword::Sizeof) => {
                self.bump();
                if self.at_punct(Punct::Ellipsis) {
                    self.bump();
                    self.expect_punct(Punct::LParen)?;
                    let (name, _) = self.ident()?;
                    self.expect_punct(Punct::RParen)?;
                    return Ok(Expr::new(
                        ExprKind::SizeofPack(name),
                        start.to(self.prev_span()),
                    ));
                }
                if self.at_punct(Punct::LParen) && self.paren_holds_type() {
                    self.bump();
                    let t = self.type_id()?;
                    self.expect_punct(Punct::RParen)?;
                    return Ok(Expr::new(
                        ExprKind::SizeofType(Box::new(t)),
                        start.to(self.prev_span()),
                    ));
                }
                let e = self.unary_expression()?;
                let span = start.to(e.span);
                Ok(Expr::new(ExprKind::SizeofExpr(Box::new(e)), span))
            }
            TokenKind::Keyword(Keyword::Alignof | Keyword::GnuAlignof) => {
                self.bump();
                if self.at_punct(Punct::LParen) && self.paren_holds_type() {
                    self.bump();
                    let t = self.type_id()?;
                    self.expect_punct(Punct::RParen)?;
                    return Ok(Expr::new(
                        ExprKind::AlignofType(Box::new(t)),
                        start.to(self.prev_span()),
                    ));
                }
                let e = self.unary_expression()?;
                let span = start.to(e.span);
                Ok(Expr::new(ExprKind::AlignofExpr(Box::new(e)), span))
            }
            TokenKind::Keyword(Keyword::Noexcept) => {
                self.bump();
                self.expect_punct(Punct::LParen)?;
                let e = self.expression_in_parens()?;
                self.expect_punct(Punct::RParen)?;
                Ok(Expr::new(
                    ExprKind::Noexcept(Box::new(e)),
                    start.to(self.prev_span()),
                ))
            }
            TokenKind::Keyword(Keyword::New) => self.new_expression(false, start),
            TokenKind::Keyword(Keyword::Delete) => self.delete_expression(false, start),
            TokenKind::Punct(Punct::ColonColon)
                if self.nth_kind(1) == TokenKind::Keyword(Keyword::New) =>
            {
                self.bump();
                self.new_expression(true, start)
            }
            TokenKind::Punct(Punct::ColonColon)
                if self.nth_kind(1) == TokenKind::Keyword(Keyword::Delete) =>
            {
                self.bump();
                self.delete_expression(true, start)
            }
            _ => self.postfix_expression(),
        }
    }

    /// After `sizeof`/`alignof`: does `(` hold a type-id?
    fn paren_holds_type(&mut self) -> bool {
        self.lookahead(|p| {
            p.bump();
            p.starts_type_id() && p.type_id().is_ok() && p.at_punct(Punct::RParen)
        })
    }

    fn new_expression(&mut self, global: bool, start: Span) -> PResult<Expr> {
        self.bump(); // new
        let mut placement = Vec::new();
        let ty;
        if self.at_punct(Punct::LParen) {
            // `new (place) T` or `new (T)`.
            let is_type = self.lookahead(|p| {
                p.bump();
                p.starts_type_id()
                    && p.type_id().is_ok()
                    && p.eat_punct(Punct::RParen)
                    && !p.at_punct(Punct::LParen)
                    && !p.starts_type_id()
            });
            if is_type {
                self.bump();
                ty = self.type_id()?;
                self.expect_punct(Punct::RParen)?;
            } else {
                placement = self.paren_expression_list()?;
                if self.at_punct(Punct::LParen) {
                    self.bump();
                    ty = self.type_id()?;
                    self.expect_punct(Punct::RParen)?;
                } else {
                    ty = self.new_type_id()?;
                }
            }
        } else {
            ty = self.new_type_id()?;
        }
        let mut array_sizes = Vec::new();
        while self.at_punct(Punct::LBracket) {
            self.bump();
            array_sizes.push(self.expression()?);
            self.expect_punct(Punct::RBracket)?;
        }
        let init = if self.at_punct(Punct::LParen) {
            let open = self.peek().span;
            let args = self.paren_expression_list()?;
            Some(Initializer::Paren(args.into(), open.to(self.prev_span())))
        } else if self.at_punct(Punct::LBrace) {
            Some(Initializer::Brace(self.braced_init_list()?))
        } else {
            None
        };
        Ok(Expr::new(
            ExprKind::New(Box::new(NewExpr {
                global,
                placement: placement.into(),
                ty,
                array_sizes: array_sizes.into(),
                init,
            })),
            start.to(self.prev_span()),
        ))
    }

    /// The type after `new`: specifiers and pointer operators only (`new int*[n]`).
    fn new_type_id(&mut self) -> PResult<TypeId> {
        let start = self.peek().span;
        let specs = self.decl_specifiers(super::DeclContext::Block)?;
        if matches!(specs.ty, TypeSpec::None) {
            return Err(self.err("expected a type specifier"));
        }
        let mut ops = Vec::new();
        while self.at_punct(Punct::Star)
            || self.at_punct(Punct::Amp)
            || self.at_punct(Punct::AmpAmp)
        {
            let t = self.bump();
            ops.push(match t.kind {
                TokenKind::Punct(Punct::Star) => {
                    let mut c = false;
                    let mut v = false;
                    loop {
                        if self.eat_kw(Keyword::Const) {
                            c = true;
                        } else if self.eat_kw(Keyword::Volatile) {
                            v = true;
                        } else {
                            break;
                        }
                    }
                    DeclaratorOp::Pointer {
                        is_const: c,
                        is_volatile: v,
                        is_restrict: false,
                        attrs: Vec::new().into(),
                    }
                }
                TokenKind::Punct(Punct::Amp) => DeclaratorOp::LValueRef,
                _ => DeclaratorOp::RValueRef,
            });
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

    fn delete_expression(&mut self, global: bool, start: Span) -> PResult<Expr> {
        self.bump(); // delete
        let array = if self.at_punct(Punct::LBracket) && self.nth_is_punct(1, Punct::RBracket) {
            self.bump();
            self.bump();
            true
        } else {
            false
        };
        let e = self.cast_expression()?;
        let span = start.to(e.span);
        Ok(Expr::new(
            ExprKind::Delete {
                global,
                array,
                expr: Box::new(e),
            },
            span,
        ))
    }

    /// A primary expression followed by postfix operators.
    pub(crate) fn postfix_expression(&mut self) -> PResult<Expr> {
        let e = self.primary_expression()?;
        self.postfix_tail(e)
    }

    fn postfix_tail(&mut self, e: Expr) -> PResult<Expr> {
        let mut links = 0;
        let r = self.postfix_links(e, &mut links);
        self.leave_n(links);
        r
    }

    fn postfix_links(&mut self, mut e: Expr, links: &mut u32) -> PResult<Expr> {
        loop {
            match self.kind() {
                TokenKind::Punct(Punct::LBracket) if !self.nth_is_punct(1, Punct::LBracket) => {
                    self.bump();
                    let saved = self.angle_depth;
                    self.angle_depth = 0;
                    let idx = if self.at_punct(Punct::LBrace) {
                        self.braced_init_list()
                    } else {
                        self.expression()
                    };
                    self.angle_depth = saved;
                    let idx = idx?;
                    let end = self.expect_punct(Punct::RBracket)?;
                    let span = e.span.to(end);
                    e = Expr::new(ExprKind::Index(Box::new(e), Box::new(idx)), span);
                }
                TokenKind::Punct(Punct::LParen) => {
                    let open = self.peek().span;
                    let args = self.paren_expression_list()?;
                    let args_span = open.to(self.prev_span());
                    let span = e.span.to(args_span);
                    e = Expr::new(
                        ExprKind::Call {
                            callee: Box::new(e),
                            args: args.into(),
                            args_span,
                        },
                        span,
                    );
                }
                // `<<<`, or `<< <` as some formatters write it (no expression can begin
                // with `<`, so the shift reading is impossible).
                TokenKind::Punct(Punct::LessLess)
                    if self.nth_is_punct(1, Punct::Less) && self.angle_depth == 0 =>
                {
                    e = self.kernel_launch(e)?;
                }
                TokenKind::Punct(Punct::Dot | Punct::Arrow) => {
                    let arrow = self.bump().kind == TokenKind::Punct(Punct::Arrow);
                    let name = self.member_name()?;
                    let span = e.span.to(name.span);
                    e = Expr::new(
                        ExprKind::Member {
                            base: Box::new(e),
                            arrow,
                            name,
                        },
                        span,
                    );
                }
                TokenKind::Punct(Punct::PlusPlus) => {
                    let end = self.bump().span;
                    let span = e.span.to(end);
                    e = Expr::new(ExprKind::PostInc(Box::new(e)), span);
                }
                TokenKind::Punct(Punct::MinusMinus) => {
                    let end = self.bump().span;
                    let span = e.span.to(end);
                    e = Expr::new(ExprKind::PostDec(Box::new(e)), span);
                }
                _ => return Ok(e),
            }
            self.chain_link()?;
            *links += 1;
        }
    }

    /// `callee<<<grid, block, shmem, stream>>>(args)`.
    fn kernel_launch(&mut self, callee: Expr) -> PResult<Expr> {
        let open = self.bump().span; // <<
        self.bump(); // <
        self.in_launch_config += 1;
        let saved_angle = self.angle_depth;
        self.angle_depth = 0;
        let config = (|| {
            let mut config = Vec::new();
            loop {
                if self.at_punct(Punct::GreaterGreater) && self.nth_is_punct(1, Punct::Greater) {
                    break;
                }
                config.push(self.assignment_expression()?);
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
            Ok(config)
        })();
        self.angle_depth = saved_angle;
        self.in_launch_config -= 1;
        let config = config?;
        if !(self.at_punct(Punct::GreaterGreater) && self.nth_is_punct(1, Punct::Greater)) {
            return Err(self.err("expected a \">>>\""));
        }
        self.bump();
        let close = self.bump().span;
        let config_span = open.to(close);
        let args_open = self.peek().span;
        let args = self.paren_expression_list()?;
        let args_span = args_open.to(self.prev_span());
        let span = callee.span.to(args_span);
        Ok(Expr::new(
            ExprKind::Launch {
                callee: Box::new(callee),
                config: config.into(),
                config_span,
                args: args.into(),
                args_span,
            },
            span,
        ))
    }

    /// The name after `.` or `->`: `x`, `template f<T>`, `~T`, `operator()`, `A::x`.
    fn member_name(&mut self) -> PResult<QualName> {
        let start = self.peek().span;
        let template_kw = self.at_kw(Keyword::Template);
        if self.at_punct(Punct::Tilde) {
            self.bump();
            let kind = if self.at_kw(Keyword::Decltype) {
                let e = self.decltype_specifier()?;
                NameKind::Decltype(Box::new(e))
            } else {
                let (sym, _) = self.ident()?;
                NameKind::Destructor(sym)
            };
            let args =
                if self.at_punct(Punct::Less) && self.lookahead(|p| p.template_args().is_ok()) {
                    Some(self.template_args()?)
                } else {
                    None
                };
            return Ok(QualName {
                global: false,
                unfound_qualifier: false,
                segments: vec![NameSegment {
                    kind,
                    template_kw: false,
                    args,
                    span: start.to(self.prev_span()),
                }]
                .into(),
                span: start.to(self.prev_span()),
                resolution: Resolution::Unresolved,
            });
        }
        if !template_kw && self.at_ident() && self.nth_is_punct(1, Punct::Less) {
            // `x.f<T>(...)`: a member template when the arguments parse and a call follows.
            let looks_template = self.lookahead(|p| {
                p.bump();
                p.template_args().is_ok()
                    && matches!(
                        p.kind(),
                        TokenKind::Punct(Punct::LParen | Punct::ColonColon)
                    )
            });
            if looks_template {
                let (sym, sp) = self.ident()?;
                let args = self.template_args()?;
                let mut segments = vec![NameSegment {
                    kind: NameKind::Ident(sym),
                    template_kw: false,
                    args: Some(args),
                    span: sp.to(self.prev_span()),
                }];
                while self.at_punct(Punct::ColonColon)
                    && matches!(
                        self.nth_kind(1),
                        TokenKind::Ident | TokenKind::Keyword(Keyword::Operator)
                    )
                {
                    self.bump();
                    let sp = self.peek().span;
                    // `this->Base<T>::operator=(r)`.
                    let kind = if self.at_kw(Keyword::Operator) {
                        self.operator_name()?
                    } else {
                        NameKind::Ident(self.ident()?.0)
                    };
                    segments.push(NameSegment {
                        kind,
                        template_kw: false,
                        args: None,
                        span: sp.to(self.prev_span()),
                    });
                }
                return Ok(QualName {
                    global: false,
                    unfound_qualifier: false,
                    segments: segments.into(),
                    span: start.to(self.prev_span()),
                    resolution: Resolution::Unresolved,
                });
            }
            let (sym, sp) = self.ident()?;
            return Ok(QualName {
                global: false,
                unfound_qualifier: false,
                segments: vec![NameSegment {
                    kind: NameKind::Ident(sym),
                    template_kw: false,
                    args: None,
                    span: sp,
                }]
                .into(),
                span: sp,
                resolution: Resolution::Unresolved,
            });
        }
        // Qualified member names (`p->Base::f()`) and the rest: resolve in the unknown
        // class of the object, so only syntax matters.
        let mut name = self.qualified_name()?;
        if !name.is_qualified() {
            name.resolution = Resolution::Unresolved;
        }
        Ok(name)
    }

    fn primary_expression(&mut self) -> PResult<Expr> {
        let t = self.peek();
        let start = t.span;
        match t.kind {
            TokenKind::Int => {
                self.bump();
                let kind = if t.ud_suffix().is_some() {
                    LiteralKind::UserDefined
                } else {
                    LiteralKind::Integer
                };
                Ok(Expr::new(ExprKind::Literal(kind), start))
            }
            TokenKind::Float => {
                self.bump();
                let kind = if t.ud_suffix().is_some() {
                    LiteralKind::UserDefined
                } else {
                    LiteralKind::Float
                };
                Ok(Expr::new(ExprKind::Literal(kind), start))
            }
            TokenKind::Char(_) => {
                self.bump();
                let kind = if t.ud_suffix().is_some() {
                    LiteralKind::UserDefined
                } else {
                    LiteralKind::Char
                };
                Ok(Expr::new(ExprKind::Literal(kind), start))
            }
            TokenKind::Str(_) => {
                let mut n = 0;
                while matches!(self.kind(), TokenKind::Str(_)) {
                    self.bump();
                    n += 1;
                }
                Ok(Expr::new(ExprKind::Strings(n), start.to(self.prev_span())))
            }
            TokenKind::Keyword(Keyword::True) => {
                self.bump();
                Ok(Expr::new(ExprKind::Bool(true), start))
            }
            TokenKind::Keyword(Keyword::False) => {
                self.bump();
                Ok(Expr::new(ExprKind::Bool(false), start))
            }
            TokenKind::Keyword(Keyword::Nullptr | Keyword::GnuNull) => {
                self.bump();
                Ok(Expr::new(ExprKind::Nullptr, start))
            }
            TokenKind::Keyword(Keyword::This) => {
                self.bump();
                Ok(Expr::new(ExprKind::This, start))
            }
            TokenKind::Punct(Punct::LParen) => self.paren_expression(),
            TokenKind::Punct(Punct::LBracket) => self.lambda_expression(),
            TokenKind::Punct(Punct::LBrace) => self.braced_init_list(),
            TokenKind::Keyword(
                Keyword::StaticCast
                | Keyword::DynamicCast
                | Keyword::ConstCast
                | Keyword::ReinterpretCast,
            ) => {
                let kind = match t.kind {
                    TokenKind::Keyword(Keyword::StaticCast) => CastKind::Static,
                    TokenKind::Keyword(Keyword::DynamicCast) => CastKind::Dynamic,
                    TokenKind::Keyword(Keyword::ConstCast) => CastKind::Const,
                    _ => CastKind::Reinterpret,
                };
                self.bump();
                self.expect_punct(Punct::Less)?;
                self.angle_depth += 1;
                let ty = self.type_id_only();
                self.angle_depth -= 1;
                let ty = ty?;
                if !self.eat_closing_angle() {
                    return Err(self.err("expected a \">\""));
                }
                self.expect_punct(Punct::LParen)?;
                let e = self.expression_in_parens()?;
                let end = self.expect_punct(Punct::RParen)?;
                Ok(Expr::new(
                    ExprKind::Cast {
                        kind,
                        ty: Box::new(ty),
                        expr: Box::new(e),
                    },
                    start.to(end),
                ))
            }
            TokenKind::Keyword(Keyword::Typeid) => {
                self.bump();
                self.expect_punct(Punct::LParen)?;
                if self.starts_type_id()
                    && self.lookahead(|p| p.type_id().is_ok() && p.at_punct(Punct::RParen))
                {
                    let ty = self.type_id()?;
                    let end = self.expect_punct(Punct::RParen)?;
                    return Ok(Expr::new(ExprKind::TypeidType(Box::new(ty)), start.to(end)));
                }
                let e = self.expression_in_parens()?;
                let end = self.expect_punct(Punct::RParen)?;
                Ok(Expr::new(ExprKind::TypeidExpr(Box::new(e)), start.to(end)))
            }
            TokenKind::Keyword(Keyword::Requires) => self.requires_expression(),
            TokenKind::Keyword(Keyword::Operator) => {
                let name = self.qualified_name()?;
                Ok(Expr::new(ExprKind::Name(name.clone()), name.span))
            }
            TokenKind::Keyword(Keyword::Decltype)
                if self.lookahead(|p| {
                    p.bump();
                    p.skip_balanced();
                    p.at_punct(Punct::ColonColon)
                }) =>
            {
                self.id_expression_or_construct()
            }
            TokenKind::Keyword(k) if super::decl::is_type_keyword(k) => {
                self.functional_cast_of_type()
            }
            TokenKind::Ident
            | TokenKind::Punct(Punct::ColonColon)
            | TokenKind::Punct(Punct::Tilde) => {
                if t.kind == TokenKind::Ident
                    && self.nth_is_punct(1, Punct::LParen)
                    && let Some(e) = self.builtin_call()?
                {
                    return Ok(e);
                }
                self.id_expression_or_construct()
            }
            TokenKind::Eof if self.eof_continue() => {
                let at = self.record_at_eof("expected an expression", None, None);
                Ok(Expr::new(ExprKind::Error, at))
            }
            _ => Err(self.err("expected an expression")),
        }
    }

    /// `int(3)`, `unsigned{}`, `typename T::x(...)`, `decltype(x)(...)`.
    fn functional_cast_of_type(&mut self) -> PResult<Expr> {
        let start = self.peek().span;
        // A fundamental type's keyword with neither `(` nor `{` after it: an error the
        // checks report, not a syntax error; the expression goes on after the keyword.
        if let TokenKind::Keyword(k) = self.peek().kind
            && names_fundamental_type(k)
            && !self.nth_is_punct(1, Punct::LParen)
            && !self.nth_is_punct(1, Punct::LBrace)
        {
            self.bump();
            return Ok(Expr::new(ExprKind::TypeName, start));
        }
        if self.at_kw(Keyword::Auto)
            && (self.nth_is_punct(1, Punct::LParen) || self.nth_is_punct(1, Punct::LBrace))
        {
            self.feature(23, Feature::AutoCast, start);
        }
        let specs = self.decl_specifiers(super::DeclContext::Block)?;
        let ty = TypeId {
            span: specs.span,
            declarator: Declarator {
                span: Span::new(self.prev_span().hi, self.prev_span().hi),
                ..Default::default()
            },
            specs,
        };
        self.construct_after_type(ty, start)
    }

    fn construct_after_type(&mut self, ty: TypeId, start: Span) -> PResult<Expr> {
        if self.at_punct(Punct::LParen) {
            let args = self.paren_expression_list()?;
            return Ok(Expr::new(
                ExprKind::Construct {
                    ty: Box::new(ty),
                    args: args.into(),
                    braced: false,
                },
                start.to(self.prev_span()),
            ));
        }
        if self.at_punct(Punct::LBrace) {
            let init = self.braced_init_list()?;
            let args = match init.kind {
                ExprKind::InitList(v) => v,
                _ => vec![init].into(),
            };
            return Ok(Expr::new(
                ExprKind::Construct {
                    ty: Box::new(ty),
                    args,
                    braced: true,
                },
                start.to(self.prev_span()),
            ));
        }
        Err(self.err("expected a \"(\""))
    }

    /// A name, or `T(args)` / `T{args}` when the name is a type.
    fn id_expression_or_construct(&mut self) -> PResult<Expr> {
        let start = self.peek().span;
        if self.at_punct(Punct::Tilde) {
            // A pseudo-destructor name in a call like `~T()` — only after `.`/`->`, handled
            // there; here it is a syntax error.
            return Err(self.err("expected an expression"));
        }
        let name = self.qualified_name()?;
        let class = self.classify(&name);
        if class == NameClass::Undeclared {
            self.note_undeclared_value(&name);
        }
        let is_type = matches!(class, NameClass::Type | NameClass::TypeTemplate);
        if is_type && (self.at_punct(Punct::LParen) || self.at_punct(Punct::LBrace)) {
            let span = name.span;
            let ty = TypeId {
                specs: DeclSpecs {
                    ty: TypeSpec::Named {
                        name,
                        typename_kw: false,
                    },
                    span,
                    ..Default::default()
                },
                declarator: Declarator {
                    span: Span::new(span.hi, span.hi),
                    ..Default::default()
                },
                span,
            };
            return self.construct_after_type(ty, start);
        }
        let span = name.span;
        Ok(Expr::new(ExprKind::Name(name), span))
    }

    /// `(e)`, a fold expression, or a GNU statement expression `({ ... })`.
    fn paren_expression(&mut self) -> PResult<Expr> {
        let open = self.bump().span; // (
        if self.at_punct(Punct::LBrace) {
            let body = self.compound_statement()?;
            let close = self.expect_punct(Punct::RParen)?;
            return Ok(Expr::new(
                ExprKind::StmtExpr(Box::new(body)),
                open.to(close),
            ));
        }
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        self.angle_depth = 0;
        self.in_launch_config = 0;
        let r = self.paren_inner(open);
        self.angle_depth = saved_angle;
        self.in_launch_config = saved_launch;
        r
    }

    fn paren_inner(&mut self, open: Span) -> PResult<Expr> {
        // `()` where an expression belongs (`v > ()`): EDG reports the `)` and goes on with
        // an erroneous operand.
        if self.at_punct(Punct::RParen) && !self.is_tentative() {
            let close = self.bump().span;
            self.record(close, close, "expected an expression");
            return Ok(Expr::new(ExprKind::Error, open.to(close)));
        }
        // `( ... op e )`
        if self.at_punct(Punct::Ellipsis) {
            self.bump();
            let op = match self.kind() {
                TokenKind::Punct(p) => fold_op(p),
                _ => None,
            }
            .ok_or_else(|| self.err("expected an operator"))?;
            let op_at = self.bump().span;
            self.feature(17, Feature::FoldExpression, op_at);
            let rhs = self.cast_expression()?;
            let close = self.expect_punct(Punct::RParen)?;
            return Ok(Expr::new(
                ExprKind::Fold {
                    lhs: None,
                    op,
                    rhs: Some(Box::new(rhs)),
                },
                open.to(close),
            ));
        }
        let e = self.expression()?;
        // `( e op ... )` or `( e op ... op e )`
        if let TokenKind::Punct(p) = self.kind()
            && self.nth_is_punct(1, Punct::Ellipsis)
            && let Some(op) = fold_op(p)
        {
            let first_op = self.bump().span;
            self.bump();
            let rhs = if self.at_punct(Punct::RParen) {
                self.feature(17, Feature::FoldExpression, first_op);
                None
            } else {
                let second_op = self.bump().span; // the operator again
                self.feature(17, Feature::FoldExpression, second_op);
                Some(Box::new(self.cast_expression()?))
            };
            let close = self.expect_punct(Punct::RParen)?;
            return Ok(Expr::new(
                ExprKind::Fold {
                    lhs: Some(Box::new(e)),
                    op,
                    rhs,
                },
                open.to(close),
            ));
        }
        let close = self.expect_punct(Punct::RParen)?;
        Ok(Expr::new(ExprKind::Paren(Box::new(e)), open.to(close)))
    }

    /// An expression inside parentheses the caller opened (`>` is an operator again).
    pub(crate) fn expression_in_parens(&mut self) -> PResult<Expr> {
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        self.angle_depth = 0;
        self.in_launch_config = 0;
        let r = self.expression();
        self.angle_depth = saved_angle;
        self.in_launch_config = saved_launch;
        r
    }

    /// `(a, b, c)` as call arguments or a parenthesised initializer.
    pub(crate) fn paren_expression_list(&mut self) -> PResult<Vec<Expr>> {
        self.expect_punct(Punct::LParen)?;
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        self.angle_depth = 0;
        self.in_launch_config = 0;
        let r = (|| {
            let mut args = Vec::new();
            if !self.at_punct(Punct::RParen) {
                loop {
                    let e = self.initializer_clause()?;
                    let e = if self.at_punct(Punct::Ellipsis) {
                        let end = self.bump().span;
                        let span = e.span.to(end);
                        Expr::new(ExprKind::PackExpansion(Box::new(e)), span)
                    } else {
                        e
                    };
                    args.push(e);
                    if !self.eat_punct(Punct::Comma) {
                        break;
                    }
                }
            }
            Ok(args)
        })();
        self.angle_depth = saved_angle;
        self.in_launch_config = saved_launch;
        let args = r?;
        self.expect_punct(Punct::RParen)?;
        Ok(args)
    }

    /// An assignment-expression or a braced-init-list.
    pub(crate) fn initializer_clause(&mut self) -> PResult<Expr> {
        if self.at_punct(Punct::LBrace) {
            self.braced_init_list()
        } else {
            self.assignment_expression()
        }
    }

    /// `{ a, b, .x = c, [2] = d, }`.
    pub(crate) fn braced_init_list(&mut self) -> PResult<Expr> {
        let open = self.expect_punct(Punct::LBrace)?;
        self.enter()?;
        let saved_angle = self.angle_depth;
        let saved_launch = self.in_launch_config;
        self.angle_depth = 0;
        self.in_launch_config = 0;
        let r = (|| {
            let mut items = Vec::new();
            while !self.at_punct(Punct::RBrace) {
                let item_start = self.peek().span;
                let item = if self.at_punct(Punct::Dot) && self.nth_kind(1) == TokenKind::Ident
                    || (self.at_punct(Punct::LBracket)
                        && !self.nth_is_punct(1, Punct::LBracket)
                        && self.designator_follows())
                {
                    let mut designators = Vec::new();
                    loop {
                        if self.eat_punct(Punct::Dot) {
                            let (n, _) = self.ident()?;
                            designators.push(Designator::Field(n));
                        } else if self.at_punct(Punct::LBracket) {
                            self.bump();
                            let e = self.constant_expression()?;
                            self.expect_punct(Punct::RBracket)?;
                            designators.push(Designator::Index(e));
                        } else {
                            break;
                        }
                    }
                    let value = if self.eat_punct(Punct::Eq) {
                        self.initializer_clause()?
                    } else {
                        self.braced_init_list()?
                    };
                    Expr::new(
                        ExprKind::Designated {
                            designators: designators.into(),
                            value: Box::new(value),
                        },
                        item_start.to(self.prev_span()),
                    )
                } else if self.at_ident() && self.nth_is_punct(1, Punct::Colon) {
                    // GNU old-style designator `x: value`.
                    let (n, _) = self.ident()?;
                    self.bump();
                    let value = self.initializer_clause()?;
                    Expr::new(
                        ExprKind::Designated {
                            designators: vec![Designator::Field(n)].into(),
                            value: Box::new(value),
                        },
                        item_start.to(self.prev_span()),
                    )
                } else {
                    self.initializer_clause()?
                };
                let item = if self.at_punct(Punct::Ellipsis) {
                    let end = self.bump().span;
                    let span = item.span.to(end);
                    Expr::new(ExprKind::PackExpansion(Box::new(item)), span)
                } else {
                    item
                };
                items.push(item);
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
            Ok(items)
        })();
        self.angle_depth = saved_angle;
        self.in_launch_config = saved_launch;
        self.leave();
        let items = r?;
        let close = self.expect_punct(Punct::RBrace)?;
        Ok(Expr::new(ExprKind::InitList(items.into()), open.to(close)))
    }

    /// In a braced list, `[2] = x` is a designator; `[x]{...}` a lambda (`[2] {...}`, GNU's
    /// designator without `=`, only with a literal index).
    fn designator_follows(&mut self) -> bool {
        let literal_index = self.nth_kind(1) == TokenKind::Int;
        self.lookahead(|p| {
            p.bump();
            if p.constant_expression().is_err() || !p.eat_punct(Punct::RBracket) {
                return false;
            }
            p.at_punct(Punct::Eq)
                || p.at_punct(Punct::Dot)
                || p.at_punct(Punct::LBracket)
                || (literal_index && p.at_punct(Punct::LBrace))
        })
    }

    /// `decltype(e)`.
    pub(crate) fn decltype_specifier(&mut self) -> PResult<Expr> {
        let start = self.bump().span; // decltype
        self.expect_punct(Punct::LParen)?;
        let e = self.expression_in_parens()?;
        let end = self.expect_punct(Punct::RParen)?;
        Ok(Expr::new(e.kind, start.to(end)))
    }

    // -----------------------------------------------------------------------------------
    // Lambdas

    fn lambda_expression(&mut self) -> PResult<Expr> {
        let intro_start = self.bump().span; // [
        let mut captures = Vec::new();
        while !self.at_punct(Punct::RBracket) {
            let cstart = self.peek().span;
            let cap = match self.kind() {
                TokenKind::Punct(Punct::Eq)
                    if matches!(
                        self.nth_kind(1),
                        TokenKind::Punct(Punct::Comma | Punct::RBracket)
                    ) =>
                {
                    self.bump();
                    Capture::DefaultCopy
                }
                TokenKind::Punct(Punct::Amp)
                    if matches!(
                        self.nth_kind(1),
                        TokenKind::Punct(Punct::Comma | Punct::RBracket)
                    ) =>
                {
                    self.bump();
                    Capture::DefaultRef
                }
                TokenKind::Keyword(Keyword::This) => {
                    self.bump();
                    Capture::This
                }
                TokenKind::Punct(Punct::Star)
                    if self.nth_kind(1) == TokenKind::Keyword(Keyword::This) =>
                {
                    let star = self.bump().span;
                    self.bump();
                    // Clang before C++17 has no `*this` capture: cudafe++ expects a name at
                    // the `*` and reads on without it.
                    if self.opts.clang && self.opts.cxx < 17 {
                        self.record(Span::new(star.lo, star.lo), star, "expected an identifier");
                        if !self.eat_punct(Punct::Comma) {
                            break;
                        }
                        continue;
                    }
                    Capture::StarThis
                }
                _ => {
                    let by_ref = self.eat_punct(Punct::Amp);
                    let ellipsis = self.peek().span;
                    let mut pack = self.eat_punct(Punct::Ellipsis);
                    let (name, _) = self.ident()?;
                    pack |= self.eat_punct(Punct::Ellipsis);
                    if self.at_punct(Punct::Eq)
                        || self.at_punct(Punct::LParen)
                        || self.at_punct(Punct::LBrace)
                    {
                        if pack {
                            self.feature(20, Feature::PackInitCapture, ellipsis);
                        }
                        let init = if self.eat_punct(Punct::Eq) {
                            Initializer::Assign(self.initializer_clause()?)
                        } else if self.at_punct(Punct::LBrace) {
                            Initializer::Brace(self.braced_init_list()?)
                        } else {
                            let open = self.peek().span;
                            let args = self.paren_expression_list()?;
                            Initializer::Paren(args.into(), open.to(self.prev_span()))
                        };
                        Capture::Init {
                            name,
                            by_ref,
                            pack,
                            init: Box::new(init),
                            span: cstart.to(self.prev_span()),
                        }
                    } else {
                        Capture::Var {
                            name,
                            by_ref,
                            pack,
                            span: cstart.to(self.prev_span()),
                        }
                    }
                }
            };
            captures.push(cap);
            if !self.eat_punct(Punct::Comma) {
                break;
            }
        }
        let intro_end = self.expect_punct(Punct::RBracket)?;
        let intro_span = intro_start.to(intro_end);
        let saved = self.scope;
        let lscope = self.push_scope(ScopeKind::Lambda);
        // Init-captures are visible in the body.
        if !self.is_tentative() {
            for c in &captures {
                if let Capture::Init { name, span, .. } = c {
                    self.sema.add_entity(
                        crate::sema::EntityKind::Variable,
                        Some(*name),
                        lscope,
                        *span,
                    );
                }
            }
        }
        let r = self.lambda_rest(captures, intro_span, lscope);
        self.scope = saved;
        let lambda = r?;
        let span = intro_start.to(self.prev_span());
        Ok(Expr::new(ExprKind::Lambda(Box::new(lambda)), span))
    }

    fn lambda_rest(
        &mut self,
        captures: Vec<Capture>,
        intro_span: Span,
        scope: ScopeId,
    ) -> PResult<Lambda> {
        let template = if self.at_punct(Punct::Less) {
            // The template parameters are seen by the parameters and the body; the caller
            // restores the scope after the lambda.
            let start = self.peek().span;
            self.feature(20, Feature::LambdaTemplateParams, start);
            self.push_scope(ScopeKind::TemplateParams);
            let params = self.template_parameter_list()?;
            let requires = if self.at_kw(Keyword::Requires) {
                self.bump();
                Some(self.constraint_expression()?)
            } else {
                None
            };
            Some(TemplateHead {
                params: params.into(),
                requires: requires.map(Box::new),
                span: start.to(self.prev_span()),
            })
        } else {
            None
        };
        let mut attrs = self.gnu_and_cxx_attributes()?;
        let params = if self.at_punct(Punct::LParen) {
            let chunk = self.function_chunk_in_scope()?;
            Some(Box::new(chunk))
        } else {
            None
        };
        let mut is_mutable = false;
        let mut is_constexpr = false;
        let mut is_consteval = false;
        let mut is_static = false;
        if params.is_none()
            && (matches!(
                self.kind(),
                TokenKind::Keyword(
                    Keyword::Mutable
                        | Keyword::Constexpr
                        | Keyword::Consteval
                        | Keyword::Static
                        | Keyword::Noexcept
                        | Keyword::Throw
                )
            ) || self.at_punct(Punct::Arrow))
        {
            self.feature(23, Feature::LambdaWithoutParens, self.peek().span);
        }
        loop {
            match self.kind() {
                TokenKind::Keyword(Keyword::Mutable) => is_mutable = true,
                TokenKind::Keyword(Keyword::Constexpr) => {
                    is_constexpr = true;
                    self.feature(17, Feature::ConstexprLambda, self.peek().span);
                }
                TokenKind::Keyword(Keyword::Consteval) => is_consteval = true,
                TokenKind::Keyword(Keyword::Static) => is_static = true,
                TokenKind::Keyword(Keyword::Attribute) => {
                    attrs.extend(self.gnu_and_cxx_attributes()?);
                    continue;
                }
                TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => {
                    let a = self.attribute_specifiers()?;
                    if params.is_some() {
                        self.note_function_type_attributes(&a);
                    }
                    attrs.extend(a);
                    continue;
                }
                _ => break,
            }
            self.bump();
        }
        // noexcept, attributes and the trailing return type after the specifiers.
        let mut params = params;
        if self.at_kw(Keyword::Noexcept)
            || self.at_kw(Keyword::Throw)
            || self.at_punct(Punct::Arrow)
        {
            let rest = self.function_suffix_only()?;
            if let Some(p) = params.as_mut() {
                if rest.exception.is_some() {
                    p.exception = rest.exception;
                }
                if rest.trailing_return.is_some() {
                    p.trailing_return = rest.trailing_return;
                }
                p.attrs.extend(rest.attrs);
            }
        }
        attrs.extend(self.gnu_and_cxx_attributes()?);
        let requires = if self.at_kw(Keyword::Requires) {
            self.bump();
            Some(Box::new(self.constraint_expression()?))
        } else {
            None
        };
        let body = self.compound_statement_in_current_scope_with(self.scope)?;
        Ok(Lambda {
            captures: captures.into(),
            intro_span,
            template,
            params,
            attrs: attrs.into(),
            is_mutable,
            is_constexpr,
            is_consteval,
            is_static,
            requires,
            body: Box::new(body),
            entity: None,
            scope: Some(scope),
        })
    }

    /// A lambda's parameter list, declared in the lambda scope (the body sees them).
    fn function_chunk_in_scope(&mut self) -> PResult<FunctionChunk> {
        self.function_chunk(false)
    }

    /// `noexcept(...)`, `throw()`, attributes and `-> T` after a lambda's specifiers.
    fn function_suffix_only(&mut self) -> PResult<FunctionChunk> {
        let start = self.peek().span;
        let mut chunk = FunctionChunk {
            params: Vec::new().into(),
            variadic: false,
            params_span: start,
            is_const: false,
            is_volatile: false,
            ref_qualifier: None,
            exception: None,
            trailing_return: None,
            attrs: Vec::new().into(),
            span: start,
        };
        loop {
            match self.kind() {
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
                }
                TokenKind::Keyword(Keyword::Throw) => {
                    self.bump();
                    self.skip_balanced();
                    chunk.exception = Some(ExceptionSpec::Throw(Vec::new().into()));
                }
                TokenKind::Keyword(Keyword::Attribute) => {
                    chunk.attrs.extend(self.gnu_and_cxx_attributes()?)
                }
                TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => {
                    chunk.attrs.extend(self.attribute_specifiers()?)
                }
                TokenKind::Punct(Punct::Arrow) => {
                    self.bump();
                    chunk.trailing_return = Some(Box::new(self.type_id()?));
                }
                _ => return Ok(chunk),
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // requires-expressions

    fn requires_expression(&mut self) -> PResult<Expr> {
        let start = self.bump().span; // requires
        let saved = self.scope;
        self.push_scope(ScopeKind::Requires);
        let r = (|| {
            let params = if self.at_punct(Punct::LParen) {
                Some(Box::new(self.function_chunk(false)?))
            } else {
                None
            };
            self.expect_punct(Punct::LBrace)?;
            let mut requirements = Vec::new();
            while !self.at_punct(Punct::RBrace) && !self.at_eof() {
                let req = match self.kind() {
                    TokenKind::Keyword(Keyword::Typename) => {
                        self.bump();
                        let name = self.qualified_name()?;
                        let span = name.span;
                        Requirement::Type(TypeId {
                            specs: DeclSpecs {
                                ty: TypeSpec::Named {
                                    name,
                                    typename_kw: true,
                                },
                                span,
                                ..Default::default()
                            },
                            declarator: Declarator::default(),
                            span,
                        })
                    }
                    TokenKind::Keyword(Keyword::Requires) => {
                        self.bump();
                        Requirement::Nested(self.logical_or_expression()?)
                    }
                    TokenKind::Punct(Punct::LBrace) => {
                        self.bump();
                        let expr = self.expression()?;
                        self.expect_punct(Punct::RBrace)?;
                        let noexcept = self.eat_kw(Keyword::Noexcept);
                        let ret = if self.eat_punct(Punct::Arrow) {
                            Some(self.type_constraint_or_type()?)
                        } else {
                            None
                        };
                        Requirement::Compound {
                            expr,
                            noexcept,
                            ret,
                        }
                    }
                    _ => Requirement::Simple(self.expression()?),
                };
                requirements.push(req);
                self.expect_punct(Punct::Semi)?;
            }
            let end = self.expect_punct(Punct::RBrace)?;
            Ok(Expr::new(
                ExprKind::Requires {
                    params,
                    requirements: requirements.into(),
                },
                start.to(end),
            ))
        })();
        self.scope = saved;
        r
    }

    /// After `->` in a compound requirement: a type-constraint (`std::same_as<int>`).
    fn type_constraint_or_type(&mut self) -> PResult<TypeId> {
        let start = self.peek().span;
        let name = self.qualified_name()?;
        let span = name.span;
        Ok(TypeId {
            specs: DeclSpecs {
                ty: TypeSpec::Named {
                    name,
                    typename_kw: false,
                },
                span,
                ..Default::default()
            },
            declarator: Declarator::default(),
            span: start.to(self.prev_span()),
        })
    }

    // -----------------------------------------------------------------------------------
    // Builtins

    /// Calls to compiler builtins that take types, or an unusual syntax: returns `None`
    /// when the identifier is an ordinary name.
    fn builtin_call(&mut self) -> PResult<Option<Expr>> {
        let sym = self.nth_sym(0).expect("an identifier");
        let start = self.peek().span;
        let k = self.known;
        if sym == k.offsetof {
            self.bump();
            self.bump();
            let ty = self.type_id()?;
            self.expect_punct(Punct::Comma)?;
            // A member designator: `a.b[3].c`.
            let d_start = self.peek().span;
            let mut depth = 0;
            while (depth != 0 || !self.at_punct(Punct::RParen)) && !self.at_eof() {
                match self.kind() {
                    TokenKind::Punct(Punct::LBracket | Punct::LParen) => depth += 1,
                    TokenKind::Punct(Punct::RBracket | Punct::RParen) => depth -= 1,
                    _ => {}
                }
                self.bump();
            }
            let designator = Expr::new(ExprKind::Opaque, d_start.to(self.prev_span()));
            let end = self.expect_punct(Punct::RParen)?;
            return Ok(Some(Expr::new(
                ExprKind::Builtin {
                    name: sym,
                    args: vec![TypeOrExpr::Type(ty), TypeOrExpr::Expr(designator)].into(),
                },
                start.to(end),
            )));
        }
        if sym == k.va_arg {
            self.bump();
            self.bump();
            let e = self.assignment_expression()?;
            self.expect_punct(Punct::Comma)?;
            let ty = self.type_id()?;
            let end = self.expect_punct(Punct::RParen)?;
            return Ok(Some(Expr::new(
                ExprKind::Builtin {
                    name: sym,
                    args: vec![TypeOrExpr::Expr(e), TypeOrExpr::Type(ty)].into(),
                },
                start.to(end),
            )));
        }
        if sym == k.bit_cast {
            self.bump();
            self.bump();
            let ty = self.type_id()?;
            self.expect_punct(Punct::Comma)?;
            let e = self.assignment_expression()?;
            let end = self.expect_punct(Punct::RParen)?;
            return Ok(Some(Expr::new(
                ExprKind::Cast {
                    kind: CastKind::Bit,
                    ty: Box::new(ty),
                    expr: Box::new(e),
                },
                start.to(end),
            )));
        }
        // Type traits and other builtins taking types: `__is_same(T, U)`,
        // `__has_trivial_destructor(T)`, `__builtin_types_compatible_p(T, U)`,
        // `__builtin_convertvector(e, T)`, CUDA's `__nv_is_extended_device_lambda_closure_type(T)`.
        // Only when the name is not declared.
        let name = self.interner.name(sym);
        let takes_types = name.starts_with("__is_")
            || name.starts_with("__nv_is_extended_")
            || name.starts_with("__has_")
            || name.starts_with("__reference_")
            || name == "__builtin_types_compatible_p"
            || name == "__builtin_convertvector"
            || name == "__builtin_is_corresponding_member"
            || name == "__builtin_is_pointer_interconvertible_with_class"
            || name == "__array_rank"
            || name == "__array_extent";
        if !takes_types || !self.sema.lookup_unqualified(self.scope, sym).is_empty() {
            return Ok(None);
        }
        self.bump();
        self.bump();
        let mut args = Vec::new();
        if !self.at_punct(Punct::RParen) {
            loop {
                let a = self.type_or_expression()?;
                self.eat_punct(Punct::Ellipsis);
                args.push(a);
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
        }
        let end = self.expect_punct(Punct::RParen)?;
        Ok(Some(Expr::new(
            ExprKind::Builtin {
                name: sym,
                args: args.into(),
            },
            start.to(end),
        )))
    }
}

/// The keywords that name a fundamental type (or a part of one: `unsigned`, `long`).
fn names_fundamental_type(k: Keyword) -> bool {
    use Keyword::*;
    matches!(
        k,
        Void | Bool
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
            | Float16
            | Float32
            | Float64
            | Float128
            | Float80
            | Bf16
    )
}
