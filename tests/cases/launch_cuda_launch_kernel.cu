//! kind: run
// Launches through the runtime API cudaLaunchKernel (C entry point and C++ template) with a hand-built argument array.
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

__global__ void k(float *p, int n, double s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = (float)(p[i] * s);
}
//@ kernel _Z1kPfid

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 128 * sizeof(float)));
  int n = 128;
  double s = 0.5;
  void *args[] = {&d, &n, &s};
  CHECK(cudaLaunchKernel((const void *)k, dim3(2), dim3(64), args, 0, nullptr));
  //@ launch _Z1kPfid grid=2,1,1 block=64,1,1 shmem=0 stream=0 via=cudaLaunchKernel args=ptr:alloc0,i32:128,f64:0.5

  cudaStream_t st;
  CHECK(cudaStreamCreate(&st));
  float *mid = d + 64;
  int m = 64;
  double t = -2.0;
  void *args2[] = {&mid, &m, &t};
  CHECK(cudaLaunchKernel(k, dim3(1, 2), dim3(32), args2, 64, st));
  //@ launch _Z1kPfid grid=1,2,1 block=32,1,1 shmem=64 stream=s1 via=cudaLaunchKernel args=ptr:alloc0+256,i32:64,f64:-2

  CHECK(cudaStreamSynchronize(st));
  CHECK(cudaStreamDestroy(st));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
