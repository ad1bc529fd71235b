//! kind: fail
// A template parameter's name declared again in its scope: #496 (an error) for a local of
// the function's outermost block, an alias, a member of the class template (or a local of
// its member function's outermost block) — DeepSpeed's fp_quantize_impl.cu —; #497 (a
// warning: the declaration hides it) in a nested block, a for-init or a local class; a
// function template's parameter gets both.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
template <int N> void f(int *p) { constexpr int N = 3; p[0] = N; }
//~^ error: template parameter "N" may not be redeclared in this scope
template <class T> void g() { using T = int; }
//~^ error: template parameter "T" may not be redeclared in this scope
template <int N> struct S { void f() { int N = 1; (void)N; } };
//~^ error: template parameter "N" may not be redeclared in this scope
template <int N> void h() { { int N = 2; (void)N; } }
//~^ warning #497-D: declaration of "N" hides template parameter
template <int N> void i() { for (int N = 0; N < 1; N++) {} }
//~^ warning #497-D: declaration of "N" hides template parameter
template <int N> struct U { int N; };
//~^ error: template parameter "N" may not be redeclared in this scope
template <class T> void k(int T) {}
//~^ warning #497-D: declaration of "T" hides template parameter
//~^^ error: template parameter "T" may not be redeclared in this scope
template <int N> void m() { struct N2 { int N; }; }
//~^ warning #497-D: declaration of "N" hides template parameter
template <int N> void fine() { int M = N; (void)M; }
