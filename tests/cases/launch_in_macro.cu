//! kind: run
// Launches written inside macros: variadic, multi-line, a macro expanding to the <<<...>>> part, nested in do/while.
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

#define LAUNCH(kernel, grid, block, ...) kernel<<<grid, block>>>(__VA_ARGS__)
#define LAUNCH_1D(kernel, n, ...) kernel<<<((n) + 127) / 128, 128>>>(__VA_ARGS__)
#define CONFIG(g, b) <<<g, b>>>
#define RUN_TWICE(...) \
  do {                 \
    __VA_ARGS__;       \
    __VA_ARGS__;       \
  } while (0)
#define CHECKED_LAUNCH(...)      \
  do {                           \
    __VA_ARGS__;                 \
    CHECK(cudaGetLastError());   \
  } while (0)
#define LAUNCH_SCALED(n)         \
  axpy<<<(n) / 32,               \
         32>>>(1.5f, x, y, (n))

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
//@ kernel _Z4axpyfPKfPfi

__global__ void zero(int *p) { p[threadIdx.x] = 0; }
//@ kernel _Z4zeroPi

int main() {
  float *x = nullptr, *y = nullptr;
  int *ip = nullptr;
  CHECK(cudaMalloc(&x, 384 * sizeof(float)));
  CHECK(cudaMalloc(&y, 384 * sizeof(float)));
  CHECK(cudaMalloc(&ip, 32 * sizeof(int)));

  LAUNCH(axpy, 2, 64, 2.0f, x, y, 100);
  //@ launch _Z4axpyfPKfPfi grid=2,1,1 block=64,1,1 shmem=0 stream=0 args=f32:2,ptr:alloc0,ptr:alloc1,i32:100
  LAUNCH_1D(axpy, 300, 0.5f, x, y, 300);
  //@ launch _Z4axpyfPKfPfi grid=3,1,1 block=128,1,1 shmem=0 stream=0 args=f32:0.5,ptr:alloc0,ptr:alloc1,i32:300
  zero CONFIG(1, 32)(ip);
  //@ launch _Z4zeroPi grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc2
  RUN_TWICE(zero<<<1, 1>>>(ip + 1));
  //@ launch _Z4zeroPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2+4
  //@ launch _Z4zeroPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2+4
  CHECKED_LAUNCH(axpy<<<1, 16>>>(-1.0f, x, y, 16));
  //@ launch _Z4axpyfPKfPfi grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=f32:-1,ptr:alloc0,ptr:alloc1,i32:16
  LAUNCH_SCALED(64);
  //@ launch _Z4axpyfPKfPfi grid=2,1,1 block=32,1,1 shmem=0 stream=0 args=f32:1.5,ptr:alloc0,ptr:alloc1,i32:64

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(ip));
  CHECK(cudaFree(y));
  CHECK(cudaFree(x));
  return 0;
}
