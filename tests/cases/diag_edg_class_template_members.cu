//! kind: compile
// The checks cudafe++ makes on the member functions of a class template, for its own data
// members whose types depend on no template parameter — named alone or as `this->m`, in a
// class with a dependent base too: #174 (a member read for no effect: a scalar, an array, a
// pointer of any type), #186 (an unsigned member compared with zero), #549 (a local read
// before it is set, beside a scalar member). Not for a member of a dependent type, one a
// dependent base may declare, nor (#2361) a member narrowed in braces: cudafe++ leaves that
// to the instantiation.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
template <class T> struct Base { int bm; };

template <class T> struct A : Base<T> {
  unsigned u;
  double dd;
  int arr[4];
  T t;
  A<T> *next;
  void f() { this->bm; this->t; }
  bool g() { return this->u >= 0; }
  //~^ warning #186-D: pointless comparison of unsigned integer with zero
  bool g2() { return u >= 0; }
  //~^ warning #186-D: pointless comparison of unsigned integer with zero
  void h() { int x{this->dd}; int y{dd}; (void)x; (void)y; }
  void i() { this->arr; this->next; }
  //~^ warning #174-D: expression has no effect
  //~^^ warning #174-D: expression has no effect
  void j() const { this->u; }
  //~^ warning #174-D: expression has no effect
  void k() { u; this->dd; }
  //~^ warning #174-D: expression has no effect
  //~^^ warning #174-D: expression has no effect
};

template <class T> struct C {
  unsigned u;
  void w() { int v; v = u + v; (void)v; }
  //~^ warning #549-D: variable "v" is used before its value is set
  void w2() { int v; v = this->u + v; (void)v; }
  //~^ warning #549-D: variable "v" is used before its value is set
};

int main() {
  A<int> a{};
  a.f();
  C<int> c{};
  c.w();
  return 0;
}
