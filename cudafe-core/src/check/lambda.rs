//! The restrictions on extended lambdas (`--extended-lambda`), as cudafe++ 13.0 reports them
//! in its host run (verified against the real binary).
//!
//! A lambda is *extended* when `__device__` is among the attributes between its introducer
//! and its parameters (`[=] __device__ (...) {..}`: a device lambda; with `__host__` too: a
//! host-device (HD) lambda) and it is defined in host code: inside a `__host__` or
//! `__host__ __device__` function, not in a `__device__` or `__global__` function nor inside
//! a device lambda. A lambda at namespace scope is not checked at all.
//!
//! The checks run in this order, as cudafe++ makes them while it parses the lambda:
//!
//! 1. After the attributes (the caret at the parameter list, or at the body when there is
//!    none), the enclosing context. Walking out through the enclosing lambdas, the first
//!    generic one gives `cannot be defined inside a generic lambda expression("operator()")`
//!    and the first extended HD one `... inside an extended __host__ __device__  lambda
//!    expression("operator()")`; either ends this step, and the rest of steps 1 and 2 is
//!    left out. Otherwise the enclosing function (the innermost named function around the
//!    lambda) must not be defined in a local class, not be a constructor or destructor (its
//!    address must be taken), not have a deduced return type, not be a member of an
//!    unnamed class, not be private or protected, and no class around it may be a private
//!    or protected member of another (each such class is named, innermost first). Then a
//!    `&` capture default is reported here.
//! 2. The explicit captures, in order: `&x` and `&x = e` (capture by reference), `x...`
//!    (an element of a pack), the type of a captured variable (see below), and an
//!    init-capture of an HD lambda. The caret is at the captured name.
//! 3. At the body's `{`: `constexpr` (or `consteval`).
//! 4. At the introducer: an HD lambda must not be generic.
//! 5. The init-captures of a device lambda, at each name: an array type, a
//!    `std::initializer_list` type, the type check.
//! 6. In the body, each variable captured implicitly, at its first use: by reference (a `&`
//!    default), the type check; and `Implicit capture of 'this'` (a warning, off unless
//!    enabled) at the first use of `this` under a capture default.
//!
//! The type check: no class or enum in the variable's type (through pointers, arrays,
//! typedefs and template arguments; every occurrence) may be local to a function (`A type
//! local to a function ("L")`) or a private or protected member of a class, or nested in
//! one (`A type that is a private or protected class member ("ns::C::Priv")`). Typedefs
//! themselves may be private. The type checks are left out in templates (also inside a
//! generic lambda), even at instantiation; everything else is checked where the template
//! is defined, and not again per instantiation.
//!
//! Independently of `--extended-lambda`, an execution-space annotation after the parameter
//! list (`[] (int x) __device__ {..}`) annotates `operator()` itself: an error at the body.
//!
//! We report only what we can see for sure: a variable declared with `auto`, or a type we
//! cannot resolve, passes.

use crate::diag::{Diagnostic, Severity, ids};
use crate::intern::{FxHashSet, Symbol};
use crate::sema::{EntityId, EntityKind, ScopeId, ScopeKind};
use crate::source_map::{Offset, Span};
use crate::syntax::ast::*;

use super::{Checker, Exec};

/// A lambda whose body is being walked.
#[derive(Debug, Clone)]
pub(crate) struct LambdaFrame {
    /// Where its introducer starts: variables declared before are captured from outside.
    intro: Offset,
    pub(crate) generic: bool,
    /// A checked extended lambda: `__device__` or `__host__ __device__`.
    space: Option<&'static str>,
    hd: bool,
    default_ref: bool,
    default_copy: bool,
    /// Names in its capture list.
    explicit: Vec<Symbol>,
    /// Names in its capture list captured by reference.
    explicit_ref: Vec<Symbol>,
    /// `this` or `*this` in its capture list, or captured implicitly already.
    this_captured: bool,
    /// Variables it has captured implicitly so far.
    captured: FxHashSet<EntityId>,
    /// Its body is a template (a template around it, or a generic lambda).
    in_template: bool,
}

/// A local variable (or parameter) visible at this point of the walk.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Local<'a> {
    pub sym: Symbol,
    pub entity: Option<EntityId>,
    /// Its declared type, when it is written out.
    pub ty: Option<(&'a DeclSpecs, &'a Declarator)>,
    /// A name a structured binding declares.
    pub binding: bool,
}

/// What the type check found.
enum TypeProblem {
    Local(String),
    Private(String),
}

const DEVICE: &str = "__device__";
const HOST_DEVICE: &str = "__host__ __device__";

impl<'a> Checker<'a> {
    /// Records the access of a class's members as its declarations are walked (`class`
    /// members start private, `struct` and `union` ones public).
    pub(crate) fn note_member_access(&mut self, d: &'a Decl, access: Access) {
        match &d.kind {
            DeclKind::Simple { specs, declarators } => {
                if specs.is_friend {
                    return;
                }
                match &specs.ty {
                    TypeSpec::Class(c) => {
                        if let Some(e) = c.entity {
                            self.member_access.insert(e, access);
                        }
                    }
                    TypeSpec::Enum(en) => {
                        if let Some(e) = en.entity {
                            self.member_access.insert(e, access);
                        }
                    }
                    TypeSpec::Elaborated { name, .. } if declarators.is_empty() => {
                        if let Some(e) = name.resolution.entity() {
                            self.member_access.entry(e).or_insert(access);
                        }
                    }
                    _ => {}
                }
                for id in declarators {
                    if let Some(e) = id.entity {
                        self.member_access.insert(e, access);
                    }
                }
            }
            DeclKind::Function(f) => {
                if f.specs.is_friend {
                    return;
                }
                if let Some(e) = f.entity {
                    self.member_access.insert(e, access);
                }
            }
            DeclKind::Template { decl, .. } => self.note_member_access(decl, access),
            DeclKind::Alias {
                entity: Some(e), ..
            } => {
                self.member_access.insert(*e, access);
            }
            _ => {}
        }
    }

    fn is_hidden_member(&self, e: EntityId) -> bool {
        matches!(
            self.member_access.get(&e),
            Some(Access::Private | Access::Protected)
        )
    }

    /// The execution-space attributes of a lambda written before its parameter list (all of
    /// them when it has none), and those written after it.
    fn lambda_exec_attrs(&self, l: &'a Lambda) -> (Vec<Exec>, Vec<&'a Attribute>) {
        let params_end = l.params.as_ref().map(|p| p.params_span.hi);
        let mut before = Vec::new();
        let mut after = Vec::new();
        for a in &l.attrs {
            let Some(k) = self.exec_kind(a) else { continue };
            match params_end {
                Some(end) if a.span.lo >= end => after.push(a),
                _ => before.push(k),
            }
        }
        if let Some(p) = &l.params {
            for a in &p.attrs {
                if self.exec_kind(a).is_some() {
                    after.push(a);
                }
            }
        }
        (before, after)
    }

    /// A lambda expression: the annotation rules, the extended-lambda restrictions, then
    /// its body.
    pub(crate) fn lambda(&mut self, l: &'a Lambda) {
        self.index.lambda(l);
        self.capture_list_rules(l);
        let (before, after) = self.lambda_exec_attrs(l);
        let host = before.contains(&Exec::Host);
        let device = before.contains(&Exec::Device);
        let annotated = host || device;
        if annotated && !self.opts.extended_lambda {
            self.emit(Diagnostic::new(
                ids::EXTENDED_LAMBDA_DISALLOWED,
                self.after_lambda_attributes(l),
            ));
        }
        // Init-captures are evaluated where the lambda stands.
        for c in &l.captures {
            if let Capture::Init { init, .. } = c {
                self.initializer_exprs(init);
            }
        }
        let enclosing = self.func.map(|f| f.exec).unwrap_or_default();
        let host_context = !(enclosing.is_device_only() || enclosing.global);
        let has_context = self.cur_fn.is_some() || !self.lambda_frames.is_empty();
        let space = (self.opts.extended_lambda && device && host_context && has_context)
            .then_some(if host { HOST_DEVICE } else { DEVICE });
        let enclosing_template = self.func.is_some_and(|f| f.in_template)
            || self.lambda_frames.iter().any(|f| f.generic);
        // The variables the capture list names are captured by the enclosing lambdas too.
        for c in &l.captures {
            if let Capture::Var { name, span, .. } = c {
                let at = self.capture_name_at(*span);
                if let Some(local) = self.find_local(*name)
                    && let Some(e) = local.entity
                {
                    self.capture_variable(e, at);
                }
            }
        }
        let generic = Self::is_generic(l);
        if let Some(space) = space {
            let enclosed = self.enclosing_lambda_problem(l, space);
            if !enclosed {
                self.parent_function_rules(l, space);
                if l.captures.iter().any(|c| matches!(c, Capture::DefaultRef)) {
                    self.emit(
                        Diagnostic::new(
                            ids::EXTENDED_LAMBDA_REFERENCE_CAPTURE,
                            self.after_lambda_attributes(l),
                        )
                        .arg_str(space),
                    );
                }
            }
            self.explicit_captures(l, (!enclosed).then_some(space), host, enclosing_template);
        } else {
            self.explicit_captures(l, None, host, enclosing_template);
        }
        if !after.is_empty() {
            self.emit(Diagnostic::new(
                ids::LAMBDA_OPERATOR_ANNOTATED,
                l.body.span.lo,
            ));
        }
        if let Some(space) = space {
            for (on, word) in [(l.is_constexpr, "constexpr"), (l.is_consteval, "consteval")] {
                if on {
                    self.emit(
                        Diagnostic::new(ids::EXTENDED_LAMBDA_CONSTEXPR, l.body.span.lo)
                            .arg_str(word)
                            .arg_str(space),
                    );
                }
            }
            if host && generic {
                self.emit(Diagnostic::new(
                    ids::EXTENDED_HOST_DEVICE_GENERIC_LAMBDA,
                    l.intro_span.lo,
                ));
            }
            if !host {
                self.init_captures(l, space, enclosing_template);
            }
        }

        // The body.
        let mut exec = self.func.map(|f| f.exec).unwrap_or_default();
        if annotated {
            exec = crate::sema::ExecSpace::default();
            exec.host = host;
            exec.device = device;
        }
        let frame = LambdaFrame {
            intro: l.intro_span.lo,
            generic,
            space,
            hd: host && space.is_some(),
            default_ref: l.captures.iter().any(|c| matches!(c, Capture::DefaultRef)),
            default_copy: l.captures.iter().any(|c| matches!(c, Capture::DefaultCopy)),
            explicit: l
                .captures
                .iter()
                .filter_map(|c| match c {
                    Capture::Var { name, .. } | Capture::Init { name, .. } => Some(*name),
                    _ => None,
                })
                .collect(),
            explicit_ref: l
                .captures
                .iter()
                .filter_map(|c| match c {
                    Capture::Var {
                        name, by_ref: true, ..
                    }
                    | Capture::Init {
                        name, by_ref: true, ..
                    } => Some(*name),
                    _ => None,
                })
                .collect(),
            this_captured: l
                .captures
                .iter()
                .any(|c| matches!(c, Capture::This | Capture::StarThis)),
            captured: FxHashSet::default(),
            in_template: enclosing_template || generic,
        };
        let locals_mark = self.locals.len();
        for c in &l.captures {
            if let Capture::Init { name, .. } = c {
                self.locals.push(Local {
                    sym: *name,
                    entity: None,
                    ty: None,
                    binding: false,
                });
            }
        }
        if let Some(p) = &l.params {
            self.push_params(p);
        }
        self.lambda_frames.push(frame);
        let saved = self.func.replace(super::FnCtx {
            entity: None,
            exec,
            in_template: self.func.is_some_and(|f| f.in_template) || l.template.is_some(),
        });
        self.stmt_in_lambda(&l.body);
        self.func = saved;
        self.lambda_frames.pop();
        self.locals.truncate(locals_mark);
    }

    /// Where cudafe++ stands once it has read a lambda's attributes: the parameter list, or
    /// the body when there is none.
    fn after_lambda_attributes(&self, l: &Lambda) -> Offset {
        match &l.params {
            Some(p) => p.params_span.lo,
            None => l.body.span.lo,
        }
    }

    fn is_generic(l: &Lambda) -> bool {
        l.template.is_some()
            || l.params.as_ref().is_some_and(|p| {
                p.params.iter().any(|p| {
                    matches!(
                        p.specs.ty,
                        TypeSpec::Auto | TypeSpec::DecltypeAuto | TypeSpec::ConstrainedAuto { .. }
                    )
                })
            })
    }

    /// The first byte of the name a capture names (after `&` and `...`).
    /// The capture list's own rules, as cudafe++ checks them while it reads the list: an
    /// explicit capture by the default's mode (`[=, x]`, `[&, &x]`, and `[=, this]` before
    /// C++20) and a name captured twice.
    fn capture_list_rules(&mut self, l: &Lambda) {
        let default_copy = l.captures.iter().any(|c| matches!(c, Capture::DefaultCopy));
        let default_ref = l.captures.iter().any(|c| matches!(c, Capture::DefaultRef));
        let cxx = if self.opts.cxx == 0 {
            17
        } else {
            self.opts.cxx
        };
        let mut names: Vec<Symbol> = Vec::new();
        for c in l.captures.iter() {
            match c {
                Capture::This if default_copy && cxx < 20 => {
                    if let Some(at) = self.this_capture_at(l.intro_span) {
                        self.emit(Diagnostic::new(ids::CAPTURE_MODE_MATCHES_DEFAULT, at));
                    }
                }
                Capture::Var {
                    name, by_ref, span, ..
                } => {
                    // At the `&` of a capture by reference, else at the name.
                    let at = if *by_ref {
                        span.lo
                    } else {
                        self.capture_name_at(*span)
                    };
                    if (*by_ref && default_ref) || (!*by_ref && default_copy) {
                        self.emit(Diagnostic::new(ids::CAPTURE_MODE_MATCHES_DEFAULT, at));
                    } else if names.contains(name) {
                        self.emit(Diagnostic::new(ids::MORE_THAN_ONE_CAPTURE, at));
                    } else if self.find_local(*name).is_some_and(|l| l.binding) {
                        let at = self.capture_name_at(*span);
                        self.captured_binding(at);
                    }
                    names.push(*name);
                }
                Capture::Init { name, span, .. } => {
                    if names.contains(name) {
                        let at = self.capture_name_at(*span);
                        self.emit(Diagnostic::new(ids::MORE_THAN_ONE_CAPTURE, at));
                    }
                    names.push(*name);
                }
                _ => {}
            }
        }
    }

    /// A structured binding captured (C++20): cudafe++ warns at each capture before C++20
    /// (in Clang mode it rejects it, which we do not reproduce).
    fn captured_binding(&mut self, at: Offset) {
        let cxx = if self.opts.cxx == 0 {
            17
        } else {
            self.opts.cxx
        };
        if cxx < 20 && !self.opts.clang {
            self.emit(
                Diagnostic::new(ids::CAPTURING_STRUCT_BINDINGS_IS_CPP20, at)
                    .severity(Severity::Warning),
            );
        }
    }

    /// Where the capture list in `intro` captures `this` (not `*this`).
    fn this_capture_at(&self, intro: Span) -> Option<Offset> {
        let text = self.map.text();
        let (lo, hi) = (intro.lo as usize, (intro.hi as usize).min(text.len()));
        let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b == b'$';
        let mut i = lo;
        while i + 4 <= hi {
            if &text[i..i + 4] == b"this"
                && (i == 0 || !ident(text[i - 1]))
                && text.get(i + 4).is_none_or(|&b| !ident(b))
            {
                let before = text[lo..i].trim_ascii_end();
                if !before.ends_with(b"*") {
                    return Some(i as Offset);
                }
            }
            i += 1;
        }
        None
    }

    fn capture_name_at(&self, span: Span) -> Offset {
        let text = self.map.text();
        let mut at = span.lo;
        while at < span.hi {
            let b = text[at as usize];
            if b.is_ascii_alphabetic() || b == b'_' || b == b'$' || b >= 0x80 {
                return at;
            }
            at += 1;
        }
        span.lo
    }

    /// Step 1's walk through the enclosing lambdas: true when one of them is generic or an
    /// extended HD lambda (reported).
    fn enclosing_lambda_problem(&mut self, l: &Lambda, space: &'static str) -> bool {
        let at = self.after_lambda_attributes(l);
        for f in self.lambda_frames.iter().rev() {
            let id = if f.generic {
                ids::EXTENDED_LAMBDA_ENCLOSING_FUNCTION_GENERIC_LAMBDA
            } else if f.hd {
                ids::EXTENDED_LAMBDA_ENCLOSING_FUNCTION_HD_LAMBDA
            } else {
                continue;
            };
            self.emit(Diagnostic::new(id, at).arg_str(space).arg_str("operator()"));
            return true;
        }
        false
    }

    /// The rules on the enclosing function.
    fn parent_function_rules(&mut self, l: &Lambda, space: &'static str) {
        let Some(f) = self.cur_fn else { return };
        let Some(fe) = f.entity else { return };
        let Some(name) = f.declarator.name.as_ref() else {
            return;
        };
        let at = self.after_lambda_attributes(l);
        let shown = self.declared_function_name(name);
        let class_scope = self.owning_class_scope(fe);
        let class = class_scope.and_then(|s| self.sema.scope(s).entity);
        let report = |c: &mut Self, id| {
            c.emit(
                Diagnostic::new(id, at)
                    .arg_str(space)
                    .arg_str(shown.as_str()),
            );
        };
        if let Some(s) = class_scope
            && self.is_local_scope(s)
        {
            report(self, ids::EXTENDED_LAMBDA_ENCLOSING_FUNCTION_LOCAL);
        }
        let is_ctor_or_dtor = match &name.last().kind {
            NameKind::Destructor(_) => class.is_some(),
            NameKind::Ident(s) => class.is_some_and(|c| self.sema.entity(c).name == Some(*s)),
            _ => false,
        };
        if is_ctor_or_dtor {
            report(self, ids::EXTENDED_LAMBDA_CANT_TAKE_FUNCTION_ADDRESS);
        }
        let deduced = matches!(
            f.specs.ty,
            TypeSpec::Auto | TypeSpec::DecltypeAuto | TypeSpec::ConstrainedAuto { .. }
        ) && f
            .declarator
            .function()
            .is_some_and(|c| c.trailing_return.is_none());
        if deduced {
            report(self, ids::EXTENDED_LAMBDA_ENCLOSING_FUNCTION_DEDUCIBLE);
        }
        if let Some(c) = class
            && self.class_display_name(c).is_none()
        {
            report(self, ids::EXTENDED_LAMBDA_PARENT_CLASS_UNNAMED);
        }
        if class.is_some() && self.is_hidden_member(fe) {
            report(self, ids::EXTENDED_LAMBDA_INACCESSIBLE_PARENT);
        }
        // Classes around it that are private or protected members of another.
        let mut cur = class;
        while let Some(c) = cur {
            let Some(outer) = self.enclosing_class(c) else {
                break;
            };
            if self.is_hidden_member(c) {
                let shown = self
                    .class_display_name(c)
                    .unwrap_or_else(|| "<unknown>".to_string());
                self.emit(
                    Diagnostic::new(ids::EXTENDED_LAMBDA_INACCESSIBLE_ANCESTOR, at)
                        .arg_str(space)
                        .arg_str(shown),
                );
            }
            cur = Some(outer);
        }
    }

    /// A function's name as cudafe++ shows the enclosing or calling function: unqualified,
    /// `~S`, `operator+`, `operator int`.
    pub(crate) fn declared_function_name(&self, name: &QualName) -> String {
        let last = name.last();
        match &last.kind {
            NameKind::Ident(s) => self.name_of(*s),
            NameKind::Destructor(s) => format!("~{}", self.name_of(*s)),
            _ => {
                let text = String::from_utf8_lossy(self.map.slice(last.span)).into_owned();
                let Some(rest) = text.strip_prefix("operator") else {
                    return text;
                };
                let rest = rest.trim_start();
                if rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    let words: Vec<&str> = rest.split_whitespace().collect();
                    format!("operator {}", words.join(" "))
                } else {
                    let op: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
                    format!("operator{op}")
                }
            }
        }
    }

    /// The class scope a member function belongs to.
    fn owning_class_scope(&self, f: EntityId) -> Option<ScopeId> {
        let s = self.skip_template_scopes(self.sema.entity(f).parent);
        (self.sema.scope(s).kind == ScopeKind::Class).then_some(s)
    }

    fn skip_template_scopes(&self, mut s: ScopeId) -> ScopeId {
        while self.sema.scope(s).kind == ScopeKind::TemplateParams {
            match self.sema.scope(s).parent {
                Some(p) => s = p,
                None => break,
            }
        }
        s
    }

    /// The class a class is a member of.
    fn enclosing_class(&self, c: EntityId) -> Option<EntityId> {
        let s = self.skip_template_scopes(self.sema.entity(c).parent);
        let scope = self.sema.scope(s);
        if scope.kind == ScopeKind::Class {
            scope.entity
        } else {
            None
        }
    }

    /// Is this scope (a class, through the classes around it) inside a function?
    fn is_local_scope(&self, mut s: ScopeId) -> bool {
        loop {
            let scope = self.sema.scope(s);
            match scope.kind {
                ScopeKind::Function | ScopeKind::Block | ScopeKind::Lambda => return true,
                ScopeKind::Namespace => return false,
                _ => match scope.parent {
                    Some(p) => s = p,
                    None => return false,
                },
            }
        }
    }

    /// A class's name, or the typedef name an unnamed class nested in another class gets
    /// (cudafe++ reads the member function bodies of nested classes once the outermost
    /// class is complete, after the typedef).
    fn class_display_name(&self, c: EntityId) -> Option<String> {
        let e = self.sema.entity(c);
        if let Some(n) = e.name {
            return Some(self.name_of(n));
        }
        self.enclosing_class(c)?;
        let scope = self.sema.scope(self.skip_template_scopes(e.parent));
        scope
            .names
            .iter()
            .find(|(_, v)| {
                v.iter().any(|&t| {
                    let te = self.sema.entity(t);
                    te.kind == EntityKind::Typedef && te.target == Some(c)
                })
            })
            .map(|(k, _)| self.name_of(*k))
    }

    /// Step 2: the explicit captures (`space` for a checked extended lambda); a variable
    /// captured by copy is read there.
    fn explicit_captures(
        &mut self,
        l: &'a Lambda,
        space: Option<&'static str>,
        hd: bool,
        in_template: bool,
    ) {
        for c in &l.captures {
            if let Capture::Var {
                name,
                by_ref,
                pack: false,
                span,
            } = c
                && let Some(e) = self.find_local(*name).and_then(|l| l.entity)
                && self.unset_locals.remove(&e).is_some()
                && !*by_ref
                && !self.map.is_system(span.lo)
            {
                let at = self.capture_name_at(*span);
                // After the capture's own checks.
                self.explicit_capture(c, space, hd, in_template);
                self.emit(
                    Diagnostic::new(ids::USED_BEFORE_SET, at)
                        .arg_entity(format!("variable \"{}\"", self.name_of(*name))),
                );
                continue;
            }
            self.explicit_capture(c, space, hd, in_template);
        }
    }

    fn explicit_capture(
        &mut self,
        c: &'a Capture,
        space: Option<&'static str>,
        hd: bool,
        in_template: bool,
    ) {
        let Some(space) = space else { return };
        {
            match c {
                Capture::Var {
                    name,
                    by_ref,
                    pack,
                    span,
                } => {
                    let at = self.capture_name_at(*span);
                    if *by_ref {
                        self.emit(
                            Diagnostic::new(ids::EXTENDED_LAMBDA_REFERENCE_CAPTURE, at)
                                .arg_str(space),
                        );
                    }
                    if *pack {
                        self.emit(
                            Diagnostic::new(ids::EXTENDED_LAMBDA_PACK_CAPTURE, at).arg_str(space),
                        );
                    } else if !in_template
                        && let Some(local) = self.find_local(*name)
                        && let Some((specs, d)) = local.ty
                    {
                        self.report_type_problems(specs, d, at);
                    }
                }
                Capture::Init { by_ref, span, .. } => {
                    let at = self.capture_name_at(*span);
                    if *by_ref {
                        self.emit(
                            Diagnostic::new(ids::EXTENDED_LAMBDA_REFERENCE_CAPTURE, at)
                                .arg_str(space),
                        );
                    } else if hd {
                        self.emit(Diagnostic::new(ids::EXTENDED_LAMBDA_HD_INIT_CAPTURE, at));
                    }
                }
                _ => {}
            }
        }
    }

    /// Step 5: the init-captures of a device lambda.
    fn init_captures(&mut self, l: &'a Lambda, space: &'static str, in_template: bool) {
        for c in &l.captures {
            let Capture::Init {
                by_ref: false,
                init,
                span,
                ..
            } = c
            else {
                continue;
            };
            let at = self.capture_name_at(*span);
            let ty = self.init_capture_type(init);
            match ty {
                InitType::List => {
                    self.emit(
                        Diagnostic::new(ids::EXTENDED_LAMBDA_INIT_CAPTURE_INITLIST, at)
                            .arg_str(space),
                    );
                }
                InitType::Declared(specs, d, array) => {
                    if array {
                        self.emit(
                            Diagnostic::new(ids::EXTENDED_LAMBDA_INIT_CAPTURE_ARRAY, at)
                                .arg_str(space),
                        );
                    } else if self.is_initializer_list(&specs.ty) {
                        self.emit(
                            Diagnostic::new(ids::EXTENDED_LAMBDA_INIT_CAPTURE_INITLIST, at)
                                .arg_str(space),
                        );
                    }
                    if !in_template {
                        self.report_type_problems(specs, d, at);
                    }
                }
                InitType::Named(ty) => {
                    if self.is_initializer_list(ty) {
                        self.emit(
                            Diagnostic::new(ids::EXTENDED_LAMBDA_INIT_CAPTURE_INITLIST, at)
                                .arg_str(space),
                        );
                    }
                    if !in_template {
                        let mut found = Vec::new();
                        self.type_spec_problems(ty, &mut found, 0);
                        self.emit_type_problems(found, at);
                    }
                }
                InitType::Unknown => {}
            }
        }
    }

    /// The type of an init-capture's initializer, where it is plain.
    fn init_capture_type(&self, init: &'a Initializer) -> InitType<'a> {
        let e = match init {
            Initializer::Assign(e) => e,
            Initializer::Brace(e) => match &e.kind {
                ExprKind::InitList(v) if v.len() == 1 => &v[0],
                _ => return InitType::Unknown,
            },
            Initializer::Paren(args, _) if args.len() == 1 => &args[0],
            _ => return InitType::Unknown,
        };
        let e = e.unparen();
        match &e.kind {
            ExprKind::InitList(_) if matches!(init, Initializer::Assign(_)) => InitType::List,
            ExprKind::Name(n) => self.variable_type(n),
            ExprKind::Member { base, arrow, name } => self.member_type(base, *arrow, name),
            ExprKind::Call { callee, args, .. } if args.len() == 1 => {
                // `std::move(x)`, `std::forward<T>(x)`: the type of x.
                let ExprKind::Name(f) = &callee.unparen().kind else {
                    return InitType::Unknown;
                };
                let is_std_move = f
                    .ident()
                    .is_some_and(|s| matches!(self.interner.bytes(s), b"move" | b"forward"))
                    && f.resolution.entities().first().is_some_and(|&fe| {
                        self.sema
                            .qualified_name(fe, self.interner)
                            .starts_with("std::")
                    });
                if !is_std_move {
                    return InitType::Unknown;
                }
                match &args[0].unparen().kind {
                    ExprKind::Name(n) => self.variable_type(n),
                    _ => InitType::Unknown,
                }
            }
            ExprKind::Construct { ty, .. } => InitType::Named(&ty.specs.ty),
            _ => InitType::Unknown,
        }
    }

    /// The declared type of the local variable a name denotes.
    fn variable_type(&self, n: &QualName) -> InitType<'a> {
        if n.is_qualified() {
            return InitType::Unknown;
        }
        let Some(e) = n.resolution.entity() else {
            return InitType::Unknown;
        };
        let Some(local) = self.locals.iter().rev().find(|l| l.entity == Some(e)) else {
            return InitType::Unknown;
        };
        let Some((specs, d)) = local.ty else {
            return InitType::Unknown;
        };
        if matches!(
            specs.ty,
            TypeSpec::Auto
                | TypeSpec::DecltypeAuto
                | TypeSpec::ConstrainedAuto { .. }
                | TypeSpec::Decltype(_)
                | TypeSpec::Typeof(_)
        ) {
            return InitType::Unknown;
        }
        // A reference to an array counts as an array; a pointer does not.
        let array = match d
            .ops
            .iter()
            .find(|o| !matches!(o, DeclaratorOp::LValueRef | DeclaratorOp::RValueRef))
        {
            Some(DeclaratorOp::Array { .. }) => true,
            Some(_) => false,
            None => self.typedef_is_array(&specs.ty),
        };
        InitType::Declared(specs, d, array)
    }

    /// The declared type of `v.m` or `p->m` for a local `v` or `p` of class type.
    fn member_type(&self, base: &Expr, arrow: bool, member: &QualName) -> InitType<'a> {
        let ExprKind::Name(v) = &base.unparen().kind else {
            return InitType::Unknown;
        };
        let (Some(sym), false) = (member.ident(), member.is_qualified()) else {
            return InitType::Unknown;
        };
        let InitType::Declared(specs, d, false) = self.variable_type(v) else {
            return InitType::Unknown;
        };
        let pointers = d
            .ops
            .iter()
            .filter(|o| !matches!(o, DeclaratorOp::LValueRef | DeclaratorOp::RValueRef))
            .count();
        let wanted = if arrow { 1 } else { 0 };
        if pointers != wanted
            || !d.ops.iter().all(|o| {
                matches!(
                    o,
                    DeclaratorOp::Pointer { .. }
                        | DeclaratorOp::LValueRef
                        | DeclaratorOp::RValueRef
                )
            })
        {
            return InitType::Unknown;
        }
        let (TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. }) = &specs.ty else {
            return InitType::Unknown;
        };
        if name.segments.iter().any(|s| s.args.is_some()) {
            return InitType::Unknown;
        }
        let Some(class) = name.resolution.entity().map(|e| self.sema.resolve_alias(e)) else {
            return InitType::Unknown;
        };
        if !matches!(self.sema.entity(class).kind, EntityKind::Class(_)) {
            return InitType::Unknown;
        }
        let Some(scope) = self.sema.entity(class).scope else {
            return InitType::Unknown;
        };
        let found = self.sema.scope(scope).names.get(&sym);
        let Some(&[field]) = found.map(|v| v.as_slice()) else {
            return InitType::Unknown;
        };
        if self.sema.entity(field).kind != EntityKind::Field {
            return InitType::Unknown;
        }
        let Some((fspecs, fd)) = self
            .index
            .declared_at(self.sema.entity(field).first_decl().lo)
        else {
            return InitType::Unknown;
        };
        if !matches!(fspecs.ty, TypeSpec::Builtin(_) | TypeSpec::Named { .. }) {
            return InitType::Unknown;
        }
        let array = match fd
            .ops
            .iter()
            .find(|o| !matches!(o, DeclaratorOp::LValueRef | DeclaratorOp::RValueRef))
        {
            Some(DeclaratorOp::Array { .. }) => true,
            Some(_) => false,
            None => self.typedef_is_array(&fspecs.ty),
        };
        InitType::Declared(fspecs, fd, array)
    }

    fn typedef_is_array(&self, ty: &TypeSpec) -> bool {
        let TypeSpec::Named { name, .. } = ty else {
            return false;
        };
        let Some(e) = name.resolution.entity() else {
            return false;
        };
        let Some((specs, d)) = self.index.typedef_type(e) else {
            return false;
        };
        match d
            .ops
            .iter()
            .find(|o| !matches!(o, DeclaratorOp::LValueRef | DeclaratorOp::RValueRef))
        {
            Some(DeclaratorOp::Array { .. }) => true,
            Some(_) => false,
            None => self.typedef_is_array(&specs.ty),
        }
    }

    /// `std::initializer_list<...>`.
    fn is_initializer_list(&self, ty: &TypeSpec) -> bool {
        let (TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. }) = ty else {
            return false;
        };
        let Some(e) = name.resolution.entity() else {
            return false;
        };
        let e = self.sema.resolve_alias(e);
        self.sema.qualified_name(e, self.interner) == "std::initializer_list"
    }

    // -------------------------------------------------------------------------------------
    // The type check

    fn report_type_problems(&mut self, specs: &'a DeclSpecs, d: &'a Declarator, at: Offset) {
        if matches!(d.ops.first(), Some(DeclaratorOp::Function(_))) {
            return;
        }
        let mut found = Vec::new();
        self.type_spec_problems(&specs.ty, &mut found, 0);
        self.emit_type_problems(found, at);
    }

    fn emit_type_problems(&mut self, found: Vec<TypeProblem>, at: Offset) {
        for p in found {
            let (id, name) = match p {
                TypeProblem::Local(n) => (ids::EXTENDED_LAMBDA_CAPTURE_LOCAL_TYPE, n),
                TypeProblem::Private(n) => (ids::EXTENDED_LAMBDA_CAPTURE_PRIVATE_TYPE, n),
            };
            self.emit(Diagnostic::new(id, at).arg_type(format!("\"{name}\"")));
        }
    }

    fn type_spec_problems(&self, ty: &TypeSpec, out: &mut Vec<TypeProblem>, depth: u32) {
        if depth > 16 {
            return;
        }
        let name = match ty {
            TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => name,
            TypeSpec::Class(c) => {
                if let Some(e) = c.entity {
                    self.class_problem(e, out);
                }
                return;
            }
            TypeSpec::Enum(en) => {
                if let Some(e) = en.entity {
                    self.class_problem(e, out);
                }
                return;
            }
            _ => return,
        };
        if let Some(e) = name.resolution.entity() {
            let ent = self.sema.entity(e);
            match ent.kind {
                EntityKind::Typedef => {
                    if let Some((specs, _)) = self.index.typedef_type(e) {
                        self.type_spec_problems(&specs.ty, out, depth + 1);
                    }
                }
                EntityKind::Class(_) | EntityKind::Enum { .. } => self.class_problem(e, out),
                _ => {}
            }
        }
        for seg in name.segments.iter() {
            let Some(args) = &seg.args else { continue };
            for a in args.args.iter() {
                self.template_arg_problems(a, out, depth + 1);
            }
        }
    }

    fn template_arg_problems(&self, a: &TemplateArg, out: &mut Vec<TypeProblem>, depth: u32) {
        match a {
            TemplateArg::Type(t) => {
                if !t
                    .declarator
                    .ops
                    .iter()
                    .any(|o| matches!(o, DeclaratorOp::Function(_)))
                {
                    self.type_spec_problems(&t.specs.ty, out, depth);
                }
            }
            TemplateArg::Name(n) => {
                if n.resolution.entity().is_some_and(|e| {
                    matches!(
                        self.sema.entity(e).kind,
                        EntityKind::Class(_) | EntityKind::Enum { .. } | EntityKind::Typedef
                    )
                }) {
                    self.type_spec_problems(
                        &TypeSpec::Named {
                            name: n.clone(),
                            typename_kw: false,
                        },
                        out,
                        depth,
                    );
                }
            }
            TemplateArg::Pack(a) => self.template_arg_problems(a, out, depth),
            TemplateArg::Expr(_) => {}
        }
    }

    /// A class or enum local to a function, or a private or protected member (itself or a
    /// class around it).
    fn class_problem(&self, e: EntityId, out: &mut Vec<TypeProblem>) {
        let ent = self.sema.entity(e);
        if ent.name.is_none() {
            return;
        }
        if self.is_local_scope(ent.parent) {
            // Named by the classes around it up to the function.
            let mut parts = vec![self.name_of(ent.name.expect("checked"))];
            let mut cur = e;
            while let Some(outer) = self.enclosing_class(cur) {
                match self.sema.entity(outer).name {
                    Some(n) => parts.push(self.name_of(n)),
                    None => return,
                }
                cur = outer;
            }
            parts.reverse();
            out.push(TypeProblem::Local(parts.join("::")));
            return;
        }
        let mut cur = e;
        loop {
            if self.enclosing_class(cur).is_none() {
                return;
            }
            if self.is_hidden_member(cur) {
                if self.sema.entity(cur).name.is_none() {
                    return;
                }
                out.push(TypeProblem::Private(
                    self.sema.qualified_name(cur, self.interner),
                ));
                return;
            }
            cur = self.enclosing_class(cur).expect("checked");
        }
    }

    // -------------------------------------------------------------------------------------
    // Implicit captures

    /// The innermost visible local variable of a name.
    fn find_local(&self, sym: Symbol) -> Option<Local<'a>> {
        self.locals.iter().rev().find(|l| l.sym == sym).copied()
    }

    pub(crate) fn push_params(&mut self, chunk: &'a FunctionChunk) {
        for p in &chunk.params {
            if let Some(n) = p.declarator.name.as_ref().and_then(|n| n.ident()) {
                self.locals.push(Local {
                    sym: n,
                    entity: p.entity,
                    ty: Some((&p.specs, &p.declarator)),
                    binding: false,
                });
            }
        }
    }

    /// A local variable named at `at` inside lambdas: each lambda around it that does not
    /// name it in its capture list captures it, the outermost first.
    pub(crate) fn capture_variable(&mut self, e: EntityId, at: Offset) {
        if self.lambda_frames.is_empty() {
            return;
        }
        let ent = self.sema.entity(e);
        if !matches!(ent.kind, EntityKind::Variable | EntityKind::Parameter)
            || ent.flags.is_static
            || ent.flags.is_extern
            || ent.flags.is_thread_local
            || !matches!(
                self.sema.scope(ent.parent).kind,
                ScopeKind::Function | ScopeKind::Block | ScopeKind::Lambda
            )
        {
            return;
        }
        let declared = ent.first_decl().lo;
        let sym = ent.name;
        for i in 0..self.lambda_frames.len() {
            let f = &self.lambda_frames[i];
            if declared >= f.intro
                || f.captured.contains(&e)
                || sym.is_some_and(|s| f.explicit.contains(&s))
                || !(f.default_ref || f.default_copy)
            {
                continue;
            }
            let f = &mut self.lambda_frames[i];
            f.captured.insert(e);
            let (space, by_ref, in_template) = (f.space, f.default_ref, f.in_template);
            if self.sema.entity(e).flags.structured_binding {
                self.captured_binding(at);
            }
            let Some(space) = space else { continue };
            if by_ref {
                self.emit(
                    Diagnostic::new(ids::EXTENDED_LAMBDA_REFERENCE_CAPTURE, at).arg_str(space),
                );
            }
            if !in_template
                && let Some(local) = self.locals.iter().rev().find(|l| l.entity == Some(e))
                && let Some((specs, d)) = local.ty
            {
                self.report_type_problems(specs, d, at);
            }
        }
    }

    /// Does a name in a lambda body denote a variable of the enclosing function that the
    /// outermost lambda capturing it captures by reference?
    pub(crate) fn captured_by_reference(&self, n: &QualName) -> bool {
        if self.lambda_frames.is_empty() || n.is_qualified() {
            return false;
        }
        let Some(e) = n.resolution.entity() else {
            return false;
        };
        let declared = self.sema.entity(e).first_decl().lo;
        let Some(sym) = n.ident() else { return false };
        let Some(f) = self.lambda_frames.iter().find(|f| declared < f.intro) else {
            return false;
        };
        if f.explicit.contains(&sym) {
            f.explicit_ref.contains(&sym)
        } else {
            f.default_ref
        }
    }

    /// `this`, written or implied by naming a non-static member, inside lambdas.
    pub(crate) fn capture_this(&mut self, at: Offset) {
        let innermost = self.lambda_frames.len().wrapping_sub(1);
        for i in 0..self.lambda_frames.len() {
            let f = &mut self.lambda_frames[i];
            if f.this_captured || !(f.default_ref || f.default_copy) {
                continue;
            }
            f.this_captured = true;
            let by_copy = f.default_copy;
            if f.space.is_some() {
                self.emit(Diagnostic::new(ids::THIS_ADDR_CAPTURE_EXT_LAMBDA, at));
            }
            // C++20 deprecates `[=]` capturing `this` (a lambda inside that captures it
            // itself is the one that warns).
            if i == innermost && by_copy && self.opts.cxx >= 20 {
                self.emit(Diagnostic::new(
                    ids::IMPLICIT_COPY_THIS_CAPTURE_DEPRECATED,
                    at,
                ));
            }
        }
    }

    /// A name used in an expression: captures of variables and of `this`.
    pub(crate) fn name_captures(&mut self, n: &QualName) {
        if self.lambda_frames.is_empty() || n.is_qualified() {
            return;
        }
        let entities = n.resolution.entities();
        if let [e] = entities {
            let kind = self.sema.entity(*e).kind;
            if matches!(kind, EntityKind::Variable | EntityKind::Parameter) {
                self.capture_variable(*e, n.span.lo);
                return;
            }
        }
        let member = !entities.is_empty()
            && entities.iter().all(|&e| {
                let x = self.sema.entity(e);
                self.sema.scope(x.parent).kind == ScopeKind::Class
                    && !x.flags.is_static
                    && matches!(x.kind, EntityKind::Field | EntityKind::Function)
            });
        if member {
            self.capture_this(n.span.lo);
        }
    }
}

/// The type of an init-capture's initializer.
enum InitType<'a> {
    /// `{a, b}`: a `std::initializer_list`.
    List,
    /// A variable's declared type; whether it is an array.
    Declared(&'a DeclSpecs, &'a Declarator, bool),
    /// `T{...}`, `T(...)`.
    Named(&'a TypeSpec),
    Unknown,
}
