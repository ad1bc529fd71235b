//! kind: fail
// A __device__ constructor called from host code in the other forms: a functional cast
// (`F(1)`), `new`, copy-initialization from a value that converts (`A a = 5;`) or from a
// temporary (`F f = F(1);` names the constructor twice, at the temporary and at `f`; a
// braced temporary, `auto x = A{7};`, only at the variable).
// Constructing from an object of the class itself uses the implicit copy constructor: no
// error.
struct F {
  __device__ F(int, int = 0) {}
};
void h1() { F f = F(1); }
//~^ error: calling a __device__ function("F::F(int, int)") from a __host__ function("h1") is not allowed
//~^^ error: calling a __device__ function("_ZN1FC1E1?1?") from a __host__ function("h1") is not allowed
void h2() { F *q = new F(2, 3); (void)q; }
//~^ error: calling a __device__ function("_ZN1FC1E1?1?") from a __host__ function("h2") is not allowed
struct A {
  int v;
  __device__ A(int x) : v(x) {}
};
void h3() { A a = 5; }
//~^ error: calling a __device__ function("_ZN1AC1E1?") from a __host__ function("h3") is not allowed
void copies(A &o, const A &c, A m) {
  A a(o);
  A b = c;
  A d{m};
  (void)a; (void)b; (void)d;
}
void h5() { auto x = A{7}; }
//~^ error: calling a __device__ function("_ZN1AC1E1?") from a __host__ function("h5") is not allowed
void h6() { auto y = A(7); }
//~^ error: calling a __device__ function("_ZN1AC1E1?") from a __host__ function("h6") is not allowed
//~^^ error: calling a __device__ function("_ZN1AC1E1?") from a __host__ function("h6") is not allowed
void h7() { A z = A{7}; }
//~^ error: calling a __device__ function("_ZN1AC1E1?") from a __host__ function("h7") is not allowed
void h8() { A w{A(7)}; }
//~^ error: calling a __device__ function("_ZN1AC1E1?") from a __host__ function("h8") is not allowed
//~^^ error: calling a __device__ function("_ZN1AC1E1?") from a __host__ function("h8") is not allowed
struct B {
  __device__ B() {}
};
B *h4() { return new B; }
//~^ error: calling a __device__ function("B::B()") from a __host__ function("h4") is not allowed
__host__ __device__ void hd() { }
__device__ void dev() { F f = F(1); B *b = new B; (void)b; }
