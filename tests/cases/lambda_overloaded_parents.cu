//! kind: run
//! nvcc: --extended-lambda
// Extended lambdas in overloaded functions (the tag names the enclosing function's type, so
// `decltype(&run)` would not do), noexcept and ref-qualified members, members of class
// templates, static members, out-of-class member definitions, default arguments.
#include <cuda_runtime.h>

template <typename F>
__global__ void k(int *p, F f) {
  if (p) *p = f(1);
}

void run(int *p) {
  k<<<1, 1>>>(p, [] __device__(int x) { return x + 1; });
}
//@ kernel _Z1kIZ3runPiEUliE_EvS0_T_
//@ launch _Z1kIZ3runPiEUliE_EvS0_T_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,any:1

void run(int *p, int n) noexcept {
  k<<<1, 1>>>(p, [=] __device__(int x) { return x + n; });
}
//@ kernel _Z1kIZ3runPiiEUliE_EvS0_T_
//@ launch _Z1kIZ3runPiiEUliE_EvS0_T_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,hex:02000000

const int *g(int q, float *r = 0) {
  int *p = nullptr;
  k<<<1, 1>>>(p, [=] __device__(int x) { return x + q; });
  return p;
}
//@ kernel _Z1kIZ1giPfEUliE_EvPiT_
//@ launch _Z1kIZ1giPfEUliE_EvPiT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,hex:01000000

template <class T>
struct C {
  void m(T t) const {
    k<<<1, 1>>>((int *)0, [=] __device__(int x) { return x + t; });
  }
  void m(T t, T u) & {
    k<<<1, 1>>>((int *)0, [=] __device__(int x) { return x + t + u; });
  }
  static void s(T t) {
    k<<<1, 1>>>((int *)0, [=] __host__ __device__(int x) { return x + t; });
  }
};
//@ kernel _Z1kIZNK1CIsE1mEsEUliE_EvPiT_
//@ launch _Z1kIZNK1CIsE1mEsEUliE_EvPiT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,hex:0100
//@ kernel _Z1kIZNR1CIsE1mEssEUliE_EvPiT_
//@ launch _Z1kIZNR1CIsE1mEssEUliE_EvPiT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,hex:0100_0200
//@ kernel _Z1kIZN1CIsE1sEsEUliE_EvPiT_
//@ launch _Z1kIZN1CIsE1sEsEUliE_EvPiT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,any:16

struct D {
  void h(int a);
};
void D::h(int a) {
  k<<<1, 1>>>((int *)0, [=] __device__(int x) { return x + a; });
}
//@ kernel _Z1kIZN1D1hEiEUliE_EvPiT_
//@ launch _Z1kIZN1D1hEiEUliE_EvPiT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,hex:01000000

int main() {
  run(nullptr);
  run(nullptr, 2);
  g(1);
  C<short> c;
  c.m(1);
  c.m(1, 2);
  C<short>::s(3);
  D d;
  d.h(1);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
