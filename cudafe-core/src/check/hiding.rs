//! Virtual functions of base classes that a class's member functions hide: #611 when the
//! class overrides some of the virtual functions of a base that share a name and not the
//! others, #997 when a member function overrides none of those it hides. Both are given
//! when the class is complete, ordered by the bases' declarations.

use crate::diag::{Diagnostic, ids};
use crate::intern::Symbol;
use crate::sema::{EntityId, EntityKind, ScopeId};
use crate::source_map::Span;
use crate::syntax::ast::*;

use super::Checker;
use super::index::FnDecl;

/// A virtual function a class has: the final overrider declared in it or in a base, and
/// the function that first declared it virtual.
#[derive(Clone, Copy)]
struct Virtual<'a> {
    decl: FnDecl<'a>,
    root: EntityId,
}

/// Whether two function declarations have the same parameters and qualifiers.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Same {
    Yes,
    No,
    Unknown,
}

const MAX_DEPTH: u32 = 16;

/// A class's declarations of member functions of one name, with their names' spans.
type OwnDecls<'a> = Vec<(FnDecl<'a>, Span, EntityId)>;

/// The specifiers, declarator and entity of a member declaration that declares one
/// function (a definition or a declaration).
pub(crate) fn member_function(m: &Decl) -> Option<(&DeclSpecs, &Declarator, Option<EntityId>)> {
    match &m.kind {
        DeclKind::Function(f) => Some((&f.specs, &f.declarator, f.entity)),
        DeclKind::Simple { specs, declarators }
            if declarators.len() == 1 && declarators[0].declarator.is_function() =>
        {
            Some((specs, &declarators[0].declarator, declarators[0].entity))
        }
        _ => None,
    }
}

impl<'a> Checker<'a> {
    /// #611 and #997 for the class `c`, once it is complete.
    pub(crate) fn hidden_virtuals(&mut self, c: &'a ClassSpec) {
        let Some(class) = c.entity else { return };
        let ent = self.sema.entity(class);
        if self.template_depth > 0 || ent.is_template || ent.flags.in_template {
            return;
        }
        let Some(scope) = ent.scope else { return };
        let bases = self.sema.scope(scope).bases.clone();
        if bases.is_empty() || self.map.is_system(c.span.lo) || !self.members_all_known(scope, 0) {
            return;
        }
        // The class's own member functions, by name, in declaration order.
        let mut own: Vec<(Symbol, OwnDecls<'a>)> = Vec::new();
        for m in &c.members {
            let Some((specs, d, entity)) = member_function(m) else {
                continue;
            };
            let (Some(entity), Some(name)) = (entity, &d.name) else {
                continue;
            };
            let (Some(sym), false) = (name.ident(), specs.is_friend) else {
                continue;
            };
            let decl = FnDecl {
                specs,
                declarator: d,
                template: None,
                has_body: false,
            };
            match own.iter_mut().find(|(s, _)| *s == sym) {
                Some((_, v)) => v.push((decl, name.last().span, entity)),
                None => own.push((sym, vec![(decl, name.last().span, entity)])),
            }
        }
        let mut found: Vec<(u32, Diagnostic)> = Vec::new();
        'names: for (sym, decls) in &own {
            let names = &self.sema.scope(scope).names;
            if names.get(sym).is_some_and(|v| {
                v.iter()
                    .any(|&e| self.sema.entity(e).kind != EntityKind::Function)
            }) {
                // A using-declaration brings the base's functions in.
                continue;
            }
            let mut inherited: Vec<Virtual<'a>> = Vec::new();
            for &b in &bases {
                let Some(v) = self.virtuals(b, *sym, 0) else {
                    continue 'names;
                };
                inherited.extend(v);
            }
            if inherited.is_empty() {
                continue;
            }
            let mut overridden = Vec::with_capacity(inherited.len());
            for v in &inherited {
                let mut hit = false;
                for (d, _, _) in decls {
                    if d.specs.storage == Some(StorageClass::Static) {
                        continue;
                    }
                    match self.same_signature(d, &v.decl) {
                        Same::Yes => hit = true,
                        Same::No => {}
                        Same::Unknown => continue 'names,
                    }
                }
                overridden.push(hit);
            }
            let Some(first) = overridden.iter().position(|o| !o) else {
                continue;
            };
            let root = inherited[first].root;
            let root_class = self.sema.entity(root).parent;
            let group: Vec<usize> = (0..inherited.len())
                .filter(|&i| self.sema.entity(inherited[i].root).parent == root_class)
                .collect();
            let at = inherited
                .iter()
                .map(|v| v.decl.declarator.span.lo)
                .min()
                .unwrap_or(0);
            let root_name = self.function_display_name(root);
            if group.iter().any(|&i| overridden[i]) {
                let Some(class_name) = self.record_name(class) else {
                    continue;
                };
                let Some(name) = &c.name else { continue };
                found.push((
                    at,
                    Diagnostic::new(ids::PARTIAL_OVERRIDE, name.last().span.lo)
                        .arg_entity(format!("\"{root_name}\""))
                        .arg_entity(format!("class \"{class_name}\"")),
                ));
            } else {
                let Some(hidden) = self.hidden_description(root, &root_name) else {
                    continue;
                };
                for (_, span, e) in decls {
                    let derived = self.function_display_name(*e);
                    found.push((
                        at,
                        Diagnostic::new(ids::VIRTUAL_FUNCTION_DECL_HIDDEN, span.lo)
                            .arg_entity(format!("\"{derived}\""))
                            .arg_entity(hidden.clone()),
                    ));
                }
            }
        }
        found.sort_by_key(|(at, _)| *at);
        for (_, d) in found {
            self.emit(d);
        }
    }

    /// The virtual functions named `name` that the class `scope` has, declared in it or
    /// inherited and not overridden; `None` when that cannot be told.
    fn virtuals(&self, scope: ScopeId, name: Symbol, depth: u32) -> Option<Vec<Virtual<'a>>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let sc = self.sema.scope(scope);
        let mut inherited = Vec::new();
        for &b in &sc.bases {
            inherited.extend(self.virtuals(b, name, depth + 1)?);
        }
        let mut out = Vec::new();
        let mut overridden = vec![false; inherited.len()];
        for &f in sc.names.get(&name).map(|v| &v[..]).unwrap_or(&[]) {
            let ent = self.sema.entity(f);
            if ent.kind != EntityKind::Function {
                return None;
            }
            if ent.is_template {
                continue;
            }
            let decl = *self.index.functions.get(&f)?.first()?;
            let mut root = None;
            if decl.specs.storage != Some(StorageClass::Static) {
                for (i, v) in inherited.iter().enumerate() {
                    match self.same_signature(&decl, &v.decl) {
                        Same::Yes => {
                            overridden[i] = true;
                            root.get_or_insert(v.root);
                        }
                        Same::No => {}
                        Same::Unknown => return None,
                    }
                }
            }
            if root.is_some() || ent.flags.is_virtual {
                out.push(Virtual {
                    decl,
                    root: root.unwrap_or(f),
                });
            }
        }
        out.extend(
            inherited
                .into_iter()
                .zip(overridden)
                .filter(|(_, o)| !o)
                .map(|(v, _)| v),
        );
        Some(out)
    }

    /// Whether two declarations have the same parameter types and qualifiers.
    fn same_signature(&self, a: &FnDecl<'_>, b: &FnDecl<'_>) -> Same {
        let (Some(fa), Some(fb)) = (a.declarator.function(), b.declarator.function()) else {
            return Same::Unknown;
        };
        let pa: &[Param] = if fa.has_void_params() {
            &[]
        } else {
            &fa.params
        };
        let pb: &[Param] = if fb.has_void_params() {
            &[]
        } else {
            &fb.params
        };
        if pa.len() != pb.len()
            || fa.variadic != fb.variadic
            || fa.is_const != fb.is_const
            || fa.is_volatile != fb.is_volatile
            || fa.ref_qualifier != fb.ref_qualifier
        {
            return Same::No;
        }
        let mut result = Same::Yes;
        for (x, y) in pa.iter().zip(pb) {
            if x.declarator.pack || y.declarator.pack {
                return Same::Unknown;
            }
            let tx = self.param_type_of(x);
            let ty = self.param_type_of(y);
            match (tx, ty) {
                (Some(tx), Some(ty)) => {
                    if tx != ty {
                        return Same::No;
                    }
                }
                _ => {
                    if self.param_text(x) != self.param_text(y) {
                        result = Same::Unknown;
                    }
                }
            }
        }
        result
    }

    /// A parameter's type, canonical, without top-level qualifiers, and whether it is a
    /// reference.
    fn param_type_of(&self, p: &Param) -> Option<(super::types::Ty, bool)> {
        if matches!(
            p.declarator.ops.first(),
            Some(DeclaratorOp::Array { .. } | DeclaratorOp::Function(_))
        ) {
            return None;
        }
        let (t, reference) = self.declared_type(&p.specs, &p.declarator.ops, 0)?;
        let mut t = t.canonical();
        if !reference {
            t.konst = false;
            t.volatile = false;
        }
        Some((t, reference))
    }

    /// A parameter as written, without its name, attributes, default and white space.
    fn param_text(&self, p: &Param) -> Vec<u8> {
        let lo = if p.specs.span.is_empty() {
            p.declarator.span.lo
        } else {
            p.specs.span.lo.min(p.declarator.span.lo)
        };
        let hi = p.declarator.span.hi.max(p.specs.span.hi).max(lo);
        let skip: Vec<Span> = p.declarator.name.iter().map(|n| n.span).collect();
        self.map
            .slice(Span::new(lo, hi))
            .iter()
            .enumerate()
            .filter(|&(i, b)| {
                let off = lo + i as u32;
                !b.is_ascii_whitespace() && !skip.iter().any(|s| off >= s.lo && off < s.hi)
            })
            .map(|(_, &b)| b)
            .collect()
    }

    /// `function "B::f(int)"` for a base function alone with its name in its class,
    /// `overloaded function "B::f"` for one of several.
    fn hidden_description(&self, root: EntityId, root_name: &str) -> Option<String> {
        let ent = self.sema.entity(root);
        let sym = ent.name?;
        let siblings = self
            .sema
            .scope(ent.parent)
            .names
            .get(&sym)
            .map_or(0, |v| v.len());
        if siblings > 1 {
            return Some(format!("overloaded function \"{root_name}\""));
        }
        let chunk = self
            .index
            .functions
            .get(&root)?
            .first()?
            .declarator
            .function()?;
        let simple = chunk.params.iter().all(|p| {
            let named = match &p.specs.ty {
                TypeSpec::Builtin(_) => true,
                TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => {
                    name.segments.iter().all(|s| s.args.is_none())
                }
                _ => false,
            };
            named
                && p.declarator.ops.iter().all(|op| {
                    matches!(
                        op,
                        DeclaratorOp::Pointer { .. }
                            | DeclaratorOp::LValueRef
                            | DeclaratorOp::RValueRef
                    )
                })
        });
        if !simple {
            return None;
        }
        let params = self.rendered_params(chunk, true).join(", ");
        Some(format!("function \"{root_name}({params})\""))
    }
}
