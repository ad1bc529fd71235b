//! Alias templates before `::` in function templates' signatures.
//!
//! cudafe++ writes the host file from its own representation, where an alias template
//! specialization that qualifies a name is the type it stands for: pybind11's
//! `typename make_caster<T>::template cast_op_type<T> cast_op(make_caster<T> &)` comes out
//! as `typename type_caster< intrinsic_t< T> > ::template cast_op_type< T>`. g++ mangles
//! a dependent alias that does more than rename a template under its own name, so the
//! instances of such a function template get other symbols from the user's spelling than
//! from cudafe++'s. We write the aliased type there, as cudafe++ does (one level: aliases
//! inside it stay, as in cudafe++'s file).

use super::HostEmitter;
use crate::emit::edit::Piece;
use crate::intern::Symbol;
use crate::sema::{EntityId, ScopeId};
use crate::source_map::Span;
use crate::syntax::ast::*;

/// An alias template's parameters and the text of the type it stands for.
pub(super) struct AliasTemplate {
    params: Vec<Symbol>,
    target: Span,
}

impl<'a> HostEmitter<'a> {
    /// `template <class T> using A = X<Y<T>>;` (parameter packs are left alone).
    pub(super) fn note_alias_template(&mut self, head: &TemplateHead, decl: &Decl) {
        let DeclKind::Alias {
            ty,
            entity: Some(e),
            ..
        } = &decl.kind
        else {
            return;
        };
        if head.params.is_empty() || head.params.iter().any(|p| p.pack || p.name.is_none()) {
            return;
        }
        // Only an alias of a class template's specialization is replaced: one of a member
        // of a dependent type (`typename traits_cache<I>::type`) stays, in cudafe++'s file
        // too.
        let TypeSpec::Named {
            name,
            typename_kw: false,
        } = &ty.specs.ty
        else {
            return;
        };
        if name.last().args.is_none()
            || !ty.declarator.ops.is_empty()
            || ty.specs.is_const
            || ty.specs.is_volatile
        {
            return;
        }
        let params = head.params.iter().filter_map(|p| p.name).collect();
        self.alias_templates.insert(
            *e,
            AliasTemplate {
                params,
                target: ty.span,
            },
        );
    }

    /// Rewrites the alias templates that qualify names in the return and parameter types
    /// of the function template `e`.
    pub(super) fn expand_alias_qualifiers(
        &mut self,
        e: EntityId,
        specs: &DeclSpecs,
        d: &Declarator,
    ) {
        if self.alias_templates.is_empty() || self.templates.is_empty() {
            return;
        }
        let ent = self.sema.entity(e);
        if !ent.is_template {
            return;
        }
        let scope = ent.parent;
        self.expand_in_specs(scope, specs);
        if let Some(f) = d.function() {
            for p in f.params.iter() {
                self.expand_in_specs(scope, &p.specs);
            }
            if let Some(t) = &f.trailing_return {
                self.expand_in_specs(scope, &t.specs);
            }
        }
    }

    fn expand_in_specs(&mut self, scope: ScopeId, specs: &DeclSpecs) {
        let TypeSpec::Named { name, .. } = &specs.ty else {
            return;
        };
        if name.global || name.segments.len() < 2 {
            return;
        }
        let first = &name.segments[0];
        let (Some(sym), Some(args)) = (first.ident(), first.args.as_ref()) else {
            return;
        };
        let found = self.sema.lookup_unqualified(scope, sym);
        let [alias] = found[..] else { return };
        let Some(a) = self.alias_templates.get(&alias) else {
            return;
        };
        // The aliased type's names must mean the same where the function is: the alias is
        // declared in the function's scope or one around it.
        let alias_scope = self.sema.entity(alias).parent;
        if !self.encloses(alias_scope, scope) || args.args.len() != a.params.len() {
            return;
        }
        let mut values = Vec::with_capacity(args.args.len());
        for arg in args.args.iter() {
            let span = match arg {
                TemplateArg::Type(t) => t.span,
                TemplateArg::Expr(x) => x.span,
                TemplateArg::Name(n) => n.span,
                TemplateArg::Pack(_) => return,
            };
            values.push(self.text(span));
        }
        let target = self.text(a.target);
        let segment = self.text(first.span);
        // Text with line markers in it (a macro's expansion) is left as it is.
        if target.is_empty() || target.contains('#') || segment.contains('#') {
            return;
        }
        let mut out = String::with_capacity(target.len() + 8);
        substitute(
            target,
            &a.params,
            &values,
            |s| self.interner.name(s),
            &mut out,
        );
        self.edits.replace(first.span, vec![Piece::text(out)]);
    }

    /// Whether `outer` is `inner` or a scope around it.
    fn encloses(&self, outer: ScopeId, inner: ScopeId) -> bool {
        let mut s = Some(inner);
        while let Some(id) = s {
            if id == outer {
                return true;
            }
            s = self.sema.scope(id).parent;
        }
        false
    }
}

/// `text` with each identifier that names one of `params` replaced by its value.
fn substitute<'n>(
    text: &str,
    params: &[Symbol],
    values: &[&str],
    name: impl Fn(Symbol) -> std::borrow::Cow<'n, str>,
    out: &mut String,
) {
    let names: Vec<_> = params.iter().map(|&p| name(p)).collect();
    let b = text.as_bytes();
    let ident = |c: u8| c == b'_' || c.is_ascii_alphanumeric();
    let mut i = 0;
    while i < b.len() {
        if ident(b[i]) && (i == 0 || !ident(b[i - 1])) {
            let start = i;
            while i < b.len() && ident(b[i]) {
                i += 1;
            }
            let word = &text[start..i];
            match names.iter().position(|n| n == word) {
                Some(k) => out.push_str(values[k]),
                None => out.push_str(word),
            }
        } else {
            let start = i;
            i += 1;
            while i < b.len() && !ident(b[i]) {
                i += 1;
            }
            out.push_str(&text[start..i]);
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn substitutes_whole_identifiers() {
        let mut interner = crate::intern::Interner::default();
        let t = interner.intern(b"type");
        let mut out = String::new();
        super::substitute(
            "type_caster<intrinsic_t<type>, type>",
            &[t],
            &["T"],
            |s| interner.name(s),
            &mut out,
        );
        assert_eq!(out, "type_caster<intrinsic_t<T>, T>");
    }
}
