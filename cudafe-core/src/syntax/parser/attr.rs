//! Attributes in every spelling: `__attribute__((...))`, `[[...]]`, `alignas(...)`, and
//! `__declspec(...)`. CUDA's keywords arrive as GNU attributes (`__device__` is
//! `__attribute__((device))` after preprocessing).

use super::{PResult, Parser};
use crate::intern::Symbol;
use crate::lexer::{Keyword, Punct, TokenKind};
use crate::source_map::Span;
use crate::syntax::ast::{AttrSyntax, Attribute, Expr, ExprKind, Feature, FeatureUse};

impl<'a> Parser<'a> {
    /// Any number of attribute groups of any spelling.
    pub(crate) fn gnu_and_cxx_attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut out = Vec::new();
        loop {
            match self.kind() {
                TokenKind::Keyword(Keyword::Attribute) => self.gnu_attribute(&mut out)?,
                TokenKind::Keyword(Keyword::Alignas) => self.alignas(&mut out)?,
                TokenKind::Punct(Punct::LBracket) if self.nth_is_punct(1, Punct::LBracket) => {
                    self.cxx_attribute(&mut out)?
                }
                TokenKind::Ident
                    if self.nth_sym(0) == Some(self.known.declspec)
                        && self.nth_is_punct(1, Punct::LParen) =>
                {
                    self.declspec(&mut out)?
                }
                _ => return Ok(out),
            }
        }
    }

    /// Passes over what [`Parser::gnu_and_cxx_attributes`] would read, by brackets only,
    /// without reading the attributes (for lookaheads that only need what follows them).
    pub(crate) fn skip_attribute_groups(&mut self) {
        loop {
            let group = match self.kind() {
                TokenKind::Keyword(Keyword::Attribute | Keyword::Alignas) => true,
                TokenKind::Punct(Punct::LBracket) => self.nth_is_punct(1, Punct::LBracket),
                TokenKind::Ident => self.nth_sym(0) == Some(self.known.declspec),
                _ => false,
            };
            if !group {
                return;
            }
            if !self.at_punct(Punct::LBracket) {
                if !self.nth_is_punct(1, Punct::LParen) {
                    return;
                }
                self.bump();
            }
            self.skip_balanced();
        }
    }

    /// `[[...]]` groups only (where a GNU attribute would be taken for something else).
    pub(crate) fn cxx_attributes_only(&mut self) -> PResult<Vec<Attribute>> {
        let mut out = Vec::new();
        while self.at_punct(Punct::LBracket) && self.nth_is_punct(1, Punct::LBracket) {
            self.cxx_attribute(&mut out)?;
        }
        Ok(out)
    }

    /// `[[...]]` and `alignas` groups.
    pub(crate) fn attribute_specifiers(&mut self) -> PResult<Vec<Attribute>> {
        let mut out = Vec::new();
        loop {
            if self.at_punct(Punct::LBracket) && self.nth_is_punct(1, Punct::LBracket) {
                self.cxx_attribute(&mut out)?;
            } else if self.at_kw(Keyword::Alignas) {
                self.alignas(&mut out)?;
            } else {
                return Ok(out);
            }
        }
    }

    /// The name of an attribute with one pair of surrounding `__` removed.
    fn attribute_name(&mut self) -> PResult<(Symbol, Span)> {
        let t = self.peek();
        match t.kind {
            TokenKind::Ident | TokenKind::Keyword(_) => {
                self.bump();
                let text = t.name(self.map).into_owned();
                let stripped = strip_underscores(&text);
                Ok((self.interner.intern(stripped), t.span))
            }
            _ => Err(self.err("expected an attribute name")),
        }
    }

    fn gnu_attribute(&mut self, out: &mut Vec<Attribute>) -> PResult<()> {
        let start = self.bump().span; // __attribute__
        self.expect_punct(Punct::LParen)?;
        self.expect_punct(Punct::LParen)?;
        let first = out.len();
        loop {
            if self.at_punct(Punct::RParen) {
                break;
            }
            if self.eat_punct(Punct::Comma) {
                continue;
            }
            let (name, name_span) = self.attribute_name()?;
            let (args, args_span) = if self.at_punct(Punct::LParen) {
                self.attribute_args()?
            } else {
                (Vec::new(), None)
            };
            out.push(Attribute {
                syntax: AttrSyntax::Gnu,
                name,
                namespace: None,
                args: args.into(),
                args_span,
                span: name_span.to(self.prev_span()),
                group: start,
            });
        }
        self.expect_punct(Punct::RParen)?;
        let end = self.expect_punct(Punct::RParen)?;
        let group = start.to(end);
        for a in &mut out[first..] {
            a.group = group;
        }
        Ok(())
    }

    fn cxx_attribute(&mut self, out: &mut Vec<Attribute>) -> PResult<()> {
        let start = self.bump().span; // [
        self.bump(); // [
        let first = out.len();
        let mut using_ns = None;
        if self.at_kw(Keyword::Using) {
            self.bump();
            self.feature(17, Feature::UsingAttributePrefix, self.peek().span);
            self.attribute_namespace_known();
            using_ns = Some(self.attribute_name()?.0);
            self.expect_punct(Punct::Colon)?;
        }
        loop {
            if self.at_punct(Punct::RBracket) {
                break;
            }
            if self.eat_punct(Punct::Comma) {
                continue;
            }
            if self.nth_kind(1) == TokenKind::Punct(Punct::ColonColon) {
                self.attribute_namespace_known();
            }
            let (mut name, name_span) = self.attribute_name()?;
            let mut namespace = using_ns;
            if self.eat_punct(Punct::ColonColon) {
                namespace = Some(name);
                name = self.attribute_name()?.0;
            }
            let (args, args_span) = if self.at_punct(Punct::LParen) {
                self.attribute_args()?
            } else {
                (Vec::new(), None)
            };
            self.eat_punct(Punct::Ellipsis);
            out.push(Attribute {
                syntax: AttrSyntax::Cxx11,
                name,
                namespace,
                args: args.into(),
                args_span,
                span: name_span.to(self.prev_span()),
                group: start,
            });
        }
        self.expect_punct(Punct::RBracket)?;
        let end = self.expect_punct(Punct::RBracket)?;
        let group = start.to(end);
        for a in &mut out[first..] {
            a.group = group;
        }
        Ok(())
    }

    /// At an attribute namespace: notes one EDG does not know, for the checks to warn
    /// about (#2803). EDG knows `gnu` and `__gnu__`, `clang` and `msvc` as written (not
    /// `__clang__`, nor `std`).
    fn attribute_namespace_known(&mut self) {
        let t = self.peek();
        if !matches!(t.kind, TokenKind::Ident | TokenKind::Keyword(_)) {
            return;
        }
        let text = t.name(self.map);
        if !matches!(&text[..], b"gnu" | b"__gnu__" | b"clang" | b"msvc") {
            self.features.push(FeatureUse {
                at: t.span.lo,
                feature: Feature::UnknownAttributeNamespace,
            });
        }
    }

    /// Notes the standard attributes among `attrs`, read after a parameter list, for the
    /// checks to report: none of them applies to a function type.
    pub(crate) fn note_function_type_attributes(&mut self, attrs: &[Attribute]) {
        for a in attrs {
            if a.syntax != AttrSyntax::Cxx11 || a.namespace.is_some() {
                continue;
            }
            let feature = match self.interner.bytes(a.name) {
                b"maybe_unused" | b"noreturn" => Feature::AttributeOnFunctionTypeError,
                b"nodiscard"
                | b"deprecated"
                | b"fallthrough"
                | b"likely"
                | b"unlikely"
                | b"no_unique_address"
                | b"carries_dependency" => Feature::AttributeOnFunctionType,
                _ => continue,
            };
            self.features.push(FeatureUse {
                at: a.span.lo,
                feature,
            });
        }
    }

    fn alignas(&mut self, out: &mut Vec<Attribute>) -> PResult<()> {
        let start = self.bump().span;
        let open = self.peek().span;
        self.expect_punct(Punct::LParen)?;
        let arg = self.type_or_expression()?;
        self.eat_punct(Punct::Ellipsis);
        let end = self.expect_punct(Punct::RParen)?;
        let args = match arg {
            crate::syntax::ast::TypeOrExpr::Expr(e) => vec![e],
            crate::syntax::ast::TypeOrExpr::Type(t) => {
                vec![Expr::new(ExprKind::SizeofType(Box::new(t)), open.to(end))]
            }
        };
        let name = self.interner.intern(b"alignas");
        out.push(Attribute {
            syntax: AttrSyntax::Alignas,
            name,
            namespace: None,
            args: args.into(),
            args_span: Some(open.to(end)),
            span: start.to(end),
            group: start.to(end),
        });
        Ok(())
    }

    fn declspec(&mut self, out: &mut Vec<Attribute>) -> PResult<()> {
        let start = self.bump().span;
        let open = self.peek().span;
        self.bump(); // (
        while !self.at_punct(Punct::RParen) && !self.at_eof() {
            let (name, name_span) = self.attribute_name()?;
            let (args, args_span) = if self.at_punct(Punct::LParen) {
                self.attribute_args()?
            } else {
                (Vec::new(), None)
            };
            out.push(Attribute {
                syntax: AttrSyntax::Declspec,
                name,
                namespace: None,
                args: args.into(),
                args_span,
                span: name_span.to(self.prev_span()),
                group: start,
            });
        }
        let end = self.expect_punct(Punct::RParen)?;
        let _ = open;
        let _ = end;
        Ok(())
    }

    /// `(args)` of an attribute: expressions when they parse as such (`launch_bounds(256,
    /// 2)`, `aligned(16)`), otherwise the group is kept only as a span (`format(printf, 1,
    /// 2)` parses too; `availability(macos, introduced=10.4)` does not).
    fn attribute_args(&mut self) -> PResult<(Vec<Expr>, Option<Span>)> {
        let open = self.peek().span;
        let parsed = self.lookahead(|p| p.attribute_arg_exprs().is_ok());
        if parsed {
            let args = self.attribute_arg_exprs()?;
            return Ok((args, Some(open.to(self.prev_span()))));
        }
        let span = self.skip_balanced();
        Ok((Vec::new(), Some(span)))
    }

    fn attribute_arg_exprs(&mut self) -> PResult<Vec<Expr>> {
        self.expect_punct(Punct::LParen)?;
        let mut args = Vec::new();
        if !self.at_punct(Punct::RParen) {
            loop {
                args.push(self.assignment_expression()?);
                self.eat_punct(Punct::Ellipsis);
                if !self.eat_punct(Punct::Comma) {
                    break;
                }
            }
        }
        self.expect_punct(Punct::RParen)?;
        Ok(args)
    }
}

/// `__device__` → `device`; `device` stays.
pub fn strip_underscores(name: &[u8]) -> &[u8] {
    if name.len() > 4 && name.starts_with(b"__") && name.ends_with(b"__") {
        &name[2..name.len() - 2]
    } else {
        name
    }
}
