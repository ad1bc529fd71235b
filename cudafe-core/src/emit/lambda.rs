//! Extended lambdas (`--extended-lambda`) in the host file.
//!
//! # What cudafe++ 13.0 writes (verified against the real binary)
//!
//! An *extended lambda* is a lambda expression with `__device__` among the attributes
//! between its introducer and its body: `[=] __device__ (float x) { ... }` is a *device
//! lambda*, `[=] __host__ __device__ (int x) { ... }` a *host-device (HD) lambda*. Lambdas
//! with no execution space or `__host__` alone are ordinary and left alone.
//!
//! ## The tag: enclosing function and ordinal
//!
//! Each extended lambda is named by a tag type `__nv_dl_tag<U, func, N>`: `U` the type of
//! a pointer to the enclosing function, `func` its address, `N` the lambda's ordinal.
//!
//! - The ordinal counts the **extended** lambdas (device and HD together) of one enclosing
//!   function in source order, **from 1**; ordinary lambdas do not count
//!   (`g(){ auto h = [](int){..}; k<<<>>>([=] __device__ ..); }` gives ordinal 1). Each
//!   function starts again at 1 (`Scaler::run` and `Scaler::shift` both have 1).
//! - The enclosing function is the innermost named function around the lambda (a lambda in a
//!   lambda belongs to the outer function).
//! - `U` is printed as EDG prints types, keeping parameter names and dropping default
//!   arguments: `int (*)(void)` for `main`, `int (*)(int q, float * p)` for
//!   `static int g(int q, float *p = 0)`, `void (Scaler::*)(float * d, int n) const` for a
//!   const member function, `void (*)(T * d, int n, T s)` in a function template.
//! - `func` is `(& ::main)`, `(& ::g)` (static functions too), `(&Scaler::run)` for members
//!   (the class name as seen from the class, not fully qualified: `(&S::f)` for `ns::S::f`),
//!   `(& ::scale_all< T> )` in a function template.
//!
//! We print `U` as `decltype(func)` (the same type, for a function that is not
//! overloaded) — see [`ExtLambda::tag`].
//!
//! ## Device lambdas: the call-site replacement
//!
//! The lambda expression is replaced by the construction of a wrapper object whose type
//! names the tag and the types of the captured variables, and the original lambda is kept
//! under `#if 0` (its body, again, under a nested `#if 0`; the host compiler never sees it):
//!
//! ```text
//! apply<<<1, 16>>>(d, 16, [=] __device__(float x) { return x * k; });
//! ```
//! becomes
//! ```text
//! (__cudaPushCallConfiguration(1, 16)) ? (void)0 : apply(d, 16, __nv_dl_wrapper_t< __nv_dl_tag<int (*)(void),(& ::main),2> , typename __nvdl_remove_ref<decltype(k)>::type>( __nv_dl_tag<int (*)(void),(& ::main),2> {} , k)
//! #if 0
//! [=](float
//! # 32
//! x)
//! { }
//! #if 0
//! # 32
//! { return x * (k); }
//! #endif
//! #endif
//! );
//! ```
//!
//! With no captures: `__nv_dl_wrapper_t< TAG >( TAG {} )`. Each capture adds a type to the
//! template arguments (`, T`) and an argument to the constructor (`, a`):
//!
//! | capture | type | argument |
//! |---|---|---|
//! | `x` (explicit or implicit, by copy) | `typename __nvdl_remove_ref<decltype(x)>::type` | `x` |
//! | `s = e` | `typename __nv_lambda_trait_remove_cv<typename __nvdl_remove_ref<decltype((e))>::type>::type` | `(e)` |
//! | `*this` | `typename __nvdl_remove_const<typename __nvdl_remove_ref<decltype(*this) > ::type> :: type const` | `*this` |
//! | `this` (implicit, from a member named in `[=]`'s body; the explicit `[this]` is written the same way, unverified) | `decltype(this) const` | `this` |
//!
//! Order: the explicit captures in list order, then the implicit ones (`[=]`) in order of
//! first use in the body (`[=]{ (float)c + x * a + b; }` captures `c, a, b`;
//! `[=, *this]{ x + a + m; }` captures `*this, a`). Only variables local to the enclosing
//! function (parameters included) that the body names are captured; unused ones are not.
//! Arrays are captured as arrays (`decltype(arr)` is `int [3]`; the preamble's
//! `__nv_lambda_field_type` wraps them).
//!
//! The stub file (cicc's, and ours: see [`super::stub`]) then names the closure types by their device
//! mangled names: `typedef __nv_dl_wrapper_t<__nv_dl_tag<int (*)(),(&     ::main), 1> >
//! _ZZ4mainEUlfE_;`, and host stubs `__device_stub__Z5applyIZ4mainEUnvdl0_PFivE4main1_EvPfiT_`
//! (host mangling `Unvdl<captures>_<fn type><fn name><ordinal>_<capture types>`), and it
//! specializes `__wrapper__device_stub_apply<_ZZ4mainEUlfE_>`: our host file only has to
//! make the same `__nv_dl_wrapper_t<...>` types.
//!
//! ## Host-device lambdas
//!
//! The lambda stays (CUDA attributes removed, printed on one line) and is passed to a
//! factory that wraps it:
//!
//! ```text
//! auto add_off = [=] __host__ __device__(int x) { return x + off; };
//! ```
//! becomes
//! ```text
//! auto add_off = __nv_hdl_create_wrapper_t< false, false, __nv_dl_tag<int (*)(void),(& ::main),2> , typename __nvdl_remove_ref<decltype(off)>::type>::__nv_hdl_create_wrapper( [=](int x) { return x + (off); } , off) ; typedef decltype(add_off) __T1;
//! ```
//!
//! The booleans are `IsMutable` and `HasFuncPtrConv`, true for a lambda with no
//! lambda-capture at all, `mutable` or not (`__nv_hdl_create_wrapper_t< false, true, TAG
//! >::__nv_hdl_create_wrapper( [](int x) { return 2 * x; } )`, `< true, true, ..` for
//! `[](int x) mutable {..}`), false as soon as there is a capture default even if nothing is
//! captured (`[=](int x) { return x; }` gives `< false, false, TAG >`). With no captures the
//! call ends ` )`; otherwise ` , a1, a2)`. The capture types and arguments are those of
//! device lambdas (below). An HD lambda cannot capture by reference (cudafe++ rejects
//! `[&]`).
//!
//! We keep the lambda where it is (CUDA attributes removed, edits inside it applied, on as
//! many lines as it was written) and write the factory call around it; the host compiler
//! sees the same types.
//!
//! ## `typedef decltype(v) __TN;`
//!
//! After the declaration of every block-scope variable whose initializer is a lambda (any
//! lambda, extended or not), cudafe++ appends ` typedef decltype(v) __TN;` on the same line
//! (`auto h = [](int x) { return x; } ; typedef decltype(h) __T0;`), `N` counting in the
//! translation unit from 0 as the declarations end (one in a lambda in another's
//! initializer first). We write them the same way, after the declaration's `;` (see the
//! host file's `closure_typedefs`); declarations in a `for`'s or `if`'s init get none.
//!
//! ## The preamble
//!
//! `cuda_runtime.h` declares, under `__CUDACC_EXTENDED_LAMBDA__`, the sentinel
//! `struct __device_builtin__ __nv_lambda_preheader_injection { };` (line 124). Like every
//! `__device_builtin__` type it goes under `#if 0`; right before that `#if 0` cudafe++
//! writes `# 1 "nvcc_internal_extended_lambda_implementation"` and the wrapper library:
//!
//! 1. helpers (`__nvdl_remove_ref`, `__nvdl_remove_const`, `__nv_dl_tag`,
//!    `__nv_lambda_array_wrapper` and `__nv_lambda_field_type` for 1 to 7 dimensions), the
//!    primary `__nv_dl_wrapper_t`, its zero-capture specialization and the
//!    `__nv_dl_trailing_return_tag` one (fixed text, [`PREAMBLE_HEAD`]);
//! 2. for each capture count N > 0 that some device lambda of the unit has (a bitmap, not
//!    1..max), two specializations of `__nv_dl_wrapper_t` with N fields ([`dl_wrapper`]);
//! 3. the `__nv_hdl_helper` statics in an anonymous namespace and the primary
//!    `__nv_hdl_wrapper_t` (fixed, [`PREAMBLE_HDL_HEAD`]);
//! 4. for each capture count N ≥ 0 some HD lambda has (a bitmap again: a unit with HD
//!    lambdas of 0, 1 and 3 captures gets 0, 1, 3; a unit with none gets none, not even 0),
//!    four `__nv_hdl_wrapper_t` specializations with N fields, `<IsMutable,HasFuncPtrConv>`
//!    in the order `<false,false>`, `<true,false>`, `<false,true>`, `<true,true>`
//!    ([`hdl_wrapper`]);
//! 5. `__nv_hdl_helper_trait_outer`, `__nv_hdl_create_wrapper_t`, the cv-removal traits and
//!    the three trait macros `__nv_is_extended_device_lambda_closure_type(X)`,
//!    `__nv_is_extended_device_lambda_with_preserved_return_type(X)`,
//!    `__nv_is_extended_host_device_lambda_closure_type(X)` (fixed, [`PREAMBLE_TAIL`]).
//!    Without `--extended-lambda` the prelude defines those three macros as `false` instead.
//!
//! Then the sentinel follows as usual:
//! `#if 0\n# 124 ".../cuda_runtime.h"\nstruct __nv_lambda_preheader_injection { }; \n#endif`.

use std::collections::BTreeSet;

use crate::intern::{FxHashMap, FxHashSet, Interner, Symbol};
use crate::sema::{EntityId, EntityKind, ScopeKind, Sema};
use crate::source_map::{Offset, SourceMap, Span};
use crate::syntax::ast::*;
use crate::syntax::visit::{self, Visitor};

/// The fixed start of the preamble, up to the device wrappers with captures.
pub const PREAMBLE_HEAD: &str = include_str!("lambda/preamble_head.txt");
/// The fixed part between the device wrappers and the host-device ones.
pub const PREAMBLE_HDL_HEAD: &str = include_str!("lambda/preamble_hdl_head.txt");
/// The fixed end of the preamble (the traits and their macros).
pub const PREAMBLE_TAIL: &str = include_str!("lambda/preamble_tail.txt");

/// The sentinel type the preamble goes in front of.
pub const SENTINEL: &str = "__nv_lambda_preheader_injection";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    Device,
    HostDevice,
}

/// One capture of an extended lambda, as the wrapper gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cap {
    /// A variable by copy (explicit or implicit): its name, and its entity where known.
    Var(String, Option<EntityId>),
    /// `name = init`: the initializer's text.
    Init(String),
    /// `*this`.
    StarThis,
    /// `this` (the implicit capture's spelling, verified; the explicit one assumed the same).
    This,
}

impl Cap {
    fn ty(&self) -> String {
        match self {
            Cap::Var(n, _) => format!("typename __nvdl_remove_ref<decltype({n})>::type"),
            Cap::Init(e) => format!(
                "typename __nv_lambda_trait_remove_cv<typename __nvdl_remove_ref<decltype(({e}))>::type>::type"
            ),
            Cap::StarThis => "typename __nvdl_remove_const<typename __nvdl_remove_ref<decltype(*this) > ::type> :: type const".into(),
            Cap::This => "decltype(this) const".into(),
        }
    }

    fn arg(&self) -> String {
        match self {
            Cap::Var(n, _) => n.clone(),
            Cap::Init(e) => format!("({e})"),
            Cap::StarThis => "*this".into(),
            Cap::This => "this".into(),
        }
    }
}

/// An extended lambda of the unit.
#[derive(Debug, Clone)]
pub struct ExtLambda {
    pub space: Space,
    /// From 1, per enclosing function.
    pub ordinal: u32,
    /// The enclosing function's address as cudafe++ writes it: `& ::main`, `&S::f`.
    pub parent: String,
    /// The type of a pointer to the enclosing function, spelled from its declaration
    /// (`int (*)(int q, float * p)`), where it can be.
    pub parent_type: Option<String>,
    pub captures: Vec<Cap>,
    pub is_mutable: bool,
    /// The lambda has no lambda-capture at all (not even a default), so its closure type
    /// converts to a function pointer (`HasFuncPtrConv`).
    pub no_capture: bool,
    /// The enclosing function named by the tag.
    pub function: Option<EntityId>,
}

/// Where a lambda in a function body stands, for the device name of its closure type.
#[derive(Debug, Clone, Default)]
pub struct Place {
    /// The lambda whose body it is in (its closure type is then local to that lambda's
    /// call operator), by the offset of its introducer; `None` when directly in the
    /// function's body.
    pub outer: Option<Offset>,
    /// The lambdas before it in the same body, not inside another lambda: the closure
    /// type's number in its device mangled name counts those with the same parameter
    /// types.
    pub earlier: Vec<Offset>,
}

impl ExtLambda {
    /// `__nv_dl_tag<U,(func),N>`. Like cudafe++ we spell `U` out from the function's
    /// declaration (`int (*)(int q, float * p)`, needed where the name is overloaded);
    /// where that cannot be done, `decltype(func)`.
    pub fn tag(&self) -> String {
        let p = &self.parent;
        let u = match &self.parent_type {
            Some(u) => u.clone(),
            None => format!("decltype({p})"),
        };
        format!("__nv_dl_tag<{u},({p}),{n}>", n = self.ordinal)
    }

    /// What a device lambda is replaced by:
    /// `__nv_dl_wrapper_t< TAG , T1>( TAG {} , a1)`.
    pub fn device_wrapper(&self) -> String {
        let tag = self.tag();
        let mut tys = String::new();
        let mut args = String::new();
        for c in &self.captures {
            if tys.is_empty() {
                tys.push_str(" , ");
            } else {
                tys.push_str(", ");
            }
            tys.push_str(&c.ty());
            args.push_str(", ");
            args.push_str(&c.arg());
        }
        if tys.is_empty() {
            tys.push(' ');
        }
        format!("__nv_dl_wrapper_t< {tag}{tys}>( {tag} {{}} {args})")
    }

    /// What goes before and after a host-device lambda (its CUDA attributes removed):
    /// `__nv_hdl_create_wrapper_t< M, F, TAG , T1>::__nv_hdl_create_wrapper( ` and
    /// ` , a1)`.
    pub fn host_device_wrapper(&self) -> (String, String) {
        let mut tys = String::new();
        let mut args = String::new();
        for c in &self.captures {
            if tys.is_empty() {
                tys.push_str(" , ");
            } else {
                tys.push_str(", ");
            }
            tys.push_str(&c.ty());
            args.push_str(if args.is_empty() { " , " } else { ", " });
            args.push_str(&c.arg());
        }
        if tys.is_empty() {
            tys.push(' ');
            args.push(' ');
        }
        let fpc = self.no_capture;
        (
            format!(
                "__nv_hdl_create_wrapper_t< {}, {fpc}, {}{tys}>::__nv_hdl_create_wrapper( ",
                self.is_mutable,
                self.tag()
            ),
            format!("{args})"),
        )
    }
}

/// The extended lambdas of a unit, by the offset of their introducer.
#[derive(Debug, Default)]
pub struct ExtLambdas {
    pub by_intro: FxHashMap<Offset, ExtLambda>,
    /// Every lambda in a function body (extended or not), by its introducer.
    pub places: FxHashMap<Offset, Place>,
    /// Capture counts of the device lambdas.
    pub device_counts: BTreeSet<usize>,
    /// Capture counts of the host-device lambdas.
    pub host_device_counts: BTreeSet<usize>,
}

impl ExtLambdas {
    pub fn get(&self, l: &Lambda) -> Option<&ExtLambda> {
        self.by_intro.get(&l.intro_span.lo)
    }

    /// The preamble written in front of the sentinel (without its leading line marker).
    pub fn preamble(&self) -> String {
        let mut s = String::from(PREAMBLE_HEAD);
        for &n in &self.device_counts {
            if n > 0 {
                s.push_str(&dl_wrapper(n));
            }
        }
        s.push_str(PREAMBLE_HDL_HEAD);
        for &n in &self.host_device_counts {
            s.push_str(&hdl_wrapper(n));
        }
        s.push_str(PREAMBLE_TAIL);
        s
    }
}

/// The two `__nv_dl_wrapper_t` specializations for `n` captures, as cudafe++ writes them.
pub fn dl_wrapper(n: usize) -> String {
    let fs: Vec<String> = (1..=n).map(|i| format!("F{i}")).collect();
    let tparams: String = fs.iter().map(|f| format!(", typename {f}")).collect();
    let targs: String = fs.iter().map(|f| format!(", {f}")).collect();
    let fields: String = (1..=n)
        .map(|i| format!("typename __nv_lambda_field_type<F{i}>::type f{i};\n"))
        .collect();
    let params = (1..=n)
        .map(|i| format!("F{i} in{i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let inits = (1..=n)
        .map(|i| format!("f{i}(in{i})"))
        .collect::<Vec<_>>()
        .join(", ");
    let trtag = "__nv_dl_trailing_return_tag<U, func, Return, Id>";
    format!(
        "template <typename Tag{tparams}>\nstruct __nv_dl_wrapper_t<Tag{targs}> {{\n{fields}__nv_dl_wrapper_t(Tag,{params}) : {inits} {{ }}\ntemplate <typename...U1>\nint operator()(U1...) {{ return 0; }}\n}};\n\n\
template <typename U, U func, typename Return, unsigned Id{tparams}>\nstruct __nv_dl_wrapper_t<{trtag}{targs}> {{\n{fields}__nv_dl_wrapper_t({trtag},{params}) : {inits} {{ }}\ntemplate <typename...U1>\nReturn operator()(U1...) {{ __builtin_unreachable(); }}\n}};\n\n\n"
    )
}

/// The four `__nv_hdl_wrapper_t` specializations for `n` captures (`IsMutable` and
/// `HasFuncPtrConv` false or true), as cudafe++ writes them.
pub fn hdl_wrapper(n: usize) -> String {
    let tparams: String = (1..=n).map(|i| format!(", typename F{i}")).collect();
    let targs: String = (1..=n).map(|i| format!(", F{i}")).collect();
    let fields: String = (1..=n)
        .map(|i| format!("typename __nv_lambda_field_type<F{i}>::type f{i};\n"))
        .collect();
    let params: String = (1..=n).map(|i| format!(", F{i} in{i} ")).collect();
    let inits: String = (1..=n).map(|i| format!("f{i}(in{i}) ,")).collect();
    let join = |f: &dyn Fn(usize) -> String, tail: &str| {
        if n == 0 {
            String::new()
        } else {
            let v: Vec<String> = (1..=n).map(f).collect();
            format!("{}{tail}", v.join(" ,"))
        }
    };
    let copies = join(&|i| format!("f{i}(in.f{i})"), "  , ");
    let moves = join(&|i| format!("f{i}(std::move(in.f{i}))"), "  , ");
    let fp_inits = join(&|i| format!("f{i}(in{i})"), "  ");
    let helper = "__nv_hdl_helper<Tag, OpFuncR, OpFuncArgs...>";
    let mut s = String::new();
    for fpc in [false, true] {
        for mutable in [false, true] {
            let konst = if mutable { "" } else { "const " };
            s.push_str(&format!(
                "template <bool NeverThrows, typename Tag, typename OpFuncR,  typename... OpFuncArgs{tparams}>\n\
struct __nv_hdl_wrapper_t<{mutable},{fpc},NeverThrows,Tag, OpFuncR(OpFuncArgs...){targs}>\n{{\n{fields}\n \
typedef OpFuncR(__opfunc_t)(OpFuncArgs...);\n"
            ));
            if fpc {
                let fp_inits = if n == 0 {
                    String::new()
                } else {
                    format!(": {fp_inits}")
                };
                s.push_str(&format!(
                    "template <typename Lambda>\n\
__nv_hdl_wrapper_t(Tag, Lambda &&lam{params})  {fp_inits}{{ {helper}::fp_noobject_caller = lam; }}\n\n\
OpFuncR operator() (OpFuncArgs... args) {konst}noexcept(NeverThrows) {{\n\
return {helper}::fp_noobject_caller(std::forward<OpFuncArgs>(args)...);}}\n\
operator __opfunc_t * () const {{ return {helper}::fp_noobject_caller; }}\n\n"
                ));
            } else {
                s.push_str(&format!(
                    " void *data;\n\n\n \
template <typename Lambda>\n \
struct manager {{\n     \
static void *do_copy(void *buf) {{\n       \
auto ptr = static_cast<Lambda *>(buf);\n       \
return static_cast<void *>(new Lambda(*ptr));\n     \
}};\n     \
static OpFuncR do_call(void *buf, OpFuncArgs... args) {{\n       \
auto ptr = static_cast<Lambda *>(buf);\n       \
return (*ptr)(std::forward<OpFuncArgs>(args)...);\n     \
}};\n     \
static void do_delete(void *buf) {{\n       \
auto ptr = static_cast<Lambda *>(buf);\n       \
delete ptr;\n     \
}}\n \
}};\n\
template <typename Lambda>\n\
__nv_hdl_wrapper_t(Tag, Lambda &&lam{params})  : {inits}data(static_cast<void *>(new Lambda(std::move(lam)))) {{\n\
{helper}::fp_copier =   &manager<Lambda>::do_copy;\n \
{helper}::fp_deleter =   &manager<Lambda>::do_delete;\n \
{helper}::fp_caller =   &manager<Lambda>::do_call;\n\
}}\n\n\
OpFuncR operator() (OpFuncArgs... args) {konst}noexcept(NeverThrows) {{\n\
return {helper}::fp_caller(data, std::forward<OpFuncArgs>(args)...);}}\n\
__nv_hdl_wrapper_t(const __nv_hdl_wrapper_t &in) : {copies}data({helper}::fp_copier(in.data)) {{ }}\n\n\
__nv_hdl_wrapper_t(__nv_hdl_wrapper_t &&in) : {moves}data(in.data) {{ in.data = 0; }}\n\
~__nv_hdl_wrapper_t(void) {{ {helper}::fp_deleter(data); }}\n"
                ));
            }
            s.push_str(
                "__nv_hdl_wrapper_t & operator=(const __nv_hdl_wrapper_t &in) = delete;\n\n};\n\n",
            );
        }
    }
    s
}

/// The execution space of a lambda from its attributes, if it is extended.
pub fn space(l: &Lambda, interner: &Interner) -> Option<Space> {
    let is = |name: &str, a: &Attribute| {
        a.syntax == AttrSyntax::Gnu && a.namespace.is_none() && interner.name(a.name) == name
    };
    let device = l.attrs.iter().any(|a| is("device", a));
    let host = l.attrs.iter().any(|a| is("host", a));
    match (device, host) {
        (true, false) => Some(Space::Device),
        (true, true) => Some(Space::HostDevice),
        _ => None,
    }
}

/// Finds the extended lambdas of a unit, their enclosing functions, ordinals and captures.
pub fn collect(
    decls: &[Decl],
    sema: &Sema,
    interner: &Interner,
    map: &SourceMap,
    module_id: &str,
) -> ExtLambdas {
    let mut c = Collector {
        sema,
        interner,
        map,
        module_id,
        out: ExtLambdas::default(),
        functions: Vec::new(),
        contexts: Vec::new(),
        classes: Vec::new(),
        templates: Vec::new(),
        ordinals: FxHashMap::default(),
    };
    visit::walk_decls(&mut c, decls);
    c.out
}

/// A function definition around the code being visited.
#[derive(Clone)]
struct Enclosing {
    /// The expression naming it (`None`: not nameable).
    parent: Option<String>,
    /// The key of its ordinal counter.
    key: Offset,
    function: Option<EntityId>,
    /// The type of a pointer to it.
    parent_type: Option<String>,
}

struct Collector<'a> {
    sema: &'a Sema,
    interner: &'a Interner,
    map: &'a SourceMap,
    module_id: &'a str,
    out: ExtLambdas,
    /// Enclosing function definitions.
    functions: Vec<Enclosing>,
    /// The bodies being visited (functions, and lambdas: their introducer), with the
    /// lambdas seen directly in each.
    contexts: Vec<(Option<Offset>, Vec<Offset>)>,
    /// Names of the classes being visited (`None` for unnamed ones).
    classes: Vec<Option<String>>,
    /// Template heads around the declaration being visited.
    templates: Vec<&'a TemplateHead>,
    ordinals: FxHashMap<Offset, u32>,
}

impl<'a> Collector<'a> {
    fn text(&self, span: Span) -> &'a str {
        std::str::from_utf8(self.map.slice(span)).unwrap_or("")
    }

    fn sym(&self, s: Symbol) -> String {
        self.interner.name(s).into_owned()
    }

    /// `& ::f`, `&S::f`, `& ::f< T>` for a function definition.
    fn parent_of(&self, f: &FunctionDef) -> Option<String> {
        let name = f.declarator.name.as_ref()?;
        let ident = name.ident()?;
        let e = f.entity?;
        let targs = match self.templates.last() {
            Some(h) if !h.params.is_empty() => {
                let args: Vec<String> = h
                    .params
                    .iter()
                    .map(|p| {
                        let n = p.name.map(|n| self.sym(n)).unwrap_or_default();
                        if p.pack { format!("{n}...") } else { n }
                    })
                    .collect();
                format!("< {}> ", args.join(", "))
            }
            _ => String::new(),
        };
        let member = self.sema.scope(self.sema.entity(e).parent).kind == ScopeKind::Class;
        if member {
            if name.segments.len() >= 2 {
                // Out of class: `C::f` as written.
                return Some(format!("&{}{targs}", self.text(name.span)));
            }
            let class = self.classes.last()?.as_ref()?;
            return Some(format!("&{class}::{}{targs}", self.sym(ident)));
        }
        Some(format!(
            "& {}{}{targs}",
            super::namespace_prefix(self.sema, self.interner, e, self.module_id),
            self.sym(ident)
        ))
    }

    /// The type of a pointer to the function `f`, spelled from its declaration as cudafe++
    /// does (`int (*)(int q, float * p)` for `static int g(int q, float *p = 0)`,
    /// `void (Scaler::*)(float * d) const`): the return type's specifiers without storage
    /// class, function specifiers and attributes, the parameters without default arguments.
    /// `None` for what this does not spell (deduced or compound return types, computed
    /// exception specifications).
    fn pointer_type(&self, f: &FunctionDef) -> Option<String> {
        let chunk = f.declarator.function()?;
        let ret = match &chunk.trailing_return {
            Some(t) => self.text(t.span).to_string(),
            None => {
                if !matches!(
                    f.specs.ty,
                    TypeSpec::Builtin(_) | TypeSpec::Named { .. } | TypeSpec::Elaborated { .. }
                ) {
                    return None;
                }
                let mut ret = type_specifiers(self.text(f.specs.span))?;
                // `int *f()`, `const T &f()`: the operators after the function's.
                for op in f.declarator.ops.iter().skip(1).rev() {
                    match op {
                        DeclaratorOp::Pointer {
                            is_const,
                            is_volatile,
                            ..
                        } => {
                            ret.push_str(" *");
                            if *is_const {
                                ret.push_str(" const");
                            }
                            if *is_volatile {
                                ret.push_str(" volatile");
                            }
                        }
                        DeclaratorOp::LValueRef => ret.push_str(" &"),
                        DeclaratorOp::RValueRef => ret.push_str(" &&"),
                        _ => return None,
                    }
                }
                ret
            }
        };
        let mut params = Vec::new();
        for p in chunk.params.iter() {
            let end = match &p.default {
                Some(d) => {
                    let before = self.text(Span::new(p.span.lo, d.span.lo));
                    let cut = before.trim_end().strip_suffix('=')?;
                    p.span.lo + cut.len() as u32
                }
                None => p.span.hi,
            };
            params.push(one_line(self.text(Span::new(p.span.lo, end)).trim()));
        }
        if chunk.variadic {
            params.push("...".into());
        }
        let params = if params.is_empty() {
            "void".to_string()
        } else {
            params.join(", ")
        };
        let e = f.entity?;
        let ent = self.sema.entity(e);
        let member = self.sema.scope(ent.parent).kind == ScopeKind::Class && !ent.flags.is_static;
        let pointer = if member {
            let name = f.declarator.name.as_ref()?;
            let class = if name.segments.len() >= 2 {
                let written = self.text(name.span);
                written[..written.rfind("::")?].trim().to_string()
            } else {
                self.classes.last()?.clone()?
            };
            format!("{class}::*")
        } else {
            "*".to_string()
        };
        let mut suffix = String::new();
        if member {
            if chunk.is_const {
                suffix.push_str(" const");
            }
            if chunk.is_volatile {
                suffix.push_str(" volatile");
            }
            match chunk.ref_qualifier {
                Some(RefQualifier::LValue) => suffix.push_str(" &"),
                Some(RefQualifier::RValue) => suffix.push_str(" &&"),
                None => {}
            }
        }
        match &chunk.exception {
            None => {}
            Some(ExceptionSpec::Noexcept(None)) => suffix.push_str(" noexcept"),
            Some(ExceptionSpec::Throw(t)) if t.is_empty() => suffix.push_str(" noexcept"),
            Some(_) => return None,
        }
        let text = one_line(&format!("{ret} ({pointer})({params}){suffix}"));
        // A line marker inside the declaration (a long blank stretch) cannot go on one line.
        if text.contains('#') {
            return None;
        }
        Some(text)
    }

    fn captures(&self, l: &'a Lambda) -> Vec<Cap> {
        let mut caps = Vec::new();
        let mut seen: FxHashSet<Symbol> = FxHashSet::default();
        let mut default_copy = false;
        for c in &l.captures {
            match c {
                Capture::DefaultCopy => default_copy = true,
                Capture::DefaultRef => {}
                Capture::This => caps.push(Cap::This),
                Capture::StarThis => caps.push(Cap::StarThis),
                Capture::Var { name, .. } => {
                    seen.insert(*name);
                    caps.push(Cap::Var(self.sym(*name), self.local(l, *name)));
                }
                Capture::Init { name, init, .. } => {
                    seen.insert(*name);
                    let text = match &**init {
                        Initializer::Assign(e) | Initializer::Brace(e) => {
                            self.text(e.span).to_string()
                        }
                        Initializer::Paren(_, s) => self.text(*s).to_string(),
                        _ => String::new(),
                    };
                    caps.push(Cap::Init(text));
                }
            }
        }
        if default_copy {
            let mut uses = Uses {
                sema: self.sema,
                before: l.intro_span.lo,
                found: Vec::new(),
                this_at: None,
            };
            uses.stmt(&l.body);
            let explicit_this = caps.iter().any(|c| matches!(c, Cap::This | Cap::StarThis));
            for (i, &(sym, ent)) in uses.found.iter().enumerate() {
                if uses.this_at == Some(i) && !explicit_this {
                    caps.push(Cap::This);
                }
                if seen.insert(sym) {
                    caps.push(Cap::Var(self.sym(sym), Some(ent)));
                }
            }
            if uses.this_at == Some(uses.found.len()) && !explicit_this {
                caps.push(Cap::This);
            }
        }
        caps
    }

    /// The local variable or parameter `name` a capture of `l` names: the last one
    /// declared before the lambda in the innermost scope around it that has one.
    fn local(&self, l: &Lambda, name: Symbol) -> Option<EntityId> {
        let mut scope = self.sema.scope(l.scope?).parent;
        while let Some(id) = scope {
            let sc = self.sema.scope(id);
            if !matches!(
                sc.kind,
                ScopeKind::Function | ScopeKind::Block | ScopeKind::Lambda
            ) {
                return None;
            }
            let found = sc.names.get(&name).and_then(|v| {
                v.iter()
                    .copied()
                    .filter(|&e| {
                        let x = self.sema.entity(e);
                        matches!(x.kind, EntityKind::Variable | EntityKind::Parameter)
                            && x.first_decl().lo < l.intro_span.lo
                    })
                    .max_by_key(|&e| self.sema.entity(e).first_decl().lo)
            });
            if found.is_some() {
                return found;
            }
            scope = sc.parent;
        }
        None
    }
}

impl<'a> Visitor<'a> for Collector<'a> {
    fn decl(&mut self, d: &'a Decl) {
        match &d.kind {
            DeclKind::Template { head, decl } => {
                self.templates.push(head);
                visit::template_head(self, head);
                self.decl(decl);
                self.templates.pop();
            }
            _ => visit::walk_decl(self, d),
        }
    }

    fn class(&mut self, c: &'a ClassSpec) {
        let name = c.name.as_ref().and_then(|n| n.ident()).map(|s| self.sym(s));
        self.classes.push(name);
        let saved = std::mem::take(&mut self.templates);
        visit::walk_class(self, c);
        self.templates = saved;
        self.classes.pop();
    }

    fn function_def(&mut self, f: &'a FunctionDef) {
        let parent = self.parent_of(f);
        let parent_type = parent.as_ref().and_then(|_| self.pointer_type(f));
        self.functions.push(Enclosing {
            parent,
            key: f.body_span.lo,
            function: f.entity,
            parent_type,
        });
        self.contexts.push((None, Vec::new()));
        let saved = std::mem::take(&mut self.templates);
        visit::walk_function_def(self, f);
        self.templates = saved;
        self.contexts.pop();
        self.functions.pop();
    }

    fn lambda(&mut self, l: &'a Lambda) {
        if let Some((outer, seen)) = self.contexts.last_mut() {
            let place = Place {
                outer: *outer,
                earlier: seen.clone(),
            };
            seen.push(l.intro_span.lo);
            self.out.places.insert(l.intro_span.lo, place);
        }
        if let Some(space) = space(l, self.interner)
            && let Some(Enclosing {
                parent: Some(parent),
                key,
                function,
                parent_type,
            }) = self.functions.last().cloned()
        {
            let ord = {
                let o = self.ordinals.entry(key).or_insert(0);
                *o += 1;
                *o
            };
            let captures = self.captures(l);
            match space {
                Space::Device => self.out.device_counts.insert(captures.len()),
                Space::HostDevice => self.out.host_device_counts.insert(captures.len()),
            };
            self.out.by_intro.insert(
                l.intro_span.lo,
                ExtLambda {
                    space,
                    ordinal: ord,
                    parent,
                    parent_type,
                    captures,
                    is_mutable: l.is_mutable,
                    no_capture: l.captures.is_empty(),
                    function,
                },
            );
        }
        self.contexts.push((Some(l.intro_span.lo), Vec::new()));
        visit::walk_lambda(self, l);
        self.contexts.pop();
    }
}

/// Text on one line (newlines as spaces).
fn one_line(s: &str) -> String {
    s.replace(['\n', '\r'], " ")
}

/// The type specifiers among declaration specifiers (the text of them): storage classes,
/// function specifiers, `constexpr` and the like, and attributes left out. `None` if the
/// text is not understood.
fn type_specifiers(text: &str) -> Option<String> {
    const DROP: &[&str] = &[
        "static",
        "extern",
        "inline",
        "__inline",
        "__inline__",
        "virtual",
        "explicit",
        "constexpr",
        "consteval",
        "constinit",
        "friend",
        "register",
        "thread_local",
        "__thread",
        "mutable",
        "__extension__",
    ];
    let b = text.as_bytes();
    let mut out: Vec<&str> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &text[start..i];
            if matches!(
                word,
                "__attribute__" | "__attribute" | "__declspec" | "alignas"
            ) {
                // Skip the parenthesized argument.
                while i < b.len() && b[i].is_ascii_whitespace() {
                    i += 1;
                }
                i = skip_balanced(b, i, b'(', b')')?;
            } else if !DROP.contains(&word) {
                out.push(word);
            }
            continue;
        }
        if c == b'[' && b.get(i + 1) == Some(&b'[') {
            i = skip_balanced(b, i, b'[', b']')?;
            continue;
        }
        if c == b'"' || c == b'\'' {
            return None;
        }
        let len = if text[i..].starts_with("::") { 2 } else { 1 };
        out.push(&text[i..i + len]);
        i += len;
    }
    if out.is_empty() {
        return None;
    }
    Some(out.join(" "))
}

/// The index after the group that opens at `i` with `open` (nested groups included).
fn skip_balanced(b: &[u8], i: usize, open: u8, close: u8) -> Option<usize> {
    if b.get(i) != Some(&open) {
        return None;
    }
    let mut depth = 0u32;
    let mut j = i;
    while j < b.len() {
        if b[j] == open {
            depth += 1;
        } else if b[j] == close {
            depth -= 1;
            if depth == 0 {
                return Some(j + 1);
            }
        }
        j += 1;
    }
    None
}

/// The local variables declared before `before` that a lambda body names, in order of
/// first use.
struct Uses<'a> {
    sema: &'a Sema,
    before: Offset,
    found: Vec<(Symbol, EntityId)>,
    /// Where `this` is first used, counted in `found` (explicitly, or by naming a
    /// non-static member).
    this_at: Option<usize>,
}

impl Uses<'_> {
    fn note_this(&mut self) {
        if self.this_at.is_none() {
            self.this_at = Some(self.found.len());
        }
    }
}

impl<'a> Visitor<'a> for Uses<'a> {
    fn expr(&mut self, e: &'a Expr) {
        if let ExprKind::This = e.kind {
            self.note_this();
        }
        // A non-static member named without an object uses `this`.
        if let ExprKind::Name(n) = &e.kind
            && !n.global
            && n.segments.len() == 1
            && let Some(ent) = n.resolution.entity()
        {
            let x = self.sema.entity(ent);
            let member = self.sema.scope(x.parent).kind == ScopeKind::Class
                && !x.flags.is_static
                && matches!(x.kind, EntityKind::Field | EntityKind::Function);
            if member {
                self.note_this();
            }
        }
        if let ExprKind::Name(n) = &e.kind
            && !n.global
            && n.segments.len() == 1
            && let Some(ent) = n.resolution.entity()
            && let Some(sym) = n.ident()
        {
            let x = self.sema.entity(ent);
            let local = matches!(
                self.sema.scope(x.parent).kind,
                ScopeKind::Function | ScopeKind::Block
            );
            if matches!(x.kind, EntityKind::Variable | EntityKind::Parameter)
                && local
                && !x.flags.is_static
                && x.first_decl().lo < self.before
                && !self.found.iter().any(|(_, f)| *f == ent)
            {
                self.found.push((sym, ent));
            }
        }
        visit::walk_expr(self, e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_capture_wrappers() {
        let expect = "template <typename Tag, typename F1>\nstruct __nv_dl_wrapper_t<Tag, F1> {\ntypename __nv_lambda_field_type<F1>::type f1;\n__nv_dl_wrapper_t(Tag,F1 in1) : f1(in1) { }\ntemplate <typename...U1>\nint operator()(U1...) { return 0; }\n};\n\ntemplate <typename U, U func, typename Return, unsigned Id, typename F1>\nstruct __nv_dl_wrapper_t<__nv_dl_trailing_return_tag<U, func, Return, Id>, F1> {\ntypename __nv_lambda_field_type<F1>::type f1;\n__nv_dl_wrapper_t(__nv_dl_trailing_return_tag<U, func, Return, Id>,F1 in1) : f1(in1) { }\ntemplate <typename...U1>\nReturn operator()(U1...) { __builtin_unreachable(); }\n};\n\n\n";
        assert_eq!(dl_wrapper(1), expect);
    }

    #[test]
    fn host_device_wrappers() {
        let w = hdl_wrapper(1);
        assert_eq!(w.matches("struct __nv_hdl_wrapper_t<").count(), 4);
        let fpc = "template <bool NeverThrows, typename Tag, typename OpFuncR,  typename... OpFuncArgs, typename F1>\nstruct __nv_hdl_wrapper_t<false,true,NeverThrows,Tag, OpFuncR(OpFuncArgs...), F1>\n{\ntypename __nv_lambda_field_type<F1>::type f1;\n\n typedef OpFuncR(__opfunc_t)(OpFuncArgs...);\ntemplate <typename Lambda>\n__nv_hdl_wrapper_t(Tag, Lambda &&lam, F1 in1 )  : f1(in1)  { __nv_hdl_helper<Tag, OpFuncR, OpFuncArgs...>::fp_noobject_caller = lam; }\n\nOpFuncR operator() (OpFuncArgs... args) const noexcept(NeverThrows) {\nreturn __nv_hdl_helper<Tag, OpFuncR, OpFuncArgs...>::fp_noobject_caller(std::forward<OpFuncArgs>(args)...);}\noperator __opfunc_t * () const { return __nv_hdl_helper<Tag, OpFuncR, OpFuncArgs...>::fp_noobject_caller; }\n\n__nv_hdl_wrapper_t & operator=(const __nv_hdl_wrapper_t &in) = delete;\n\n};\n\n";
        assert!(w.contains(fpc));
        assert!(hdl_wrapper(3).contains("__nv_hdl_wrapper_t(__nv_hdl_wrapper_t &&in) : f1(std::move(in.f1)) ,f2(std::move(in.f2)) ,f3(std::move(in.f3))  , data(in.data) { in.data = 0; }\n"));
        assert!(hdl_wrapper(0).contains("__nv_hdl_wrapper_t(const __nv_hdl_wrapper_t &in) : data(__nv_hdl_helper<Tag, OpFuncR, OpFuncArgs...>::fp_copier(in.data)) { }\n"));
    }

    #[test]
    fn host_device_wrapper_text() {
        let l = ExtLambda {
            space: Space::HostDevice,
            ordinal: 3,
            parent: "& ::main".into(),
            parent_type: None,
            captures: vec![Cap::Var("s".into(), None), Cap::Var("a".into(), None)],
            is_mutable: false,
            no_capture: false,
            function: None,
        };
        let (before, after) = l.host_device_wrapper();
        assert_eq!(
            before,
            "__nv_hdl_create_wrapper_t< false, false, __nv_dl_tag<decltype(& ::main),(& ::main),3> , typename __nvdl_remove_ref<decltype(s)>::type, typename __nvdl_remove_ref<decltype(a)>::type>::__nv_hdl_create_wrapper( "
        );
        assert_eq!(after, " , s, a)");
        let l = ExtLambda {
            captures: vec![],
            is_mutable: true,
            no_capture: true,
            ..l
        };
        let (before, after) = l.host_device_wrapper();
        assert_eq!(
            before,
            "__nv_hdl_create_wrapper_t< true, true, __nv_dl_tag<decltype(& ::main),(& ::main),3> >::__nv_hdl_create_wrapper( "
        );
        assert_eq!(after, " )");
    }

    #[test]
    fn device_wrapper_text() {
        let l = ExtLambda {
            space: Space::Device,
            ordinal: 2,
            parent: "& ::main".into(),
            parent_type: None,
            captures: vec![Cap::Var("k".into(), None)],
            is_mutable: false,
            no_capture: false,
            function: None,
        };
        assert_eq!(
            l.device_wrapper(),
            "__nv_dl_wrapper_t< __nv_dl_tag<decltype(& ::main),(& ::main),2> , typename __nvdl_remove_ref<decltype(k)>::type>( __nv_dl_tag<decltype(& ::main),(& ::main),2> {} , k)"
        );
        let l = ExtLambda {
            captures: vec![],
            ..l
        };
        assert_eq!(
            l.device_wrapper(),
            "__nv_dl_wrapper_t< __nv_dl_tag<decltype(& ::main),(& ::main),2> >( __nv_dl_tag<decltype(& ::main),(& ::main),2> {} )"
        );
    }
}
