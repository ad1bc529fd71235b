//! kind: run
// Kernels (plain and template) declared, redeclared and launched before their definitions appear later in the file.
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

__global__ void later(int *p, int v);
__global__ void later(int *, int);
template <typename T>
__global__ void later_t(T *p, T v);

static void launch_all(int *d, float *f) {
  later<<<1, 4>>>(d, 1);
  later_t<<<1, 8>>>(f, 2.5f);
  later_t<int><<<1, 2>>>(d, 3);
}

int main() {
  int *d = nullptr;
  float *f = nullptr;
  CHECK(cudaMalloc(&d, 8 * sizeof(int)));
  CHECK(cudaMalloc(&f, 8 * sizeof(float)));

  launch_all(d, f);
  //@ launch _Z5laterPii grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  //@ launch _Z7later_tIfEvPT_S0_ grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc1,f32:2.5
  //@ launch _Z7later_tIiEvPT_S0_ grid=1,1,1 block=2,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f));
  CHECK(cudaFree(d));
  return 0;
}

__global__ void later(int *p, int v) { p[threadIdx.x] = v; }
//@ kernel _Z5laterPii

template <typename T>
__global__ void later_t(T *p, T v) { p[threadIdx.x] = v + T(1); }
//@ kernel _Z7later_tIfEvPT_S0_
//@ kernel _Z7later_tIiEvPT_S0_
