use cudafe_core::syntax::ast::*;
macro_rules! p { ($($t:ty),*) => { $( println!("{:20} {}", stringify!($t), std::mem::size_of::<$t>()); )* } }
fn main() {
    p!(
        Expr,
        ExprKind,
        QualName,
        NameSegment,
        Decl,
        DeclKind,
        DeclSpecs,
        TypeSpec,
        Declarator,
        Stmt,
        StmtKind,
        Attribute,
        TypeId,
        Param,
        InitDeclarator,
        FunctionChunk,
        TemplateArg,
        cudafe_core::sema::Entity,
        cudafe_core::sema::Scope
    );
}
