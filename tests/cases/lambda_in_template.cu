//! kind: run
//! nvcc: --extended-lambda
// Extended __device__ lambdas created inside a function template, capturing a value of the template type; one kernel per instantiation.
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

template <typename T, typename F>
__global__ void transform(T *p, int n, F f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = f(p[i]);
}

template <typename T>
void scale_all(T *d, int n, T s) {
  transform<<<1, n>>>(d, n, [=] __device__(T x) { return x * s; });
}

int main() {
  float *f = nullptr;
  double *g = nullptr;
  CHECK(cudaMalloc(&f, 8 * sizeof(float)));
  CHECK(cudaMalloc(&g, 4 * sizeof(double)));

  scale_all(f, 8, 2.0f);
  //@ kernel _Z9transformIfZ9scale_allIfEvPT_iS1_EUlfE_EvS2_iT0_
  //@ launch _Z9transformIfZ9scale_allIfEvPT_iS1_EUlfE_EvS2_iT0_ grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:8,hex:00000040
  scale_all(g, 4, 0.5);
  //@ kernel _Z9transformIdZ9scale_allIdEvPT_iS1_EUldE_EvS2_iT0_
  //@ launch _Z9transformIdZ9scale_allIdEvPT_iS1_EUldE_EvS2_iT0_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc1,i32:4,hex:000000000000e03f
  scale_all(f + 4, 4, -1.0f);
  //@ launch _Z9transformIfZ9scale_allIfEvPT_iS1_EUlfE_EvS2_iT0_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0+16,i32:4,hex:000080bf

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(g));
  CHECK(cudaFree(f));
  return 0;
}
