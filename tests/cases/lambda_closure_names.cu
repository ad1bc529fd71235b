//! kind: run
//! nvcc: --extended-lambda
// Extended lambdas as kernel template arguments, named as the device names their closure
// types: numbered among the lambdas of the same parameter types in the same body (ordinary
// lambdas count, lambdas in nested blocks after them do not), in extern "C" functions,
// functions in a namespace, member templates and const members of class templates, with a
// variadic call operator, an HD lambda with a trailing return type.
#include <cuda_runtime.h>

template <typename F>
__global__ void k(F f) { f(1); }

template <typename F>
__global__ void k2(int *p, F f) {}

extern "C" void cfun() {
  k<<<1, 1>>>([] __device__(int x) { return x; });
  //@ kernel _Z1kIZ4cfunEUliE_EvT_
  //@ launch _Z1kIZ4cfunEUliE_EvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=any:1
}

int other(int a) {
  auto h = [](int y) { return y; };
  auto h2 = [](float y) { return y; };
  k<<<1, 1>>>([] __device__(float x) { return x; });
  //@ kernel _Z1kIZ5otheriEUlfE0_EvT_
  //@ launch _Z1kIZ5otheriEUlfE0_EvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=any:1
  k<<<1, 1>>>([] __device__(int x) { return x; });
  //@ kernel _Z1kIZ5otheriEUliE0_EvT_
  //@ launch _Z1kIZ5otheriEUliE0_EvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=any:1
  k<<<1, 1>>>([=] __device__(int x) { return x + a; });
  //@ kernel _Z1kIZ5otheriEUliE1_EvT_
  //@ launch _Z1kIZ5otheriEUliE1_EvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:05000000
  k<<<1, 1>>>([=] __host__ __device__(int x) { return x + a; });
  //@ kernel _Z1kIZ5otheriEUliE2_EvT_
  //@ launch _Z1kIZ5otheriEUliE2_EvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=any:16
  k<<<1, 1>>>([] __host__ __device__(int x) -> double { return x; });
  //@ kernel _Z1kIZ5otheriEUliE3_EvT_
  //@ launch _Z1kIZ5otheriEUliE3_EvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=any:1
  {
    auto w = [](int z) { return z; };
    a += w(0);
  }
  return h(a) + (int)h2(1.0f);
}

struct S {
  template <class T>
  void m(T t) {
    k<<<1, 1>>>([=] __device__(int x) { return x + t; });
  }
};
//@ kernel _Z1kIZN1S1mIfEEvT_EUliE_EvS2_
//@ launch _Z1kIZN1S1mIfEEvT_EUliE_EvS2_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:00000040

template <class T>
struct C {
  void m(T t) const {
    k<<<1, 1>>>([=] __device__(int x) { return x + t; });
  }
};
//@ kernel _Z1kIZNK1CIsE1mEsEUliE_EvT_
//@ launch _Z1kIZNK1CIsE1mEsEUliE_EvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:0300

namespace ns {
void f(int *p, int n) {
  k2<<<1, 1>>>(p, [=] __device__(int *q, ...) { return n; });
}
void g() { f(nullptr, 7); }
}
//@ kernel _Z2k2IZN2ns1fEPiiEUlS1_zE_EvS1_T_
//@ launch _Z2k2IZN2ns1fEPiiEUlS1_zE_EvS1_T_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,hex:07000000

int main() {
  cfun();
  other(5);
  S s;
  s.m(2.0f);
  C<short> c;
  c.m(3);
  ns::g();
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
