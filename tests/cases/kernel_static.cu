//! kind: run
// static (internal-linkage) kernels, a static kernel template and a static __device__ function, whole-program mode.
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

static __device__ int twice(int x) { return x + x; }

static __global__ void bump(int *p, int by) { p[threadIdx.x] += twice(by); }
//@ kernel _Z4bumpPii

template <typename T>
static __global__ void tfill(T *p, T v) { p[threadIdx.x] = v; }
//@ kernel _Z5tfillIfEvPT_S0_

static void launch_bump(int *p) { bump<<<1, 16>>>(p, 3); }

int main() {
  int *d = nullptr;
  float *f = nullptr;
  CHECK(cudaMalloc(&d, 16 * sizeof(int)));
  CHECK(cudaMalloc(&f, 16 * sizeof(float)));

  bump<<<2, 8>>>(d, 1);
  //@ launch _Z4bumpPii grid=2,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  launch_bump(d);
  //@ launch _Z4bumpPii grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3
  tfill<<<1, 16>>>(f, 0.25f);
  //@ launch _Z5tfillIfEvPT_S0_ grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc1,f32:0.25

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f));
  CHECK(cudaFree(d));
  return 0;
}
