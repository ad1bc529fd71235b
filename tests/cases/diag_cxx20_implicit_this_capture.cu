//! kind: compile
//! nvcc: -std=c++20 --extended-lambda
// C++20 deprecates capturing `this` through `[=]`: cudafe++ warns (#2908) at the first use
// of a member (or of `this`) in such a lambda, in templates too; `[=, this]` and `[&]` are
// fine, and when a lambda nested inside captures `this` itself, only a `[=]` one warns.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
struct A {
  int m;
  int get() const { return m; }
  void f() {
    auto l1 = [=] { return m + m; }; //~ warning #2908-D: the implicit by-copy capture of "this" is deprecated
    auto l2 = [=] { return this->m; }; //~ warning #2908-D: the implicit by-copy capture of "this" is deprecated
    auto l3 = [=, this] { return m; };
    auto l4 = [&] { return m; };
    auto l5 = [=] { return 1; };
    auto l6 = [=] { auto k = [&] { return m; }; return k(); };
    auto l7 = [=] { return get(); }; //~ warning #2908-D: the implicit by-copy capture of "this" is deprecated
    auto l8 = [&] { auto k = [=] { return m; }; return k(); }; //~ warning #2908-D: the implicit by-copy capture of "this" is deprecated
    (void)l1; (void)l2; (void)l3; (void)l4; (void)l5; (void)l6; (void)l7; (void)l8;
  }
  template <class T> int g(T t) {
    auto l = [=] { return m + t; }; //~ warning #2908-D: the implicit by-copy capture of "this" is deprecated
    return l();
  }
};

struct Saxpy {
  float a;
  float *x, *y;
  void run(int i) {
    auto body = [=] __host__ __device__ (int j) { y[j] = a * x[j] + y[j]; }; //~ warning #2908-D: the implicit by-copy capture of "this" is deprecated
    body(i);
  }
};

int main() {
  A a{1};
  a.f();
  return a.g(2) - 3;
}
