//! kind: run
// Declarations and expressions from libstdc++, CCCL, faiss and xgboost that must go through
// the front end silently (each was once a syntax error of ours, hidden or not):
// - `this->Base<T>::operator=(r)` and `b.B<int>::operator int()`: a member name that is a
//   template-id followed by `::operator`;
// - `operator ::n::S() const`: a conversion to a type named from the global namespace;
// - `R& __restrict r`, `int&& __restrict q` (cxxabi.h);
// - `p{[t] { auto e = new int; return e; }()}`: a lambda capturing a name, first in a braced
//   mem-initializer (not a GNU array designator);
// - `noexcept((Nothrow<T>::value && ...) && true)`: a fold expression in parentheses, not a
//   cast to `Nothrow<T>::value&&` (libstdc++'s `variant::swap` under C++20);
// - an error in a member declared after an inline member function body is reported
//   (diag_edg_errors_after_member_bodies).
//@ kernel _Z4fillPii
//@ launch _Z4fillPii grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:11
#include <cstdio>
#include <cuda_runtime.h>

namespace n {
struct S { int v; };
template <typename T> struct B {
  B &operator=(const B &) { return *this; }
  operator int() const { return 7; }
};
template <typename T> struct D : public B<T> {
  D &operator=(const D &r) {
    this->B<T>::operator=(r);
    return *this;
  }
};
}
struct A {
  operator ::n::S() const { return {3}; }
};
int via_conversion(const A &a, n::B<int> &b) { return a.operator ::n::S().v + b.B<int>::operator int(); }

struct R;
struct C {
  void f(const C *d, R &__restrict r) const;
  void g(int *__restrict p, int &&__restrict q);
};

struct Event {
  int *p;
  explicit Event(bool t = true)
      : p{[t] {
          auto e = new int;
          *e = t ? 1 : 2;
          return e;
        }()} {}
  ~Event() { delete p; }
};

template <class T> struct Nothrow { static constexpr bool value = true; };
template <class... T> struct Var {
  void swap(Var &) noexcept((Nothrow<T>::value && ...) && true) {}
};

__global__ void fill(int *p, int v) { *p = v; }

int main() {
  n::D<int> x, y;
  x = y;
  A a;
  n::B<int> b;
  Event e;
  Var<int, float> v1, v2;
  v1.swap(v2);
  int *d = nullptr;
  cudaMalloc(&d, sizeof(int));
  fill<<<1, 1>>>(d, via_conversion(a, b) + *e.p);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
