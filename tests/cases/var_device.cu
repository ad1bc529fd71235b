//! kind: run
// __device__ variables: scalar, 1-D and 2-D arrays, struct, pointer, const, char string, in a namespace, static; each registered with its size.
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

struct Point {  // x@0 y@4 w@8, size 16
  int x;
  int y;
  double w;
};

__device__ int counter;
//@ var counter size=4 constant=0
__device__ float table[16];
//@ var table size=64 constant=0
__device__ Point origin = {1, 2, 0.5};
//@ var origin size=16 constant=0
__device__ double matrix[2][3];
//@ var matrix size=48 constant=0
__device__ int *dptr;
//@ var dptr size=8 constant=0
__device__ const int limit = 100;
//@ var limit size=4 constant=0
__device__ char msg[6] = "hello";
//@ var msg size=6 constant=0
namespace ns {
__device__ double scale = 2.0;
//@ var _ZN2ns5scaleE size=8 constant=0
}  // namespace ns
static __device__ int hidden = 5;
//@ var hidden size=4 constant=0

__global__ void touch(int *out) {
  int i = threadIdx.x;
  table[i % 16] = i * ns::scale;
  matrix[i % 2][i % 3] = origin.w;
  if (i == 0) {
    dptr = out;
    atomicAdd(&counter, hidden + origin.x + origin.y);
  }
  out[i] = i < limit ? msg[i % 5] : 0;
}
//@ kernel _Z5touchPi

int main() {
  int *out = nullptr;
  CHECK(cudaMalloc(&out, 32 * sizeof(int)));
  int zero = 0;
  CHECK(cudaMemcpyToSymbol(counter, &zero, sizeof zero));

  touch<<<1, 32>>>(out);
  //@ launch _Z5touchPi grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
