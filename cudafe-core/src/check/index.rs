//! From entities back to their declarations in the syntax tree: initializers (for constant
//! evaluation), enumerator lists, typedefs, function declarations and class definitions.

use crate::intern::FxHashMap;
use crate::sema::{EntityId, EntityKind};
use crate::syntax::ast::*;

use super::Checker;

/// One declaration of a function: its specifiers and declarator.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FnDecl<'a> {
    pub specs: &'a DeclSpecs,
    pub declarator: &'a Declarator,
    /// The template head directly around it, if any.
    pub template: Option<&'a TemplateHead>,
    /// A definition with a body (not `= default` or `= delete`).
    pub has_body: bool,
}

#[derive(Default)]
pub(crate) struct Index<'a> {
    initializers: FxHashMap<EntityId, &'a Expr>,
    enumerators: FxHashMap<EntityId, (&'a [Enumerator], usize)>,
    typedefs: FxHashMap<EntityId, (&'a DeclSpecs, &'a Declarator)>,
    aliases: FxHashMap<EntityId, &'a TypeId>,
    /// An unnamed class or enumeration defined in a typedef, and the first name the typedef
    /// gives it (`typedef struct { ... } U;`), which names it in diagnostics.
    typedef_names: FxHashMap<EntityId, EntityId>,
    pub functions: FxHashMap<EntityId, Vec<FnDecl<'a>>>,
    pub classes: FxHashMap<EntityId, &'a ClassSpec>,
    /// Variables and parameters by the offset of their name.
    declared: FxHashMap<u32, (&'a DeclSpecs, &'a Declarator)>,
    /// The bodies of the function definitions, by start.
    bodies: Vec<crate::source_map::Span>,
    /// The lambdas whose parameters and locals are in `declared`, by their introducer.
    lambdas: crate::intern::FxHashSet<u32>,
}

impl<'a> Index<'a> {
    pub fn build(unit: &'a TranslationUnit) -> Index<'a> {
        let mut ix = Index::default();
        ix.decls(&unit.decls, None);
        ix.bodies.sort_unstable_by_key(|s| s.lo);
        ix
    }

    /// Is `at` inside the body of a function definition (a member function's in its class,
    /// whose `#pragma` lines the class's members list too)?
    pub fn inside_function_body(&self, at: u32) -> bool {
        let i = self.bodies.partition_point(|s| s.lo <= at);
        // Bodies nest (a local class's member functions), so any body starting before.
        self.bodies[..i].iter().rev().any(|s| at < s.hi)
    }

    fn decls(&mut self, decls: &'a [Decl], template: Option<&'a TemplateHead>) {
        for d in decls {
            self.decl(d, template);
        }
    }

    fn decl(&mut self, d: &'a Decl, template: Option<&'a TemplateHead>) {
        match &d.kind {
            DeclKind::Namespace(ns) => self.decls(&ns.decls, None),
            DeclKind::LinkageSpec { decls, .. } => self.decls(decls, None),
            DeclKind::Template { head, decl } => self.decl(decl, Some(head)),
            DeclKind::ExplicitInstantiation { decl, .. } => self.decl(decl, None),
            DeclKind::Simple { specs, declarators } => {
                self.specs(specs);
                for id in declarators {
                    if let Some(n) = &id.declarator.name {
                        self.declared.insert(n.span.lo, (specs, &id.declarator));
                    }
                    self.params(&id.declarator);
                    let Some(e) = id.entity else { continue };
                    if specs.is_typedef {
                        self.typedefs.insert(e, (specs, &id.declarator));
                        let tag = match &specs.ty {
                            TypeSpec::Class(c) if c.name.is_none() => c.entity,
                            TypeSpec::Enum(en) if en.name.is_none() => en.entity,
                            _ => None,
                        };
                        if let Some(tag) = tag
                            && id.declarator.ops.is_empty()
                        {
                            self.typedef_names.entry(tag).or_insert(e);
                        }
                    } else if id.declarator.is_function() {
                        self.functions.entry(e).or_default().push(FnDecl {
                            specs,
                            declarator: &id.declarator,
                            template,
                            has_body: false,
                        });
                    } else {
                        match &id.init {
                            Some(Initializer::Assign(x)) | Some(Initializer::Brace(x)) => {
                                self.initializers.insert(e, x);
                            }
                            Some(Initializer::Paren(args, _)) if args.len() == 1 => {
                                self.initializers.insert(e, &args[0]);
                            }
                            _ => {}
                        }
                    }
                }
            }
            DeclKind::Function(f) => {
                self.specs(&f.specs);
                self.params(&f.declarator);
                self.bodies.push(f.body_span);
                if let Some(b) = match &f.body {
                    FunctionBody::Compound(b) => Some(b.as_ref()),
                    FunctionBody::Try { body, .. } => Some(body.as_ref()),
                    _ => None,
                } {
                    self.stmt(b);
                }
                if let Some(e) = f.entity {
                    self.functions.entry(e).or_default().push(FnDecl {
                        specs: &f.specs,
                        declarator: &f.declarator,
                        template,
                        has_body: matches!(
                            f.body,
                            FunctionBody::Compound(_)
                                | FunctionBody::Try { .. }
                                | FunctionBody::Skipped(_)
                        ),
                    });
                }
            }
            DeclKind::Alias {
                ty,
                entity: Some(e),
                ..
            } => {
                self.aliases.insert(*e, ty);
            }
            _ => {}
        }
    }

    fn specs(&mut self, specs: &'a DeclSpecs) {
        match &specs.ty {
            TypeSpec::Class(c) => {
                if let Some(e) = c.entity {
                    self.classes.insert(e, c);
                }
                self.decls(&c.members, None);
            }
            TypeSpec::Enum(en) => {
                if let Some(list) = &en.enumerators {
                    for (i, x) in list.iter().enumerate() {
                        if let Some(e) = x.entity {
                            self.enumerators.insert(e, (&list[..], i));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn params(&mut self, d: &'a Declarator) {
        if let Some(f) = d.function() {
            self.chunk_params(f);
        }
    }

    fn chunk_params(&mut self, f: &'a FunctionChunk) {
        for p in &f.params {
            if let Some(n) = &p.declarator.name {
                self.declared.insert(n.span.lo, (&p.specs, &p.declarator));
            }
        }
    }

    /// A lambda's parameters and the declarations in its body, once: the index of the
    /// whole unit does not look into expressions, so the checks add each lambda they
    /// enter.
    pub fn lambda(&mut self, l: &'a Lambda) {
        if !self.lambdas.insert(l.intro_span.lo) {
            return;
        }
        if let Some(p) = &l.params {
            self.chunk_params(p);
        }
        self.stmt(&l.body);
    }

    /// Local declarations inside bodies (for `declared_at`), and local classes.
    fn stmt(&mut self, s: &'a Stmt) {
        match &s.kind {
            StmtKind::Compound(list) => {
                for s in list {
                    self.stmt(s);
                }
            }
            StmtKind::Decl(d) => self.decl(d, None),
            StmtKind::If {
                init,
                cond,
                then,
                else_,
                ..
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(Condition::Decl(d)) = cond.as_deref() {
                    self.decl(d, None);
                }
                self.stmt(then);
                if let Some(e) = else_ {
                    self.stmt(e);
                }
            }
            StmtKind::For { init, body, .. } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                self.stmt(body);
            }
            StmtKind::RangeFor { decl, body, .. } => {
                self.decl(decl, None);
                self.stmt(body);
            }
            StmtKind::While { body, .. }
            | StmtKind::Switch { body, .. }
            | StmtKind::DoWhile { body, .. } => self.stmt(body),
            StmtKind::Label { stmt, .. }
            | StmtKind::Case { stmt, .. }
            | StmtKind::Default(stmt) => self.stmt(stmt),
            StmtKind::Try { body, handlers } => {
                self.stmt(body);
                for h in handlers {
                    self.stmt(&h.body);
                }
            }
            _ => {}
        }
    }

    /// The declaration of the variable or parameter whose name starts at `offset`.
    pub fn declared_at(&self, offset: u32) -> Option<(&'a DeclSpecs, &'a Declarator)> {
        self.declared.get(&offset).copied()
    }

    pub fn initializer(&self, e: EntityId) -> Option<&'a Expr> {
        self.initializers.get(&e).copied()
    }

    pub fn enumerator(&self, e: EntityId) -> Option<(&'a [Enumerator], usize)> {
        self.enumerators.get(&e).copied()
    }

    /// The typedef that names an unnamed class or enumeration, if one does.
    pub fn typedef_name(&self, tag: EntityId) -> Option<EntityId> {
        self.typedef_names.get(&tag).copied()
    }

    /// The type a typedef (or alias) names.
    pub fn typedef_type(&self, e: EntityId) -> Option<(&'a DeclSpecs, &'a Declarator)> {
        if let Some(&t) = self.typedefs.get(&e) {
            return Some(t);
        }
        self.aliases.get(&e).map(|t| (&t.specs, &t.declarator))
    }

    /// Does a typedef (or alias) name `void`?
    pub fn typedef_is_void(&self, e: EntityId, c: &Checker<'_>) -> Option<bool> {
        if let Some((specs, d)) = self.typedefs.get(&e) {
            return c.type_is_void(specs, d, 0);
        }
        if let Some(t) = self.aliases.get(&e) {
            return c.type_is_void(&t.specs, &t.declarator, 0);
        }
        if c.sema.entity(e).kind == EntityKind::Typedef {
            // Predeclared or unknown typedefs.
            return None;
        }
        Some(false)
    }
}
