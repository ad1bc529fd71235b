//! kind: run
// In the default (legacy) stream mode, the special handles cudaStreamPerThread and cudaStreamLegacy select the per-thread and legacy default streams.
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

__global__ void k(int *p, int v) { p[threadIdx.x] = v; }
//@ kernel _Z1kPii

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));

  k<<<1, 32, 0, cudaStreamPerThread>>>(d, 1);
  //@ launch _Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=ptsz args=ptr:alloc0,i32:1
  k<<<1, 32, 0, cudaStreamLegacy>>>(d, 2);
  //@ launch _Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:2
  k<<<1, 32>>>(d, 3);
  //@ launch _Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3

  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(cudaStreamPerThread));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
