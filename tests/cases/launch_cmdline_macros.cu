//! kind: run
//! nvcc: -DBLOCK_SIZE=64 '-DSCALE=2.5f' -DUSE_SECOND
// Launch configuration and arguments taken from macros defined on the nvcc command line, and a kernel selected by #ifdef.
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

#ifndef BLOCK_SIZE
#error BLOCK_SIZE must be defined on the command line
#endif

__global__ void scale(float *p, float s) { p[blockIdx.x * BLOCK_SIZE + threadIdx.x] *= s; }
//@ kernel _Z5scalePff

#ifdef USE_SECOND
__global__ void second(float *p) { p[threadIdx.x] = SCALE; }
//@ kernel _Z6secondPf
#endif

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 4 * BLOCK_SIZE * sizeof(float)));

  scale<<<4, BLOCK_SIZE>>>(d, SCALE);
  //@ launch _Z5scalePff grid=4,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:2.5
#ifdef USE_SECOND
  second<<<1, BLOCK_SIZE / 2>>>(d);
  //@ launch _Z6secondPf grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0
#endif

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
