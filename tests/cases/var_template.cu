//! kind: run
// __device__ and __constant__ variable templates: each instantiation used in device code is registered under its mangled name.
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
__device__ T zero_v = T(0);
//@ var _Z6zero_vIiE size=4 constant=0
//@ var _Z6zero_vIdE size=8 constant=0

template <typename T>
__constant__ T pi_v = T(3.14159265358979);
//@ var _Z4pi_vIfE size=4 constant=1
//@ var _Z4pi_vIdE size=8 constant=1

template <int N>
__device__ int table_v[N];
//@ var _Z7table_vILi4EE size=16 constant=0

__global__ void use(double *out) {
  int i = threadIdx.x;
  out[i] = zero_v<int> + zero_v<double> + pi_v<float> + pi_v<double> + table_v<4>[i % 4];
}
//@ kernel _Z3usePd

int main() {
  double *out = nullptr;
  CHECK(cudaMalloc(&out, 8 * sizeof(double)));
  const int t[4] = {1, 2, 3, 4};
  CHECK(cudaMemcpyToSymbol(table_v<4>, t, sizeof t));

  use<<<1, 8>>>(out);
  //@ launch _Z3usePd grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
