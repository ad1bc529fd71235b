//! kind: run
// Kernels in nested, C++17 nested-name, inline and aliased namespaces, launched by qualified and using-declared names.
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

namespace outer {
namespace inner {
__device__ int twice(int x) { return 2 * x; }
__global__ void k(int *p) { p[threadIdx.x] = twice(threadIdx.x); }
//@ kernel _ZN5outer5inner1kEPi
}  // namespace inner

__global__ void k(int *p) { p[threadIdx.x] = -1; }
//@ kernel _ZN5outer1kEPi

inline namespace abi2 {
__global__ void tagged(int *p) { p[0] = 2; }
//@ kernel _ZN5outer4abi26taggedEPi
}  // namespace abi2
}  // namespace outer

namespace a::b::c {
__global__ void deep(float x, float *out) { out[threadIdx.x] = x; }
//@ kernel _ZN1a1b1c4deepEfPf
}  // namespace a::b::c

inline namespace v1 {
__global__ void versioned(int *p) { p[threadIdx.x] = 1; }
//@ kernel _ZN2v19versionedEPi
}  // namespace v1

namespace oi = outer::inner;

int main() {
  int *d = nullptr;
  float *f = nullptr;
  CHECK(cudaMalloc(&d, 64 * sizeof(int)));
  CHECK(cudaMalloc(&f, 64 * sizeof(float)));

  outer::inner::k<<<1, 1>>>(d);
  //@ launch _ZN5outer5inner1kEPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  outer::k<<<2, 1>>>(d);
  //@ launch _ZN5outer1kEPi grid=2,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  ::a::b::c::deep<<<1, 2>>>(1.5f, f);
  //@ launch _ZN1a1b1c4deepEfPf grid=1,1,1 block=2,1,1 shmem=0 stream=0 args=f32:1.5,ptr:alloc1
  versioned<<<1, 3>>>(d);
  //@ launch _ZN2v19versionedEPi grid=1,1,1 block=3,1,1 shmem=0 stream=0 args=ptr:alloc0
  v1::versioned<<<1, 4>>>(d);
  //@ launch _ZN2v19versionedEPi grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0
  outer::tagged<<<1, 5>>>(d);
  //@ launch _ZN5outer4abi26taggedEPi grid=1,1,1 block=5,1,1 shmem=0 stream=0 args=ptr:alloc0
  oi::k<<<1, 6>>>(d + 6);
  //@ launch _ZN5outer5inner1kEPi grid=1,1,1 block=6,1,1 shmem=0 stream=0 args=ptr:alloc0+24
  {
    using namespace a::b::c;
    deep<<<1, 7>>>(-2.0f, f + 1);
    //@ launch _ZN1a1b1c4deepEfPf grid=1,1,1 block=7,1,1 shmem=0 stream=0 args=f32:-2,ptr:alloc1+4
  }
  {
    using outer::inner::k;
    k<<<1, 8>>>(d);
    //@ launch _ZN5outer5inner1kEPi grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0
  }

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f));
  CHECK(cudaFree(d));
  return 0;
}
