//! Name lookup.
//!
//! Unqualified lookup walks the scope chain outwards: a scope's own names, for classes their
//! non-dependent bases, for namespaces their inline namespaces and the namespaces nominated
//! by using-directives. Qualified lookup looks into one namespace, class or enum. Class
//! templates are looked into through their primary template and, when the primary does not
//! declare the name, their partial and explicit specializations (`enable_if<...>::type` lives
//! only in a specialization) — we do not instantiate templates, and this gives the right
//! kind (type, template or value) for every name the standard library and CCCL use.

use super::{EntityId, EntityKind, ScopeId, ScopeKind, Sema};
use crate::intern::Symbol;

/// Guards against cycles (using-directives can nominate each other).
const MAX_DEPTH: usize = 64;

/// What a lookup finds: most often one entity, or none, kept without an allocation.
pub type Found = smallvec::SmallVec<[EntityId; 4]>;

impl Sema {
    /// Unqualified lookup of `name` from `scope` outwards.
    pub fn lookup_unqualified(&self, scope: ScopeId, name: Symbol) -> Found {
        self.lookup_outwards(scope, name, false)
    }

    /// The walk of an unqualified lookup; `nested` keeps only what can stand before `::`.
    ///
    /// A using-directive met on the way makes the nominated namespace's names appear, for
    /// this lookup, as if declared in the nearest namespace enclosing both the directive and
    /// the nominated namespace ([namespace.udir]): `namespace cutlass::gemm { using
    /// namespace cute; }` lets `cute::plus` be found only after `cutlass::plus` (in the
    /// global namespace), and a block's `using namespace lib;` does not hide `app::detail`
    /// from `app::f` behind `lib::detail`. Directives are transitive.
    fn lookup_outwards(&self, scope: ScopeId, name: Symbol, nested: bool) -> Found {
        let keep = |found: Found| -> Found {
            if nested {
                found.into_iter().filter(|&e| self.nests_names(e)).collect()
            } else {
                found
            }
        };
        // (where the names appear, the nominated namespace)
        let mut nominated: Vec<(ScopeId, ScopeId)> = Vec::new();
        let mut cur = Some(scope);
        let mut class_namespace = None;
        while let Some(s) = cur {
            let sc = self.scope(s);
            // Most scopes of a deep nest of blocks and conditions declare nothing: pass
            // them without a search, all at once where possible.
            if sc.declares_nothing() {
                cur = self.past_class_namespace(self.lookup_parent(s), &mut class_namespace);
                continue;
            }
            self.note_directives(s, &mut nominated);
            let mut found = self.lookup_here(s, name);
            if sc.kind == ScopeKind::Namespace && nominated.iter().any(|&(at, _)| at == s) {
                // Together with the namespace's own: `using namespace std;` and a global
                // `max` make an overload set.
                for &(at, ns) in &nominated {
                    if at == s {
                        self.collect_namespace(ns, name, false, &mut found, 1);
                    }
                }
                found = dedup(found);
            }
            let found = keep(found);
            if !found.is_empty() {
                return found;
            }
            let sc = self.scope(s);
            if let Some(class) = sc.class_context {
                let found = keep(self.lookup_class_chain(class, name));
                if !found.is_empty() {
                    return found;
                }
                class_namespace = Some(self.enclosing_namespace(class));
            }
            cur = self.past_class_namespace(sc.parent, &mut class_namespace);
        }
        Found::new()
    }

    /// Adds the namespaces `s`'s using-directives nominate, directly or through the
    /// directives of those, each with the namespace its names appear in.
    fn note_directives(&self, s: ScopeId, nominated: &mut Vec<(ScopeId, ScopeId)>) {
        let directives = &self.scope(s).using_directives;
        if directives.is_empty() {
            return;
        }
        let mut stack: Vec<ScopeId> = directives.clone();
        let mut steps = 0;
        while let Some(ns) = stack.pop() {
            steps += 1;
            if steps > MAX_DEPTH * 4 {
                break;
            }
            let at = self.common_namespace(s, ns);
            if nominated.contains(&(at, ns)) {
                continue;
            }
            nominated.push((at, ns));
            stack.extend(self.scope(ns).using_directives.iter().copied());
        }
    }

    /// The nearest namespace enclosing both `s` and the namespace `ns` (`ns` itself when it
    /// encloses `s`).
    fn common_namespace(&self, s: ScopeId, ns: ScopeId) -> ScopeId {
        let mut around_ns: Vec<ScopeId> = Vec::new();
        let mut c = Some(ns);
        while let Some(x) = c {
            let sc = self.scope(x);
            if sc.kind == ScopeKind::Namespace {
                around_ns.push(x);
            }
            c = sc.parent;
        }
        let mut c = Some(s);
        while let Some(x) = c {
            let sc = self.scope(x);
            if sc.kind == ScopeKind::Namespace && around_ns.contains(&x) {
                return x;
            }
            c = sc.parent;
        }
        Sema::GLOBAL
    }

    /// The next scope of an unqualified lookup: in the body of a member defined outside
    /// its class (`detail::conv::conv() { ... }` inside `namespace fmt`), the namespaces
    /// searched after the class are the class's own (`fmt::detail`, then `fmt`), not only
    /// the ones around the definition.
    fn past_class_namespace(
        &self,
        next: Option<ScopeId>,
        class_namespace: &mut Option<ScopeId>,
    ) -> Option<ScopeId> {
        match next {
            Some(n) if self.scope(n).kind == ScopeKind::Namespace => {
                class_namespace.take().or(next)
            }
            _ => next,
        }
    }

    /// Unqualified lookup of the name before a `::`: only namespaces, types and templates
    /// count ([basic.lookup.qual]), so a function or variable of that name in an inner scope
    /// (or nominated by a using-directive: `using namespace cute;` brings the function
    /// `cute::layout` next to the namespace `cutlass::layout`) does not hide them.
    pub fn lookup_nested_name_specifier(&self, scope: ScopeId, name: Symbol) -> Found {
        self.lookup_outwards(scope, name, true)
    }

    /// What `id` stands for: itself, or for a using-declaration (of a using-declaration,
    /// ...) every entity it brings in.
    pub fn using_targets(&self, id: EntityId) -> Found {
        let mut out = Found::new();
        let mut work: smallvec::SmallVec<[(EntityId, usize); 4]> = smallvec::smallvec![(id, 0)];
        while let Some((e, depth)) = work.pop() {
            let ent = self.entity(e);
            if ent.kind == EntityKind::Using && depth < MAX_DEPTH && !ent.targets.is_empty() {
                work.extend(ent.targets.iter().rev().map(|&t| (t, depth + 1)));
            } else if !out.contains(&e) {
                out.push(e);
            }
        }
        out
    }

    /// Does `id` denote functions only: a function, or a using-declaration whose targets
    /// all do?
    pub fn denotes_functions(&self, id: EntityId) -> bool {
        let mut work: smallvec::SmallVec<[(EntityId, usize); 4]> = smallvec::smallvec![(id, 0)];
        while let Some((e, depth)) = work.pop() {
            let ent = self.entity(e);
            match ent.kind {
                EntityKind::Function => {}
                EntityKind::Using if depth < MAX_DEPTH && !ent.targets.is_empty() => {
                    work.extend(ent.targets.iter().map(|&t| (t, depth + 1)));
                }
                _ => return false,
            }
        }
        true
    }

    /// Can `X::` follow a name denoting `id` (a namespace, a type, a template of types)?
    pub fn nests_names(&self, id: EntityId) -> bool {
        match self.resolve_alias_kind(id) {
            EntityKind::Namespace
            | EntityKind::NamespaceAlias
            | EntityKind::Class(_)
            | EntityKind::Enum { .. }
            | EntityKind::Typedef
            | EntityKind::TemplateTypeParam
            | EntityKind::TemplateTemplateParam
            | EntityKind::Closure
            | EntityKind::Using => true,
            // A variable template's specializations are not types; a function's never.
            EntityKind::Function
            | EntityKind::Variable
            | EntityKind::Field
            | EntityKind::Parameter
            | EntityKind::Enumerator
            | EntityKind::Concept
            | EntityKind::TemplateValueParam => false,
        }
    }

    /// The names `scope` itself declares: its own declarations, plus bases for classes and
    /// inline namespaces for namespaces (using-directives are the walk's business).
    fn lookup_here(&self, scope: ScopeId, name: Symbol) -> Found {
        let sc = self.scope(scope);
        match sc.kind {
            // Each entity once already.
            ScopeKind::Class => self.lookup_in_class(scope, name, 0),
            ScopeKind::Namespace => {
                let mut out = Found::new();
                if self.collect_namespace(scope, name, false, &mut out, 0) > 1 {
                    out = dedup(out);
                }
                out
            }
            _ => sc
                .names
                .get(&name)
                .map(|list| self.visible(list).collect())
                .unwrap_or_default(),
        }
    }

    /// Searches a class scope and the class scopes enclosing it (for the bodies of members
    /// defined outside their class).
    pub fn lookup_class_chain(&self, class: ScopeId, name: Symbol) -> Found {
        let mut cur = Some(class);
        while let Some(s) = cur {
            let sc = self.scope(s);
            if sc.kind != ScopeKind::Class && sc.kind != ScopeKind::TemplateParams {
                break;
            }
            let found = if sc.kind == ScopeKind::Class {
                self.lookup_member(s, name)
            } else {
                sc.names
                    .get(&name)
                    .map(|l| self.visible(l).collect())
                    .unwrap_or_default()
            };
            if !found.is_empty() {
                return found;
            }
            cur = sc.parent;
        }
        Found::new()
    }

    fn visible<'a>(&'a self, list: &'a [EntityId]) -> impl Iterator<Item = EntityId> + 'a {
        let any_visible = list.iter().any(|&e| !self.entity(e).flags.friend_only);
        list.iter()
            .copied()
            .filter(move |&e| !any_visible || !self.entity(e).flags.friend_only)
    }

    /// Appends the entities `name` denotes in the namespace `ns` (with its inline
    /// namespaces, and with `with_directives` the namespaces its using-directives
    /// nominate) to `out`. Returns how many name lists were appended: each list holds an
    /// entity once, so `out` can hold one twice only when that is more than one.
    fn collect_namespace(
        &self,
        ns: ScopeId,
        name: Symbol,
        with_directives: bool,
        out: &mut Found,
        depth: usize,
    ) -> usize {
        if depth > MAX_DEPTH {
            return 0;
        }
        let mut lists = 0;
        let sc = self.scope(ns);
        if let Some(list) = sc.names.get(&name) {
            let before = out.len();
            out.extend(self.visible(list));
            lists += usize::from(out.len() > before);
        }
        for &inner in &sc.inline_namespaces {
            lists += self.collect_namespace(inner, name, false, out, depth + 1);
        }
        if with_directives {
            for &nominated in &sc.using_directives {
                lists += self.collect_namespace(nominated, name, true, out, depth + 1);
            }
        }
        lists
    }

    /// Looks `name` up as a member of a class: the class itself, then its bases.
    pub fn lookup_in_class(&self, class: ScopeId, name: Symbol, depth: usize) -> Found {
        if depth > MAX_DEPTH {
            return Found::new();
        }
        let sc = self.scope(class);
        if let Some(list) = sc.names.get(&name) {
            let found: Found = self.visible(list).collect();
            if !found.is_empty() {
                return found;
            }
        }
        // The first base that has the name (each entity once, as found there).
        for &base in &sc.bases {
            let found = self.lookup_in_class(base, name, depth + 1);
            if !found.is_empty() {
                return found;
            }
        }
        Found::new()
    }

    /// `name` as a member of the class templates the dependent bases of the class `scope`
    /// (and of its bases) name: what `X<int>::name` finds in the instance when `X<T>`
    /// derives from `B<T>`, read from `B`'s definition.
    pub fn lookup_in_dependent_bases(&self, scope: ScopeId, name: Symbol) -> Found {
        let mut todo = vec![(scope, 0usize)];
        let mut seen = vec![scope];
        while let Some((s, depth)) = todo.pop() {
            let sc = self.scope(s);
            if sc.kind != ScopeKind::Class || depth > MAX_DEPTH {
                continue;
            }
            for &b in &sc.dependent_base_templates {
                let found = self.lookup_member(b, name);
                if !found.is_empty() {
                    return found;
                }
            }
            for &b in sc.bases.iter().chain(&sc.dependent_base_templates) {
                if !seen.contains(&b) {
                    seen.push(b);
                    todo.push((b, depth + 1));
                }
            }
        }
        Found::new()
    }

    /// Qualified lookup: `name` as a member of the namespace, class or enum `scope`.
    pub fn lookup_qualified(&self, scope: ScopeId, name: Symbol) -> Found {
        let sc = self.scope(scope);
        match sc.kind {
            ScopeKind::Class => self.lookup_member(scope, name),
            ScopeKind::Namespace => {
                // The namespace's own members (and its inline namespaces'); only when it has
                // none of that name, those of the namespaces its using-directives nominate
                // ([namespace.qual]).
                let mut out = Found::new();
                let mut lists = self.collect_namespace(scope, name, false, &mut out, 0);
                if out.is_empty() {
                    for &ns in &sc.using_directives {
                        lists += self.collect_namespace(ns, name, true, &mut out, 1);
                    }
                }
                if lists > 1 {
                    out = dedup(out);
                }
                out
            }
            _ => sc
                .names
                .get(&name)
                .map(|l| l.iter().copied().collect())
                .unwrap_or_default(),
        }
    }

    /// A member of a class (with its bases); for a class template, the primary template and
    /// then its specializations.
    pub fn lookup_member(&self, scope: ScopeId, name: Symbol) -> Found {
        let sc = self.scope(scope);
        let found = self.lookup_in_class(scope, name, 0);
        if found.is_empty()
            && let Some(owner) = sc.entity
        {
            // A class template's member may be declared only in a specialization.
            let e = self.entity(owner);
            let primary = e.primary.unwrap_or(owner);
            for &spec in &self.entity(primary).specializations {
                if let Some(s) = self.entity(spec).scope
                    && s != scope
                {
                    let found = self.lookup_in_class(s, name, 0);
                    if !found.is_empty() {
                        return found;
                    }
                }
            }
            if primary != owner
                && let Some(s) = self.entity(primary).scope
            {
                return self.lookup_in_class(s, name, 0);
            }
        }
        found
    }

    /// Follows typedefs, aliases, namespace aliases and using-declarations to the entity whose
    /// scope a `::` after this name opens.
    pub fn resolve_alias(&self, mut id: EntityId) -> EntityId {
        for _ in 0..MAX_DEPTH {
            let e = self.entity(id);
            match e.kind {
                EntityKind::Typedef | EntityKind::NamespaceAlias => match e.target {
                    Some(t) => id = t,
                    None => return id,
                },
                EntityKind::Using => match e.targets.first() {
                    Some(&t) => id = t,
                    None => return id,
                },
                _ => return id,
            }
        }
        id
    }

    /// The scope that `X::` opens when `X` names `id`, if it names a namespace, class or enum
    /// (through aliases).
    pub fn scope_of(&self, id: EntityId) -> Option<ScopeId> {
        let id = self.resolve_alias(id);
        let e = self.entity(id);
        match e.kind {
            EntityKind::Namespace
            | EntityKind::Class(_)
            | EntityKind::Enum { .. }
            | EntityKind::Closure => e.scope,
            _ => None,
        }
    }

    /// The scope to look into for members of the class `id` names: its own, or for a class
    /// template only declared (or a specialization only named), the primary template's or a
    /// specialization's (`template <int> struct S;` with specializations only).
    pub fn member_scope(&self, id: EntityId) -> Option<ScopeId> {
        let id = self.resolve_alias(id);
        let e = self.entity(id);
        if let Some(s) = e.scope {
            return Some(s);
        }
        if !matches!(e.kind, EntityKind::Class(_)) {
            return None;
        }
        let primary = e.primary.unwrap_or(id);
        let pe = self.entity(primary);
        pe.scope.or_else(|| {
            pe.specializations
                .iter()
                .find_map(|&sp| self.entity(sp).scope)
        })
    }

    /// Does `name` (as looked up) denote a type?
    pub fn is_type_name(&self, found: &[EntityId]) -> bool {
        found.first().is_some_and(|&e| {
            let e = self.resolve_alias_kind(e);
            e.is_type()
        })
    }

    /// The kind of what an entity finally denotes, through using-declarations.
    pub fn resolve_alias_kind(&self, id: EntityId) -> EntityKind {
        let e = self.entity(id);
        match e.kind {
            EntityKind::Using => e
                .targets
                .first()
                .map(|&t| self.resolve_alias_kind(t))
                .unwrap_or(EntityKind::Using),
            k => k,
        }
    }

    /// Does `name` denote a template (class, function, variable or alias template, or a
    /// template template parameter)?
    pub fn is_template_name(&self, found: &[EntityId]) -> bool {
        found.iter().any(|&e| {
            let e = self.entity(e);
            match e.kind {
                EntityKind::Using => e.targets.iter().any(|&t| self.is_template_name(&[t])),
                EntityKind::TemplateTemplateParam | EntityKind::Concept => true,
                _ => e.is_template,
            }
        })
    }

    /// Is `scope`, or any scope enclosing it, a template's parameter scope (or in the
    /// context of a class that is)?
    pub fn in_template(&self, scope: ScopeId) -> bool {
        self.scope(scope).in_template
    }
}

fn dedup(mut v: Found) -> Found {
    if v.len() <= 1 {
        return v;
    }
    if v.len() <= 32 {
        // In place: each entity is kept where it first appears.
        let mut kept = 1;
        for i in 1..v.len() {
            let e = v[i];
            if !v[..kept].contains(&e) {
                v[kept] = e;
                kept += 1;
            }
        }
        v.truncate(kept);
    } else {
        // Large overload sets (`operator<<`, `swap`): by hashing, not in quadratic time.
        let mut seen = crate::intern::FxHashSet::default();
        seen.reserve(v.len());
        v.retain(|e| seen.insert(*e));
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::intern::Interner;
    use crate::source_map::Span;
    use crate::syntax::ast::TagKind;

    #[test]
    fn unqualified_lookup_walks_outwards_and_through_directives() {
        let mut i = Interner::new();
        let mut s = Sema::new();
        let (x, std_, vec, inner) = (
            i.intern(b"x"),
            i.intern(b"std"),
            i.intern(b"vector"),
            i.intern(b"__cxx11"),
        );
        let sp = Span::default();
        let gx = s.add_entity(EntityKind::Variable, Some(x), Sema::GLOBAL, sp);
        let std_ns = s.add_entity(EntityKind::Namespace, Some(std_), Sema::GLOBAL, sp);
        let std_scope = s.open_entity_scope(std_ns, ScopeKind::Namespace, Sema::GLOBAL);
        let inl = s.add_entity(EntityKind::Namespace, Some(inner), std_scope, sp);
        let inl_scope = s.open_entity_scope(inl, ScopeKind::Namespace, std_scope);
        s.scope_mut(std_scope).inline_namespaces.push(inl_scope);
        let v = s.add_entity(EntityKind::Class(TagKind::Class), Some(vec), inl_scope, sp);
        s.entity_mut(v).is_template = true;

        let block = s.new_scope(ScopeKind::Block, Sema::GLOBAL, None);
        assert_eq!(s.lookup_unqualified(block, x).to_vec(), vec![gx]);
        assert!(s.lookup_unqualified(block, vec).is_empty());
        assert_eq!(s.lookup_qualified(std_scope, vec).to_vec(), vec![v]);
        s.scope_mut(block).using_directives.push(std_scope);
        assert_eq!(s.lookup_unqualified(block, vec).to_vec(), vec![v]);
        assert!(s.is_template_name(&[v]) && s.is_type_name(&[v]));

        // A local shadows the global.
        let lx = s.add_entity(EntityKind::Variable, Some(x), block, sp);
        assert_eq!(s.lookup_unqualified(block, x).to_vec(), vec![lx]);
    }

    #[test]
    fn members_come_from_bases_and_specializations() {
        let mut i = Interner::new();
        let mut s = Sema::new();
        let (b, d, m, ty, ei) = (
            i.intern(b"B"),
            i.intern(b"D"),
            i.intern(b"m"),
            i.intern(b"type"),
            i.intern(b"enable_if"),
        );
        let sp = Span::default();
        let bc = s.add_entity(
            EntityKind::Class(TagKind::Struct),
            Some(b),
            Sema::GLOBAL,
            sp,
        );
        let bs = s.open_entity_scope(bc, ScopeKind::Class, Sema::GLOBAL);
        let bm = s.add_entity(EntityKind::Field, Some(m), bs, sp);
        let dc = s.add_entity(
            EntityKind::Class(TagKind::Struct),
            Some(d),
            Sema::GLOBAL,
            sp,
        );
        let ds = s.open_entity_scope(dc, ScopeKind::Class, Sema::GLOBAL);
        s.scope_mut(ds).bases.push(bs);
        assert_eq!(s.lookup_qualified(ds, m).to_vec(), vec![bm]);

        let primary = s.add_entity(
            EntityKind::Class(TagKind::Struct),
            Some(ei),
            Sema::GLOBAL,
            sp,
        );
        s.entity_mut(primary).is_template = true;
        let ps = s.open_entity_scope(primary, ScopeKind::Class, Sema::GLOBAL);
        let spec = s.add_entity(EntityKind::Class(TagKind::Struct), None, Sema::GLOBAL, sp);
        s.entity_mut(spec).primary = Some(primary);
        s.entity_mut(primary).specializations.push(spec);
        let ss = s.open_entity_scope(spec, ScopeKind::Class, Sema::GLOBAL);
        let t = s.add_entity(EntityKind::Typedef, Some(ty), ss, sp);
        assert_eq!(s.lookup_qualified(ps, ty).to_vec(), vec![t]);
        assert!(s.is_type_name(&s.lookup_qualified(ps, ty)));
    }
}
