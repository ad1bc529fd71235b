//! kind: run
// Kernel templates whose template arguments are deduced from the launch arguments, fully and partially.
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

template <typename T, typename U>
__global__ void axpy(T a, const U *x, U *y, int n) {
  int i = threadIdx.x;
  if (i < n) y[i] = static_cast<U>(a) * x[i] + y[i];
}
//@ kernel _Z4axpyIffEvT_PKT0_PS1_i
//@ kernel _Z4axpyIidEvT_PKT0_PS1_i
//@ kernel _Z4axpyIdfEvT_PKT0_PS1_i

template <typename T>
__global__ void copy(const T *in, T *out) { out[threadIdx.x] = in[threadIdx.x]; }
//@ kernel _Z4copyIdEvPKT_PS0_

int main() {
  float *xf = nullptr, *yf = nullptr;
  double *xd = nullptr, *yd = nullptr;
  CHECK(cudaMalloc(&xf, 32 * sizeof(float)));
  CHECK(cudaMalloc(&yf, 32 * sizeof(float)));
  CHECK(cudaMalloc(&xd, 32 * sizeof(double)));
  CHECK(cudaMalloc(&yd, 32 * sizeof(double)));

  axpy<<<1, 32>>>(2.0f, xf, yf, 32);
  //@ launch _Z4axpyIffEvT_PKT0_PS1_i grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=f32:2,ptr:alloc0,ptr:alloc1,i32:32
  axpy<<<1, 32>>>(3, xd, yd, 32);
  //@ launch _Z4axpyIidEvT_PKT0_PS1_i grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=i32:3,ptr:alloc2,ptr:alloc3,i32:32
  axpy<double><<<1, 16>>>(2, xf, yf, 16);
  //@ launch _Z4axpyIdfEvT_PKT0_PS1_i grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=f64:2,ptr:alloc0,ptr:alloc1,i32:16
  copy<<<1, 32>>>(xd, yd);
  //@ launch _Z4copyIdEvPKT_PS0_ grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc2,ptr:alloc3

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(yd));
  CHECK(cudaFree(xd));
  CHECK(cudaFree(yf));
  CHECK(cudaFree(xf));
  return 0;
}
