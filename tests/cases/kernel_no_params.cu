//! kind: run
// Kernels with no parameters (plain and a non-type template) that communicate through a __device__ variable.
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

__device__ unsigned counter;
//@ var counter size=4 constant=0

__global__ void nop() {}
//@ kernel _Z3nopv

__global__ void count() { atomicAdd(&counter, 1u); }
//@ kernel _Z5countv

template <int N>
__global__ void count_by() { atomicAdd(&counter, (unsigned)N); }
//@ kernel _Z8count_byILi3EEvv

int main() {
  nop<<<1, 1>>>();
  //@ launch _Z3nopv grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=
  count<<<4, 64>>>();
  //@ launch _Z5countv grid=4,1,1 block=64,1,1 shmem=0 stream=0 args=
  count_by<3><<<2, 2>>>();
  //@ launch _Z8count_byILi3EEvv grid=2,1,1 block=2,1,1 shmem=0 stream=0 args=
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  unsigned h = 0;
  CHECK(cudaMemcpyFromSymbol(&h, counter, sizeof h));
  std::printf("counter read back: %u\n", h);
  return 0;
}
