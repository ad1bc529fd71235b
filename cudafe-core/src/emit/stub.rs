//! The stub file (`--write_stub_file PATH`): the host side of every kernel and device
//! variable, included at the end of the host file.
//!
//! In the CUDA 13 nvcc flow cicc writes this file; we write one that means the same:
//!
//! - for each kernel defined in the unit, a `__device_stub_<mangled>` function that packs the
//!   arguments (`__cudaLaunchPrologue`, `__cudaSetupArg`/`__cudaSetupArgSimple` with each
//!   argument's offset in the parameter buffer under the x86-64 System V layout, see
//!   [`super::layout`]) and launches (`__cudaLaunch`), and the kernel's definition
//!   forwarding to it (the host file declares the kernel);
//! - for each instance of a kernel template the unit uses (explicit instantiations, explicit
//!   specializations, launches and other uses with explicit or deduced template arguments,
//!   launches inside the function templates, members of class templates and member templates
//!   the unit instantiates, with the instance's arguments bound, and inside kernel template
//!   instances; uses inside pack expansions once per element), the stub and an explicit
//!   specialization of the `__wrapper__device_stub_` template the host file declares;
//! - kernel template arguments that are closure types of extended lambdas (in functions,
//!   members, function template instances) are named on the device side by their mangled
//!   local names (`Z4mainEUlfE0_`: numbered among the lambdas of the same parameter types in
//!   the same body; `N_INTERNAL<module id>...` for functions with internal linkage; local to
//!   the enclosing lambda's call operator for a lambda in a lambda), in the
//!   stub by the wrapper type the host file constructs (`__nv_dl_wrapper_t<__nv_dl_tag<U,
//!   (&f), N>, captures...>`, `__nv_hdl_wrapper_t<...>`), laid out as that wrapper, and the
//!   stub function is named with the wrapper's host-side name (`Unvdl`, `Unvhdl`) as
//!   cicc's is;
//! - for each instance of a variable template in device, constant or managed memory the
//!   unit uses, its registration;
//! - `__nv_cudaEntityRegisterCallback`, registering every kernel (`__cudaRegisterEntry`) and
//!   every device, constant and managed variable (`__cudaRegisterVariable`,
//!   `__cudaRegisterManagedVariable`) under its device name, and `__sti____cudaRegisterAll`,
//!   which registers the fat binary (`__cudaRegisterBinary`, or under `--device-c`
//!   `____cudaRegisterLinkedBinary` with `__NV_MODULE_ID` defined).
//!
//! Instances whose template arguments we cannot determine are left out and listed in
//! [`Stub::skipped`]; nothing is guessed.

use std::fmt::Write as _;

use super::lambda::{Cap, ExtLambdas, Place, Space};
use super::layout::align_to;
use super::mangle::{
    Arg, Closure, Comp, Env, FnContext, FnDecl, FnType, HostDeviceFlags, Mangler, Quals, Ty,
    adjust_param, bind_head, char_literal_type, integer_literal_type,
};
use crate::frontend::Analysis;
use crate::intern::FxHashMap;
use crate::lexer::literal;
use crate::sema::{EntityId, EntityKind, MemSpace, ScopeId, ScopeKind, Sema};
use crate::source_map::{Offset, SourceMap};
use crate::syntax::ast::*;
use crate::syntax::visit::{self, Visitor};

/// What the stub file depends on besides the analysis.
#[derive(Debug, Clone, Default)]
pub struct StubOptions {
    /// `--device-c` (separate compilation).
    pub device_c: bool,
    /// `--static-host-stub`.
    pub static_host_stub: bool,
    /// `--device-hidden-visibility`.
    pub device_hidden_visibility: bool,
    /// The translation unit's module id.
    pub module_id: String,
    /// The embedded fat binary the stub file includes (`X.fatbin.c`).
    pub fatbin_name: String,
}

/// The stub file, and what was left out of it.
#[derive(Debug, Clone, Default)]
pub struct Stub {
    pub text: String,
    /// Kernel uses and kernels we could not write a stub for, with the reason.
    pub skipped: Vec<String>,
}

/// The fat binary include that goes with a stub file name: `x.cudafe1.stub.c` →
/// `x.fatbin.c` (nvcc's names under `-keep`).
pub fn fatbin_name_for(stub: &str) -> String {
    let base = stub.rsplit('/').next().unwrap_or(stub);
    match base.strip_suffix(".cudafe1.stub.c") {
        Some(stem) => format!("{stem}.fatbin.c"),
        None => format!("{base}.fatbin.c"),
    }
}

/// Writes the stub file for an analysed translation unit.
pub fn stub_file(a: &Analysis, map: &SourceMap, opts: &StubOptions) -> Stub {
    let mut m = Mangler::new(a, map).with_module_id(&opts.module_id);
    m.decls.add_local_constants(&a.unit.decls, &a.sema);
    let mut c = Collector {
        m: &m,
        sema: &a.sema,
        vars: FxHashMap::default(),
        params: FxHashMap::default(),
        kernels: Vec::new(),
        uses: Vec::new(),
        variables: Vec::new(),
        template_depth: 0,
        function_depth: 0,
        class_depth: 0,
        expansion: 0,
        bodies: FxHashMap::default(),
        lambdas: FxHashMap::default(),
        this_class: None,
        env: None,
    };
    visit::walk_decls(&mut c, &a.unit.decls);
    let ext = super::lambda::collect(&a.unit.decls, &a.sema, &a.interner, map, &opts.module_id);
    let w = Writer {
        m: &m,
        sema: &a.sema,
        opts,
        vars: &c.vars,
        params: &c.params,
        bodies: &c.bodies,
        lambdas: &c.lambdas,
        ext: &ext,
        out: String::new(),
        registrations: Vec::new(),
        skipped: Vec::new(),
        done: Vec::new(),
        instantiated: Vec::new(),
        lambda_instances: Vec::new(),
        var_instances: Vec::new(),
        nesting: 0,
    };
    w.write(&c)
}

// ---------------------------------------------------------------------------------------
// Collecting kernels, uses and variables

/// A use of a kernel template in code outside any template.
#[derive(Clone)]
enum Use<'a> {
    /// `k<args>` (written args, maybe none) launched or called with `call_args`.
    Call {
        template: EntityId,
        written: Option<&'a TemplateArgs>,
        call_args: Option<&'a [Expr]>,
        /// Inside a pack expansion or fold expression.
        expansion: bool,
        /// In a member function of this class (outside templates): what `this` is.
        class: Option<ScopeId>,
    },
    /// A call of a (host) function template: its body is searched for launches.
    Instantiate {
        template: EntityId,
        written: Option<&'a TemplateArgs>,
        call_args: &'a [Expr],
        expansion: bool,
    },
    /// A call of a member function (`obj.f(args)`, `p->f<T>(args)`, or `f(args)` inside a
    /// member, `base` `None`): the member the object's class selects is followed (its body
    /// searched with the class's template parameters bound, a member template's arguments
    /// deduced).
    Member {
        base: Option<&'a Expr>,
        arrow: bool,
        name: &'a QualName,
        call_args: &'a [Expr],
        expansion: bool,
    },
    /// A call of a lambda (`f(args)` for a variable `f` initialized with one, or the
    /// lambda expression called where it stands): a generic lambda's body is searched with
    /// its `auto` parameters deduced from the arguments.
    LambdaCall {
        callee: &'a Expr,
        call_args: &'a [Expr],
        expansion: bool,
    },
    /// `v<args>`: a variable template's instance in device memory.
    Variable {
        template: EntityId,
        written: &'a TemplateArgs,
    },
    /// An explicit instantiation or specialization: the template and the declaration.
    Declared {
        template: EntityId,
        written: Option<&'a TemplateArgs>,
        declarator: &'a Declarator,
        specs: &'a DeclSpecs,
    },
}

/// The first `return` of a body, not counting those of nested lambdas: `Some(None)` for
/// `return;`.
struct FirstReturn<'a> {
    found: Option<Option<&'a Expr>>,
}

impl<'a> Visitor<'a> for FirstReturn<'a> {
    fn stmt(&mut self, s: &'a Stmt) {
        if self.found.is_some() {
            return;
        }
        if let StmtKind::Return(e) = &s.kind {
            self.found = Some(e.as_ref());
            return;
        }
        visit::walk_stmt(self, s);
    }

    fn lambda(&mut self, _: &'a Lambda) {}
}

/// A variable's or parameter's declaration: specifiers, declarator, initializer.
type VarDecl<'a> = (&'a DeclSpecs, &'a Declarator, Option<&'a Initializer>);

struct Collector<'m, 'a> {
    m: &'m Mangler<'a>,
    sema: &'a Sema,
    /// Variables and parameters by entity: their declarations.
    vars: FxHashMap<EntityId, VarDecl<'a>>,
    /// Parameters by the span of their name.
    params: FxHashMap<(Offset, Offset), VarDecl<'a>>,
    /// Function template bodies by the span of their declarator.
    bodies: FxHashMap<(Offset, Offset), &'a Stmt>,
    /// Non-template kernel definitions, in order.
    kernels: Vec<&'a FunctionDef>,
    /// Uses of kernel templates, in order.
    uses: Vec<Use<'a>>,
    /// Device, constant and managed variables at namespace scope, in order.
    variables: Vec<(EntityId, &'a DeclSpecs, &'a InitDeclarator)>,
    template_depth: u32,
    function_depth: u32,
    class_depth: u32,
    /// Pack expansions and fold expressions around the current expression.
    expansion: u32,
    /// Lambda expressions by the offset of their introducer.
    lambdas: FxHashMap<Offset, &'a Lambda>,
    /// The class scope of the member function whose body is being walked (`this->p`).
    this_class: Option<ScopeId>,
    /// What the template parameters of a body searched for an instance are bound to:
    /// an `if constexpr` whose condition it decides has only its taken branch searched.
    env: Option<Env>,
}

impl<'m, 'a> Collector<'m, 'a> {
    fn is_kernel(&self, e: EntityId) -> bool {
        let ent = self.sema.entity(e);
        ent.kind == EntityKind::Function && ent.cuda.exec.global
    }

    /// The kernel template a name refers to, if any.
    fn kernel_template(&self, n: &QualName) -> Option<EntityId> {
        n.resolution
            .entities()
            .iter()
            .copied()
            .find(|&e| self.is_kernel(e) && self.sema.entity(e).is_template)
    }

    /// The host function template (with a definition in the unit) a name called with
    /// `nargs` arguments refers to: the one of its overload set whose parameters can take
    /// that many.
    fn function_template(&self, n: &QualName, nargs: usize) -> Option<EntityId> {
        let found: Vec<EntityId> = n
            .resolution
            .entities()
            .iter()
            .copied()
            .filter(|&e| {
                let ent = self.sema.entity(e);
                ent.kind == EntityKind::Function
                    && ent.is_template
                    && !ent.cuda.exec.global
                    && !ent.flags.in_system_header
                    && self.sema.scope(ent.parent).kind != ScopeKind::Class
                    && self
                        .m
                        .decls
                        .functions
                        .get(&e)
                        .is_some_and(|v| v.iter().any(|d| d.definition))
            })
            .collect();
        match found[..] {
            [one] => Some(one),
            _ => {
                let viable: Vec<EntityId> = found
                    .into_iter()
                    .filter(|&e| self.takes(e, nargs))
                    .collect();
                match viable[..] {
                    [one] => Some(one),
                    _ => None,
                }
            }
        }
    }

    /// Whether the function template `e` can be called with `nargs` arguments (counting
    /// default arguments and parameter packs).
    fn takes(&self, e: EntityId, nargs: usize) -> bool {
        let Some(chunk) = self
            .m
            .decls
            .functions
            .get(&e)
            .and_then(|v| v.first())
            .and_then(|d| d.declarator.function())
        else {
            return false;
        };
        let params = &chunk.params;
        let void = params.len() == 1
            && params[0].declarator.name.is_none()
            && params[0].declarator.ops.is_empty()
            && matches!(&params[0].specs.ty, TypeSpec::Builtin(b) if b.void);
        let total = if void { 0 } else { params.len() };
        let required = params
            .iter()
            .take(total)
            .filter(|p| p.default.is_none() && !p.declarator.pack)
            .count();
        let open = chunk.variadic || params.iter().any(|p| p.declarator.pack);
        nargs >= required && (nargs <= total || open)
    }

    /// The variable template in device, constant or managed memory a name refers to.
    fn variable_template(&self, n: &QualName) -> Option<EntityId> {
        n.resolution.entities().iter().copied().find(|&e| {
            let ent = self.sema.entity(e);
            ent.kind == EntityKind::Variable
                && ent.is_template
                && ent.cuda.mem.is_device()
                && ent.cuda.mem != MemSpace::Shared
        })
    }

    /// Does a name called as a function name member functions only (an implicit
    /// `this->f(...)` inside a member, or `C<int>::f(...)`)?
    fn member_function(&self, n: &QualName) -> bool {
        let es = n.resolution.entities();
        !es.is_empty()
            && es.iter().all(|&e| {
                let ent = self.sema.entity(e);
                ent.kind == EntityKind::Function
                    && self.sema.scope(ent.parent).kind == ScopeKind::Class
            })
    }

    /// The primary kernel template an explicit instantiation or specialization names.
    fn declared_template(&self, e: Option<EntityId>, d: &Declarator) -> Option<EntityId> {
        let name = d.name.as_ref()?;
        let params = d.function()?.params.len();
        if let Some(t) = self.kernel_template(name) {
            return Some(t);
        }
        let e = e?;
        // Only kernels: an explicit instantiation of a host function template names a
        // primary template too.
        self.m
            .primary_of(e, name, params)
            .or_else(|| self.sema.entity(e).is_template.then_some(e))
            .filter(|&t| self.is_kernel(t))
    }
}

impl<'m, 'a> Visitor<'a> for Collector<'m, 'a> {
    fn stmt(&mut self, s: &'a Stmt) {
        if let StmtKind::If {
            is_constexpr: true,
            init,
            cond: Some(cond),
            then,
            else_,
            ..
        } = &s.kind
            && let Condition::Expr(c) = cond.as_ref()
            && let Some(env) = &self.env
            && let Some(v) = self.m.eval(c, env, 0)
        {
            // The discarded branch is not instantiated.
            if let Some(i) = init {
                self.stmt(i);
            }
            self.expr(c);
            if v != 0 {
                self.stmt(then);
            } else if let Some(e) = else_ {
                self.stmt(e);
            }
            return;
        }
        visit::walk_stmt(self, s);
    }

    fn decl(&mut self, d: &'a Decl) {
        match &d.kind {
            DeclKind::Template { head, decl } => {
                if head.params.is_empty() {
                    // An explicit specialization.
                    if let DeclKind::Function(f) = &decl.kind
                        && f.entity.is_some_and(|e| self.is_kernel(e))
                        && let Some(t) = self.declared_template(f.entity, &f.declarator)
                    {
                        self.uses.push(Use::Declared {
                            template: t,
                            written: f
                                .declarator
                                .name
                                .as_ref()
                                .and_then(|n| n.last().args.as_ref()),
                            declarator: &f.declarator,
                            specs: &f.specs,
                        });
                        self.function_depth += 1;
                        visit::walk_function_def(self, f);
                        self.function_depth -= 1;
                        return;
                    }
                    visit::walk_decl(self, d);
                    return;
                }
                self.template_depth += 1;
                visit::walk_decl(self, d);
                self.template_depth -= 1;
            }
            DeclKind::ExplicitInstantiation { is_extern, decl } => {
                if !*is_extern
                    && self.template_depth == 0
                    && let DeclKind::Simple { specs, declarators } = &decl.kind
                {
                    for id in declarators.iter() {
                        // `template void launch<int>(int *);`: the host function template's
                        // body is instantiated, launches included.
                        if let Some(written) = id
                            .declarator
                            .name
                            .as_ref()
                            .and_then(|n| n.last().args.as_ref())
                            && let Some(t) = id.declarator.name.as_ref().and_then(|n| {
                                let nargs = id.declarator.function()?.params.len();
                                self.function_template(n, nargs)
                            })
                        {
                            self.uses.push(Use::Instantiate {
                                template: t,
                                written: Some(written),
                                call_args: &[],
                                expansion: false,
                            });
                            continue;
                        }
                        if let Some(t) = self.declared_template(id.entity, &id.declarator) {
                            self.uses.push(Use::Declared {
                                template: t,
                                written: id
                                    .declarator
                                    .name
                                    .as_ref()
                                    .and_then(|n| n.last().args.as_ref()),
                                declarator: &id.declarator,
                                specs,
                            });
                        }
                    }
                }
            }
            DeclKind::Simple { specs, declarators } => {
                for id in declarators.iter() {
                    let Some(e) = id.entity else { continue };
                    let ent = self.sema.entity(e);
                    if ent.kind == EntityKind::Field {
                        self.vars
                            .insert(e, (specs, &id.declarator, id.init.as_ref()));
                    }
                    if ent.kind == EntityKind::Variable {
                        self.vars
                            .insert(e, (specs, &id.declarator, id.init.as_ref()));
                        if ent.cuda.mem.is_device()
                            && ent.cuda.mem != MemSpace::Shared
                            && self.template_depth == 0
                            && self.function_depth == 0
                            && self.class_depth == 0
                        {
                            self.variables.push((e, specs, id));
                        }
                    }
                }
                visit::walk_decl(self, d);
            }
            DeclKind::Function(f) => {
                if let FunctionBody::Compound(body) = &f.body {
                    let sp = f.declarator.span;
                    self.bodies.insert((sp.lo, sp.hi), body);
                }
                if self.template_depth == 0
                    && self.class_depth == 0
                    && f.entity
                        .is_some_and(|e| self.is_kernel(e) && !self.sema.entity(e).is_template)
                {
                    self.kernels.push(f);
                }
                let saved = self.this_class;
                if let Some(e) = f.entity {
                    let parent = self.sema.entity(e).parent;
                    self.this_class =
                        (self.sema.scope(parent).kind == ScopeKind::Class).then_some(parent);
                }
                self.function_depth += 1;
                visit::walk_decl(self, d);
                self.function_depth -= 1;
                self.this_class = saved;
            }
            _ => visit::walk_decl(self, d),
        }
    }

    fn class(&mut self, c: &'a ClassSpec) {
        self.class_depth += 1;
        visit::walk_class(self, c);
        self.class_depth -= 1;
    }

    fn lambda(&mut self, l: &'a Lambda) {
        self.lambdas.insert(l.intro_span.lo, l);
        if let Some(chunk) = &l.params {
            for p in chunk.params.iter() {
                if let Some(n) = &p.declarator.name {
                    self.params
                        .insert((n.span.lo, n.span.hi), (&p.specs, &p.declarator, None));
                }
            }
        }
        visit::walk_lambda(self, l);
    }

    fn declarator(&mut self, d: &'a Declarator) {
        if let Some(f) = d.function() {
            for p in f.params.iter() {
                if let Some(e) = p.entity {
                    self.vars.insert(e, (&p.specs, &p.declarator, None));
                }
                // Parameters of definitions have their entities in the tables only: found by
                // the span of their name.
                if let Some(n) = &p.declarator.name {
                    self.params
                        .insert((n.span.lo, n.span.hi), (&p.specs, &p.declarator, None));
                }
            }
        }
        visit::walk_declarator(self, d);
    }

    fn expr(&mut self, e: &'a Expr) {
        if self.template_depth == 0 {
            let expansion = self.expansion > 0;
            match &e.kind {
                ExprKind::Launch { callee, args, .. } => {
                    if let ExprKind::Name(n) = &callee.unparen().kind
                        && let Some(t) = self.kernel_template(n)
                    {
                        self.uses.push(Use::Call {
                            template: t,
                            written: n.last().args.as_ref(),
                            call_args: Some(args),
                            expansion,
                            class: self.this_class,
                        });
                        for a in args.iter() {
                            self.expr(a);
                        }
                        return;
                    }
                }
                ExprKind::Call { callee, args, .. } => match &callee.unparen().kind {
                    ExprKind::Name(n) => {
                        if let Some(t) = self.function_template(n, args.len()) {
                            self.uses.push(Use::Instantiate {
                                template: t,
                                written: n.last().args.as_ref(),
                                call_args: args,
                                expansion,
                            });
                        } else if self.member_function(n) {
                            self.uses.push(Use::Member {
                                base: None,
                                arrow: false,
                                name: n,
                                call_args: args,
                                expansion,
                            });
                        } else if n
                            .resolution
                            .entity()
                            .is_some_and(|e| self.sema.entity(e).kind == EntityKind::Variable)
                        {
                            self.uses.push(Use::LambdaCall {
                                callee,
                                call_args: args,
                                expansion,
                            });
                        }
                    }
                    ExprKind::Lambda(_) => {
                        self.uses.push(Use::LambdaCall {
                            callee,
                            call_args: args,
                            expansion,
                        });
                    }
                    ExprKind::Member { base, arrow, name } => {
                        self.uses.push(Use::Member {
                            base: Some(base),
                            arrow: *arrow,
                            name,
                            call_args: args,
                            expansion,
                        });
                    }
                    _ => {}
                },
                ExprKind::Name(n) => {
                    if let Some(args) = n.last().args.as_ref()
                        && let Some(t) = self.variable_template(n)
                    {
                        self.uses.push(Use::Variable {
                            template: t,
                            written: args,
                        });
                    }
                    if let Some(args) = n.last().args.as_ref()
                        && let Some(t) = self.kernel_template(n)
                    {
                        self.uses.push(Use::Call {
                            template: t,
                            written: Some(args),
                            call_args: None,
                            expansion,
                            class: self.this_class,
                        });
                    }
                }
                ExprKind::PackExpansion(_) | ExprKind::Fold { .. } => {
                    self.expansion += 1;
                    visit::walk_expr(self, e);
                    self.expansion -= 1;
                    return;
                }
                _ => {}
            }
        }
        visit::walk_expr(self, e);
    }
}

// ---------------------------------------------------------------------------------------
// Writing

/// One kernel (or kernel template instance) the stub file defines.
struct Kernel {
    /// The mangled name (`_Z7add_onePii`), C++ linkage even for `extern "C"` kernels.
    mangled: String,
    /// The name it is registered under.
    device_name: String,
    /// The expression naming the host function (`ns::k`, `k< float>`).
    host_name: String,
    /// Parameter types as adjusted (top-level cv dropped, arrays as pointers).
    params: Vec<Ty>,
    /// The stub's storage (`static `, a visibility attribute, or nothing).
    storage: &'static str,
}

struct Writer<'m, 'a, 'o> {
    m: &'m Mangler<'a>,
    sema: &'a Sema,
    opts: &'o StubOptions,
    vars: &'m FxHashMap<EntityId, VarDecl<'a>>,
    params: &'m FxHashMap<(Offset, Offset), VarDecl<'a>>,
    bodies: &'m FxHashMap<(Offset, Offset), &'a Stmt>,
    lambdas: &'m FxHashMap<Offset, &'a Lambda>,
    /// The extended lambdas of the unit.
    ext: &'m ExtLambdas,
    out: String,
    registrations: Vec<String>,
    skipped: Vec<String>,
    /// Mangled names of kernels written.
    done: Vec<String>,
    /// Function template instances whose bodies were searched for launches.
    instantiated: Vec<(EntityId, Vec<Arg>)>,
    /// Generic lambdas (by introducer) searched, with the types of their parameters.
    lambda_instances: Vec<(Offset, Vec<Arg>)>,
    /// Registrations of variable template instances, and their device names.
    var_instances: Vec<(String, String)>,
    /// How many bodies are being searched, one inside another.
    nesting: u32,
}

impl<'m, 'a, 'o> Writer<'m, 'a, 'o> {
    fn write(mut self, c: &Collector<'m, 'a>) -> Stub {
        let o = self.opts;
        let mut head = String::from(
            "#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wunused-function\"\n#pragma GCC diagnostic ignored \"-Wcast-qual\"\n",
        );
        if o.device_c {
            let _ = writeln!(head, "#define __NV_MODULE_ID {}", o.module_id);
            head.push_str("#define __NV_CUBIN_HANDLE_STORAGE__ extern\n");
        } else {
            head.push_str("#define __NV_CUBIN_HANDLE_STORAGE__ static\n");
        }
        head.push_str("#if !defined(__CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__)\n#define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__\n#endif\n#include \"crt/host_runtime.h\"\n");
        let _ = writeln!(head, "#include \"{}\"", o.fatbin_name);
        head.push_str("static void __nv_cudaEntityRegisterCallback(void **);\nstatic void __sti____cudaRegisterAll(void) __attribute__((__constructor__));\n");

        for f in &c.kernels {
            self.kernel(f);
        }
        self.follow(c.uses.clone(), &Env::default(), None, 0);

        let mut regs = String::new();
        // cicc registers the kernels last written first.
        for r in self.registrations.iter().rev() {
            regs.push_str(r);
        }
        for &(e, specs, id) in &c.variables {
            if let Some(r) = self.variable(e, specs, id) {
                regs.push_str(&r);
            }
        }
        for (_, r) in &self.var_instances {
            regs.push_str(r);
        }
        let mut text = head;
        for s in &self.skipped {
            let _ = writeln!(text, "/* not written: {} */", s.replace("*/", "* /"));
        }
        text.push_str(&self.out);
        let _ = writeln!(
            text,
            "static void __nv_cudaEntityRegisterCallback(void **__T0){{__nv_dummy_param_ref(__T0);__nv_save_fatbinhandle_for_managed_rt(__T0);{regs}}}"
        );
        let register = if o.device_c {
            "____cudaRegisterLinkedBinary"
        } else {
            "__cudaRegisterBinary"
        };
        let _ = writeln!(
            text,
            "static void __sti____cudaRegisterAll(void){{{register}(__nv_cudaEntityRegisterCallback);}}\n\n#pragma GCC diagnostic pop"
        );
        Stub {
            text,
            skipped: self.skipped,
        }
    }

    // -----------------------------------------------------------------------------------
    // Names

    /// The namespaces around `e` as a qualifier (`ns::inner::`, anonymous ones as
    /// `_NV_ANON_NAMESPACE`), or `None` for a scope that is not a namespace.
    fn namespace_qualifier(&self, e: EntityId) -> Option<String> {
        let mut parts = Vec::new();
        let mut scope = self.sema.entity(e).parent;
        loop {
            let sc = self.sema.scope(scope);
            match sc.kind {
                ScopeKind::Namespace => {}
                ScopeKind::TemplateParams => {
                    scope = sc.parent?;
                    continue;
                }
                _ => return None,
            }
            let Some(owner) = sc.entity else { break };
            match self.sema.entity(owner).name {
                Some(n) => parts.push(self.m.interner.name(n).into_owned()),
                None => parts.push("_NV_ANON_NAMESPACE".to_string()),
            }
            scope = self.sema.entity(owner).parent;
        }
        parts.reverse();
        Some(parts.iter().map(|p| format!("{p}::")).collect())
    }

    fn internal_entity(&self, e: EntityId) -> bool {
        let ent = self.sema.entity(e);
        ent.flags.is_static || ent.flags.in_anonymous_namespace
    }

    /// The device name of a kernel: its mangled name (the plain name for `extern "C"`);
    /// under `--device-c`, internal-linkage kernels are prefixed with the module id.
    fn device_name(&self, mangled: String, internal: bool) -> String {
        if self.opts.device_c && internal {
            let id = &self.opts.module_id;
            format!("__nv_static_{}_{id}_{mangled}", id.len())
        } else {
            mangled
        }
    }

    // -----------------------------------------------------------------------------------
    // Non-template kernels

    fn kernel(&mut self, f: &'a FunctionDef) {
        let Some(e) = f.entity else { return };
        let ent = self.sema.entity(e);
        let what = || self.sema.qualified_name(e, self.m.interner);
        let Some(mangled) = self.m.function_cxx(e, &f.declarator) else {
            self.skipped.push(format!("{}: no mangled name", what()));
            return;
        };
        let Some(device) = self.m.function(e, &f.declarator) else {
            return;
        };
        let env = Env::in_scope(ent.parent);
        let Some(chunk) = f.declarator.function() else {
            return;
        };
        let Some(params) = self.m.params(chunk, &env, 0) else {
            self.skipped.push(format!("{}: parameter types", what()));
            return;
        };
        let Some(qualifier) = self.namespace_qualifier(e) else {
            return;
        };
        let ident = match f.declarator.name.as_ref().and_then(|n| n.ident()) {
            Some(s) => self.m.interner.name(s).into_owned(),
            None => return,
        };
        let internal =
            self.internal_entity(e) || params.iter().any(|p| self.m.mentions_anonymous(p));
        let storage = if ent.flags.is_static {
            "static "
        } else if self.opts.device_hidden_visibility {
            "__attribute__((visibility(\"hidden\"))) "
        } else {
            ""
        };
        let k = Kernel {
            mangled,
            device_name: self.device_name(device, internal),
            host_name: format!("{qualifier}{ident}"),
            params,
            storage,
        };
        if !self.device_stub(&k) {
            return;
        }
        // The kernel's definition, forwarding to the stub.
        let Some(texts) = k
            .params
            .iter()
            .enumerate()
            .map(|(i, t)| self.declaration(t, &format!("__cuda_{i}")))
            .collect::<Option<Vec<_>>>()
        else {
            return;
        };
        let fwd: Vec<String> = (0..k.params.len()).map(|i| format!("__cuda_{i}")).collect();
        let stat = if ent.flags.is_static { "static " } else { "" };
        let _ = writeln!(
            self.out,
            "{stat}void {}({}){{__device_stub_{}({});}}",
            k.host_name,
            if texts.is_empty() {
                "void".to_string()
            } else {
                texts.join(", ")
            },
            k.mangled,
            fwd.join(", ")
        );
        self.register(&k);
    }

    /// Writes the `__device_stub_` function of `k`. `false` if its types cannot be
    /// written (nothing is written then).
    fn device_stub(&mut self, k: &Kernel) -> bool {
        let mut params = Vec::new();
        let mut body = format!("__cudaLaunchPrologue({});", k.params.len().max(1));
        let mut offset = 0u64;
        for (i, t) in k.params.iter().enumerate() {
            let name = format!("__par{i}");
            let by_ref = self.is_class(t);
            let decl = if by_ref {
                self.declaration(&Ty::LRef(Box::new(t.clone())), &name)
            } else {
                self.declaration(t, &name)
            };
            let Some(decl) = decl else {
                self.skipped
                    .push(format!("{}: parameter type {t:?}", k.mangled));
                return false;
            };
            params.push(decl);
            let off = match self.m.layout(t) {
                Some(l) => {
                    let at = align_to(offset, l.align);
                    offset = at + l.size;
                    format!("{at}UL")
                }
                None => {
                    self.skipped
                        .push(format!("{}: no layout for parameter {i}", k.mangled));
                    "0UL".into()
                }
            };
            let setup = if by_ref {
                "__cudaSetupArg"
            } else {
                "__cudaSetupArgSimple"
            };
            let _ = write!(body, "{setup}({name}, {off});");
        }
        let Some(fn_ptr) = self.function_pointer(&k.params) else {
            return false;
        };
        let _ = write!(
            body,
            "__cudaLaunch(((char *)(({fn_ptr}){})), 0U);",
            k.host_name
        );
        let params = if params.is_empty() {
            "void".to_string()
        } else {
            params.join(", ")
        };
        let _ = writeln!(
            self.out,
            "{}void __device_stub_{}({params}){{{body}}}",
            k.storage, k.mangled
        );
        self.done.push(k.mangled.clone());
        true
    }

    fn register(&mut self, k: &Kernel) {
        if let Some(fp) = self.function_pointer(&k.params) {
            self.registrations.push(format!(
                "__cudaRegisterEntry(__T0, (({fp}){}), {}, (-1));",
                k.host_name, k.device_name
            ));
        }
    }

    /// `void (*)(int *, float)`.
    fn function_pointer(&self, params: &[Ty]) -> Option<String> {
        let ps = params
            .iter()
            .map(|p| self.declaration(p, ""))
            .collect::<Option<Vec<_>>>()?;
        Some(format!(
            "void (*)({})",
            if ps.is_empty() {
                "void".into()
            } else {
                ps.join(", ")
            }
        ))
    }

    fn is_class(&self, t: &Ty) -> bool {
        match t {
            Ty::Closure(_) => true,
            Ty::Named(p) => p
                .last()
                .is_some_and(|c| matches!(self.sema.entity(c.entity).kind, EntityKind::Class(_))),
            Ty::Qualified(_, x) => self.is_class(x),
            _ => false,
        }
    }

    // -----------------------------------------------------------------------------------
    // C++ text of types

    /// A declaration of `name` (possibly empty) with type `t`.
    fn declaration(&self, t: &Ty, name: &str) -> Option<String> {
        let inner = name.to_string();
        let s = self.decl_text(t, inner)?;
        Some(s.trim().to_string())
    }

    fn decl_text(&self, t: &Ty, inner: String) -> Option<String> {
        let sep = |inner: &str| {
            if inner.is_empty() || inner.starts_with(['[', '(']) {
                String::new()
            } else {
                " ".to_string()
            }
        };
        Some(match t {
            Ty::Builtin(code) => {
                let n = builtin_name(code)?;
                format!("{n}{}{inner}", sep(&inner))
            }
            Ty::Named(p) => {
                let n = self.path_text(p)?;
                format!("{n}{}{inner}", sep(&inner))
            }
            Ty::Qualified(q, x) => {
                let mut qs = String::new();
                if q.c {
                    qs.push_str("const ");
                }
                if q.v {
                    qs.push_str("volatile ");
                }
                if q.r {
                    qs.push_str("__restrict__ ");
                }
                match x.as_ref() {
                    Ty::Builtin(_) | Ty::Named(_) => {
                        let base = self.decl_text(x, inner)?;
                        format!("{qs}{base}")
                    }
                    _ => self.decl_text(x, format!("{}{inner}", qs))?,
                }
            }
            Ty::Pointer(x) | Ty::LRef(x) | Ty::RRef(x) => {
                let op = match t {
                    Ty::Pointer(_) => "*",
                    Ty::LRef(_) => "&",
                    _ => "&&",
                };
                let wrapped = match x.as_ref() {
                    Ty::Array(..) | Ty::Function(_) => format!("({op}{inner})"),
                    _ => format!("{op}{inner}"),
                };
                self.decl_text(x, wrapped)?
            }
            Ty::Array(n, e) => {
                let n = n.map(|n| n.to_string()).unwrap_or_default();
                self.decl_text(e, format!("{inner}[{n}]"))?
            }
            Ty::Function(f) => {
                if f.method {
                    return None;
                }
                let ps = f
                    .params
                    .iter()
                    .map(|p| self.declaration(p, ""))
                    .collect::<Option<Vec<_>>>()?;
                let mut ps = ps.join(", ");
                if f.variadic {
                    ps.push_str(if ps.is_empty() { "..." } else { ", ..." });
                }
                if ps.is_empty() {
                    ps.push_str("void");
                }
                let noexcept = if f.noexcept { " noexcept" } else { "" };
                self.decl_text(&f.ret, format!("{inner}({ps}){noexcept}"))?
            }
            Ty::MemberPointer(c, m) => {
                let Ty::Named(p) = c.as_ref() else {
                    return None;
                };
                let cls = self.path_text(p)?;
                let wrapped = match m.as_ref() {
                    Ty::Function(_) | Ty::Array(..) => format!("({cls}::*{inner})"),
                    _ => format!("{cls}::*{inner}"),
                };
                match m.as_ref() {
                    Ty::Function(f) => {
                        let mut f = f.clone();
                        f.method = false;
                        let quals = f.quals;
                        let ref_qualifier = f.ref_qualifier;
                        let noexcept = std::mem::take(&mut f.noexcept);
                        let mut s = self.decl_text(&Ty::Function(f), wrapped)?;
                        if quals.c {
                            s.push_str(" const");
                        }
                        if quals.v {
                            s.push_str(" volatile");
                        }
                        match ref_qualifier {
                            Some(RefQualifier::LValue) => s.push_str(" &"),
                            Some(RefQualifier::RValue) => s.push_str(" &&"),
                            None => {}
                        }
                        if noexcept {
                            s.push_str(" noexcept");
                        }
                        s
                    }
                    _ => self.decl_text(m, wrapped)?,
                }
            }
            Ty::Complex(x) => format!("_Complex {}", self.decl_text(x, inner)?),
            Ty::VaListTag => format!("__builtin_va_list{}{inner}", sep(&inner)),
            Ty::Closure(c) => format!("{}{}{inner}", c.host, sep(&inner)),
            Ty::Param(_) | Ty::Pack(_) | Ty::Hole(_) | Ty::DecltypeParam(_) => return None,
        })
    }

    /// `::ns::C<int, 3>` (anonymous namespaces as `_NV_ANON_NAMESPACE`).
    fn path_text(&self, p: &[Comp]) -> Option<String> {
        let mut s = String::new();
        for c in p {
            let ent = self.sema.entity(c.entity);
            s.push_str("::");
            match ent.name {
                Some(n) => s.push_str(&self.m.interner.name(n)),
                None if ent.kind == EntityKind::Namespace => s.push_str("_NV_ANON_NAMESPACE"),
                // An unnamed class named by a typedef (`typedef struct { ... } P;`).
                None => {
                    let n = self.m.decls.typedef_names.get(&c.entity)?;
                    s.push_str(&self.m.interner.name(*n));
                }
            }
            if let Some(args) = &c.args {
                s.push_str("< ");
                s.push_str(&self.args_text(args)?);
                s.push_str(" >");
            }
        }
        // `::_NV_ANON_NAMESPACE` is not a name at global scope's start: drop the first `::`
        // only where it would be wrong (never): keep it.
        Some(s)
    }

    fn args_text(&self, args: &[Arg]) -> Option<String> {
        let mut out = Vec::new();
        for a in args {
            match a {
                Arg::Pack(v) => {
                    if !v.is_empty() {
                        out.push(self.args_text(v)?);
                    }
                }
                a => out.push(self.arg_text(a)?),
            }
        }
        Some(out.join(", "))
    }

    fn arg_text(&self, a: &Arg) -> Option<String> {
        match a {
            Arg::Type(t) => self.declaration(t, ""),
            Arg::Value(t, v) => {
                if *t == Ty::Builtin("b") {
                    return Some(if *v != 0 { "true" } else { "false" }.into());
                }
                let ty = self.declaration(t, "")?;
                let suffix = if i64::try_from(*v).is_err() {
                    // Beyond `long long`: an `unsigned long long` (`size_t(-1)`) or nothing.
                    u64::try_from(*v).ok()?;
                    "ULL"
                } else if *v > i32::MAX as i128 || *v < i32::MIN as i128 {
                    "LL"
                } else {
                    ""
                };
                Some(format!("({ty})({v}{suffix})"))
            }
            Arg::Pack(v) => self.args_text(v),
            Arg::Template(p) => self.path_text(p),
            Arg::Hole(_) => None,
            Arg::Function(f) => {
                let ent = self.sema.entity(*f);
                let name = self.m.interner.name(ent.name?);
                Some(format!("{}{name}", self.namespace_qualifier(*f)?))
            }
        }
    }

    // -----------------------------------------------------------------------------------
    // Template kernel instances

    fn call_use(
        &mut self,
        template: EntityId,
        written: Option<&'a TemplateArgs>,
        call_args: Option<&'a [Expr]>,
        env: &Env,
    ) {
        match self.deduce_call(template, written, call_args, env, None) {
            Some(args) => self.instance(template, args),
            None => {
                let name = self.sema.qualified_name(template, self.m.interner);
                self.skipped
                    .push(format!("{name}: template arguments not determined"));
            }
        }
    }

    fn declared_use(
        &mut self,
        template: EntityId,
        written: Option<&'a TemplateArgs>,
        d: &'a Declarator,
        specs: &'a DeclSpecs,
    ) {
        let _ = specs;
        // The declaration's parameter types are the arguments deduction starts from.
        let env = Env::in_scope(self.sema.entity(template).parent);
        let Some(chunk) = d.function() else { return };
        let actual: Option<Vec<Ty>> = chunk
            .params
            .iter()
            .map(|p| {
                let base = self.m.specs_type(&p.specs, &env, 0);
                self.m
                    .declarator_type(base, &p.declarator.ops, false, &env, 0)
                    .map(adjust_param)
            })
            .collect();
        let args = actual.and_then(|actual| {
            self.deduce(
                template,
                written,
                &env,
                None,
                |_, i| actual.get(i).cloned(),
                chunk.params.len(),
            )
        });
        match args {
            Some(args) => self.instance(template, args),
            None => {
                let name = self.sema.qualified_name(template, self.m.interner);
                self.skipped.push(format!(
                    "{name}: explicit instantiation's template arguments not determined"
                ));
            }
        }
    }

    /// The template arguments of a call or launch of `template`.
    fn deduce_call(
        &self,
        template: EntityId,
        written: Option<&'a TemplateArgs>,
        call_args: Option<&'a [Expr]>,
        env: &Env,
        owner: Option<&Env>,
    ) -> Option<Vec<Arg>> {
        let call_args = call_args.unwrap_or(&[]);
        self.deduce(
            template,
            written,
            env,
            owner,
            |w, i| w.expr_type(call_args.get(i)?, env),
            call_args.len(),
        )
    }

    /// Converts the written arguments of `template`, deduces the rest from the types of
    /// the call's arguments (`arg_type(i)`, `count` of them), then takes defaults. `owner`:
    /// the bindings of the class template instance a member template is of.
    fn deduce(
        &self,
        template: EntityId,
        written: Option<&TemplateArgs>,
        env: &Env,
        owner: Option<&Env>,
        arg_type: impl Fn(&Self, usize) -> Option<Ty>,
        count: usize,
    ) -> Option<Vec<Arg>> {
        let decl: &FnDecl<'a> = self.m.template_decl(template)?;
        let head = decl.template?;
        let n = head.params.len();
        let mut holes: Vec<Option<Arg>> = vec![None; n];
        let written: &[TemplateArg] = written.map(|w| &w.args[..]).unwrap_or(&[]);
        let tparent = self.sema.entity(template).parent;
        // The template's own declaration is read with the enclosing class's bindings.
        let own = || {
            let mut b = owner.cloned().unwrap_or_default();
            b.scope = Some(tparent);
            b
        };
        let bound = |holes: &[Option<Arg>]| {
            let mut b = env.clone();
            b.scope = Some(tparent);
            for (p, h) in head.params.iter().zip(holes) {
                if let (Some(e), Some(a)) = (p.entity, h) {
                    b.bind(e, a.clone());
                }
            }
            b
        };
        // Written arguments.
        let mut explicit_pack = false;
        for (i, p) in head.params.iter().enumerate() {
            if p.pack {
                if written.len() > i {
                    let b = bound(&holes);
                    let pack = written[i..]
                        .iter()
                        .map(|a| self.m.template_arg(p, a, &b, 0))
                        .collect::<Option<Vec<_>>>()?;
                    holes[i] = Some(Arg::Pack(pack));
                    explicit_pack = true;
                }
                break;
            }
            if let Some(a) = written.get(i) {
                let b = bound(&holes);
                holes[i] = Some(self.m.template_arg(p, a, &b, 0)?);
            }
        }
        // Deduction from the call's arguments.
        if holes.iter().any(Option::is_none) && count > 0 {
            let mut penv = own();
            // Every declaration's head: the definition's parameters may be those of the
            // first declaration.
            let heads = self.m.decls.heads(template);
            for (i, p) in heads.iter().flat_map(|h| h.params.iter().enumerate()) {
                if i >= n {
                    continue;
                }
                if let Some(pe) = p.entity {
                    match (&holes[i], &p.kind) {
                        (Some(a), _) if !p.pack => penv.bind(pe, a.clone()),
                        (_, TemplateParamKind::Type { .. }) => {
                            penv.bind(pe, Arg::Type(Ty::Param(i as u32)))
                        }
                        (_, TemplateParamKind::NonType { .. }) if !p.pack => {
                            penv.bind(pe, Arg::Hole(i as u32))
                        }
                        _ => {}
                    }
                }
            }
            let chunk = decl.declarator.function()?;
            for (i, p) in chunk.params.iter().enumerate() {
                if p.declarator.pack {
                    if explicit_pack {
                        break;
                    }
                    // `Ts... args` (`Ts *...args`, ...): each remaining argument deduces one
                    // element from the parameter's pattern.
                    let pi = head.params.iter().position(|tp| tp.pack)?;
                    let base = self.m.specs_type(&p.specs, &penv, 0);
                    let pt = self
                        .m
                        .declarator_type(base, &p.declarator.ops, false, &penv, 0)?;
                    let mut elems = Vec::new();
                    for j in i..count {
                        let at = arg_type(self, j)?;
                        let mut h = holes.clone();
                        h[pi] = None;
                        if !deduce_param(&pt, &at, &mut h) {
                            return None;
                        }
                        elems.push(h[pi].take()?);
                    }
                    holes[pi] = Some(Arg::Pack(elems));
                    break;
                }
                if i >= count {
                    break;
                }
                let base = self.m.specs_type(&p.specs, &penv, 0);
                let Some(pt) = self
                    .m
                    .declarator_type(base, &p.declarator.ops, false, &penv, 0)
                else {
                    continue;
                };
                if !mentions_param(&pt) {
                    continue;
                }
                let at = arg_type(self, i)?;
                if !deduce_param(&pt, &at, &mut holes) {
                    return None;
                }
            }
        }
        // Defaults, and empty packs.
        for (i, p) in head.params.iter().enumerate() {
            if holes[i].is_some() {
                continue;
            }
            if p.pack {
                holes[i] = Some(Arg::Pack(Vec::new()));
                continue;
            }
            let b = bound(&holes);
            let arg = match &p.kind {
                TemplateParamKind::Type {
                    default: Some(t), ..
                } => Arg::Type(self.m.type_id(t, &b, 0)?),
                TemplateParamKind::NonType { param } => {
                    let ty = self.m.param_type(param, &b, 0)?;
                    let v = self.m.eval(param.default.as_ref()?, &b, 0)?;
                    super::mangle::value_arg(ty, v)?
                }
                _ => return None,
            };
            holes[i] = Some(arg);
        }
        holes.into_iter().collect()
    }

    /// Writes the stub and wrapper specialization of `template<args>` (once).
    fn instance(&mut self, template: EntityId, args: Vec<Arg>) {
        let Some(mangled) = self.m.instance_name(template, &args) else {
            let name = self.sema.qualified_name(template, self.m.interner);
            self.skipped
                .push(format!("{name}: instance has no mangled name"));
            return;
        };
        if self.done.contains(&mangled) {
            return;
        }
        // A template defined in another translation unit: instantiated there.
        let defined = self
            .m
            .decls
            .functions
            .get(&template)
            .is_some_and(|v| v.iter().any(|d| d.definition));
        if !defined {
            return;
        }
        let Some(raw) = self.instance_params(template, &args) else {
            self.skipped
                .push(format!("{mangled}: parameter types not resolved"));
            return;
        };
        let params: Vec<Ty> = raw.iter().cloned().map(adjust_param).collect();
        let Some(qualifier) = self.namespace_qualifier(template) else {
            return;
        };
        let ent = self.sema.entity(template);
        let Some(ident) = ent.name.map(|n| self.m.interner.name(n).into_owned()) else {
            return;
        };
        let Some(args_text) = self.args_text(&args) else {
            self.skipped
                .push(format!("{mangled}: template arguments cannot be written"));
            return;
        };
        let internal =
            self.internal_entity(template) || args.iter().any(|a| self.m.arg_mentions_anonymous(a));
        // Closure types in the arguments: the stub is named with their wrappers' host
        // names, as cicc names it.
        let stub_name = self
            .m
            .instance_host_name(template, &args)
            .unwrap_or_else(|| mangled.clone());
        let k = Kernel {
            device_name: self.device_name(mangled, internal),
            mangled: stub_name,
            host_name: format!("{qualifier}{ident}< {args_text} >"),
            params,
            storage: "static ",
        };
        if !self.device_stub(&k) {
            return;
        }
        // The wrapper specialization, with the host file's parameters: each as an lvalue
        // reference, but arrays and functions, which are pointers taken by value.
        let mut wparams = Vec::new();
        let mut fwd = Vec::new();
        for (i, t) in raw.iter().enumerate() {
            let name = format!("__cuda_{i}");
            let as_ref = match t {
                Ty::LRef(_) | Ty::RRef(_) => t.clone(),
                Ty::Array(_, e) => Ty::Pointer(e.clone()),
                Ty::Function(_) => Ty::Pointer(Box::new(t.clone())),
                t => Ty::LRef(Box::new(t.clone())),
            };
            let Some(d) = self.declaration(&as_ref, &name) else {
                return;
            };
            wparams.push(d);
            let adjusted = &k.params[i];
            if self.is_class(adjusted) {
                let Some(cast) = self.declaration(&Ty::LRef(Box::new(adjusted.clone())), "") else {
                    return;
                };
                fwd.push(format!("({cast}){name}"));
            } else {
                fwd.push(name);
            }
        }
        let _ = writeln!(
            self.out,
            "template<> __specialization_static void {qualifier}__wrapper__device_stub_{ident}< {args_text} >({}){{__device_stub_{}({});}}",
            wparams.join(", "),
            k.mangled,
            fwd.join(", ")
        );
        self.register(&k);
        // The instance's body: the variable template instances, launches and function
        // template instances it uses.
        let mut ienv = Env::in_scope(self.sema.entity(template).parent);
        for h in self.m.decls.heads(template) {
            bind_head(&mut ienv, h, &args);
        }
        self.scan(template, args, ienv, None, 0);
    }

    /// The parameter types of an instance, as declared (not adjusted), packs expanded.
    fn instance_params(&self, template: EntityId, args: &[Arg]) -> Option<Vec<Ty>> {
        let decl = self.m.template_decl(template)?;
        let head = decl.template?;
        let chunk = decl.declarator.function()?;
        let mut env = Env::in_scope(self.sema.entity(template).parent);
        bind_head(&mut env, head, args);
        let mut out = Vec::new();
        for p in chunk.params.iter() {
            if p.declarator.pack {
                // Expand: bind each pack parameter to its elements in turn.
                let packs: Vec<(EntityId, &Vec<Arg>)> = head
                    .params
                    .iter()
                    .zip(args)
                    .filter(|(tp, _)| tp.pack)
                    .filter_map(|(tp, a)| match a {
                        Arg::Pack(v) => Some((tp.entity?, v)),
                        _ => None,
                    })
                    .collect();
                let len = packs.first().map_or(0, |(_, v)| v.len());
                for k in 0..len {
                    let mut e2 = env.clone();
                    for (pe, v) in &packs {
                        e2.bind(*pe, v.get(k)?.clone());
                    }
                    let base = self.m.specs_type(&p.specs, &e2, 0);
                    out.push(
                        self.m
                            .declarator_type(base, &p.declarator.ops, false, &e2, 0)?,
                    );
                }
                continue;
            }
            let base = self.m.specs_type(&p.specs, &env, 0);
            let t = self
                .m
                .declarator_type(base, &p.declarator.ops, false, &env, 0)?;
            out.push(t);
        }
        if out.len() == 1
            && out[0] == Ty::Builtin("v")
            && chunk
                .params
                .first()
                .is_some_and(|p| p.declarator.name.is_none())
        {
            out.clear();
        }
        Some(out)
    }

    /// Follows the uses found in a body (or the unit) whose names mean what `env` binds;
    /// `this` is the class type of the member function the body is of.
    fn follow(&mut self, uses: Vec<Use<'a>>, env: &Env, this: Option<&Ty>, depth: u32) {
        for u in uses {
            let expansion = match &u {
                Use::Call { expansion, .. }
                | Use::Instantiate { expansion, .. }
                | Use::Member { expansion, .. }
                | Use::LambdaCall { expansion, .. } => *expansion,
                Use::Declared { .. } | Use::Variable { .. } => false,
            };
            let envs = if expansion {
                match expansions(env) {
                    Some(v) => v,
                    None => {
                        if let Use::Call { template, .. } = &u {
                            let name = self.sema.qualified_name(*template, self.m.interner);
                            self.skipped.push(format!(
                                "{name}: a launch in a pack expansion over packs of different lengths"
                            ));
                        }
                        continue;
                    }
                }
            } else {
                vec![env.clone()]
            };
            for env in &envs {
                match &u {
                    Use::Call {
                        template,
                        written,
                        call_args,
                        class,
                        ..
                    } => match class {
                        // Names in a member's body are looked up in its class.
                        Some(c) if env.scope.is_none() => {
                            let mut cenv = env.clone();
                            cenv.scope = Some(*c);
                            self.call_use(*template, *written, *call_args, &cenv)
                        }
                        _ => self.call_use(*template, *written, *call_args, env),
                    },
                    Use::Declared {
                        template,
                        written,
                        declarator,
                        specs,
                    } => self.declared_use(*template, *written, declarator, specs),
                    Use::Instantiate {
                        template,
                        written,
                        call_args,
                        ..
                    } => self.instantiate(*template, *written, call_args, env, depth + 1),
                    Use::Member {
                        base,
                        arrow,
                        name,
                        call_args,
                        ..
                    } => self.member_call(*base, *arrow, name, call_args, env, this, depth + 1),
                    Use::Variable { template, written } => {
                        self.variable_instance(*template, written, env)
                    }
                    Use::LambdaCall {
                        callee, call_args, ..
                    } => self.lambda_call(callee, call_args, env, this, depth + 1),
                }
            }
        }
    }

    /// A call of a host function template: the instance's body (with the deduced arguments
    /// bound) is searched for launches of kernel templates, for calls of further function
    /// templates and for calls of members.
    fn instantiate(
        &mut self,
        template: EntityId,
        written: Option<&'a TemplateArgs>,
        call_args: &'a [Expr],
        env: &Env,
        depth: u32,
    ) {
        if depth > 16 {
            return;
        }
        // Host templates whose arguments we cannot tell are many (and mostly launch
        // nothing): not reported.
        let Some(args) = self.deduce_call(template, written, Some(call_args), env, None) else {
            return;
        };
        let mut ienv = Env::in_scope(self.sema.entity(template).parent);
        for h in self.m.decls.heads(template) {
            bind_head(&mut ienv, h, &args);
        }
        self.scan(template, args, ienv, None, depth);
    }

    /// A call of a lambda: a generic one's body is searched (once per list of parameter
    /// types) with its `auto` parameters' types deduced from the call's arguments. (The
    /// bodies of other lambdas are searched with the code around them.)
    fn lambda_call(
        &mut self,
        callee: &'a Expr,
        call_args: &'a [Expr],
        env: &Env,
        this: Option<&Ty>,
        depth: u32,
    ) {
        if depth > 16 || self.nesting > 16 {
            return;
        }
        let Some(l) = self.called_lambda(callee) else {
            return;
        };
        let (Some(chunk), Some(scope)) = (&l.params, l.scope) else {
            return;
        };
        let generic = chunk
            .params
            .iter()
            .any(|p| matches!(p.specs.ty, TypeSpec::Auto | TypeSpec::DecltypeAuto));
        if !generic || l.template.is_some() || chunk.params.len() != call_args.len() {
            return;
        }
        let mut lenv = env.clone();
        let mut key = Vec::new();
        for (p, a) in chunk.params.iter().zip(call_args) {
            if !matches!(p.specs.ty, TypeSpec::Auto) {
                continue;
            }
            let Some(e) = p
                .declarator
                .name
                .as_ref()
                .and_then(|n| n.ident())
                .and_then(|s| self.sema.scope(scope).names.get(&s))
                .and_then(|v| v.first().copied())
            else {
                return;
            };
            let Some(full) = self.auto_param_type(p, a, env) else {
                return;
            };
            key.push(Arg::Type(full.clone()));
            lenv.bind(e, Arg::Type(full));
        }
        let at = l.intro_span.lo;
        if self
            .lambda_instances
            .iter()
            .any(|(o, k)| *o == at && *k == key)
        {
            return;
        }
        self.lambda_instances.push((at, key));
        self.search_body(&l.body, &lenv, this, depth);
    }

    /// The lambda a call calls: written there, or the initializer of the `auto` variable
    /// called.
    fn called_lambda(&self, callee: &'a Expr) -> Option<&'a Lambda> {
        match &callee.unparen().kind {
            ExprKind::Lambda(l) => Some(l),
            ExprKind::Name(n) => {
                let &(specs, d, init) = self.vars.get(&n.resolution.entity()?)?;
                if !d.ops.is_empty() || !matches!(specs.ty, TypeSpec::Auto) {
                    return None;
                }
                let x = match init? {
                    Initializer::Assign(x) | Initializer::Brace(x) => x,
                    _ => return None,
                };
                match &x.unparen().kind {
                    ExprKind::Lambda(l) => Some(l),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// The type of the `auto` parameter `p` (`auto x`, `const auto &x`, `auto *p`) for the
    /// argument `a`.
    fn auto_param_type(&self, p: &Param, a: &Expr, env: &Env) -> Option<Ty> {
        let actual = self.expr_type(a, env)?;
        let q = Quals {
            c: p.specs.is_const,
            v: p.specs.is_volatile,
            r: false,
        };
        let with = |t: Ty| {
            if q == Quals::default() {
                t
            } else {
                Ty::Qualified(q, Box::new(t))
            }
        };
        let ops = &p.declarator.ops;
        let pattern = self
            .m
            .declarator_type(Some(with(Ty::Param(0))), ops, false, env, 0)?;
        let mut holes = vec![None];
        if !deduce_param(&pattern, &actual, &mut holes) {
            return None;
        }
        let Some(Arg::Type(auto)) = holes[0].take() else {
            return None;
        };
        self.m.declarator_type(Some(with(auto)), ops, false, env, 0)
    }

    /// Searches the body of the function `f` (once per `key`: its template arguments, and
    /// its class for a member) with `ienv` bound.
    fn scan(&mut self, f: EntityId, key: Vec<Arg>, ienv: Env, this: Option<Ty>, depth: u32) {
        if self.nesting > 16 {
            return;
        }
        if self.instantiated.iter().any(|(t, a)| *t == f && *a == key) {
            return;
        }
        self.instantiated.push((f, key));
        let Some(def) = self
            .m
            .decls
            .functions
            .get(&f)
            .and_then(|v| v.iter().find(|d| d.definition))
        else {
            return;
        };
        let Some(body) = self
            .bodies
            .get(&(def.declarator.span.lo, def.declarator.span.hi))
        else {
            return;
        };
        // Everything in the body counts as outside templates: the instance's bindings say
        // what its names mean.
        self.search_body(body, &ienv, this.as_ref(), depth);
    }

    /// Follows the uses in a body (a function's or a lambda's), its names meaning what
    /// `env` binds: everything in it counts as outside templates.
    fn search_body(&mut self, body: &'a Stmt, env: &Env, this: Option<&Ty>, depth: u32) {
        let mut scan = Collector {
            m: self.m,
            sema: self.sema,
            vars: FxHashMap::default(),
            params: FxHashMap::default(),
            kernels: Vec::new(),
            uses: Vec::new(),
            variables: Vec::new(),
            template_depth: 0,
            function_depth: 1,
            class_depth: 0,
            expansion: 0,
            bodies: FxHashMap::default(),
            lambdas: FxHashMap::default(),
            this_class: None,
            env: (!env.bound.is_empty()).then(|| env.clone()),
        };
        scan.stmt(body);
        let uses: Vec<Use<'a>> = scan
            .uses
            .into_iter()
            .filter(|u| !matches!(u, Use::Declared { .. }))
            .collect();
        self.nesting += 1;
        self.follow(uses, env, this, depth);
        self.nesting -= 1;
    }

    /// A call of a member function: `base.name(call_args)` (`base->`, or the implicit
    /// `this->` when `base` is `None`). The member the object's class declares under that
    /// name is followed when it is a member of a class template instance or a member
    /// template (members of other classes are searched with the unit); one we cannot pick
    /// (overloads, members of bases) is not followed.
    #[allow(clippy::too_many_arguments)]
    fn member_call(
        &mut self,
        base: Option<&'a Expr>,
        arrow: bool,
        name: &'a QualName,
        call_args: &'a [Expr],
        env: &Env,
        this: Option<&Ty>,
        depth: u32,
    ) {
        if depth > 16 || (name.is_qualified() && base.is_some()) {
            return;
        }
        let obj = match base {
            Some(b) => {
                let Some(t) = self.expr_type(b, env) else {
                    return;
                };
                if arrow { pointee(t) } else { Some(t) }
            }
            // `C<short>::s(args)`: the class the qualifier names.
            None if name.is_qualified() => {
                let Some(&f) = name.resolution.entities().first() else {
                    return;
                };
                let parent = self.sema.entity(f).parent;
                if self.sema.scope(parent).kind != ScopeKind::Class {
                    return;
                }
                self.m.scope_path(parent, Some(name), env, 0).map(Ty::Named)
            }
            None => this.cloned(),
        };
        let Some(Ty::Named(path)) = obj.map(unqualified) else {
            return;
        };
        let Some(sym) = name.ident() else { return };
        if !matches!(
            path.last().map(|c| self.sema.entity(c.entity).kind),
            Some(EntityKind::Class(_))
        ) {
            return;
        }
        let Some(sel) = self.m.select(&path, 0) else {
            return;
        };
        let candidates: Vec<EntityId> = self
            .sema
            .scope(sel.scope)
            .names
            .get(&sym)
            .map(|v| {
                v.iter()
                    .copied()
                    .filter(|&e| self.sema.entity(e).kind == EntityKind::Function)
                    .collect()
            })
            .unwrap_or_default();
        // Overloads: those whose parameter count admits the call.
        let fits: Vec<EntityId> = candidates
            .iter()
            .copied()
            .filter(|&f| {
                self.m.decls.functions.get(&f).is_some_and(|v| {
                    v.iter().any(|d| {
                        d.declarator.function().is_some_and(|c| {
                            let required = c.params.iter().filter(|p| p.default.is_none()).count();
                            let packs = c.params.iter().any(|p| p.declarator.pack);
                            call_args.len() >= required
                                && (packs || c.variadic || call_args.len() <= c.params.len())
                        })
                    })
                })
            })
            .collect();
        let [f] = fits[..] else { return };
        let ent = self.sema.entity(f);
        // As for function templates: what the system headers' members launch is not
        // followed.
        if ent.flags.in_system_header {
            return;
        }
        let class_is_template = path.iter().any(|c| c.args.is_some());
        if !class_is_template && !ent.is_template {
            return;
        }
        let class_ty = Ty::Named(path.clone());
        let mut ienv = sel.env.clone();
        ienv.scope = Some(ent.parent);
        // An out-of-class definition of a member of a class template redeclares the class's
        // parameters: bind them to the class's arguments.
        let def = self
            .m
            .decls
            .functions
            .get(&f)
            .and_then(|v| v.iter().find(|d| d.definition).copied());
        let Some(def) = def else { return };
        let mut key = vec![Arg::Type(class_ty.clone())];
        if ent.is_template {
            let Some(args) = self.deduce_call(
                f,
                name.last().args.as_ref(),
                Some(call_args),
                env,
                Some(&sel.env),
            ) else {
                // Not reported, as for host function templates.
                return;
            };
            for h in self.m.decls.heads(f) {
                bind_head(&mut ienv, h, &args);
            }
            key.extend(args);
        } else if let (Some(head), Some(args)) = (
            def.template.filter(|h| !h.params.is_empty()),
            path.last().and_then(|c| c.args.as_ref()),
        ) {
            bind_head(&mut ienv, head, args);
        }
        self.scan(f, key, ienv, Some(class_ty), depth);
    }

    // -----------------------------------------------------------------------------------
    // Expression types (enough for deduction)

    /// The type of an expression, references dropped; `None` where we cannot tell.
    fn expr_type(&self, e: &Expr, env: &Env) -> Option<Ty> {
        let t = self.expr_type_at(e, env, 0)?;
        Some(match t {
            Ty::LRef(x) | Ty::RRef(x) => *x,
            t => t,
        })
    }

    fn expr_type_at(&self, e: &Expr, env: &Env, depth: u32) -> Option<Ty> {
        if depth > 64 {
            return None;
        }
        let ty = |x: &Expr| self.expr_type_at(x, env, depth + 1).map(strip_ref);
        Some(match &e.kind {
            ExprKind::Literal(LiteralKind::Integer) => {
                Ty::Builtin(integer_literal_type(self.m.map.slice(e.span))?)
            }
            ExprKind::Literal(LiteralKind::Float) => {
                let lit = literal::parse_float(self.m.map.slice(e.span)).ok()?;
                Ty::Builtin(match lit.suffix {
                    literal::FloatSuffix::None => "d",
                    literal::FloatSuffix::F => "f",
                    literal::FloatSuffix::L => "e",
                    _ => return None,
                })
            }
            ExprKind::Literal(LiteralKind::Char) => {
                Ty::Builtin(char_literal_type(self.m.map.slice(e.span))?)
            }
            ExprKind::Strings(_) | ExprKind::Literal(LiteralKind::String) => {
                Ty::Pointer(Box::new(Ty::Qualified(
                    Quals {
                        c: true,
                        v: false,
                        r: false,
                    },
                    Box::new(Ty::Builtin("c")),
                )))
            }
            ExprKind::Bool(_) => Ty::Builtin("b"),
            ExprKind::Nullptr => Ty::Builtin("Dn"),
            ExprKind::Paren(x) => self.expr_type_at(x, env, depth + 1)?,
            ExprKind::Name(n) => self.name_type(n, env, depth)?,
            ExprKind::Unary(op, x) => match op {
                UnaryOp::AddrOf => Ty::Pointer(Box::new(ty(x)?)),
                UnaryOp::Deref => pointee(ty(x)?)?,
                UnaryOp::Plus | UnaryOp::Minus | UnaryOp::BitNot => promote(ty(x)?),
                UnaryOp::Not => Ty::Builtin("b"),
                UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::Extension => ty(x)?,
                _ => return None,
            },
            ExprKind::PostInc(x) | ExprKind::PostDec(x) => ty(x)?,
            ExprKind::Binary(op, a, b) => {
                use BinaryOp as B;
                match op {
                    B::Lt | B::Gt | B::Le | B::Ge | B::Eq | B::Ne | B::And | B::Or => {
                        Ty::Builtin("b")
                    }
                    B::Shl | B::Shr => promote(ty(a)?),
                    B::Add
                    | B::Sub
                    | B::Mul
                    | B::Div
                    | B::Rem
                    | B::BitAnd
                    | B::BitOr
                    | B::BitXor => {
                        let (ta, tb) = (decay(ty(a)?), decay(ty(b)?));
                        match (&ta, &tb) {
                            (Ty::Pointer(_), Ty::Pointer(_)) if *op == B::Sub => Ty::Builtin("l"),
                            (Ty::Pointer(_), _) => ta,
                            (_, Ty::Pointer(_)) => tb,
                            _ => arithmetic(ta, tb)?,
                        }
                    }
                    _ => return None,
                }
            }
            ExprKind::Assign(_, a, _) => ty(a)?,
            ExprKind::Cond(_, Some(t), f) => {
                let (tt, tf) = (ty(t)?, ty(f)?);
                if tt == tf { tt } else { arithmetic(tt, tf)? }
            }
            ExprKind::Cast { ty: t, .. } | ExprKind::Construct { ty: t, .. } => {
                let mut b = env.clone();
                if b.scope.is_none() {
                    b.scope = Some(Sema::GLOBAL);
                }
                self.m.type_id(t, &b, 0)?
            }
            ExprKind::Index(a, _) => pointee(decay(ty(a)?))?,
            ExprKind::Member { base, arrow, name } => match name.resolution.entity() {
                // `obj.p`: a data member the parser resolved.
                Some(m) => self.entity_type(m, env, depth)?,
                // `this->p`, `(*this).p`: a data member of the class `env` is in.
                None => {
                    let on_this = match &base.unparen().kind {
                        ExprKind::This => *arrow,
                        ExprKind::Unary(UnaryOp::Deref, x) => {
                            !*arrow && matches!(x.unparen().kind, ExprKind::This)
                        }
                        _ => false,
                    };
                    if !on_this || name.is_qualified() {
                        return None;
                    }
                    let mut class = env.scope?;
                    while self.sema.scope(class).kind != ScopeKind::Class {
                        class = self.sema.scope(class).parent?;
                    }
                    let [m] = self.sema.lookup_member(class, name.ident()?)[..] else {
                        return None;
                    };
                    if !matches!(
                        self.sema.entity(m).kind,
                        EntityKind::Field | EntityKind::Variable
                    ) {
                        return None;
                    }
                    self.entity_type(m, env, depth)?
                }
            },
            ExprKind::SizeofType(_) | ExprKind::SizeofExpr(_) => Ty::Builtin("m"),
            ExprKind::Lambda(l) => self.closure_type(l, env, depth)?,
            ExprKind::Call { callee, .. } => {
                let ExprKind::Name(n) = &callee.unparen().kind else {
                    return None;
                };
                let [f] = n.resolution.entities() else {
                    return None;
                };
                let ent = self.sema.entity(*f);
                if ent.kind != EntityKind::Function || ent.is_template {
                    return None;
                }
                let d = self.m.decls.functions.get(f)?.first()?;
                self.m
                    .return_type(d.specs, d.declarator, &Env::in_scope(ent.parent))?
            }
            _ => return None,
        })
    }

    fn name_type(&self, n: &QualName, env: &Env, depth: u32) -> Option<Ty> {
        self.entity_type(n.resolution.entity()?, env, depth)
    }

    /// The declared type of a variable, parameter, enumerator or template parameter.
    fn entity_type(&self, e: EntityId, env: &Env, depth: u32) -> Option<Ty> {
        let ent = self.sema.entity(e);
        // A generic lambda's parameter, its type deduced for the call being followed.
        if ent.kind == EntityKind::Parameter
            && let Some(Arg::Type(t)) = env.get(e)
        {
            return Some(t.clone());
        }
        match ent.kind {
            EntityKind::Variable | EntityKind::Parameter | EntityKind::Field => {
                let first = ent.first_decl();
                let &(specs, d, init) = self
                    .vars
                    .get(&e)
                    .or_else(|| self.params.get(&(first.lo, first.hi)))?;
                let mut b = env.clone();
                b.scope = Some(ent.parent);
                let base = self.m.specs_type(specs, &b, 0);
                match self.m.declarator_type(base, &d.ops, false, &b, 0) {
                    Some(t) => Some(t),
                    None if d.ops.is_empty()
                        && matches!(specs.ty, TypeSpec::Auto | TypeSpec::DecltypeAuto) =>
                    {
                        let x = match init? {
                            Initializer::Assign(x) | Initializer::Brace(x) => x,
                            Initializer::Paren(v, _) if v.len() == 1 => &v[0],
                            _ => return None,
                        };
                        let t = decay(strip_ref(self.expr_type_at(x, env, depth + 1)?));
                        Some(match t {
                            Ty::Qualified(_, x) => *x,
                            t => t,
                        })
                    }
                    None => None,
                }
            }
            EntityKind::Enumerator => {
                let owner = self.sema.scope(ent.parent).entity?;
                let oe = self.sema.entity(owner);
                if !matches!(oe.kind, EntityKind::Enum { .. }) {
                    return None;
                }
                self.m
                    .class_path(owner, None, &Env::default(), 0)
                    .map(Ty::Named)
            }
            EntityKind::TemplateValueParam => match env.get(e)? {
                Arg::Value(t, _) => Some(t.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    // -----------------------------------------------------------------------------------
    // Closure types of extended lambdas

    /// The closure type of an extended lambda, its enclosing function's template
    /// parameters bound by `env`: named on the device side by its mangled local name, and
    /// in the stub file by the wrapper type the host file constructs in its place.
    fn closure_type(&self, l: &'a Lambda, env: &Env, depth: u32) -> Option<Ty> {
        let x = self.ext.get(l)?;
        // Generic lambdas have templated call operators: not named here.
        if l.template.is_some() {
            return None;
        }
        let f = x.function?;
        let fent = self.sema.entity(f);
        let mut fenv = env.clone();
        fenv.scope = Some(fent.parent);
        let function = self.m.fn_context(f, &fenv)?;
        let place = self.ext.places.get(&l.intro_span.lo)?;
        // A lambda in a lambda is local to the outer one's call operator.
        let context = match place.outer {
            Some(o) => self.lambda_operator(o, &function, env, 0)?,
            None => function.clone(),
        };
        let (sig, variadic) = self.lambda_sig(l, env)?;
        let number = self.closure_number(place, &sig, variadic, env);
        let fields = self.capture_types(l, &x.captures, f, &function, env, depth)?;
        // The wrapper (cicc lays the argument out as the host type): the captures in order,
        // then, in an HD wrapper without a conversion to a function pointer, the pointer to
        // the lambda.
        let (mut size, mut align) = (0u64, 1u64);
        let data = Ty::Pointer(Box::new(Ty::Builtin("v")));
        let data = (x.space == Space::HostDevice && !x.no_capture).then_some(&data);
        for t in fields.iter().chain(data) {
            let lay = self.m.layout(t)?;
            size = align_to(size, lay.align) + lay.size;
            align = align.max(lay.align);
        }
        let size = align_to(size.max(1), align);
        // The host type: the wrapper and its tag.
        let decl = self.function_decl(f)?;
        let fn_ty = {
            let base = self.m.specs_type(decl.specs, &fenv, 0);
            self.m
                .declarator_type(base, &decl.declarator.ops, false, &fenv, 0)?
        };
        let Ty::Function(mut fn_ty) = fn_ty else {
            return None;
        };
        let class = self.member_class(f, &fenv);
        let u = match &class {
            Some(c) => {
                fn_ty.method = true;
                Ty::MemberPointer(Box::new(c.clone()), Box::new(Ty::Function(fn_ty)))
            }
            None => Ty::Pointer(Box::new(Ty::Function(fn_ty))),
        };
        let tag_type = u.clone();
        let u = self.declaration(&u, "")?;
        let ident = self.m.interner.name(fent.name?).into_owned();
        let targs = match &function.template {
            Some((_, args)) => format!("< {} >", self.args_text(args)?),
            None => String::new(),
        };
        let owner = match &class {
            Some(c) => Some(c.clone()),
            // A static member function.
            None if self.sema.scope(fent.parent).kind == ScopeKind::Class => {
                let c = self.sema.scope(fent.parent).entity?;
                Some(Ty::Named(self.m.class_path(c, None, &fenv, 0)?))
            }
            None => None,
        };
        let func = match &owner {
            Some(c) => format!("& {}::{ident}{targs}", self.declaration(c, "")?),
            None => format!("& {}{ident}{targs}", self.namespace_qualifier(f)?),
        };
        let tag = format!("__nv_dl_tag< {u}, ({func}), {} >", x.ordinal);
        let mut caps = String::new();
        for t in &fields {
            caps.push_str(", ");
            caps.push_str(&self.declaration(t, "")?);
        }
        let mut host_device = None;
        let host = match x.space {
            Space::Device => format!("::__nv_dl_wrapper_t< {tag}{caps} >"),
            Space::HostDevice => {
                let ret = self.lambda_return(l, env, depth)?;
                let op = Ty::Function(Box::new(FnType {
                    ret: ret.clone(),
                    params: sig.clone(),
                    variadic,
                    quals: Quals::default(),
                    ref_qualifier: None,
                    noexcept: false,
                    method: false,
                }));
                let never_throws = l
                    .params
                    .as_ref()
                    .is_some_and(|p| matches!(p.exception, Some(ExceptionSpec::Noexcept(None))));
                host_device = Some(HostDeviceFlags {
                    is_mutable: x.is_mutable,
                    fn_ptr_conv: x.no_capture,
                    never_throws,
                    ret,
                });
                format!(
                    "::__nv_hdl_wrapper_t< {}, {}, {never_throws}, {tag}, {}{caps} >",
                    x.is_mutable,
                    x.no_capture,
                    self.declaration(&op, "")?
                )
            }
        };
        Some(Ty::Closure(Box::new(Closure {
            context,
            sig,
            variadic,
            number,
            host,
            size,
            align,
            tag_type,
            ordinal: x.ordinal,
            captures: fields,
            host_device,
        })))
    }

    /// The call operator of the lambda introduced at `at` (in `function`), as the context
    /// of the lambdas in its body.
    fn lambda_operator(
        &self,
        at: Offset,
        function: &FnContext,
        env: &Env,
        depth: u32,
    ) -> Option<FnContext> {
        let l = self.lambdas.get(&at)?;
        if l.template.is_some() || depth > 64 {
            return None;
        }
        let place = self.ext.places.get(&at)?;
        let context = match place.outer {
            Some(o) => self.lambda_operator(o, function, env, depth + 1)?,
            None => function.clone(),
        };
        let (sig, variadic) = self.lambda_sig(l, env)?;
        let number = self.closure_number(place, &sig, variadic, env);
        let closure = Closure {
            context,
            sig,
            variadic,
            number,
            host: String::new(),
            size: 1,
            align: 1,
            tag_type: Ty::Builtin("v"),
            ordinal: 0,
            captures: Vec::new(),
            host_device: None,
        };
        Some(FnContext::lambda_operator(closure, !l.is_mutable))
    }

    /// How many lambdas before one (at `place`) in its body have its parameter types.
    fn closure_number(&self, place: &Place, sig: &[Ty], variadic: bool, env: &Env) -> u32 {
        place
            .earlier
            .iter()
            .filter(|o| {
                self.lambdas
                    .get(o)
                    .and_then(|e| self.lambda_sig(e, env))
                    .is_some_and(|(s, v)| s == sig && v == variadic)
            })
            .count() as u32
    }

    /// The parameter types of a lambda's call operator (adjusted), and whether it is
    /// variadic.
    fn lambda_sig(&self, l: &Lambda, env: &Env) -> Option<(Vec<Ty>, bool)> {
        let Some(chunk) = &l.params else {
            return Some((Vec::new(), false));
        };
        if l.template.is_some() {
            return None;
        }
        let mut b = env.clone();
        b.scope = l.scope.or(env.scope);
        let params = self.m.params(chunk, &b, 0)?;
        Some((params, chunk.variadic))
    }

    /// The types of an extended lambda's captures, as the wrapper holds them.
    fn capture_types(
        &self,
        l: &'a Lambda,
        caps: &[Cap],
        f: EntityId,
        context: &FnContext,
        env: &Env,
        depth: u32,
    ) -> Option<Vec<Ty>> {
        let konst = Quals {
            c: true,
            v: false,
            r: false,
        };
        let mut inits = l.captures.iter().filter_map(|c| match c {
            Capture::Init { init, .. } => Some(&**init),
            _ => None,
        });
        let this_class = || {
            let mut fenv = env.clone();
            fenv.scope = Some(self.sema.entity(f).parent);
            self.member_class(f, &fenv)
        };
        let mut out = Vec::new();
        for c in caps {
            let t = match c {
                Cap::Var(_, e) => strip_ref(self.entity_type((*e)?, env, depth + 1)?),
                Cap::Init(_) => {
                    let x = match inits.next()? {
                        Initializer::Assign(x) | Initializer::Brace(x) => x,
                        Initializer::Paren(v, _) if v.len() == 1 => &v[0],
                        _ => return None,
                    };
                    unqualified(strip_ref(self.expr_type_at(x, env, depth + 1)?))
                }
                Cap::This => {
                    let class = this_class()?;
                    let pointee = if context.quals.c {
                        Ty::Qualified(konst, Box::new(class))
                    } else {
                        class
                    };
                    Ty::Qualified(konst, Box::new(Ty::Pointer(Box::new(pointee))))
                }
                Cap::StarThis => Ty::Qualified(konst, Box::new(this_class()?)),
            };
            out.push(t);
        }
        Some(out)
    }

    /// The declaration of a function that its definition gives (a template's, for one).
    fn function_decl(&self, f: EntityId) -> Option<&FnDecl<'a>> {
        if self.sema.entity(f).is_template {
            return self.m.template_decl(f);
        }
        let decls = self.m.decls.functions.get(&f)?;
        decls.iter().find(|d| d.definition).or(decls.first())
    }

    /// The class type a non-static member function `f` is a member of.
    fn member_class(&self, f: EntityId, env: &Env) -> Option<Ty> {
        let ent = self.sema.entity(f);
        let scope = self.sema.scope(ent.parent);
        if scope.kind != ScopeKind::Class || ent.flags.is_static {
            return None;
        }
        let class = scope.entity?;
        self.m.class_path(class, None, env, 0).map(Ty::Named)
    }

    /// The return type of a lambda: the trailing one, or the type of the first `return`
    /// in its body (decayed, unqualified), `void` without one.
    fn lambda_return(&self, l: &'a Lambda, env: &Env, depth: u32) -> Option<Ty> {
        if let Some(r) = l.params.as_ref().and_then(|p| p.trailing_return.as_ref()) {
            let mut b = env.clone();
            b.scope = l.scope.or(env.scope);
            return self.m.type_id(r, &b, 0);
        }
        let mut find = FirstReturn { found: None };
        find.stmt(&l.body);
        match find.found {
            None => Some(Ty::Builtin("v")),
            Some(None) => Some(Ty::Builtin("v")),
            Some(Some(x)) => Some(unqualified(decay(strip_ref(self.expr_type_at(
                x,
                env,
                depth + 1,
            )?)))),
        }
    }

    // -----------------------------------------------------------------------------------
    // Variables

    /// Registers the instance `template<written>` of a variable template (once).
    fn variable_instance(&mut self, template: EntityId, written: &'a TemplateArgs, env: &Env) {
        let ent = self.sema.entity(template);
        let what = || self.sema.qualified_name(template, self.m.interner);
        let Some(args) = self.m.template_args(template, Some(written), env, 0) else {
            self.skipped
                .push(format!("{}: template arguments not determined", what()));
            return;
        };
        let Some(mut name) = self.m.variable_instance(template, &args) else {
            self.skipped
                .push(format!("{}: instance has no mangled name", what()));
            return;
        };
        if self.var_instances.iter().any(|(n, _)| *n == name) {
            return;
        }
        // The declaration with a definition (or the first), its head bound to the arguments.
        let Some(decls) = self.m.decls.var_templates.get(&template) else {
            return;
        };
        let Some(d) = decls
            .iter()
            .find(|d| d.declarator.init.is_some())
            .or(decls.first())
        else {
            return;
        };
        if d.specs.storage == Some(StorageClass::Extern) && d.declarator.init.is_none() {
            return;
        }
        let mut ienv = Env::in_scope(ent.parent);
        bind_head(&mut ienv, d.head, &args);
        let base = self.m.specs_type(d.specs, &ienv, 0);
        let size = match self
            .m
            .declarator_type(base, &d.declarator.declarator.ops, false, &ienv, 0)
        {
            Some(Ty::Array(None, elem)) => initializer_count(self.m, d.declarator.init.as_ref())
                .and_then(|n| Some(self.m.layout(&elem)?.size * n)),
            Some(t) => self.m.layout(&t).map(|l| l.size),
            None => None,
        };
        let Some(size) = size else {
            self.skipped
                .push(format!("{name}: type or layout not resolved"));
            return;
        };
        let key = name.clone();
        if ent.flags.in_anonymous_namespace
            && let Some(rest) = name.strip_prefix("_ZN")
        {
            let internal = format!("_INTERNAL{}", self.opts.module_id);
            name = format!("_ZN{}{internal}{rest}", internal.len());
        }
        let internal = ent.flags.is_static
            || d.specs.storage == Some(StorageClass::Static)
            || ent.flags.in_anonymous_namespace;
        if self.opts.device_c && internal {
            let id = &self.opts.module_id;
            name = format!("__nv_static_{}_{id}_{name}", id.len());
        }
        let (Some(qualifier), Some(plain), Some(args_text)) = (
            self.namespace_qualifier(template),
            ent.name.map(|n| self.m.interner.name(n).into_owned()),
            self.args_text(&args),
        ) else {
            self.skipped
                .push(format!("{key}: the instance cannot be written"));
            return;
        };
        let constant = (ent.cuda.mem == MemSpace::Constant) as u8;
        let call = if ent.cuda.mem == MemSpace::Managed {
            "__cudaRegisterManagedVariable"
        } else {
            "__cudaRegisterVariable"
        };
        // Parenthesized: the arguments' commas are not the macro's.
        let r = format!(
            "{call}(__T0, __shadow_var({name},(::{qualifier}{plain}< {args_text} >)), 0, {size}UL, {constant}, 0);"
        );
        self.var_instances.push((key, r));
    }

    fn variable(
        &mut self,
        e: EntityId,
        specs: &'a DeclSpecs,
        id: &'a InitDeclarator,
    ) -> Option<String> {
        let ent = self.sema.entity(e);
        if specs.storage == Some(StorageClass::Extern) && id.init.is_none() {
            return None;
        }
        if ent.is_template {
            return None;
        }
        let what = self.sema.qualified_name(e, self.m.interner);
        let env = Env::in_scope(ent.parent);
        let base = self.m.specs_type(specs, &env, 0);
        let declared = self
            .m
            .declarator_type(base, &id.declarator.ops, false, &env, 0)
            // `auto`: the type of its initializer.
            .or_else(|| self.entity_type(e, &env, 0));
        let size = match declared {
            Some(Ty::Array(None, elem)) => {
                let n = initializer_count(self.m, id.init.as_ref())?;
                self.m.layout(&elem)?.size * n
            }
            Some(t) => match self.m.layout(&t) {
                Some(l) => l.size,
                None => {
                    self.skipped.push(format!("{what}: no layout"));
                    return None;
                }
            },
            None => {
                self.skipped.push(format!("{what}: type not resolved"));
                return None;
            }
        };
        let mut name = self.m.variable(e)?;
        // Internal linkage: static, in an anonymous namespace, or const (constexpr) at
        // namespace scope without `extern` or `inline`.
        let internal = ent.flags.is_static
            || specs.storage == Some(StorageClass::Static)
            || ent.flags.in_anonymous_namespace
            || (specs.storage != Some(StorageClass::Extern)
                && !specs.is_inline
                && (specs.is_constexpr || self.m.variable_type(e, specs, &id.declarator).is_const));
        // A nested name with internal linkage starts in the unit's internal scope (both
        // modes; verified against cicc).
        if internal && let Some(rest) = name.strip_prefix("_ZN") {
            let scope = format!("_INTERNAL{}", self.opts.module_id);
            name = format!("_ZN{}{scope}{rest}", scope.len());
        }
        if self.opts.device_c && internal {
            let id = &self.opts.module_id;
            name = format!("__nv_static_{}_{id}_{name}", id.len());
        }
        let qualifier = self.namespace_qualifier(e)?;
        let plain = self.m.interner.name(ent.name?).into_owned();
        let constant = (ent.cuda.mem == MemSpace::Constant) as u8;
        let call = if ent.cuda.mem == MemSpace::Managed {
            "__cudaRegisterManagedVariable"
        } else {
            "__cudaRegisterVariable"
        };
        Some(format!(
            "{call}(__T0, __shadow_var({name},::{qualifier}{plain}), 0, {size}UL, {constant}, 0);"
        ))
    }
}

/// How many elements an initializer gives an array of unknown bound.
fn initializer_count(m: &Mangler<'_>, init: Option<&Initializer>) -> Option<u64> {
    let e = match init? {
        Initializer::Assign(e) | Initializer::Brace(e) => e,
        _ => return None,
    };
    match &e.kind {
        ExprKind::InitList(v) => {
            if let [one] = &v[..]
                && let Some(n) = string_length(m, one)
            {
                return Some(n);
            }
            Some(v.len() as u64)
        }
        _ => string_length(m, e),
    }
}

/// The length with its null of a (possibly concatenated) narrow string literal.
fn string_length(m: &Mangler<'_>, e: &Expr) -> Option<u64> {
    if !matches!(
        e.kind,
        ExprKind::Strings(_) | ExprKind::Literal(LiteralKind::String)
    ) {
        return None;
    }
    let text = m.map.slice(e.span);
    // Adjacent literals: split at the quotes that start each.
    let mut total = 0u64;
    let mut i = 0;
    let mut any = false;
    while i < text.len() {
        if text[i] == b'"' {
            let start = i;
            i += 1;
            while i < text.len() && text[i] != b'"' {
                if text[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            let lit = literal::parse_string(&text[start..=i.min(text.len() - 1)]).ok()?;
            total += lit.units.len() as u64;
            any = true;
        }
        i += 1;
    }
    any.then_some(total + 1)
}

/// The bindings for each element of the packs `env` binds (a use inside a pack expansion
/// or fold expression is instantiated once per element): `env` itself when it binds no
/// pack, `None` when its packs differ in length.
fn expansions(env: &Env) -> Option<Vec<Env>> {
    let mut seen = Vec::new();
    let mut packs: Vec<(EntityId, &Vec<Arg>)> = Vec::new();
    for (e, a) in env.bound.iter().rev() {
        if seen.contains(e) {
            continue;
        }
        seen.push(*e);
        if let Arg::Pack(v) = a {
            packs.push((*e, v));
        }
    }
    let Some(n) = packs.first().map(|(_, v)| v.len()) else {
        return Some(vec![env.clone()]);
    };
    if packs.iter().any(|(_, v)| v.len() != n) {
        return None;
    }
    Some(
        (0..n)
            .map(|k| {
                let mut e = env.clone();
                for (p, v) in &packs {
                    e.bind(*p, v[k].clone());
                }
                e
            })
            .collect(),
    )
}

fn strip_ref(t: Ty) -> Ty {
    match t {
        Ty::LRef(x) | Ty::RRef(x) => *x,
        t => t,
    }
}

/// Array-to-pointer and function-to-pointer conversion; top-level cv dropped.
fn decay(t: Ty) -> Ty {
    match strip_ref(t) {
        Ty::Array(_, e) => Ty::Pointer(e),
        f @ Ty::Function(_) => Ty::Pointer(Box::new(f)),
        Ty::Qualified(q, x) => match *x {
            Ty::Array(_, e) => Ty::Pointer(Box::new(Ty::Qualified(q, e))),
            x => decay(x),
        },
        t => t,
    }
}

fn pointee(t: Ty) -> Option<Ty> {
    match strip_ref(t) {
        Ty::Pointer(x) | Ty::Array(_, x) => Some(*x),
        Ty::Qualified(_, x) => pointee(*x),
        _ => None,
    }
}

fn unqualified(t: Ty) -> Ty {
    match t {
        Ty::Qualified(_, x) => *x,
        t => t,
    }
}

/// Integral promotion.
fn promote(t: Ty) -> Ty {
    match unqualified(t) {
        Ty::Builtin("b" | "c" | "a" | "h" | "s" | "t" | "Du" | "Ds") => Ty::Builtin("i"),
        Ty::Builtin("w" | "Di") => Ty::Builtin("j"),
        t => t,
    }
}

/// The usual arithmetic conversions (integral types, `float`, `double`, `long double`).
fn arithmetic(a: Ty, b: Ty) -> Option<Ty> {
    let (a, b) = (promote(a), promote(b));
    let code = |t: &Ty| match t {
        Ty::Builtin(c) => Some(*c),
        _ => None,
    };
    let (ca, cb) = (code(&a)?, code(&b)?);
    for f in ["e", "d", "f"] {
        if ca == f || cb == f {
            return Some(Ty::Builtin(f));
        }
    }
    // (rank, unsigned)
    let rank = |c: &str| match c {
        "i" => Some((1, false)),
        "j" => Some((1, true)),
        "l" => Some((2, false)),
        "m" => Some((2, true)),
        "x" => Some((3, false)),
        "y" => Some((3, true)),
        "n" => Some((4, false)),
        "o" => Some((4, true)),
        _ => None,
    };
    let (ra, rb) = (rank(ca)?, rank(cb)?);
    let pick = |r: (i32, bool)| match r {
        (1, false) => "i",
        (1, true) => "j",
        (2, false) => "l",
        (2, true) => "m",
        (3, false) => "x",
        (3, true) => "y",
        (4, false) => "n",
        _ => "o",
    };
    if ra == rb {
        return Some(Ty::Builtin(pick(ra)));
    }
    let (hi, lo) = if ra.0 >= rb.0 { (ra, rb) } else { (rb, ra) };
    if hi.0 == lo.0 {
        // Same rank, one unsigned.
        return Some(Ty::Builtin(pick((hi.0, true))));
    }
    if hi.1 || !lo.1 {
        return Some(Ty::Builtin(pick(hi)));
    }
    // A signed type of higher rank than an unsigned one: long holds all of unsigned int.
    Some(Ty::Builtin(pick(hi)))
}

fn mentions_param(t: &Ty) -> bool {
    match t {
        Ty::Param(_) => true,
        Ty::Named(p) => p.iter().any(|c| {
            c.args.as_ref().is_some_and(|a| {
                a.iter().any(|a| match a {
                    Arg::Type(t) => mentions_param(t),
                    Arg::Hole(_) => true,
                    Arg::Pack(v) => v.iter().any(|a| match a {
                        Arg::Type(t) => mentions_param(t),
                        Arg::Hole(_) => true,
                        _ => false,
                    }),
                    _ => false,
                })
            })
        }),
        Ty::Pointer(x)
        | Ty::LRef(x)
        | Ty::RRef(x)
        | Ty::Qualified(_, x)
        | Ty::Array(_, x)
        | Ty::Complex(x)
        | Ty::Pack(x) => mentions_param(x),
        Ty::Function(f) => mentions_param(&f.ret) || f.params.iter().any(mentions_param),
        Ty::MemberPointer(c, m) => mentions_param(c) || mentions_param(m),
        _ => false,
    }
}

/// Deduces template parameters from a function parameter type `p` (over `Ty::Param`) and
/// the type `a` of the argument (\[temp.deduct.call\], the common cases).
fn deduce_param(p: &Ty, a: &Ty, holes: &mut [Option<Arg>]) -> bool {
    // A parameter of array or function type is a pointer (`const T a[8]` is `const T *`).
    let adjusted;
    let p = match p {
        Ty::Array(_, x) => {
            adjusted = Ty::Pointer(x.clone());
            &adjusted
        }
        Ty::Function(_) => {
            adjusted = Ty::Pointer(Box::new(p.clone()));
            &adjusted
        }
        p => p,
    };
    let (p, a) = match p {
        Ty::LRef(x) | Ty::RRef(x) => (x.as_ref().clone(), a.clone()),
        p => (unqualified(p.clone()), decay(a.clone())),
    };
    deduce_ty(&p, &a, holes)
}

fn set_hole(i: u32, a: Arg, holes: &mut [Option<Arg>]) -> bool {
    match holes.get_mut(i as usize) {
        Some(Some(b)) => *b == a,
        Some(slot) => {
            *slot = Some(a);
            true
        }
        None => false,
    }
}

fn deduce_ty(p: &Ty, a: &Ty, holes: &mut [Option<Arg>]) -> bool {
    match (p, a) {
        (Ty::Param(i), a) => set_hole(*i, Arg::Type(a.clone()), holes),
        (Ty::Qualified(q, px), a) => {
            // The parameter may add qualifiers.
            let (aq, ax) = match a {
                Ty::Qualified(aq, ax) => (*aq, ax.as_ref().clone()),
                a => (Quals::default(), a.clone()),
            };
            let extra = Quals {
                c: aq.c && !q.c,
                v: aq.v && !q.v,
                r: aq.r && !q.r,
            };
            let rest = if extra == Quals::default() {
                ax
            } else {
                Ty::Qualified(extra, Box::new(ax))
            };
            deduce_ty(px, &rest, holes)
        }
        (Ty::Pointer(px), Ty::Pointer(ax)) => deduce_ty(px, ax, holes),
        (Ty::LRef(px), Ty::LRef(ax)) | (Ty::RRef(px), Ty::RRef(ax)) => deduce_ty(px, ax, holes),
        (Ty::Array(n, px), Ty::Array(m, ax)) => n == m && deduce_ty(px, ax, holes),
        // The nested-name-specifier of a qualified type is a non-deduced context:
        // `typename std::remove_reference<T&>::type` takes whatever `T` the others give.
        (Ty::Named(pp), _)
            if pp
                .split_last()
                .is_some_and(|(_, outer)| mentions_param(&Ty::Named(outer.to_vec()))) =>
        {
            true
        }
        (Ty::Named(pp), Ty::Named(ap)) => {
            pp.len() == ap.len()
                && pp.iter().zip(ap).all(|(pc, ac)| {
                    pc.entity == ac.entity
                        && match (&pc.args, &ac.args) {
                            (None, None) => true,
                            (Some(x), Some(y)) => {
                                x.len() == y.len()
                                    && x.iter().zip(y).all(|(x, y)| match (x, y) {
                                        (Arg::Type(x), Arg::Type(y)) => deduce_ty(x, y, holes),
                                        // `R<N>` against `R<4>`: `N` is 4.
                                        (Arg::Hole(i), y @ Arg::Value(..)) => {
                                            set_hole(*i, y.clone(), holes)
                                        }
                                        (x, y) => x == y,
                                    })
                            }
                            _ => false,
                        }
                })
        }
        (p, _) if !mentions_param(p) => true,
        _ => false,
    }
}

fn builtin_name(code: &str) -> Option<&'static str> {
    Some(match code {
        "v" => "void",
        "b" => "bool",
        "c" => "char",
        "a" => "signed char",
        "h" => "unsigned char",
        "s" => "short",
        "t" => "unsigned short",
        "i" => "int",
        "j" => "unsigned int",
        "l" => "long",
        "m" => "unsigned long",
        "x" => "long long",
        "y" => "unsigned long long",
        "n" => "__int128",
        "o" => "unsigned __int128",
        "f" => "float",
        "d" => "double",
        "e" => "long double",
        "g" => "__float128",
        "w" => "wchar_t",
        "Ds" => "char16_t",
        "Di" => "char32_t",
        "Du" => "char8_t",
        "Dn" => "decltype(nullptr)",
        "DF16_" => "_Float16",
        "DF16b" => "__bf16",
        "DF32_" => "_Float32",
        "DF64_" => "_Float64",
        "DF128_" => "_Float128",
        "DF32x" => "_Float32x",
        "DF64x" => "_Float64x",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    //! The stub file's facts for small units; `tests/stub_file.rs` compares whole stub files
    //! with cicc's.

    use std::sync::Arc;

    use super::*;
    use crate::diag::{DiagConfig, DiagEngine, SharedBuffer};
    use crate::frontend::{self, FrontendOptions};

    fn stub(src: &str, device_c: bool) -> Stub {
        let map = Arc::new(SourceMap::new("t.cu", src.as_bytes().to_vec()));
        let mut engine =
            DiagEngine::with_writer(DiagConfig::default(), Box::new(SharedBuffer::new()));
        let a = frontend::analyze(&map, &FrontendOptions::default(), &mut engine);
        let opts = StubOptions {
            device_c,
            static_host_stub: !device_c,
            device_hidden_visibility: true,
            module_id: "_0123abcd_4_t_cu_main".into(),
            fatbin_name: fatbin_name_for("t.cudafe1.stub.c"),
        };
        stub_file(&a, &map, &opts)
    }

    const SRC: &str = r#"
struct __attribute__((aligned(16))) V4 { float x, y, z, w; };
struct S { char c; double d; };
__attribute__((global)) void k(char c, V4 v, int *p, S s) {}
namespace ns { static __attribute__((global)) void sk(float f) {} }
template <typename T, typename U> __attribute__((global)) void t(T a, const U *b, int n) {}
__attribute__((device)) int dv;
__attribute__((constant)) float cv[8];
__attribute__((managed)) double mv;
static __attribute__((device)) short sv;
__attribute__((shared)) int shv;
template <typename T> void host_launch(T *p) { t<<<1, 1>>>(*p, p, 3); }
int main() {
  float *f = 0;
  double *d = 0;
  t<<<1, 1>>>(2.0f, d, 4);
  t<double><<<1, 1>>>(1, f, 4);
  host_launch(d);
}
"#;

    #[test]
    fn kernels_variables_and_instances() {
        let s = stub(SRC, false);
        let t = &s.text;
        assert!(s.skipped.is_empty(), "{:?}", s.skipped);
        assert!(t.contains("#include \"t.fatbin.c\""), "{t}");
        // Offsets: char at 0, V4 (16-aligned) at 16, pointer at 32, S at 40.
        assert!(
            t.contains("__cudaLaunchPrologue(4);__cudaSetupArgSimple(__par0, 0UL);__cudaSetupArg(__par1, 16UL);__cudaSetupArgSimple(__par2, 32UL);__cudaSetupArg(__par3, 40UL);"),
            "{t}"
        );
        assert!(t.contains("void k(char __cuda_0, ::V4 __cuda_1, int *__cuda_2, ::S __cuda_3){__device_stub__Z1kc2V4Pi1S("), "{t}");
        assert!(t.contains("static void ns::sk(float __cuda_0)"), "{t}");
        assert!(
            t.contains("__cudaRegisterEntry(__T0, ((void (*)(float))ns::sk), _ZN2ns2skEf, (-1));"),
            "{t}"
        );
        // Instances: deduced, partly explicit, and from a function template's instance.
        for m in [
            "_Z1tIfdEvT_PKT0_i",
            "_Z1tIdfEvT_PKT0_i",
            "_Z1tIddEvT_PKT0_i",
        ] {
            assert!(
                t.contains(&format!("static void __device_stub_{m}(")),
                "{m}: {t}"
            );
            assert!(t.contains(&format!("{m}, (-1));")), "{m}: {t}");
        }
        assert!(t.contains("template<> __specialization_static void __wrapper__device_stub_t< float, double >(float &__cuda_0, const double *&__cuda_1, int &__cuda_2)"), "{t}");
        // Variables: not the shared one.
        assert!(
            t.contains("__cudaRegisterVariable(__T0, __shadow_var(dv,::dv), 0, 4UL, 0, 0);"),
            "{t}"
        );
        assert!(
            t.contains("__cudaRegisterVariable(__T0, __shadow_var(cv,::cv), 0, 32UL, 1, 0);"),
            "{t}"
        );
        assert!(
            t.contains("__cudaRegisterManagedVariable(__T0, __shadow_var(mv,::mv), 0, 8UL, 0, 0);"),
            "{t}"
        );
        assert!(t.contains("__shadow_var(sv,::sv), 0, 2UL"), "{t}");
        assert!(!t.contains("shv"), "{t}");
        assert!(
            t.contains("__cudaRegisterBinary(__nv_cudaEntityRegisterCallback)"),
            "{t}"
        );
    }

    #[test]
    fn separate_compilation() {
        let s = stub(SRC, true);
        let t = &s.text;
        assert!(
            t.contains("#define __NV_MODULE_ID _0123abcd_4_t_cu_main"),
            "{t}"
        );
        assert!(
            t.contains("#define __NV_CUBIN_HANDLE_STORAGE__ extern"),
            "{t}"
        );
        assert!(
            t.contains("____cudaRegisterLinkedBinary(__nv_cudaEntityRegisterCallback)"),
            "{t}"
        );
        // Internal linkage names carry the module id.
        assert!(
            t.contains("__shadow_var(__nv_static_21__0123abcd_4_t_cu_main_sv,::sv)"),
            "{t}"
        );
        assert!(
            t.contains(", __nv_static_21__0123abcd_4_t_cu_main__ZN2ns"),
            "{t}"
        );
    }

    /// The kernel instances a stub file defines (by their device stubs), sorted.
    fn instances(t: &str) -> Vec<&str> {
        let mut v: Vec<&str> = t
            .lines()
            .filter_map(|l| l.split("void __device_stub_").nth(1)?.split('(').next())
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    #[test]
    fn launches_in_members_of_class_templates() {
        let src = r#"
template <typename T> __attribute__((global)) void kern(T *p, int n) {}
template <typename T> struct Runner {
  T *data;
  int n;
  void run(int block) const { kern<T><<<1, block>>>(data, n); }
  void twice() { run(1); this->later(); }
  void later();
};
template <typename T> void Runner<T>::later() { kern<<<1, 1>>>(&data[0], 2); }
template <typename T, int B> void run_with(T *p, int n) {
  Runner<T> r{p, n};
  r.run(B);
}
template <typename... Ts> void run_each(Ts *...ps) { (run_with<Ts, 32>(ps, 64), ...); }
struct Dispatcher {
  template <typename T> void go(T *p) { kern<<<1, 1>>>(p, 1); }
};
template <typename U> struct Holder {
  template <typename T> void go(T *p, U u) { kern<<<1, 1>>>(p, 1); kern<U><<<1, 1>>>(0, 1); }
};
int main() {
  float *f = 0;
  int *i = 0;
  double *d = 0;
  short *s = 0;
  run_with<float, 16>(f, 40);
  run_each(i, d);
  Dispatcher disp;
  disp.go(s);
  Dispatcher *pd = &disp;
  pd->go<char>(0);
  Runner<long> rl{0, 1};
  rl.twice();
  Holder<unsigned> h;
  h.go(f, 1u);
}
"#;
        let s = stub(src, false);
        assert!(s.skipped.is_empty(), "{:?}", s.skipped);
        assert_eq!(
            instances(&s.text),
            [
                "_Z4kernIcEvPT_i",
                "_Z4kernIdEvPT_i",
                "_Z4kernIfEvPT_i",
                "_Z4kernIiEvPT_i",
                "_Z4kernIjEvPT_i",
                "_Z4kernIlEvPT_i",
                "_Z4kernIsEvPT_i",
            ],
            "{}",
            s.text
        );
    }

    #[test]
    fn pack_expansions_bind_each_element() {
        let (ts, us, n) = (EntityId(1), EntityId(2), EntityId(3));
        let int = Arg::Type(Ty::Builtin("i"));
        let float = Arg::Type(Ty::Builtin("f"));
        let mut env = Env::default();
        env.bind(n, Arg::Value(Ty::Builtin("i"), 3));
        // No pack: the bindings as they are.
        assert_eq!(expansions(&env).map(|v| v.len()), Some(1));
        env.bind(ts, Arg::Pack(vec![int.clone(), float.clone()]));
        env.bind(us, Arg::Pack(vec![float.clone(), int.clone()]));
        let v = expansions(&env).expect("equal lengths");
        assert_eq!(v.len(), 2);
        assert_eq!(v[1].get(ts), Some(&float));
        assert_eq!(v[1].get(us), Some(&int));
        // An element bound inside an expansion hides its pack.
        let mut inner = v[0].clone();
        inner.bind(EntityId(4), Arg::Pack(Vec::new()));
        assert_eq!(expansions(&inner).map(|v| v.len()), Some(0));
        // Packs of different lengths: not expanded.
        env.bind(us, Arg::Pack(vec![int]));
        assert!(expansions(&env).is_none());
    }

    #[test]
    fn variable_template_instances_are_registered() {
        let src = r#"
template <typename T> __attribute__((device)) T zero_v = T(0);
namespace ns { template <typename T> __attribute__((constant)) T pi_v = T(3); }
template <int N> __attribute__((device)) int table_v[N];
template <typename T> __attribute__((shared)) T sh_v;
template <typename T> __attribute__((global)) void k(T *out) { *out = zero_v<T> + table_v<2>[0]; }
__attribute__((global)) void use(double *out) {
  *out = zero_v<int> + zero_v<double> + ns::pi_v<float> + table_v<4>[0] + zero_v<int>;
}
int main() { k<<<1, 1>>>((short *)0); }
"#;
        let s = stub(src, false);
        let t = &s.text;
        assert!(s.skipped.is_empty(), "{:?}", s.skipped);
        for r in [
            "__cudaRegisterVariable(__T0, __shadow_var(_Z6zero_vIiE,(::zero_v< int >)), 0, 4UL, 0, 0);",
            "__cudaRegisterVariable(__T0, __shadow_var(_Z6zero_vIdE,(::zero_v< double >)), 0, 8UL, 0, 0);",
            "__cudaRegisterVariable(__T0, __shadow_var(_ZN2ns4pi_vIfEE,(::ns::pi_v< float >)), 0, 4UL, 1, 0);",
            "__cudaRegisterVariable(__T0, __shadow_var(_Z7table_vILi4EE,(::table_v< (int)(4) >)), 0, 16UL, 0, 0);",
            // From the body of the instance `k<short>`.
            "__cudaRegisterVariable(__T0, __shadow_var(_Z6zero_vIsE,(::zero_v< short >)), 0, 2UL, 0, 0);",
            "__cudaRegisterVariable(__T0, __shadow_var(_Z7table_vILi2EE,(::table_v< (int)(2) >)), 0, 8UL, 0, 0);",
        ] {
            assert!(t.contains(r), "{r}: {t}");
        }
        assert_eq!(t.matches("_Z6zero_vIiE,").count(), 1, "{t}");
        assert!(!t.contains("sh_v"), "{t}");
    }

    #[test]
    fn decltype_and_template_template_parameters() {
        let src = r#"
template <typename T> struct Square {};
namespace ns { template <typename T> struct Negate {}; }
template <template <typename> class Op, typename T>
__attribute__((global)) void apply(T *p, int n) {}
template <auto V> __attribute__((global)) void autov(decltype(V) *p) {}
template <template <typename> class Op> void pass(int *p) { apply<Op><<<1, 1>>>(p, 1); }
int main() {
  apply<Square, float><<<1, 1>>>((float *)0, 1);
  pass<ns::Negate>((int *)0);
  autov<7u><<<1, 1>>>((unsigned *)0);
  autov<'A'><<<1, 1>>>((char *)0);
}
"#;
        let s = stub(src, false);
        let t = &s.text;
        assert!(s.skipped.is_empty(), "{:?}", s.skipped);
        assert_eq!(
            instances(t),
            [
                "_Z5applyI6SquarefEvPT0_i",
                "_Z5applyIN2ns6NegateEiEvPT0_i",
                "_Z5autovILc65EEvPDtT_E",
                "_Z5autovILj7EEvPDtT_E",
            ],
            "{t}"
        );
        assert!(
            t.contains(
                "__wrapper__device_stub_apply< ::Square, float >(float *&__cuda_0, int &__cuda_1)"
            ),
            "{t}"
        );
        assert!(
            t.contains("((void (*)(unsigned int *))autov< (unsigned int)(7) >)"),
            "{t}"
        );
    }

    #[test]
    fn fatbin_names() {
        assert_eq!(fatbin_name_for("/w/k1.cudafe1.stub.c"), "k1.fatbin.c");
        assert_eq!(fatbin_name_for("odd"), "odd.fatbin.c");
    }
}
