//! kind: compile
//! nvcc: -Xcompiler -Wno-narrowing
// The checks cudafe++ makes on a template's definition, where what they look at depends on
// no template parameter: #174 (an expression statement with no effect: a local, a
// parameter of a dependent type named alone, a non-dependent comparison, a data member of
// a type that depends on nothing), #39/#179 (division by a literal zero; not of a floating
// constant, nor of `sizeof(T)`), #61/#63 (constant arithmetic out of range, shifts too
// far), #2361 with #69 (narrowing in braces; an aggregate's members are checked only when
// instantiated), and #549 (a local of a non-dependent type read before it is set). Where an
// operation is resolved only when the template is instantiated — a call with an argument
// of a dependent type (a pointer to `T` too), a value assigned to, or initializing, or
// cast to, or constructing an object of a dependent type, an operator beside such an
// operand, a returned value, a fold — a local read there is not reported: it may as well be taken
// by reference.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#include <cstdio>

struct V { int a; };
struct P { int a; float b; };

template <typename T> void no_effect(T x, T *p, V v) {
  int n = 1;
  n == 3; //~ warning #174-D: expression has no effect
  x == 3;
  n; //~ warning #174-D: expression has no effect
  x; //~ warning #174-D: expression has no effect
  *p;
  v.a; //~ warning #174-D: expression has no effect
  (n, 2);
  //~^ warning #174-D: expression has no effect
  //~^^ warning #174-D: expression has no effect
  (x, 2); //~ warning #174-D: expression has no effect
  n + x;
  1 + 2; //~ warning #174-D: expression has no effect
  sizeof(T);
}

template <typename T> struct Member {
  int m;
  T t;
  void f() {
    m; //~ warning #174-D: expression has no effect
    t;
    m == 1; //~ warning #174-D: expression has no effect
  }
};

template <typename T> void constants(T x) {
  int a = 1 << 40; //~ warning #63-D: shift count is too large
  int b = 2147483647 + 1; //~ warning #61-D: integer operation result is out of range
  T c = x << 40;
  int d = x / 0;
  int e = sizeof(T) / 0;
  int f = 1 / 0; //~ warning #39-D: division by zero
  int g = 5 % 0; //~ warning #179-D: right operand of "%" is zero
  double h = 1.0 / 0;
  int n = 3;
  int q = n / 0; //~ warning #39-D: division by zero
  printf("%d %d %d %d %d %d %d %f %d", a, b, (int)c, d, e, f, g, h, q);
}

void floating(double d) {
  double a = 1.0 / 0;
  double b = d / 0; //~ warning #39-D: division by zero
  float c = 2.0f / 0;
  printf("%f %f %f", a, b, c);
}

template <typename T> void narrowing(T x) {
  int a{3.5}; //~ warning #2361-D: invalid narrowing conversion from "double" to "int"
  char c{300}; //~ warning #69-D: integer conversion resulted in truncation
  T y{3.5};
  int z{x};
  P p{1.5, 2};
  int arr[2] = {1.5, 2}; //~ warning #2361-D: invalid narrowing conversion from "double" to "int"
  double d = 1;
  float g{d}; //~ warning #2361-D: invalid narrowing conversion from "double" to "float"
  printf("%d %d %d %d %d %d %f", a, c, (int)y, z, p.a, arr[0], g);
}

struct S { void get(int &); };
void set_it(int &r);
void by_value(int v);
void two(S, int);
template <typename U> void template_ref(U &u);
template <typename U> void template_value(U u);

template <typename T> void read_plainly(T x) {
  int n;
  printf("%d", n); //~ warning #549-D: variable "n" is used before its value is set
}
template <typename T> void read_by_value(T x) {
  int n;
  by_value(n); //~ warning #549-D: variable "n" is used before its value is set
}
template <typename T> void read_in_arithmetic(T x) {
  int n;
  int m = n + 1; //~ warning #549-D: variable "n" is used before its value is set
  (void)m;
}
template <typename T> void read_as_subscript(T *p) {
  int n;
  p[n] = 0; //~ warning #549-D: variable "n" is used before its value is set
}
template <typename T> void read_array(T x) {
  int a[4];
  printf("%d", a[0]); //~ warning #549-D: variable "a" is used before its value is set
}
template <typename T> void read_and_set(T x) {
  float f;
  f = f * 2; //~ warning #549-D: variable "f" is used before its value is set
  int *p;
  printf("%p", p); //~ warning #549-D: variable "p" is used before its value is set
}

template <typename T> T returned(T x) { int n; return n; }
template <typename T> int returned_int(T x) { int n; return n; }
template <typename T> void initializes(T x) { int n; T y = n; T z(n); T w{n}; }
template <typename T> void constructs(T x) { int n; T y = T(n); }
template <typename T> void casts(T x) { int n; T y = (T)n; }
template <typename T> void dependent_call(T x) { int n; two(x, n); }
template <typename T> void unknown_callee(T x) { int n; init(x, n); printf("%d", n); }
template <typename T> void by_reference(T x) { int n; set_it(n); printf("%d", n); }
template <typename T> void template_by_reference(T x) { int n; template_ref(n); printf("%d", n); }
template <typename T> void beside_operand(T x) { int n; x >> n; printf("%d", n); }
template <typename T> void member_call(T x) { int n; x.get(n); printf("%d", n); }
template <typename T> void assigned(T x) { int n; x = n; }
template <typename T> void dependent_subscript(T x) { int n; x[n]; }
template <typename T> void dependent_object(T x) {
  T *p;
  printf("%p", p);
  T *q;
  printf("%p", (void *)q); //~ warning #549-D: variable "q" is used before its value is set
  T y;
  printf("%d", (int)y);
}
template <int... Ns> void folds() {
  int dummy;
  (dummy = ... = (void(printf("@%d", Ns)), 0));
  int sum;
  (sum += ... += Ns);
}
template <typename T> __global__ void kernel(T *out) {
  int i;
  out[i] = 0; //~ warning #549-D: variable "i" is used before its value is set
  int acc;
  out[1] = acc;
}

void init(S, int &);
int operator>>(S, int &);

int main() {
  V v = {0};
  int i = 0;
  no_effect(1, &i, v);
  Member<int> m;
  m.f();
  constants(1);
  floating(1.0);
  narrowing(1);
  read_plainly(1);
  read_by_value(1);
  read_in_arithmetic(1);
  read_as_subscript(&i);
  read_array(1);
  read_and_set(1);
  returned(1);
  returned_int(1);
  initializes(1);
  constructs(1);
  casts(1);
  dependent_call(S());
  unknown_callee(S());
  by_reference(1);
  template_by_reference(1);
  beside_operand(S());
  member_call(S());
  assigned(1);
  dependent_object(1);
  folds<1, 2>();
  return 0;
}
