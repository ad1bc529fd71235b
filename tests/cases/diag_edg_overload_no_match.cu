//! kind: fail
// A call of an overloaded function that no candidate can take: "no instance of overloaded
// function" with the arguments' types and a note for each candidate, the last declared
// first, at the first argument that cannot become its parameter (or, for a candidate that
// takes no such number of arguments, #3322), as for CUDA's atomicAdd with a `long long *`
// (its notes point into the CUDA headers, so it is not among these). A row of an array of
// arrays is an array: passing it reads no element.
int f(int *p); //~ note #3326-D: function "f(int *)" does not match because argument #1 does not match parameter
int f(float *p); //~ note #3326-D: function "f(float *)" does not match because argument #1 does not match parameter
enum E { A, B };
int g(E e); //~ note #3326-D: function "g(E)" does not match because argument #1 does not match parameter
int g(float *p); //~ note #3326-D: function "g(float *)" does not match because argument #1 does not match parameter
int g(int *p, int n); //~ note #3322-D: number of parameters of function "g(int *, int)" does not match the call
struct S { int v; };
int h(S s); //~ note #3326-D: function "h(S)" does not match because argument #1 does not match parameter
int h(int *p); //~ note #3326-D: function "h(int *)" does not match because argument #1 does not match parameter

void host(int x) {
  f(x); //~ error: no instance of overloaded function "f" matches the argument list
  g(1); //~ error: no instance of overloaded function "g" matches the argument list
  S s{1};
  h(&s); //~ error: no instance of overloaded function "h" matches the argument list
  int rows[2][3];
  h(rows[0]);
  f(&x);
  g(A);
}
