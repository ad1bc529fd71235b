//! kind: run
// Static __shared__ arrays and scalars, extern __shared__ dynamic arrays (plain, aligned, template): never registered; dynamic size comes from the launch.
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

__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x;
  int y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < n && y + j < n) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    if (x < n && y + j < n) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}
//@ kernel _Z9transposePfPKfi

__global__ void dyn(int *out) {
  extern __shared__ int smem[];
  smem[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = smem[blockDim.x - 1 - threadIdx.x];
}
//@ kernel _Z3dynPi

template <typename T>
__global__ void tdyn(T *out) {
  extern __shared__ __align__(16) unsigned char raw[];
  T *buf = reinterpret_cast<T *>(raw);
  buf[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = buf[(threadIdx.x + 1) % blockDim.x];
}
//@ kernel _Z4tdynIdEvPT_
//@ kernel _Z4tdynI6float2EvPT_

__global__ void both(float *out) {
  __shared__ int flag;
  extern __shared__ float dynbuf[];
  if (threadIdx.x == 0) flag = 1;
  dynbuf[threadIdx.x] = out[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = flag ? dynbuf[0] : 0.0f;
}
//@ kernel _Z4bothPf

int main() {
  float *a = nullptr, *b = nullptr;
  int *ip = nullptr;
  double *dp = nullptr;
  float2 *f2 = nullptr;
  CHECK(cudaMalloc(&a, 64 * 64 * sizeof(float)));
  CHECK(cudaMalloc(&b, 64 * 64 * sizeof(float)));
  CHECK(cudaMalloc(&ip, 128 * sizeof(int)));
  CHECK(cudaMalloc(&dp, 64 * sizeof(double)));
  CHECK(cudaMalloc(&f2, 32 * sizeof(float2)));

  transpose<<<dim3(2, 2), dim3(32, 8)>>>(b, a, 64);
  //@ launch _Z9transposePfPKfi grid=2,2,1 block=32,8,1 shmem=0 stream=0 args=ptr:alloc1,ptr:alloc0,i32:64
  dyn<<<1, 128, 128 * sizeof(int)>>>(ip);
  //@ launch _Z3dynPi grid=1,1,1 block=128,1,1 shmem=512 stream=0 args=ptr:alloc2
  tdyn<<<1, 64, 64 * sizeof(double)>>>(dp);
  //@ launch _Z4tdynIdEvPT_ grid=1,1,1 block=64,1,1 shmem=512 stream=0 args=ptr:alloc3
  tdyn<<<1, 32, 32 * sizeof(float2)>>>(f2);
  //@ launch _Z4tdynI6float2EvPT_ grid=1,1,1 block=32,1,1 shmem=256 stream=0 args=ptr:alloc4
  both<<<1, 32, 32 * sizeof(float)>>>(a);
  //@ launch _Z4bothPf grid=1,1,1 block=32,1,1 shmem=128 stream=0 args=ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f2));
  CHECK(cudaFree(dp));
  CHECK(cudaFree(ip));
  CHECK(cudaFree(b));
  CHECK(cudaFree(a));
  return 0;
}
