//! kind: run
//! nvcc: -rdc=true
// With -rdc=true, static kernels and static __device__ variables are registered under names prefixed with the module id ({module_id} below).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                       \
  do {                                                                    \
    cudaError_t err_ = (call);                                            \
    if (err_ != cudaSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,             \
                   cudaGetErrorString(err_));                             \
      return 1;                                                           \
    }                                                                     \
  } while (0)

static __device__ int hidden = 4;
//@ var __nv_static_42_{module_id}_hidden size=4 constant=0

static __global__ void bump(int *p, int by) { p[threadIdx.x] += by * hidden; }
//@ kernel __nv_static_42_{module_id}__Z4bumpPii

__global__ void visible(int *p) { p[threadIdx.x] = hidden; }
//@ kernel _Z7visiblePi

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 16 * sizeof(int)));

  bump<<<1, 16>>>(d, 2);
  //@ launch __nv_static_42_{module_id}__Z4bumpPii grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:2
  visible<<<1, 16>>>(d);
  //@ launch _Z7visiblePi grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
