//! Itanium C++ ABI name mangling, from the syntax tree and the entity tables.
//!
//! cudafe++ needs linkage names in two places: the module id (the mangled name of the first
//! eligible definition, see [`super::module_id`]) and the host reference arrays of separate
//! compilation (a kernel's or device variable's name with its parameter part replaced by
//! `*`, [`Mangler::host_reference`]).
//!
//! There is no type system yet, so types are read from declarations: a declaration's
//! specifiers and declarator give its type; typedefs and aliases are followed to what they
//! name through their own declarations (member typedefs of class template specializations
//! with the template's parameters bound to the arguments); class templates get their default
//! arguments from their template heads; names are nested by the entities' parents, with the
//! template arguments of enclosing class templates taken from the name as written. What this
//! cannot resolve — types that depend on template parameters no argument binds, `decltype`
//! of anything but `nullptr`, member typedefs reached through traits, lambdas, local
//! entities, unnamed types without a typedef name — makes the mangler answer `None`.
//!
//! Anonymous namespaces are named `_GLOBAL__N_<module id>`, as cudafe++ names them in the
//! host file (so the host compiler's names and ours agree).

use std::fmt::Write as _;

use crate::frontend::Analysis;
use crate::intern::{FxHashMap, Interner, Symbol};
use crate::lexer::literal;
use crate::sema::{EntityId, EntityKind, ScopeId, ScopeKind, Sema};
use crate::source_map::SourceMap;
use crate::syntax::ast::*;

/// How deep typedefs, aliases, default arguments and constants are followed before giving
/// up (a cycle in broken code, or a pathological chain).
const MAX_DEPTH: u32 = 256;

/// How deeply a type may nest (pointers to pointers to ...): deeper types are not mangled,
/// so that encoding, comparing and freeing them stays within any thread's stack.
const MAX_NESTING: u32 = 512;

/// Computes Itanium mangled names for the declarations of one analysed translation unit.
pub struct Mangler<'a> {
    pub(crate) sema: &'a Sema,
    pub(crate) interner: &'a Interner,
    pub(crate) map: &'a SourceMap,
    pub(crate) decls: Decls<'a>,
    pub(crate) module_id: Option<&'a str>,
    /// The ABI tags (GCC's `abi_tag`, which cudafe++ follows) of the namespaces and
    /// classes declared with them, sorted.
    abi_tags: FxHashMap<EntityId, Vec<String>>,
}

impl<'a> Mangler<'a> {
    /// A mangler for `a` (whose text is `map`). Names in anonymous namespaces need the
    /// module id: see [`Mangler::with_module_id`].
    pub fn new(a: &'a Analysis, map: &'a SourceMap) -> Mangler<'a> {
        Mangler::from_parts(&a.unit, &a.sema, &a.interner, map)
    }

    /// A mangler over the parts of an analysis (the checks use it before the analysis is
    /// complete).
    pub fn from_parts(
        unit: &'a TranslationUnit,
        sema: &'a Sema,
        interner: &'a Interner,
        map: &'a SourceMap,
    ) -> Mangler<'a> {
        let mut m = Mangler {
            sema,
            interner,
            map,
            decls: Decls::build(unit),
            module_id: None,
            abi_tags: FxHashMap::default(),
        };
        for &(e, attrs, inline_name) in &m.decls.attributed {
            let mut tags = Vec::new();
            m.attribute_tags(attrs, inline_name, &mut tags);
            if !tags.is_empty() {
                let all = m.abi_tags.entry(e).or_default();
                all.extend(tags);
                all.sort();
                all.dedup();
            }
        }
        m
    }

    /// Names anonymous namespaces `_GLOBAL__N_<module_id>` (without it, names in anonymous
    /// namespaces and the internal-linkage host reference names are `None`).
    pub fn with_module_id(mut self, module_id: &'a str) -> Mangler<'a> {
        self.module_id = Some(module_id);
        self
    }

    /// The linkage name of the function or variable `e`: for a function, from its definition
    /// (or its first declaration); `main`, `extern "C"` names and variables at global scope
    /// are not mangled. Function templates have no single name: see
    /// [`Mangler::template_instance`].
    pub fn entity(&self, e: EntityId) -> Option<String> {
        match self.sema.entity(e).kind {
            EntityKind::Function => {
                let decls = self.decls.functions.get(&e)?;
                let d = decls.iter().find(|d| d.definition).or(decls.first())?;
                self.function(e, d.declarator)
            }
            EntityKind::Variable => self.variable(e),
            _ => None,
        }
    }

    /// The linkage name a function declaration (`specs` and `d`, declaring `e`) gives its
    /// function. An explicit specialization (`template <> void f<int>(int *)`) is mangled as
    /// the instance of its primary template.
    pub fn function(&self, e: EntityId, d: &Declarator) -> Option<String> {
        let ent = self.sema.entity(e);
        let name = d.name.as_ref()?;
        d.function()?;
        let member = self.sema.scope(ent.parent).kind == ScopeKind::Class;
        if ent.flags.extern_c && !member {
            return name.ident().map(|s| self.interner.name(s).into_owned());
        }
        self.function_cxx(e, d)
    }

    /// [`Mangler::function`] as if the function had C++ linkage (`extern "C"` kernels'
    /// device stubs are named so).
    pub(crate) fn function_cxx(&self, e: EntityId, d: &Declarator) -> Option<String> {
        let ent = self.sema.entity(e);
        let name = d.name.as_ref()?;
        let chunk = d.function()?;
        if ent.parent == Sema::GLOBAL && name.ident().is_some_and(|s| self.is(s, "main")) {
            return Some("main".into());
        }
        if let Some(args) = &name.last().args {
            // An explicit specialization: its primary template's instance.
            let primary = self.primary_of(e, name, chunk.params.len())?;
            return self.template_instance_of(primary, Some(args), &Env::default());
        }
        if ent.is_template || self.is_deduced_specialization(e) {
            return None;
        }
        let env = Env::in_scope(ent.parent);
        let scope = self.scope_path(ent.parent, Some(name), &env, 0)?;
        let unq = self.unqualified(e, name, chunk, &env)?;
        let params = self.params(chunk, &env, 0)?;
        let mut enc = Encoder::new(self);
        if matches!(unq, Unqualified::Source(_) | Unqualified::Operator(_)) {
            enc.name_tags = self.missing_return_tags(e, d, &scope, &params, &env);
        }
        enc.function_name(&scope, &unq, None, Some(chunk))?;
        enc.bare_function(&params, chunk.variadic)?;
        Some(enc.out)
    }

    /// The ABI tags (GCC's `abi_tag`, which cudafe++ follows) of the return type of the
    /// non-template function `e` (declared by `d`) that its name does not carry already,
    /// neither in its scope (`scope`) nor in its parameter types: they follow its
    /// unqualified name (`std::string f(int)` is `_Z1fB5cxx11i`). Sorted, each once.
    fn missing_return_tags(
        &self,
        e: EntityId,
        d: &Declarator,
        scope: &[Comp],
        params: &[Ty],
        env: &Env,
    ) -> Vec<String> {
        let Some(decls) = self.decls.functions.get(&e) else {
            return Vec::new();
        };
        // The function's own tags, from any of its declarations.
        let mut own = Vec::new();
        for f in decls {
            self.attribute_tags(&f.specs.attrs, None, &mut own);
            self.attribute_tags(&f.declarator.attrs, None, &mut own);
        }
        if self.abi_tags.is_empty() && own.is_empty() {
            return Vec::new();
        }
        let Some(specs) = decls
            .iter()
            .find(|f| std::ptr::eq(f.declarator, d))
            .or(decls.first())
            .map(|f| f.specs)
        else {
            return own;
        };
        let mut tags = own.clone();
        let Some(ret) = self.return_type(specs, d, env) else {
            tags.sort();
            tags.dedup();
            return tags;
        };
        let mut present = own;
        self.path_tags(scope, &mut present);
        for p in params {
            self.type_tags(p, &mut present);
        }
        let mut missing = Vec::new();
        self.type_tags(&ret, &mut missing);
        missing.retain(|t| !present.contains(t));
        tags.extend(missing);
        tags.sort();
        tags.dedup();
        tags
    }

    /// Adds the ABI tags a type carries: those of the namespaces its classes and enums
    /// are declared in (libstdc++'s `inline namespace __cxx11
    /// __attribute__((__abi_tag__("cxx11")))`), through template arguments, pointers,
    /// references, arrays and function types.
    fn type_tags(&self, t: &Ty, out: &mut Vec<String>) {
        match t {
            Ty::Named(path) => self.path_tags(path, out),
            Ty::Pointer(t)
            | Ty::LRef(t)
            | Ty::RRef(t)
            | Ty::Qualified(_, t)
            | Ty::Array(_, t)
            | Ty::Complex(t)
            | Ty::Pack(t) => self.type_tags(t, out),
            Ty::Function(f) => {
                self.type_tags(&f.ret, out);
                for p in &f.params {
                    self.type_tags(p, out);
                }
            }
            Ty::MemberPointer(c, m) => {
                self.type_tags(c, out);
                self.type_tags(m, out);
            }
            _ => {}
        }
    }

    fn path_tags(&self, path: &[Comp], out: &mut Vec<String>) {
        for c in path {
            if let Some(tags) = self.abi_tags.get(&c.entity) {
                out.extend(tags.iter().cloned());
            }
            for a in c.args.iter().flatten() {
                self.arg_tags(a, out);
            }
        }
    }

    fn arg_tags(&self, a: &Arg, out: &mut Vec<String>) {
        match a {
            Arg::Type(t) | Arg::Value(t, _) => self.type_tags(t, out),
            Arg::Pack(args) => {
                for a in args {
                    self.arg_tags(a, out);
                }
            }
            Arg::Template(path) => self.path_tags(path, out),
            Arg::Hole(_) | Arg::Function(_) => {}
        }
    }

    /// Adds the tags of the `abi_tag` attributes among `attrs` (one without arguments, on
    /// an inline namespace: the namespace's name, `inline_name`).
    fn attribute_tags(
        &self,
        attrs: &[Attribute],
        inline_name: Option<Symbol>,
        out: &mut Vec<String>,
    ) {
        for a in attrs.iter().filter(|a| self.is(a.name, "abi_tag")) {
            if a.args.is_empty() {
                if let Some(n) = inline_name {
                    out.push(self.interner.name(n).into_owned());
                }
                continue;
            }
            for x in a.args.iter() {
                let text = self.map.slice(x.span);
                if let Some(tag) = text
                    .strip_prefix(b"\"")
                    .and_then(|t| t.strip_suffix(b"\""))
                    .filter(|t| !t.is_empty() && !t.contains(&b'"'))
                {
                    out.push(String::from_utf8_lossy(tag).into_owned());
                }
            }
        }
    }

    /// The linkage name of the function template `template`'s instance for the explicit
    /// arguments `args` (`tk<int>` in a launch `tk<int><<<1, 1>>>(p)`): `_Z2tkIiEvPT_`.
    /// Arguments left out must have defaults (there is no deduction).
    pub fn template_instance(&self, template: EntityId, args: &TemplateArgs) -> Option<String> {
        self.template_instance_of(template, Some(args), &Env::default())
    }

    /// The linkage name of the variable `e`: unmangled at global scope and for `extern "C"`,
    /// `_ZN2ns1vE` in a namespace or class.
    pub fn variable(&self, e: EntityId) -> Option<String> {
        let ent = self.sema.entity(e);
        if ent.kind != EntityKind::Variable {
            return None;
        }
        let name = ent.name?;
        let member = self.sema.scope(ent.parent).kind == ScopeKind::Class;
        if ent.flags.extern_c && !member {
            return Some(self.interner.name(name).into_owned());
        }
        let scope = self.scope_path(ent.parent, None, &Env::default(), 0)?;
        if scope.is_empty() {
            return Some(self.interner.name(name).into_owned());
        }
        let mut enc = Encoder::new(self);
        enc.variable_name(&scope, name)?;
        Some(enc.out)
    }

    /// The linkage name of the variable template `template`'s instance for the converted
    /// arguments `args`: `_Z6zero_vIiE`, `_ZN2ns4pi_vIfEE`.
    pub(crate) fn variable_instance(&self, template: EntityId, args: &[Arg]) -> Option<String> {
        let ent = self.sema.entity(template);
        if ent.kind != EntityKind::Variable || !ent.is_template {
            return None;
        }
        let name = ent.name?;
        let scope = self.scope_path(ent.parent, None, &Env::default(), 0)?;
        let mut enc = Encoder::new(self);
        enc.function_name(
            &scope,
            &Unqualified::Source(self.interner.name(name).into_owned()),
            Some((template, args)),
            None,
        )?;
        Some(enc.out)
    }

    /// The name under which the host reference arrays of separate compilation (`--device-c`)
    /// list the kernel or device variable `e`: the mangled name up to the parameters, then
    /// `*` (`_Z7add_one*`, `_ZN2ns2nk*`, `_Z2tk*` for every instance of a template kernel);
    /// variables at global scope and `extern "C"` names plainly (`dref`). Internal-linkage
    /// entities (static, or in an anonymous namespace) are prefixed
    /// `__nv_static_<length of module id>_<module id>_*` and continue with the nested names
    /// alone: `...*2sk*`, `...*37_GLOBAL__N_..6anon_k*`, `...*2ns3nsv*`, or `...*sdref` for a
    /// static variable at global scope. Needs the module id.
    pub fn host_reference(&self, e: EntityId) -> Option<String> {
        let ent = self.sema.entity(e);
        let member = self.sema.scope(ent.parent).kind == ScopeKind::Class;
        let internal = (ent.flags.is_static && !member) || self.in_anonymous_namespace(ent.parent);
        self.host_reference_as(e, internal)
    }

    /// The internal-linkage form of [`Mangler::host_reference`] whatever `e`'s linkage:
    /// cudafe++ lists the instances of a template kernel under both forms.
    pub fn host_reference_internal(&self, e: EntityId) -> Option<String> {
        self.host_reference_as(e, true)
    }

    fn host_reference_as(&self, e: EntityId, internal: bool) -> Option<String> {
        let ent = self.sema.entity(e);
        let function = match ent.kind {
            EntityKind::Function => true,
            EntityKind::Variable => false,
            _ => return None,
        };
        let plain = self.interner.name(ent.name?).into_owned();
        let member = self.sema.scope(ent.parent).kind == ScopeKind::Class;
        let scope = self.scope_path(ent.parent, None, &Env::default(), 0)?;
        let mut enc = Encoder::new(self);
        if internal {
            let id = self.module_id?;
            enc.out = format!("__nv_static_{}_{id}_*", id.len());
            if !function && scope.is_empty() {
                enc.out.push_str(&plain);
            } else {
                for c in &scope {
                    enc.component(c)?;
                }
                enc.source_name(&plain);
                enc.out.push('*');
            }
            return Some(enc.out);
        }
        if ent.flags.extern_c && !member || (!function && scope.is_empty()) {
            return Some(plain);
        }
        enc.out.push_str("_Z");
        if scope.is_empty() {
            enc.source_name(&plain);
        } else if enc.is_std_path(&scope) {
            enc.out.push_str("St");
            enc.source_name(&plain);
        } else {
            enc.out.push('N');
            enc.prefix(&scope)?;
            enc.source_name(&plain);
        }
        enc.out.push('*');
        Some(enc.out)
    }

    /// Does the type of a function declaration (its return and parameter types) mention a
    /// class or enum declared in an anonymous namespace? Such a function has internal
    /// linkage. Unresolvable types mention nothing.
    pub(crate) fn signature_is_internal(
        &self,
        e: EntityId,
        specs: &DeclSpecs,
        d: &Declarator,
    ) -> bool {
        let env = Env::in_scope(self.sema.entity(e).parent);
        let Some(chunk) = d.function() else {
            return false;
        };
        let ret = self.return_type(specs, d, &env);
        let params = self.params(chunk, &env, 0).unwrap_or_default();
        ret.iter()
            .chain(params.iter())
            .any(|t| self.mentions_anonymous(t))
    }

    /// What linkage and initialization need to know about a variable declaration's type:
    /// whether it is const (a namespace-scope const variable has internal linkage), and
    /// whether it is a class type (or an array of one) whose default construction or whose
    /// destruction is not trivial (such a variable is initialized without an initializer).
    pub(crate) fn variable_type(
        &self,
        e: EntityId,
        specs: &DeclSpecs,
        d: &Declarator,
    ) -> VariableType {
        let env = Env::in_scope(self.sema.entity(e).parent);
        match self
            .specs_type(specs, &env, 0)
            .and_then(|base| self.declarator_type(Some(base), &d.ops, d.pack, &env, 0))
        {
            Some(t) => VariableType {
                is_const: is_const(&t),
                needs_construction: self.needs_construction(&t, 0),
            },
            None => VariableType {
                is_const: specs.is_const
                    && !d.ops.iter().any(|op| {
                        matches!(
                            op,
                            DeclaratorOp::Pointer { .. }
                                | DeclaratorOp::LValueRef
                                | DeclaratorOp::RValueRef
                                | DeclaratorOp::MemberPointer { .. }
                        )
                    }),
                // A named type we cannot compute (a member of a class that templates
                // several layers deep make, CUTLASS's `typename Gemm::GemmKernel::StrideA`)
                // is taken for a class that needs construction: scalars are rarely named so.
                needs_construction: matches!(specs.ty, TypeSpec::Named { .. })
                    && d.ops
                        .iter()
                        .all(|o| matches!(o, DeclaratorOp::Array { .. })),
            },
        }
    }

    // -----------------------------------------------------------------------------------
    // Entities and names

    fn is(&self, s: Symbol, text: &str) -> bool {
        self.interner.bytes(s) == text.as_bytes()
    }

    /// Is `e` the namespace `::std`?
    fn is_std(&self, e: EntityId) -> bool {
        let ent = self.sema.entity(e);
        ent.kind == EntityKind::Namespace
            && ent.parent == Sema::GLOBAL
            && ent.name.is_some_and(|n| self.is(n, "std"))
    }

    /// Is `e` the class template `std::<name>` (directly in `std`, not an inline namespace)?
    fn is_std_member(&self, e: EntityId, name: &str) -> bool {
        let ent = self.sema.entity(e);
        ent.name.is_some_and(|n| self.is(n, name))
            && self
                .sema
                .scope(ent.parent)
                .entity
                .is_some_and(|p| self.is_std(p))
    }

    pub(crate) fn in_anonymous_namespace(&self, scope: ScopeId) -> bool {
        let mut s = Some(scope);
        while let Some(id) = s {
            let sc = self.sema.scope(id);
            if let Some(e) = sc.entity {
                let ent = self.sema.entity(e);
                if ent.kind == EntityKind::Namespace && ent.name.is_none() {
                    return true;
                }
            }
            s = sc.parent;
        }
        false
    }

    /// The namespaces and classes around a declaration in `scope`, outermost first. The
    /// arguments of enclosing class templates come from `written` (the name as written,
    /// `A<int>::f`) or from `env` (inside an instance).
    pub(crate) fn scope_path(
        &self,
        scope: ScopeId,
        written: Option<&QualName>,
        env: &Env,
        depth: u32,
    ) -> Option<Path> {
        let mut comps = Vec::new();
        let mut s = scope;
        for _ in 0..256 {
            let sc = self.sema.scope(s);
            match sc.kind {
                ScopeKind::Namespace => match sc.entity {
                    None => {
                        comps.reverse();
                        return Some(comps);
                    }
                    Some(ns) => {
                        comps.push(Comp {
                            entity: ns,
                            args: None,
                        });
                        s = self.sema.entity(ns).parent;
                    }
                },
                ScopeKind::Class => {
                    let c = sc.entity?;
                    comps.push(self.class_comp(c, written, env, depth)?);
                    s = self.sema.entity(c).parent;
                }
                ScopeKind::Enum => {
                    let en = sc.entity?;
                    if matches!(self.sema.entity(en).kind, EntityKind::Enum { scoped: true }) {
                        comps.push(Comp {
                            entity: en,
                            args: None,
                        });
                    }
                    s = self.sema.entity(en).parent;
                }
                ScopeKind::TemplateParams => s = sc.parent?,
                _ => return None,
            }
        }
        None
    }

    /// One class as a component of a name: a class template with its arguments, an explicit
    /// specialization as its primary template with the specialization's arguments.
    fn class_comp(
        &self,
        c: EntityId,
        written: Option<&QualName>,
        env: &Env,
        depth: u32,
    ) -> Option<Comp> {
        let ent = self.sema.entity(c);
        // The template's arguments as the name is written (`M<char>::type`).
        let written_args = |template: EntityId| {
            let name = self.sema.entity(template).name?;
            written.and_then(|w| {
                w.segments[..w.segments.len().saturating_sub(1)]
                    .iter()
                    .rev()
                    .find(|s| s.ident() == Some(name) && s.args.is_some())
            })
        };
        if let Some(primary) = ent.primary {
            // Lookup finds a member of one explicit specialization for another's
            // arguments too: the arguments written select the class.
            if let Some(seg) = written_args(primary) {
                let args = self.template_args(primary, seg.args.as_ref(), env, depth + 1)?;
                return Some(Comp {
                    entity: primary,
                    args: Some(args),
                });
            }
            let &(spec, head) = self.decls.classes.get(&c)?;
            if head.is_some_and(|h| !h.params.is_empty()) {
                return None; // a partial specialization
            }
            let args = spec.name.as_ref()?.last().args.as_ref()?;
            let args = self.template_args(primary, Some(args), &Env::default(), depth + 1)?;
            return Some(Comp {
                entity: primary,
                args: Some(args),
            });
        }
        if !ent.is_template {
            return Some(Comp {
                entity: c,
                args: None,
            });
        }
        let args = match written_args(c) {
            Some(seg) => self.template_args(c, seg.args.as_ref(), env, depth + 1)?,
            None => self.bound_args(c, env)?,
        };
        Some(Comp {
            entity: c,
            args: Some(args),
        })
    }

    /// The arguments `env` binds to the parameters of the class template `c`'s definition
    /// (inside an instance of `c`).
    fn bound_args(&self, c: EntityId, env: &Env) -> Option<Vec<Arg>> {
        let head = self.decls.classes.get(&c)?.1?;
        head.params
            .iter()
            .map(|p| env.get(p.entity?).cloned())
            .collect()
    }

    /// The unqualified name of a function: its identifier, or a constructor, destructor,
    /// operator or conversion function.
    pub(crate) fn unqualified(
        &self,
        e: EntityId,
        name: &QualName,
        chunk: &FunctionChunk,
        env: &Env,
    ) -> Option<Unqualified> {
        let ent = self.sema.entity(e);
        let class = self.sema.scope(ent.parent).entity.filter(|&c| {
            matches!(self.sema.entity(c).kind, EntityKind::Class(_))
                && self.sema.scope(ent.parent).kind == ScopeKind::Class
        });
        Some(match &name.last().kind {
            NameKind::Ident(s) => {
                if class.is_some_and(|c| self.sema.entity(c).name == Some(*s)) {
                    Unqualified::Ctor
                } else {
                    Unqualified::Source(self.interner.name(*s).into_owned())
                }
            }
            NameKind::Destructor(_) => Unqualified::Dtor,
            NameKind::Operator(op) => {
                let arity = chunk.params.len() + class.is_some() as usize;
                Unqualified::Operator(operator_code(*op, arity))
            }
            NameKind::Conversion(t) => Unqualified::Conversion(self.type_id(t, env, 0)?),
            NameKind::LiteralOperator(s) => {
                Unqualified::Literal(self.interner.name(*s).into_owned())
            }
            NameKind::Decltype(_) => return None,
        })
    }

    /// The primary function template an explicit specialization `name` (with `params`
    /// parameters) specializes.
    /// An explicit specialization whose template arguments are deduced from its type
    /// (`template <> void f(float *)`): its name needs deduction, which we do not do.
    pub(crate) fn is_deduced_specialization(&self, e: EntityId) -> bool {
        self.decls.functions.get(&e).is_some_and(|v| {
            v.iter()
                .any(|d| d.template.is_some_and(|h| h.params.is_empty()))
        })
    }

    pub(crate) fn primary_of(
        &self,
        e: EntityId,
        name: &QualName,
        params: usize,
    ) -> Option<EntityId> {
        let candidates: Vec<EntityId> = match &name.resolution {
            Resolution::Unresolved | Resolution::Dependent => {
                let ent = self.sema.entity(e);
                let sym = ent.name?;
                self.sema.lookup_qualified(ent.parent, sym).into_vec()
            }
            r => r.entities().to_vec(),
        };
        candidates.into_iter().find(|&c| {
            let ent = self.sema.entity(c);
            ent.kind == EntityKind::Function
                && ent.is_template
                && self.template_decl(c).is_some_and(|d| {
                    d.declarator
                        .function()
                        .is_some_and(|f| f.params.len() == params)
                })
        })
    }

    /// A function template's declaration with its template head (the definition if any).
    pub(crate) fn template_decl(&self, f: EntityId) -> Option<&FnDecl<'a>> {
        let decls = self.decls.functions.get(&f)?;
        let with_head = |d: &&FnDecl<'a>| d.template.is_some_and(|h| !h.params.is_empty());
        decls
            .iter()
            .filter(with_head)
            .find(|d| d.definition)
            .or_else(|| decls.iter().find(with_head))
    }

    fn template_instance_of(
        &self,
        template: EntityId,
        args: Option<&TemplateArgs>,
        caller: &Env,
    ) -> Option<String> {
        let args = self.template_args(template, args, caller, 0)?;
        self.instance_name(template, &args)
    }

    /// The linkage name of the function template `template`'s instance for the converted
    /// arguments `args` (one per template parameter, a pack's as one [`Arg::Pack`]).
    pub(crate) fn instance_name(&self, template: EntityId, args: &[Arg]) -> Option<String> {
        self.instance_name_as(template, args, false)
    }

    /// [`Mangler::instance_name`] with closure types named as the host names their
    /// wrappers (cicc's names of `__device_stub_` functions).
    pub(crate) fn instance_host_name(&self, template: EntityId, args: &[Arg]) -> Option<String> {
        self.instance_name_as(template, args, true)
    }

    fn instance_name_as(&self, template: EntityId, args: &[Arg], host: bool) -> Option<String> {
        let decl = self.template_decl(template)?;
        let head = decl.template?;
        let name = decl.declarator.name.as_ref()?;
        let chunk = decl.declarator.function()?;
        let ent = self.sema.entity(template);
        // In the signature, the template's parameters are references to the arguments.
        let mut env = Env::in_scope(ent.parent);
        for (i, p) in head.params.iter().enumerate() {
            match (p.entity, &p.kind) {
                (Some(pe), TemplateParamKind::Type { .. }) => {
                    env.bind(pe, Arg::Type(Ty::Param(i as u32)))
                }
                (Some(pe), TemplateParamKind::NonType { .. }) if !p.pack => {
                    env.bind(pe, Arg::Hole(i as u32))
                }
                _ => {}
            }
        }
        let scope = self.scope_path(ent.parent, Some(name), &Env::default(), 0)?;
        let unq = self.unqualified(template, name, chunk, &env)?;
        let ret = match unq {
            Unqualified::Ctor | Unqualified::Dtor | Unqualified::Conversion(_) => None,
            _ => Some(self.return_type(decl.specs, decl.declarator, &env)?),
        };
        let params = self.params(chunk, &env, 0)?;
        let mut enc = Encoder::new(self);
        enc.host_closures = host;
        enc.function_name(&scope, &unq, Some((template, args)), Some(chunk))?;
        if let Some(r) = &ret {
            enc.ty(r)?;
        }
        enc.bare_function(&params, chunk.variadic)?;
        Some(enc.out)
    }

    /// `_INTERNAL_<module id>` for a function with internal linkage (`static`, or in an
    /// anonymous namespace): the device side names what is local to it in that scope.
    /// (`Some(None)` for a function with external linkage; `None` without a module id.)
    fn internal_prefix(&self, f: EntityId) -> Option<Option<String>> {
        let ent = self.sema.entity(f);
        let member = self.sema.scope(ent.parent).kind == ScopeKind::Class;
        if (ent.flags.is_static && !member) || self.in_anonymous_namespace(ent.parent) {
            Some(Some(format!("_INTERNAL{}", self.module_id?)))
        } else {
            Some(None)
        }
    }

    /// The function `f` as the `<encoding>` of a name local to it names it (a closure
    /// type's), the template parameters of `f` and of its classes bound by `env`.
    pub(crate) fn fn_context(&self, f: EntityId, env: &Env) -> Option<FnContext> {
        let ent = self.sema.entity(f);
        let member = self.sema.scope(ent.parent).kind == ScopeKind::Class;
        let mut outer = env.clone();
        outer.scope = Some(ent.parent);
        let quals_of = |chunk: &FunctionChunk| {
            let quals = Quals {
                c: chunk.is_const && member,
                v: chunk.is_volatile && member,
                r: false,
            };
            (quals, chunk.ref_qualifier.filter(|_| member))
        };
        if ent.is_template {
            let decl = self.template_decl(f)?;
            let head = decl.template?;
            let args = head
                .params
                .iter()
                .map(|p| env.get(p.entity?).cloned())
                .collect::<Option<Vec<Arg>>>()?;
            let name = decl.declarator.name.as_ref()?;
            let chunk = decl.declarator.function()?;
            // In the signature, the template's parameters are references to the arguments.
            let mut sig = outer.clone();
            for (i, p) in head.params.iter().enumerate() {
                match (p.entity, &p.kind) {
                    (Some(pe), TemplateParamKind::Type { .. }) => {
                        sig.bind(pe, Arg::Type(Ty::Param(i as u32)))
                    }
                    (Some(pe), TemplateParamKind::NonType { .. }) if !p.pack => {
                        sig.bind(pe, Arg::Hole(i as u32))
                    }
                    _ => {}
                }
            }
            let scope = self.scope_path(ent.parent, Some(name), &outer, 0)?;
            let unq = self.unqualified(f, name, chunk, &sig)?;
            let ret = match unq {
                Unqualified::Ctor | Unqualified::Dtor | Unqualified::Conversion(_) => None,
                _ => Some(self.return_type(decl.specs, decl.declarator, &sig)?),
            };
            let params = self.params(chunk, &sig, 0)?;
            let (quals, ref_qualifier) = quals_of(chunk);
            return Some(FnContext {
                plain: None,
                internal: self.internal_prefix(f)?,
                scope,
                name: unq,
                template: Some((f, args)),
                ret,
                params,
                variadic: chunk.variadic,
                quals,
                ref_qualifier,
                lambda: None,
            });
        }
        let decls = self.decls.functions.get(&f)?;
        let d = decls.iter().find(|d| d.definition).or(decls.first())?;
        let name = d.declarator.name.as_ref()?;
        let chunk = d.declarator.function()?;
        let ident = name.ident();
        let is_main = ent.parent == Sema::GLOBAL && ident.is_some_and(|s| self.is(s, "main"));
        if is_main || (ent.flags.extern_c && !member) {
            return Some(FnContext {
                plain: Some(self.interner.name(ident?).into_owned()),
                internal: None,
                scope: Vec::new(),
                name: Unqualified::Source(String::new()),
                template: None,
                ret: None,
                params: Vec::new(),
                variadic: false,
                quals: Quals::default(),
                ref_qualifier: None,
                lambda: None,
            });
        }
        if name.last().args.is_some() || self.is_deduced_specialization(f) {
            return None;
        }
        let scope = self.scope_path(ent.parent, Some(name), &outer, 0)?;
        let unq = self.unqualified(f, name, chunk, &outer)?;
        let params = self.params(chunk, &outer, 0)?;
        let (quals, ref_qualifier) = quals_of(chunk);
        Some(FnContext {
            plain: None,
            internal: self.internal_prefix(f)?,
            scope,
            name: unq,
            template: None,
            ret: None,
            params,
            variadic: chunk.variadic,
            quals,
            ref_qualifier,
            lambda: None,
        })
    }

    // -----------------------------------------------------------------------------------
    // Types from declarations

    pub(crate) fn specs_type(&self, specs: &DeclSpecs, env: &Env, depth: u32) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        let base = match &specs.ty {
            TypeSpec::Builtin(b) => builtin_type(b, self.interner)?,
            TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => {
                self.named_type(name, env, depth + 1)?
            }
            TypeSpec::Class(c) => Ty::Named(self.class_path(c.entity?, None, env, depth + 1)?),
            TypeSpec::Enum(e) => Ty::Named(self.class_path(e.entity?, None, env, depth + 1)?),
            TypeSpec::Decltype(e) => self.decltype(e, env, depth + 1)?,
            TypeSpec::Typeof(t) => match t.as_ref() {
                TypeOrExpr::Type(t) => self.type_id(t, env, depth + 1)?,
                TypeOrExpr::Expr(_) => return None,
            },
            _ => return None,
        };
        Some(qualify(
            base,
            Quals {
                c: specs.is_const,
                v: specs.is_volatile,
                r: specs.is_restrict,
            },
        ))
    }

    /// `decltype(nullptr)`, and `decltype(N)` of a non-type template parameter: its
    /// argument's type where bound; in a function template's signature (`N` bound to its
    /// position) `DtT_E` if `N`'s declared type depends on template parameters (`auto`,
    /// `T`), else that type (as g++ mangles it).
    fn decltype(&self, e: &Expr, env: &Env, depth: u32) -> Option<Ty> {
        match &e.unparen().kind {
            ExprKind::Nullptr => Some(Ty::Builtin("Dn")),
            ExprKind::Name(n) => {
                let p = n.resolution.entity()?;
                if self.sema.entity(p).kind != EntityKind::TemplateValueParam {
                    return None;
                }
                let position = match env.get(p) {
                    Some(Arg::Value(t, _)) => return Some(t.clone()),
                    Some(Arg::Hole(i)) => Some(*i),
                    Some(_) => return None,
                    None => None,
                };
                let param = self.decls.value_params.get(&p)?;
                let placeholder = matches!(param.specs.ty, TypeSpec::Auto | TypeSpec::DecltypeAuto);
                let declared = (!placeholder)
                    .then(|| self.param_type(param, env, depth + 1))
                    .flatten()
                    .filter(|t| !mentions_template_param(t));
                match (declared, position) {
                    (Some(t), _) => Some(unqualified_ty(t)),
                    (None, Some(i)) => Some(Ty::DecltypeParam(i)),
                    (None, None) => None,
                }
            }
            _ => None,
        }
    }

    pub(crate) fn type_id(&self, t: &TypeId, env: &Env, depth: u32) -> Option<Ty> {
        let base = self.specs_type(&t.specs, env, depth + 1);
        self.declarator_type(base, &t.declarator.ops, t.declarator.pack, env, depth + 1)
    }

    /// Applies a declarator's operators (listed from the name outwards) to `base`. A
    /// function operator with a trailing return type replaces what is built so far (the
    /// `auto` it stands for).
    pub(crate) fn declarator_type(
        &self,
        base: Option<Ty>,
        ops: &[DeclaratorOp],
        pack: bool,
        env: &Env,
        depth: u32,
    ) -> Option<Ty> {
        let mut t = base;
        for op in ops.iter().rev() {
            t = Some(match op {
                DeclaratorOp::Pointer {
                    is_const,
                    is_volatile,
                    is_restrict,
                    ..
                } => qualify(
                    Ty::Pointer(Box::new(t?)),
                    Quals {
                        c: *is_const,
                        v: *is_volatile,
                        r: *is_restrict,
                    },
                ),
                DeclaratorOp::LValueRef => reference(t?, false),
                DeclaratorOp::RValueRef => reference(t?, true),
                DeclaratorOp::MemberPointer {
                    class,
                    is_const,
                    is_volatile,
                } => {
                    let class = self.named_type(class, env, depth + 1)?;
                    let member = match t? {
                        Ty::Function(mut f) => {
                            f.method = true;
                            Ty::Function(f)
                        }
                        m => m,
                    };
                    qualify(
                        Ty::MemberPointer(Box::new(class), Box::new(member)),
                        Quals {
                            c: *is_const,
                            v: *is_volatile,
                            r: false,
                        },
                    )
                }
                DeclaratorOp::Array { size, .. } => {
                    let n = match size {
                        Some(e) => Some(u128::try_from(self.eval(e, env, depth + 1)?).ok()?),
                        None => None,
                    };
                    Ty::Array(n, Box::new(t?))
                }
                DeclaratorOp::Function(f) => {
                    let ret = match &f.trailing_return {
                        Some(r) => self.type_id(r, env, depth + 1)?,
                        None => t?,
                    };
                    let params = self.params(f, env, depth + 1)?;
                    Ty::Function(Box::new(FnType {
                        ret,
                        params,
                        variadic: f.variadic,
                        quals: Quals {
                            c: f.is_const,
                            v: f.is_volatile,
                            r: false,
                        },
                        ref_qualifier: f.ref_qualifier,
                        noexcept: self.is_noexcept(f.exception.as_ref(), env, depth),
                        method: false,
                    }))
                }
            });
        }
        let t = t?;
        if t.deeper_than(MAX_NESTING) {
            return None;
        }
        Some(if pack { Ty::Pack(Box::new(t)) } else { t })
    }

    fn is_noexcept(&self, spec: Option<&ExceptionSpec>, env: &Env, depth: u32) -> bool {
        match spec {
            Some(ExceptionSpec::Noexcept(None)) => true,
            Some(ExceptionSpec::Noexcept(Some(e))) => self.eval(e, env, depth + 1) == Some(1),
            Some(ExceptionSpec::Throw(types)) => types.is_empty(),
            None => false,
        }
    }

    /// The return type of a function declarator (everything but its first operator).
    pub(crate) fn return_type(&self, specs: &DeclSpecs, d: &Declarator, env: &Env) -> Option<Ty> {
        let chunk = d.function()?;
        if let Some(r) = &chunk.trailing_return {
            return self.type_id(r, env, 0);
        }
        let base = self.specs_type(specs, env, 0);
        self.declarator_type(base, &d.ops[1..], false, env, 0)
    }

    /// A function's parameter types, adjusted (arrays and functions to pointers, top-level
    /// cv-qualifiers dropped); `(void)` is no parameters.
    pub(crate) fn params(&self, f: &FunctionChunk, env: &Env, depth: u32) -> Option<Vec<Ty>> {
        let mut out = Vec::with_capacity(f.params.len());
        for p in &f.params {
            let base = self.specs_type(&p.specs, env, depth + 1);
            let t = self.declarator_type(base, &p.declarator.ops, p.declarator.pack, env, depth)?;
            out.push(adjust_param(t));
        }
        if out.len() == 1 && out[0] == Ty::Builtin("v") && f.params[0].declarator.name.is_none() {
            out.clear();
        }
        Some(out)
    }

    /// The type a (possibly qualified) type name denotes.
    pub(crate) fn named_type(&self, name: &QualName, env: &Env, depth: u32) -> Option<Ty> {
        // A member named through another class than its own (a derived class, an alias):
        // the qualifier's class, walked to the member with its bases' bindings
        // (`Derived<float>::Entry` for `Base<float>::Entry`).
        if self.named_through_other_class(name)
            && let Some(t) = self.dependent_type(name, env, depth + 1)
        {
            return Some(t);
        }
        let resolved = name
            .resolution
            .entity()
            .and_then(|e| self.entity_type(e, Some(name), env, depth + 1));
        match resolved {
            Some(t) => Some(t),
            None if name.is_qualified() => self.dependent_type(name, env, depth + 1),
            // GCC's x86-64 `va_list`.
            None if name
                .ident()
                .is_some_and(|s| self.is(s, "__builtin_va_list")) =>
            {
                Some(Ty::Array(Some(1), Box::new(Ty::VaListTag)))
            }
            None => None,
        }
    }

    /// Does the qualified `name` resolve to a member of a class whose name is not the
    /// component before the last?
    fn named_through_other_class(&self, name: &QualName) -> bool {
        let [.., qualifier, _] = &name.segments[..] else {
            return false;
        };
        let Some(e) = name.resolution.entity() else {
            return false;
        };
        let parent = self.sema.scope(self.sema.entity(e).parent);
        if parent.kind != ScopeKind::Class {
            return false;
        }
        let Some(class) = parent.entity else {
            return false;
        };
        let primary = self.sema.entity(class).primary.unwrap_or(class);
        let class_name = self.sema.entity(primary).name;
        class_name.is_some() && qualifier.ident() != class_name
    }

    pub(crate) fn entity_type(
        &self,
        e: EntityId,
        written: Option<&QualName>,
        env: &Env,
        depth: u32,
    ) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        let ent = self.sema.entity(e);
        match ent.kind {
            EntityKind::Using => self.entity_type(*ent.targets.first()?, written, env, depth + 1),
            EntityKind::TemplateTypeParam => match env.get(e)? {
                Arg::Type(t) => Some(t.clone()),
                _ => None,
            },
            EntityKind::Typedef => {
                let alias_args = written.and_then(|w| w.last().args.as_ref());
                // A member named alone in its own class's body, read with that class's
                // bindings (`using type = U;` after `using U = T;` in a partial
                // specialization, libstdc++'s `__make_unsigned_selector`).
                if env.scope == Some(ent.parent) && written.is_none_or(|w| !w.is_qualified()) {
                    return self.typedef_type(e, alias_args, env, env.clone(), depth + 1);
                }
                if self.sema.scope(ent.parent).kind == ScopeKind::Class {
                    // A member typedef: from the definition of the class the arguments
                    // select (a specialization may declare it differently).
                    let owner = self.scope_path(ent.parent, written, env, depth + 1)?;
                    let (m, menv, found) = self.member_in(&owner, ent.name?, depth + 1)?;
                    return self.member_type((&owner, &found), m, alias_args, env, menv, depth + 1);
                }
                self.typedef_type(e, alias_args, env, Env::in_scope(ent.parent), depth + 1)
            }
            EntityKind::Class(_) | EntityKind::Enum { .. } => {
                Some(Ty::Named(self.class_path(e, written, env, depth + 1)?))
            }
            _ => None,
        }
    }

    /// The type a typedef or alias declares, its declaration read with `owner` (the
    /// bindings of the class it is a member of); an alias template's own parameters are
    /// bound to `args` (converted in `env`).
    fn typedef_type(
        &self,
        e: EntityId,
        args: Option<&TemplateArgs>,
        env: &Env,
        mut owner: Env,
        depth: u32,
    ) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(&(ty, head)) = self.decls.aliases.get(&e) {
            if let Some(head) = head.filter(|h| !h.params.is_empty()) {
                let args = self.template_args(e, args, env, depth + 1)?;
                bind_head(&mut owner, head, &args);
            }
            return self.type_id(ty, &owner, depth + 1);
        }
        let &(specs, d) = self.decls.typedefs.get(&e)?;
        let base = self.specs_type(specs, &owner, depth + 1);
        self.declarator_type(base, &d.ops, false, &owner, depth + 1)
    }

    /// The type a member `m` of the class `owner` names (found by [`Mangler::member_in`]
    /// in `found_in`, whose bindings are `menv`): a typedef's type or a nested class.
    fn member_type(
        &self,
        (owner, found_in): (&[Comp], &[Comp]),
        m: EntityId,
        args: Option<&TemplateArgs>,
        env: &Env,
        menv: Env,
        depth: u32,
    ) -> Option<Ty> {
        let ent = self.sema.entity(m);
        match ent.kind {
            // A member typedef of a class whose arguments name the function template's
            // own parameters is not resolved in its signature: the parameter
            // `std::remove_reference_t<T&>` is `typename std::remove_reference<T&>::type`,
            // `NSt16remove_referenceIRS0_E4typeE`.
            EntityKind::Typedef
                if args.is_none() && mentions_template_param(&Ty::Named(owner.to_vec())) =>
            {
                let mut path = owner.to_vec();
                path.push(Comp {
                    entity: m,
                    args: None,
                });
                Some(Ty::Named(path))
            }
            EntityKind::Typedef => self.typedef_type(m, args, env, menv, depth + 1),
            EntityKind::Class(_) | EntityKind::Enum { .. } if ent.primary.is_none() => {
                let args = match (ent.is_template, args) {
                    (true, Some(a)) => Some(self.template_args(m, Some(a), env, depth + 1)?),
                    (false, None) => None,
                    _ => return None,
                };
                // Named by the class it was found in, unless the name depends on the
                // template's parameters (then as written: `Derived<T>::Entry`).
                let mut path = if mentions_template_param(&Ty::Named(owner.to_vec())) {
                    owner.to_vec()
                } else {
                    found_in.to_vec()
                };
                path.push(Comp { entity: m, args });
                Some(Ty::Named(path))
            }
            EntityKind::Using => {
                let target = *ent.targets.first()?;
                self.entity_type(target, None, &menv, depth + 1)
            }
            _ => None,
        }
    }

    /// Finds the type member `name` of the class `owner`: in the definition its arguments
    /// select, then in that definition's base classes. Returns the member and the bindings
    /// its declaration sees, and the class it was found in (`owner` or a base).
    fn member_in(&self, owner: &[Comp], name: Symbol, depth: u32) -> Option<(EntityId, Env, Path)> {
        if depth > MAX_DEPTH {
            return None;
        }
        let sel = self.select(owner, depth + 1)?;
        if let Some(list) = self.sema.scope(sel.scope).names.get(&name) {
            let found = list.iter().copied().find(|&e| {
                matches!(
                    self.sema.entity(e).kind,
                    EntityKind::Typedef
                        | EntityKind::Class(_)
                        | EntityKind::Enum { .. }
                        | EntityKind::Using
                )
            });
            return found.map(|e| (e, sel.env, owner.to_vec()));
        }
        for b in &sel.spec.bases {
            if let Some(Ty::Named(p)) = self.named_type(&b.name, &sel.env, depth + 1)
                && let Some(found) = self.member_in(&p, name, depth + 1)
            {
                return Some(found);
            }
        }
        None
    }

    /// The definition of the class `path` names, and the bindings its body sees: an
    /// explicit specialization for its arguments, else the one partial specialization
    /// that matches them, else the primary template (with its parameters bound). `None`
    /// when that cannot be decided (several partial specializations match, or one cannot
    /// be read).
    pub(crate) fn select(&self, path: &[Comp], depth: u32) -> Option<Selected<'a>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let (last, outer) = path.split_last()?;
        let mut env = match outer.last() {
            Some(c) if matches!(self.sema.entity(c.entity).kind, EntityKind::Class(_)) => {
                self.select(outer, depth + 1)?.env
            }
            _ => Env::default(),
        };
        let ent = self.sema.entity(last.entity);
        let Some(args) = &last.args else {
            let &(spec, _) = self.decls.classes.get(&last.entity)?;
            let scope = ent.scope?;
            env.scope = Some(scope);
            return Some(Selected { spec, scope, env });
        };
        let mut partial = None;
        for &s in &ent.specializations {
            let Some(&(spec, head)) = self.decls.classes.get(&s) else {
                continue;
            };
            let written = spec.name.as_ref().and_then(|n| n.last().args.as_ref());
            match head.filter(|h| !h.params.is_empty()) {
                None => {
                    let spec_args = self.template_args(last.entity, written, &env, depth + 1);
                    if spec_args.as_ref() == Some(args) {
                        let scope = self.sema.entity(s).scope?;
                        env.scope = Some(scope);
                        return Some(Selected { spec, scope, env });
                    }
                }
                Some(head) => {
                    if let Some(b) = self.match_partial(last.entity, head, written?, args, depth)? {
                        if partial.is_some() {
                            return None; // would need partial ordering
                        }
                        partial = Some((s, spec, head, b));
                    }
                }
            }
        }
        if let Some((s, spec, head, b)) = partial {
            bind_head(&mut env, head, &b);
            let scope = self.sema.entity(s).scope?;
            env.scope = Some(scope);
            return Some(Selected { spec, scope, env });
        }
        let &(spec, head) = self.decls.classes.get(&last.entity)?;
        bind_head(&mut env, head?, args);
        let scope = ent.scope?;
        env.scope = Some(scope);
        Some(Selected { spec, scope, env })
    }

    /// Matches a partial specialization's arguments (`pattern`, over the parameters of
    /// `head`) against `args`: `Some(Some(deduced))` when it matches, `Some(None)` when it
    /// does not, `None` when we cannot tell.
    fn match_partial(
        &self,
        template: EntityId,
        head: &TemplateHead,
        pattern: &TemplateArgs,
        args: &[Arg],
        depth: u32,
    ) -> Option<Option<Vec<Arg>>> {
        let mut holes = Env::default();
        for (i, p) in head.params.iter().enumerate() {
            let pe = p.entity?;
            match &p.kind {
                // A pack stands for whatever sequence its expansion meets (see
                // [`PACK_HOLE`]).
                _ if p.pack => holes.bind(pe, Arg::Pack(vec![Arg::Hole(i as u32 | PACK_HOLE)])),
                TemplateParamKind::Type { .. } => holes.bind(pe, Arg::Type(Ty::Hole(i as u32))),
                TemplateParamKind::NonType { .. } => holes.bind(pe, Arg::Hole(i as u32)),
                TemplateParamKind::Template { .. } => return None,
            }
        }
        let Some(pattern) = self.template_args(template, Some(pattern), &holes, depth + 1) else {
            // A pattern we cannot compute (an array bound that is a parameter:
            // `is_array<_Tp[_Size]>`) still cannot match an argument that is no array.
            let no_array = pattern.args.iter().zip(args).any(|(w, a)| {
                matches!(
                    (w, a),
                    (TemplateArg::Type(t), Arg::Type(at))
                        if matches!(t.declarator.ops[..], [DeclaratorOp::Array { .. }])
                            && !matches!(at, Ty::Array(..))
                )
            });
            return if no_array { Some(None) } else { None };
        };
        if pattern.len() != args.len() {
            return Some(None);
        }
        let mut deduced = vec![None; head.params.len()];
        for (p, a) in pattern.iter().zip(args) {
            if !unify_arg(p, a, &mut deduced) {
                return Some(None);
            }
        }
        deduced.into_iter().collect::<Option<Vec<Arg>>>().map(Some)
    }

    /// A qualified type name lookup could not resolve while parsing (it depends on
    /// template parameters): its qualifier resolved in `env`, then each following name
    /// looked up as a member.
    fn dependent_type(&self, name: &QualName, env: &Env, depth: u32) -> Option<Ty> {
        let (first, rest) = name.segments.split_first()?;
        if rest.is_empty() || depth > MAX_DEPTH {
            return None;
        }
        let e = self.first_component(name.global, first, env)?;
        let mut state = match self.sema.scope_of(e) {
            Some(s)
                if self.sema.entity(self.sema.resolve_alias(e)).kind == EntityKind::Namespace =>
            {
                Lookup::Namespace(s)
            }
            _ => Lookup::Type(self.segment_type(e, first, env, depth + 1)?),
        };
        for seg in rest {
            let sym = seg.ident()?;
            state = match state {
                Lookup::Namespace(s) => {
                    let e = *self.sema.lookup_qualified(s, sym).first()?;
                    match self.sema.scope_of(e) {
                        Some(s)
                            if self.sema.entity(self.sema.resolve_alias(e)).kind
                                == EntityKind::Namespace =>
                        {
                            Lookup::Namespace(s)
                        }
                        _ => Lookup::Type(self.segment_type(e, seg, env, depth + 1)?),
                    }
                }
                Lookup::Type(Ty::Named(owner)) => {
                    let (m, menv, found) = self.member_in(&owner, sym, depth + 1)?;
                    Lookup::Type(self.member_type(
                        (&owner, &found),
                        m,
                        seg.args.as_ref(),
                        env,
                        menv,
                        depth + 1,
                    )?)
                }
                Lookup::Type(_) => return None,
            };
        }
        match state {
            Lookup::Type(t) => Some(t),
            Lookup::Namespace(_) => None,
        }
    }

    /// The type one name segment (with its template arguments) denotes, `e` being what its
    /// identifier names.
    fn segment_type(&self, e: EntityId, seg: &NameSegment, env: &Env, depth: u32) -> Option<Ty> {
        let written = QualName {
            global: false,
            unfound_qualifier: false,
            segments: vec![seg.clone()].into_boxed_slice(),
            span: seg.span,
            resolution: Resolution::Entity(e),
        };
        self.entity_type(e, Some(&written), env, depth + 1)
    }

    /// The path of a class or enum, with the template arguments written in `written` (or
    /// bound in `env`).
    pub(crate) fn class_path(
        &self,
        e: EntityId,
        written: Option<&QualName>,
        env: &Env,
        depth: u32,
    ) -> Option<Path> {
        if depth > MAX_DEPTH {
            return None;
        }
        let ent = self.sema.entity(e);
        let last = if ent.primary.is_some() {
            self.class_comp(e, written, env, depth + 1)?
        } else if ent.is_template {
            let args = written.and_then(|w| w.last().args.as_ref());
            let args = match args {
                Some(a) => self.template_args(e, Some(a), env, depth + 1)?,
                None => self.bound_args(e, env)?,
            };
            Comp {
                entity: e,
                args: Some(args),
            }
        } else {
            Comp {
                entity: e,
                args: None,
            }
        };
        let parent = self.sema.entity(last.entity).parent;
        let mut path = self.scope_path(parent, written, env, depth + 1)?;
        path.push(last);
        Some(path)
    }

    /// Converts the written template arguments of `template` (none when `written` is
    /// `None`), filling in default arguments from its template heads and gathering the
    /// trailing arguments of a parameter pack.
    pub(crate) fn template_args(
        &self,
        template: EntityId,
        written: Option<&TemplateArgs>,
        env: &Env,
        depth: u32,
    ) -> Option<Vec<Arg>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let written: &[TemplateArg] = written.map(|w| &w.args[..]).unwrap_or(&[]);
        let heads = self.decls.heads(template);
        let Some(first) = heads.first() else {
            // A template we have no head for: only type arguments can be read.
            return written
                .iter()
                .map(|a| match a {
                    TemplateArg::Type(t) => self.type_id(t, env, depth + 1).map(Arg::Type),
                    TemplateArg::Name(n) => self.named_type(n, env, depth + 1).map(Arg::Type),
                    _ => None,
                })
                .collect();
        };
        let params = &first.params;
        let mut args: Vec<Arg> = Vec::with_capacity(params.len());
        for (i, p) in params.iter().enumerate() {
            // The bindings a later parameter's type or default sees: earlier parameters.
            // (Written arguments are read where they are written, in `env`'s scope;
            // defaults where the template is declared.)
            let bound = |h: &TemplateHead, args: &[Arg]| {
                let mut b = env.clone();
                b.scope = Some(self.sema.entity(template).parent);
                bind_head(&mut b, h, args);
                b
            };
            let written_env = |args: &[Arg]| {
                let mut b = env.clone();
                bind_head(&mut b, first, args);
                b
            };
            if p.pack {
                let mut pack = Vec::new();
                for a in written.get(i..).unwrap_or(&[]) {
                    // `Ts...` with `Ts` bound to a pack: its elements.
                    let expansion = match a {
                        TemplateArg::Pack(inner) => match &**inner {
                            TemplateArg::Name(n) => Some(n),
                            TemplateArg::Type(t) => bare_type_name(t),
                            _ => return None,
                        },
                        TemplateArg::Type(t) if t.declarator.pack => bare_type_name(t),
                        _ => None,
                    };
                    if let Some(name) = expansion {
                        match name.resolution.entity().and_then(|e| env.get(e)) {
                            Some(Arg::Pack(elems)) => pack.extend(elems.iter().cloned()),
                            _ => return None,
                        }
                        continue;
                    }
                    pack.push(self.template_arg(p, a, &written_env(&args), depth)?);
                }
                args.push(Arg::Pack(pack));
                return Some(args);
            }
            if let Some(a) = written.get(i) {
                let arg = self.template_arg(p, a, &written_env(&args), depth)?;
                args.push(arg);
                continue;
            }
            // A default argument, from whichever declaration gives one.
            let (h, dp) = heads
                .iter()
                .filter_map(|h| Some((*h, h.params.get(i)?)))
                .find(|(_, dp)| match &dp.kind {
                    TemplateParamKind::Type { default, .. } => default.is_some(),
                    TemplateParamKind::NonType { param } => param.default.is_some(),
                    TemplateParamKind::Template { default, .. } => default.is_some(),
                })?;
            let b = bound(h, &args);
            let arg = match &dp.kind {
                TemplateParamKind::Type {
                    default: Some(t), ..
                } => Arg::Type(self.type_id(t, &b, depth + 1)?),
                TemplateParamKind::NonType { param } => {
                    let ty = self.param_type(param, &b, depth)?;
                    let v = self.eval(param.default.as_ref()?, &b, depth + 1)?;
                    value_arg(ty, v)?
                }
                TemplateParamKind::Template {
                    default: Some(n), ..
                } => self.template_arg(dp, &TemplateArg::Name(n.clone()), &b, depth)?,
                _ => return None,
            };
            args.push(arg);
        }
        (written.len() <= params.len()).then_some(args)
    }

    pub(crate) fn param_type(&self, p: &Param, env: &Env, depth: u32) -> Option<Ty> {
        let base = self.specs_type(&p.specs, env, depth + 1);
        self.declarator_type(base, &p.declarator.ops, false, env, depth + 1)
    }

    /// One written argument for the template parameter `p`.
    pub(crate) fn template_arg(
        &self,
        p: &TemplateParam,
        a: &TemplateArg,
        env: &Env,
        depth: u32,
    ) -> Option<Arg> {
        match &p.kind {
            TemplateParamKind::Type { .. } => match a {
                TemplateArg::Type(t) => Some(Arg::Type(self.type_id(t, env, depth + 1)?)),
                TemplateArg::Name(n) => Some(Arg::Type(self.named_type(n, env, depth + 1)?)),
                _ => None,
            },
            TemplateParamKind::NonType { param } => {
                // A non-type template parameter of the function template whose signature
                // this is (`R<N>` in `template <int N> void f(R<N> *)`).
                let bare = match a {
                    TemplateArg::Name(n) => Some(n),
                    TemplateArg::Expr(e) => match &e.unparen().kind {
                        ExprKind::Name(n) => Some(n),
                        _ => None,
                    },
                    TemplateArg::Type(t) => match (&t.specs.ty, t.declarator.ops.is_empty()) {
                        (TypeSpec::Named { name, .. }, true) => Some(name),
                        _ => None,
                    },
                    TemplateArg::Pack(_) => None,
                };
                if let Some(hole @ Arg::Hole(_)) = bare
                    .and_then(|n| n.resolution.entity())
                    .and_then(|e| env.get(e))
                {
                    return Some(hole.clone());
                }
                // A function, or its address.
                let function = match a {
                    TemplateArg::Expr(e) => match &e.unparen().kind {
                        ExprKind::Unary(UnaryOp::AddrOf, x) => match &x.unparen().kind {
                            ExprKind::Name(n) => Some(n),
                            _ => None,
                        },
                        _ => bare,
                    },
                    _ => bare,
                }
                .and_then(|n| match n.resolution.entities() {
                    [f] if self.sema.entity(*f).kind == EntityKind::Function => Some(*f),
                    _ => None,
                });
                if let Some(f) = function {
                    return Some(Arg::Function(f));
                }
                let placeholder = matches!(param.specs.ty, TypeSpec::Auto | TypeSpec::DecltypeAuto)
                    && param.declarator.ops.is_empty();
                let ty = if placeholder {
                    // `template <auto V>`: the argument's type.
                    match a {
                        TemplateArg::Expr(e) => self.value_type(e, env, depth + 1)?,
                        TemplateArg::Name(n) => self.name_value_type(n, env)?,
                        _ => return None,
                    }
                } else {
                    // The parameter's type is read where the template is declared.
                    let mut penv = env.clone();
                    if let Some(pe) = p.entity {
                        penv.scope = Some(self.sema.entity(pe).parent);
                    }
                    self.param_type(param, &penv, depth)?
                };
                let v = match a {
                    TemplateArg::Expr(e) => self.eval(e, env, depth + 1)?,
                    TemplateArg::Name(n) => self.eval_name(n, env, depth + 1)?,
                    // A lone name the parser read as a type.
                    TemplateArg::Type(t) => match (&t.specs.ty, t.declarator.ops.is_empty()) {
                        (TypeSpec::Named { name, .. }, true) => {
                            self.eval_name(name, env, depth + 1)?
                        }
                        _ => return None,
                    },
                    TemplateArg::Pack(_) => return None,
                };
                value_arg(ty, v)
            }
            TemplateParamKind::Template { .. } => {
                let n = match a {
                    TemplateArg::Name(n) => n,
                    TemplateArg::Type(t) => match (&t.specs.ty, t.declarator.ops.is_empty()) {
                        (TypeSpec::Named { name, .. }, true) => name,
                        _ => return None,
                    },
                    _ => return None,
                };
                if n.last().args.is_some() {
                    return None;
                }
                let e = n.resolution.entity()?;
                let ent = self.sema.entity(e);
                match ent.kind {
                    // A template template parameter passed on.
                    EntityKind::TemplateTemplateParam => match env.get(e)? {
                        a @ Arg::Template(_) => Some(a.clone()),
                        _ => None,
                    },
                    EntityKind::Class(_) if ent.is_template && ent.primary.is_none() => {
                        let mut path = self.scope_path(ent.parent, Some(n), env, depth + 1)?;
                        path.push(Comp {
                            entity: e,
                            args: None,
                        });
                        Some(Arg::Template(path))
                    }
                    _ => None,
                }
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Constants

    /// The value of an integral constant expression (array bounds, template arguments).
    pub(crate) fn eval(&self, e: &Expr, env: &Env, depth: u32) -> Option<i128> {
        if depth > MAX_DEPTH {
            return None;
        }
        let ev = |x: &Expr| self.eval(x, env, depth + 1);
        Some(match &e.kind {
            ExprKind::Literal(LiteralKind::Integer) => {
                let lit = literal::parse_integer(self.map.slice(e.span)).ok()?;
                if lit.overflow {
                    return None;
                }
                i128::try_from(lit.value).ok()?
            }
            ExprKind::Literal(LiteralKind::Char) => {
                literal::parse_char(self.map.slice(e.span)).ok()?.value as i128
            }
            ExprKind::Bool(b) => *b as i128,
            ExprKind::Paren(x) => ev(x)?,
            ExprKind::Cast { ty, expr, .. } => {
                let v = ev(expr)?;
                match self.type_id(ty, env, depth + 1) {
                    Some(Ty::Builtin(code)) => convert_to(code, v),
                    _ => v,
                }
            }
            // `int(sizeof(T) * 8)`, `bool{}`: conversions to fundamental types.
            ExprKind::Construct { ty, args, .. } if args.len() <= 1 => {
                let Some(Ty::Builtin(code)) = self.type_id(ty, env, depth + 1) else {
                    return None;
                };
                integer_width(code)?;
                match args.first() {
                    Some(x) => convert_to(code, ev(x)?),
                    None => 0,
                }
            }
            ExprKind::Unary(op, x) => {
                let v = ev(x)?;
                match op {
                    UnaryOp::Minus => v.checked_neg()?,
                    UnaryOp::Plus => v,
                    UnaryOp::Not => (v == 0) as i128,
                    UnaryOp::BitNot => !v,
                    _ => return None,
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (a, b) = (ev(a)?, ev(b)?);
                use BinaryOp as B;
                match op {
                    B::Add => a.checked_add(b)?,
                    B::Sub => a.checked_sub(b)?,
                    B::Mul => a.checked_mul(b)?,
                    B::Div => a.checked_div(b)?,
                    B::Rem => a.checked_rem(b)?,
                    B::Shl if (0..127).contains(&b) => a.checked_shl(b as u32)?,
                    B::Shr if (0..127).contains(&b) => a >> b,
                    B::Lt => (a < b) as i128,
                    B::Gt => (a > b) as i128,
                    B::Le => (a <= b) as i128,
                    B::Ge => (a >= b) as i128,
                    B::Eq => (a == b) as i128,
                    B::Ne => (a != b) as i128,
                    B::BitAnd => a & b,
                    B::BitOr => a | b,
                    B::BitXor => a ^ b,
                    B::And => (a != 0 && b != 0) as i128,
                    B::Or => (a != 0 || b != 0) as i128,
                    _ => return None,
                }
            }
            ExprKind::Cond(c, t, f) => {
                if ev(c)? != 0 {
                    ev(t.as_deref()?)?
                } else {
                    ev(f)?
                }
            }
            ExprKind::Name(n) => self.eval_name(n, env, depth + 1)?,
            // The x86-64 layout of the type.
            ExprKind::SizeofType(t) | ExprKind::AlignofType(t) => {
                let mut b = env.clone();
                if b.scope.is_none() {
                    b.scope = Some(Sema::GLOBAL);
                }
                let ty = self.type_id(t, &b, depth + 1)?;
                let lay = self.layout(&ty)?;
                if matches!(e.kind, ExprKind::SizeofType(_)) {
                    lay.size as i128
                } else {
                    lay.align as i128
                }
            }
            ExprKind::Call { callee, args, .. } if args.is_empty() => {
                self.numeric_limit(callee, env, depth + 1)?
            }
            // libstdc++'s `std::is_same` is `integral_constant<bool, __is_same(T, U)>`.
            ExprKind::Builtin { name, args }
                if args.len() == 2
                    && (self.is(*name, "__is_same") || self.is(*name, "__is_same_as")) =>
            {
                let (TypeOrExpr::Type(a), TypeOrExpr::Type(b)) = (&args[0], &args[1]) else {
                    return None;
                };
                let a = self.type_id(a, env, depth + 1)?;
                let b = self.type_id(b, env, depth + 1)?;
                if mentions_template_param(&a) || mentions_template_param(&b) {
                    return None;
                }
                (a == b) as i128
            }
            // `std::is_enum`, `is_class` and `is_union` derive from `integral_constant<bool,
            // __is_enum(T)>` and the like.
            ExprKind::Builtin { name, args }
                if args.len() == 1
                    && (self.is(*name, "__is_enum")
                        || self.is(*name, "__is_class")
                        || self.is(*name, "__is_union")) =>
            {
                let TypeOrExpr::Type(t) = &args[0] else {
                    return None;
                };
                let t = self.type_id(t, env, depth + 1)?;
                if mentions_template_param(&t) {
                    return None;
                }
                let kind = match unqualified_ty(t) {
                    Ty::Named(p) => Some(self.sema.entity(p.last()?.entity).kind),
                    _ => None,
                };
                let wanted = self.interner.bytes(*name);
                (match kind {
                    Some(EntityKind::Enum { .. }) => wanted == b"__is_enum",
                    Some(EntityKind::Class(TagKind::Union)) => wanted == b"__is_union",
                    Some(EntityKind::Class(_)) => wanted == b"__is_class",
                    Some(_) => return None,
                    None => false,
                }) as i128
            }
            _ => return None,
        })
    }

    /// `std::numeric_limits<T>::max()` (`min()`, `lowest()`; `cuda::std::` too) for an
    /// integer type `T`: the idiom behind many defaulted template arguments (an extent of
    /// `numeric_limits<size_t>::max()`), whose library bodies are not parsed.
    fn numeric_limit(&self, callee: &Expr, env: &Env, depth: u32) -> Option<i128> {
        let ExprKind::Name(n) = &callee.unparen().kind else {
            return None;
        };
        let segs = &n.segments;
        let [quals @ .., class, func] = &segs[..] else {
            return None;
        };
        let which = self.interner.bytes(func.ident()?);
        if func.args.is_some() || self.interner.bytes(class.ident()?) != b"numeric_limits" {
            return None;
        }
        let in_std = quals.iter().all(|q| {
            q.args.is_none()
                && q.ident()
                    .is_some_and(|s| matches!(self.interner.bytes(s), b"std" | b"cuda"))
        });
        let [TemplateArg::Type(t)] = &class.args.as_ref()?.args[..] else {
            return None;
        };
        if !in_std {
            return None;
        }
        let code = match self.type_id(t, env, depth + 1)? {
            Ty::Builtin(c) => c,
            Ty::Qualified(_, b) => match *b {
                Ty::Builtin(c) => c,
                _ => return None,
            },
            _ => return None,
        };
        let (bits, signed) = integer_width(code)?;
        let (lo, hi) = if signed {
            (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
        } else {
            (0, (1i128 << bits) - 1)
        };
        match which {
            b"max" => Some(hi),
            b"min" | b"lowest" => Some(lo),
            _ => None,
        }
    }

    /// The type of a constant expression given for a placeholder (`auto`) non-type template
    /// parameter: literals, enumerators, bound non-type parameters, casts; `None` for
    /// anything else.
    fn value_type(&self, e: &Expr, env: &Env, depth: u32) -> Option<Ty> {
        if depth > MAX_DEPTH {
            return None;
        }
        Some(match &e.kind {
            ExprKind::Literal(LiteralKind::Integer) => {
                Ty::Builtin(integer_literal_type(self.map.slice(e.span))?)
            }
            ExprKind::Literal(LiteralKind::Char) => {
                Ty::Builtin(char_literal_type(self.map.slice(e.span))?)
            }
            ExprKind::Bool(_) => Ty::Builtin("b"),
            ExprKind::Paren(x) => self.value_type(x, env, depth + 1)?,
            ExprKind::Unary(UnaryOp::Minus | UnaryOp::Plus, x) => {
                match self.value_type(x, env, depth + 1)? {
                    Ty::Builtin("b" | "c" | "a" | "h" | "s" | "t" | "Du" | "Ds") => {
                        Ty::Builtin("i")
                    }
                    t @ Ty::Builtin(_) => t,
                    _ => return None,
                }
            }
            ExprKind::Cast { ty, .. } => self.type_id(ty, env, depth + 1)?,
            ExprKind::Name(n) => self.name_value_type(n, env)?,
            _ => return None,
        })
    }

    fn name_value_type(&self, n: &QualName, env: &Env) -> Option<Ty> {
        let e = n.resolution.entity()?;
        let ent = self.sema.entity(e);
        match ent.kind {
            EntityKind::TemplateValueParam => match env.get(e)? {
                Arg::Value(t, _) => Some(t.clone()),
                _ => None,
            },
            EntityKind::Enumerator => {
                let owner = self.sema.scope(ent.parent).entity?;
                if !matches!(self.sema.entity(owner).kind, EntityKind::Enum { .. }) {
                    return None;
                }
                Some(Ty::Named(self.class_path(
                    owner,
                    None,
                    &Env::default(),
                    0,
                )?))
            }
            _ => None,
        }
    }

    fn eval_name(&self, n: &QualName, env: &Env, depth: u32) -> Option<i128> {
        // `C<args>::value`: from the definition of `C` the arguments select (an explicit
        // or partial specialization may give it another value), not the one lookup found
        // while parsing the template.
        if n.segments.len() > 1
            && n.segments[..n.segments.len() - 1]
                .iter()
                .any(|s| s.args.is_some())
        {
            let Some(Ty::Named(owner)) = self.prefix_type(n, env, depth + 1) else {
                return None;
            };
            return self.member_value(&owner, n.last().ident()?, depth + 1);
        }
        let e = n.resolution.entity()?;
        if let Some(written) = &n.last().args
            && let Some(decls) = self.decls.var_templates.get(&e)
        {
            // `is_integral_v<T>`: the variable template's initializer, its head bound to
            // the arguments.
            let args = self.template_args(e, Some(written), env, depth + 1)?;
            let d = decls.iter().find(|d| d.declarator.init.is_some())?;
            let init = match d.declarator.init.as_ref()? {
                Initializer::Assign(x) | Initializer::Brace(x) => x,
                _ => return None,
            };
            let mut b = Env::in_scope(self.sema.entity(e).parent);
            bind_head(&mut b, d.head, &args);
            return self.eval(init, &b, depth + 1);
        }
        self.entity_value(e, env, depth)
    }

    /// The type that all but the last component of a qualified name denote.
    fn prefix_type(&self, n: &QualName, env: &Env, depth: u32) -> Option<Ty> {
        let prefix = &n.segments[..n.segments.len() - 1];
        if prefix.len() > 1 {
            let q = QualName {
                global: n.global,
                unfound_qualifier: false,
                segments: prefix.to_vec().into_boxed_slice(),
                span: n.span,
                resolution: Resolution::Unresolved,
            };
            return self.dependent_type(&q, env, depth + 1);
        }
        let first = prefix.first()?;
        let e = self.first_component(n.global, first, env)?;
        self.segment_type(e, first, env, depth + 1)
    }

    /// What the first component of a qualified name denotes where `env` stands: a template
    /// parameter bound there (its scope is not on the path from `env.scope`), or what
    /// lookup finds.
    fn first_component(&self, global: bool, first: &NameSegment, env: &Env) -> Option<EntityId> {
        let sym = first.ident()?;
        let param = (!global).then(|| env.param_named(self.sema, sym)).flatten();
        Some(match param {
            Some(p) => p,
            None if global => *self.sema.lookup_qualified(Sema::GLOBAL, sym).first()?,
            None => *self.sema.lookup_unqualified(env.scope?, sym).first()?,
        })
    }

    /// The value of the constant data member or enumerator `name` of the class `owner`: in
    /// the definition its arguments select, then in that definition's base classes.
    fn member_value(&self, owner: &[Comp], name: Symbol, depth: u32) -> Option<i128> {
        if depth > MAX_DEPTH {
            return None;
        }
        let sel = self.select(owner, depth + 1)?;
        if let Some(list) = self.sema.scope(sel.scope).names.get(&name) {
            let &e = list.first()?;
            let ent = self.sema.entity(e);
            return match ent.kind {
                EntityKind::Variable if ent.flags.is_constexpr || ent.flags.is_const => {
                    let init = self.decls.initializers.get(&e)?;
                    self.eval(init, &sel.env, depth + 1)
                }
                EntityKind::Enumerator => self.entity_value(e, &sel.env, depth + 1),
                _ => None,
            };
        }
        for b in &sel.spec.bases {
            if let Some(Ty::Named(p)) = self.named_type(&b.name, &sel.env, depth + 1)
                && let Some(v) = self.member_value(&p, name, depth + 1)
            {
                return Some(v);
            }
        }
        None
    }

    /// The value of an enumerator, a bound non-type template parameter, or a constant
    /// variable with an initializer.
    fn entity_value(&self, e: EntityId, env: &Env, depth: u32) -> Option<i128> {
        if depth > MAX_DEPTH {
            return None;
        }
        let ent = self.sema.entity(e);
        match ent.kind {
            EntityKind::TemplateValueParam => match env.get(e)? {
                Arg::Value(_, v) => Some(*v),
                _ => None,
            },
            EntityKind::Enumerator => {
                let &(list, i) = self.decls.enumerators.get(&e)?;
                // The nearest explicit value at or before `i`, plus the distance.
                let (base, from) = list[..=i]
                    .iter()
                    .enumerate()
                    .rev()
                    .find_map(|(j, x)| x.value.as_ref().map(|v| (Some(v), j)))
                    .unwrap_or((None, 0));
                let start = match base {
                    Some(v) => self.eval(v, &Env::default(), depth + 1)?,
                    None => 0,
                };
                start.checked_add((i - from) as i128)
            }
            EntityKind::Variable if ent.flags.is_constexpr || ent.flags.is_const => {
                let init = self.decls.initializers.get(&e)?;
                self.eval(init, &Env::in_scope(ent.parent), depth + 1)
            }
            EntityKind::Using => self.entity_value(*ent.targets.first()?, env, depth + 1),
            _ => None,
        }
    }

    // -----------------------------------------------------------------------------------
    // Facts about types

    pub(crate) fn mentions_anonymous(&self, t: &Ty) -> bool {
        match t {
            Ty::Named(p) => p.iter().any(|c| {
                let ent = self.sema.entity(c.entity);
                (ent.kind == EntityKind::Namespace && ent.name.is_none())
                    || c.args
                        .as_ref()
                        .is_some_and(|a| a.iter().any(|a| self.arg_mentions_anonymous(a)))
            }),
            // Names local to a function with internal linkage are in the unit's internal
            // scope instead (see `FnContext::internal`).
            Ty::Builtin(_)
            | Ty::Param(_)
            | Ty::Hole(_)
            | Ty::VaListTag
            | Ty::DecltypeParam(_)
            | Ty::Closure(_) => false,
            Ty::Pointer(x)
            | Ty::LRef(x)
            | Ty::RRef(x)
            | Ty::Qualified(_, x)
            | Ty::Array(_, x)
            | Ty::Complex(x)
            | Ty::Pack(x) => self.mentions_anonymous(x),
            Ty::Function(f) => {
                self.mentions_anonymous(&f.ret)
                    || f.params.iter().any(|p| self.mentions_anonymous(p))
            }
            Ty::MemberPointer(c, m) => self.mentions_anonymous(c) || self.mentions_anonymous(m),
        }
    }

    pub(crate) fn arg_mentions_anonymous(&self, a: &Arg) -> bool {
        match a {
            Arg::Type(t) | Arg::Value(t, _) => self.mentions_anonymous(t),
            Arg::Pack(v) => v.iter().any(|a| self.arg_mentions_anonymous(a)),
            Arg::Template(p) => self.mentions_anonymous(&Ty::Named(p.clone())),
            Arg::Hole(_) => false,
            Arg::Function(f) => self.sema.entity(*f).flags.in_anonymous_namespace,
        }
    }

    /// Is `t` a class type (or an array of one) whose default construction or destruction
    /// is not trivial?
    pub(crate) fn needs_construction(&self, t: &Ty, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        match t {
            Ty::Qualified(_, x) | Ty::Array(_, x) => self.needs_construction(x, depth + 1),
            Ty::Named(p) => self.class_needs_construction(p, depth + 1),
            _ => false,
        }
    }

    fn class_needs_construction(&self, path: &[Comp], depth: u32) -> bool {
        let Some(c) = path.last() else {
            return false;
        };
        let ent = self.sema.entity(c.entity);
        if !matches!(ent.kind, EntityKind::Class(_)) {
            return false;
        }
        let Some(Selected { spec, env, .. }) = self.select(path, depth + 1) else {
            return false;
        };
        if spec.bases.iter().any(|b| {
            b.is_virtual
                || self
                    .named_type(&b.name, &env, depth + 1)
                    .is_some_and(|t| self.needs_construction(&t, depth + 1))
        }) {
            return true;
        }
        let class_name = ent.name;
        spec.members.iter().any(|m| {
            let (specs, declarators, def) = match &m.kind {
                DeclKind::Simple { specs, declarators } => (specs, &declarators[..], None),
                DeclKind::Function(f) => (&f.specs, &[][..], Some(f)),
                _ => return false,
            };
            if specs.is_virtual {
                return true;
            }
            if let Some(f) = def {
                let user_provided = !matches!(f.body, FunctionBody::Default | FunctionBody::Delete);
                return user_provided && special_member(&f.declarator, class_name);
            }
            declarators.iter().any(|id| {
                if id.declarator.is_function() {
                    let user_provided =
                        !matches!(id.init, Some(Initializer::Default | Initializer::Delete));
                    return user_provided && special_member(&id.declarator, class_name);
                }
                if specs.is_typedef
                    || specs.is_friend
                    || specs.storage == Some(StorageClass::Static)
                {
                    return false;
                }
                if id.init.is_some() {
                    return true;
                }
                match self.specs_type(specs, &env, depth + 1).and_then(|b| {
                    self.declarator_type(Some(b), &id.declarator.ops, false, &env, depth)
                }) {
                    Some(t) => self.needs_construction(&t, depth + 1),
                    // A type we cannot compute (libstdc++'s `_Hashtable` behind
                    // `unordered_map`, whose default arguments come from traits): judged by
                    // the class template it names.
                    None => {
                        !id.declarator
                            .ops
                            .iter()
                            .any(|o| !matches!(o, DeclaratorOp::Array { .. }))
                            && self.names_constructed_template(specs, depth + 1)
                    }
                }
            })
        })
    }

    /// Does `specs` name, through typedefs and alias templates, a class (template) whose
    /// definition (the primary one for a template) needs construction?
    fn names_constructed_template(&self, specs: &DeclSpecs, depth: u32) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let TypeSpec::Named { name, .. } = &specs.ty else {
            return false;
        };
        let Some(e) = name.resolution.entity() else {
            return false;
        };
        let ent = self.sema.entity(e);
        match ent.kind {
            EntityKind::Typedef => {
                match (self.decls.typedefs.get(&e), self.decls.aliases.get(&e)) {
                    (Some(&(s, d)), _) if d.ops.is_empty() => {
                        self.names_constructed_template(s, depth + 1)
                    }
                    (_, Some(&(t, _))) if t.declarator.ops.is_empty() => {
                        self.names_constructed_template(&t.specs, depth + 1)
                    }
                    _ => false,
                }
            }
            EntityKind::Class(_) => {
                let primary = ent.primary.unwrap_or(e);
                self.class_needs_construction(
                    &[Comp {
                        entity: primary,
                        args: None,
                    }],
                    depth + 1,
                )
            }
            _ => false,
        }
    }
}

/// A class definition chosen for a class type ([`Mangler::select`]).
pub(crate) struct Selected<'a> {
    pub(crate) spec: &'a ClassSpec,
    /// The definition's scope.
    pub(crate) scope: ScopeId,
    /// The bindings its body sees (and its scope, for names looked up there).
    pub(crate) env: Env,
}

/// Where [`Mangler::dependent_type`] has got to in a qualified name.
enum Lookup {
    Namespace(ScopeId),
    Type(Ty),
}

/// Matches a partial specialization's argument against an actual one, deducing the
/// specialization's parameters (`holes`).
/// The name a type-id is made of alone (`T`, the `Ts` of `Ts...`).
fn bare_type_name(t: &TypeId) -> Option<&QualName> {
    match (&t.specs.ty, t.declarator.ops.is_empty()) {
        (TypeSpec::Named { name, .. }, true) => Some(name),
        _ => None,
    }
}

/// Marks a [`Arg::Hole`] that stands for a partial specialization's parameter pack: last
/// in an [`Arg::Pack`] pattern, it matches the rest of the sequence.
const PACK_HOLE: u32 = 1 << 31;

fn unify_arg(pattern: &Arg, actual: &Arg, holes: &mut [Option<Arg>]) -> bool {
    match (pattern, actual) {
        // A pack's elements, the last of them a pack parameter taking what remains.
        (Arg::Pack(p), Arg::Pack(a)) if matches!(p.last(), Some(Arg::Hole(h)) if h & PACK_HOLE != 0) =>
        {
            let Some((Arg::Hole(h), head)) = p.split_last() else {
                return false;
            };
            a.len() >= head.len()
                && head.iter().zip(a).all(|(p, a)| unify_arg(p, a, holes))
                && deduce(h & !PACK_HOLE, &Arg::Pack(a[head.len()..].to_vec()), holes)
        }
        (Arg::Hole(i), a) => deduce(*i, a, holes),
        (Arg::Type(p), Arg::Type(a)) => unify_ty(p, a, holes),
        (Arg::Value(_, p), Arg::Value(_, a)) => p == a,
        (Arg::Template(p), Arg::Template(a)) => p == a,
        (Arg::Function(p), Arg::Function(a)) => p == a,
        (Arg::Pack(p), Arg::Pack(a)) => {
            p.len() == a.len() && p.iter().zip(a).all(|(p, a)| unify_arg(p, a, holes))
        }
        _ => false,
    }
}

fn deduce(i: u32, a: &Arg, holes: &mut [Option<Arg>]) -> bool {
    match holes.get_mut(i as usize) {
        Some(Some(b)) => b == a,
        Some(slot) => {
            *slot = Some(a.clone());
            true
        }
        None => false,
    }
}

fn unify_ty(p: &Ty, a: &Ty, holes: &mut [Option<Arg>]) -> bool {
    match (p, a) {
        (Ty::Hole(i), a) => deduce(*i, &Arg::Type(a.clone()), holes),
        (Ty::Named(p), Ty::Named(a)) => {
            p.len() == a.len()
                && p.iter().zip(a).all(|(p, a)| {
                    p.entity == a.entity
                        && match (&p.args, &a.args) {
                            (None, None) => true,
                            (Some(p), Some(a)) => {
                                p.len() == a.len()
                                    && p.iter().zip(a).all(|(p, a)| unify_arg(p, a, holes))
                            }
                            _ => false,
                        }
                })
        }
        (Ty::Pointer(p), Ty::Pointer(a))
        | (Ty::LRef(p), Ty::LRef(a))
        | (Ty::RRef(p), Ty::RRef(a))
        | (Ty::Complex(p), Ty::Complex(a))
        | (Ty::Pack(p), Ty::Pack(a)) => unify_ty(p, a, holes),
        (Ty::Qualified(q, p), Ty::Qualified(r, a)) => q == r && unify_ty(p, a, holes),
        (Ty::Array(n, p), Ty::Array(m, a)) => n == m && unify_ty(p, a, holes),
        (Ty::MemberPointer(pc, pm), Ty::MemberPointer(ac, am)) => {
            unify_ty(pc, ac, holes) && unify_ty(pm, am, holes)
        }
        (Ty::Function(p), Ty::Function(a)) => {
            p.variadic == a.variadic
                && p.quals == a.quals
                && p.ref_qualifier == a.ref_qualifier
                && p.noexcept == a.noexcept
                && p.method == a.method
                && p.params.len() == a.params.len()
                && unify_ty(&p.ret, &a.ret, holes)
                && p.params
                    .iter()
                    .zip(&a.params)
                    .all(|(p, a)| unify_ty(p, a, holes))
        }
        (p, a) => p == a,
    }
}

/// What [`Mangler::variable_type`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct VariableType {
    pub is_const: bool,
    pub needs_construction: bool,
}

/// Is a member declarator a constructor callable without arguments, or the destructor?
fn special_member(d: &Declarator, class_name: Option<Symbol>) -> bool {
    let (Some(name), Some(f)) = (&d.name, d.function()) else {
        return false;
    };
    match &name.last().kind {
        NameKind::Destructor(_) => true,
        NameKind::Ident(s) => {
            Some(*s) == class_name && f.params.iter().all(|p| p.default.is_some())
        }
        _ => false,
    }
}

// ---------------------------------------------------------------------------------------
// The type model

/// A type as the mangler sees it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ty {
    /// A builtin type, by its code (`i`, `Dn`, `DF16_`).
    Builtin(&'static str),
    /// A class or enum type.
    Named(Path),
    /// The `n`th template parameter of the function template being mangled (`T_`, `T0_`).
    Param(u32),
    Pointer(Box<Ty>),
    LRef(Box<Ty>),
    RRef(Box<Ty>),
    /// Never around another `Qualified`, a reference, an array or a function.
    Qualified(Quals, Box<Ty>),
    Array(Option<u128>, Box<Ty>),
    Function(Box<FnType>),
    MemberPointer(Box<Ty>, Box<Ty>),
    Complex(Box<Ty>),
    /// `T...`: a pack expansion in a parameter list.
    Pack(Box<Ty>),
    /// A partial specialization's type parameter, while matching it.
    Hole(u32),
    /// The element type of GCC's `__builtin_va_list` (`__va_list_tag[1]`).
    VaListTag,
    /// `decltype(N)` for the `n`th template parameter (a non-type one) of the function
    /// template being mangled: `DtT_E`.
    DecltypeParam(u32),
    /// The closure type of an extended lambda.
    Closure(Box<Closure>),
}

/// The closure type of an extended lambda: a local class of the function the lambda is
/// in, `Z <encoding> E Ul <parameter types> E [<number>] _` on the device side, and a
/// wrapper type (`__nv_dl_wrapper_t<...>`) in the host file.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Closure {
    pub(crate) context: FnContext,
    /// The parameter types of the call operator.
    pub(crate) sig: Vec<Ty>,
    pub(crate) variadic: bool,
    /// How many closures before this one in the same body have the same parameter types.
    pub(crate) number: u32,
    /// The type as the host file names it.
    pub(crate) host: String,
    /// Size and alignment of the device closure (its captures, in order).
    pub(crate) size: u64,
    pub(crate) align: u64,
    /// The tag's type (a pointer to the enclosing function or member), its ordinal and the
    /// capture types: with the host-device flags and the call operator's return type of an
    /// HD lambda, what the host-side name (`Unvdl`, `Unvhdl`) of the wrapper is made of.
    pub(crate) tag_type: Ty,
    pub(crate) ordinal: u32,
    pub(crate) captures: Vec<Ty>,
    pub(crate) host_device: Option<HostDeviceFlags>,
}

/// `IsMutable`, `HasFuncPtrConv`, `NeverThrows` and the return type of an HD lambda's
/// wrapper.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct HostDeviceFlags {
    pub(crate) is_mutable: bool,
    pub(crate) fn_ptr_conv: bool,
    pub(crate) never_throws: bool,
    pub(crate) ret: Ty,
}

/// A function as the `<encoding>` of a local name names it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FnContext {
    /// `main` and `extern "C"` functions: their name alone.
    pub(crate) plain: Option<String>,
    /// A function with internal linkage: the name of the unit's internal scope
    /// (`_INTERNAL_<module id>`) its nested name starts with.
    pub(crate) internal: Option<String>,
    pub(crate) scope: Path,
    pub(crate) name: Unqualified,
    /// A function template's instance: the template and its arguments.
    pub(crate) template: Option<(EntityId, Vec<Arg>)>,
    /// The return type of a function template's instance.
    pub(crate) ret: Option<Ty>,
    pub(crate) params: Vec<Ty>,
    pub(crate) variadic: bool,
    pub(crate) quals: Quals,
    pub(crate) ref_qualifier: Option<RefQualifier>,
    /// The call operator of a lambda's closure type (the other fields unused): a lambda
    /// in a lambda is local to it.
    pub(crate) lambda: Option<Box<LambdaOperator>>,
}

/// A closure type's call operator: `Z <context> E N [K] <closure> cl E <parameters>`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LambdaOperator {
    pub(crate) closure: Closure,
    /// Not `mutable`.
    pub(crate) is_const: bool,
}

impl FnContext {
    /// A lambda's call operator as a context.
    pub(crate) fn lambda_operator(closure: Closure, is_const: bool) -> FnContext {
        FnContext {
            plain: None,
            internal: None,
            scope: Vec::new(),
            name: Unqualified::Source(String::new()),
            template: None,
            ret: None,
            params: Vec::new(),
            variadic: false,
            quals: Quals::default(),
            ref_qualifier: None,
            lambda: Some(Box::new(LambdaOperator { closure, is_const })),
        }
    }

    /// The function itself, through the lambdas it is in.
    fn root(&self) -> &FnContext {
        match &self.lambda {
            Some(op) => op.closure.context.root(),
            None => self,
        }
    }
}

impl Ty {
    /// Does the type nest more than `n` levels deep? (Looks no deeper than that.)
    fn deeper_than(&self, n: u32) -> bool {
        let Some(n) = n.checked_sub(1) else {
            return true;
        };
        match self {
            Ty::Builtin(_)
            | Ty::Param(_)
            | Ty::Hole(_)
            | Ty::VaListTag
            | Ty::DecltypeParam(_)
            | Ty::Closure(_) => false,
            Ty::Named(p) => p.iter().any(|c| {
                c.args
                    .as_ref()
                    .is_some_and(|a| a.iter().any(|a| a.deeper_than(n)))
            }),
            Ty::Pointer(x)
            | Ty::LRef(x)
            | Ty::RRef(x)
            | Ty::Qualified(_, x)
            | Ty::Array(_, x)
            | Ty::Complex(x)
            | Ty::Pack(x) => x.deeper_than(n),
            Ty::Function(f) => f.ret.deeper_than(n) || f.params.iter().any(|p| p.deeper_than(n)),
            Ty::MemberPointer(c, m) => c.deeper_than(n) || m.deeper_than(n),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Quals {
    pub(crate) c: bool,
    pub(crate) v: bool,
    pub(crate) r: bool,
}

impl Quals {
    fn is_empty(self) -> bool {
        !(self.c || self.v || self.r)
    }

    fn union(self, o: Quals) -> Quals {
        Quals {
            c: self.c || o.c,
            v: self.v || o.v,
            r: self.r || o.r,
        }
    }

    /// `<CV-qualifiers> ::= [r] [V] [K]`.
    fn code(self) -> String {
        let mut s = String::new();
        if self.r {
            s.push('r');
        }
        if self.v {
            s.push('V');
        }
        if self.c {
            s.push('K');
        }
        s
    }
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FnType {
    pub(crate) ret: Ty,
    pub(crate) params: Vec<Ty>,
    pub(crate) variadic: bool,
    /// The cv-qualifiers of a member function type.
    pub(crate) quals: Quals,
    pub(crate) ref_qualifier: Option<RefQualifier>,
    pub(crate) noexcept: bool,
    /// The type of a member function (through a pointer to member): a substitution
    /// candidate distinct from the plain function type.
    pub(crate) method: bool,
}

/// The namespaces and classes of a name, outermost first.
pub(crate) type Path = Vec<Comp>;

/// A namespace, class or enum, with its template arguments if it is a class template.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Comp {
    pub(crate) entity: EntityId,
    pub(crate) args: Option<Vec<Arg>>,
}

/// A template argument.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Arg {
    Type(Ty),
    /// An integral value of the given type.
    Value(Ty, i128),
    Pack(Vec<Arg>),
    /// A class template (or alias template) as the argument of a template template
    /// parameter: its path, the last component without arguments.
    Template(Path),
    /// A partial specialization's non-type parameter, while matching it; in a function
    /// template's signature, its `n`th (non-type) template parameter.
    Hole(u32),
    /// The address of a function (with C++ linkage, not a template) as the argument of a
    /// non-type template parameter: `g<f>` for `template <void (*F)(float *)>`.
    Function(EntityId),
}

impl Arg {
    fn deeper_than(&self, n: u32) -> bool {
        match self {
            Arg::Type(t) | Arg::Value(t, _) => t.deeper_than(n),
            Arg::Pack(v) => v.iter().any(|a| a.deeper_than(n)),
            Arg::Template(_) | Arg::Hole(_) | Arg::Function(_) => false,
        }
    }
}

/// The unqualified name of a function.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Unqualified {
    Source(String),
    Ctor,
    Dtor,
    Operator(&'static str),
    Conversion(Ty),
    Literal(String),
}

/// Template parameters bound to arguments, and the scope names that lookup could not
/// resolve while parsing are looked up from.
#[derive(Debug, Clone, Default)]
pub(crate) struct Env {
    pub(crate) bound: Vec<(EntityId, Arg)>,
    pub(crate) scope: Option<ScopeId>,
}

impl Env {
    pub(crate) fn in_scope(scope: ScopeId) -> Env {
        Env {
            bound: Vec::new(),
            scope: Some(scope),
        }
    }

    pub(crate) fn get(&self, e: EntityId) -> Option<&Arg> {
        self.bound
            .iter()
            .rev()
            .find(|(p, _)| *p == e)
            .map(|(_, a)| a)
    }

    /// The bound template parameter called `name`, the latest bound first.
    fn param_named(&self, sema: &Sema, name: Symbol) -> Option<EntityId> {
        self.bound
            .iter()
            .rev()
            .map(|(p, _)| *p)
            .find(|&p| sema.entity(p).name == Some(name))
    }

    pub(crate) fn bind(&mut self, e: EntityId, a: Arg) {
        self.bound.push((e, a));
    }
}

/// Binds a template head's parameters to `args`, in order.
pub(crate) fn bind_head(env: &mut Env, head: &TemplateHead, args: &[Arg]) {
    for (p, a) in head.params.iter().zip(args) {
        if let Some(e) = p.entity {
            env.bind(e, a.clone());
        }
    }
}

/// Does a type mention a parameter of the function template being mangled?
fn mentions_template_param(t: &Ty) -> bool {
    let arg = |a: &Arg| match a {
        Arg::Type(t) | Arg::Value(t, _) => mentions_template_param(t),
        Arg::Pack(v) => v
            .iter()
            .any(|a| matches!(a, Arg::Type(t) if mentions_template_param(t))),
        Arg::Template(_) | Arg::Function(_) => false,
        Arg::Hole(_) => true,
    };
    match t {
        Ty::Param(_) | Ty::DecltypeParam(_) | Ty::Hole(_) => true,
        Ty::Builtin(_) | Ty::VaListTag | Ty::Closure(_) => false,
        Ty::Named(p) => p
            .iter()
            .any(|c| c.args.as_ref().is_some_and(|a| a.iter().any(arg))),
        Ty::Pointer(x)
        | Ty::LRef(x)
        | Ty::RRef(x)
        | Ty::Qualified(_, x)
        | Ty::Array(_, x)
        | Ty::Complex(x)
        | Ty::Pack(x) => mentions_template_param(x),
        Ty::Function(f) => {
            mentions_template_param(&f.ret) || f.params.iter().any(mentions_template_param)
        }
        Ty::MemberPointer(c, m) => mentions_template_param(c) || mentions_template_param(m),
    }
}

/// A type without its top-level cv-qualifiers.
fn unqualified_ty(t: Ty) -> Ty {
    match t {
        Ty::Qualified(_, x) => *x,
        t => t,
    }
}

/// The type of an integer literal (by its suffix, value and radix), as its builtin code.
pub(crate) fn integer_literal_type(text: &[u8]) -> Option<&'static str> {
    use literal::IntSize;
    let lit = literal::parse_integer(text).ok()?;
    let v = lit.value;
    let hex = lit.radix != 10;
    let u = lit.suffix.unsigned;
    Some(match lit.suffix.size {
        IntSize::Int if u => {
            if v <= u32::MAX as u128 {
                "j"
            } else {
                "m"
            }
        }
        IntSize::Int => {
            if v <= i32::MAX as u128 {
                "i"
            } else if hex && v <= u32::MAX as u128 {
                "j"
            } else if v <= i64::MAX as u128 {
                "l"
            } else {
                "m"
            }
        }
        IntSize::Long => {
            if u || (hex && v > i64::MAX as u128) {
                "m"
            } else {
                "l"
            }
        }
        IntSize::LongLong => {
            if u || (hex && v > i64::MAX as u128) {
                "y"
            } else {
                "x"
            }
        }
        _ => return None,
    })
}

/// The type of a character literal, as its builtin code.
pub(crate) fn char_literal_type(text: &[u8]) -> Option<&'static str> {
    Some(match text.first()? {
        b'\'' => "c",
        b'L' => "w",
        b'U' => "Di",
        b'u' if text.get(1) == Some(&b'8') => "Du",
        b'u' => "Ds",
        _ => return None,
    })
}

/// The width in bits and the signedness of an integer type (x86-64: `char` and `wchar_t`
/// are signed); `None` for other types and for the 128-bit ones.
fn integer_width(code: &str) -> Option<(u32, bool)> {
    Some(match code {
        "b" => (1, false),
        "c" | "a" => (8, true),
        "h" | "Du" => (8, false),
        "s" => (16, true),
        "t" | "Ds" => (16, false),
        "i" | "w" => (32, true),
        "j" | "Di" => (32, false),
        "l" | "x" => (64, true),
        "m" | "y" => (64, false),
        _ => return None,
    })
}

/// `v` converted to the integer type `code`, as a conversion does: wrapped to its width.
fn convert_to(code: &str, v: i128) -> i128 {
    match integer_width(code) {
        Some((1, _)) => (v != 0) as i128,
        Some((bits, signed)) => {
            let m = v & ((1i128 << bits) - 1);
            if signed && m >= 1i128 << (bits - 1) {
                m - (1i128 << bits)
            } else {
                m
            }
        }
        None => v,
    }
}

pub(crate) fn value_arg(ty: Ty, v: i128) -> Option<Arg> {
    let base = match &ty {
        Ty::Qualified(_, x) => x.as_ref(),
        t => t,
    };
    match base {
        Ty::Builtin(code) if integer_width(code).is_some() => {
            Some(Arg::Value(base.clone(), convert_to(code, v)))
        }
        Ty::Builtin(_) | Ty::Named(_) => Some(Arg::Value(base.clone(), v)),
        _ => None,
    }
}

fn is_const(t: &Ty) -> bool {
    match t {
        Ty::Qualified(q, _) => q.c,
        Ty::Array(_, e) => is_const(e),
        _ => false,
    }
}

fn qualify(t: Ty, q: Quals) -> Ty {
    if q.is_empty() {
        return t;
    }
    match t {
        Ty::Qualified(q0, x) => Ty::Qualified(q0.union(q), x),
        Ty::Array(n, e) => Ty::Array(n, Box::new(qualify(*e, q))),
        Ty::LRef(_) | Ty::RRef(_) | Ty::Function(_) => t,
        t => Ty::Qualified(q, Box::new(t)),
    }
}

/// `T&` / `T&&`, collapsing references to references.
fn reference(t: Ty, rvalue: bool) -> Ty {
    match t {
        Ty::LRef(x) => Ty::LRef(x),
        Ty::RRef(x) if rvalue => Ty::RRef(x),
        Ty::RRef(x) => Ty::LRef(x),
        t if rvalue => Ty::RRef(Box::new(t)),
        t => Ty::LRef(Box::new(t)),
    }
}

pub(crate) fn adjust_param(t: Ty) -> Ty {
    match t {
        Ty::Array(_, e) => Ty::Pointer(e),
        f @ Ty::Function(_) => Ty::Pointer(Box::new(f)),
        Ty::Qualified(_, x) => adjust_param(*x),
        Ty::Pack(x) => Ty::Pack(Box::new(adjust_param(*x))),
        t => t,
    }
}

pub(crate) fn builtin_type(b: &BuiltinSpec, interner: &Interner) -> Option<Ty> {
    let code = if b.void {
        "v"
    } else if b.bool_ {
        "b"
    } else if b.char {
        if b.signed {
            "a"
        } else if b.unsigned {
            "h"
        } else {
            "c"
        }
    } else if b.wchar {
        "w"
    } else if b.char8 {
        "Du"
    } else if b.char16 {
        "Ds"
    } else if b.char32 {
        "Di"
    } else if b.int128 {
        if b.unsigned { "o" } else { "n" }
    } else if b.float {
        "f"
    } else if b.double {
        if b.long > 0 { "e" } else { "d" }
    } else if b.float128 {
        "g"
    } else if let Some(x) = b.extended_float {
        match &*interner.name(x) {
            "_Float16" => "DF16_",
            "__bf16" => "DF16b",
            "_Float32" => "DF32_",
            "_Float64" => "DF64_",
            "_Float128" => "DF128_",
            "_Float32x" => "DF32x",
            "_Float64x" => "DF64x",
            "__float80" => "e",
            _ => return None,
        }
    } else if b.short {
        if b.unsigned { "t" } else { "s" }
    } else if b.long == 1 {
        if b.unsigned { "m" } else { "l" }
    } else if b.long >= 2 {
        if b.unsigned { "y" } else { "x" }
    } else if b.int || b.signed || b.unsigned {
        if b.unsigned { "j" } else { "i" }
    } else if b.complex {
        // `_Complex` alone is `_Complex double`.
        "d"
    } else {
        return None;
    };
    let t = Ty::Builtin(code);
    Some(if b.complex {
        Ty::Complex(Box::new(t))
    } else {
        t
    })
}

/// `<operator-name>`: unary forms for one operand (`arity` counts `this`).
fn operator_code(op: OverloadedOp, arity: usize) -> &'static str {
    use OverloadedOp as O;
    let unary = arity == 1;
    match op {
        O::New => "nw",
        O::NewArray => "na",
        O::Delete => "dl",
        O::DeleteArray => "da",
        O::CoAwait => "aw",
        O::Call => "cl",
        O::Subscript => "ix",
        O::Arrow => "pt",
        O::ArrowStar => "pm",
        O::Tilde => "co",
        O::Exclaim => "nt",
        O::Plus if unary => "ps",
        O::Plus => "pl",
        O::Minus if unary => "ng",
        O::Minus => "mi",
        O::Star if unary => "de",
        O::Star => "ml",
        O::Amp if unary => "ad",
        O::Amp => "an",
        O::Slash => "dv",
        O::Percent => "rm",
        O::Caret => "eo",
        O::Pipe => "or",
        O::Assign => "aS",
        O::Less => "lt",
        O::Greater => "gt",
        O::PlusAssign => "pL",
        O::MinusAssign => "mI",
        O::StarAssign => "mL",
        O::SlashAssign => "dV",
        O::PercentAssign => "rM",
        O::CaretAssign => "eO",
        O::AmpAssign => "aN",
        O::PipeAssign => "oR",
        O::LessLess => "ls",
        O::GreaterGreater => "rs",
        O::LessLessAssign => "lS",
        O::GreaterGreaterAssign => "rS",
        O::EqualEqual => "eq",
        O::ExclaimEqual => "ne",
        O::LessEqual => "le",
        O::GreaterEqual => "ge",
        O::Spaceship => "ss",
        O::AmpAmp => "aa",
        O::PipePipe => "oo",
        O::PlusPlus => "pp",
        O::MinusMinus => "mm",
        O::Comma => "cm",
    }
}

// ---------------------------------------------------------------------------------------
// Encoding

/// A substitution candidate: a name prefix (class types are their names) or another type.
#[derive(Debug, Clone, PartialEq)]
enum Sub {
    Name(Path),
    Type(Ty),
    /// The unit's internal scope (`_INTERNAL<module id>`) and, by their path, the scopes
    /// under it in the name of a function with internal linkage.
    Internal(Path),
}

/// Writes one mangled name, keeping its substitution candidates.
struct Encoder<'m, 'a> {
    m: &'m Mangler<'a>,
    out: String,
    subs: Vec<Sub>,
    /// Closure types by the host-side names of their wrappers (the names of cicc's
    /// `__device_stub_` functions), not by their device names.
    host_closures: bool,
    /// ABI tags written after the unqualified name of the function (cudafe++ gives
    /// variables none: `std::string g;` is `g`, where GCC's is `_Z1gB5cxx11`).
    name_tags: Vec<String>,
}

impl<'m, 'a> Encoder<'m, 'a> {
    fn new(m: &'m Mangler<'a>) -> Encoder<'m, 'a> {
        Encoder {
            m,
            out: String::new(),
            subs: Vec::new(),
            host_closures: false,
            name_tags: Vec::new(),
        }
    }

    /// `B <source-name>` for each of the name's ABI tags.
    fn abi_tags(&mut self) {
        for t in std::mem::take(&mut self.name_tags) {
            self.out.push('B');
            self.source_name(&t);
        }
    }

    /// Writes `S_`, `S0_`, ... for `key` if it is a candidate already.
    fn substitute(&mut self, key: &Sub) -> bool {
        let Some(i) = self.subs.iter().position(|s| s == key) else {
            return false;
        };
        self.out.push('S');
        if i > 0 {
            self.out.push_str(&base36(i - 1));
        }
        self.out.push('_');
        true
    }

    fn source_name(&mut self, s: &str) {
        let _ = write!(self.out, "{}{s}", s.len());
    }

    /// The `<unqualified-name>` of a namespace, class or enum.
    fn comp_name(&mut self, c: &Comp) -> Option<()> {
        let ent = self.m.sema.entity(c.entity);
        let name = match (ent.kind, ent.name) {
            (_, Some(n)) => self.m.interner.name(n).into_owned(),
            (EntityKind::Namespace, None) => format!("_GLOBAL__N_{}", self.m.module_id?),
            (_, None) => {
                let n = self.m.decls.typedef_names.get(&c.entity)?;
                self.m.interner.name(*n).into_owned()
            }
        };
        self.source_name(&name);
        // A class's own ABI tags (a namespace's are not written: its name is).
        if ent.kind != EntityKind::Namespace
            && let Some(tags) = self.m.abi_tags.get(&c.entity)
        {
            for t in tags {
                self.out.push('B');
                self.source_name(t);
            }
        }
        Some(())
    }

    /// One component on its own: its name and template arguments.
    fn component(&mut self, c: &Comp) -> Option<()> {
        self.comp_name(c)?;
        if let Some(args) = &c.args {
            self.template_args(args)?;
        }
        Some(())
    }

    fn is_std_path(&self, p: &[Comp]) -> bool {
        p.len() == 1 && p[0].args.is_none() && self.m.is_std(p[0].entity)
    }

    /// `Ss`, `Si`, `So`, `Sd`: the standard abbreviations for whole types.
    fn std_type_abbreviation(&self, p: &[Comp]) -> Option<&'static str> {
        let [std, c] = p else { return None };
        if !self.m.is_std(std.entity) {
            return None;
        }
        let args = c.args.as_ref()?;
        let char_ty = Arg::Type(Ty::Builtin("c"));
        let std_of = |name: &str, args: &[Arg]| {
            self.std_template(name).map(|e| {
                Arg::Type(Ty::Named(vec![
                    std.clone(),
                    Comp {
                        entity: e,
                        args: Some(args.to_vec()),
                    },
                ]))
            })
        };
        let traits = std_of("char_traits", std::slice::from_ref(&char_ty))?;
        let stream = [char_ty.clone(), traits.clone()];
        for (name, code) in [
            ("basic_istream", "Si"),
            ("basic_ostream", "So"),
            ("basic_iostream", "Sd"),
        ] {
            if self.m.is_std_member(c.entity, name) && args[..] == stream {
                return Some(code);
            }
        }
        if self.m.is_std_member(c.entity, "basic_string") {
            let alloc = std_of("allocator", std::slice::from_ref(&char_ty))?;
            if args[..] == [char_ty, traits, alloc] {
                return Some("Ss");
            }
        }
        None
    }

    /// The class template `std::<name>`, if declared.
    fn std_template(&self, name: &str) -> Option<EntityId> {
        let sym = self.m.interner.get(name.as_bytes())?;
        let std = self
            .m
            .sema
            .scope(Sema::GLOBAL)
            .names
            .get(&self.m.interner.get(b"std")?)?;
        let ns = std.iter().copied().find(|&e| self.m.is_std(e))?;
        let scope = self.m.sema.entity(ns).scope?;
        self.m
            .sema
            .scope(scope)
            .names
            .get(&sym)?
            .iter()
            .copied()
            .find(|&e| matches!(self.m.sema.entity(e).kind, EntityKind::Class(_)))
    }

    /// `Sa`, `Sb`: the abbreviations for the templates `std::allocator` and
    /// `std::basic_string`.
    fn std_template_abbreviation(&self, p: &[Comp]) -> Option<&'static str> {
        let [std, c] = p else { return None };
        if !self.m.is_std(std.entity) || c.args.is_some() {
            return None;
        }
        if self.m.is_std_member(c.entity, "allocator") {
            Some("Sa")
        } else if self.m.is_std_member(c.entity, "basic_string") {
            Some("Sb")
        } else {
            None
        }
    }

    /// `<prefix>` for the path `p` (every prefix of it becoming a candidate).
    fn prefix(&mut self, p: &[Comp]) -> Option<()> {
        let Some((last, outer)) = p.split_last() else {
            return Some(());
        };
        if self.is_std_path(p) {
            self.out.push_str("St");
            return Some(());
        }
        if let Some(code) = self.std_type_abbreviation(p) {
            self.out.push_str(code);
            return Some(());
        }
        if self.substitute(&Sub::Name(p.to_vec())) {
            return Some(());
        }
        match &last.args {
            Some(args) => {
                let mut template = p.to_vec();
                if let Some(l) = template.last_mut() {
                    l.args = None;
                }
                if let Some(code) = self.std_template_abbreviation(&template) {
                    self.out.push_str(code);
                } else if !self.substitute(&Sub::Name(template.clone())) {
                    self.prefix(outer)?;
                    self.comp_name(last)?;
                    self.subs.push(Sub::Name(template));
                }
                self.template_args(args)?;
            }
            None => {
                self.prefix(outer)?;
                self.comp_name(last)?;
            }
        }
        self.subs.push(Sub::Name(p.to_vec()));
        Some(())
    }

    /// A class or enum type: `<unscoped-name>` (under `St` at most) or `N <prefix> E`.
    fn class_type(&mut self, p: &[Comp]) -> Option<()> {
        let (last, outer) = p.split_last()?;
        if let Some(code) = self.std_type_abbreviation(p) {
            self.out.push_str(code);
            return Some(());
        }
        if self.substitute(&Sub::Name(p.to_vec())) {
            return Some(());
        }
        if !(outer.is_empty() || self.is_std_path(outer)) {
            self.out.push('N');
            self.prefix(p)?;
            self.out.push('E');
            return Some(());
        }
        let st = if outer.is_empty() { "" } else { "St" };
        match &last.args {
            Some(args) => {
                let mut template = p.to_vec();
                if let Some(l) = template.last_mut() {
                    l.args = None;
                }
                if let Some(code) = self.std_template_abbreviation(&template) {
                    self.out.push_str(code);
                } else if !self.substitute(&Sub::Name(template.clone())) {
                    self.out.push_str(st);
                    self.comp_name(last)?;
                    self.subs.push(Sub::Name(template));
                }
                self.template_args(args)?;
            }
            None => {
                self.out.push_str(st);
                self.comp_name(last)?;
            }
        }
        self.subs.push(Sub::Name(p.to_vec()));
        Some(())
    }

    fn template_args(&mut self, args: &[Arg]) -> Option<()> {
        self.out.push('I');
        for a in args {
            self.arg(a)?;
        }
        self.out.push('E');
        Some(())
    }

    fn arg(&mut self, a: &Arg) -> Option<()> {
        match a {
            Arg::Type(t) => self.ty(t),
            Arg::Value(t, v) => {
                self.out.push('L');
                self.ty(t)?;
                if *v < 0 {
                    let _ = write!(self.out, "n{}", v.unsigned_abs());
                } else {
                    let _ = write!(self.out, "{v}");
                }
                self.out.push('E');
                Some(())
            }
            Arg::Pack(v) => {
                self.out.push('J');
                for a in v {
                    self.arg(a)?;
                }
                self.out.push('E');
                Some(())
            }
            // A template name: `<name>`, a substitution candidate like a class's.
            Arg::Template(p) => self.class_type(p),
            // `XadL_Z1fPfEE`: the address of `f`, whose encoding adds to the substitutions.
            Arg::Function(f) => {
                let m = self.m;
                let ent = m.sema.entity(*f);
                if ent.flags.extern_c || ent.is_template {
                    return None;
                }
                let decls = m.decls.functions.get(f)?;
                let d = decls.iter().find(|d| d.definition).or(decls.first())?;
                let name = d.declarator.name.as_ref()?;
                let chunk = d.declarator.function()?;
                let env = Env::in_scope(ent.parent);
                let scope = m.scope_path(ent.parent, Some(name), &env, 0)?;
                let unq = m.unqualified(*f, name, chunk, &env)?;
                let params = m.params(chunk, &env, 0)?;
                self.out.push_str("XadL");
                self.function_name(&scope, &unq, None, Some(chunk))?;
                self.bare_function(&params, chunk.variadic)?;
                self.out.push_str("EE");
                Some(())
            }
            // A non-type template parameter of the function template: `XT_E`.
            Arg::Hole(i) => {
                self.out.push('X');
                match i {
                    0 => self.out.push_str("T_"),
                    i => {
                        let _ = write!(self.out, "T{}_", i - 1);
                    }
                }
                self.out.push('E');
                Some(())
            }
        }
    }

    fn ty(&mut self, t: &Ty) -> Option<()> {
        match t {
            Ty::Builtin(code) => {
                self.out.push_str(code);
                return Some(());
            }
            Ty::Named(p) => return self.class_type(p),
            Ty::Hole(_) => return None,
            _ => {}
        }
        let key = Sub::Type(t.clone());
        if self.substitute(&key) {
            return Some(());
        }
        match t {
            Ty::Param(0) => self.out.push_str("T_"),
            Ty::Param(i) => {
                let _ = write!(self.out, "T{}_", i - 1);
            }
            Ty::Pointer(x) => {
                self.out.push('P');
                self.ty(x)?;
            }
            Ty::LRef(x) => {
                self.out.push('R');
                self.ty(x)?;
            }
            Ty::RRef(x) => {
                self.out.push('O');
                self.ty(x)?;
            }
            Ty::Qualified(q, x) => {
                self.out.push_str(&q.code());
                self.ty(x)?;
            }
            Ty::Complex(x) => {
                self.out.push('C');
                self.ty(x)?;
            }
            Ty::Array(n, e) => {
                self.out.push('A');
                if let Some(n) = n {
                    let _ = write!(self.out, "{n}");
                }
                self.out.push('_');
                self.ty(e)?;
            }
            Ty::Function(f) => {
                self.out.push_str(&f.quals.code());
                if f.noexcept {
                    self.out.push_str("Do");
                }
                self.out.push('F');
                self.ty(&f.ret)?;
                self.bare_function(&f.params, f.variadic)?;
                match f.ref_qualifier {
                    Some(RefQualifier::LValue) => self.out.push('R'),
                    Some(RefQualifier::RValue) => self.out.push('O'),
                    None => {}
                }
                self.out.push('E');
            }
            Ty::MemberPointer(c, m) => {
                self.out.push('M');
                self.ty(c)?;
                self.ty(m)?;
            }
            Ty::Pack(x) => {
                self.out.push_str("Dp");
                self.ty(x)?;
            }
            Ty::VaListTag => self.source_name("__va_list_tag"),
            Ty::Closure(c) => {
                self.out.push('Z');
                self.fn_context(&c.context)?;
                self.out.push('E');
                if self.host_closures {
                    self.host_closure(c)?;
                } else {
                    self.closure_name(c)?;
                }
            }
            Ty::DecltypeParam(0) => self.out.push_str("DtT_E"),
            Ty::DecltypeParam(i) => {
                let _ = write!(self.out, "DtT{}_E", i - 1);
            }
            Ty::Builtin(_) | Ty::Named(_) | Ty::Hole(_) => return None,
        }
        self.subs.push(key);
        Some(())
    }

    /// The parameter types of a `<bare-function-type>`: `v` for none, `z` for `...`.
    fn bare_function(&mut self, params: &[Ty], variadic: bool) -> Option<()> {
        for p in params {
            self.ty(p)?;
        }
        if variadic {
            self.out.push('z');
        } else if params.is_empty() {
            self.out.push('v');
        }
        Some(())
    }

    /// `_Z` and a function's `<name>`: unscoped, or nested with the member function's
    /// qualifiers; with the template arguments of a function template's instance. (A
    /// variable template's instance is named the same way, without a function part.)
    fn function_name(
        &mut self,
        scope: &[Comp],
        name: &Unqualified,
        template: Option<(EntityId, &[Arg])>,
        chunk: Option<&FunctionChunk>,
    ) -> Option<()> {
        self.out.push_str("_Z");
        let member = scope
            .last()
            .is_some_and(|c| matches!(self.m.sema.entity(c.entity).kind, EntityKind::Class(_)));
        let quals = Quals {
            c: chunk.is_some_and(|c| c.is_const) && member,
            v: chunk.is_some_and(|c| c.is_volatile) && member,
            r: false,
        };
        let ref_q = chunk.and_then(|c| c.ref_qualifier).filter(|_| member);
        self.qualified_function_name(scope, name, template, quals, ref_q)
    }

    /// `Ul <parameter types> E [<number>] _`.
    fn closure_name(&mut self, c: &Closure) -> Option<()> {
        self.out.push_str("Ul");
        self.bare_function(&c.sig, c.variadic)?;
        self.out.push('E');
        if c.number > 0 {
            let _ = write!(self.out, "{}", c.number - 1);
        }
        self.out.push('_');
        Some(())
    }

    /// The host-side name of an extended lambda's wrapper type, as cicc names it:
    /// `Unvdl <captures> _ <tag type> <function> <ordinal> _ <capture types>`, or for an
    /// HD lambda `Unvhdl <mutable> _ <fn ptr conv> _ <never throws> _ <captures> _ <tag
    /// type> <function> <ordinal> _ <return type> <parameter types> E <capture types>`.
    fn host_closure(&mut self, c: &Closure) -> Option<()> {
        let n = c.captures.len();
        match &c.host_device {
            None => {
                let _ = write!(self.out, "Unvdl{n}_");
            }
            Some(h) => {
                let _ = write!(
                    self.out,
                    "Unvhdl{}_{}_{}_{n}_",
                    u8::from(h.is_mutable),
                    u8::from(h.fn_ptr_conv),
                    u8::from(h.never_throws)
                );
            }
        }
        self.ty(&c.tag_type)?;
        let f = c.context.root();
        match (&f.plain, &f.internal) {
            (Some(plain), _) => self.source_name(plain),
            (None, Some(internal)) => self.internal_function_name(internal, f)?,
            (None, None) => {
                let template = f.template.as_ref().map(|(t, a)| (*t, &a[..]));
                self.qualified_function_name(
                    &f.scope,
                    &f.name,
                    template,
                    f.quals,
                    f.ref_qualifier,
                )?;
            }
        }
        let _ = write!(self.out, "{}_", c.ordinal);
        if let Some(h) = &c.host_device {
            self.ty(&h.ret)?;
            self.bare_function(&c.sig, c.variadic)?;
            self.out.push('E');
        }
        for t in &c.captures {
            self.ty(t)?;
        }
        Some(())
    }

    /// The `<encoding>` of the function a local name is in.
    fn fn_context(&mut self, f: &FnContext) -> Option<()> {
        if let Some(op) = &f.lambda {
            let c = &op.closure;
            self.out.push('Z');
            self.fn_context(&c.context)?;
            self.out.push_str("EN");
            if op.is_const {
                self.out.push('K');
            }
            let key = Sub::Type(Ty::Closure(Box::new(c.clone())));
            if !self.substitute(&key) {
                self.closure_name(c)?;
                self.subs.push(key);
            }
            self.out.push_str("clE");
            return self.bare_function(&c.sig, c.variadic);
        }
        if let Some(plain) = &f.plain {
            self.source_name(plain);
            return Some(());
        }
        let template = f.template.as_ref().map(|(t, a)| (*t, &a[..]));
        match &f.internal {
            Some(internal) => self.internal_function_name(internal, f)?,
            None => {
                self.qualified_function_name(&f.scope, &f.name, template, f.quals, f.ref_qualifier)?
            }
        }
        if let Some(r) = &f.ret {
            self.ty(r)?;
        }
        self.bare_function(&f.params, f.variadic)
    }

    /// `N <internal scope> <scopes> <name> [<template args>] E` for a function with
    /// internal linkage. Its prefixes are candidates of their own: a later name of the
    /// same scope outside the internal one is not substituted by them.
    fn internal_function_name(&mut self, internal: &str, f: &FnContext) -> Option<()> {
        self.out.push('N');
        self.out.push_str(&f.quals.code());
        match f.ref_qualifier {
            Some(RefQualifier::LValue) => self.out.push('R'),
            Some(RefQualifier::RValue) => self.out.push('O'),
            None => {}
        }
        self.internal_scope(internal, &f.scope)?;
        self.unqualified(&f.name)?;
        if let Some((t, args)) = &f.template {
            let mut p = f.scope.clone();
            p.push(Comp {
                entity: *t,
                args: None,
            });
            self.subs.push(Sub::Internal(p));
            self.template_args(args)?;
        }
        self.out.push('E');
        Some(())
    }

    /// The internal scope and the scopes `scope` under it, substituted where seen before.
    fn internal_scope(&mut self, internal: &str, scope: &[Comp]) -> Option<()> {
        let key = Sub::Internal(scope.to_vec());
        if self.substitute(&key) {
            return Some(());
        }
        match scope.split_last() {
            None => self.source_name(internal),
            Some((last, outer)) => {
                self.internal_scope(internal, outer)?;
                self.comp_name(last)?;
                if let Some(args) = &last.args {
                    let mut t = scope.to_vec();
                    if let Some(l) = t.last_mut() {
                        l.args = None;
                    }
                    self.subs.push(Sub::Internal(t));
                    self.template_args(args)?;
                }
            }
        }
        self.subs.push(key);
        Some(())
    }

    /// A function's `<name>` after `_Z`.
    fn qualified_function_name(
        &mut self,
        scope: &[Comp],
        name: &Unqualified,
        template: Option<(EntityId, &[Arg])>,
        quals: Quals,
        ref_q: Option<RefQualifier>,
    ) -> Option<()> {
        let unscoped = scope.is_empty() || self.is_std_path(scope);
        // A template name seen before (in a local name's own encoding) is substituted.
        if let Some((f, args)) = template {
            let mut t = scope.to_vec();
            t.push(Comp {
                entity: f,
                args: None,
            });
            let key = Sub::Name(t);
            if self.subs.contains(&key) {
                // `<substitution> <template-args>`, nested only to carry qualifiers.
                let nested = !unscoped && (!quals.is_empty() || ref_q.is_some());
                if nested {
                    self.out.push('N');
                    self.out.push_str(&quals.code());
                }
                self.substitute(&key);
                self.template_args(args)?;
                if nested {
                    self.out.push('E');
                }
                return Some(());
            }
        }
        if !unscoped {
            self.out.push('N');
            self.out.push_str(&quals.code());
            match ref_q {
                Some(RefQualifier::LValue) => self.out.push('R'),
                Some(RefQualifier::RValue) => self.out.push('O'),
                None => {}
            }
            self.prefix(scope)?;
        } else if !scope.is_empty() {
            self.out.push_str("St");
        }
        self.unqualified(name)?;
        self.abi_tags();
        if let Some((f, args)) = template {
            let mut t = scope.to_vec();
            t.push(Comp {
                entity: f,
                args: None,
            });
            self.subs.push(Sub::Name(t));
            self.template_args(args)?;
        }
        if !unscoped {
            self.out.push('E');
        }
        Some(())
    }

    fn unqualified(&mut self, name: &Unqualified) -> Option<()> {
        match name {
            Unqualified::Source(s) => self.source_name(s),
            Unqualified::Ctor => self.out.push_str("C1"),
            Unqualified::Dtor => self.out.push_str("D1"),
            Unqualified::Operator(code) => self.out.push_str(code),
            Unqualified::Conversion(t) => {
                self.out.push_str("cv");
                self.ty(t)?;
            }
            Unqualified::Literal(s) => {
                self.out.push_str("li");
                self.source_name(s);
            }
        }
        Some(())
    }

    /// `_Z` and a variable's `<name>` in a namespace or class.
    fn variable_name(&mut self, scope: &[Comp], name: Symbol) -> Option<()> {
        let name = self.m.interner.name(name).into_owned();
        self.out.push_str("_Z");
        if self.is_std_path(scope) {
            self.out.push_str("St");
            self.source_name(&name);
            return Some(());
        }
        self.out.push('N');
        self.prefix(scope)?;
        self.source_name(&name);
        self.out.push('E');
        Some(())
    }
}

/// `<seq-id>`: base 36 with digits and upper-case letters.
fn base36(mut n: usize) -> String {
    const DIGITS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut s = Vec::new();
    loop {
        s.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------
// Declarations by entity

/// One declaration of a function.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FnDecl<'a> {
    pub(crate) specs: &'a DeclSpecs,
    pub(crate) declarator: &'a Declarator,
    /// The template head directly around it.
    pub(crate) template: Option<&'a TemplateHead>,
    pub(crate) definition: bool,
}

/// One declaration of a variable template.
#[derive(Debug, Clone, Copy)]
pub(crate) struct VarTemplateDecl<'a> {
    pub(crate) specs: &'a DeclSpecs,
    pub(crate) declarator: &'a InitDeclarator,
    pub(crate) head: &'a TemplateHead,
}

/// From entities back to the declarations the mangler reads.
#[derive(Default)]
pub(crate) struct Decls<'a> {
    pub(crate) functions: FxHashMap<EntityId, Vec<FnDecl<'a>>>,
    typedefs: FxHashMap<EntityId, (&'a DeclSpecs, &'a Declarator)>,
    aliases: FxHashMap<EntityId, (&'a TypeId, Option<&'a TemplateHead>)>,
    /// Class definitions, with the template head around them.
    pub(crate) classes: FxHashMap<EntityId, (&'a ClassSpec, Option<&'a TemplateHead>)>,
    /// The template heads of every declaration of a class template (default arguments may
    /// be given by any of them).
    class_heads: FxHashMap<EntityId, Vec<&'a TemplateHead>>,
    /// Unnamed classes and enums by their typedef name (`typedef struct { } S;`).
    pub(crate) typedef_names: FxHashMap<EntityId, Symbol>,
    /// Variables' initializers.
    pub(crate) initializers: FxHashMap<EntityId, &'a Expr>,
    /// Non-type template parameters' declarations.
    value_params: FxHashMap<EntityId, &'a Param>,
    /// Variable templates: their declarations' specifiers, declarators and template heads.
    pub(crate) var_templates: FxHashMap<EntityId, Vec<VarTemplateDecl<'a>>>,
    /// Enumerators: their enum's list and their index in it.
    enumerators: FxHashMap<EntityId, (&'a [Enumerator], usize)>,
    /// Enum definitions (and opaque declarations, which give the underlying type).
    pub(crate) enums: FxHashMap<EntityId, &'a EnumSpec>,
    /// The namespaces and classes declared with attributes (which may be ABI tags), with
    /// the name of an inline namespace (its tag when `abi_tag` has no arguments).
    attributed: Vec<(EntityId, &'a [Attribute], Option<Symbol>)>,
}

impl<'a> Decls<'a> {
    fn build(unit: &'a TranslationUnit) -> Decls<'a> {
        let mut d = Decls::default();
        d.decls(&unit.decls, None);
        d
    }

    /// The template heads of a class, alias or function template.
    pub(crate) fn heads(&self, template: EntityId) -> Vec<&'a TemplateHead> {
        if let Some(h) = self.class_heads.get(&template) {
            return h.clone();
        }
        if let Some((_, Some(h))) = self.aliases.get(&template) {
            return vec![h];
        }
        if let Some(v) = self.var_templates.get(&template) {
            return v.iter().map(|d| d.head).collect();
        }
        self.functions
            .get(&template)
            .map(|v| {
                v.iter()
                    .filter_map(|d| d.template.filter(|h| !h.params.is_empty()))
                    .collect()
            })
            .unwrap_or_default()
    }

    fn decls(&mut self, decls: &'a [Decl], template: Option<&'a TemplateHead>) {
        for d in decls {
            self.decl(d, template);
        }
    }

    /// Adds the initializers of the constants declared in function bodies (`constexpr int
    /// n = 4; k<n><<<...>>>(...)`), which [`Decls::build`] does not read.
    pub(crate) fn add_local_constants(&mut self, decls: &'a [Decl], sema: &Sema) {
        struct Locals<'a, 'd> {
            sema: &'d Sema,
            out: &'d mut FxHashMap<EntityId, &'a Expr>,
        }
        impl<'a> crate::syntax::visit::Visitor<'a> for Locals<'a, '_> {
            fn decl(&mut self, d: &'a Decl) {
                if let DeclKind::Simple { declarators, .. } = &d.kind {
                    for id in declarators.iter() {
                        let Some(e) = id.entity else { continue };
                        let ent = self.sema.entity(e);
                        if ent.kind != EntityKind::Variable
                            || !(ent.flags.is_const || ent.flags.is_constexpr)
                        {
                            continue;
                        }
                        let x = match &id.init {
                            Some(Initializer::Assign(x) | Initializer::Brace(x)) => x,
                            Some(Initializer::Paren(args, _)) if args.len() == 1 => &args[0],
                            _ => continue,
                        };
                        self.out.entry(e).or_insert(x);
                    }
                }
                crate::syntax::visit::walk_decl(self, d);
            }
        }
        let mut v = Locals {
            sema,
            out: &mut self.initializers,
        };
        crate::syntax::visit::walk_decls(&mut v, decls);
    }

    fn decl(&mut self, d: &'a Decl, template: Option<&'a TemplateHead>) {
        match &d.kind {
            DeclKind::Namespace(ns) => {
                if let Some(e) = ns.entity.filter(|_| !ns.attrs.is_empty()) {
                    let inline_name = ns.names.last().copied().filter(|_| ns.is_inline);
                    self.attributed.push((e, &ns.attrs, inline_name));
                }
                self.decls(&ns.decls, None)
            }
            DeclKind::LinkageSpec { decls, .. } => self.decls(decls, None),
            DeclKind::Template { head, decl } => {
                for p in head.params.iter() {
                    if let (Some(e), TemplateParamKind::NonType { param }) = (p.entity, &p.kind) {
                        self.value_params.insert(e, param);
                    }
                }
                self.decl(decl, Some(head))
            }
            DeclKind::Simple { specs, declarators } => {
                self.specs(specs, template, declarators.is_empty());
                for id in declarators {
                    let Some(e) = id.entity else { continue };
                    if specs.is_typedef {
                        self.typedefs.insert(e, (specs, &id.declarator));
                        if id.declarator.ops.is_empty()
                            && let Some(n) = id.declarator.name.as_ref().and_then(|n| n.ident())
                            && let Some(tag) = unnamed_tag(specs)
                        {
                            self.typedef_names.entry(tag).or_insert(n);
                        }
                    } else if id.declarator.is_function() {
                        self.functions.entry(e).or_default().push(FnDecl {
                            specs,
                            declarator: &id.declarator,
                            template,
                            definition: false,
                        });
                    } else {
                        if let Some(head) = template.filter(|h| !h.params.is_empty())
                            && id
                                .declarator
                                .name
                                .as_ref()
                                .is_some_and(|n| n.last().args.is_none())
                        {
                            self.var_templates
                                .entry(e)
                                .or_default()
                                .push(VarTemplateDecl {
                                    specs,
                                    declarator: id,
                                    head,
                                });
                        }
                        match &id.init {
                            Some(Initializer::Assign(x) | Initializer::Brace(x)) => {
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
                self.specs(&f.specs, None, false);
                if let Some(e) = f.entity {
                    self.functions.entry(e).or_default().push(FnDecl {
                        specs: &f.specs,
                        declarator: &f.declarator,
                        template,
                        definition: true,
                    });
                }
            }
            DeclKind::Alias {
                ty,
                entity: Some(e),
                ..
            } => {
                self.aliases.insert(*e, (ty, template));
            }
            _ => {}
        }
    }

    /// Class and enum definitions in specifiers; class template (re)declarations.
    fn specs(&mut self, specs: &'a DeclSpecs, template: Option<&'a TemplateHead>, alone: bool) {
        match &specs.ty {
            TypeSpec::Class(c) => {
                if let Some(e) = c.entity {
                    let head = template.filter(|_| alone);
                    self.classes.insert(e, (c, head));
                    if !c.attrs.is_empty() {
                        self.attributed.push((e, &c.attrs, None));
                    }
                    if let Some(h) = head.filter(|h| !h.params.is_empty())
                        && c.name.as_ref().is_some_and(|n| n.last().args.is_none())
                    {
                        self.class_heads.entry(e).or_default().push(h);
                    }
                }
                self.decls(&c.members, None);
            }
            TypeSpec::Elaborated { name, .. } if alone => {
                if let (Some(h), Some(e), None) =
                    (template, name.resolution.entity(), &name.last().args)
                    && !h.params.is_empty()
                {
                    self.class_heads.entry(e).or_default().push(h);
                }
            }
            TypeSpec::Enum(en) => {
                if let Some(e) = en.entity {
                    let known = self.enums.get(&e).is_some_and(|x| x.enumerators.is_some());
                    if !known {
                        self.enums.insert(e, en);
                    }
                }
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
}

/// The unnamed class or enum a typedef's specifiers define.
fn unnamed_tag(specs: &DeclSpecs) -> Option<EntityId> {
    match &specs.ty {
        TypeSpec::Class(c) if c.name.is_none() => c.entity,
        TypeSpec::Enum(e) if e.name.is_none() => e.entity,
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    //! Expected names were checked against `g++` (plain C++) or the real cudafe++ (host
    //! reference names); `tests/module_id.rs` checks many more against both tools.

    use std::sync::Arc;

    use super::*;
    use crate::diag::{DiagConfig, DiagEngine, SharedBuffer};
    use crate::frontend::{self, FrontendOptions};

    fn analyze(src: &str) -> (Arc<SourceMap>, Analysis) {
        let map = Arc::new(SourceMap::new("t.cu", src.as_bytes().to_vec()));
        let mut engine =
            DiagEngine::with_writer(DiagConfig::default(), Box::new(SharedBuffer::new()));
        let a = frontend::analyze(&map, &FrontendOptions::default(), &mut engine);
        assert!(a.unit.recoveries.is_empty(), "{:?}", a.unit.recoveries);
        (map, a)
    }

    /// The function or variable called `qualified` (`ns::f`); the first of overloads.
    fn find(a: &Analysis, qualified: &str) -> EntityId {
        (0..a.sema.entities.len() as u32)
            .map(EntityId)
            .find(|&e| {
                matches!(
                    a.sema.entity(e).kind,
                    EntityKind::Function | EntityKind::Variable
                ) && a.sema.qualified_name(e, &a.interner) == qualified
            })
            .unwrap_or_else(|| panic!("no `{qualified}`"))
    }

    /// The names of the functions and variables `names` declared in `src`.
    fn mangle(src: &str, names: &[&str]) -> Vec<Option<String>> {
        let (map, a) = analyze(src);
        let m = Mangler::new(&a, &map).with_module_id("_d91a53a6_4_s_cu_main");
        names.iter().map(|n| m.entity(find(&a, n))).collect()
    }

    fn one(src: &str, name: &str) -> Option<String> {
        mangle(src, &[name]).remove(0)
    }

    fn some(names: &[&str]) -> Vec<Option<String>> {
        names.iter().map(|n| Some(n.to_string())).collect()
    }

    #[test]
    fn functions() {
        assert_eq!(
            one("void add_one(int *p, int n) {}", "add_one").as_deref(),
            Some("_Z7add_onePii")
        );
        assert_eq!(
            one("void f(void) {}\nvoid f(int, ...) {}", "f").as_deref(),
            Some("_Z1fv")
        );
        assert_eq!(
            mangle(
                "int main() { return 0; }\nextern \"C\" void c(int) {}\n\
                 namespace ns { namespace in { void f(float) {} } }",
                &["main", "c", "ns::in::f"]
            ),
            some(&["main", "c", "_ZN2ns2in1fEf"])
        );
    }

    #[test]
    fn abi_tags_of_return_types() {
        let src = "namespace std { inline namespace __cxx11 __attribute__((__abi_tag__(\"cxx11\"))) \
                   { struct basic_string {}; } }\n\
                   struct __attribute__((abi_tag(\"v2\", \"a\"))) T {};\n\
                   std::basic_string f(int) { return {}; }\n\
                   std::basic_string g(std::basic_string s) { return s; }\n\
                   namespace ns { T h() { return {}; } }\n\
                   void p(T) {}\n\
                   __attribute__((abi_tag(\"x\"))) std::basic_string *q() { return 0; }\n\
                   std::basic_string v;";
        assert_eq!(
            mangle(src, &["f", "g", "ns::h", "p", "q", "v"]),
            some(&[
                "_Z1fB5cxx11i",
                "_Z1gNSt7__cxx1112basic_stringE",
                "_ZN2ns1hB1aB2v2Ev",
                "_Z1p1TB1aB2v2",
                "_Z1qB5cxx11B1xv",
                "v"
            ])
        );
    }

    #[test]
    fn variables() {
        assert_eq!(
            mangle(
                "int gv = 1;\nnamespace ns { int v = 2; }\n\
                 struct S { static int s; };\nint S::s = 3;\nextern \"C\" { int cv = 4; }",
                &["gv", "ns::v", "S::s", "cv"]
            ),
            some(&["gv", "_ZN2ns1vE", "_ZN1S1sE", "cv"])
        );
    }

    #[test]
    fn builtin_types() {
        let src = "void f(long long, unsigned long long, __int128, unsigned __int128, char16_t,\n\
                   char32_t, wchar_t, signed char, unsigned char, char, bool, decltype(nullptr),\n\
                   long double, float, double, short, unsigned short, unsigned, long,\n\
                   unsigned long) {}";
        assert_eq!(
            one(src, "f").as_deref(),
            Some("_Z1fxynoDsDiwahcbDnefdstjlm")
        );
    }

    #[test]
    fn declarators() {
        let src = "struct S {};\nvoid d(const volatile int *, int (&)[3], void (*)(int, ...),\n\
                   int S::*, void (S::*)(int) const, int &&, char *const *) {}";
        assert_eq!(
            one(src, "d").as_deref(),
            Some("_Z1dPVKiRA3_iPFvizEM1SiMS5_KFviEOiPKPc")
        );
    }

    #[test]
    fn substitutions() {
        let src = "struct S {};\nnamespace n { struct T {}; }\n\
                   void f(S, S *, const S *, n::T, n::T &, S (*)(S)) {}";
        assert_eq!(
            one(src, "f").as_deref(),
            Some("_Z1f1SPS_PKS_N1n1TERS4_PFS_S_E")
        );
    }

    #[test]
    fn members() {
        let src = "struct S { S(); ~S(); operator int(); bool operator!() const; void m() &&; };\n\
                   S::S() {}\nS::~S() {}\nS::operator int() { return 0; }\n\
                   bool S::operator!() const { return false; }\nvoid S::m() && {}\n\
                   S operator+(S, S) { return S(); }";
        let (map, a) = analyze(src);
        let m = Mangler::new(&a, &map);
        let mut names: Vec<String> = a
            .unit
            .decls
            .iter()
            .filter_map(|d| match &d.kind {
                DeclKind::Function(f) => m.function(f.entity?, &f.declarator),
                _ => None,
            })
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "_ZN1SC1Ev",
                "_ZN1SD1Ev",
                "_ZN1ScviEv",
                "_ZNK1SntEv",
                "_ZNO1S1mEv",
                "_Zpl1SS_"
            ]
        );
    }

    /// A stand-in for the standard library's declarations: the abbreviations depend only
    /// on the names.
    const MOCK_STD: &str = "namespace std {\n\
        template <class T> class allocator {};\n\
        template <class T, class A = allocator<T>> class vector {};\n\
        template <class C> struct char_traits {};\n\
        template <class C, class T = char_traits<C>, class A = allocator<C>> class basic_string {};\n\
        typedef basic_string<char> string;\n\
        template <class C, class T = char_traits<C>> class basic_ostream {};\n\
        typedef basic_ostream<char> ostream;\n\
        }\n";

    #[test]
    fn standard_abbreviations_and_default_arguments() {
        let src = format!(
            "{MOCK_STD}namespace ns {{ void f(const std::vector<int> &v) {{}} }}\n\
             void g(std::string, const std::string &, std::ostream &, \
             std::basic_string<wchar_t>) {{}}"
        );
        assert_eq!(
            mangle(&src, &["ns::f", "g"]),
            some(&[
                "_ZN2ns1fERKSt6vectorIiSaIiEE",
                "_Z1gSsRKSsRSoSbIwSt11char_traitsIwESaIwEE"
            ])
        );
    }

    #[test]
    fn member_typedefs_follow_specializations() {
        let src = "struct S {};\n\
            template <class T> struct remove_reference { typedef T type; };\n\
            template <class T> struct remove_reference<T &> { typedef T type; };\n\
            template <class T> struct remove_reference<T &&> { typedef T type; };\n\
            void a(remove_reference<int &>::type, remove_reference<const S &&>::type *) {}";
        assert_eq!(one(src, "a").as_deref(), Some("_Z1aiPK1S"));
    }

    #[test]
    fn constants_through_using_declarations_and_builtins() {
        // cutlass's `platform::is_same` is `using std::is_same;`, and libstdc++'s
        // `is_same` derives from `integral_constant<bool, __is_same(T, U)>`.
        let src = "namespace std {\n\
            template <class T, T v> struct integral_constant { static constexpr T value = v; };\n\
            template <class A, class B> struct is_same\n\
              : integral_constant<bool, __is_same(A, B)> {};\n\
            }\n\
            namespace n { namespace platform { using std::is_same; }\n\
            template <class E> struct C {\n\
              using T = std::integral_constant<bool, platform::is_same<E, signed char>::value>;\n\
              using U = std::integral_constant<int, int(sizeof(E) * 8)>;\n\
            }; }\n\
            constexpr int w = 128 / n::C<short>::U::value;\n\
            template <int> struct I {};\n\
            void a(n::C<float>::T, n::C<signed char>::T) {}\n\
            void b(I<w>) {}";
        assert_eq!(
            one(src, "a").as_deref(),
            Some("_Z1aSt17integral_constantIbLb0EES_IbLb1EE")
        );
        assert_eq!(one(src, "b").as_deref(), Some("_Z1b1IILi8EE"));
    }

    #[test]
    fn function_templates() {
        let src = "template <class T> void tk(T *p) {}\n\
                   template <> void tk<double>(double *) {}\n\
                   template void tk<int>(int *);";
        let (map, a) = analyze(src);
        let m = Mangler::new(&a, &map);
        let mut names = Vec::new();
        for d in &a.unit.decls {
            match &d.kind {
                DeclKind::Template { decl, .. } => {
                    if let DeclKind::Function(f) = &decl.kind
                        && let Some(e) = f.entity
                        && !a.sema.entity(e).is_template
                    {
                        names.push(m.function(e, &f.declarator));
                    }
                }
                DeclKind::ExplicitInstantiation { decl, .. } => {
                    let DeclKind::Simple { declarators, .. } = &decl.kind else {
                        continue;
                    };
                    let name = declarators[0].declarator.name.as_ref().expect("a name");
                    let tk = find(&a, "tk");
                    let args = name.last().args.as_ref().expect("arguments");
                    names.push(m.template_instance(tk, args));
                }
                _ => {}
            }
        }
        assert_eq!(names, some(&["_Z2tkIdEvPT_", "_Z2tkIiEvPT_"]));
        // A template itself has no single name.
        assert_eq!(m.entity(find(&a, "tk")), None);
    }

    /// The instances named by the initializers of the variables `uses` (each `= f<args>`
    /// or `= v<args>`), by their template's name.
    fn instances(src: &str, uses: &[&str]) -> Vec<Option<String>> {
        let (map, a) = analyze(src);
        let m = Mangler::new(&a, &map);
        uses.iter()
            .map(|u| {
                let mut init = *m.decls.initializers.get(&find(&a, u))?;
                while let ExprKind::Unary(_, x) = &init.kind {
                    init = x;
                }
                let ExprKind::Name(n) = &init.unparen().kind else {
                    return None;
                };
                let t = n.resolution.entity()?;
                let args = m.template_args(t, n.last().args.as_ref(), &Env::default(), 0)?;
                match a.sema.entity(t).kind {
                    EntityKind::Variable => m.variable_instance(t, &args),
                    _ => m.instance_name(t, &args),
                }
            })
            .collect()
    }

    #[test]
    fn variable_template_instances() {
        let src = "template <class T> T zero_v = T();\n\
                   namespace ns { template <int N, class T = long> int tab[N]; }\n\
                   template <class T> struct S {};\n\
                   int *a = &zero_v<int>;\n\
                   S<int> *b = &zero_v<S<int>>;\n\
                   int *c = ns::tab<4>;";
        assert_eq!(
            instances(src, &["a", "b", "c"]),
            some(&["_Z6zero_vIiE", "_Z6zero_vI1SIiEE", "_ZN2ns3tabILi4ElEE"])
        );
        let (map, a) = analyze(src);
        let m = Mangler::new(&a, &map);
        // Not a variable template.
        assert_eq!(m.variable_instance(find(&a, "a"), &[]), None);
    }

    #[test]
    fn decltype_and_template_template_arguments() {
        let src = "template <class T> struct Sq {};\n\
                   namespace ns { template <class T> struct Neg {}; }\n\
                   template <template <class> class Op, class T> void apply(T *p, int n) {}\n\
                   template <auto V> void autov(decltype(V) *p, decltype(V) q) {}\n\
                   template <int A, int B> void two(decltype(B) *p) {}\n\
                   template <class T, T N> void dep(decltype(N) *p) {}\n\
                   void (*f1)(float *, int) = apply<Sq, float>;\n\
                   void (*f2)(int *, int) = apply<ns::Neg, int>;\n\
                   void (*f3)(unsigned *, unsigned) = autov<7u>;\n\
                   void (*f4)(long *, long) = autov<-2L>;\n\
                   void (*f5)(int *) = two<1, 2>;\n\
                   void (*f6)(int *) = dep<int, 3>;";
        assert_eq!(
            instances(src, &["f1", "f2", "f3", "f4", "f5", "f6"]),
            some(&[
                "_Z5applyI2SqfEvPT0_i",
                "_Z5applyIN2ns3NegEiEvPT0_i",
                "_Z5autovILj7EEvPDtT_ES0_",
                "_Z5autovILln2EEvPDtT_ES0_",
                // As g++ names them: `decltype` of a parameter whose type is not
                // dependent is that type.
                "_Z3twoILi1ELi2EEvPi",
                "_Z3depIiLi3EEvPDtT0_E",
            ])
        );
    }

    #[test]
    fn anonymous_namespaces_take_the_module_id() {
        let src = "namespace { void ak(int *) {} }";
        assert_eq!(
            one(src, "ak").as_deref(),
            Some("_ZN32_GLOBAL__N__d91a53a6_4_s_cu_main2akEPi")
        );
        let (map, a) = analyze(src);
        assert_eq!(Mangler::new(&a, &map).entity(find(&a, "ak")), None);
    }

    #[test]
    fn unresolvable_types_have_no_name() {
        assert_eq!(one("void f(decltype(1 + 2)) {}", "f"), None);
        assert_eq!(one("void f(auto x) {}", "f"), None);
    }

    #[test]
    fn host_reference_names() {
        // From cudafe++ 13.0 in separate compilation, for the same declarations.
        let src = "void ek(int) {}\nstatic void sk(int) {}\n\
            namespace { void anon_k(float *) {} }\n\
            namespace ns { void nk(int) {} static void nsk() {} int nv; static int nsv; }\n\
            template <class T> void tk(T *) {}\n\
            static int sdref;\nint dref;\nextern \"C\" void ck() {}";
        let (map, a) = analyze(src);
        let m = Mangler::new(&a, &map).with_module_id("_baed3c93_5_r1_cu__Z2eki");
        let pfx = "__nv_static_24__baed3c93_5_r1_cu__Z2eki_*";
        let refs = |n: &str| m.host_reference(find(&a, n));
        assert_eq!(refs("ek").as_deref(), Some("_Z2ek*"));
        assert_eq!(refs("sk"), Some(format!("{pfx}2sk*")));
        assert_eq!(
            refs("anon_k"),
            Some(format!(
                "{pfx}35_GLOBAL__N__baed3c93_5_r1_cu__Z2eki6anon_k*"
            ))
        );
        assert_eq!(refs("ns::nk").as_deref(), Some("_ZN2ns2nk*"));
        assert_eq!(refs("ns::nsk"), Some(format!("{pfx}2ns3nsk*")));
        assert_eq!(refs("ns::nv").as_deref(), Some("_ZN2ns2nv*"));
        assert_eq!(refs("ns::nsv"), Some(format!("{pfx}2ns3nsv*")));
        assert_eq!(refs("tk").as_deref(), Some("_Z2tk*"));
        assert_eq!(
            m.host_reference_internal(find(&a, "tk")),
            Some(format!("{pfx}2tk*"))
        );
        assert_eq!(refs("sdref"), Some(format!("{pfx}sdref")));
        assert_eq!(refs("dref").as_deref(), Some("dref"));
        assert_eq!(refs("ck").as_deref(), Some("ck"));
    }

    #[test]
    fn broken_input_does_not_panic() {
        for src in [
            "void f(int (*)[-1]) {}",
            "template <class T> struct A { typedef typename T::x y; };\nvoid f(A<int>::y) {}",
            "struct S { typedef S t; };\nvoid f(S::t::t::t) {}",
            "typedef int A[1 << 200];\nvoid f(A *) {}",
            "template <class T, class U = typename T::nope> struct B {};\nvoid f(B<int>) {}",
            "void f(undeclared, int) {}\nint v = 1;",
            "namespace { struct X {}; }\nvoid f(X) {}\nX x;",
        ] {
            let map = Arc::new(SourceMap::new("t.cu", src.as_bytes().to_vec()));
            let mut engine =
                DiagEngine::with_writer(DiagConfig::default(), Box::new(SharedBuffer::new()));
            let a = frontend::analyze(&map, &FrontendOptions::default(), &mut engine);
            let m = Mangler::new(&a, &map);
            for i in 0..a.sema.entities.len() as u32 {
                let _ = m.entity(EntityId(i));
                let _ = m.host_reference(EntityId(i));
            }
        }
    }

    #[test]
    fn deep_types_are_refused() {
        let src = format!("void f(int {}) {{}}", "*".repeat(600));
        assert_eq!(one(&src, "f"), None);
    }
}
