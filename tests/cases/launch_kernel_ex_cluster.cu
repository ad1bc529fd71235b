//! kind: run
// cudaLaunchKernelEx with a cluster-dimension attribute and without attributes; arguments coerced to the parameter types.
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

__global__ void clustered(float *p, int n, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}
//@ kernel _Z9clusteredPfif

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 1024 * sizeof(float)));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));

  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeClusterDimension;
  attr[0].val.clusterDim.x = 2;
  attr[0].val.clusterDim.y = 1;
  attr[0].val.clusterDim.z = 1;

  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(8);
  config.blockDim = dim3(128);
  config.dynamicSmemBytes = 256;
  config.stream = s;
  config.attrs = attr;
  config.numAttrs = 1;
  CHECK(cudaLaunchKernelEx(&config, clustered, d, 1024, 2.0));
  //@ launch _Z9clusteredPfif grid=8,1,1 block=128,1,1 shmem=256 stream=s1 via=cudaLaunchKernelExC attrs=cluster:2,1,1 args=ptr:alloc0,i32:1024,f32:2

  cudaLaunchConfig_t plain = {};
  plain.gridDim = dim3(2, 2);
  plain.blockDim = dim3(16, 16);
  plain.dynamicSmemBytes = 0;
  plain.stream = 0;
  plain.attrs = nullptr;
  plain.numAttrs = 0;
  CHECK(cudaLaunchKernelEx(&plain, clustered, d + 1, 3L, 1));
  //@ launch _Z9clusteredPfif grid=2,2,1 block=16,16,1 shmem=0 stream=0 via=cudaLaunchKernelExC args=ptr:alloc0+4,i32:3,f32:1

  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
