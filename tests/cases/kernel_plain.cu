//! kind: run
// A plain kernel taking a pointer and an int, launched with integer <<<grid, block>>>.
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

__global__ void add_one(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1;
}
//@ kernel _Z7add_onePii

int main() {
  const int n = 100;
  int *d = nullptr;
  CHECK(cudaMalloc(&d, n * sizeof(int)));
  CHECK(cudaMemset(d, 0, n * sizeof(int)));
  add_one<<<4, 32>>>(d, n);
  //@ launch _Z7add_onePii grid=4,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:100
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  std::printf("ok\n");
  return 0;
}
