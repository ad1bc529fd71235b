//! kind: run
// Cooperative launches through cudaLaunchCooperativeKernel (C entry point and C++ template) of a kernel that uses grid-wide sync.
#include <cstdio>
#include <cooperative_groups.h>
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

namespace cg = cooperative_groups;

__global__ void coop(int *p, int n) {
  cg::grid_group grid = cg::this_grid();
  unsigned long long i = grid.thread_rank();
  if (i < (unsigned long long)n) p[i] = 1;
  grid.sync();
  if (i == 0) {
    int sum = 0;
    for (int j = 0; j < n; ++j) sum += p[j];
    p[0] = sum;
  }
}
//@ kernel _Z4coopPii

int main() {
  int *d = nullptr;
  int n = 256;
  CHECK(cudaMalloc(&d, n * sizeof(int)));

  void *args[] = {&d, &n};
  CHECK(cudaLaunchCooperativeKernel((const void *)coop, dim3(4), dim3(64), args, 0, 0));
  //@ launch _Z4coopPii grid=4,1,1 block=64,1,1 shmem=0 stream=0 via=cudaLaunchCooperativeKernel args=ptr:alloc0,i32:256

  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  int half = n / 2;
  void *args2[] = {&d, &half};
  CHECK(cudaLaunchCooperativeKernel(coop, dim3(2), dim3(64), args2, 32, s));
  //@ launch _Z4coopPii grid=2,1,1 block=64,1,1 shmem=32 stream=s1 via=cudaLaunchCooperativeKernel args=ptr:alloc0,i32:128

  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
