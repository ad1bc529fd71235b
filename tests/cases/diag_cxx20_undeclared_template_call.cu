//! kind: fail
//! nvcc: -std=c++20
// Under C++20, `f<int>(x)` with `f` undeclared calls a template that argument-dependent
// lookup is to find: with arguments of fundamental types nothing can be found, and `f` is
// undefined. Reported, `f` is declared (not as a template), so a later `f<float>(n)` is
// read as the comparisons `f < float > (n)`, as before C++20 (see
// diag_edg_undeclared_template_call).
struct Pair {
  int first, second;
};
int sum(int, int);
int use(int n) {
  int x = later<Pair>(n); //~ error: identifier "later" is undefined
  int y = sum(later<float>(n), n); //~ error: type name is not allowed
  return x + y;
}
