//! kind: compile
// An expression statement that does nothing warns (#174-D) at its start, and so does the
// left operand of a comma that does nothing; not where an operator may be a function
// (operands of class type), a volatile object is read, or a value is cast to void.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
struct V { int v; bool operator==(const V &o) const { return v == o.v; } };
struct S { int m; int arr[2]; };
enum E { E0, E1 };
int g(int x) { return x + 1; }

void host_code(int a, int *p, S s, S *ps, V u, V w, volatile int *vp, E e) {
  a == 3;      //~ warning #174-D: expression has no effect
  a;           //~ warning #174-D: expression has no effect
  p[1] + *p;   //~ warning #174-D: expression has no effect
  s.m;         //~ warning #174-D: expression has no effect
  ps->arr[1];  //~ warning #174-D: expression has no effect
  -a;          //~ warning #174-D: expression has no effect
  e == E0;     //~ warning #174-D: expression has no effect
  a ? 1 : 2;   //~ warning #174-D: expression has no effect
  a, g(1);     //~ warning #174-D: expression has no effect
  (a, 2);
  //~^ warning #174-D: expression has no effect
  //~^^ warning #174-D: expression has no effect
  sizeof(a);   //~ warning #174-D: expression has no effect
  (long)a;     //~ warning #174-D: expression has no effect
  g;           //~ warning #174-D: expression has no effect
  u == w;
  *vp;
  (void)a;
  g(1), a;
  a ? g(1) : 2;
  a++, a;
}

struct K {
  int y;
  void h() {
    this;      //~ warning #174-D: expression has no effect
    y;         //~ warning #174-D: expression has no effect
  }
};

template <class T> void in_template(T x) { x == 1; }

__device__ void device_code(int a) {
  a < 2;       //~ warning #174-D: expression has no effect
}

int main() { return 0; }
