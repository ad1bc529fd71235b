//! kind: run
// <<<>>> applied to a pointer to a kernel, a reference to a kernel, and an entry of a table of kernels chosen at run time.
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

__global__ void add(int *p, int v) { p[threadIdx.x] += v; }
//@ kernel _Z3addPii
__global__ void sub(int *p, int v) { p[threadIdx.x] -= v; }
//@ kernel _Z3subPii

using KernelFn = void (*)(int *, int);

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));

  KernelFn fp = add;
  fp<<<2, 2>>>(d, 1);
  //@ launch _Z3addPii grid=2,1,1 block=2,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  auto &ref = sub;
  ref<<<1, 4>>>(d, 2);
  //@ launch _Z3subPii grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:2
  const KernelFn table[] = {add, sub};
  volatile int first = 1;  // chosen at run time
  for (int i = 0; i < 2; ++i) table[(i + first) % 2]<<<1, 8>>>(d, 10 + i);
  //@ launch _Z3subPii grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:10
  //@ launch _Z3addPii grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:11
  decltype(&add) same = &add;
  (*same)<<<1, 1>>>(d, 3);
  //@ launch _Z3addPii grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
