//! kind: run
// Explicit instantiation definitions of a kernel template register kernels even when they are never launched.
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

template <typename T>
__global__ void scale(T *p, T s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}

template __global__ void scale<float>(float *, float, int);
//@ kernel _Z5scaleIfEvPT_S0_i
template __global__ void scale<double>(double *, double, int);
//@ kernel _Z5scaleIdEvPT_S0_i
//@ kernel _Z5scaleIiEvPT_S0_i

int main() {
  float *f = nullptr;
  int *i = nullptr;
  CHECK(cudaMalloc(&f, 16 * sizeof(float)));
  CHECK(cudaMalloc(&i, 16 * sizeof(int)));

  scale<float><<<1, 16>>>(f, 0.5f, 16);
  //@ launch _Z5scaleIfEvPT_S0_i grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:0.5,i32:16
  scale<<<1, 16>>>(i, 3, 16);
  //@ launch _Z5scaleIiEvPT_S0_i grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc1,i32:3,i32:16

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(i));
  CHECK(cudaFree(f));
  return 0;
}
