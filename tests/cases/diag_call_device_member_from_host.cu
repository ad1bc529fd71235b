//! kind: fail
// Host code calling __device__ member functions through an object, a reference, a pointer,
// `(*p).`, a typedef'd or namespace-qualified class, `this->`; a static member called
// through an object is reported at the object. After the first error cudafe++ names callees
// that have parameters by a broken mangled name.
struct A {
  __device__ void m() {}
  __device__ int n(int) { return 0; }
  static __device__ void s() {}
  __host__ __device__ void hd() {}
  void host() {}
};
typedef A AT;
namespace M {
struct B {
  __device__ void m() {}
};
} // namespace M
void h(A *p, A &r) {
  A a;
  a.m(); //~ error: calling a __device__ function("A::m()") from a __host__ function("h") is not allowed
  p->m(); //~ error: calling a __device__ function("A::m()") from a __host__ function("h") is not allowed
  r.n(1); //~ error: calling a __device__ function("_ZN1A1nE1?") from a __host__ function("h") is not allowed
  (*p).m(); //~ error: calling a __device__ function("A::m()") from a __host__ function("h") is not allowed
  AT t;
  t.m(); //~ error: calling a __device__ function("A::m()") from a __host__ function("h") is not allowed
  a.s(); //~ error: calling a __device__ function("A::s()") from a __host__ function("h") is not allowed
  M::B b;
  b.m(); //~ error: calling a __device__ function("M::B::m()") from a __host__ function("h") is not allowed
  a.hd();
  a.host();
}
struct C : A {
  void hm() { this->n(2); } //~ error: calling a __device__ function("_ZN1A1nE1?") from a __host__ function("hm") is not allowed
};
__host__ __device__ void hd(A a) { a.m(); } //~ error: calling a __device__ function("A::m()") from a __host__ __device__ function("hd") is not allowed
__global__ void k(A a) { a.m(); a.s(); }
