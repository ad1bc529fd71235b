//! kind: run
//! nvcc: --extended-lambda
// Extended __device__ lambdas in member functions capturing *this by copy (implicitly with [=, *this] and explicitly with [*this]).
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

struct Scaler {  // factor@0 offset@4, size 8
  float factor;
  int offset;

  void run(float *d, int n) const {
    apply<<<1, n>>>(d, n, [=, *this] __device__(float x) { return x * factor + offset; });
  }
  void shift(float *d) const {
    apply<<<1, 4>>>(d, 4, [*this] __device__(float x) { return x - factor; });
  }
};

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 16 * sizeof(float)));

  Scaler half{0.5f, 7};
  Scaler twice{2.0f, -1};
  half.run(d, 16);
  //@ kernel _Z5applyIZNK6Scaler3runEPfiEUlfE_EvS1_iT_
  //@ launch _Z5applyIZNK6Scaler3runEPfiEUlfE_EvS1_iT_ grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:16,hex:0000003f_07000000
  twice.run(d, 8);
  //@ launch _Z5applyIZNK6Scaler3runEPfiEUlfE_EvS1_iT_ grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:8,hex:00000040_ffffffff
  twice.shift(d + 4);
  //@ kernel _Z5applyIZNK6Scaler5shiftEPfEUlfE_EvS1_iT_
  //@ launch _Z5applyIZNK6Scaler5shiftEPfEUlfE_EvS1_iT_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0+16,i32:4,hex:00000040_ffffffff

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
