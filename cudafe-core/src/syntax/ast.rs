//! The syntax tree: every declaration, statement and expression of the translation unit,
//! each with the span of preprocessed text it came from.
//!
//! The tree keeps what the later stages need — the names and their resolution, the CUDA
//! attributes and where they stand, function bodies, launches — and spans precise enough for
//! the host-file emitter to edit the original text. Names are resolved while parsing (C++
//! cannot be parsed otherwise); each name node records the entity lookup found.

use crate::intern::Symbol;
use crate::sema::{EntityId, ScopeId};
use crate::source_map::Span;

/// A list in the tree: exactly as long as it needs to be (a `Vec` built by pushing keeps
/// room for four or more elements, which in a tree of millions of short lists is most of
/// its memory).
pub type List<T> = Box<[T]>;

/// Growing a [`List`] after it is built (rare: attributes found late).
pub trait ListExt<T> {
    fn extend(&mut self, items: impl IntoIterator<Item = T>);
    fn push(&mut self, item: T);
    /// Puts `items` before the list's own elements.
    fn prepend(&mut self, items: impl IntoIterator<Item = T>);
}

impl<T> ListExt<T> for List<T> {
    fn extend(&mut self, items: impl IntoIterator<Item = T>) {
        let mut v = std::mem::take(self).into_vec();
        v.extend(items);
        *self = v.into_boxed_slice();
    }

    fn push(&mut self, item: T) {
        self.extend(std::iter::once(item));
    }

    fn prepend(&mut self, items: impl IntoIterator<Item = T>) {
        let mut v: Vec<T> = items.into_iter().collect();
        v.extend(std::mem::take(self));
        *self = v.into_boxed_slice();
    }
}

/// A whole translation unit.
#[derive(Debug, Default)]
pub struct TranslationUnit {
    pub decls: Vec<Decl>,
    /// Constructs the parser could not parse: each was skipped to a safe point.
    pub recoveries: Vec<Recovery>,
    /// Constructs of a later C++ standard than the one parsed, and attribute namespaces EDG
    /// does not know, where they were met (in the order the parser took them, which is not
    /// always the source order).
    pub features: Vec<FeatureUse>,
    /// How deep the parser nested (a bound on the tree's depth; see
    /// [`crate::syntax::parser::MAX_DEPTH`]).
    pub max_depth: u32,
    /// Where the last token starts (where cudafe++ stands when it writes the module id).
    pub last_token: Option<crate::source_map::Offset>,
}

/// A use of a construct that a later C++ standard than the one parsed brings (`if
/// constexpr` in C++14, a lambda's template parameters in C++17): cudafe++ takes most of
/// them with a warning, a few with an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeatureUse {
    /// Where cudafe++ points: the token named with each feature.
    pub at: crate::source_map::Offset,
    pub feature: Feature,
}

/// The constructs [`FeatureUse`] records, with where each is reported.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Feature {
    /// C++17, at `inline`: `inline int v = 1;`
    InlineVariable,
    /// C++17, at the operator after `...`, else the one before: `(xs + ...)`.
    FoldExpression,
    /// C++17, at `constexpr`: `if constexpr (c)`.
    IfConstexpr,
    /// C++17, at the `;` after the initializer: `if (int i = f(); i)`, `switch (...; x)`.
    SelectionInit,
    /// C++17, at `[`: `auto [a, b] = p;`
    StructuredBinding,
    /// C++17, at the namespace after `using`: `[[using gnu: unused]]`.
    UsingAttributePrefix,
    /// C++17, at `constexpr`: `[](int x) constexpr { ... }` (an error).
    ConstexprLambda,
    /// C++17, at `auto`: `template <auto V>` (an error).
    AutoTemplateParam,
    /// C++17, at the first `::`-separated name after the first: `namespace a::b {}`.
    NestedNamespace,
    /// C++20, at `inline`: `namespace a::inline b {}`.
    NestedInlineNamespace,
    /// C++20, at the init-statement: `for (int i = 0; auto x : v)`.
    RangeForInit,
    /// C++20, at `<`: `[]<class T>(T t) { ... }`.
    LambdaTemplateParams,
    /// C++20, at `=`: `int b : 3 = 1;`
    BitFieldInit,
    /// C++20, at `explicit`: `explicit(true) S(int);`
    ExplicitBool,
    /// C++20, at `...`: `[...xs = args] { ... }`.
    PackInitCapture,
    /// C++23, at the first specifier: `[] mutable { ... }`.
    LambdaWithoutParens,
    /// C++23, at `auto`: `auto(x)`, `auto{x}`.
    AutoCast,
    /// Not a later standard's: an attribute namespace EDG does not know (`[[omp::x]]`,
    /// `[[using gsl: suppress]]`), at the namespace; any standard.
    UnknownAttributeNamespace,
    /// Not a later standard's: a standard attribute after a function's or a lambda's
    /// parameter list, where it would apply to the function type, which none does (#1835,
    /// at the attribute; an error for `maybe_unused` and `noreturn`).
    AttributeOnFunctionType,
    /// [`Feature::AttributeOnFunctionType`] that EDG reports as an error.
    AttributeOnFunctionTypeError,
    /// C++20, at the identifier: `module` or `import` first on a line, followed by tokens
    /// no module or import directive starts with (`module.attr = 1;`).
    KeywordAsIdentifier,
}

/// Nesting up to which a tree is freed on the current thread whatever its stack: freeing a
/// node takes a few hundred bytes of stack per level at most, even in a debug build.
const SHALLOW: u32 = 256;

impl Drop for TranslationUnit {
    /// Freeing the tree recurses as deep as it nests, which may be far more than the
    /// dropping thread's stack holds (a library user's thread of 2 or 8 MiB): a deep tree is
    /// freed on a thread of its own with the front end's stack. Should no thread start, the
    /// tree is leaked rather than risk overflowing the stack.
    fn drop(&mut self) {
        if self.max_depth <= SHALLOW || self.decls.is_empty() {
            return;
        }
        let decls = std::mem::take(&mut self.decls);
        let fits = crate::stack::remaining().is_some_and(|r| r / 1024 > self.max_depth as usize);
        if fits {
            return drop(decls);
        }
        let mut slot = Some(decls);
        let freed = std::thread::scope(|s| {
            std::thread::Builder::new()
                .name("cudafe-free-tree".into())
                .stack_size(crate::frontend::STACK_SIZE)
                .spawn_scoped(s, || drop(slot.take()))
                .map(|h| h.join().is_ok())
                .unwrap_or(false)
        });
        if !freed {
            std::mem::forget(slot.take());
        }
    }
}

/// A construct the parser skipped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovery {
    /// What was skipped.
    pub span: Span,
    /// Where parsing first failed.
    pub at: Span,
    pub what: String,
    /// The punctuator the parser expected at `at`, when that is what went wrong.
    pub expected: Option<&'static str>,
    /// A base-specifier naming no class, reported before the syntax error it led to
    /// (`namespace "thrust" has no member class "unary_function"` before `class or struct
    /// definition is missing` at the `<` after it).
    pub base: Option<Box<BaseProblem>>,
    /// Where parsing restarted, when that was past the end of `span`'s usual safe point
    /// (the `;` after a skipped class definition).
    pub restart: Option<Span>,
    /// The `{` a missing `}` at the end of the input would close (cudafe++'s `note: to
    /// match this "{"`); `None` for a braced initializer, which gets no note.
    pub open: Option<Span>,
}

// ---------------------------------------------------------------------------------------
// Names

/// One component of a (possibly qualified) name.
#[derive(Debug, Clone, PartialEq)]
pub enum NameKind {
    Ident(Symbol),
    /// `operator+`, `operator()`, `operator new[]`, ...
    Operator(OverloadedOp),
    /// `operator T`.
    Conversion(Box<TypeId>),
    /// `~C` (or `~decltype(...)`).
    Destructor(Symbol),
    /// `operator""_x`.
    LiteralOperator(Symbol),
    /// `decltype(e)` as a nested-name-specifier.
    Decltype(Box<Expr>),
}

/// A component with its optional template arguments: `vector<int>` in `std::vector<int>::x`.
#[derive(Debug, Clone, PartialEq)]
pub struct NameSegment {
    pub kind: NameKind,
    /// `template` keyword before this component (`T::template f<int>`).
    pub template_kw: bool,
    pub args: Option<TemplateArgs>,
    pub span: Span,
}

impl NameSegment {
    pub fn ident(&self) -> Option<Symbol> {
        match self.kind {
            NameKind::Ident(s) => Some(s),
            _ => None,
        }
    }
}

/// Template arguments `<...>` with the span of the angle brackets.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateArgs {
    pub args: List<TemplateArg>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TemplateArg {
    Type(TypeId),
    Expr(Expr),
    /// A name that could be a template template argument or a value; kept as a name.
    Name(QualName),
    /// `X...`
    Pack(Box<TemplateArg>),
}

/// What lookup found for a name while parsing.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Resolution {
    /// Not looked up, or nothing found.
    #[default]
    Unresolved,
    /// One entity (a variable, a type, a namespace, a template, ...).
    Entity(EntityId),
    /// A set of functions or function templates (an overload set).
    Overloads(List<EntityId>),
    /// A name whose meaning depends on template parameters.
    Dependent,
}

impl Resolution {
    pub fn entity(&self) -> Option<EntityId> {
        match self {
            Resolution::Entity(e) => Some(*e),
            _ => None,
        }
    }

    /// Every entity the name may refer to.
    pub fn entities(&self) -> &[EntityId] {
        match self {
            Resolution::Entity(e) => std::slice::from_ref(e),
            Resolution::Overloads(v) => v,
            _ => &[],
        }
    }
}

/// A possibly qualified name: `::std::vector<int>::size_type`.
#[derive(Debug, Clone, PartialEq)]
pub struct QualName {
    /// Starts with `::`.
    pub global: bool,
    /// Its first component, an identifier before `::`, names nothing unqualified lookup
    /// finds where it stands (`Bar::x` with no `Bar` declared).
    pub unfound_qualifier: bool,
    pub segments: List<NameSegment>,
    pub span: Span,
    pub resolution: Resolution,
}

impl QualName {
    pub fn last(&self) -> &NameSegment {
        self.segments.last().expect("a name has a component")
    }

    /// The final identifier, if the name ends in one.
    pub fn ident(&self) -> Option<Symbol> {
        self.segments.last().and_then(NameSegment::ident)
    }

    pub fn is_qualified(&self) -> bool {
        self.global || self.segments.len() > 1
    }
}

// ---------------------------------------------------------------------------------------
// Attributes

/// How an attribute was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttrSyntax {
    /// `__attribute__((name(args)))`
    Gnu,
    /// `[[ns::name(args)]]`
    Cxx11,
    /// `__declspec(name)`
    Declspec,
    /// `alignas(x)`
    Alignas,
}

/// One attribute. CUDA's keywords reach us as GNU attributes: `__device__` is
/// `__attribute__((device))` after preprocessing.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub syntax: AttrSyntax,
    /// The name with one leading and trailing `__` pair removed (`__device__` → `device`).
    pub name: Symbol,
    /// `gnu` in `[[gnu::always_inline]]`.
    pub namespace: Option<Symbol>,
    /// Arguments parsed as expressions where they are (launch bounds, alignment, ...).
    pub args: List<Expr>,
    /// The span of the argument list including parentheses, if any.
    pub args_span: Option<Span>,
    /// The attribute itself (`device` or `launch_bounds(256, 2)`).
    pub span: Span,
    /// The whole written group it belongs to (`__attribute__((device))`, `[[...]]`).
    pub group: Span,
}

// ---------------------------------------------------------------------------------------
// Types

/// The fundamental type keywords of a declaration, counted as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct BuiltinSpec {
    pub void: bool,
    pub bool_: bool,
    pub char: bool,
    pub wchar: bool,
    pub char8: bool,
    pub char16: bool,
    pub char32: bool,
    pub short: bool,
    pub int: bool,
    pub long: u8,
    pub signed: bool,
    pub unsigned: bool,
    pub float: bool,
    pub double: bool,
    pub int128: bool,
    pub float128: bool,
    /// `_Float16`, `__bf16`, `_Float32` ...: named extended floating types.
    pub extended_float: Option<Symbol>,
    pub complex: bool,
}

impl BuiltinSpec {
    pub fn is_empty(&self) -> bool {
        *self == BuiltinSpec::default()
    }
}

/// The type part of a declaration's specifiers.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum TypeSpec {
    /// No type specifier (constructors, destructors, conversion functions, errors).
    #[default]
    None,
    Builtin(BuiltinSpec),
    /// A (possibly qualified, possibly templated) type name, or `typename T::x`.
    Named {
        name: QualName,
        typename_kw: bool,
    },
    /// `struct S`, `enum E`, `class C<int>` without a body.
    Elaborated {
        tag: TagKind,
        name: QualName,
        /// Attributes between the key and the end of the name (`struct __device__ S`).
        attrs: List<Attribute>,
    },
    Class(Box<ClassSpec>),
    Enum(Box<EnumSpec>),
    Decltype(Box<Expr>),
    DecltypeAuto,
    Auto,
    /// `__typeof__(e)` / `__typeof__(T)`.
    Typeof(Box<TypeOrExpr>),
    /// `__underlying_type(T)` and similar type-valued builtins.
    BuiltinTransform {
        name: Symbol,
        args: List<TypeOrExpr>,
    },
    /// A constrained placeholder: `std::integral auto`.
    ConstrainedAuto {
        concept: QualName,
        decltype_auto: bool,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagKind {
    Struct,
    Class,
    Union,
    Enum,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Public,
    Protected,
    Private,
}

/// A base class: `public virtual B<T>`.
#[derive(Debug, Clone, PartialEq)]
pub struct BaseSpec {
    pub access: Option<Access>,
    pub is_virtual: bool,
    pub name: QualName,
    pub pack: bool,
    pub span: Span,
    /// The name denotes no class: the base is dropped, with this error.
    pub problem: Option<Box<BaseProblem>>,
}

/// Why a base-specifier names no class, as cudafe++ reports it (each at `at`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BaseProblem {
    /// `not a class or struct name`: an unknown or non-class name, or the unknown first
    /// component of a qualified name.
    NotAClass { at: Span },
    /// `X is not a template`: an unknown name followed by `<`.
    NotATemplate { name: Symbol, at: Span },
    /// `namespace "N" has no member class "x"` (or `class "C"`, `union "U"`).
    NoMemberClass {
        owner: EntityId,
        name: Symbol,
        at: Span,
    },
    /// `namespace "N" has no member "x"` where a type belongs, a declarator after it
    /// (`thrust::nope x;`): EDG takes the name for a type and goes on (the whole problem),
    /// or, with template arguments after it, reports the syntax error there next.
    NoMember {
        owner: EntityId,
        name: Symbol,
        at: Span,
    },
    /// `qualified name is not allowed` and `this declaration has no storage class or type
    /// specifier`, both at a member declaration's first token: a class member that starts
    /// with a namespace's missing member and template arguments (`thrust::gone<int> x;`),
    /// which EDG takes for a qualified declarator. The syntax error at the `<` follows.
    QualifiedNoType { at: Span },
    /// `explicit type is missing ("int" assumed)` and `qualified name is not allowed`, both
    /// at a parameter's name: a parameter whose cv-qualifiers a namespace's missing member
    /// with template arguments follows (`const thrust::gone<int> &v`), which EDG takes for
    /// the parameter's qualified name. The syntax error at the `<` follows.
    QualifiedParamNoType { at: Span },
    /// `the global scope has no class named "x"`.
    GlobalNoClass { name: Symbol, at: Span },
    /// `name followed by "::" must be a class or namespace name`: an unknown middle
    /// component.
    NotClassOrNamespace { at: Span },
    /// `this declaration has no storage class or type specifier`: a declaration outside
    /// functions that starts with an undeclared name before its specifiers (`FOO int x;`,
    /// an undefined macro), which EDG takes for the declarator.
    NoTypeSpecifier { at: Span },
    /// `identifier "FOO" is undefined` where a type belongs (`FOO x;`): the whole problem —
    /// EDG takes the name for a type and goes on, so no syntax error follows.
    UndefinedType { name: Symbol, at: Span },
    /// `FOO is not a template` where a type belongs, for an undeclared name with template
    /// arguments outside functions (`texture<float, 2> tex;`, an API that is gone): the
    /// whole problem, as for [`BaseProblem::UndefinedType`].
    NotATemplateType { name: Symbol, at: Span },
    /// `identifier "FOO" is undefined` before the syntax error after it (`FOO int x;` in a
    /// block, where EDG reads `FOO` as an expression).
    Undeclared { name: Symbol, at: Span },
    /// `class "S" may not have a template argument list` (`type "I"` for a typedef): a
    /// class or typedef that is no template written with template arguments where a type
    /// belongs, a declarator after them (`S<int> x;`). EDG drops the arguments and goes on
    /// with the type: the whole problem.
    UnexpectedTemplateArgs { entity: EntityId, at: Span },
}

/// A class definition: `struct S : B { ... }`.
#[derive(Debug, Clone, PartialEq)]
pub struct ClassSpec {
    pub tag: TagKind,
    /// `None` for an anonymous class.
    pub name: Option<QualName>,
    pub attrs: List<Attribute>,
    pub is_final: bool,
    pub bases: List<BaseSpec>,
    pub members: List<Decl>,
    /// The braces and everything between them.
    pub body: Span,
    /// The whole specifier, from the class key to the closing brace.
    pub span: Span,
    pub entity: Option<EntityId>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Enumerator {
    pub name: Symbol,
    pub value: Option<Expr>,
    pub attrs: List<Attribute>,
    pub span: Span,
    pub entity: Option<EntityId>,
}

/// An enum specifier: `enum class E : int { A, B }` (or an opaque declaration).
#[derive(Debug, Clone, PartialEq)]
pub struct EnumSpec {
    pub scoped: bool,
    pub name: Option<QualName>,
    pub attrs: List<Attribute>,
    pub underlying: Option<Box<TypeId>>,
    /// `None` for an opaque declaration without a body.
    pub enumerators: Option<List<Enumerator>>,
    pub span: Span,
    pub entity: Option<EntityId>,
}

/// A type written on its own (casts, template arguments, `sizeof(T)`, `new T`, ...).
#[derive(Debug, Clone, PartialEq)]
pub struct TypeId {
    pub specs: DeclSpecs,
    pub declarator: Declarator,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum TypeOrExpr {
    Type(TypeId),
    Expr(Expr),
}

// ---------------------------------------------------------------------------------------
// Declarations

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageClass {
    Static,
    Extern,
    Register,
    Mutable,
    ThreadLocal,
    /// `__thread` (GNU).
    GnuThread,
}

/// The specifiers of a declaration, in any order: storage, function specifiers, the type,
/// cv-qualifiers and attributes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeclSpecs {
    pub storage: Option<StorageClass>,
    pub thread_local: bool,
    pub is_typedef: bool,
    pub is_friend: bool,
    pub is_inline: bool,
    pub is_virtual: bool,
    pub is_explicit: bool,
    pub explicit_cond: Option<Box<Expr>>,
    pub is_constexpr: bool,
    pub is_consteval: bool,
    pub is_constinit: bool,
    pub is_const: bool,
    pub is_volatile: bool,
    pub is_restrict: bool,
    /// `__extension__` seen.
    pub extension: bool,
    pub ty: TypeSpec,
    pub attrs: List<Attribute>,
    /// The span of the specifiers (empty at the declarator's start when there are none).
    pub span: Span,
}

/// A parameter of a function declarator.
#[derive(Debug, Clone, PartialEq)]
pub struct Param {
    pub specs: DeclSpecs,
    pub declarator: Declarator,
    pub default: Option<Box<Expr>>,
    pub span: Span,
    pub entity: Option<EntityId>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefQualifier {
    LValue,
    RValue,
}

/// `noexcept`, `noexcept(e)` or `throw(...)`.
#[derive(Debug, Clone, PartialEq)]
pub enum ExceptionSpec {
    Noexcept(Option<Box<Expr>>),
    Throw(List<TypeId>),
}

/// The function part of a declarator: `(params) const & noexcept -> R`.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionChunk {
    pub params: List<Param>,
    pub variadic: bool,
    /// The parentheses around the parameters.
    pub params_span: Span,
    pub is_const: bool,
    pub is_volatile: bool,
    pub ref_qualifier: Option<RefQualifier>,
    pub exception: Option<ExceptionSpec>,
    pub trailing_return: Option<Box<TypeId>>,
    pub attrs: List<Attribute>,
    pub span: Span,
}

impl FunctionChunk {
    /// `(void)`: no parameters.
    pub fn has_void_params(&self) -> bool {
        self.params.len() == 1
            && self.params[0].declarator.name.is_none()
            && self.params[0].declarator.ops.is_empty()
            && matches!(&self.params[0].specs.ty, TypeSpec::Builtin(b) if b.void)
    }
}

/// One step from the declarator's name outwards.
#[derive(Debug, Clone, PartialEq)]
pub enum DeclaratorOp {
    Pointer {
        is_const: bool,
        is_volatile: bool,
        is_restrict: bool,
        attrs: List<Attribute>,
    },
    LValueRef,
    RValueRef,
    MemberPointer {
        class: QualName,
        is_const: bool,
        is_volatile: bool,
    },
    Array {
        size: Option<Box<Expr>>,
        span: Span,
    },
    Function(Box<FunctionChunk>),
}

/// A declarator: the name being declared and the operators that build its type, listed from
/// the name outwards (`int *f()` is `[Function, Pointer]`: a function returning a pointer).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Declarator {
    pub name: Option<QualName>,
    /// `...` before the name (a parameter pack).
    pub pack: bool,
    pub ops: List<DeclaratorOp>,
    pub attrs: List<Attribute>,
    pub span: Span,
}

impl Declarator {
    /// The function chunk that makes this declarator declare a function, if it does: the
    /// first operator applied to the name.
    pub fn function(&self) -> Option<&FunctionChunk> {
        match self.ops.first() {
            Some(DeclaratorOp::Function(f)) => Some(f),
            _ => None,
        }
    }

    pub fn is_function(&self) -> bool {
        self.function().is_some()
    }
}

/// An initializer.
#[derive(Debug, Clone, PartialEq)]
pub enum Initializer {
    /// `= e` (also `= {...}`).
    Assign(Expr),
    /// `(a, b)`.
    Paren(List<Expr>, Span),
    /// `{a, b}`.
    Brace(Expr),
    /// `= 0` on a virtual function.
    PureVirtual,
    /// `= default`.
    Default,
    /// `= delete` or `= delete("why")`.
    Delete,
}

#[derive(Debug, Clone, PartialEq)]
pub struct InitDeclarator {
    pub declarator: Declarator,
    pub init: Option<Initializer>,
    /// `: width` for a bit-field.
    pub bitfield: Option<Box<Expr>>,
    /// A trailing requires-clause.
    pub requires: Option<Box<Expr>>,
    /// GNU `asm("label")`.
    pub asm_label: Option<Span>,
    pub span: Span,
    pub entity: Option<EntityId>,
}

/// A member initializer in a constructor: `x(1)` or `Base{2}`.
#[derive(Debug, Clone, PartialEq)]
pub struct MemInit {
    pub name: QualName,
    pub args: List<Expr>,
    pub braced: bool,
    pub pack: bool,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum FunctionBody {
    /// `{ ... }`, possibly a function-try-block.
    Compound(Box<Stmt>),
    Try {
        body: Box<Stmt>,
        handlers: List<Handler>,
    },
    Default,
    Delete,
    /// A member function body the parser has not read yet (it waits for its class to be
    /// complete); never present in a finished tree.
    Late(u32),
    /// A body in a system header that the parser skipped, with brackets balanced, because
    /// nothing in it matters to the later stages (see
    /// [`ParseOptions::lazy_system_bodies`](crate::syntax::parser::ParseOptions)): no
    /// lambda, launch or attribute, and no name of a device-side entity. It keeps the
    /// spans of the `#pragma` lines inside, in order (diagnostic pragmas take effect where
    /// they stand). The definition's `body_span` is the braces and what they hold.
    Skipped(List<Span>),
}

/// A function definition.
#[derive(Debug, Clone, PartialEq)]
pub struct FunctionDef {
    pub specs: DeclSpecs,
    pub declarator: Declarator,
    pub requires: Option<Expr>,
    pub mem_inits: List<MemInit>,
    pub body: FunctionBody,
    /// From the ctor-initializer's `:` (or the `{`) to the closing brace; for `= default`
    /// and `= delete`, the `= ...` part.
    pub body_span: Span,
    pub entity: Option<EntityId>,
}

/// A template parameter.
#[derive(Debug, Clone, PartialEq)]
pub enum TemplateParamKind {
    /// `class T = int`, `typename... Ts`, or `Concept T`.
    Type {
        constraint: Option<QualName>,
        default: Option<Box<TypeId>>,
    },
    /// `int N = 3`.
    NonType { param: Box<Param> },
    /// `template <class> class TT = std::vector`.
    Template {
        params: List<TemplateParam>,
        default: Option<QualName>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct TemplateParam {
    pub name: Option<Symbol>,
    pub pack: bool,
    pub kind: TemplateParamKind,
    pub span: Span,
    pub entity: Option<EntityId>,
}

/// `template <...> requires C` before a declaration.
#[derive(Debug, Clone, PartialEq)]
pub struct TemplateHead {
    pub params: List<TemplateParam>,
    pub requires: Option<Box<Expr>>,
    /// From `template` to the closing `>` (and the requires-clause).
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub struct NamespaceDecl {
    /// `None` for an anonymous namespace; several for `namespace a::b::c`.
    pub names: List<Symbol>,
    pub is_inline: bool,
    pub attrs: List<Attribute>,
    pub decls: List<Decl>,
    /// The braces and their contents.
    pub body: Span,
    pub entity: Option<EntityId>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum DeclKind {
    /// A lone `;`.
    Empty,
    /// A `#pragma` line or `_Pragma(...)`.
    Pragma,
    /// An attribute declaration `[[...]];`.
    Attributes(List<Attribute>),
    Namespace(Box<NamespaceDecl>),
    NamespaceAlias {
        name: Symbol,
        target: QualName,
    },
    /// `extern "C" { ... }` or `extern "C" decl`.
    LinkageSpec {
        lang: Span,
        braced: bool,
        decls: List<Decl>,
    },
    /// `template <...> decl`; `template <>` (an explicit specialization) has no parameters.
    Template {
        head: TemplateHead,
        decl: Box<Decl>,
    },
    /// `template decl;` or `extern template decl;`
    ExplicitInstantiation {
        is_extern: bool,
        decl: Box<Decl>,
    },
    /// Declarations with specifiers and declarators (variables, function declarations,
    /// typedefs, class definitions, members).
    Simple {
        specs: DeclSpecs,
        declarators: List<InitDeclarator>,
    },
    Function(Box<FunctionDef>),
    UsingDirective {
        ns: QualName,
    },
    UsingDecl {
        names: List<QualName>,
        typename_kw: bool,
    },
    UsingEnum {
        name: QualName,
    },
    /// `using X = T;`
    Alias {
        name: Symbol,
        ty: Box<TypeId>,
        entity: Option<EntityId>,
    },
    StaticAssert {
        cond: Expr,
        message: Option<Box<Expr>>,
    },
    /// A GNU `asm(...)` at namespace scope.
    Asm,
    Concept {
        name: Symbol,
        constraint: Expr,
        entity: Option<EntityId>,
    },
    /// `template <class T> S(T) -> S<T>;`
    DeductionGuide {
        name: QualName,
        params: Box<FunctionChunk>,
        result: Box<TypeId>,
    },
    /// `public:` inside a class.
    AccessSpec(Access),
    /// A construct the parser skipped (see [`TranslationUnit::recoveries`]).
    Error,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Decl {
    pub kind: DeclKind,
    pub span: Span,
}

// ---------------------------------------------------------------------------------------
// Statements

#[derive(Debug, Clone, PartialEq)]
pub struct Handler {
    /// `None` for `catch (...)`.
    pub param: Option<Box<Param>>,
    pub body: Box<Stmt>,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum StmtKind {
    Compound(List<Stmt>),
    Expr(Expr),
    Decl(Box<Decl>),
    Null,
    If {
        is_constexpr: bool,
        /// `if consteval` / `if !consteval`.
        consteval: Option<bool>,
        init: Option<Box<Stmt>>,
        cond: Option<Box<Condition>>,
        then: Box<Stmt>,
        else_: Option<Box<Stmt>>,
    },
    Switch {
        init: Option<Box<Stmt>>,
        cond: Box<Condition>,
        body: Box<Stmt>,
    },
    While {
        cond: Box<Condition>,
        body: Box<Stmt>,
    },
    DoWhile {
        body: Box<Stmt>,
        cond: Expr,
    },
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Box<Condition>>,
        step: Option<Expr>,
        body: Box<Stmt>,
    },
    RangeFor {
        init: Option<Box<Stmt>>,
        decl: Box<Decl>,
        range: Expr,
        body: Box<Stmt>,
    },
    Break,
    Continue,
    Return(Option<Expr>),
    CoReturn(Option<Expr>),
    Goto(Option<Symbol>),
    Label {
        name: Symbol,
        stmt: Box<Stmt>,
    },
    Case {
        value: Expr,
        /// GNU `case 1 ... 3:`.
        upper: Option<Box<Expr>>,
        stmt: Box<Stmt>,
    },
    Default(Box<Stmt>),
    Try {
        body: Box<Stmt>,
        handlers: List<Handler>,
    },
    Asm,
    Pragma,
    /// A statement the parser skipped.
    Error,
}

/// A condition: an expression or a declaration with an initializer.
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    Expr(Expr),
    Decl(Box<Decl>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    pub attrs: List<Attribute>,
}

// ---------------------------------------------------------------------------------------
// Expressions

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnaryOp {
    Plus,
    Minus,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    /// GNU `&&label`.
    LabelAddr,
    /// `__real__`, `__imag__`, `__extension__` and friends.
    Extension,
    CoAwait,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinaryOp {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Spaceship,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
    Comma,
    PtrMemD,
    PtrMemI,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssignOp {
    Assign,
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    And,
    Xor,
    Or,
}

/// The operator of an `operator@` name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OverloadedOp {
    New,
    Delete,
    NewArray,
    DeleteArray,
    CoAwait,
    Call,
    Subscript,
    Arrow,
    ArrowStar,
    Tilde,
    Exclaim,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Caret,
    Amp,
    Pipe,
    Assign,
    Less,
    Greater,
    PlusAssign,
    MinusAssign,
    StarAssign,
    SlashAssign,
    PercentAssign,
    CaretAssign,
    AmpAssign,
    PipeAssign,
    LessLess,
    GreaterGreater,
    LessLessAssign,
    GreaterGreaterAssign,
    EqualEqual,
    ExclaimEqual,
    LessEqual,
    GreaterEqual,
    Spaceship,
    AmpAmp,
    PipePipe,
    PlusPlus,
    MinusMinus,
    Comma,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastKind {
    /// `(T)e`
    CStyle,
    Static,
    Dynamic,
    Const,
    Reinterpret,
    /// `__builtin_bit_cast(T, e)`
    Bit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiteralKind {
    Integer,
    Float,
    Char,
    String,
    /// A literal with a user-defined suffix.
    UserDefined,
}

/// A lambda capture.
#[derive(Debug, Clone, PartialEq)]
pub enum Capture {
    /// `=`
    DefaultCopy,
    /// `&`
    DefaultRef,
    This,
    /// `*this`
    StarThis,
    /// `x`, `&x`, `x...`, `&x...`
    Var {
        name: Symbol,
        by_ref: bool,
        pack: bool,
        span: Span,
    },
    /// `x = e`, `&x = e`, `...x = e`
    Init {
        name: Symbol,
        by_ref: bool,
        pack: bool,
        init: Box<Initializer>,
        span: Span,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Lambda {
    pub captures: List<Capture>,
    /// The `[...]` introducer.
    pub intro_span: Span,
    pub template: Option<TemplateHead>,
    /// `None` when the lambda has no parameter list.
    pub params: Option<Box<FunctionChunk>>,
    /// Attributes between the introducer and the body (`__device__` is one).
    pub attrs: List<Attribute>,
    pub is_mutable: bool,
    pub is_constexpr: bool,
    pub is_consteval: bool,
    pub is_static: bool,
    pub requires: Option<Box<Expr>>,
    pub body: Box<Stmt>,
    pub entity: Option<EntityId>,
    /// The lambda's own scope (its parent is the scope the lambda expression is in).
    pub scope: Option<ScopeId>,
}

/// `new (place) T(args)`.
#[derive(Debug, Clone, PartialEq)]
pub struct NewExpr {
    pub global: bool,
    pub placement: List<Expr>,
    pub ty: TypeId,
    /// Array sizes after the type: `new int[n]`.
    pub array_sizes: List<Expr>,
    pub init: Option<Initializer>,
}

/// A requirement in a requires-expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Requirement {
    Simple(Expr),
    Type(TypeId),
    Compound {
        expr: Expr,
        noexcept: bool,
        ret: Option<TypeId>,
    },
    Nested(Expr),
}

#[derive(Debug, Clone, PartialEq)]
pub enum ExprKind {
    /// An id-expression.
    Name(QualName),
    Literal(LiteralKind),
    /// Adjacent string literals, concatenated.
    Strings(u32),
    Bool(bool),
    Nullptr,
    This,
    Paren(Box<Expr>),
    Unary(UnaryOp, Box<Expr>),
    PostInc(Box<Expr>),
    PostDec(Box<Expr>),
    Binary(BinaryOp, Box<Expr>, Box<Expr>),
    Assign(AssignOp, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Option<Box<Expr>>, Box<Expr>),
    Call {
        callee: Box<Expr>,
        args: List<Expr>,
        /// The parentheses and arguments.
        args_span: Span,
    },
    /// `callee<<<config>>>(args)`, a CUDA kernel launch.
    Launch {
        callee: Box<Expr>,
        config: List<Expr>,
        /// From the first `<` of `<<<` to the last `>` of `>>>`.
        config_span: Span,
        args: List<Expr>,
        args_span: Span,
    },
    Member {
        base: Box<Expr>,
        arrow: bool,
        name: QualName,
    },
    Index(Box<Expr>, Box<Expr>),
    Cast {
        kind: CastKind,
        ty: Box<TypeId>,
        expr: Box<Expr>,
    },
    /// `T(args)` or `T{args}`: an explicit type conversion in functional notation.
    Construct {
        ty: Box<TypeId>,
        args: List<Expr>,
        braced: bool,
    },
    SizeofType(Box<TypeId>),
    SizeofExpr(Box<Expr>),
    /// `sizeof...(Ts)`
    SizeofPack(Symbol),
    AlignofType(Box<TypeId>),
    AlignofExpr(Box<Expr>),
    TypeidType(Box<TypeId>),
    TypeidExpr(Box<Expr>),
    Noexcept(Box<Expr>),
    New(Box<NewExpr>),
    Delete {
        global: bool,
        array: bool,
        expr: Box<Expr>,
    },
    Throw(Option<Box<Expr>>),
    CoYield(Box<Expr>),
    Lambda(Box<Lambda>),
    /// `{a, b}` (also with designators; see [`ExprKind::Designated`]).
    InitList(List<Expr>),
    /// `.x = e` or `[2] = e` inside an initializer list.
    Designated {
        designators: List<Designator>,
        value: Box<Expr>,
    },
    /// `e...`
    PackExpansion(Box<Expr>),
    /// `(a op ... op b)`
    Fold {
        lhs: Option<Box<Expr>>,
        op: FoldOp,
        rhs: Option<Box<Expr>>,
    },
    Requires {
        params: Option<Box<FunctionChunk>>,
        requirements: List<Requirement>,
    },
    /// GNU `({ ... })`.
    StmtExpr(Box<Stmt>),
    /// A compiler builtin called with types or expressions: `__builtin_offsetof(T, m)`,
    /// `__is_same(T, U)`, `__builtin_va_arg(ap, T)`.
    Builtin {
        name: Symbol,
        args: List<TypeOrExpr>,
    },
    /// A type keyword where an expression belongs, not followed by `(` or `{` (`x + int`):
    /// EDG reports `type name is not allowed` at it and reads on after it (the one token).
    TypeName,
    /// A pseudo-destructor call's name or other constructs kept only for their span.
    Opaque,
    /// An expression the parser could not read.
    Error,
}

/// The operator of a fold expression: any binary operator, the comma included, or any
/// assignment operator (`(args += ...)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoldOp {
    Binary(BinaryOp),
    Assign(AssignOp),
}

#[derive(Debug, Clone, PartialEq)]
pub enum Designator {
    Field(Symbol),
    Index(Expr),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    pub fn error(span: Span) -> Expr {
        Expr {
            kind: ExprKind::Error,
            span,
        }
    }

    /// Strips parentheses.
    pub fn unparen(&self) -> &Expr {
        match &self.kind {
            ExprKind::Paren(e) => e.unparen(),
            _ => self,
        }
    }
}
