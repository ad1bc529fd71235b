//! kind: run
// A kernel template with a template template parameter, instantiated with two functor class templates.
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
struct Square {
  __device__ T operator()(T x) const { return x * x; }
};

template <typename T>
struct Negate {
  __device__ T operator()(T x) const { return -x; }
};

template <template <typename> class Op, typename T>
__global__ void apply(T *p, int n) {
  Op<T> op;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = op(p[i]);
}
//@ kernel _Z5applyI6SquarefEvPT0_i
//@ kernel _Z5applyI6NegateiEvPT0_i

int main() {
  float *fp = nullptr;
  int *ip = nullptr;
  CHECK(cudaMalloc(&fp, 64 * sizeof(float)));
  CHECK(cudaMalloc(&ip, 64 * sizeof(int)));

  apply<Square, float><<<2, 32>>>(fp, 64);
  //@ launch _Z5applyI6SquarefEvPT0_i grid=2,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:64
  apply<Negate><<<1, 64>>>(ip, 64);
  //@ launch _Z5applyI6NegateiEvPT0_i grid=1,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc1,i32:64

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(ip));
  CHECK(cudaFree(fp));
  return 0;
}
