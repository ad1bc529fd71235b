//! The host file (`--gen_c_file_name`): the preprocessed translation unit as the host
//! compiler must see it.
//!
//! It is the input text with edits at the places the analysis names (see [`super::edit`]):
//!
//! - a prelude of pragmas, the managed-memory runtime hooks and the extended-lambda trait
//!   macros; `crt/host_runtime.h` included right after the first `size_t` typedef;
//! - the types and typedefs the runtime headers mark `__device_builtin__` under `#if 0` (the
//!   host compiler gets them from `crt/host_runtime.h`);
//! - device-only function bodies replaced by a dummy body, the original kept under `#if 0`;
//! - kernels reduced to declarations (their definitions come from the stub file); template
//!   kernels forwarding to a `__wrapper__device_stub_` template the stub file specializes;
//! - every launch `k<<<g, b, s, q>>>(args)` turned into
//!   `(__cudaPushCallConfiguration(g, b, s, q)) ? (void)0 : k(args)`;
//! - device, constant and shared variables as host shadows; managed variables as pointers,
//!   every use dereferenced through the managed runtime;
//! - anonymous namespaces named `_GLOBAL__N_<module id>`; CUDA attributes removed;
//! - a trailer that includes the stub file.

use std::borrow::Cow;

mod aliases;

use super::edit::{Edits, Piece, escape_file_name};
use crate::frontend::Analysis;
use crate::intern::{FxHashSet, Interner, Symbol};
use crate::sema::{EntityId, EntityKind, MemSpace, ScopeKind, Sema};
use crate::source_map::{Offset, SourceMap, Span};
use crate::syntax::ast::*;
use crate::syntax::visit::{self, Visitor};

/// What the host file depends on besides the analysis.
#[derive(Debug, Clone, Default)]
pub struct HostOptions {
    /// `--device-hidden-visibility`.
    pub device_hidden_visibility: bool,
    /// `--static-host-stub`.
    pub static_host_stub: bool,
    /// `--device-c` (separate compilation).
    pub device_c: bool,
    /// The host reference arrays (`.nvHRKE`, ...) that list the kernels and device variables
    /// host code refers to: under `--device-c` and `--partial-link`.
    pub reference_arrays: bool,
    /// `--extended-lambda`.
    pub extended_lambda: bool,
    /// `--debug_mode` (nvcc `-G`): kernels' host stubs are `noinline`, so that a debugger
    /// can stop in them.
    pub debug_mode: bool,
    /// `--stub_file_name`, included by the trailer.
    pub stub_file_name: Option<String>,
    /// The translation unit's module id (names anonymous namespaces).
    pub module_id: String,
}

/// The host file and what the module id depends on.
#[derive(Debug, Clone)]
pub struct HostFile {
    pub text: Vec<u8>,
    /// In separate compilation, where host code first refers to a kernel or device variable
    /// listed under an internal-linkage name (cudafe++ computes the module id there, from
    /// the definitions before it: see [`super::module_id::module_id_before`]).
    pub first_internal_reference: Option<Offset>,
}

/// Writes the host file for an analysed translation unit.
pub fn host_file(a: &Analysis, map: &SourceMap, opts: &HostOptions) -> Vec<u8> {
    emit(a, map, opts).text
}

/// [`host_file`], with what the module id depends on.
pub fn emit(a: &Analysis, map: &SourceMap, opts: &HostOptions) -> HostFile {
    let mut h = HostEmitter::new(a, map, opts);
    visit::walk_decls(&mut h, &a.unit.decls);
    // cudafe++'s line markers carry no include flags (`1`, `2`): the host compiler sees one
    // file renamed as it goes, and prints no "In file included from" chains.
    for m in map.markers() {
        if m.flags.enter || m.flags.leave {
            let marker = super::edit::line_marker(map, map.presumed(m.start));
            h.edits.replace(
                Span::new(m.marker_start, m.start),
                vec![Piece::text(marker)],
            );
        }
    }
    if !h.runtime_included {
        // No `size_t` typedef (an input without the CUDA headers): include it up front.
        h.edits.insert(0, runtime_include());
    }
    let mut out = h.edits.render_into(map, prelude(map, opts));
    out.extend_from_slice(trailer(opts).as_bytes());
    if opts.reference_arrays {
        let mangler = super::mangle::Mangler::new(a, map).with_module_id(&opts.module_id);
        let names = h.reference_names(&mangler);
        out.extend_from_slice(super::rdc::arrays(&names).as_bytes());
    }
    HostFile {
        text: out,
        first_internal_reference: h.first_internal_reference,
    }
}

/// The file name the host file starts with: the main file's, from the first line marker
/// that names it.
fn main_file_name(map: &SourceMap) -> Cow<'_, str> {
    let name = map
        .markers()
        .first()
        .map(|m| map.file_name(m.file))
        .unwrap_or_else(|| map.input_name());
    escape_file_name(name)
}

/// The managed-memory runtime hooks: one line, exactly as cudafe++ writes it.
const MANAGED_RT: &str = "static char __nv_inited_managed_rt = 0; static void **__nv_fatbinhandle_for_managed_rt; static void __nv_save_fatbinhandle_for_managed_rt(void **in){__nv_fatbinhandle_for_managed_rt = in;} static char __nv_init_managed_rt_with_module(void **); static inline void __nv_init_managed_rt(void) { __nv_inited_managed_rt = (__nv_inited_managed_rt ? __nv_inited_managed_rt                 : __nv_init_managed_rt_with_module(__nv_fatbinhandle_for_managed_rt));}";

fn prelude(map: &SourceMap, opts: &HostOptions) -> Vec<u8> {
    let mut s = format!(
        "# 1 \"{}\"\n#pragma GCC diagnostic ignored \"-Wunused-local-typedefs\"\n# 1\n",
        main_file_name(map)
    );
    // Static kernel stubs that are also declared hidden (cudafe++ writes this line under
    // `--static-host-stub` alone).
    if opts.static_host_stub {
        s.push_str("\n#pragma GCC diagnostic ignored \"-Wattributes\"\n");
    }
    s.push_str("#pragma GCC diagnostic push\n# 1\n#pragma GCC diagnostic ignored \"-Wunused-variable\"\n# 1\n#pragma GCC diagnostic ignored \"-Wunused-function\"\n# 1\n");
    s.push_str(MANAGED_RT);
    s.push_str("\n# 1\n#pragma GCC diagnostic pop\n# 1\n#pragma GCC diagnostic ignored \"-Wunused-variable\"\n\n# 1\n");
    if !opts.extended_lambda {
        s.push_str(concat!(
            "#define __nv_is_extended_device_lambda_closure_type(X) false\n",
            "#define __nv_is_extended_host_device_lambda_closure_type(X) false\n",
            "#define __nv_is_extended_device_lambda_with_preserved_return_type(X) false\n",
            "#if defined(__nv_is_extended_device_lambda_closure_type) && defined(__nv_is_extended_host_device_lambda_closure_type)&& defined(__nv_is_extended_device_lambda_with_preserved_return_type)\n",
            "#endif\n",
        ));
    }
    s.push_str("\n# 1\n");
    s.into_bytes()
}

fn trailer(opts: &HostOptions) -> String {
    let mut s = String::from("\n");
    let anon = format!("_GLOBAL__N_{}", opts.module_id);
    match &opts.stub_file_name {
        Some(stub) => {
            let stub = escape_file_name(stub);
            s += &format!(
                "# 1 \"{stub}\"\n#define _NV_ANON_NAMESPACE {anon}\n#ifdef _NV_ANON_NAMESPACE\n#endif\n# 1 \"{stub}\"\n#include \"{stub}\"\n# 1 \"{stub}\"\n#undef _NV_ANON_NAMESPACE\n"
            );
        }
        None => {
            s += &format!(
                "#define _NV_ANON_NAMESPACE {anon}\n#ifdef _NV_ANON_NAMESPACE\n#endif\n#undef _NV_ANON_NAMESPACE\n"
            );
        }
    }
    s
}

fn runtime_include() -> &'static str {
    "\n#if !defined(__CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__)\n#define __CUDA_INCLUDE_COMPILER_INTERNAL_HEADERS__\n#endif\n#include \"crt/host_runtime.h\"\n"
}

/// The attribute names CUDA adds (after `__x__` became `__attribute__((x))`).
struct CudaNames {
    all: FxHashSet<Symbol>,
    device_builtin: Option<Symbol>,
}

impl CudaNames {
    fn new(i: &Interner) -> CudaNames {
        const NAMES: &[&str] = &[
            "host",
            "device",
            "global",
            "shared",
            "constant",
            "managed",
            "launch_bounds",
            "cluster_dims",
            "maxnreg",
            "local_maxnreg",
            "block_size",
            "grid_constant",
            "device_builtin",
            "device_builtin_texture_type",
            "device_builtin_surface_type",
            "cudart_builtin",
            "nv_register_params",
        ];
        CudaNames {
            all: NAMES.iter().filter_map(|n| i.get(n.as_bytes())).collect(),
            device_builtin: i.get(b"device_builtin"),
        }
    }

    fn is_cuda(&self, a: &Attribute) -> bool {
        a.syntax == AttrSyntax::Gnu && a.namespace.is_none() && self.all.contains(&a.name)
    }
}

struct HostEmitter<'a> {
    map: &'a SourceMap,
    sema: &'a Sema,
    interner: &'a Interner,
    opts: &'a HostOptions,
    names: CudaNames,
    size_t: Option<Symbol>,
    edits: Edits,
    runtime_included: bool,
    /// Attribute groups already removed.
    removed_groups: FxHashSet<Offset>,
    /// Template heads around the declaration being visited (innermost last).
    templates: Vec<&'a TemplateHead>,
    /// Depth of class bodies around the declaration being visited.
    class_depth: u32,
    /// The namespace being visited (`None` for the global one).
    namespace: Option<EntityId>,
    /// Inside a body only the device compiles (walked for its edits, not its references).
    device_body: u32,
    /// `typedef decltype(v) __TN;` lines written so far.
    closure_typedefs: u32,
    /// Declaration statements directly in the blocks being visited, by their start.
    block_decls: FxHashSet<Offset>,
    /// Kernels and device variables host code refers to.
    referenced: std::collections::BTreeSet<EntityId>,
    /// Where host code first refers to a kernel or device variable whose host reference name
    /// is an internal-linkage one (separate compilation only).
    first_internal_reference: Option<Offset>,
    /// The extended lambdas (with `--extended-lambda`).
    lambdas: super::lambda::ExtLambdas,
    /// Inside an explicit instantiation (`template __global__ void k<int>(int);`).
    explicit_instantiation: bool,
    /// Typedefs and aliases of scalar types (`typedef unsigned int uint32_t;`), for the
    /// bounds of arrays initialized by lists of scalars.
    scalar_typedefs: FxHashSet<EntityId>,
    /// The alias templates seen so far (see [`aliases`]).
    alias_templates: crate::intern::FxHashMap<EntityId, aliases::AliasTemplate>,
}

impl<'a> HostEmitter<'a> {
    fn new(a: &'a Analysis, map: &'a SourceMap, opts: &'a HostOptions) -> HostEmitter<'a> {
        HostEmitter {
            map,
            sema: &a.sema,
            interner: &a.interner,
            opts,
            names: CudaNames::new(&a.interner),
            size_t: a.interner.get(b"size_t"),
            edits: Edits::new(),
            runtime_included: false,
            removed_groups: FxHashSet::default(),
            templates: Vec::new(),
            alias_templates: Default::default(),
            class_depth: 0,
            namespace: None,
            device_body: 0,
            closure_typedefs: 0,
            block_decls: FxHashSet::default(),
            referenced: Default::default(),
            first_internal_reference: None,
            lambdas: if opts.extended_lambda {
                super::lambda::collect(&a.unit.decls, &a.sema, &a.interner, map, &opts.module_id)
            } else {
                Default::default()
            },
            explicit_instantiation: false,
            scalar_typedefs: FxHashSet::default(),
        }
    }

    fn text(&self, span: Span) -> &'a str {
        std::str::from_utf8(self.map.slice(span)).unwrap_or("")
    }

    fn sym_name(&self, s: Symbol) -> Cow<'a, str> {
        self.interner.name(s)
    }

    // ---------------------------------------------------------------------------------
    // Attributes

    fn has_attr(&self, attrs: &[Attribute], name: Option<Symbol>) -> bool {
        name.is_some() && attrs.iter().any(|a| Some(a.name) == name)
    }

    /// Removes a written attribute group when everything in it is CUDA's; spells the
    /// `__noinline__` keyword as the GNU attribute it means.
    fn strip_attribute(&mut self, a: &Attribute, siblings: &[Attribute]) {
        if self.removed_groups.contains(&a.group.lo) {
            return;
        }
        if a.group == a.span && self.map.slice(a.group) == b"__noinline__" {
            self.removed_groups.insert(a.group.lo);
            self.edits
                .replace(a.group, vec![Piece::text("__attribute__((noinline))")]);
            return;
        }
        if !self.names.is_cuda(a) {
            return;
        }
        let all_cuda = siblings
            .iter()
            .filter(|s| s.group == a.group)
            .all(|s| self.names.is_cuda(s));
        if all_cuda {
            self.removed_groups.insert(a.group.lo);
            self.edits.remove(a.group);
        }
    }

    /// The definition of a class or an enum named from the global scope (`template <>
    /// class ::N::L<int> { ... }`): the host compiler rejects the leading `::` there
    /// (cudafe++ writes such definitions again, inside their namespace), and the name
    /// means the same without it.
    fn drop_global_qualifier(&mut self, name: Option<&QualName>) {
        if let Some(n) = name
            && n.global
            && self.map.slice(Span::new(n.span.lo, n.span.lo + 2)) == b"::"
        {
            self.edits.remove(Span::new(n.span.lo, n.span.lo + 2));
        }
    }

    /// In a class head, the `__noinline__` keyword (which the host compiler does not
    /// know) spelled as the GNU attribute; CUDA's other attributes there stay as written.
    fn spell_keyword_attributes(&mut self, attrs: &'a [Attribute]) {
        for a in attrs {
            if a.group == a.span && self.map.slice(a.group) == b"__noinline__" {
                self.strip_attribute(a, attrs);
            }
        }
    }

    fn strip_attributes(&mut self, attrs: &'a [Attribute]) {
        for a in attrs {
            self.strip_attribute(a, attrs);
        }
    }

    /// Removes every `__attribute__((...))` written in `span` (where the tree keeps no
    /// attributes: before a deduction guide, which the host compiler rejects them on).
    fn strip_gnu_attributes_in(&mut self, span: Span) {
        let text = self.map.slice(span);
        let mut i = 0;
        while let Some(k) = memchr::memmem::find(&text[i..], b"__attribute__") {
            let start = i + k;
            let mut j = start + b"__attribute__".len();
            while j < text.len() && text[j].is_ascii_whitespace() {
                j += 1;
            }
            if text.get(j) != Some(&b'(') {
                i = j;
                continue;
            }
            let mut depth = 0usize;
            while j < text.len() {
                match text[j] {
                    b'(' => depth += 1,
                    b')' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            if j >= text.len() {
                return;
            }
            let lo = span.lo + start as Offset;
            self.edits.remove(Span::new(lo, span.lo + j as Offset + 1));
            i = j + 1;
        }
    }

    // ---------------------------------------------------------------------------------
    // Entities

    /// Has internal linkage as far as the host file's attributes are concerned.
    fn internal(&self, e: EntityId, specs: &DeclSpecs) -> bool {
        let ent = self.sema.entity(e);
        ent.flags.is_static
            || ent.flags.in_anonymous_namespace
            || specs.storage == Some(StorageClass::Static)
    }

    fn is_member(&self, e: EntityId) -> bool {
        self.sema.scope(self.sema.entity(e).parent).kind == ScopeKind::Class
    }

    // ---------------------------------------------------------------------------------
    // Declarations

    /// `typedef ... size_t;` at global scope: the runtime header goes right after it.
    fn note_size_t(&mut self, d: &Decl, specs: &DeclSpecs, declarators: &[InitDeclarator]) {
        if self.runtime_included
            || !specs.is_typedef
            || self.namespace.is_some()
            || self.class_depth > 0
            || !self.templates.is_empty()
        {
            return;
        }
        if declarators
            .iter()
            .any(|id| id.declarator.name.as_ref().and_then(|n| n.ident()) == self.size_t)
        {
            self.runtime_included = true;
            self.edits.insert(d.span.hi, runtime_include());
        }
    }

    /// Declarations the runtime headers mark `__device_builtin__` go under `#if 0`.
    fn is_device_builtin(&self, specs: &DeclSpecs, declarators: &[InitDeclarator]) -> bool {
        // Types and typedefs only: builtin functions stay declared.
        if !specs.is_typedef && !declarators.is_empty() {
            return false;
        }
        let db = self.names.device_builtin;
        if self.has_attr(&specs.attrs, db) {
            return true;
        }
        match &specs.ty {
            TypeSpec::Class(c) if self.has_attr(&c.attrs, db) => return true,
            TypeSpec::Enum(e) if self.has_attr(&e.attrs, db) => return true,
            _ => {}
        }
        declarators
            .iter()
            .any(|id| self.has_attr(&id.declarator.attrs, db))
    }

    fn if_zero(&mut self, span: Span) {
        self.edits.replace(
            span,
            vec![
                Piece::text("\n#if 0\n"),
                Piece::Verbatim(span),
                Piece::text("\n#endif\n"),
            ],
        );
    }

    /// The extended-lambda preamble in front of the sentinel type, which goes under `#if 0`
    /// as usual (see [`super::lambda`]).
    fn lambda_preamble(&mut self, span: Span) {
        let marker = super::edit::line_marker(self.map, self.map.presumed(span.lo));
        let text = format!(
            "\n# 1 \"nvcc_internal_extended_lambda_implementation\"\n{}#if 0\n{marker}",
            self.lambdas.preamble()
        );
        self.edits.replace(
            span,
            vec![
                Piece::text(text),
                Piece::Verbatim(span),
                Piece::text("\n#endif\n"),
            ],
        );
    }

    /// An extended `__device__` lambda: the wrapper object that stands for it on the host,
    /// the lambda kept under `#if 0`.
    fn device_lambda(&mut self, e: &'a Expr, wrapper: String) {
        self.edits.replace(
            e.span,
            vec![
                Piece::text(wrapper),
                Piece::text(" \n#if 0\n"),
                Piece::Verbatim(e.span),
                Piece::text("\n#endif\n"),
            ],
        );
    }

    fn simple_declaration(&mut self, d: &'a Decl, specs: &'a DeclSpecs, ids: &'a [InitDeclarator]) {
        self.note_size_t(d, specs, ids);
        for id in ids {
            if let Some(e) = id.entity
                && id.declarator.is_function()
            {
                self.expand_alias_qualifiers(e, specs, &id.declarator);
            }
        }
        if let [id] = ids
            && let Some(name) = id.declarator.name.as_ref().and_then(|n| n.ident())
        {
            self.member_type_changing_meaning(name, id.entity, specs);
        }
        if self.is_device_builtin(specs, ids) {
            if self.opts.extended_lambda && self.text(d.span).contains(super::lambda::SENTINEL) {
                self.lambda_preamble(d.span);
            } else {
                self.if_zero(d.span);
            }
            return;
        }
        // Variables in device memory.
        let mem = ids
            .iter()
            .filter_map(|id| id.entity)
            .map(|e| self.sema.entity(e))
            .find(|e| matches!(e.kind, EntityKind::Variable) && e.cuda.mem.is_device())
            .map(|e| e.cuda.mem);
        if let Some(mem) = mem
            && self.class_depth == 0
        {
            self.device_variable(specs, ids, mem);
        }
        // A redeclaration must agree with the others on `constexpr` (the host compiler
        // insists; cudafe++ writes every declaration from the merged entity).
        if !specs.is_constexpr && !specs.is_consteval && !specs.is_typedef {
            let constexpr = ids.iter().filter_map(|id| id.entity).any(|e| {
                let ent = self.sema.entity(e);
                ent.kind == EntityKind::Function && ent.flags.is_constexpr
            });
            if constexpr {
                let at = self.decl_start(specs);
                self.edits.insert(at, "constexpr ");
            }
        }
        // So must one on `inline`: cudafe++ writes `inline` on every declaration of a
        // function some declaration makes inline — a virtual member declared in its class
        // and defined `inline` outside is then no key function, and the host compiler does
        // not emit the class's vtable and typeinfo with it. Not at block scope (where
        // `inline` cannot stand), nor for kernels, nor in system headers.
        if !specs.is_inline
            && !specs.is_constexpr
            && !specs.is_consteval
            && !specs.is_typedef
            && !ids.is_empty()
            && !self.map.is_system(specs.span.lo)
            && ids.iter().all(|id| {
                id.entity.is_some_and(|e| {
                    let ent = self.sema.entity(e);
                    ent.kind == EntityKind::Function
                        && ent.flags.is_inline
                        && !ent.flags.is_constexpr
                        && !ent.cuda.exec.global
                        && matches!(
                            self.sema.scope(ent.parent).kind,
                            crate::sema::ScopeKind::Namespace | crate::sema::ScopeKind::Class
                        )
                })
            })
        {
            let at = self.after_standard_attributes(specs, self.decl_start(specs));
            self.edits.insert(at, "inline ");
        }
        // Kernel declarations.
        for id in ids {
            if let Some(e) = id.entity
                && self.sema.entity(e).kind == EntityKind::Function
                && self.sema.entity(e).cuda.exec.global
                && !specs.is_friend
            {
                if !self.templates.is_empty() {
                    self.template_kernel_declaration(e, specs, &id.declarator);
                } else {
                    self.kernel_visibility(e, specs);
                }
                self.kernel_noinline(specs);
                break;
            }
        }
        self.decl_specs(specs);
        for id in ids {
            self.init_declarator(specs, id);
        }
    }

    /// What a kernel template's declarations get in front: `static` (whole-program
    /// compilation with `--static-host-stub`) or hidden visibility (separate compilation,
    /// or whole-program compilation with `--host-stub-linkage-explicit`).
    fn template_kernel_storage_text(&self, e: EntityId, specs: &DeclSpecs) -> &'static str {
        if self.opts.device_c || !self.opts.static_host_stub {
            if self.opts.device_hidden_visibility
                && !self.sema.entity(e).flags.in_anonymous_namespace
                && specs.storage != Some(StorageClass::Static)
            {
                "__attribute__((visibility(\"hidden\"))) "
            } else {
                ""
            }
        } else if specs.storage != Some(StorageClass::Static) {
            "static "
        } else {
            ""
        }
    }

    /// A declaration of a kernel template that is not its definition: the wrapper the
    /// stub file specializes is declared before it, and the kernel is `static` like its
    /// definition — or, when the unit does not define it, keeps external linkage (hidden
    /// under `--device-hidden-visibility`), so that the host compiler does not see a
    /// static function used but never defined.
    fn template_kernel_declaration(&mut self, e: EntityId, specs: &DeclSpecs, d: &'a Declarator) {
        let [head] = self.templates[..] else {
            self.template_kernel_storage(e, specs);
            return;
        };
        if !head.params.is_empty()
            && let Some(ident) = d.name.as_ref().and_then(|n| n.ident())
            && let Some(chunk) = d.function()
        {
            let mut params = Vec::new();
            for (i, p) in chunk.params.iter().enumerate() {
                params.push(self.wrapper_param(p, i).0);
            }
            if chunk.variadic {
                params.push("...".into());
            }
            let head_text = self.text(head.span);
            let ident = self.sym_name(ident);
            let wrapper = format!(
                "{head_text} static void __wrapper__device_stub_{ident}({}); ",
                params.join(", ")
            );
            self.edits.insert(head.span.lo, wrapper);
        }
        if self.sema.entity(e).flags.defined {
            self.template_kernel_storage(e, specs);
        } else {
            self.kernel_visibility(e, specs);
        }
    }

    fn template_kernel_storage(&mut self, e: EntityId, specs: &DeclSpecs) {
        let text = self.template_kernel_storage_text(e, specs);
        if !text.is_empty() {
            let at = self.decl_start(specs);
            self.edits.insert(at, text);
        }
    }

    /// Under `--debug_mode`, `__attribute((noinline))` before a kernel's declaration (after
    /// its storage and visibility), as cudafe++ writes it; not on explicit instantiations.
    fn kernel_noinline(&mut self, specs: &DeclSpecs) {
        if self.opts.debug_mode && !self.explicit_instantiation {
            let at = self.decl_start(specs);
            self.edits.insert(at, "__attribute((noinline)) ");
        }
    }

    /// `__attribute__((visibility("hidden")))` before a kernel with external linkage.
    fn kernel_visibility(&mut self, e: EntityId, specs: &DeclSpecs) {
        if self.opts.device_hidden_visibility && !self.internal(e, specs) {
            let at = self.decl_start(specs);
            self.edits
                .insert(at, "__attribute__((visibility(\"hidden\"))) ");
        }
    }

    /// Where a declaration's specifiers start.
    fn decl_start(&self, specs: &DeclSpecs) -> Offset {
        let mut lo = specs.span.lo;
        for a in &specs.attrs {
            lo = lo.min(a.group.lo);
        }
        lo
    }

    /// `at`, or past the standard attributes (`[[nodiscard]]`, `alignas(8)`) that start
    /// there: a specifier inserted must follow them.
    fn after_standard_attributes(&self, specs: &DeclSpecs, mut at: Offset) -> Offset {
        let mut groups: Vec<Span> = specs
            .attrs
            .iter()
            .filter(|a| matches!(a.syntax, AttrSyntax::Cxx11 | AttrSyntax::Alignas))
            .map(|a| a.group)
            .collect();
        groups.sort_by_key(|g| g.lo);
        let text = self.map.text();
        for g in groups {
            if g.lo < at {
                continue;
            }
            if g.lo != at {
                break;
            }
            at = g.hi;
            while (at as usize) < text.len() && text[at as usize].is_ascii_whitespace() {
                at += 1;
            }
        }
        at
    }

    /// The offset of a storage-class keyword written in the specifiers, if any.
    fn storage_keyword(&self, specs: &DeclSpecs, word: &str) -> Option<Span> {
        let text = self.map.slice(specs.span);
        let mut depth = 0usize;
        let bytes = text;
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            if c == b'(' {
                depth += 1;
            } else if c == b')' {
                depth = depth.saturating_sub(1);
            } else if depth == 0
                && bytes[i..].starts_with(word.as_bytes())
                && (i == 0 || !is_ident_byte(bytes[i - 1]))
                && bytes.get(i + word.len()).is_none_or(|&b| !is_ident_byte(b))
            {
                let lo = specs.span.lo + i as Offset;
                return Some(Span::new(lo, lo + word.len() as Offset));
            }
            i += 1;
        }
        None
    }

    /// A device, constant, shared or managed variable at namespace scope: the host shadow.
    fn device_variable(&mut self, specs: &DeclSpecs, ids: &[InitDeclarator], mem: MemSpace) {
        let managed = mem == MemSpace::Managed;
        let is_static = specs.storage == Some(StorageClass::Static);
        let is_extern = specs.storage == Some(StorageClass::Extern);
        let mut prefix = String::new();
        if managed {
            prefix.push_str("__attribute__((section(\"__nv_managed_data__\"))) ");
        }
        if mem == MemSpace::Shared {
            // Never referenced by host code: unused; `extern __shared__` arrays (dynamic
            // shared memory) stay declarations; in whole-program mode the others are static.
            prefix.push_str("__attribute__((unused)) ");
            if !self.opts.device_c && !is_static && !is_extern {
                prefix.push_str("static ");
            }
        } else if self.opts.device_c {
            if !is_static
                && !ids.iter().any(|id| {
                    id.entity
                        .is_some_and(|e| self.sema.entity(e).flags.in_anonymous_namespace)
                })
            {
                prefix.push_str("__attribute__((visibility(\"hidden\"))) ");
            }
        } else if !is_static {
            if is_extern && let Some(kw) = self.storage_keyword(specs, "extern") {
                self.edits.remove(kw);
            }
            prefix.push_str("static ");
        }
        if !prefix.is_empty() {
            let at = self.decl_start(specs);
            self.edits.insert(at, prefix);
        }
        for id in ids {
            let Some(name) = &id.declarator.name else {
                continue;
            };
            // An array of unknown bound gets its size from its initializer: cudafe++ writes
            // the bound (`double t[] = {1.0, 2.0};` → `double t[2];`), and so do we where
            // the initializer tells it plainly.
            let mut bound_written = false;
            if !(managed || self.opts.device_c && is_extern)
                && let Some(DeclaratorOp::Array { size: None, span }) = id.declarator.ops.first()
                && let Some(n) = id
                    .init
                    .as_ref()
                    .and_then(|i| self.initializer_bound(specs, &id.declarator.ops, i))
                && span.hi > span.lo
            {
                self.edits.insert(span.hi - 1, n.to_string());
                bound_written = true;
            }
            // A const variable or a reference must be initialized, an array of unknown bound
            // gets its size from its initializer, a variable declared `auto` its type: those
            // keep it (cudafe++ writes the value, the bound or the deduced type).
            let needs_init = !bound_written
                && matches!(
                    id.declarator.ops.first(),
                    Some(
                        DeclaratorOp::Array { size: None, .. }
                            | DeclaratorOp::LValueRef
                            | DeclaratorOp::RValueRef
                            | DeclaratorOp::Pointer { is_const: true, .. }
                            | DeclaratorOp::MemberPointer { is_const: true, .. }
                    )
                )
                || matches!(specs.ty, TypeSpec::Auto | TypeSpec::DecltypeAuto);
            // The object is const when its specifiers say so and no pointer comes between
            // (`const char *p` is a pointer to const characters: its initializer goes).
            let object_const = match id
                .declarator
                .ops
                .iter()
                .find(|o| !matches!(o, DeclaratorOp::Array { .. }))
            {
                Some(
                    DeclaratorOp::Pointer { is_const, .. }
                    | DeclaratorOp::MemberPointer { is_const, .. },
                ) => *is_const,
                _ => specs.is_const,
            };
            let keep_init = specs.is_constexpr
                || object_const
                || needs_init
                || (self.opts.device_c && is_extern);
            if managed {
                self.edits.insert(name.span.lo, "(*");
                self.edits.insert(name.span.hi, ")");
            }
            if (!keep_init || managed)
                && let Some(init) = &id.init
            {
                let end = match init {
                    Initializer::Assign(e) | Initializer::Brace(e) => e.span.hi,
                    Initializer::Paren(_, s) => s.hi,
                    _ => id.declarator.span.hi,
                };
                let from = id.declarator.span.hi;
                if end > from {
                    self.edits.remove(Span::new(from, end));
                }
            }
            if managed && !is_extern {
                self.edits.insert(id.span.hi, " = 0");
            }
        }
    }

    /// The number of elements an initializer gives an array of unknown bound, where it is
    /// plain: a braced list without designators or pack expansions (not a lone string
    /// literal, which may be the characters of a `char` array), or one string literal.
    /// Is the type of `specs` with the operators `ops` a scalar for certain: a pointer, a
    /// fundamental type other than `void`, an enumeration, or a typedef of one of those?
    fn scalar_type(&self, specs: &DeclSpecs, ops: &[DeclaratorOp]) -> bool {
        if !ops.is_empty() {
            return ops
                .iter()
                .all(|o| matches!(o, DeclaratorOp::Pointer { .. }));
        }
        match &specs.ty {
            TypeSpec::Builtin(b) => !b.void && !b.is_empty(),
            TypeSpec::Named { name, .. } => name.resolution.entity().is_some_and(|e| {
                self.scalar_typedefs.contains(&e)
                    || matches!(self.sema.entity(e).kind, EntityKind::Enum { .. })
            }),
            _ => false,
        }
    }

    fn initializer_bound(
        &self,
        specs: &DeclSpecs,
        ops: &[DeclaratorOp],
        init: &Initializer,
    ) -> Option<usize> {
        let e = match init {
            Initializer::Assign(e) | Initializer::Brace(e) => e,
            _ => return None,
        };
        // An array of characters: `{"ab"}` is its three characters.
        let chars = ops.len() == 1
            && matches!(&specs.ty, TypeSpec::Builtin(b)
                if b.char || b.wchar || b.char8 || b.char16 || b.char32);
        if chars
            && let ExprKind::InitList(items) = &e.kind
            && let [x] = items.as_ref()
            && matches!(x.unparen().kind, ExprKind::Strings(_))
        {
            return string_units(self.map.slice(x.unparen().span)).map(|n| n + 1);
        }
        match &e.kind {
            ExprKind::InitList(items) => {
                // Each item one element: elements of scalar type, or items that are lists
                // themselves (else braces may be elided: `int a[][3] = {1, 2, 3, 4}` has 2).
                let scalar = self.scalar_type(specs, &ops[1..]);
                let plain = items.iter().all(|x| {
                    !matches!(
                        x.kind,
                        ExprKind::Designated { .. } | ExprKind::PackExpansion(_)
                    ) && (scalar || matches!(x.kind, ExprKind::InitList(_)))
                });
                // A lone string literal may be the characters of an array of a character
                // type named by a typedef; an array of pointers takes it as one element.
                let lone_string = ops.len() == 1
                    && matches!(
                        items.as_ref(),
                        [x] if matches!(
                            x.unparen().kind,
                            ExprKind::Literal(LiteralKind::String) | ExprKind::Strings(_)
                        )
                    );
                (plain && !lone_string && !items.is_empty()).then_some(items.len())
            }
            ExprKind::Strings(_) if chars => string_units(self.map.slice(e.span)).map(|n| n + 1),
            _ => None,
        }
    }

    /// Names the unnamed template parameter `p` (the `i`th) of a kernel template in the
    /// text (`template <class, class... Args>` → `template <class __nv_tp0, class...
    /// Args>`, as cudafe++ names it `__TN`), so the stub call can pass it on. `None` where
    /// the name's place cannot be told (a declarator around it).
    fn name_template_param(&mut self, p: &TemplateParam, i: usize) -> Option<String> {
        let default_start = match &p.kind {
            TemplateParamKind::Type { default, .. } => default.as_ref().map(|d| d.span.lo),
            TemplateParamKind::NonType { param } => {
                if !param.declarator.ops.is_empty() {
                    return None;
                }
                param.default.as_ref().map(|d| d.span.lo)
            }
            TemplateParamKind::Template { default, .. } => default.as_ref().map(|d| d.span.lo),
        };
        let at = match default_start {
            Some(lo) => {
                let before = self.text(Span::new(p.span.lo, lo));
                let cut = before.trim_end().strip_suffix('=')?.trim_end();
                p.span.lo + cut.len() as u32
            }
            None => p.span.hi,
        };
        let name = format!("__nv_tp{i}");
        self.edits.insert(at, format!(" {name}"));
        Some(name)
    }

    /// `using X = X<T>;` (or `typedef X<T> X;`, or `static X X();`) in a class, `X` found
    /// outside it: g++ rejects the member for changing what `X` means in the class ("changes
    /// meaning of `X`", a permissive error), where EDG accepts it; cudafe++ prints the name
    /// qualified. So do we: `using X = ::ns::X<T>;`, and for a member type of an enclosing
    /// class, `static typename Outer::X X();`.
    fn member_type_changing_meaning(
        &mut self,
        name: Symbol,
        member: Option<EntityId>,
        specs: &DeclSpecs,
    ) {
        let Some(member) = member else { return };
        if self.sema.scope(self.sema.entity(member).parent).kind != ScopeKind::Class {
            return;
        }
        let TypeSpec::Named { name: used, .. } = &specs.ty else {
            return;
        };
        if used.global || used.segments.len() != 1 || used.ident() != Some(name) {
            return;
        }
        let Some(target) = used.resolution.entities().first().copied() else {
            return;
        };
        if target == member {
            return;
        }
        let home = self.sema.entity(target).parent;
        let prefix = match self.sema.scope(home).kind {
            ScopeKind::Namespace => {
                super::namespace_prefix(self.sema, self.interner, target, &self.opts.module_id)
            }
            // A member type of a class enclosing the member's own class:
            // `static T T();` in a nested class becomes `static typename Outer::T T();`.
            ScopeKind::Class => {
                let mine = self.sema.entity(member).parent;
                let encloses = {
                    let mut s = self.sema.scope(mine).parent;
                    let mut found = false;
                    while let Some(sc) = s {
                        if sc == home {
                            found = true;
                            break;
                        }
                        s = self.sema.scope(sc).parent;
                    }
                    found
                };
                let outer = self.sema.scope(home).entity;
                let Some(outer_name) = outer.and_then(|o| self.sema.entity(o).name) else {
                    return;
                };
                if !encloses {
                    return;
                }
                let typename = if self.sema.in_template(home) {
                    "typename "
                } else {
                    ""
                };
                format!("{typename}{}::", self.interner.name(outer_name))
            }
            _ => return,
        };
        self.edits.insert(used.span.lo, prefix);
    }

    /// After the declaration of a block-scope variable initialized with a lambda, cudafe++
    /// names the closure type: ` typedef decltype(v) __TN;` on the same line, `N` counting
    /// in the unit from 0.
    fn closure_typedefs(&mut self, d: &Decl, stmt: Span) {
        let DeclKind::Simple { declarators, .. } = &d.kind else {
            return;
        };
        for id in declarators.iter() {
            let init = match &id.init {
                Some(Initializer::Assign(x) | Initializer::Brace(x)) => x,
                Some(Initializer::Paren(v, _)) if v.len() == 1 => &v[0],
                _ => continue,
            };
            let (ExprKind::Lambda(_), Some(name)) = (
                &init.unparen().kind,
                id.declarator.name.as_ref().and_then(|n| n.ident()),
            ) else {
                continue;
            };
            let n = self.closure_typedefs;
            self.closure_typedefs += 1;
            let name = self.interner.name(name).into_owned();
            self.edits
                .insert(stmt.hi, format!(" typedef decltype({name}) __T{n};"));
        }
    }

    // ---------------------------------------------------------------------------------
    // Functions

    fn function_definition(&mut self, f: &'a FunctionDef) {
        let Some(e) = f.entity else {
            visit::walk_function_def(self, f);
            return;
        };
        if let Some(name) = f.declarator.name.as_ref().and_then(|n| n.ident()) {
            self.member_type_changing_meaning(name, Some(e), &f.specs);
        }
        self.expand_alias_qualifiers(e, &f.specs, &f.declarator);
        let ent = self.sema.entity(e);
        let exec = ent.cuda.exec;
        if exec.global {
            self.decl_specs(&f.specs);
            self.declarator(&f.declarator);
            if let Some(head) = self.templates.last().copied() {
                self.template_kernel(f, e, head);
            } else {
                self.kernel_visibility(e, &f.specs);
                self.replace_body(f, Piece::text(" ;"));
            }
            self.kernel_noinline(&f.specs);
            return;
        }
        if exec.is_device_only() && !matches!(f.body, FunctionBody::Default | FunctionBody::Delete)
        {
            if !self.is_member(e) && !f.specs.is_friend {
                let at = self.decl_start(&f.specs);
                self.edits.insert(at, "__attribute__((unused)) ");
            }
            if f.specs.is_constexpr || f.specs.is_consteval {
                self.device_body += 1;
                self.skipped_body_pragmas(f);
                visit::walk_function_def(self, f);
                self.device_body -= 1;
                return;
            }
            self.decl_specs(&f.specs);
            self.declarator(&f.declarator);
            for m in &f.mem_inits {
                self.name(&m.name);
                for a in &m.args {
                    self.expr(a);
                }
            }
            let dummy = self.dummy_body(f);
            self.replace_body(f, Piece::Text(dummy.into()));
            return;
        }
        self.skipped_body_pragmas(f);
        visit::walk_function_def(self, f);
    }

    /// The pragmas of a body the parser skipped, handled as those of a parsed one.
    fn skipped_body_pragmas(&mut self, f: &FunctionDef) {
        if let FunctionBody::Skipped(pragmas) = &f.body {
            for &p in pragmas.iter() {
                self.pragma(p);
            }
        }
    }

    /// Replaces a definition's body by `with`, keeping the original under `#if 0`. A
    /// constructor keeps its member initializers (they may initialize const members and
    /// bases that have no default constructor).
    fn replace_body(&mut self, f: &FunctionDef, with: Piece) {
        let body = match &f.body {
            FunctionBody::Compound(s) => s.span,
            _ => f.body_span,
        };
        if body.is_empty() {
            return;
        }
        self.edits.replace(
            body,
            vec![
                with,
                Piece::text("\n#if 0\n"),
                Piece::Verbatim(body),
                Piece::text("\n#endif\n"),
            ],
        );
    }

    /// The names of a function's named, non-pack parameters.
    fn param_names(&self, d: &Declarator) -> Vec<String> {
        let Some(f) = d.function() else {
            return Vec::new();
        };
        f.params
            .iter()
            .filter(|p| !p.declarator.pack)
            .filter_map(|p| p.declarator.name.as_ref().and_then(|n| n.ident()))
            .map(|s| self.sym_name(s).into_owned())
            .collect()
    }

    fn is_ctor_or_dtor(&self, f: &FunctionDef) -> bool {
        let Some(name) = &f.declarator.name else {
            return false;
        };
        if matches!(name.last().kind, NameKind::Destructor(_)) {
            return true;
        }
        if !matches!(f.specs.ty, TypeSpec::None) {
            return false;
        }
        let Some(id) = name.ident() else { return false };
        // `C::C` out of class, or `C` inside class C.
        if name.segments.len() >= 2 {
            return name.segments[name.segments.len() - 2].ident() == Some(id);
        }
        let Some(e) = f.entity else { return false };
        let parent = self.sema.entity(e).parent;
        self.sema
            .scope(parent)
            .entity
            .is_some_and(|c| self.sema.entity(c).name == Some(id))
    }

    /// A body that compiles for any return type and never returns.
    fn dummy_body(&self, f: &FunctionDef) -> String {
        let mut voids = String::new();
        for n in self.param_names(&f.declarator) {
            voids.push_str(&format!("(void){n};"));
        }
        if self.is_ctor_or_dtor(f) {
            format!("{{int *volatile ___ = 0;{voids}::free(___);}}")
        } else {
            format!("{{int volatile ___ = 1;{voids}::exit(___);}}")
        }
    }

    /// A kernel template (or an explicit specialization of one): a `__wrapper__device_stub_`
    /// template the stub file specializes, and the kernel forwarding to it.
    fn template_kernel(&mut self, f: &'a FunctionDef, e: EntityId, head: &'a TemplateHead) {
        let Some(name) = &f.declarator.name else {
            return;
        };
        let Some(ident) = name.ident() else { return };
        let Some(chunk) = f.declarator.function() else {
            return;
        };
        let ident = self.sym_name(ident).into_owned();
        let wrapper = format!("__wrapper__device_stub_{ident}");
        let is_specialization = head.params.is_empty();
        // The parameters, each made a reference, with names for unnamed ones.
        let mut params = Vec::new();
        let mut args = Vec::new();
        for (i, p) in chunk.params.iter().enumerate() {
            let (text, arg) = self.wrapper_param(p, i);
            params.push(text);
            args.push(arg);
        }
        if chunk.variadic {
            params.push("...".into());
        }
        // Template arguments for the call: the parameters' names, or the specialization's.
        let targs = if is_specialization {
            name.last()
                .args
                .as_ref()
                .map(|a| {
                    let t = self.text(a.span);
                    t.trim_start_matches('<')
                        .trim_end_matches('>')
                        .trim()
                        .to_string()
                })
                .unwrap_or_default()
        } else {
            let mut args = Vec::new();
            for (i, p) in head.params.iter().enumerate() {
                let n = match p.name {
                    Some(s) => self.sym_name(s).into_owned(),
                    // The call names every parameter: an unnamed one gets a name.
                    None => match self.name_template_param(p, i) {
                        Some(n) => n,
                        None => return,
                    },
                };
                args.push(if p.pack { format!("{n}...") } else { n });
            }
            args.join(",")
        };
        let storage = self.template_kernel_storage_text(e, &f.specs);
        let head_text = self.text(head.span);
        let qualifier = if name.segments.len() > 1 {
            // `ns::k<double>` in an explicit specialization.
            let last = name.last();
            let lo = name.span.lo;
            self.text(Span::new(lo, last.span.lo)).to_string()
        } else {
            String::new()
        };
        let spec_args = if is_specialization {
            name.last()
                .args
                .as_ref()
                .map(|a| self.text(a.span).to_string())
                .unwrap_or_default()
        } else {
            String::new()
        };
        let wrapper_decl = if is_specialization {
            format!(
                "{head_text} __specialization_static void {qualifier}{wrapper}{spec_args}({}) ;",
                params.join(", ")
            )
        } else {
            // Always internal (cudafe++ writes `static`, and `inline` after it for an inline
            // kernel), whatever the kernel's own linkage.
            let inline = if f.specs.is_inline { "inline " } else { "" };
            format!(
                "{head_text} static {inline}void {wrapper}({}) {{ ::cudaLaunchKernel(0, 0, 0, 0, 0, 0);}}",
                params.join(", ")
            )
        };
        // The wrapper goes before the template declaration.
        let template_start = head.span.lo;
        self.edits.insert(
            template_start,
            format!(
                "\n#pragma GCC diagnostic push\n#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n{wrapper_decl}\n#pragma GCC diagnostic pop\n"
            ),
        );
        // The kernel itself: static (or hidden), forwarding to the wrapper; an explicit
        // specialization is `__specialization_static` where the template is static.
        let storage = if is_specialization && !self.opts.device_c && self.opts.static_host_stub {
            "__specialization_static "
        } else {
            storage
        };
        if !storage.is_empty() {
            let at = self.decl_start(&f.specs);
            self.edits.insert(at, storage);
        }
        let prefix = super::namespace_prefix(self.sema, self.interner, e, &self.opts.module_id);
        let call = format!("{{{prefix}{wrapper}<{targs}>({});return;}}", args.join(","));
        self.replace_body(f, Piece::Text(call.into()));
    }

    /// A parameter of a kernel template's wrapper: its declaration made an lvalue
    /// reference (arrays and functions as the pointers they are adjusted to), and the name
    /// to pass it by. Unnamed parameters get the name `__T<i>` in the kernel too.
    fn wrapper_param(&mut self, p: &'a Param, i: usize) -> (String, String) {
        let d = &p.declarator;
        let lo = if p.specs.span.is_empty() {
            d.span.lo
        } else {
            p.specs.span.lo.min(d.span.lo)
        };
        let decl_text = |this: &Self, a: Offset, b: Offset| -> String {
            this.text(Span::new(a.min(b), b)).to_string()
        };
        let name = match &d.name {
            Some(n) => self.text(n.span).to_string(),
            None => {
                // Give it a name in the kernel too (inserted where the name would be).
                let n = format!("__T{i}");
                let at = abstract_name_pos(d);
                self.edits.insert(at, format!(" {n}"));
                n
            }
        };
        let pack = if d.pack { "..." } else { "" };
        let arg = format!("{name}{pack}");
        // The operator next to the name decides what the parameter is.
        let is_ref = matches!(
            d.ops.first(),
            Some(DeclaratorOp::LValueRef | DeclaratorOp::RValueRef)
        );
        let (name_lo, name_hi) = match &d.name {
            Some(n) => (n.span.lo, n.span.hi),
            None => {
                let at = abstract_name_pos(d);
                (at, at)
            }
        };
        let before = decl_text(self, lo, name_lo);
        // Drop a leading `...` of a pack from the text before the name; it is re-added.
        let before = if d.pack {
            match before.rfind("...") {
                Some(k) => format!("{}{}", &before[..k], &before[k + 3..]),
                None => before,
            }
        } else {
            before
        };
        let after = decl_text(self, name_hi, d.span.hi);
        // References stay as they are; arrays and functions, which the parameter's type
        // adjusts to pointers, are taken by value as written (`const T a[512]`), as in
        // cudafe++; anything else by reference.
        let by_value = is_ref
            || matches!(
                d.ops.first(),
                Some(DeclaratorOp::Array { .. } | DeclaratorOp::Function(_))
            );
        let text = if by_value {
            format!("{before}{pack}{name}{after}")
        } else {
            format!("{before}&{pack}{name}{after}")
        };
        (text, arg)
    }

    // ---------------------------------------------------------------------------------
    // Expressions

    fn launch(&mut self, e: &'a Expr, callee: &'a Expr, config: &'a [Expr], args_span: Span) {
        let (Some(first), Some(last)) = (config.first(), config.last()) else {
            return;
        };
        let cfg = Span::new(first.span.lo, last.span.hi);
        self.edits.replace(
            e.span,
            vec![
                Piece::text("((__cudaPushCallConfiguration("),
                Piece::Orig(cfg),
                Piece::text(")) ? (void)0 : "),
                Piece::Orig(callee.span),
                Piece::Orig(args_span),
                Piece::text(")"),
            ],
        );
    }

    fn managed_use(&mut self, n: &QualName) {
        let Some(e) = n.resolution.entity() else {
            return;
        };
        let ent = self.sema.entity(e);
        if ent.kind == EntityKind::Variable && ent.cuda.mem == MemSpace::Managed {
            self.edits.replace(
                n.span,
                vec![
                    Piece::text(
                        "(*( (__nv_inited_managed_rt ? (void)0: __nv_init_managed_rt()), (",
                    ),
                    Piece::Verbatim(n.span),
                    Piece::text(")))"),
                ],
            );
        }
    }

    /// A kernel or device variable named in host code (for the host reference arrays).
    fn note_reference(&mut self, n: &QualName) {
        if self.device_body > 0 || !self.opts.reference_arrays {
            return;
        }
        for &e in n.resolution.entities() {
            let ent = self.sema.entity(e);
            let wanted = match ent.kind {
                EntityKind::Function => ent.cuda.exec.global,
                EntityKind::Variable => ent.cuda.mem.is_device(),
                _ => false,
            };
            if wanted {
                self.referenced.insert(e);
                // Its internal-linkage host reference name needs the module id here.
                let internal = ent.flags.is_static
                    || ent.flags.in_anonymous_namespace
                    || (ent.kind == EntityKind::Function && ent.is_template);
                if internal && self.first_internal_reference.is_none_or(|r| n.span.lo < r) {
                    self.first_internal_reference = Some(n.span.lo);
                }
            }
        }
    }

    /// What the host reference arrays list, by array: each kernel and device variable host
    /// code refers to, under its host reference name (internal linkage names start
    /// `__nv_static_`).
    fn reference_names(
        &self,
        m: &super::mangle::Mangler<'_>,
    ) -> std::collections::BTreeSet<(super::rdc::Array, String)> {
        use super::rdc::Array;
        let mut out = std::collections::BTreeSet::new();
        for &e in &self.referenced {
            let ent = self.sema.entity(e);
            let Some(name) = m.host_reference(e) else {
                continue;
            };
            let internal = name.starts_with("__nv_static_");
            let array = match (ent.kind, ent.cuda.mem, internal) {
                (EntityKind::Function, _, true) => Array::KernelInternal,
                (EntityKind::Function, _, false) => Array::KernelExternal,
                (_, MemSpace::Constant, true) => Array::ConstantInternal,
                (_, MemSpace::Constant, false) => Array::ConstantExternal,
                (_, _, true) => Array::DeviceInternal,
                (_, _, false) => Array::DeviceExternal,
            };
            out.insert((array, name));
            // A kernel template's instances may have internal linkage (an argument of an
            // internal type): cudafe++ lists the template both ways.
            if array == Array::KernelExternal
                && ent.is_template
                && let Some(name) = m.host_reference_internal(e)
            {
                out.insert((Array::KernelInternal, name));
            }
        }
        out
    }

    /// `#pragma nv_diag_*` and `#pragma nv_diagnostic` are cudafe++'s own; the host compiler
    /// does not see them.
    fn pragma(&mut self, span: Span) {
        let text = self.map.slice(span);
        let t = text.strip_prefix(b"#").unwrap_or(text).trim_ascii_start();
        let t = t.strip_prefix(b"pragma").unwrap_or(t).trim_ascii_start();
        if t.starts_with(b"nv_diag") {
            self.edits.remove(span);
        }
    }

    fn namespace(&mut self, d: &'a Decl, ns: &'a NamespaceDecl) {
        self.strip_attributes(&ns.attrs);
        if ns.names.is_empty() {
            let host_name = format!("_GLOBAL__N_{}", self.opts.module_id);
            let header = Span::new(d.span.lo, ns.body.lo);
            let inline = if self.text(header).trim_start().starts_with("inline") {
                "inline "
            } else {
                ""
            };
            // Each definition introduces the name and names it in a using-directive from the
            // global namespace, as cudafe++ does (a directive in scope may make the plain name
            // ambiguous).
            let prefix = ns.entity.map_or(String::new(), |e| {
                super::namespace_prefix(self.sema, self.interner, e, &self.opts.module_id)
            });
            let mut text = format!(
                "{inline}namespace {host_name} __attribute__((visibility(\"hidden\")))  {{ }}; using namespace {prefix}{host_name}; \n#pragma GCC diagnostic ignored \"-Wattributes\"\n"
            );
            text +=
                &format!("{inline}namespace {host_name} __attribute__((visibility(\"hidden\"))) ");
            self.edits.replace(header, vec![Piece::Text(text.into())]);
        }
        let saved = self.namespace;
        self.namespace = ns.entity;
        visit::walk_decls(self, &ns.decls);
        self.namespace = saved;
    }
}

/// Where the name of an abstract declarator would stand: after its pointer and reference
/// operators, before its array and function suffixes.
fn abstract_name_pos(d: &Declarator) -> Offset {
    let mut pos = d.span.hi;
    for op in d.ops.iter() {
        match op {
            DeclaratorOp::Array { span, .. } => pos = pos.min(span.lo),
            DeclaratorOp::Function(f) => pos = pos.min(f.params_span.lo),
            _ => {}
        }
    }
    pos
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

impl<'a> Visitor<'a> for HostEmitter<'a> {
    fn decl(&mut self, d: &'a Decl) {
        match &d.kind {
            DeclKind::Pragma => self.pragma(d.span),
            DeclKind::Namespace(ns) => self.namespace(d, ns),
            DeclKind::Template { head, decl } => {
                self.note_alias_template(head, decl);
                self.templates.push(head);
                visit::template_head(self, head);
                self.decl(decl);
                self.templates.pop();
            }
            DeclKind::Simple { specs, declarators } => {
                if specs.is_typedef {
                    for id in declarators.iter() {
                        if let Some(e) = id.entity
                            && self.scalar_type(specs, &id.declarator.ops)
                        {
                            self.scalar_typedefs.insert(e);
                        }
                    }
                }
                self.simple_declaration(d, specs, declarators)
            }
            DeclKind::Function(f) => self.function_definition(f),
            DeclKind::DeductionGuide { name, .. } => {
                self.strip_gnu_attributes_in(Span::new(d.span.lo, name.span.lo));
                visit::walk_decl(self, d);
            }
            DeclKind::ExplicitInstantiation { decl, .. } => {
                // Not a template declaration: the instantiated kernel is not rewritten.
                let saved = std::mem::take(&mut self.templates);
                self.explicit_instantiation = true;
                self.decl(decl);
                self.explicit_instantiation = false;
                self.templates = saved;
            }
            DeclKind::Alias { name, ty, entity } => {
                if let Some(e) = *entity
                    && self.scalar_type(&ty.specs, &ty.declarator.ops)
                {
                    self.scalar_typedefs.insert(e);
                }
                self.member_type_changing_meaning(*name, *entity, &ty.specs);
                visit::walk_decl(self, d);
            }
            _ => visit::walk_decl(self, d),
        }
    }

    fn class(&mut self, c: &'a ClassSpec) {
        self.drop_global_qualifier(c.name.as_ref());
        self.spell_keyword_attributes(&c.attrs);
        self.class_depth += 1;
        let saved = std::mem::take(&mut self.templates);
        visit::walk_class(self, c);
        self.templates = saved;
        self.class_depth -= 1;
    }

    fn decl_specs(&mut self, s: &'a DeclSpecs) {
        self.strip_attributes(&s.attrs);
        if let TypeSpec::Elaborated { attrs, .. } = &s.ty {
            self.spell_keyword_attributes(attrs);
        }
        if let TypeSpec::Enum(e) = &s.ty
            && e.enumerators.is_some()
        {
            self.drop_global_qualifier(e.name.as_ref());
        }
        visit::walk_decl_specs(self, s);
    }

    fn declarator(&mut self, d: &'a Declarator) {
        self.strip_attributes(&d.attrs);
        visit::walk_declarator(self, d);
    }

    fn stmt(&mut self, s: &'a Stmt) {
        if let StmtKind::Pragma = s.kind {
            self.pragma(s.span);
        }
        if let StmtKind::Compound(list) = &s.kind {
            self.block_decls.extend(
                list.iter()
                    .filter(|c| matches!(c.kind, StmtKind::Decl(_)))
                    .map(|c| c.span.lo),
            );
        }
        visit::walk_stmt(self, s);
        // Declarations directly in a block (not in a `for`'s or an `if`'s init).
        if let StmtKind::Decl(d) = &s.kind
            && self.block_decls.remove(&s.span.lo)
        {
            self.closure_typedefs(d, s.span);
        }
    }

    fn expr(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::Launch {
                callee,
                config,
                args_span,
                ..
            } => self.launch(e, callee, config, *args_span),
            ExprKind::Name(n) => {
                self.managed_use(n);
                self.note_reference(n);
            }
            ExprKind::Lambda(l) => {
                if let Some(x) = self.lambdas.get(l)
                    && x.space == super::lambda::Space::Device
                {
                    let wrapper = x.device_wrapper();
                    self.device_lambda(e, wrapper);
                    return;
                }
                if let Some(x) = self.lambdas.get(l)
                    && x.space == super::lambda::Space::HostDevice
                {
                    // Kept (its CUDA attributes go as usual), passed to the wrapper factory.
                    let (before, after) = x.host_device_wrapper();
                    self.edits.replace(
                        e.span,
                        vec![Piece::text(before), Piece::Orig(e.span), Piece::text(after)],
                    );
                }
            }
            _ => {}
        }
        visit::walk_expr(self, e);
    }

    fn lambda(&mut self, l: &'a Lambda) {
        // cudafe++ writes lambdas again without their attributes (`always_inline`,
        // `noinline`, `[[gnu::cold]]`, ...), which changes what the host compiler inlines,
        // and so the inline functions the host object defines.
        let after_params = l.params.iter().flat_map(|c| c.attrs.iter());
        for a in l.attrs.iter().chain(after_params) {
            if self.removed_groups.insert(a.group.lo) {
                self.edits.remove(a.group);
            }
        }
        self.strip_attributes(&l.attrs);
        visit::walk_lambda(self, l);
    }

    fn function_def(&mut self, f: &'a FunctionDef) {
        self.function_definition(f);
    }
}

#[cfg(test)]
mod tests;

/// The code units of adjacent string literals (`"ab" "cd"`: 4), without the terminating
/// null; `None` for anything else between them (a line marker), raw literals, literals of
/// different encodings or with a user-defined suffix.
fn string_units(text: &[u8]) -> Option<usize> {
    use crate::lexer::literal::parse_string;
    let mut units = 0;
    let mut encoding = None;
    let mut i = 0;
    loop {
        while text.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        if i >= text.len() {
            break;
        }
        let start = i;
        while text
            .get(i)
            .is_some_and(|b| matches!(b, b'u' | b'U' | b'L' | b'8'))
        {
            i += 1;
        }
        if text.get(i) != Some(&b'"') {
            return None;
        }
        i += 1;
        loop {
            match *text.get(i)? {
                b'\\' => i += 2,
                b'"' => break,
                _ => i += 1,
            }
        }
        i += 1;
        let s = parse_string(&text[start..i]).ok()?;
        if s.ud_suffix.is_some() || s.raw || encoding.is_some_and(|e| e != s.encoding) {
            return None;
        }
        encoding = Some(s.encoding);
        units += s.units.len();
    }
    encoding.map(|_| units)
}
