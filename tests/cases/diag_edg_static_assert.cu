//! kind: fail
// Code outside function bodies that cudafe++ checks as it reads it: a static_assert whose
// condition is false (with and without a message, at namespace and block scope; not in
// templates, which instantiation decides), undeclared names in a static_assert or in a
// namespace-scope initializer, `Bar::x` with no `Bar` in sight, and an undeclared callee,
// reported after its arguments.
static_assert(sizeof(int) == 4, "fine");
static_assert(false, "always"); //~ error: static assertion failed with "always"
static_assert(sizeof(char) == 2); //~ error: static assertion failed
constexpr int kLimit = 3;
static_assert(kLimit > 4 || kLimit < 0, "limit out of range"); //~ error: static assertion failed with "limit out of range"
static_assert(undeclared_flag == 1, ""); //~ error: identifier "undeclared_flag" is undefined
template <class T> struct Wide { static_assert(sizeof(T) == 3, "only in instances"); };
int from_nowhere = missing_value + 1; //~ error: identifier "missing_value" is undefined
void f() {
  static_assert(kLimit == 2, "block scope"); //~ error: static assertion failed with "block scope"
  int n = foo(Bar::x);
  //~^ error: name followed by "::" must be a class or namespace name
  //~^^ error: identifier "foo" is undefined
  int m = bar(undeclared_y);
  //~^ error: identifier "undeclared_y" is undefined
  //~^^ error: identifier "bar" is undefined
  (void)n;
  (void)m;
}
__global__ void k(int *p) { *p = kLimit; }
int main() { f(); return 0; }
