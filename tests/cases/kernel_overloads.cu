//! kind: run
// Overloaded kernels: overload resolution at each launch picks the kernel, each registered under its own mangled name.
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

__global__ void k(int *p) { p[threadIdx.x] = 1; }
//@ kernel _Z1kPi
__global__ void k(float *p) { p[threadIdx.x] = 2.0f; }
//@ kernel _Z1kPf
__global__ void k(int *p, int v) { p[threadIdx.x] = v; }
//@ kernel _Z1kPii
__global__ void k(double v) { (void)v; }
//@ kernel _Z1kd
__global__ void k(const int *src, int *dst) { dst[threadIdx.x] = src[threadIdx.x]; }
//@ kernel _Z1kPKiPi

int main() {
  int *ip = nullptr, *jp = nullptr;
  float *fp = nullptr;
  CHECK(cudaMalloc(&ip, 8 * sizeof(int)));
  CHECK(cudaMalloc(&fp, 8 * sizeof(float)));
  CHECK(cudaMalloc(&jp, 8 * sizeof(int)));

  k<<<1, 8>>>(ip);
  //@ launch _Z1kPi grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0
  k<<<1, 8>>>(fp);
  //@ launch _Z1kPf grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc1
  k<<<1, 8>>>(ip, 42);
  //@ launch _Z1kPii grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:42
  k<<<1, 1>>>(2.5f);
  //@ launch _Z1kd grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=f64:2.5
  k<<<1, 1>>>(7);
  //@ launch _Z1kd grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=f64:7
  const int *src = ip;
  k<<<1, 8>>>(src, jp);
  //@ launch _Z1kPKiPi grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,ptr:alloc2

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(jp));
  CHECK(cudaFree(fp));
  CHECK(cudaFree(ip));
  return 0;
}
