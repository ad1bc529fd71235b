//! kind: compile
// A parenthesized declarator naming a function after a class of the same name (Eigen's
// `(real)(x)` declarations, where its tests declare `struct real {}`): followed by a
// parameter list, `(real)` is the declarator, since a function returning a function
// cannot be declared; called the same way.
struct real {};
int (real)(int x);
int (real)(int x) { return x + 1; }
namespace n {
struct imag {};
double (imag)(double v) { return v; }
} // namespace n
int use() { return (real)(3) + int((n::imag)(1.0)); }
