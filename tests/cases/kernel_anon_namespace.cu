//! kind: run
// Kernels and a __device__ variable in anonymous namespaces; their device names embed the module id ({module_id} below).
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

namespace {
__device__ int hidden_scale = 3;
//@ var _ZN51_INTERNAL{module_id}53_GLOBAL__N_{module_id}12hidden_scaleE size=4 constant=0

__global__ void anon_kernel(int *p) { p[threadIdx.x] = hidden_scale * threadIdx.x; }
//@ kernel _ZN53_GLOBAL__N_{module_id}11anon_kernelEPi
}  // namespace

namespace named {
namespace {
__global__ void inner_anon(float *p, float v) { p[threadIdx.x] = v; }
//@ kernel _ZN5named53_GLOBAL__N_{module_id}10inner_anonEPff
}  // namespace
}  // namespace named

int main() {
  int *d = nullptr;
  float *f = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));
  CHECK(cudaMalloc(&f, 32 * sizeof(float)));

  anon_kernel<<<1, 32>>>(d);
  //@ launch _ZN53_GLOBAL__N_{module_id}11anon_kernelEPi grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0
  named::inner_anon<<<2, 16>>>(f, 0.5f);
  //@ launch _ZN5named53_GLOBAL__N_{module_id}10inner_anonEPff grid=2,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc1,f32:0.5

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f));
  CHECK(cudaFree(d));
  return 0;
}
