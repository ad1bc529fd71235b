//! kind: run
//! nvcc: --extended-lambda
// Extended __device__ lambdas passed to a kernel template: 0, 1 and 3 captures, capture list, init-capture, array, mutable.
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
__global__ void apply(float *p, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = f(p[i]);
}

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 16 * sizeof(float)));

  apply<<<1, 16>>>(d, 16, [] __device__(float x) { return x * 2.0f; });
  //@ kernel _Z5applyIZ4mainEUlfE_EvPfiT_
  //@ launch _Z5applyIZ4mainEUlfE_EvPfiT_ grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:16,any:1

  float k = 1.5f;
  apply<<<1, 16>>>(d, 16, [=] __device__(float x) { return x * k; });
  //@ kernel _Z5applyIZ4mainEUlfE0_EvPfiT_
  //@ launch _Z5applyIZ4mainEUlfE0_EvPfiT_ grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:16,hex:0000c03f

  int a = 3;
  float b = 0.25f;
  double c = 8.0;
  // Implicit captures are laid out in order of first use: c (double), a (int), b (float).
  apply<<<1, 16>>>(d, 16, [=] __device__(float x) { return (float)c + x * a + b; });
  //@ kernel _Z5applyIZ4mainEUlfE1_EvPfiT_
  //@ launch _Z5applyIZ4mainEUlfE1_EvPfiT_ grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:16,hex:0000000000002040_03000000_0000803e

  // Explicit captures are laid out in capture-list order: b, a.
  apply<<<1, 8>>>(d, 8, [b, a] __device__(float x) { return x * a + b; });
  //@ kernel _Z5applyIZ4mainEUlfE2_EvPfiT_
  //@ launch _Z5applyIZ4mainEUlfE2_EvPfiT_ grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:8,hex:0000803e_03000000

  apply<<<1, 8>>>(d, 8, [s = 2.0f] __device__(float x) { return x * s; });
  //@ kernel _Z5applyIZ4mainEUlfE3_EvPfiT_
  //@ launch _Z5applyIZ4mainEUlfE3_EvPfiT_ grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:8,hex:00000040

  int arr[3] = {1, 2, 3};
  apply<<<1, 4>>>(d, 4, [=] __device__(float x) { return x + arr[0] + arr[1] + arr[2]; });
  //@ kernel _Z5applyIZ4mainEUlfE4_EvPfiT_
  //@ launch _Z5applyIZ4mainEUlfE4_EvPfiT_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:4,hex:01000000_02000000_03000000

  apply<<<1, 4>>>(d, 4, [=] __device__(float x) mutable {
    a += 1;
    return x * a;
  });
  //@ kernel _Z5applyIZ4mainEUlfE5_EvPfiT_
  //@ launch _Z5applyIZ4mainEUlfE5_EvPfiT_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:4,hex:03000000

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
