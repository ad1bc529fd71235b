//! kind: run
//! nvcc: --extended-lambda
// Extended __host__ __device__ lambdas (no capture, one, several) passed to a kernel template and also called on the host.
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

template <typename F>
__global__ void map(int *p, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = f(p[i]);
}

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));

  auto twice = [] __host__ __device__(int x) { return 2 * x; };
  int off = 5;
  auto add_off = [=] __host__ __device__(int x) { return x + off; };
  int a = 2;
  double s = 1.5;
  auto mix = [=] __host__ __device__(int x) { return (int)(x * s) + a + off; };

  // The host copy of a __host__ __device__ lambda holds a heap pointer, so its bytes are not checked.
  map<<<1, 32>>>(d, 32, twice);
  //@ kernel _Z3mapIZ4mainEUliE_EvPiiT_
  //@ launch _Z3mapIZ4mainEUliE_EvPiiT_ grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:32,any:1
  map<<<1, 32>>>(d, 32, add_off);
  //@ kernel _Z3mapIZ4mainEUliE0_EvPiiT_
  //@ launch _Z3mapIZ4mainEUliE0_EvPiiT_ grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:32,any:16
  map<<<2, 16>>>(d, 32, mix);
  //@ kernel _Z3mapIZ4mainEUliE1_EvPiiT_
  //@ launch _Z3mapIZ4mainEUliE1_EvPiiT_ grid=2,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:32,any:24

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));

  // The same lambdas run on the host.
  std::printf("%d %d %d\n", twice(21), add_off(1), mix(4));
  if (twice(21) != 42 || add_off(1) != 6 || mix(4) != 13) return 1;
  return 0;
}
