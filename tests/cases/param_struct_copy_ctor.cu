//! kind: run
// Class-type parameters with a user-defined copy constructor and a non-trivial destructor: the launch copies each argument exactly once on the host.
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

static int host_copies = 0;

struct Tracked {  // v@0 copies@4, size 8
  int v;
  int copies;
  __host__ __device__ explicit Tracked(int x) : v(x), copies(0) {}
  __host__ __device__ Tracked(const Tracked &o) : v(o.v), copies(o.copies + 1) {
#ifndef __CUDA_ARCH__
    ++host_copies;
#endif
  }
};

struct WithDtor {  // size 4
  int id;
  __host__ __device__ ~WithDtor() {}
};

__global__ void k(int *out, Tracked t) { out[0] = t.v * 100 + t.copies; }
//@ kernel _Z1kPi7Tracked
__global__ void kd(WithDtor w, int *out) { out[0] = w.id; }
//@ kernel _Z2kd8WithDtorPi

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, sizeof(int)));

  Tracked t(4);
  k<<<1, 1>>>(d, t);
  //@ launch _Z1kPi7Tracked grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:04000000_01000000
  k<<<1, 1>>>(d, Tracked(9));
  //@ launch _Z1kPi7Tracked grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:09000000_00000000
  Tracked t2(t);
  k<<<1, 1>>>(d, t2);
  //@ launch _Z1kPi7Tracked grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:04000000_02000000
  kd<<<1, 1>>>(WithDtor{42}, d);
  //@ launch _Z2kd8WithDtorPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:2a000000,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  std::printf("host copies: %d\n", host_copies);
  if (host_copies != 3) return 1;
  return 0;
}
