//! kind: fail
// A fundamental type's keyword where an expression belongs, with no `(` or `{` after it
// (no functional cast): `type name is not allowed` at the keyword, and the expression goes
// on after it, so nothing else is reported (not even the missing return).
void consume(int);
int sum(int x) {
  return x + int; //~ error: type name is not allowed
}
int scaled(int x) {
  return x * float + 2; //~ error: type name is not allowed
}
template <class T>
int in_template(T x) {
  return x + unsigned; //~ error: type name is not allowed
}
__global__ void kernel(int *p) {
  *p = int; //~ error: type name is not allowed
  consume(double); //~ error: type name is not allowed
}
int choose(int x) {
  return x ? char : 2; //~ error: type name is not allowed
}
// Functional casts are expressions.
int casts(int x) { return int(x) + unsigned{3u} + long(2); }
