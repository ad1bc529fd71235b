//! kind: run
//! files: multi_tu_whole_program_part2.cu
// Two whole-program (non -rdc) translation units, each with its own fat binary and a static kernel of the same name.
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

static __global__ void local_kernel(int *p, int v) { p[threadIdx.x] = v; }
//@ kernel _Z12local_kernelPii
__global__ void first_only(int *p) { p[0] = 1; }
//@ kernel _Z10first_onlyPi

// Defined in multi_tu_whole_program_part2.cu; launches that file's kernels.
cudaError_t run_part2(int *p, int v);
// Registered by multi_tu_whole_program_part2.cu (local_kernel again, under the same name):
//@ kernel _Z11second_onlyPf

int main() {
  int *d = nullptr;
  float *f = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));
  CHECK(cudaMalloc(&f, 32 * sizeof(float)));

  local_kernel<<<1, 32>>>(d, 1);
  //@ launch _Z12local_kernelPii grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  CHECK(run_part2(d, 2));
  //@ launch _Z12local_kernelPii grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:-2
  //@ launch _Z11second_onlyPf grid=2,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2
  first_only<<<1, 1>>>(d);
  //@ launch _Z10first_onlyPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f));
  CHECK(cudaFree(d));
  return 0;
}
