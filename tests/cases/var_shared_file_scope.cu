//! kind: run
// __shared__ variables at namespace scope (as cuda-samples declare their dynamic shared
// memory): an `extern __shared__` array of unknown bound, a fixed array, a static scalar.
// The host file keeps the extern array a declaration; none is registered.
#include <cuda_runtime.h>

extern __shared__ unsigned char LocalBlock[];
__shared__ int fixed_arr[4];
static __shared__ int counter;

__global__ void k(unsigned char *o) {
  fixed_arr[threadIdx.x % 4] = threadIdx.x;
  counter = 1;
  o[threadIdx.x] = LocalBlock[threadIdx.x] + fixed_arr[0] + counter;
}
//@ kernel _Z1kPh

int main() {
  unsigned char *o = nullptr;
  if (cudaMalloc(&o, 64) != cudaSuccess) return 1;
  k<<<1, 32, 64>>>(o);
  //@ launch _Z1kPh grid=1,1,1 block=32,1,1 shmem=64 stream=0 args=ptr:alloc0
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(o);
  return 0;
}
