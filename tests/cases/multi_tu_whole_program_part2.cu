// Second translation unit of multi_tu_whole_program.cu (compiled without -rdc: its own fat binary).
#include <cuda_runtime.h>

static __global__ void local_kernel(int *p, int v) { p[threadIdx.x] = -v; }

__global__ void second_only(float *p) { p[blockIdx.x] = 0.5f; }

cudaError_t run_part2(int *p, int v) {
  local_kernel<<<1, 16>>>(p, -v);
  float *f = nullptr;
  cudaError_t e = cudaMalloc(&f, 2 * sizeof(float));
  if (e != cudaSuccess) return e;
  second_only<<<2, 1>>>(f);
  e = cudaGetLastError();
  if (e != cudaSuccess) return e;
  return cudaFree(f);
}
