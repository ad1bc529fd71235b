//! kind: run
//! nvcc: -rdc=true
//! files: rdc_two_files_part2.cu
// Separate compilation over two files: a kernel, a __device__ function and an extern __device__ variable defined in the other file.
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

extern __device__ int shared_counter;   // defined in rdc_two_files_part2.cu
__device__ int helper(int x);           // defined in rdc_two_files_part2.cu
__global__ void remote(int *p, int n);  // defined in rdc_two_files_part2.cu

__global__ void local(int *p) {
  p[threadIdx.x] = helper(threadIdx.x) + shared_counter;
  if (threadIdx.x == 0) atomicAdd(&shared_counter, 1);
}
//@ kernel _Z5localPi

// Registered by rdc_two_files_part2.cu:
//@ kernel _Z6remotePii
//@ var shared_counter size=4 constant=0

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 8 * sizeof(int)));
  int start = 10;
  CHECK(cudaMemcpyToSymbol(shared_counter, &start, sizeof start));

  local<<<1, 8>>>(d);
  //@ launch _Z5localPi grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0
  remote<<<2, 4>>>(d, 7);
  //@ launch _Z6remotePii grid=2,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:7

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
