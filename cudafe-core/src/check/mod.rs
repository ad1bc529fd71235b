//! The CUDA semantic pass: execution and memory spaces from the attributes of every
//! declaration, launch-configuration attributes, and the diagnostics cudafe++ 13.0 prints in
//! its host run.
//!
//! The walk follows the translation unit in source order, as cudafe++ reports while it
//! parses: each declaration's attributes are applied to its entity (merging with earlier
//! declarations), its rules checked, then function bodies are walked for the rules about
//! what host code may do. Member function bodies come after their class's member
//! declarations, as they are parsed. Diagnostic pragmas take effect where they stand.

mod alignment;
mod bodies;
mod consteval;
mod conversions;
mod dialect;
mod discard;
mod flow;
mod hiding;
use hiding::member_function;
mod index;
mod jumps;
mod lambda;
mod narrowing;
mod objects;
mod operators;
mod redefinition;
mod referenced;
mod statics;
mod syntax;
mod types;
mod values;

use crate::diag::pragma::{self, DiagPragma};
use crate::diag::{DiagEngine, DiagId, Diagnostic, Severity, ids};
use crate::intern::{FxHashMap, FxHashSet, Interner, Symbol};
use crate::lexer::LexError;
use crate::sema::cuda::ConfigValue;
use crate::sema::{EntityId, EntityKind, MemSpace, ScopeKind, Sema};
use crate::source_map::{SourceMap, Span};
use crate::syntax::ast::*;

pub use consteval::{Bindings, Value};
use index::Index;

/// What the checks need from the command line.
#[derive(Debug, Clone, Default)]
pub struct CheckOptions {
    /// `--extended-lambda`.
    pub extended_lambda: bool,
    /// `--relaxed_constexpr` (nvcc's `--expt-relaxed-constexpr`).
    pub relaxed_constexpr: bool,
    /// `--device-c`: separate compilation (nvcc's `-rdc=true`).
    pub device_c: bool,
    /// `--static-host-stub`.
    pub static_host_stub: bool,
    /// `--clang`: Clang emulation, where a few of EDG's GCC-mode warnings are not given.
    pub clang: bool,
    /// The C++ standard's year, two digits (11, 14, 17, 20, 23); 0 takes C++17.
    pub cxx: u32,
}

/// Runs the checks, reporting `lex_errors` and the parser's recoveries as syntax errors
/// along the way; returns how many declarations were seen.
pub fn check(
    unit: &TranslationUnit,
    lex_errors: &[LexError],
    sema: &mut Sema,
    interner: &Interner,
    map: &SourceMap,
    opts: &CheckOptions,
    engine: &mut DiagEngine,
) -> usize {
    let index = Index::build(unit);
    let redefinitions = redefinition::find(unit, &index, sema, interner, map);
    let alignment_reductions = alignment::find(unit, &index, sema, interner, map);
    let (syntax, syntax_by_span) = syntax::problems(map.text(), lex_errors, &unit.recoveries);
    let mut c = Checker {
        sema,
        interner,
        map,
        opts,
        engine,
        index,
        names: Names::new(interner),
        decls: 0,
        func: None,
        template_depth: 0,
        class_depth: 0,
        templated_decl: None,
        mangled_callee_names: false,
        pending_instantiations: Vec::new(),
        recoveries: &[],
        grid_constant: Default::default(),
        unset_locals: Default::default(),
        assigned_root: None,
        syntax,
        syntax_by_span,
        syntax_next: 0,
        features: dialect::in_order(&unit.features),
        features_next: 0,
        features_reported: 0,
        member_access: Default::default(),
        lambda_frames: Vec::new(),
        jumps: jumps::Jumps::default(),
        types_in_templates: std::cell::Cell::new(false),
        dependent_uses: 0,
        calls_checked: 0,
        referenced_functions: FxHashSet::default(),
        locals: Vec::new(),
        undefined_names: Vec::new(),
        loop_depth: 0,
        unreachable_loops: Default::default(),
        namespace_code: false,
        cur_fn: None,
        in_member_decls: 0,
        in_braceless_linkage: false,
        deferred_bodies: Vec::new(),
        redefinitions,
        alignment_reductions,
        variable_definitions: FxHashMap::default(),
        class_definitions: FxHashMap::default(),
        template_start: None,
        typedef_declarations: FxHashMap::default(),
    };
    c.recoveries = &unit.recoveries;
    c.decls(&unit.decls);
    c.report_syntax_before(u32::MAX);
    c.report_features_before(u32::MAX);
    c.instantiations(unit);
    c.never_defined();
    c.decls
}

/// Attribute names, interned once.
pub(crate) struct Names {
    pub host: Option<Symbol>,
    pub device: Option<Symbol>,
    pub global: Option<Symbol>,
    pub shared: Option<Symbol>,
    pub constant: Option<Symbol>,
    pub managed: Option<Symbol>,
    pub launch_bounds: Option<Symbol>,
    pub maxnreg: Option<Symbol>,
    pub local_maxnreg: Option<Symbol>,
    pub cluster_dims: Option<Symbol>,
    pub grid_constant: Option<Symbol>,
    pub nv_register_params: Option<Symbol>,
    pub main: Option<Symbol>,
}

impl Names {
    fn new(i: &Interner) -> Names {
        let g = |s: &str| i.get(s.as_bytes());
        Names {
            host: g("host"),
            device: g("device"),
            global: g("global"),
            shared: g("shared"),
            constant: g("constant"),
            managed: g("managed"),
            launch_bounds: g("launch_bounds"),
            maxnreg: g("maxnreg"),
            local_maxnreg: g("local_maxnreg"),
            cluster_dims: g("cluster_dims"),
            grid_constant: g("grid_constant"),
            nv_register_params: g("nv_register_params"),
            main: g("main"),
        }
    }
}

/// The function whose body is being walked.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FnCtx {
    pub entity: Option<EntityId>,
    pub exec: crate::sema::ExecSpace,
    pub in_template: bool,
}

pub(crate) struct Checker<'a> {
    pub sema: &'a mut Sema,
    pub interner: &'a Interner,
    pub map: &'a SourceMap,
    pub opts: &'a CheckOptions,
    pub engine: &'a mut DiagEngine,
    pub index: Index<'a>,
    pub names: Names,
    pub decls: usize,
    pub func: Option<FnCtx>,
    pub template_depth: u32,
    pub class_depth: u32,
    /// After cudafe++'s first error it prints callees of cross-space calls by a broken
    /// mangled name (`"_Z1a1?"`); see [`Checker::callee_name`].
    pub mangled_callee_names: bool,
    /// Template kernels launched with explicit arguments, checked at the end.
    pub pending_instantiations: Vec<(EntityId, &'a TemplateArgs, Span)>,
    pub recoveries: &'a [Recovery],
    /// For each function: which parameters its first declaration marks `__grid_constant__`,
    /// and where that declaration names the function.
    pub grid_constant: crate::intern::FxHashMap<EntityId, (Vec<bool>, Span)>,
    /// Locals of the current function declared without an initializer and not yet set.
    pub unset_locals: crate::intern::FxHashMap<EntityId, u32>,
    /// The variable an assignment being walked stores into (`v`, `v[i]`, `v.m`): its
    /// access as a device variable is reported after the right operand's, and the use its
    /// left operand makes of it is kept here until then.
    pub assigned_root: Option<(&'a QualName, Option<bodies::Use>)>,
    /// Lexical errors and recoveries in source order ([`syntax`]), the first of them not
    /// reported yet, and where each skipped span's recovery is among them.
    pub(crate) syntax: Vec<syntax::Problem>,
    pub(crate) syntax_next: usize,
    /// Uses of later standards' constructs in source order ([`dialect`]), the first not
    /// reported yet, and the features reported once already (a bit per [`Feature`]).
    pub(crate) features: Vec<FeatureUse>,
    pub(crate) features_next: usize,
    pub(crate) features_reported: u32,
    pub(crate) syntax_by_span: crate::intern::FxHashMap<Span, usize>,
    /// The access of class members (classes, enums, functions, variables) as declared.
    pub(crate) member_access: crate::intern::FxHashMap<EntityId, Access>,
    /// The lambdas around the expression being walked, innermost last.
    pub(crate) lambda_frames: Vec<lambda::LambdaFrame>,
    /// The local variables and parameters visible at this point of the walk.
    pub(crate) locals: Vec<lambda::Local<'a>>,
    /// The undeclared identifiers already reported in the scopes around this point of the
    /// walk, innermost last: EDG enters each into the scope of its first use, so later uses
    /// there and in nested scopes are not reported again.
    pub(crate) undefined_names: Vec<Symbol>,
    /// Loops around the statement being checked, in the current function.
    pub(crate) loop_depth: u32,
    /// What `break`, `continue`, `case`, `default` and `goto` can reach here.
    pub(crate) jumps: jumps::Jumps,
    /// [`Checker::type_of`] may look at entities declared in templates (set only around
    /// checks that want it, for types that do not depend on template parameters).
    pub(crate) types_in_templates: std::cell::Cell<bool>,
    /// Above zero while walking what, in a template, may be taken by an operation that is
    /// resolved when it is instantiated (an argument of a call with a dependent argument,
    /// the value assigned to an object of a dependent type, ...): a local read there may
    /// as well be set, and is not reported (#549).
    pub(crate) dependent_uses: u32,
    /// Above zero while walking a call whose calls' execution spaces are checked (see
    /// `Checker::call`).
    pub(crate) calls_checked: u32,
    /// The functions the code references (calls, takes the address of), for #114.
    pub(crate) referenced_functions: FxHashSet<EntityId>,
    /// The loops of the bodies being walked that control cannot reach (#128).
    pub(crate) unreachable_loops: crate::intern::FxHashSet<u32>,
    /// Walking code outside functions that cudafe++ checks for undeclared names (a
    /// namespace-scope initializer, a `static_assert` condition).
    pub(crate) namespace_code: bool,
    /// The function definition whose body is being walked.
    pub(crate) cur_fn: Option<&'a FunctionDef>,
    /// How many classes' member declarations are being walked (not counting those inside
    /// function bodies).
    pub(crate) in_member_decls: u32,
    /// Declarations of `extern "C" decl` without braces are being walked (the linkage
    /// counts as a specifier).
    in_braceless_linkage: bool,
    /// Members whose function bodies wait for the outermost class to be complete, with
    /// the template depth around them.
    pub(crate) deferred_bodies: Vec<(&'a Decl, u32)>,
    /// Definitions of functions already defined, by the offset of their name.
    redefinitions: FxHashMap<u32, redefinition::Redefinition>,
    /// The #1160 warnings of each class definition (see `alignment.rs`).
    alignment_reductions: FxHashMap<EntityId, Vec<u32>>,
    /// Variables defined at namespace scope (or static data members defined there), by
    /// where their first definition names them.
    variable_definitions: FxHashMap<EntityId, u32>,
    /// Classes (and class templates) of namespaces, by where their first definition
    /// names them.
    class_definitions: FxHashMap<(crate::sema::ScopeId, crate::intern::Symbol), u32>,
    /// Where the template declaration being walked at namespace scope starts (its
    /// `template` keyword), which is where EDG places the definition of a class template.
    template_start: Option<u32>,
    /// Typedefs declared at namespace scope: the type the first declaration gives and
    /// where it names the typedef.
    typedef_declarations: FxHashMap<EntityId, (types::Ty, u32)>,
    /// The declaration being walked is the one a template head introduces: `Some(true)`
    /// when the head has parameters, `Some(false)` for `template <>`.
    templated_decl: Option<bool>,
}

/// Which declaration a `__grid_constant__` comparison is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum GridConstantWhere {
    Redeclaration,
    Specialization,
    Instantiation,
}

/// A function's execution space for the override rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Space {
    H,
    D,
    Hd,
}

impl Space {
    fn of(host: bool, device: bool) -> Space {
        match (host, device) {
            (true, true) => Space::Hd,
            (false, true) => Space::D,
            _ => Space::H,
        }
    }
}

/// An exec-space keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Exec {
    Host,
    Device,
    Global,
}

impl<'a> Checker<'a> {
    pub(crate) fn emit(&mut self, d: Diagnostic) {
        if let crate::diag::Location::At(at) | crate::diag::Location::LineOf(at) = d.location {
            self.report_features_before(at);
        }
        self.engine.emit(d);
        if self.engine.has_errors() {
            self.mangled_callee_names = true;
        }
    }

    pub(crate) fn name_of(&self, sym: Symbol) -> String {
        self.interner.name(sym).into_owned()
    }

    // -------------------------------------------------------------------------------------
    // The walk

    fn decls(&mut self, decls: &'a [Decl]) {
        for d in decls {
            self.report_syntax_before(d.span.lo);
            self.report_features_before(d.span.lo);
            self.decl(d);
        }
    }

    pub(crate) fn decl(&mut self, d: &'a Decl) {
        self.decls += 1;
        match &d.kind {
            DeclKind::Pragma => {
                self.pragma(d.span);
                // `#pragma unroll` outside a function: no statement follows. (One in a
                // member function's body is among the class's members too.)
                if let Some(at) = self.unroll_pragma(d.span)
                    && !self.index.inside_function_body(at)
                {
                    self.emit(
                        Diagnostic::new(ids::PRAGMA_MUST_PRECEDE_STATEMENT, at)
                            .severity(Severity::Warning),
                    );
                }
            }
            DeclKind::Namespace(ns) => self.decls(&ns.decls),
            DeclKind::LinkageSpec { decls, braced, .. } => {
                let outer = std::mem::replace(&mut self.in_braceless_linkage, !braced);
                self.decls(decls);
                self.in_braceless_linkage = outer;
            }
            DeclKind::Template { head, decl } => {
                self.template_head(head, decl);
                self.parameters_named_as_template_parameters(head, decl);
                let outer = self.template_start.replace(d.span.lo);
                // An explicit specialization (`template <>`) is no template: its body is
                // checked as an ordinary function's.
                let depth = u32::from(!head.params.is_empty());
                self.template_depth += depth;
                if matches!(decl.kind, DeclKind::Simple { .. }) {
                    self.templated_decl = Some(!head.params.is_empty());
                }
                self.decl(decl);
                self.templated_decl = None;
                self.template_depth -= depth;
                self.template_start = outer;
            }
            DeclKind::ExplicitInstantiation { is_extern, decl } => {
                self.explicit_instantiation(*is_extern, decl);
            }
            DeclKind::Simple { specs, declarators } => {
                let templated = std::mem::take(&mut self.templated_decl);
                self.type_spec(specs);
                if declarators.is_empty() {
                    self.declares_nothing(specs, d.span, templated);
                }
                if specs.is_typedef {
                    self.typedef_attributes(specs);
                }
                for id in declarators {
                    self.main_rules(specs, &id.declarator, id.entity, false);
                    let implicit = self.implicit_int(specs, &id.declarator, id.entity);
                    self.init_declarator(specs, id);
                    if implicit {
                        self.implicit_int_initializer(id);
                    }
                }
            }
            DeclKind::Function(f) => self.function_definition(f),
            DeclKind::Error => self.parse_error(d.span),
            DeclKind::StaticAssert { cond, message } => {
                self.static_assertion(d, cond, message.as_deref())
            }
            DeclKind::UsingDirective { ns } | DeclKind::NamespaceAlias { target: ns, .. } => {
                self.namespace_name(ns)
            }
            DeclKind::Alias { entity, .. } => self.template_parameter_redeclared(*entity),
            _ => {}
        }
    }

    /// The name a using-directive or a namespace alias names must be a namespace's. Only
    /// an unqualified name is checked (a qualified one's failure is its qualifier's).
    fn namespace_name(&mut self, n: &QualName) {
        if n.global || n.segments.len() != 1 || n.ident().is_none() {
            return;
        }
        let ok = n.resolution.entity().is_some_and(|e| {
            matches!(
                self.sema.entity(e).kind,
                EntityKind::Namespace | EntityKind::NamespaceAlias
            )
        });
        if !ok {
            self.emit(Diagnostic::new(ids::MISSING_NAMESPACE_NAME, n.span.lo));
        }
    }

    /// A declaration without declarators: `struct S { ... };` may carry no storage class,
    /// `inline`, cv-qualifier or leading attribute; an anonymous union at namespace scope
    /// must be static; `int;` declares nothing.
    fn declares_nothing(&mut self, specs: &DeclSpecs, span: Span, templated: Option<bool>) {
        let class = match &specs.ty {
            TypeSpec::Class(c) => Some((c.tag, c.name.is_none(), c.span.lo)),
            TypeSpec::Enum(e) => Some((TagKind::Enum, false, e.span.lo)),
            TypeSpec::Elaborated { tag, .. } => Some((*tag, false, specs.span.hi)),
            _ => None,
        };
        if specs.is_friend || self.recovery_inside(span) {
            return;
        }
        let Some((tag, anonymous, key)) = class else {
            if matches!(specs.ty, TypeSpec::Builtin(_)) && !specs.is_typedef {
                self.emit(
                    Diagnostic::new(ids::USELESS_DECL, self.after_attributes(specs))
                        .severity(Severity::Warning),
                );
            }
            return;
        };
        if specs.is_typedef {
            if span.hi > span.lo && self.map.text()[span.hi as usize - 1] == b';' {
                self.emit(
                    Diagnostic::new(ids::MISSING_TYPEDEF_NAME, span.hi - 1)
                        .severity(Severity::Warning),
                );
            }
            return;
        }
        let anon_union = tag == TagKind::Union && anonymous;
        match specs.storage {
            Some(StorageClass::Mutable) => {
                if let Some(at) = self.specifier_at(specs, key, b"mutable") {
                    self.emit(Diagnostic::new(ids::MUTABLE_NOT_ALLOWED, at));
                }
            }
            Some(StorageClass::Static) if anon_union => {}
            Some(sc) => {
                let word: &[u8] = match sc {
                    StorageClass::Static => b"static",
                    StorageClass::Extern => b"extern",
                    StorageClass::Register => b"register",
                    StorageClass::ThreadLocal => b"thread_local",
                    StorageClass::GnuThread => b"__thread",
                    StorageClass::Mutable => b"mutable",
                };
                if let Some(at) = self.specifier_at(specs, key, word) {
                    self.emit(Diagnostic::new(ids::STORAGE_CLASS_NOT_ALLOWED, at));
                }
            }
            None => {
                if anon_union && self.func.is_none() && self.in_member_decls == 0 {
                    self.emit(Diagnostic::new(ids::ANON_UNION_STORAGE_CLASS, key));
                }
            }
        }
        if specs.is_inline
            && let Some(at) = self.specifier_at(specs, key, b"inline")
        {
            self.emit(Diagnostic::new(ids::INLINE_AND_NONFUNCTION, at));
        }
        if (specs.is_const || specs.is_volatile) && !anon_union {
            let word: &[u8] = if specs.is_const {
                b"const"
            } else {
                b"volatile"
            };
            if let Some(at) = self.specifier_at(specs, key, word) {
                self.emit(
                    Diagnostic::new(ids::USELESS_TYPE_QUALIFIERS, at).severity(Severity::Warning),
                );
            }
        }
        // Attributes before the specifiers apply to nothing: #1866 at the last of them, or
        // #1847 at the first when a template head with parameters introduces the class.
        let end = self.after_attributes(specs);
        let mut leading = specs.attrs.iter().filter(|a| a.group.hi <= end);
        let Some(first) = leading.next() else {
            self.trailing_type_attributes(specs);
            return;
        };
        match templated {
            // In Clang mode cudafe++ accepts them there.
            Some(true) if self.opts.clang => {}
            Some(true) => self.emit(
                Diagnostic::new(ids::INVALID_ATTRIBUTE_LOCATION, first.group.lo)
                    .severity(Severity::Warning),
            ),
            Some(false) => {}
            None => {
                let last = leading.next_back().unwrap_or(first);
                self.emit(
                    Diagnostic::new(ids::UNATTACHED_ATTRIBUTE, last.span.lo)
                        .severity(Severity::Warning),
                );
            }
        }
        self.trailing_type_attributes(specs);
    }

    /// Attributes after a class or enumeration body that no declarator follows (`struct S
    /// { ... } __attribute__((packed));`) are the type's: CUDA's annotations there apply to
    /// nothing (#1866), attributes of functions and variables not to a type (#1835).
    fn trailing_type_attributes(&mut self, specs: &DeclSpecs) {
        let body_end = match &specs.ty {
            TypeSpec::Class(c) => c.span.hi,
            TypeSpec::Enum(e) => e.span.hi,
            _ => return,
        };
        for a in specs.attrs.iter().filter(|a| a.group.lo >= body_end) {
            if self.map.is_system(a.span.lo) {
                continue;
            }
            let Some(what) = self.type_inapplicable_attribute(a) else {
                continue;
            };
            let d = if what.starts_with("__") {
                Diagnostic::new(ids::UNATTACHED_ATTRIBUTE, a.span.lo)
            } else {
                Diagnostic::new(ids::WRONG_ENTITY_FOR_ATTRIBUTE, a.span.lo).arg_str(&what)
            };
            self.emit(d.severity(Severity::Warning));
        }
    }

    /// A declaration at namespace scope whose declarator is a plain identifier after no
    /// type specifier declares an `int` for EDG, which reports it (a test macro left
    /// undefined: `TEST_CASE("name") { ... }`; a kernel without `void`): #77 "this
    /// declaration has no storage class or type specifier" at a variable's name when
    /// nothing at all comes before it, else #260 "explicit type is missing ("int"
    /// assumed)" (a function, or after a storage class, cv-qualifier, attribute or
    /// `extern "C"`); for `main` the warning #938. Qualified names (constructors, destructors and conversion functions
    /// defined outside their class), deduction guides, `friend`, `typedef`, `virtual` and
    /// `explicit`, templates and system headers are left alone. True for a variable
    /// reported with #77 or #260, whose initializer [`Checker::implicit_int_initializer`]
    /// then checks.
    fn implicit_int(
        &mut self,
        specs: &DeclSpecs,
        d: &Declarator,
        entity: Option<EntityId>,
    ) -> bool {
        let Some((id, function)) = self.implicit_int_error(specs, d, entity) else {
            return false;
        };
        if let Some(name) = &d.name {
            let mut diag = Diagnostic::new(id, name.span.lo);
            if id == ids::IMPLICIT_INT_ON_MAIN {
                diag = diag.severity(Severity::Warning);
            }
            self.emit(diag);
        }
        !function
    }

    /// Which error [`Checker::implicit_int`] reports for the declarator, and whether it
    /// declares a function.
    fn implicit_int_error(
        &self,
        specs: &DeclSpecs,
        d: &Declarator,
        entity: Option<EntityId>,
    ) -> Option<(DiagId, bool)> {
        let name = d.name.as_ref()?;
        if !matches!(specs.ty, TypeSpec::None)
            || name.is_qualified()
            || name.ident().is_none()
            || name.last().args.is_some()
            || specs.is_typedef
            || specs.is_friend
            || specs.is_virtual
            || specs.is_explicit
            || self.template_depth > 0
            || self.func.is_some()
            || self.in_member_decls > 0
            || self.map.is_system(name.span.lo)
        {
            return None;
        }
        let parent = self.sema.entity(entity?).parent;
        if self.sema.scope(parent).kind != crate::sema::ScopeKind::Namespace {
            return None;
        }
        let function = match d.ops[..] {
            [] => false,
            [DeclaratorOp::Function(ref chunk)] if chunk.trailing_return.is_none() => true,
            _ => return None,
        };
        let bare = specs.storage.is_none()
            && !(specs.thread_local
                || specs.is_inline
                || specs.is_constexpr
                || specs.is_consteval
                || specs.is_constinit
                || specs.is_const
                || specs.is_volatile
                || specs.extension
                || self.in_braceless_linkage)
            && specs.attrs.is_empty();
        let main = function
            && parent == crate::sema::Sema::GLOBAL
            && name
                .ident()
                .is_some_and(|s| self.interner.bytes(s) == b"main");
        let id = if main {
            // `main(int argc, char **argv)`: only a warning.
            ids::IMPLICIT_INT_ON_MAIN
        } else if bare && !function {
            ids::MISSING_DECL_SPECIFIERS
        } else {
            ids::MISSING_TYPE_SPECIFIER
        };
        Some((id, function))
    }

    /// The initializer of a variable [`Checker::implicit_int`] took for an `int`: one value
    /// in parentheses (#146 "too many initializer values" at the second, reported first),
    /// of a type that becomes an `int`.
    fn implicit_int_initializer(&mut self, id: &InitDeclarator) {
        let Some(Initializer::Paren(args, _)) = &id.init else {
            return;
        };
        let Some(first) = args.first() else { return };
        if let Some(second) = args.get(1) {
            self.emit(Diagnostic::new(
                ids::TOO_MANY_INITIALIZER_VALUES,
                second.span.lo,
            ));
        }
        self.convert_to_int(first);
    }

    /// Parsing failed somewhere in `span`: what it holds may be incomplete.
    fn recovery_inside(&self, span: Span) -> bool {
        self.recoveries
            .iter()
            .any(|r| r.at.lo >= span.lo && r.at.lo <= span.hi)
    }

    /// CUDA's execution- and memory-space attributes do not apply to a typedef (#1835, one
    /// for each).
    fn typedef_attributes(&mut self, specs: &DeclSpecs) {
        for a in specs.attrs.iter() {
            let what = match self.exec_kind(a) {
                Some(Exec::Host) => "__host__",
                Some(Exec::Device) => "__device__",
                Some(Exec::Global) => "__global__",
                None => match self.mem_kind(a) {
                    Some(MemSpace::Shared) => "__shared__",
                    Some(MemSpace::Constant) => "__constant__",
                    Some(MemSpace::Managed) => "__managed__",
                    _ => continue,
                },
            };
            self.emit(Diagnostic::new(ids::WRONG_ENTITY_FOR_ATTRIBUTE, a.span.lo).arg_str(what));
        }
    }

    /// Where the decl-specifier keyword `word` is written, before `end`, outside attributes.
    fn specifier_at(&self, specs: &DeclSpecs, end: u32, word: &[u8]) -> Option<u32> {
        let text = self.map.text();
        let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
        let mut at = specs.span.lo as usize;
        let end = (end as usize).min(text.len());
        while at + word.len() <= end {
            if let Some(a) = specs.attrs.iter().find(|a| a.group.lo as usize == at) {
                at = a.group.hi as usize;
                continue;
            }
            if text[at..].starts_with(word)
                && (at == 0 || !ident(text[at - 1]))
                && !text.get(at + word.len()).is_some_and(|&c| ident(c))
            {
                return Some(at as u32);
            }
            at += 1;
        }
        None
    }

    /// The first byte of the decl-specifiers that is not an attribute or a blank.
    fn after_attributes(&self, specs: &DeclSpecs) -> u32 {
        let text = self.map.text();
        let mut at = specs.span.lo;
        loop {
            while (at as usize) < text.len() && text[at as usize].is_ascii_whitespace() {
                at += 1;
            }
            match specs.attrs.iter().find(|a| a.group.lo == at) {
                Some(a) => at = a.group.hi,
                None => return at,
            }
        }
    }

    /// Class and enum definitions inside decl-specifiers.
    fn type_spec(&mut self, specs: &'a DeclSpecs) {
        match &specs.ty {
            TypeSpec::Class(c) => self.class(c),
            TypeSpec::Enum(e) => self.type_head_attributes(&e.attrs),
            TypeSpec::Elaborated { attrs, .. } => self.type_head_attributes(attrs),
            _ => {}
        }
    }

    /// How EDG names a GNU attribute that cannot apply to a class or an enumeration, or
    /// `None` for one that can (or that EDG passes over there): CUDA's annotations by
    /// their keywords, the attributes only functions and variables take by their names.
    fn type_inapplicable_attribute(&self, a: &Attribute) -> Option<String> {
        if a.syntax != AttrSyntax::Gnu || a.namespace.is_some() {
            return None;
        }
        let name = self.interner.bytes(a.name);
        const CUDA: &[&[u8]] = &[
            b"host",
            b"device",
            b"global",
            b"shared",
            b"constant",
            b"managed",
            b"launch_bounds",
            b"cluster_dims",
            b"maxnreg",
            b"local_maxnreg",
        ];
        // Checked one by one against cudafe++ on a class definition.
        const NOT_FOR_TYPES: &[&[u8]] = &[
            b"grid_constant",
            b"nv_register_params",
            b"cudart_builtin",
            b"noinline",
            b"always_inline",
            b"noreturn",
            b"used",
            b"const",
            b"pure",
            b"cold",
            b"hot",
            b"flatten",
            b"malloc",
            b"nonnull",
            b"warn_unused_result",
            b"format",
            b"constructor",
            b"destructor",
            b"sentinel",
            b"weak",
            b"alias",
            b"section",
            b"nothrow",
            b"artificial",
            b"gnu_inline",
            b"target",
            b"mode",
            b"vector_size",
            b"weakref",
            b"common",
            b"nocommon",
            b"tls_model",
            b"no_instrument_function",
            b"noplt",
            b"ifunc",
            b"externally_visible",
        ];
        let text = String::from_utf8_lossy(name);
        if CUDA.contains(&name) {
            Some(format!("__{text}__"))
        } else if NOT_FOR_TYPES.contains(&name) {
            Some(text.into_owned())
        } else {
            None
        }
    }

    /// #1835 for each attribute in a class or enumeration head (`struct __device__ S`,
    /// `struct __launch_bounds__(64) S`) that cannot apply to it; the attribute is ignored.
    fn type_head_attributes(&mut self, attrs: &[Attribute]) {
        for a in attrs {
            if self.map.is_system(a.span.lo) {
                continue;
            }
            if let Some(what) = self.type_inapplicable_attribute(a) {
                self.emit(
                    Diagnostic::new(ids::WRONG_ENTITY_FOR_ATTRIBUTE, a.span.lo)
                        .arg_str(&what)
                        .severity(Severity::Warning),
                );
            }
        }
    }

    fn class(&mut self, c: &'a ClassSpec) {
        self.type_head_attributes(&c.attrs);
        self.class_redefinition(c);
        self.class_depth += 1;
        // Member declarations first, then the member function bodies, parsed once the
        // outermost class around them is complete (those of nested classes with the
        // outer class's own, in source order).
        let nested = self.in_member_decls > 0;
        let mark = self.deferred_bodies.len();
        let saved = self.func.take();
        let mut access = match c.tag {
            TagKind::Class => Access::Private,
            _ => Access::Public,
        };
        for b in &c.bases {
            if let Some(p) = &b.problem {
                self.base_problem(p);
            }
        }
        self.in_member_decls += 1;
        for m in &c.members {
            if let DeclKind::AccessSpec(a) = &m.kind {
                access = *a;
            }
            self.note_member_access(m, access);
            self.member_decl(m);
        }
        self.in_member_decls -= 1;
        self.func = saved;
        if let Some(e) = c.entity
            && let Some(found) = self.alignment_reductions.remove(&e)
        {
            for at in found {
                self.emit(
                    Diagnostic::new(ids::ALIGNMENT_REDUCTION_IGNORED, at)
                        .severity(Severity::Warning),
                );
            }
        }
        if c.entity.is_some() {
            self.overrides(c);
            self.hidden_virtuals(c);
        }
        let depth = self.template_depth;
        self.deferred_bodies
            .extend(c.members.iter().map(|m| (m, depth)));
        if !nested {
            let mut bodies = self.deferred_bodies.split_off(mark);
            bodies.sort_by_key(|(m, _)| m.span.lo);
            for (m, depth) in bodies {
                let saved_depth = std::mem::replace(&mut self.template_depth, depth);
                self.member_bodies(m);
                self.template_depth = saved_depth;
            }
        }
        self.class_depth -= 1;
    }

    fn member_decl(&mut self, d: &'a Decl) {
        match &d.kind {
            DeclKind::Function(f) => {
                self.decls += 1;
                self.type_spec(&f.specs);
                self.function_declaration(&f.specs, &f.declarator, f.entity, true, d.span);
            }
            DeclKind::Template { head, decl } => {
                self.template_head(head, decl);
                self.parameters_named_as_template_parameters(head, decl);
                let depth = u32::from(!head.params.is_empty());
                self.template_depth += depth;
                if matches!(decl.kind, DeclKind::Simple { .. }) {
                    self.templated_decl = Some(!head.params.is_empty());
                }
                self.member_decl(decl);
                self.templated_decl = None;
                self.template_depth -= depth;
            }
            _ => self.decl(d),
        }
    }

    fn member_bodies(&mut self, d: &'a Decl) {
        match &d.kind {
            DeclKind::Function(f) => self.function_body(f),
            DeclKind::Template { head, decl } => {
                let depth = u32::from(!head.params.is_empty());
                self.template_depth += depth;
                self.member_bodies(decl);
                self.template_depth -= depth;
            }
            _ => {}
        }
    }

    fn function_definition(&mut self, f: &'a FunctionDef) {
        let deleted = matches!(f.body, FunctionBody::Delete);
        self.main_rules(&f.specs, &f.declarator, f.entity, deleted);
        self.implicit_int(&f.specs, &f.declarator, f.entity);
        self.type_spec(&f.specs);
        self.meaningless_return_qualifier(&f.specs, &f.declarator);
        self.redefinition(f);
        self.function_declaration(&f.specs, &f.declarator, f.entity, true, f.body_span);
        self.function_body(f);
    }

    /// `function "f" has already been defined (previous definition at line 3)`.
    fn redefinition(&mut self, f: &'a FunctionDef) {
        if self.template_depth > 0 {
            return;
        }
        let (Some(e), Some(n)) = (f.entity, &f.declarator.name) else {
            return;
        };
        let at = n.last().span.lo;
        let Some(r) = self.redefinitions.get(&at).copied() else {
            return;
        };
        let mut name = self.function_display_name(e);
        if r.overloaded
            && let Some(chunk) = f.declarator.function()
        {
            name = format!("{name}({})", self.rendered_params(chunk, true).join(", "));
        }
        self.emit(
            Diagnostic::new(ids::ALREADY_DEFINED_WITH_POS, at)
                .arg_entity(format!("function \"{name}\""))
                .arg_pos(r.previous),
        );
    }

    fn init_declarator(&mut self, specs: &'a DeclSpecs, id: &'a InitDeclarator) {
        if !id.declarator.is_function() {
            self.template_parameter_redeclared(id.entity);
        }
        if specs.is_typedef {
            self.typedef_redeclaration(specs, id);
            return;
        }
        self.meaningless_return_qualifier(specs, &id.declarator);
        if id.declarator.is_function() {
            self.function_declaration(specs, &id.declarator, id.entity, false, id.span);
        } else {
            self.object_declaration(specs, id);
            if self.in_member_decls > 0 {
                self.narrowing_initializer(specs, id);
            }
            self.variable_redefinition(specs, id);
            self.variable_declaration(specs, id);
            self.namespace_initializer(id);
            self.namespace_initializer_conversions(specs, id);
        }
    }

    /// For `#pragma unroll ...`, where its name stands (not in system headers).
    pub(crate) fn unroll_pragma(&self, span: Span) -> Option<u32> {
        if self.map.is_system(span.lo) {
            return None;
        }
        let text = self.map.slice(span);
        let mut i = text.iter().position(|&b| b == b'#')? + 1;
        let blank = |b: u8| b == b' ' || b == b'\t';
        while text.get(i).is_some_and(|&b| blank(b)) {
            i += 1;
        }
        if !text[i..].starts_with(b"pragma") {
            return None;
        }
        i += 6;
        while text.get(i).is_some_and(|&b| blank(b)) {
            i += 1;
        }
        let name = &text[i..];
        let after = name.get(6).copied();
        (name.starts_with(b"unroll")
            && after.is_none_or(|b| !(b.is_ascii_alphanumeric() || b == b'_')))
        .then_some(span.lo + i as u32)
    }

    /// Applies `#pragma nv_diag_*` and `#pragma nv_diagnostic` where they stand.
    pub(crate) fn pragma(&mut self, span: Span) {
        let text = self.map.slice(span);
        // `#` `pragma` NAME ARGS
        let mut i = 0;
        let skip_ws = |i: &mut usize| {
            while *i < text.len() && (text[*i] == b' ' || text[*i] == b'\t') {
                *i += 1;
            }
        };
        skip_ws(&mut i);
        if text.get(i) != Some(&b'#') {
            return;
        }
        i += 1;
        skip_ws(&mut i);
        if !text[i..].starts_with(b"pragma") {
            return;
        }
        i += 6;
        skip_ws(&mut i);
        let start = i;
        while i < text.len() && (text[i].is_ascii_alphanumeric() || text[i] == b'_') {
            i += 1;
        }
        if &text[start..i] == b"GCC" {
            self.gcc_pragma(span, i);
            return;
        }
        let Some(p) = DiagPragma::from_name(&text[start..i]) else {
            return;
        };
        pragma::apply(self.engine, p, span.lo, &text[i..], span.lo + i as u32);
    }

    /// `#pragma GCC WORD ...`, whose `WORD` starts at or after `at` in the pragma's text:
    /// #1675 at the word (or where it is missing) unless EDG knows it (`diagnostic`,
    /// `visibility`, `push_options`, `pop_options`, `reset_options`, `target`, `ivdep`,
    /// `system_header`; `unroll` and `optimize` are not among them). Not in system headers.
    fn gcc_pragma(&mut self, span: Span, mut at: usize) {
        const KNOWN: [&[u8]; 8] = [
            b"diagnostic",
            b"visibility",
            b"push_options",
            b"pop_options",
            b"reset_options",
            b"target",
            b"ivdep",
            b"system_header",
        ];
        if self.map.is_system(span.lo) {
            return;
        }
        let text = self.map.slice(span);
        while at < text.len() && (text[at] == b' ' || text[at] == b'\t') {
            at += 1;
        }
        let start = at;
        while at < text.len() && (text[at].is_ascii_alphanumeric() || text[at] == b'_') {
            at += 1;
        }
        if KNOWN.contains(&&text[start..at]) {
            return;
        }
        self.emit(
            Diagnostic::new(ids::UNRECOGNIZED_GCC_PRAGMA, span.lo + start as u32)
                .severity(Severity::Warning),
        );
    }

    // -------------------------------------------------------------------------------------
    // Attributes

    /// Every attribute of a declaration, in source order.
    fn all_attrs<'b>(specs: &'b DeclSpecs, d: &'b Declarator) -> Vec<&'b Attribute> {
        let mut v: Vec<&Attribute> = specs.attrs.iter().chain(d.attrs.iter()).collect();
        if let Some(f) = d.function() {
            v.extend(f.attrs.iter());
        }
        for op in &d.ops {
            if let DeclaratorOp::Pointer { attrs, .. } = op {
                v.extend(attrs.iter());
            }
        }
        v.sort_by_key(|a| a.span.lo);
        v
    }

    fn is(&self, a: &Attribute, name: Option<Symbol>) -> bool {
        name.is_some_and(|n| n == a.name) && a.namespace.is_none()
    }

    fn exec_kind(&self, a: &Attribute) -> Option<Exec> {
        if a.syntax != AttrSyntax::Gnu {
            return None;
        }
        if self.is(a, self.names.host) {
            Some(Exec::Host)
        } else if self.is(a, self.names.device) {
            Some(Exec::Device)
        } else if self.is(a, self.names.global) {
            Some(Exec::Global)
        } else {
            None
        }
    }

    fn mem_kind(&self, a: &Attribute) -> Option<MemSpace> {
        if a.syntax != AttrSyntax::Gnu {
            return None;
        }
        if self.is(a, self.names.device) {
            Some(MemSpace::Device)
        } else if self.is(a, self.names.constant) {
            Some(MemSpace::Constant)
        } else if self.is(a, self.names.shared) {
            Some(MemSpace::Shared)
        } else if self.is(a, self.names.managed) {
            Some(MemSpace::Managed)
        } else {
            None
        }
    }

    // -------------------------------------------------------------------------------------
    // Functions

    /// A function declaration or definition: its execution space and the rules about it.
    fn function_declaration(
        &mut self,
        specs: &'a DeclSpecs,
        d: &'a Declarator,
        entity: Option<EntityId>,
        is_definition: bool,
        _span: Span,
    ) {
        if let Some(chunk) = d.function() {
            self.parameter_types(chunk, is_definition);
        }
        let Some(id) = entity else {
            return;
        };
        let attrs = Self::all_attrs(specs, d);
        let mut exec = self.sema.entity(id).cuda.exec;
        let mut global_attr: Option<Span> = None;
        let mut first_dev_attr: Option<Span> = None;
        let ignore_exec = is_definition && self.defaulted_on_first_declaration(d, id);
        if ignore_exec {
            // The execution space comes from the implicit definition, as for a member the
            // compiler declares.
            exec = crate::sema::ExecSpace {
                implicit_hd: true,
                ..Default::default()
            };
        }
        self.nodiscard_on_void(specs, d, &attrs);
        for a in &attrs {
            if ignore_exec && let Some(k) = self.exec_kind(a) {
                let what = match k {
                    Exec::Host => "__host__",
                    Exec::Device => "__device__",
                    Exec::Global => "__global__",
                };
                let name = d
                    .name
                    .as_ref()
                    .map(|n| self.declared_function_name(n))
                    .unwrap_or_default();
                self.emit(
                    Diagnostic::new(ids::ESA_ON_DEFAULTED_FUNCTION_IGNORED, a.span.lo)
                        .arg_str(what)
                        .arg_str(name),
                );
                continue;
            }
            let Some(k) = self.exec_kind(a) else {
                if self.is(a, self.names.nv_register_params) {
                    self.emit(Diagnostic::new(ids::REGISTER_PARAMS_NOT_ENABLED, a.span.lo));
                }
                continue;
            };
            let illegal = match k {
                Exec::Host => exec.global,
                Exec::Device => exec.global,
                Exec::Global => exec.host || exec.device,
            };
            if illegal {
                self.emit(Diagnostic::new(ids::ILLEGAL_MEM_QUALIFIERS, a.span.lo));
                continue;
            }
            match k {
                Exec::Host => exec.host = true,
                Exec::Device => {
                    exec.device = true;
                    first_dev_attr.get_or_insert(a.span);
                }
                Exec::Global => {
                    exec.global = true;
                    global_attr.get_or_insert(a.span);
                    first_dev_attr.get_or_insert(a.span);
                }
            }
        }
        if self.opts.relaxed_constexpr
            && (specs.is_constexpr || specs.is_consteval)
            && !exec.host
            && !exec.device
            && !exec.global
        {
            exec.implicit_hd = true;
        }
        self.sema.entity_mut(id).cuda.exec = exec;
        let is_member = self.sema.scope(self.sema.entity(id).parent).kind == ScopeKind::Class;
        let name_span = d.name.as_ref().map(|n| n.last().span).unwrap_or(d.span);

        // main
        if let Some(dev) = first_dev_attr
            && !is_member
            && d.name
                .as_ref()
                .is_some_and(|n| !n.is_qualified() || n.global)
            && self.names.main.is_some()
            && d.name.as_ref().and_then(|n| n.ident()) == self.names.main
            && self.sema.entity(id).parent == Sema::GLOBAL
        {
            // #951 for a return type other than `int` came first (`main_rules`).
            self.emit(Diagnostic::new(ids::MAIN_MARKED_DEVICE, dev.lo));
        }

        if let Some(g) = global_attr {
            self.global_rules(specs, d, id, g, is_member, is_definition);
        }
        self.launch_attributes(
            &attrs,
            d,
            id,
            exec.global,
            is_member,
            name_span,
            &Bindings::default(),
            None,
        );
        self.param_attributes(d);
        let place = if d.name.as_ref().is_some_and(|n| n.last().args.is_some()) {
            GridConstantWhere::Specialization
        } else {
            GridConstantWhere::Redeclaration
        };
        self.grid_constant_params(d, id, exec.global, name_span, place);
        if exec.global
            && is_definition
            && self.template_depth == 0
            && !attrs.iter().any(|a| self.is(a, self.names.launch_bounds))
            && self.engine.enabled(ids::MISSING_LAUNCH_BOUNDS, _span.lo)
        {
            self.emit(Diagnostic::new(ids::MISSING_LAUNCH_BOUNDS, _span.lo));
        }
    }

    /// A non-virtual member function explicitly defaulted where the class declares it
    /// (`A() = default;`): cudafe++ ignores its execution-space annotations (#20012).
    fn defaulted_on_first_declaration(&self, d: &Declarator, f: EntityId) -> bool {
        let e = self.sema.entity(f);
        if !e.flags.is_defaulted || e.flags.is_virtual {
            return false;
        }
        let Some(name) = &d.name else { return false };
        if name.is_qualified() || self.sema.scope(e.parent).kind != ScopeKind::Class {
            return false;
        }
        // Not virtual by overriding either.
        let bases = self.sema.scope(e.parent).bases.clone();
        let is_dtor = matches!(name.last().kind, NameKind::Destructor(_));
        bases.is_empty() || self.overridden(&bases, name, d, is_dtor).is_none()
    }

    /// `__grid_constant__` is for kernel parameters, and every declaration of a kernel must
    /// mark the same parameters.
    pub(crate) fn grid_constant_params(
        &mut self,
        d: &'a Declarator,
        id: EntityId,
        is_global: bool,
        name_span: Span,
        place: GridConstantWhere,
    ) {
        let Some(f) = d.function() else { return };
        let marks: Vec<bool> = f
            .params
            .iter()
            .map(|p| {
                p.specs
                    .attrs
                    .iter()
                    .chain(p.declarator.attrs.iter())
                    .any(|a| self.is(a, self.names.grid_constant))
            })
            .collect();
        if !is_global {
            for _ in marks.iter().filter(|m| **m) {
                self.emit(Diagnostic::new(ids::GRID_CONSTANT_NON_KERNEL, name_span.lo));
            }
            return;
        }
        // A specialization or an instantiation directive is compared with its template.
        let key = match place {
            GridConstantWhere::Redeclaration => id,
            GridConstantWhere::Specialization | GridConstantWhere::Instantiation => {
                match d
                    .name
                    .as_ref()
                    .and_then(|n| n.resolution.entities().first().copied())
                {
                    Some(t) => t,
                    None => return,
                }
            }
        };
        match self.grid_constant.get(&key).cloned() {
            None => {
                if place == GridConstantWhere::Redeclaration {
                    self.grid_constant.insert(key, (marks, name_span));
                }
            }
            Some((prev, prev_at)) => {
                let templated = self.template_depth > 0;
                for (i, (a, b)) in marks.iter().zip(&prev).enumerate() {
                    if a == b {
                        continue;
                    }
                    let diag = match place {
                        GridConstantWhere::Redeclaration if templated => {
                            ids::GRID_CONSTANT_INCOMPAT_TEMPL_REDECL
                        }
                        GridConstantWhere::Redeclaration => ids::GRID_CONSTANT_INCOMPAT_REDECL,
                        GridConstantWhere::Specialization => {
                            ids::GRID_CONSTANT_INCOMPAT_SPECIALIZATION
                        }
                        GridConstantWhere::Instantiation => {
                            ids::GRID_CONSTANT_INCOMPAT_INSTANTIATION_DIRECTIVE
                        }
                    };
                    let pname = f.params[i]
                        .declarator
                        .name
                        .as_ref()
                        .and_then(|n| n.ident())
                        .map(|s| self.name_of(s))
                        .unwrap_or_default();
                    self.emit(
                        Diagnostic::new(diag, name_span.lo)
                            .arg_str(pname)
                            .arg_pos(prev_at.lo),
                    );
                }
            }
        }
    }

    /// A virtual function must keep the execution space of the one it overrides.
    fn overrides(&mut self, c: &'a ClassSpec) {
        let Some(class) = c.entity else { return };
        let Some(scope) = self.sema.entity(class).scope else {
            return;
        };
        let bases = self.sema.scope(scope).bases.clone();
        if bases.is_empty() {
            return;
        }
        for m in &c.members {
            let Some((specs, d, entity)) = member_function(m) else {
                continue;
            };
            let Some(derived) = entity else { continue };
            let Some(name) = &d.name else { continue };
            let is_dtor = matches!(name.last().kind, NameKind::Destructor(_));
            let Some(base_fn) = self.overridden(&bases, name, d, is_dtor) else {
                continue;
            };
            self.sema.entity_mut(derived).flags.is_virtual = true;
            let base_exec = self.override_space(base_fn);
            let derived_exec = self.declared_space(specs, d, derived);
            use crate::sema::ExecSpace;
            let host = ExecSpace {
                host: true,
                ..Default::default()
            };
            let dev = ExecSpace {
                device: true,
                ..Default::default()
            };
            let _ = (host, dev);
            let diag = match (base_exec, derived_exec) {
                (Space::H, Space::D) => ids::VFUNC_INCOMPAT_EXEC_H_D,
                (Space::H, Space::Hd) => ids::VFUNC_INCOMPAT_EXEC_H_HD,
                (Space::D, Space::Hd) => ids::VFUNC_INCOMPAT_EXEC_D_HD,
                (Space::D, Space::H) => ids::VFUNC_INCOMPAT_EXEC_D_H,
                (Space::Hd, Space::H) => ids::VFUNC_INCOMPAT_EXEC_HD_H,
                (Space::Hd, Space::D) => ids::VFUNC_INCOMPAT_EXEC_HD_D,
                _ => continue,
            };
            let b = format!("function \"{}\"", self.function_display_name(base_fn));
            let dn = format!("function \"{}\"", self.function_display_name(derived));
            self.emit(
                Diagnostic::new(diag, name.last().span.lo)
                    .arg_entity(b)
                    .arg_entity(dn),
            );
        }
    }

    /// The virtual function in a base that `d` overrides, if any.
    fn overridden(
        &self,
        bases: &[crate::sema::ScopeId],
        name: &QualName,
        d: &Declarator,
        is_dtor: bool,
    ) -> Option<EntityId> {
        let sig = d
            .function()
            .map(|f| crate::syntax::signature_key(self.map, f));
        for &b in bases {
            let candidates: crate::sema::Found = if is_dtor {
                self.sema
                    .scope(b)
                    .names
                    .iter()
                    .filter(|(k, _)| self.interner.bytes(**k).starts_with(b"~"))
                    .flat_map(|(_, v)| v.iter().copied())
                    .collect()
            } else {
                let Some(sym) = name.ident() else { continue };
                self.sema.lookup_in_class(b, sym, 0)
            };
            for c in candidates {
                let e = self.sema.entity(c);
                if e.kind != EntityKind::Function || !self.is_virtual(c) {
                    continue;
                }
                if is_dtor {
                    return Some(c);
                }
                let same = self
                    .index
                    .functions
                    .get(&c)
                    .and_then(|ds| ds.first())
                    .and_then(|fd| fd.declarator.function())
                    .map(|f| crate::syntax::signature_key(self.map, f));
                if same.is_some() && same == sig {
                    return Some(c);
                }
            }
            // Further up.
            let up = self.sema.scope(b).bases.clone();
            if let Some(found) = self.overridden(&up, name, d, is_dtor) {
                return Some(found);
            }
        }
        None
    }

    fn is_virtual(&self, f: EntityId) -> bool {
        self.sema.entity(f).flags.is_virtual
    }

    /// The space of an overridden function: constexpr and `__forceinline__` count as host.
    fn override_space(&self, f: EntityId) -> Space {
        let e = self.sema.entity(f).cuda.exec;
        Space::of(e.host, e.device)
    }

    /// The space a declaration gives the overriding function: an implicitly declared
    /// destructor is implicitly `__host__ __device__`; anything else takes its annotations.
    fn declared_space(&self, _specs: &DeclSpecs, _d: &Declarator, f: EntityId) -> Space {
        let e = self.sema.entity(f).cuda.exec;
        Space::of(e.host, e.device)
    }

    /// The rules for `__global__` functions.
    fn global_rules(
        &mut self,
        specs: &'a DeclSpecs,
        d: &'a Declarator,
        id: EntityId,
        g: Span,
        is_member: bool,
        is_definition: bool,
    ) {
        let f = d.function();
        let is_operator = d.name.as_ref().is_some_and(|n| {
            matches!(
                n.last().kind,
                NameKind::Operator(_) | NameKind::Conversion(_) | NameKind::LiteralOperator(_)
            )
        });
        let inline = specs.is_inline
            || specs.is_constexpr
            || (specs.is_friend && is_definition && self.class_depth > 0);
        if inline {
            self.emit(Diagnostic::new(ids::GLOBAL_FUNCTION_INLINE, g.lo).arg_str("__global__"));
        }
        if specs.is_friend && is_definition && self.class_depth > 0 {
            self.emit(Diagnostic::new(
                ids::GLOBAL_FRIEND_DEFINITION,
                specs.span.lo,
            ));
        }
        if is_member && !specs.is_friend {
            self.emit(Diagnostic::new(ids::GLOBAL_CLASS_DECL, g.lo));
        } else if is_operator {
            self.emit(Diagnostic::new(ids::GLOBAL_OPERATOR_FUNCTION, g.lo));
        }
        // Return type: `void`, not deduced.
        let trailing = f.and_then(|f| f.trailing_return.as_deref());
        let deduced =
            matches!(specs.ty, TypeSpec::Auto | TypeSpec::DecltypeAuto) && trailing.is_none();
        if deduced {
            self.emit(Diagnostic::new(
                ids::GLOBAL_FUNCTION_DEDUCED_RETURN_TYPE,
                g.lo,
            ));
        } else {
            let ret = match trailing {
                Some(t) => self.type_is_void(&t.specs, &t.declarator, 0),
                // A kernel without a type returns an `int`.
                None if self.implicit_int_error(specs, d, Some(id)).is_some() => Some(false),
                None => self.type_is_void(specs, d, 1),
            };
            if ret == Some(false) {
                self.emit(Diagnostic::new(ids::GLOBAL_FUNCTION_RETURN_TYPE, g.lo));
            }
        }
        if let Some(f) = f {
            if f.variadic {
                self.emit(Diagnostic::new(ids::GLOBAL_FUNCTION_HAS_ELLIPSIS, g.lo));
            }
            if f.exception.is_some() {
                self.emit(Diagnostic::new(ids::GLOBAL_EXCEPTION_SPEC, g.lo));
            }
        }
        let _ = id;
    }

    /// Is the declared type (after the first `skip` declarator operators, which belong to
    /// the function) `void`? `None` when it depends on template parameters or is unknown.
    pub(crate) fn type_is_void(
        &self,
        specs: &DeclSpecs,
        d: &Declarator,
        skip: usize,
    ) -> Option<bool> {
        if d.ops.len() > skip {
            return Some(false);
        }
        match &specs.ty {
            TypeSpec::Builtin(b) => Some(b.void && b.long == 0 && !b.int),
            TypeSpec::Named { name, .. } => match &name.resolution {
                Resolution::Entity(e) => {
                    let en = self.sema.entity(*e);
                    match en.kind {
                        EntityKind::TemplateTypeParam => None,
                        EntityKind::Typedef => self.index.typedef_is_void(*e, self),
                        EntityKind::Class(_) | EntityKind::Enum { .. } => Some(false),
                        _ => None,
                    }
                }
                _ => None,
            },
            TypeSpec::Class(_) | TypeSpec::Enum(_) | TypeSpec::Elaborated { .. } => Some(false),
            _ => None,
        }
    }

    /// `__launch_bounds__`, `__maxnreg__`, `__local_maxnreg__`, `__cluster_dims__`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn launch_attributes(
        &mut self,
        attrs: &[&Attribute],
        d: &Declarator,
        id: EntityId,
        is_global: bool,
        is_member: bool,
        name_span: Span,
        bind: &Bindings,
        context: Option<&(String, Span)>,
    ) {
        let n = &self.names;
        let (lb, mr, lmr, cd) = (n.launch_bounds, n.maxnreg, n.local_maxnreg, n.cluster_dims);
        let mut launch_bounds: Option<&Attribute> = None;
        let mut maxnreg: Option<&Attribute> = None;
        let mut cluster: Option<&Attribute> = None;
        let with_context = |d: Diagnostic| match context {
            Some((text, at)) => d.context(text.as_bytes(), Some(at.lo)),
            None => d,
        };
        for a in attrs {
            if a.syntax != AttrSyntax::Gnu {
                continue;
            }
            let which = if self.is(a, lb) {
                "__launch_bounds__"
            } else if self.is(a, mr) {
                "__maxnreg__"
            } else if self.is(a, cd) {
                "__cluster_dims__"
            } else if self.is(a, lmr) {
                // `__local_maxnreg__` is for device functions; its value must be positive.
                if let Some(Value::Int(v)) = a.args.first().map(|e| self.eval(e, bind))
                    && v <= 0
                {
                    self.emit(with_context(Diagnostic::new(
                        ids::MAXNREG_NEGATIVE,
                        a.span.lo,
                    )));
                }
                continue;
            } else {
                continue;
            };
            if !is_global {
                if context.is_none() {
                    if is_member && which == "__launch_bounds__" {
                        self.emit(
                            Diagnostic::new(ids::BOUNDS_ATTR_ONLY_NONMEMBER_FUNC, a.span.lo)
                                .arg_str(which),
                        );
                    }
                    let id = if which == "__launch_bounds__" {
                        ids::BOUNDS_ATTR_ONLY_ON_GLOBAL_FUNC
                    } else {
                        ids::MAXNREG_ATTR_ONLY_ON_GLOBAL_FUNC
                    };
                    self.emit(Diagnostic::new(id, name_span.lo).arg_str(which));
                }
                continue;
            }
            match which {
                "__launch_bounds__" => launch_bounds = Some(a),
                "__maxnreg__" => maxnreg = Some(a),
                _ => cluster = Some(a),
            }
        }
        if !is_global {
            return;
        }
        let _ = d;
        // Values.
        let vals = |c: &Self, a: &Attribute| -> Vec<Value> {
            a.args.iter().map(|e| c.eval(e, bind)).collect()
        };
        let mut lb_vals = Vec::new();
        if let Some(a) = launch_bounds {
            lb_vals = vals(self, a);
            if let Some(Value::Int(v)) = lb_vals.get(2)
                && *v < 0
            {
                self.emit(with_context(Diagnostic::new(
                    ids::MAX_BLOCKS_PER_CLUSTER_NEGATIVE,
                    a.span.lo,
                )));
            }
        }
        if let Some(a) = maxnreg
            && let Some(Value::Int(v)) = vals(self, a).first()
            && *v <= 0
        {
            self.emit(with_context(Diagnostic::new(
                ids::MAXNREG_NEGATIVE,
                a.span.lo,
            )));
        }
        if launch_bounds.is_some() && maxnreg.is_some() && context.is_none() {
            self.emit(
                Diagnostic::new(ids::BOUNDS_MAXNREG_INCOMPATIBLE_QUALIFIERS, name_span.lo)
                    .arg_str("__launch_bounds__ and __maxnreg__"),
            );
        }
        let mut cluster_total: Option<i128> = None;
        if let Some(a) = cluster {
            let v = vals(self, a);
            if v.iter().any(|x| matches!(x, Value::Int(i) if *i <= 0)) {
                self.emit(with_context(
                    Diagnostic::new(ids::CLUSTER_DIMS_MUST_BE_POSITIVE, a.span.lo)
                        .arg_str("__cluster_dims__"),
                ));
            } else if v.iter().all(|x| matches!(x, Value::Int(_))) {
                cluster_total = Some(
                    v.iter()
                        .map(|x| if let Value::Int(i) = x { *i } else { 1 })
                        .product(),
                );
            }
        }
        if let (Some(total), Some(Value::Int(max))) = (cluster_total, lb_vals.get(2))
            && *max >= 0
            && total > *max
        {
            self.emit(with_context(
                Diagnostic::new(ids::TOO_MANY_BLOCKS_IN_CLUSTER, name_span.lo)
                    .arg_str("__cluster_dims__"),
            ));
        }
        // Record the configuration.
        let cv = |v: Option<&Value>| {
            v.map(|v| match v {
                Value::Int(i) => ConfigValue::Known(*i),
                Value::Dependent => ConfigValue::Dependent,
                Value::Unknown => ConfigValue::Invalid,
            })
        };
        if context.is_none() && launch_bounds.is_some() {
            let cuda = self.sema.entity_mut(id).cuda.launch.get_or_insert_default();
            cuda.launch_bounds =
                Some([cv(lb_vals.first()), cv(lb_vals.get(1)), cv(lb_vals.get(2))]);
        }
    }

    /// Memory-space attributes on parameters are ignored (#1835-D); `__grid_constant__` is
    /// for kernel parameters.
    fn param_attributes(&mut self, d: &'a Declarator) {
        let Some(f) = d.function() else {
            return;
        };
        for p in &f.params {
            let attrs = Self::all_attrs(&p.specs, &p.declarator);
            for a in attrs {
                if let Some(m) = self.mem_kind(a) {
                    self.emit(
                        Diagnostic::new(ids::WRONG_ENTITY_FOR_ATTRIBUTE, a.span.lo)
                            .arg_str(m.keyword()),
                    );
                }
            }
        }
    }

    /// Checks on template heads of `__global__` function templates.
    fn template_head(&mut self, head: &'a TemplateHead, decl: &'a Decl) {
        let (specs, d) = match &decl.kind {
            DeclKind::Function(f) => (&f.specs, &f.declarator),
            DeclKind::Simple { specs, declarators }
                if declarators.len() == 1 && declarators[0].declarator.is_function() =>
            {
                (specs, &declarators[0].declarator)
            }
            _ => return,
        };
        let attrs = Self::all_attrs(specs, d);
        if !attrs
            .iter()
            .any(|a| self.exec_kind(a) == Some(Exec::Global))
        {
            return;
        }
        let packs: Vec<&TemplateParam> = head.params.iter().filter(|p| p.pack).collect();
        let last_is_pack = head.params.last().is_some_and(|p| p.pack);
        if let Some(first) = packs.first()
            && (!last_is_pack || packs.len() > 1)
        {
            let at = self.param_name_span(first);
            self.emit(Diagnostic::new(ids::GLOBAL_FUNCTION_PACK_NOT_LAST, at.lo));
        }
        if packs.len() > 1 {
            let at = self.param_name_span(packs[1]);
            self.emit(Diagnostic::new(ids::GLOBAL_FUNCTION_MULTIPLE_PACKS, at.lo));
        }
    }

    fn param_name_span(&self, p: &TemplateParam) -> Span {
        match p.entity {
            Some(e) => self.sema.entity(e).first_decl(),
            None => p.span,
        }
    }

    fn explicit_instantiation(&mut self, is_extern: bool, decl: &'a Decl) {
        let (specs, d) = match &decl.kind {
            DeclKind::Simple { specs, declarators } if declarators.len() == 1 => {
                (specs, &declarators[0].declarator)
            }
            DeclKind::Function(f) => (&f.specs, &f.declarator),
            _ => return,
        };
        if !d.is_function() {
            return;
        }
        let attrs = Self::all_attrs(specs, d);
        let is_global = attrs
            .iter()
            .any(|a| self.exec_kind(a) == Some(Exec::Global))
            || d.name
                .as_ref()
                .and_then(|n| n.resolution.entities().first().copied())
                .is_some_and(|e| self.sema.entity(e).cuda.exec.global);
        if is_extern && is_global && self.opts.static_host_stub && !self.opts.device_c {
            let at = d.name.as_ref().map(|n| n.span).unwrap_or(d.span);
            self.emit(Diagnostic::new(ids::EXTERN_KERNEL_TEMPLATE, at.lo));
        }
        if is_global
            && let Some(t) = d
                .name
                .as_ref()
                .and_then(|n| n.resolution.entities().first().copied())
        {
            // cudafe++ points at the declaration's type, after its attributes.
            let at = self.after_attributes(specs);
            self.grid_constant_params(
                d,
                t,
                true,
                Span::new(at, at),
                GridConstantWhere::Instantiation,
            );
        }
    }

    // -------------------------------------------------------------------------------------
    // Variables

    fn variable_declaration(&mut self, specs: &'a DeclSpecs, id: &'a InitDeclarator) {
        let d = &id.declarator;
        let attrs = Self::all_attrs(specs, d);
        // `__host__` is no memory space: on a variable it does not apply (vLLM's
        // `__host__ __device__ static constexpr T v = ...`).
        for a in &attrs {
            if self.exec_kind(a) == Some(Exec::Host) {
                self.emit(
                    Diagnostic::new(ids::WRONG_ENTITY_FOR_ATTRIBUTE, a.span.lo)
                        .arg_str("__host__")
                        .severity(Severity::Warning),
                );
            }
        }
        let mems: Vec<(&Attribute, MemSpace)> = attrs
            .iter()
            .filter_map(|a| self.mem_kind(a).map(|m| (*a, m)))
            .collect();
        // `__shared__ float tile[blockDim.x];`, `static float b[n];` in a function.
        let is_static = matches!(
            specs.storage,
            Some(StorageClass::Static | StorageClass::Extern)
        ) || mems.iter().any(|(_, m)| *m == MemSpace::Shared);
        if is_static
            && self.func.is_some_and(|f| !f.in_template)
            && let Some(DeclaratorOp::Array {
                size: Some(bound), ..
            }) = d.ops.first()
            && self.surely_variable(bound, 0)
        {
            let at = d.name.as_ref().map(|n| n.last().span).unwrap_or(d.span);
            self.emit(Diagnostic::new(ids::VLA_IS_NOT_AUTO, at.lo));
            if let Some(e) = id.entity
                && mems.iter().any(|(_, m)| *m == MemSpace::Shared)
            {
                self.sema.entity_mut(e).cuda.mem = MemSpace::Shared;
            }
            return;
        }
        if mems.is_empty() {
            return;
        }
        let name_span = d.name.as_ref().map(|n| n.last().span).unwrap_or(d.span);
        let Some(entity) = id.entity else {
            return;
        };
        let kind = self.sema.entity(entity).kind;
        let parent = self.sema.entity(entity).parent;
        let in_class = self.sema.scope(parent).kind == ScopeKind::Class;
        // Non-static data members: the memory space does not apply (a warning).
        if kind == EntityKind::Field {
            for (a, m) in &mems {
                self.emit(
                    Diagnostic::new(ids::WRONG_ENTITY_FOR_ATTRIBUTE, a.span.lo)
                        .arg_str(m.keyword()),
                );
            }
            return;
        }
        if in_class {
            self.emit(Diagnostic::new(
                ids::ILLEGAL_MEMBER_QUALIFIERS,
                mems[0].0.span.lo,
            ));
            return;
        }
        // Combine: __shared__ with __constant__ is illegal; __managed__ with either too.
        let mut space = self.sema.entity(entity).cuda.mem;
        let mut bad_managed = false;
        for (a, m) in &mems {
            let new = match (space, *m) {
                (MemSpace::Host, m) => m,
                (MemSpace::Device, m) => m,
                (s, MemSpace::Device) => s,
                (MemSpace::Managed, MemSpace::Shared | MemSpace::Constant)
                | (MemSpace::Shared | MemSpace::Constant, MemSpace::Managed) => {
                    bad_managed = true;
                    MemSpace::Managed
                }
                (a, b) if a == b => a,
                _ => {
                    self.emit(Diagnostic::new(ids::ILLEGAL_MEM_QUALIFIERS, a.span.lo));
                    space
                }
            };
            space = new;
        }
        if bad_managed {
            self.emit(Diagnostic::new(
                ids::MANAGED_CANT_BE_SHARED_CONSTANT,
                name_span.lo,
            ));
        }
        self.sema.entity_mut(entity).cuda.mem = space;
        let local = matches!(
            self.sema.scope(parent).kind,
            ScopeKind::Block | ScopeKind::Function
        );
        if local
            && let Some(f) = self.func
            && !f.exec.device
            && !f.exec.global
            && !f.exec.implicit_hd
        {
            let is_static =
                specs.storage == Some(StorageClass::Static) || space == MemSpace::Shared;
            self.emit(
                Diagnostic::new(ids::ILLEGAL_LOCAL_TO_HOST_FUNCTION, name_span.lo)
                    .arg_str(if is_static {
                        "a static"
                    } else {
                        "an automatic"
                    })
                    .arg_str(space.keyword()),
            );
            return;
        }
        if space == MemSpace::Managed {
            if d.ops
                .iter()
                .any(|o| matches!(o, DeclaratorOp::LValueRef | DeclaratorOp::RValueRef))
            {
                self.emit(Diagnostic::new(
                    ids::MANAGED_REFERENCE_TYPE_NOT_ALLOWED,
                    name_span.lo,
                ));
            } else if specs.is_const
                && !d
                    .ops
                    .iter()
                    .any(|o| matches!(o, DeclaratorOp::Pointer { .. }))
            {
                self.emit(Diagnostic::new(
                    ids::MANAGED_CONST_TYPE_NOT_ALLOWED,
                    name_span.lo,
                ));
            }
        }
        if space == MemSpace::Shared && id.init.is_some() {
            self.emit(
                Diagnostic::new(ids::ILLEGAL_INIT, name_span.lo)
                    .arg_str("__shared__")
                    .arg_str(""),
            );
        }
        if specs.is_inline
            && !local
            && !self.opts.device_c
            && matches!(
                space,
                MemSpace::Device | MemSpace::Constant | MemSpace::Managed
            )
            && specs.storage != Some(StorageClass::Static)
            && !self.sema.entity(entity).flags.in_anonymous_namespace
        {
            self.emit(Diagnostic::new(ids::UNSUPPORTED_INLINE_VAR, name_span.lo));
        }
    }
}
