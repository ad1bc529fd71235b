//! kind: compile
// "used before its value is set" (#549) beyond plain scalars: enums and typedefs of
// scalars, arrays read through a constant subscript, objects of classes that no
// constructor sets (vector types like float4, plain structs, their bases and members),
// increments and compound assignments, and a variable read on the right of its own
// assignment. Not for: an array passed on (it decays to a pointer), reads in loops,
// `(void)x`, a reference bound to it, a member function called on it, its address taken,
// classes with a constructor or a member that has one, `sizeof`.
#include <cuda_runtime.h>
#include <cstring>
#include <string>
typedef int myint;
enum Colour { red, green };
struct Plain { int a; int b[2]; };
struct Derived : Plain { float c; };
struct WithCtor { WithCtor() {} int a; };
struct WithString { std::string s; int n; };
struct WithMethod { int a; int get() const { return a; } };
void fill(int *p, int n);
void take(Plain p);
int scalars() {
  myint m;
  Colour c;
  int x;
  x++; //~ warning #549-D: variable "x" is used before its value is set
  int y;
  y += 2; //~ warning #549-D: variable "y" is used before its value is set
  int z;
  z = z + 1; //~ warning #549-D: variable "z" is used before its value is set
  return m + c + x + y + z; //~ warning #549-D: variable "m" is used before its value is set
  //~^ warning #549-D: variable "c" is used before its value is set
  //~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
}
int arrays(int i) {
  int a[4];
  int b[4];
  int c[4];
  int d[4];
  fill(a, 4);
  memset(b, 0, sizeof(b));
  int e[4];
  int s = c[i]; //~ warning #549-D: variable "c" is used before its value is set
  for (int k = 0; k < i; ++k) {
    s += e[k];
  }
  return a[0] + b[1] + s + d[2]; //~ warning #549-D: variable "d" is used before its value is set
}
int objects() {
  Plain p;
  Derived d;
  float4 v;
  WithCtor w;
  WithString ws;
  WithMethod wm;
  Plain q;
  Plain r;
  int *bp = q.b;
  Plain &ref = r;
  take(p); //~ warning #549-D: variable "p" is used before its value is set
  (void)sizeof(d);
  int t = d.a; //~ warning #549-D: variable "d" is used before its value is set
  t += (int)v.x; //~ warning #549-D: variable "v" is used before its value is set
  return t + w.a + ws.n + wm.get() + *bp + ref.a;
}
int discarded() {
  int x;
  (void)x;
  Plain p;
  memset(&p, 0, sizeof(p));
  return p.a;
}
