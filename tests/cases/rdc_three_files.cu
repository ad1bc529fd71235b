//! kind: run
//! nvcc: -rdc=true
//! files: rdc_three_files_part2.cu rdc_three_files_part3.cu
// Separate compilation over three files: kernel template instantiated elsewhere, __constant__ and __device__ function shared across files.
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

// Defined and explicitly instantiated in rdc_three_files_part2.cu.
template <typename T>
__global__ void accumulate(T *p, int n);
// Defined in rdc_three_files_part3.cu.
__global__ void normalize(float *p, float total);
extern __constant__ float weights[4];
__device__ float weight(int i);

__global__ void weigh(float *p) { p[threadIdx.x] *= weight(threadIdx.x) + weights[0]; }
//@ kernel _Z5weighPf

// Registered by rdc_three_files_part2.cu:
//@ kernel _Z10accumulateIfEvPT_i
//@ kernel _Z10accumulateIdEvPT_i
//@ var total_calls size=8 constant=0
// Registered by rdc_three_files_part3.cu:
//@ kernel _Z9normalizePff
//@ var weights size=16 constant=1

int main() {
  float *f = nullptr;
  double *g = nullptr;
  CHECK(cudaMalloc(&f, 16 * sizeof(float)));
  CHECK(cudaMalloc(&g, 16 * sizeof(double)));
  const float w[4] = {0.1f, 0.2f, 0.3f, 0.4f};
  CHECK(cudaMemcpyToSymbol(weights, w, sizeof w));

  weigh<<<1, 16>>>(f);
  //@ launch _Z5weighPf grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0
  accumulate<float><<<1, 16>>>(f, 16);
  //@ launch _Z10accumulateIfEvPT_i grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:16
  accumulate<<<2, 8>>>(g, 16);
  //@ launch _Z10accumulateIdEvPT_i grid=2,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc1,i32:16
  normalize<<<1, 16>>>(f, 4.0f);
  //@ launch _Z9normalizePff grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:4

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(g));
  CHECK(cudaFree(f));
  return 0;
}
