//! kind: run
// Kernel templates over function pointers (as llm.c's trimat kernels): the argument `f`,
// `&ns::f`, with another argument after it; mangled as the address of the function, whose
// encoding adds to the substitutions (`S0_`, `S1_`).
#include <cuda_runtime.h>
using fp = void (*)(float *);
__device__ void f(float *p) { *p = 1; }
namespace ops {
__device__ void twice(float *p) { *p *= 2; }
} // namespace ops
template <fp F> __global__ void g(float *p) { F(p); }
template <fp F, int N> __global__ void h(float *p, int k) { for (int i = 0; i < N; ++i) F(p + k); }
//@ kernel _Z1gIXadL_Z1fPfEEEvS0_
//@ kernel _Z1gIXadL_ZN3ops5twiceEPfEEEvS1_
//@ kernel _Z1hIXadL_Z1fPfEELi2EEvS0_i
int main() {
  float *p = nullptr;
  if (cudaMalloc(&p, 16) != cudaSuccess) return 1;
  g<f><<<1, 1>>>(p);
  //@ launch _Z1gIXadL_Z1fPfEEEvS0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  g<&ops::twice><<<1, 1>>>(p);
  //@ launch _Z1gIXadL_ZN3ops5twiceEPfEEEvS1_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  h<f, 2><<<1, 1>>>(p, 0);
  //@ launch _Z1hIXadL_Z1fPfEELi2EEvS0_i grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:0
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(p);
  return 0;
}
