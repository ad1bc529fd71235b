//! kind: run
// __launch_bounds__ with one, two and three arguments (also template- and constexpr-dependent) and __maxnreg__ on kernels.
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

__global__ void __launch_bounds__(256) lb1(float *p) { p[threadIdx.x] *= 2.0f; }
//@ kernel _Z3lb1Pf
__global__ void __launch_bounds__(256, 2) lb2(float *p) { p[threadIdx.x] += 1.0f; }
//@ kernel _Z3lb2Pf
__global__ void __launch_bounds__(256, 2, 4) lb3(float *p) { p[threadIdx.x] -= 1.0f; }
//@ kernel _Z3lb3Pf
__global__ void __maxnreg__(32) mr(float *p) { p[threadIdx.x] = p[threadIdx.x] * p[threadIdx.x]; }
//@ kernel _Z2mrPf

template <int Block>
__global__ void __launch_bounds__(Block) lbt(float *p) { p[blockIdx.x * Block + threadIdx.x] = Block; }
//@ kernel _Z3lbtILi128EEvPf

constexpr int kThreads = 64;
__global__ void __launch_bounds__(kThreads, 1 + 1) lbc(float *p) { p[threadIdx.x] = 0.0f; }
//@ kernel _Z3lbcPf

int main() {
  float *p = nullptr;
  CHECK(cudaMalloc(&p, 512 * sizeof(float)));

  lb1<<<1, 256>>>(p);
  //@ launch _Z3lb1Pf grid=1,1,1 block=256,1,1 shmem=0 stream=0 args=ptr:alloc0
  lb2<<<2, 256>>>(p);
  //@ launch _Z3lb2Pf grid=2,1,1 block=256,1,1 shmem=0 stream=0 args=ptr:alloc0
  lb3<<<1, 128>>>(p);
  //@ launch _Z3lb3Pf grid=1,1,1 block=128,1,1 shmem=0 stream=0 args=ptr:alloc0
  mr<<<1, 512>>>(p);
  //@ launch _Z2mrPf grid=1,1,1 block=512,1,1 shmem=0 stream=0 args=ptr:alloc0
  lbt<128><<<4, 128>>>(p);
  //@ launch _Z3lbtILi128EEvPf grid=4,1,1 block=128,1,1 shmem=0 stream=0 args=ptr:alloc0
  lbc<<<1, kThreads>>>(p);
  //@ launch _Z3lbcPf grid=1,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(p));
  return 0;
}
