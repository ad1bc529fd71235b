//! Functions defined twice: `function "f" has already been defined (previous definition at
//! line 3)` (#3369); variables too (`variable "v"`, `member "S::m"`), see
//! [`Checker::variable_redefinition`]; and classes, see [`Checker::class_redefinition`].
//!
//! Two definitions define the same function when they declare the same name in the same
//! scope with the same signature; the Itanium mangling of a function that is not a template
//! encodes exactly that (its scope, its name and its parameter types after adjustment), so
//! the definitions are compared by it. Execution spaces play no part: a `__host__` and a
//! `__device__` definition of one signature are a redefinition, as for cudafe++.
//!
//! Only what can be decided without instantiating anything is reported: templates, members
//! of templates, definitions inside class bodies and functions whose parameter types the
//! mangler cannot name are left alone, as are `gnu_inline` definitions (which a later
//! definition may replace).

use crate::emit::mangle::Mangler;
use crate::intern::{FxHashMap, Interner, Symbol};
use crate::sema::{EntityId, EntityKind, ScopeId, Sema};
use crate::source_map::SourceMap;
use crate::syntax::ast::*;

use super::Checker;
use super::index::{FnDecl, Index};
use crate::diag::{Diagnostic, ids};

/// A definition that defines a function already defined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Redefinition {
    /// The offset of the name in the first definition.
    pub previous: u32,
    /// The name denotes other functions of the scope too (the message then lists the
    /// parameter types).
    pub overloaded: bool,
}

/// A definition: the offset of its name, its function and its declaration.
type Definition<'a> = (u32, EntityId, FnDecl<'a>);

/// The redefinitions of the unit, by the offset of the name in the later definition.
pub(crate) fn find(
    unit: &TranslationUnit,
    index: &Index<'_>,
    sema: &Sema,
    interner: &Interner,
    map: &SourceMap,
) -> FxHashMap<u32, Redefinition> {
    let gnu_inline = interner.get(b"gnu_inline");
    // Definitions with a body, grouped by scope and name.
    let mut groups: FxHashMap<(ScopeId, Symbol), Vec<Definition<'_>>> = FxHashMap::default();
    for (&e, decls) in &index.functions {
        let ent = sema.entity(e);
        if ent.kind != EntityKind::Function || ent.is_template || ent.flags.in_template {
            continue;
        }
        let Some(name) = ent.name else { continue };
        for d in decls {
            if !d.has_body || d.template.is_some() {
                continue;
            }
            let Some(n) = &d.declarator.name else {
                continue;
            };
            if n.last().args.is_some() || is_gnu_inline(d, gnu_inline) {
                continue;
            }
            groups
                .entry((ent.parent, name))
                .or_default()
                .push((n.last().span.lo, e, *d));
        }
    }
    groups.retain(|_, v| v.len() > 1);
    let mut out = FxHashMap::default();
    if groups.is_empty() {
        return out;
    }
    let mangler = Mangler::from_parts(unit, sema, interner, map).with_module_id("0");
    for ((scope, name), mut defs) in groups {
        defs.sort_by_key(|(at, ..)| *at);
        let mut first: FxHashMap<String, u32> = FxHashMap::default();
        let mut found = Vec::new();
        for (at, e, d) in &defs {
            // Definitions inside a class body are other diagnostics' business; they still
            // count as the first definition.
            let unqualified = d
                .declarator
                .name
                .as_ref()
                .is_some_and(|n| n.segments.len() == 1 && !n.global);
            let in_class = (sema.entity(*e).flags.is_member && unqualified) || d.specs.is_friend;
            let Some(key) = mangler.function_cxx(*e, d.declarator) else {
                continue;
            };
            match first.get(&key) {
                Some(&previous) if !in_class => found.push((*at, previous)),
                Some(_) => {}
                None => {
                    first.insert(key, *at);
                }
            }
        }
        if found.is_empty() {
            continue;
        }
        let overloaded = overloaded(&mangler, index, sema, scope, name);
        for (at, previous) in found {
            out.insert(
                at,
                Redefinition {
                    previous,
                    overloaded,
                },
            );
        }
    }
    out
}

fn is_gnu_inline(d: &FnDecl<'_>, gnu_inline: Option<Symbol>) -> bool {
    let Some(g) = gnu_inline else { return false };
    d.specs
        .attrs
        .iter()
        .chain(d.declarator.attrs.iter())
        .chain(
            d.declarator
                .function()
                .into_iter()
                .flat_map(|f| f.attrs.iter()),
        )
        .any(|a| a.name == g)
}

/// Whether `name` in `scope` denotes more than one function: another signature, or a
/// function template (a declaration the mangler cannot name counts as another).
fn overloaded(
    mangler: &Mangler<'_>,
    index: &Index<'_>,
    sema: &Sema,
    scope: ScopeId,
    name: Symbol,
) -> bool {
    let Some(entities) = sema.scope(scope).names.get(&name) else {
        return false;
    };
    let mut keys: Vec<Option<String>> = Vec::new();
    for &e in entities {
        let ent = sema.entity(e);
        match ent.kind {
            EntityKind::Function if !ent.is_template => {}
            EntityKind::Function => return true,
            _ => continue,
        }
        for d in index.functions.get(&e).into_iter().flatten() {
            let k = mangler.function_cxx(e, d.declarator);
            if k.is_none() {
                return true;
            }
            if !keys.contains(&k) {
                keys.push(k);
            }
        }
    }
    keys.len() > 1
}

impl<'a> Checker<'a> {
    /// The entity and name of a declarator outside functions, classes and templates.
    fn namespace_scope_declaration<'d>(
        &self,
        id: &'d InitDeclarator,
    ) -> Option<(EntityId, &'d QualName)> {
        if self.func.is_some() || self.class_depth > 0 || self.template_depth > 0 {
            return None;
        }
        Some((id.entity?, id.declarator.name.as_ref()?))
    }

    /// A typedef at namespace scope declared again as another type: `invalid redeclaration
    /// of type name "T" (declared at line 3)` (#256). Types the model cannot name, and
    /// system headers, are left alone.
    pub(crate) fn typedef_redeclaration(&mut self, specs: &DeclSpecs, id: &InitDeclarator) {
        let Some((e, name)) = self.namespace_scope_declaration(id) else {
            return;
        };
        let ent = self.sema.entity(e);
        if ent.kind != EntityKind::Typedef || name.is_qualified() || ent.flags.in_template {
            return;
        }
        let at = name.last().span.lo;
        if self.map.is_system(at) {
            return;
        }
        let Some((ty, false)) = self.declared_type(specs, &id.declarator.ops, 0) else {
            return;
        };
        let ty = ty.canonical();
        match self.typedef_declarations.get(&e) {
            None => {
                self.typedef_declarations.insert(e, (ty, at));
            }
            Some((first, previous)) => {
                if *first == ty {
                    return;
                }
                let previous = *previous;
                let shown = self
                    .sema
                    .qualified_name_with(e, self.interner, Some("<unnamed>"));
                self.emit(
                    Diagnostic::new(ids::BAD_TYPE_NAME_REDECLARATION, at)
                        .arg_entity(format!("\"{shown}\""))
                        .arg_pos(previous),
                );
            }
        }
    }

    /// `WHAT "name" has already been defined (previous definition at ...)` (#3369).
    fn already_defined(&mut self, at: u32, e: EntityId, what: &str, previous: u32) {
        let shown = self
            .sema
            .qualified_name_with(e, self.interner, Some("<unnamed>"));
        self.emit(
            Diagnostic::new(ids::ALREADY_DEFINED_WITH_POS, at)
                .arg_entity(format!("{what} \"{shown}\""))
                .arg_pos(previous),
        );
    }

    /// A second definition of a class or class template of a namespace: `class "A" has
    /// already been defined (previous definition at line 1)` (`union "U"`, `class template
    /// "B"`). Specializations, classes of classes and functions, and definitions in system
    /// headers are left alone.
    pub(crate) fn class_redefinition(&mut self, c: &ClassSpec) {
        let (Some(e), Some(name)) = (c.entity, &c.name) else {
            return;
        };
        // Specializations, and classes defined out of their scope (`struct A::B { ... }`),
        // are other entities or left alone; so are classes of classes and functions.
        if name.is_qualified() || name.segments.iter().any(|s| s.args.is_some()) {
            return;
        }
        let ent = self.sema.entity(e);
        if !matches!(ent.kind, EntityKind::Class(_))
            || (ent.flags.in_template && !ent.is_template)
            || self.sema.scope(ent.parent).kind != crate::sema::ScopeKind::Namespace
        {
            return;
        }
        let Some(sym) = name.ident() else {
            return;
        };
        let at = name.last().span.lo;
        // A second definition declares a new entity: the two meet by scope and name.
        match self.class_definitions.get(&(ent.parent, sym)) {
            None => {
                let from = if ent.is_template {
                    self.template_start.unwrap_or(at)
                } else {
                    at
                };
                self.class_definitions.insert((ent.parent, sym), from);
            }
            Some(&previous) => {
                if self.map.is_system(at) {
                    return;
                }
                let what = if ent.is_template {
                    "class template"
                } else if c.tag == TagKind::Union {
                    "union"
                } else {
                    "class"
                };
                self.already_defined(at, e, what, previous);
            }
        }
    }

    /// A second definition of a variable at namespace scope, or of a static data member
    /// outside its class: `variable "v" has already been defined (previous definition at
    /// line 3)`. Declarations that are not definitions (`extern` without an initializer)
    /// do not count; templates and what is in them are left to instantiation, system
    /// headers alone.
    pub(crate) fn variable_redefinition(&mut self, specs: &DeclSpecs, id: &InitDeclarator) {
        let Some((e, name)) = self.namespace_scope_declaration(id) else {
            return;
        };
        let ent = self.sema.entity(e);
        if ent.kind != EntityKind::Variable
            || ent.is_template
            || ent.flags.in_template
            || name.last().args.is_some()
            || name.segments.iter().any(|s| s.args.is_some())
        {
            return;
        }
        let extern_decl = specs.storage == Some(StorageClass::Extern) || ent.flags.is_extern;
        if extern_decl && id.init.is_none() {
            return;
        }
        let at = name.last().span.lo;
        if self.map.is_system(at) {
            return;
        }
        let member = ent.flags.is_member;
        if member && !name.is_qualified() {
            return;
        }
        match self.variable_definitions.get(&e) {
            None => {
                self.variable_definitions.insert(e, at);
            }
            Some(&previous) => {
                let what = if member { "member" } else { "variable" };
                self.already_defined(at, e, what, previous);
            }
        }
    }
}
