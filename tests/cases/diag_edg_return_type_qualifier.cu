//! kind: compile
// #815 for a function type whose return type is qualified at the top where that means
// nothing (not a class): at each declaration, at the qualifier — written in the specifiers
// (a fundamental type, an enumeration, `const int` in a template), on the pointer returned,
// in a pointer to function. Not through a typedef, for a class, for a type that depends
// on a template parameter, with `auto` or a trailing return type, nor in a lambda.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
const int cf();
//~^ warning #815-D: type qualifier on return type is meaningless
const int cf() { return 1; }
//~^ warning #815-D: type qualifier on return type is meaningless
__device__ const float g() { return 1.f; }
//~^ warning #815-D: type qualifier on return type is meaningless
struct S {
  const int m() const;
  //~^ warning #815-D: type qualifier on return type is meaningless
  const S ms();
  volatile int v();
  //~^ warning #815-D: type qualifier on return type is meaningless
};
int *const p1();
//~^ warning #815-D: type qualifier on return type is meaningless
const int *p2();
typedef const int CI;
CI t1();
template <class T> const T tt(T x) { return x; }
template <class T> const int tu(T) { return 0; }
//~^ warning #815-D: type qualifier on return type is meaningless
const int (*fp)();
//~^ warning #815-D: type qualifier on return type is meaningless
auto l = []() -> const int { return 1; };
enum E { A };
const E fe();
//~^ warning #815-D: type qualifier on return type is meaningless
const auto ca() { return 1; }
auto tr() -> const int;
