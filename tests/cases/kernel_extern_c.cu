//! kind: run
// extern "C" kernels (single declaration and a linkage block): registered and launched under unmangled names.
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

extern "C" __global__ void saxpy_c(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
//@ kernel saxpy_c

extern "C" {
__global__ void zero_c(int *p);
__global__ void count_c(unsigned *c, unsigned long long step);
}
//@ kernel zero_c
//@ kernel count_c

__global__ void zero_c(int *p) { p[threadIdx.x] = 0; }
__global__ void count_c(unsigned *c, unsigned long long step) { atomicAdd(c, (unsigned)step); }

int main() {
  float *x = nullptr, *y = nullptr;
  int *z = nullptr;
  unsigned *c = nullptr;
  CHECK(cudaMalloc(&x, 256 * sizeof(float)));
  CHECK(cudaMalloc(&y, 256 * sizeof(float)));
  CHECK(cudaMalloc(&z, 32 * sizeof(int)));
  CHECK(cudaMalloc(&c, sizeof(unsigned)));

  saxpy_c<<<2, 128>>>(256, 3.0f, x, y);
  //@ launch saxpy_c grid=2,1,1 block=128,1,1 shmem=0 stream=0 args=i32:256,f32:3,ptr:alloc0,ptr:alloc1
  zero_c<<<1, 32>>>(z);
  //@ launch zero_c grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc2
  count_c<<<4, 4>>>(c, 10ull);
  //@ launch count_c grid=4,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc3,u64:10

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(c));
  CHECK(cudaFree(z));
  CHECK(cudaFree(y));
  CHECK(cudaFree(x));
  return 0;
}
