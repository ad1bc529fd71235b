//! The semantic model: entities (namespaces, classes, functions, variables, templates, ...)
//! in their scopes, and name lookup.
//!
//! The parser declares entities as it meets their declarations and looks names up as it
//! reads them — C++ cannot be parsed otherwise (`a * b;` is a declaration when `a` names a
//! type). Later passes (execution and memory spaces, attributes, checks, emitters) read and
//! extend the same tables.

pub mod cuda;
pub mod lookup;
pub use lookup::Found;

use crate::intern::{FxHashMap, Symbol};
use crate::source_map::Span;
use crate::syntax::ast::TagKind;

pub use cuda::{CudaInfo, ExecSpace, MemSpace};

/// An index into [`Sema::entities`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct EntityId(pub u32);

/// An index into [`Sema::scopes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ScopeId(pub u32);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntityKind {
    Namespace,
    /// `namespace a = b;` — see [`Entity::target`].
    NamespaceAlias,
    Class(TagKind),
    Enum {
        scoped: bool,
    },
    Enumerator,
    /// `typedef` or `using X = T` — see [`Entity::target`] for the class it names, if any.
    Typedef,
    Function,
    Variable,
    /// A non-static data member.
    Field,
    Parameter,
    Concept,
    TemplateTypeParam,
    TemplateValueParam,
    TemplateTemplateParam,
    /// A name brought in by a using-declaration; see [`Entity::targets`].
    Using,
    /// The closure type of a lambda.
    Closure,
}

impl EntityKind {
    /// Does a name of this kind denote a type?
    pub fn is_type(self) -> bool {
        matches!(
            self,
            EntityKind::Class(_)
                | EntityKind::Enum { .. }
                | EntityKind::Typedef
                | EntityKind::TemplateTypeParam
                | EntityKind::Closure
        )
    }

    pub fn is_function(self) -> bool {
        self == EntityKind::Function
    }
}

/// Declaration flags collected over every declaration of an entity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct EntityFlags {
    pub is_static: bool,
    pub is_extern: bool,
    pub is_inline: bool,
    pub is_constexpr: bool,
    pub is_consteval: bool,
    pub is_virtual: bool,
    pub is_thread_local: bool,
    pub is_const: bool,
    /// Has a definition (a body, a class body, an initialized variable definition).
    pub defined: bool,
    pub is_deleted: bool,
    pub is_defaulted: bool,
    pub extern_c: bool,
    /// Declared in a system header (line-marker flag 3).
    pub in_system_header: bool,
    /// A member of a class.
    pub is_member: bool,
    /// Declared in an anonymous namespace (or nested in one).
    pub in_anonymous_namespace: bool,
    /// The declaration depends on template parameters (declared inside a template).
    pub in_template: bool,
    /// Friend declaration only.
    pub friend_only: bool,
    /// A name a structured binding declaration introduces (`auto [a, b] = p;`).
    pub structured_binding: bool,
}

/// Something a name can denote.
#[derive(Debug, Clone)]
pub struct Entity {
    pub kind: EntityKind,
    /// The name, or `None` for anonymous entities.
    pub name: Option<Symbol>,
    /// The scope the entity is declared in (for members: the class scope).
    pub parent: ScopeId,
    /// The scope the entity opens, for namespaces, classes, enums, functions and templates.
    pub scope: Option<ScopeId>,
    /// The entity is a template (class, function, variable or alias template).
    pub is_template: bool,
    /// For a class template's partial or explicit specialization: the primary template.
    pub primary: Option<EntityId>,
    /// For a class template: its partial and explicit specializations.
    pub specializations: Vec<EntityId>,
    /// For typedefs, aliases and namespace aliases: the class, enum or namespace they name
    /// directly (no pointers or references on top), when known.
    pub target: Option<EntityId>,
    /// For using-declarations: what they bring in.
    pub targets: Vec<EntityId>,
    pub flags: EntityFlags,
    pub cuda: CudaInfo,
    /// The span of the name in the first declaration.
    first_decl: Span,
    /// The spans of the names in later declarations, in order.
    redecls: Vec<Span>,
}

impl Entity {
    pub fn first_decl(&self) -> Span {
        self.first_decl
    }

    /// The span of the name in each declaration, first declaration first.
    pub fn decls(&self) -> impl Iterator<Item = Span> + '_ {
        std::iter::once(self.first_decl).chain(self.redecls.iter().copied())
    }

    /// How many times the entity has been declared.
    pub fn decl_count(&self) -> usize {
        1 + self.redecls.len()
    }

    /// Records another declaration of the entity.
    pub fn add_decl(&mut self, name: Span) {
        self.redecls.push(name);
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeKind {
    /// The global namespace or a named/anonymous namespace.
    Namespace,
    Class,
    Enum,
    /// A function's parameters and outermost block.
    Function,
    Block,
    TemplateParams,
    /// The parameters of a function declarator that is not a definition.
    Prototype,
    /// A lambda's parameters.
    Lambda,
    /// The parameters of a requires-expression.
    Requires,
}

/// A scope: the names declared in it and where lookup continues.
#[derive(Debug, Clone)]
pub struct Scope {
    pub kind: ScopeKind,
    pub parent: Option<ScopeId>,
    /// The namespace, class, enum or function this scope belongs to.
    pub entity: Option<EntityId>,
    /// Most names denote one entity: the list is kept inline then.
    pub names: FxHashMap<Symbol, smallvec::SmallVec<[EntityId; 1]>>,
    /// Namespaces nominated by using-directives in this scope.
    pub using_directives: Vec<ScopeId>,
    /// Inline namespaces directly inside this namespace.
    pub inline_namespaces: Vec<ScopeId>,
    /// For classes: the scopes of non-dependent base classes.
    pub bases: Vec<ScopeId>,
    /// For classes: some base depends on template parameters.
    pub dependent_bases: bool,
    /// For classes: the scopes of the class templates that dependent bases name (`B` of
    /// `: B<T>`), searched only by qualified lookup from outside (`X<int>::member`), where
    /// the instance has those members.
    pub dependent_base_templates: Vec<ScopeId>,
    /// For the scope of a member function defined outside its class (and blocks of it):
    /// the class scope searched after this scope's own names (set with
    /// [`Sema::set_class_context`]).
    pub class_context: Option<ScopeId>,
    /// How many scopes enclose this one.
    pub depth: u32,
    /// [`Sema::in_template`], kept as scopes are made (a walk up a deeply nested scope
    /// chain for every declaration would be quadratic).
    in_template: bool,
    /// The entity of the nearest namespace scope enclosing this one (or this one).
    pub namespace: Option<EntityId>,
    /// Where unqualified lookup goes on from here when this scope, and the enclosing ones up
    /// to there, declare nothing — valid while [`Sema::generation`] is `skip_generation`
    /// (a deep nest of conditions and blocks is passed in one step).
    skip: Option<ScopeId>,
    skip_generation: u64,
}

impl Scope {
    /// Does unqualified lookup find nothing here, whatever the name?
    fn declares_nothing(&self) -> bool {
        self.names.is_empty()
            && self.using_directives.is_empty()
            && self.class_context.is_none()
            && !matches!(self.kind, ScopeKind::Class | ScopeKind::Namespace)
    }
}

impl Scope {
    fn new(kind: ScopeKind, parent: Option<ScopeId>, entity: Option<EntityId>) -> Scope {
        Scope {
            kind,
            parent,
            entity,
            names: FxHashMap::default(),
            using_directives: Vec::new(),
            inline_namespaces: Vec::new(),
            bases: Vec::new(),
            dependent_bases: false,
            dependent_base_templates: Vec::new(),
            class_context: None,
            depth: 0,
            in_template: kind == ScopeKind::TemplateParams,
            namespace: None,
            skip: parent,
            skip_generation: u64::MAX,
        }
    }
}

/// All entities and scopes of a translation unit.
#[derive(Debug)]
pub struct Sema {
    pub entities: Vec<Entity>,
    pub scopes: Vec<Scope>,
    /// Counts changes: a lookup result is valid as long as this has not moved.
    generation: u64,
}

impl Default for Sema {
    fn default() -> Self {
        Sema::new()
    }
}

impl Sema {
    /// The global scope is `ScopeId(0)`.
    pub const GLOBAL: ScopeId = ScopeId(0);

    pub fn new() -> Sema {
        Sema {
            entities: Vec::new(),
            scopes: vec![Scope::new(ScopeKind::Namespace, None, None)],
            generation: 0,
        }
    }

    /// Room for `entities` more entities and `scopes` more scopes (at most a million of
    /// each; none when the memory cannot be had: the tables grow as needed then).
    pub fn reserve(&mut self, entities: usize, scopes: usize) {
        const MAX: usize = 1 << 20;
        let _ = self.entities.try_reserve(entities.min(MAX));
        let _ = self.scopes.try_reserve(scopes.min(MAX));
    }

    pub fn entity(&self, id: EntityId) -> &Entity {
        &self.entities[id.0 as usize]
    }

    pub fn entity_mut(&mut self, id: EntityId) -> &mut Entity {
        self.generation += 1;
        &mut self.entities[id.0 as usize]
    }

    /// Changes with every change to entities or scopes.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    pub fn scope(&self, id: ScopeId) -> &Scope {
        &self.scopes[id.0 as usize]
    }

    pub fn scope_mut(&mut self, id: ScopeId) -> &mut Scope {
        self.generation += 1;
        &mut self.scopes[id.0 as usize]
    }

    /// Opens a new scope inside `parent`.
    pub fn new_scope(
        &mut self,
        kind: ScopeKind,
        parent: ScopeId,
        entity: Option<EntityId>,
    ) -> ScopeId {
        let id = ScopeId(self.scopes.len() as u32);
        let mut scope = Scope::new(kind, Some(parent), entity);
        let p = self.scope(parent);
        scope.depth = p.depth + 1;
        scope.in_template |= p.in_template;
        scope.namespace = match entity {
            Some(e) if self.entity(e).kind == EntityKind::Namespace => Some(e),
            _ => p.namespace,
        };
        scope.skip = if !p.declares_nothing() {
            Some(parent)
        } else if p.skip_generation == self.generation {
            p.skip
        } else {
            let mut cur = p.parent;
            while let Some(c) = cur
                && self.scope(c).declares_nothing()
            {
                cur = self.scope(c).parent;
            }
            cur
        };
        scope.skip_generation = self.generation;
        self.scopes.push(scope);
        id
    }

    /// Where unqualified lookup goes on after `scope` without missing a name: its parent,
    /// or past the enclosing scopes that declare nothing.
    pub(crate) fn lookup_parent(&self, scope: ScopeId) -> Option<ScopeId> {
        let s = self.scope(scope);
        if s.skip_generation == self.generation && s.declares_nothing() {
            s.skip
        } else {
            s.parent
        }
    }

    /// Sets the class scope searched after `scope`'s own names (before scopes are opened
    /// inside `scope`).
    pub fn set_class_context(&mut self, scope: ScopeId, class: ScopeId) {
        let in_template = self.scope(class).in_template;
        let s = self.scope_mut(scope);
        s.class_context = Some(class);
        s.in_template |= in_template;
    }

    /// Creates an entity in `parent` and, when it has a name, makes the name visible there.
    pub fn add_entity(
        &mut self,
        kind: EntityKind,
        name: Option<Symbol>,
        parent: ScopeId,
        span: Span,
    ) -> EntityId {
        self.generation += 1;
        let id = EntityId(self.entities.len() as u32);
        self.entities.push(Entity {
            kind,
            name,
            parent,
            scope: None,
            is_template: false,
            primary: None,
            specializations: Vec::new(),
            target: None,
            targets: Vec::new(),
            flags: EntityFlags::default(),
            cuda: CudaInfo::default(),
            first_decl: span,
            redecls: Vec::new(),
        });
        if let Some(n) = name {
            self.bind(parent, n, id);
        }
        id
    }

    /// Makes `name` in `scope` refer to `id` (in addition to what it already refers to).
    pub fn bind(&mut self, scope: ScopeId, name: Symbol, id: EntityId) {
        let list = self.scope_mut(scope).names.entry(name).or_default();
        if !list.contains(&id) {
            list.push(id);
        }
    }

    /// Gives an entity its own scope (namespaces, classes, enums, functions); lookup from
    /// inside continues at `lookup_parent` (usually the entity's parent; a template's
    /// parameter scope for templates). Returns the existing scope when there is one.
    pub fn open_entity_scope(
        &mut self,
        id: EntityId,
        kind: ScopeKind,
        lookup_parent: ScopeId,
    ) -> ScopeId {
        if let Some(s) = self.entity(id).scope {
            return s;
        }
        let s = self.new_scope(kind, lookup_parent, Some(id));
        self.entity_mut(id).scope = Some(s);
        s
    }

    /// The nearest enclosing scope (including `scope`) that is a namespace.
    pub fn enclosing_namespace(&self, mut scope: ScopeId) -> ScopeId {
        loop {
            let s = self.scope(scope);
            if s.kind == ScopeKind::Namespace {
                return scope;
            }
            match s.parent {
                Some(p) => scope = p,
                None => return Sema::GLOBAL,
            }
        }
    }

    /// The entity's name, qualified by its enclosing namespaces and classes (`ns::C::f`).
    pub fn qualified_name(&self, id: EntityId, interner: &crate::intern::Interner) -> String {
        self.qualified_name_with(id, interner, None)
    }

    /// [`Sema::qualified_name`], with anonymous namespaces written `anon` (`<unnamed>` as
    /// EDG names entities, `_NV_ANON_NAMESPACE` as cudafe++'s CUDA messages do); without
    /// it they are left out.
    pub fn qualified_name_with(
        &self,
        id: EntityId,
        interner: &crate::intern::Interner,
        anon: Option<&str>,
    ) -> String {
        let mut parts = Vec::new();
        let e = self.entity(id);
        parts.push(
            e.name
                .map(|n| interner.name(n).into_owned())
                .unwrap_or_else(|| "<unnamed>".to_string()),
        );
        let mut scope = Some(e.parent);
        while let Some(s) = scope {
            let sc = self.scope(s);
            if let Some(owner) = sc.entity {
                let o = self.entity(owner);
                match (o.kind, o.name) {
                    (
                        EntityKind::Namespace
                        | EntityKind::Class(_)
                        | EntityKind::Enum { scoped: true },
                        Some(n),
                    ) => parts.push(interner.name(n).into_owned()),
                    (EntityKind::Namespace, None) => {
                        if let Some(a) = anon {
                            parts.push(a.to_string());
                        }
                    }
                    _ => {}
                }
            }
            scope = sc.parent;
        }
        parts.reverse();
        parts.join("::")
    }
}
