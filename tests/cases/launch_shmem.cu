//! kind: run
// Three-argument launches <<<grid, block, shmem>>> with dynamic extern __shared__ arrays.
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

__global__ void reverse(float *p, int n) {
  extern __shared__ float buf[];
  int i = threadIdx.x;
  if (i < n) buf[i] = p[i];
  __syncthreads();
  if (i < n) p[i] = buf[n - 1 - i];
}
//@ kernel _Z7reversePfi

__global__ void sum_pairs(double *p) {
  extern __shared__ double dbuf[];
  unsigned i = threadIdx.x;
  dbuf[i] = p[i];
  __syncthreads();
  if (i % 2 == 0) p[i / 2] = dbuf[i] + dbuf[i + 1];
}
//@ kernel _Z9sum_pairsPd

int main() {
  float *f = nullptr;
  double *g = nullptr;
  CHECK(cudaMalloc(&f, 256 * sizeof(float)));
  CHECK(cudaMalloc(&g, 128 * sizeof(double)));

  reverse<<<1, 256, 256 * sizeof(float)>>>(f, 256);
  //@ launch _Z7reversePfi grid=1,1,1 block=256,1,1 shmem=1024 stream=0 args=ptr:alloc0,i32:256
  size_t bytes = 100 * sizeof(float);
  reverse<<<dim3(1), dim3(100), bytes>>>(f, 100);
  //@ launch _Z7reversePfi grid=1,1,1 block=100,1,1 shmem=400 stream=0 args=ptr:alloc0,i32:100
  reverse<<<2, 64, 0>>>(f, 0);  // no shared memory: nothing to reverse
  //@ launch _Z7reversePfi grid=2,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:0
  unsigned short small = 48;
  reverse<<<1, 12, small>>>(f + 4, 12);
  //@ launch _Z7reversePfi grid=1,1,1 block=12,1,1 shmem=48 stream=0 args=ptr:alloc0+16,i32:12
  sum_pairs<<<1, 128, 128 * sizeof(double)>>>(g);
  //@ launch _Z9sum_pairsPd grid=1,1,1 block=128,1,1 shmem=1024 stream=0 args=ptr:alloc1

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(g));
  CHECK(cudaFree(f));
  return 0;
}
