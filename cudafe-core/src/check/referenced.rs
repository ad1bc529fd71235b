//! #114 at the end of the unit: a function with internal linkage — declared `static` at
//! namespace scope, or in an anonymous namespace (a member of a class there too, and a
//! block-scope `extern` declaration that names a function of one) — that the code
//! references (calls, takes the address of; in a template too, where the call depends on
//! no template parameter) but that the unit never defines. cudafe++ reports the functions
//! of namespaces in the order they are declared, then the members of classes, each at its
//! first declaration.

use crate::diag::{Diagnostic, Severity, ids};
use crate::sema::{EntityId, EntityKind, ScopeKind};

use super::Checker;

impl Checker<'_> {
    pub(crate) fn never_defined(&mut self) {
        let mut found: Vec<(bool, u32, EntityId, String)> = Vec::new();
        for &f in &self.referenced_functions {
            let ent = self.sema.entity(f);
            if ent.kind != EntityKind::Function
                || ent.flags.defined
                || ent.flags.is_deleted
                || ent.flags.is_defaulted
                || ent.flags.extern_c
                || ent.flags.in_system_header
                || ent.flags.friend_only
                || ent.is_template
                || ent.name.is_none()
            {
                continue;
            }
            let Some(name) = self.internal_function_name(f) else {
                continue;
            };
            found.push((ent.flags.is_member, ent.first_decl().lo, f, name));
        }
        found.sort_by_key(|&(member, at, ..)| (member, at));
        for (_, at, _, name) in found {
            if self.map.is_system(at) {
                continue;
            }
            self.emit(
                Diagnostic::new(ids::NEVER_DEFINED, at)
                    .severity(Severity::Warning)
                    .arg_entity(format!("function \"{name}\"")),
            );
        }
    }

    /// The name EDG gives the function `f` when it has internal linkage: qualified by its
    /// namespaces and classes, anonymous namespaces written `<unnamed>`; a function declared
    /// in a block is named in its innermost enclosing namespace.
    fn internal_function_name(&self, f: EntityId) -> Option<String> {
        let ent = self.sema.entity(f);
        let parent = self.sema.scope(ent.parent);
        match parent.kind {
            ScopeKind::Namespace => {
                if !(ent.flags.is_static || ent.flags.in_anonymous_namespace) {
                    return None;
                }
            }
            // A member of a class of an anonymous namespace (not of a template).
            ScopeKind::Class => {
                if !ent.flags.in_anonymous_namespace || ent.flags.in_template {
                    return None;
                }
            }
            ScopeKind::Function | ScopeKind::Block => {
                let mut scope = parent.parent;
                while let Some(s) = scope {
                    let sc = self.sema.scope(s);
                    if sc.kind == ScopeKind::Namespace {
                        let owner = sc.entity?;
                        if !self.in_anonymous_namespace(s) {
                            return None;
                        }
                        let space =
                            self.sema
                                .qualified_name_with(owner, self.interner, Some("<unnamed>"));
                        return Some(format!("{space}::{}", self.name_of(ent.name?)));
                    }
                    scope = sc.parent;
                }
                return None;
            }
            _ => return None,
        }
        if ent.flags.in_template {
            return None;
        }
        Some(
            self.sema
                .qualified_name_with(f, self.interner, Some("<unnamed>")),
        )
    }

    /// Is the namespace scope `s` an anonymous namespace or nested in one?
    fn in_anonymous_namespace(&self, s: crate::sema::ScopeId) -> bool {
        let mut scope = Some(s);
        while let Some(s) = scope {
            let sc = self.sema.scope(s);
            if let Some(owner) = sc.entity {
                let o = self.sema.entity(owner);
                if o.kind == EntityKind::Namespace && o.name.is_none() {
                    return true;
                }
            }
            scope = sc.parent;
        }
        false
    }
}
