//! kind: run
// Kernel parameters of unnamed classes named by typedefs (at global scope and in a
// namespace), and of class template instances whose arguments are the kernel template's
// non-type parameters (`R<N> *`, `R<N>`), deduced from the launch or written out.
#include <cstdio>
#include <cuda_runtime.h>

typedef struct {
  int a;
  float b;
} P;
namespace ns {
typedef struct {
  double d;
} Q;
} // namespace ns
template <int N> struct R {
  int v[N];
};

__global__ void k(P p, int *r) { *r = p.a; }
//@ kernel _Z1k1PPi
__global__ void kq(ns::Q q, int *r) { *r = int(q.d); }
//@ kernel _Z2kqN2ns1QEPi
template <int N> __global__ void kt(R<N> *q) { q->v[0] = N; }
//@ kernel _Z2ktILi4EEvP1RIXT_EE
//@ kernel _Z2ktILi8EEvP1RIXT_EE
template <int N> __global__ void kv(R<N> r, int *out) { *out = r.v[N - 1]; }
//@ kernel _Z2kvILi3EEv1RIXT_EEPi

int main() {
  int *r = nullptr;
  if (cudaMalloc(&r, 64) != cudaSuccess) return 1;
  P p{7, 1.5f};
  k<<<1, 1>>>(p, r);
  //@ launch _Z1k1PPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:07000000_0000c03f,ptr:alloc0
  ns::Q q{2.0};
  kq<<<1, 1>>>(q, r);
  //@ launch _Z2kqN2ns1QEPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:0000000000000040,ptr:alloc0
  R<4> *x = reinterpret_cast<R<4> *>(r);
  kt<<<1, 1>>>(x);
  //@ launch _Z2ktILi4EEvP1RIXT_EE grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  kt<8><<<1, 1>>>(reinterpret_cast<R<8> *>(r));
  //@ launch _Z2ktILi8EEvP1RIXT_EE grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  R<3> three{{1, 2, 3}};
  kv<<<1, 1>>>(three, r);
  //@ launch _Z2kvILi3EEv1RIXT_EEPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:01000000_02000000_03000000,ptr:alloc0
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(r);
  return 0;
}
