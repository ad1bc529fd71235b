//! kind: fail
// `f<int>(x)` where lookup finds no `f`: before C++20, EDG reads it as the comparisons
// `f < int > (x)`, so `f` is undefined and each type between the angle brackets is "type
// name is not allowed". A name missing from a namespace is read the same way in every
// standard (`ns::f<int>(x)`: code written against a newer library version).
namespace lib {
int present(int);
}
struct S {
  int v;
};
int g(int);
typedef float real;
void calls(int n) {
  int a = absent<int>(3); //~ error: identifier "absent" is undefined
  //~^ error: type name is not allowed
  int b = g(absent2<S>(a)); //~ error: identifier "absent2" is undefined
  //~^ error: type name is not allowed
  int c = g(absent<real>(n)); //~ error: type name is not allowed
  int d = lib::missing<int>(n); //~ error: namespace "lib" has no member "missing"
  //~^ error: type name is not allowed
  int e = lib::present(n) + g(b);
  (void)(a + c + d + e);
}
