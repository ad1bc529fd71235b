//! kind: run
// Launches in for, range-for, while and stream-alternating loops: one trace line per iteration.
#include <cstdio>
#include <vector>
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

__global__ void step(int *p, int i, float w) { p[threadIdx.x] += i + (int)w; }
//@ kernel _Z4stepPiif

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 128 * sizeof(int)));

  for (int i = 0; i < 3; ++i) step<<<i + 1, 32 * (i + 1)>>>(d + i, i, 0.5f * i);
  //@ launch _Z4stepPiif grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:0,f32:0
  //@ launch _Z4stepPiif grid=2,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0+4,i32:1,f32:0.5
  //@ launch _Z4stepPiif grid=3,1,1 block=96,1,1 shmem=0 stream=0 args=ptr:alloc0+8,i32:2,f32:1

  std::vector<int> sizes{8, 16};
  for (int s : sizes) {
    step<<<1, s>>>(d, s, 1.0f);
  }
  //@ launch _Z4stepPiif grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:8,f32:1
  //@ launch _Z4stepPiif grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:16,f32:1

  int j = 2;
  while (j--) step<<<j + 1, 1>>>(d, j, 2.0f);
  //@ launch _Z4stepPiif grid=2,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1,f32:2
  //@ launch _Z4stepPiif grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:0,f32:2

  cudaStream_t st[2];
  for (auto &s : st) CHECK(cudaStreamCreate(&s));
  for (int k = 0; k < 4; ++k) step<<<1, 1, 0, st[k % 2]>>>(d, k, 0.0f);
  //@ launch _Z4stepPiif grid=1,1,1 block=1,1,1 shmem=0 stream=s1 args=ptr:alloc0,i32:0,f32:0
  //@ launch _Z4stepPiif grid=1,1,1 block=1,1,1 shmem=0 stream=s2 args=ptr:alloc0,i32:1,f32:0
  //@ launch _Z4stepPiif grid=1,1,1 block=1,1,1 shmem=0 stream=s1 args=ptr:alloc0,i32:2,f32:0
  //@ launch _Z4stepPiif grid=1,1,1 block=1,1,1 shmem=0 stream=s2 args=ptr:alloc0,i32:3,f32:0
  for (auto &s : st) CHECK(cudaStreamDestroy(s));

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
