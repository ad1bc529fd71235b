//! kind: run
// Explicit instantiations of host function templates (as cuda-samples' reduction declares
// `reduce<int>`, `reduce<float>`, ...) beside kernels: only the kernels are registered.
#include <cuda_runtime.h>

__global__ void k(int *p) { p[0] = 1; }
//@ kernel _Z1kPi
template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }
//@ kernel _Z4fillIiEvPT_S0_

template <class T> void launch(T *p, T v) { fill<<<1, 4>>>(p, v); }
template void launch<int>(int *, int);
template <class T> T twice(T x) { return x + x; }
template int twice<int>(int);
template float twice(float);

int main() {
  int *p = nullptr;
  if (cudaMalloc(&p, 16) != cudaSuccess) return 1;
  k<<<1, 1>>>(p);
  //@ launch _Z1kPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  launch(p, twice(3));
  //@ launch _Z4fillIiEvPT_S0_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:6
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(p);
  return 0;
}
