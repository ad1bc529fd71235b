//! A walk over the whole syntax tree.
//!
//! [`Visitor`] has one method per kind of node; each default goes on to the node's children
//! through the matching `walk_*` function, so an implementation overrides what it cares about
//! and calls `walk_*` to keep descending. The walk recurses as deep as the tree is, which the
//! parser bounds ([`super::parser::MAX_DEPTH`]); run it on a thread with the front end's
//! stack.

use super::ast::*;

pub trait Visitor<'a>: Sized {
    fn decl(&mut self, d: &'a Decl) {
        walk_decl(self, d);
    }
    fn function_def(&mut self, f: &'a FunctionDef) {
        walk_function_def(self, f);
    }
    fn class(&mut self, c: &'a ClassSpec) {
        walk_class(self, c);
    }
    fn decl_specs(&mut self, s: &'a DeclSpecs) {
        walk_decl_specs(self, s);
    }
    fn declarator(&mut self, d: &'a Declarator) {
        walk_declarator(self, d);
    }
    fn init_declarator(&mut self, specs: &'a DeclSpecs, d: &'a InitDeclarator) {
        let _ = specs;
        walk_init_declarator(self, d);
    }
    fn type_id(&mut self, t: &'a TypeId) {
        self.decl_specs(&t.specs);
        self.declarator(&t.declarator);
    }
    fn name(&mut self, n: &'a QualName) {
        walk_name(self, n);
    }
    fn attribute(&mut self, a: &'a Attribute) {
        for e in &a.args {
            self.expr(e);
        }
    }
    fn stmt(&mut self, s: &'a Stmt) {
        walk_stmt(self, s);
    }
    fn expr(&mut self, e: &'a Expr) {
        walk_expr(self, e);
    }
    fn lambda(&mut self, l: &'a Lambda) {
        walk_lambda(self, l);
    }
}

pub fn walk_decls<'a, V: Visitor<'a>>(v: &mut V, decls: &'a [Decl]) {
    for d in decls {
        v.decl(d);
    }
}

pub fn walk_decl<'a, V: Visitor<'a>>(v: &mut V, d: &'a Decl) {
    match &d.kind {
        DeclKind::Empty | DeclKind::Pragma | DeclKind::Asm | DeclKind::AccessSpec(_) => {}
        DeclKind::Error => {}
        DeclKind::Attributes(attrs) => attributes(v, attrs),
        DeclKind::Namespace(ns) => {
            attributes(v, &ns.attrs);
            walk_decls(v, &ns.decls);
        }
        DeclKind::NamespaceAlias { target, .. } => v.name(target),
        DeclKind::LinkageSpec { decls, .. } => walk_decls(v, decls),
        DeclKind::Template { head, decl } => {
            template_head(v, head);
            v.decl(decl);
        }
        DeclKind::ExplicitInstantiation { decl, .. } => v.decl(decl),
        DeclKind::Simple { specs, declarators } => {
            v.decl_specs(specs);
            for id in declarators {
                v.init_declarator(specs, id);
            }
        }
        DeclKind::Function(f) => v.function_def(f),
        DeclKind::UsingDirective { ns } => v.name(ns),
        DeclKind::UsingDecl { names, .. } => {
            for n in names {
                v.name(n);
            }
        }
        DeclKind::UsingEnum { name } => v.name(name),
        DeclKind::Alias { ty, .. } => v.type_id(ty),
        DeclKind::StaticAssert { cond, message } => {
            v.expr(cond);
            if let Some(m) = message {
                v.expr(m);
            }
        }
        DeclKind::Concept { constraint, .. } => v.expr(constraint),
        DeclKind::DeductionGuide {
            name,
            params,
            result,
        } => {
            v.name(name);
            function_chunk(v, params);
            v.type_id(result);
        }
    }
}

pub fn template_head<'a, V: Visitor<'a>>(v: &mut V, h: &'a TemplateHead) {
    for p in &h.params {
        template_param(v, p);
    }
    if let Some(r) = &h.requires {
        v.expr(r);
    }
}

fn template_param<'a, V: Visitor<'a>>(v: &mut V, p: &'a TemplateParam) {
    match &p.kind {
        TemplateParamKind::Type {
            constraint,
            default,
        } => {
            if let Some(c) = constraint {
                v.name(c);
            }
            if let Some(t) = default {
                v.type_id(t);
            }
        }
        TemplateParamKind::NonType { param } => self::param(v, param),
        TemplateParamKind::Template { params, default } => {
            for p in params {
                template_param(v, p);
            }
            if let Some(d) = default {
                v.name(d);
            }
        }
    }
}

pub fn walk_function_def<'a, V: Visitor<'a>>(v: &mut V, f: &'a FunctionDef) {
    v.decl_specs(&f.specs);
    v.declarator(&f.declarator);
    if let Some(r) = &f.requires {
        v.expr(r);
    }
    for m in &f.mem_inits {
        v.name(&m.name);
        for a in &m.args {
            v.expr(a);
        }
    }
    match &f.body {
        FunctionBody::Compound(s) => v.stmt(s),
        FunctionBody::Try { body, handlers } => {
            v.stmt(body);
            self::handlers(v, handlers);
        }
        FunctionBody::Default
        | FunctionBody::Delete
        | FunctionBody::Late(_)
        | FunctionBody::Skipped(_) => {}
    }
}

fn handlers<'a, V: Visitor<'a>>(v: &mut V, hs: &'a [Handler]) {
    for h in hs {
        if let Some(p) = &h.param {
            param(v, p);
        }
        v.stmt(&h.body);
    }
}

pub fn walk_class<'a, V: Visitor<'a>>(v: &mut V, c: &'a ClassSpec) {
    if let Some(n) = &c.name {
        v.name(n);
    }
    attributes(v, &c.attrs);
    for b in &c.bases {
        v.name(&b.name);
    }
    walk_decls(v, &c.members);
}

pub fn walk_decl_specs<'a, V: Visitor<'a>>(v: &mut V, s: &'a DeclSpecs) {
    if let Some(e) = &s.explicit_cond {
        v.expr(e);
    }
    attributes(v, &s.attrs);
    match &s.ty {
        TypeSpec::None | TypeSpec::Builtin(_) | TypeSpec::DecltypeAuto | TypeSpec::Auto => {}
        TypeSpec::Named { name, .. } | TypeSpec::Elaborated { name, .. } => v.name(name),
        TypeSpec::Class(c) => v.class(c),
        TypeSpec::Enum(e) => {
            if let Some(n) = &e.name {
                v.name(n);
            }
            attributes(v, &e.attrs);
            if let Some(u) = &e.underlying {
                v.type_id(u);
            }
            for en in e.enumerators.iter().flatten() {
                attributes(v, &en.attrs);
                if let Some(x) = &en.value {
                    v.expr(x);
                }
            }
        }
        TypeSpec::Decltype(e) => v.expr(e),
        TypeSpec::Typeof(t) => type_or_expr(v, t),
        TypeSpec::BuiltinTransform { args, .. } => {
            for a in args {
                type_or_expr(v, a);
            }
        }
        TypeSpec::ConstrainedAuto { concept, .. } => v.name(concept),
    }
}

fn type_or_expr<'a, V: Visitor<'a>>(v: &mut V, t: &'a TypeOrExpr) {
    match t {
        TypeOrExpr::Type(t) => v.type_id(t),
        TypeOrExpr::Expr(e) => v.expr(e),
    }
}

pub fn walk_declarator<'a, V: Visitor<'a>>(v: &mut V, d: &'a Declarator) {
    if let Some(n) = &d.name {
        v.name(n);
    }
    attributes(v, &d.attrs);
    for op in &d.ops {
        match op {
            DeclaratorOp::Pointer { attrs, .. } => attributes(v, attrs),
            DeclaratorOp::LValueRef | DeclaratorOp::RValueRef => {}
            DeclaratorOp::MemberPointer { class, .. } => v.name(class),
            DeclaratorOp::Array { size, .. } => {
                if let Some(s) = size {
                    v.expr(s);
                }
            }
            DeclaratorOp::Function(f) => function_chunk(v, f),
        }
    }
}

pub fn function_chunk<'a, V: Visitor<'a>>(v: &mut V, f: &'a FunctionChunk) {
    for p in &f.params {
        param(v, p);
    }
    match &f.exception {
        Some(ExceptionSpec::Noexcept(Some(e))) => v.expr(e),
        Some(ExceptionSpec::Throw(ts)) => {
            for t in ts {
                v.type_id(t);
            }
        }
        _ => {}
    }
    if let Some(t) = &f.trailing_return {
        v.type_id(t);
    }
    attributes(v, &f.attrs);
}

pub fn param<'a, V: Visitor<'a>>(v: &mut V, p: &'a Param) {
    v.decl_specs(&p.specs);
    v.declarator(&p.declarator);
    if let Some(d) = &p.default {
        v.expr(d);
    }
}

pub fn walk_init_declarator<'a, V: Visitor<'a>>(v: &mut V, d: &'a InitDeclarator) {
    v.declarator(&d.declarator);
    if let Some(i) = &d.init {
        initializer(v, i);
    }
    if let Some(b) = &d.bitfield {
        v.expr(b);
    }
    if let Some(r) = &d.requires {
        v.expr(r);
    }
}

pub fn initializer<'a, V: Visitor<'a>>(v: &mut V, i: &'a Initializer) {
    match i {
        Initializer::Assign(e) | Initializer::Brace(e) => v.expr(e),
        Initializer::Paren(args, _) => {
            for a in args {
                v.expr(a);
            }
        }
        Initializer::PureVirtual | Initializer::Default | Initializer::Delete => {}
    }
}

fn attributes<'a, V: Visitor<'a>>(v: &mut V, attrs: &'a [Attribute]) {
    for a in attrs {
        v.attribute(a);
    }
}

pub fn walk_name<'a, V: Visitor<'a>>(v: &mut V, n: &'a QualName) {
    for s in &n.segments {
        match &s.kind {
            NameKind::Conversion(t) => v.type_id(t),
            NameKind::Decltype(e) => v.expr(e),
            _ => {}
        }
        if let Some(args) = &s.args {
            for a in &args.args {
                template_arg(v, a);
            }
        }
    }
}

fn template_arg<'a, V: Visitor<'a>>(v: &mut V, a: &'a TemplateArg) {
    match a {
        TemplateArg::Type(t) => v.type_id(t),
        TemplateArg::Expr(e) => v.expr(e),
        TemplateArg::Name(n) => v.name(n),
        TemplateArg::Pack(a) => template_arg(v, a),
    }
}

fn condition<'a, V: Visitor<'a>>(v: &mut V, c: &'a Condition) {
    match c {
        Condition::Expr(e) => v.expr(e),
        Condition::Decl(d) => v.decl(d),
    }
}

pub fn walk_stmt<'a, V: Visitor<'a>>(v: &mut V, s: &'a Stmt) {
    attributes(v, &s.attrs);
    match &s.kind {
        StmtKind::Compound(list) => {
            for s in list {
                v.stmt(s);
            }
        }
        StmtKind::Expr(e) => v.expr(e),
        StmtKind::Decl(d) => v.decl(d),
        StmtKind::If {
            init,
            cond,
            then,
            else_,
            ..
        } => {
            if let Some(i) = init {
                v.stmt(i);
            }
            if let Some(c) = cond {
                condition(v, c);
            }
            v.stmt(then);
            if let Some(e) = else_ {
                v.stmt(e);
            }
        }
        StmtKind::Switch { init, cond, body } => {
            if let Some(i) = init {
                v.stmt(i);
            }
            condition(v, cond);
            v.stmt(body);
        }
        StmtKind::While { cond, body } => {
            condition(v, cond);
            v.stmt(body);
        }
        StmtKind::DoWhile { body, cond } => {
            v.stmt(body);
            v.expr(cond);
        }
        StmtKind::For {
            init,
            cond,
            step,
            body,
        } => {
            if let Some(i) = init {
                v.stmt(i);
            }
            if let Some(c) = cond {
                condition(v, c);
            }
            if let Some(s) = step {
                v.expr(s);
            }
            v.stmt(body);
        }
        StmtKind::RangeFor {
            init,
            decl,
            range,
            body,
        } => {
            if let Some(i) = init {
                v.stmt(i);
            }
            v.decl(decl);
            v.expr(range);
            v.stmt(body);
        }
        StmtKind::Return(e) | StmtKind::CoReturn(e) => {
            if let Some(e) = e {
                v.expr(e);
            }
        }
        StmtKind::Label { stmt, .. } | StmtKind::Default(stmt) => v.stmt(stmt),
        StmtKind::Case { value, upper, stmt } => {
            v.expr(value);
            if let Some(u) = upper {
                v.expr(u);
            }
            v.stmt(stmt);
        }
        StmtKind::Try { body, handlers } => {
            v.stmt(body);
            self::handlers(v, handlers);
        }
        StmtKind::Null
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Goto(_)
        | StmtKind::Asm
        | StmtKind::Pragma
        | StmtKind::Error => {}
    }
}

pub fn walk_expr<'a, V: Visitor<'a>>(v: &mut V, e: &'a Expr) {
    match &e.kind {
        ExprKind::Name(n) => v.name(n),
        ExprKind::Literal(_)
        | ExprKind::Strings(_)
        | ExprKind::Bool(_)
        | ExprKind::Nullptr
        | ExprKind::This
        | ExprKind::SizeofPack(_)
        | ExprKind::Opaque
        | ExprKind::TypeName
        | ExprKind::Error => {}
        ExprKind::Paren(x)
        | ExprKind::Unary(_, x)
        | ExprKind::PostInc(x)
        | ExprKind::PostDec(x)
        | ExprKind::SizeofExpr(x)
        | ExprKind::AlignofExpr(x)
        | ExprKind::TypeidExpr(x)
        | ExprKind::Noexcept(x)
        | ExprKind::CoYield(x)
        | ExprKind::PackExpansion(x) => v.expr(x),
        ExprKind::Binary(_, a, b) | ExprKind::Assign(_, a, b) | ExprKind::Index(a, b) => {
            v.expr(a);
            v.expr(b);
        }
        ExprKind::Cond(c, t, f) => {
            v.expr(c);
            if let Some(t) = t {
                v.expr(t);
            }
            v.expr(f);
        }
        ExprKind::Call { callee, args, .. } => {
            v.expr(callee);
            for a in args {
                v.expr(a);
            }
        }
        ExprKind::Launch {
            callee,
            config,
            args,
            ..
        } => {
            v.expr(callee);
            for c in config {
                v.expr(c);
            }
            for a in args {
                v.expr(a);
            }
        }
        ExprKind::Member { base, name, .. } => {
            v.expr(base);
            v.name(name);
        }
        ExprKind::Cast { ty, expr, .. } => {
            v.type_id(ty);
            v.expr(expr);
        }
        ExprKind::Construct { ty, args, .. } => {
            v.type_id(ty);
            for a in args {
                v.expr(a);
            }
        }
        ExprKind::SizeofType(t) | ExprKind::AlignofType(t) | ExprKind::TypeidType(t) => {
            v.type_id(t)
        }
        ExprKind::New(n) => {
            for p in &n.placement {
                v.expr(p);
            }
            v.type_id(&n.ty);
            for s in &n.array_sizes {
                v.expr(s);
            }
            if let Some(i) = &n.init {
                initializer(v, i);
            }
        }
        ExprKind::Delete { expr, .. } => v.expr(expr),
        ExprKind::Throw(x) => {
            if let Some(x) = x {
                v.expr(x);
            }
        }
        ExprKind::Lambda(l) => v.lambda(l),
        ExprKind::InitList(list) => {
            for x in list {
                v.expr(x);
            }
        }
        ExprKind::Designated { designators, value } => {
            for d in designators {
                if let Designator::Index(x) = d {
                    v.expr(x);
                }
            }
            v.expr(value);
        }
        ExprKind::Fold { lhs, rhs, .. } => {
            if let Some(l) = lhs {
                v.expr(l);
            }
            if let Some(r) = rhs {
                v.expr(r);
            }
        }
        ExprKind::Requires {
            params,
            requirements,
        } => {
            if let Some(p) = params {
                function_chunk(v, p);
            }
            for r in requirements {
                match r {
                    Requirement::Simple(e) | Requirement::Nested(e) => v.expr(e),
                    Requirement::Type(t) => v.type_id(t),
                    Requirement::Compound { expr, ret, .. } => {
                        v.expr(expr);
                        if let Some(t) = ret {
                            v.type_id(t);
                        }
                    }
                }
            }
        }
        ExprKind::StmtExpr(s) => v.stmt(s),
        ExprKind::Builtin { args, .. } => {
            for a in args {
                type_or_expr(v, a);
            }
        }
    }
}

pub fn walk_lambda<'a, V: Visitor<'a>>(v: &mut V, l: &'a Lambda) {
    for c in &l.captures {
        if let Capture::Init { init, .. } = c {
            initializer(v, init);
        }
    }
    if let Some(t) = &l.template {
        template_head(v, t);
    }
    if let Some(p) = &l.params {
        function_chunk(v, p);
    }
    attributes(v, &l.attrs);
    if let Some(r) = &l.requires {
        v.expr(r);
    }
    v.stmt(&l.body);
}
