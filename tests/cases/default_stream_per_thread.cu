//! kind: run
//! nvcc: --default-stream per-thread
// With --default-stream per-thread, launches without a stream (or with stream 0) go to the per-thread stream; explicit handles keep their meaning.
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

__global__ void k(int *p, int v) { p[threadIdx.x] = v; }
//@ kernel _Z1kPii

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));

  k<<<1, 32>>>(d, 1);
  //@ launch _Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=ptsz via=__cudaLaunchKernel_ptsz args=ptr:alloc0,i32:1
  k<<<1, 32, 0, 0>>>(d, 2);
  //@ launch _Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=ptsz via=__cudaLaunchKernel_ptsz args=ptr:alloc0,i32:2
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  k<<<1, 32, 0, s>>>(d, 3);
  //@ launch _Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=s1 via=__cudaLaunchKernel_ptsz args=ptr:alloc0,i32:3
  k<<<1, 1, 0, cudaStreamLegacy>>>(d, 4);
  //@ launch _Z1kPii grid=1,1,1 block=1,1,1 shmem=0 stream=0 via=__cudaLaunchKernel_ptsz args=ptr:alloc0,i32:4
  k<<<1, 1, 0, cudaStreamPerThread>>>(d, 5);
  //@ launch _Z1kPii grid=1,1,1 block=1,1,1 shmem=0 stream=ptsz via=__cudaLaunchKernel_ptsz args=ptr:alloc0,i32:5
  int v = 6;
  void *args[] = {&d, &v};
  CHECK(cudaLaunchKernel((const void *)k, dim3(1), dim3(2), args, 0, 0));
  //@ launch _Z1kPii grid=1,1,1 block=2,1,1 shmem=0 stream=ptsz via=cudaLaunchKernel_ptsz args=ptr:alloc0,i32:6

  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
