//! kind: run
// Launches as expressions: comma operator, conditional arms, void return, for-increment, constructor and operator().
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

static void relay(int *p, int v) { return k<<<1, 1>>>(p, v); }

struct Launcher {
  int *p;
  explicit Launcher(int *d) : p(d) { k<<<1, 2>>>(p, -1); }
  void operator()(int v) const { k<<<1, 3>>>(p, v); }
};

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));

  cudaError_t e = (k<<<1, 4>>>(d, 1), cudaGetLastError());
  //@ launch _Z1kPii grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  CHECK(e);
  bool big = true;
  big ? k<<<2, 1>>>(d, 2) : k<<<3, 1>>>(d, 3);
  //@ launch _Z1kPii grid=2,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:2
  !big ? k<<<2, 1>>>(d, 2) : k<<<3, 1>>>(d, 3);
  //@ launch _Z1kPii grid=3,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3
  relay(d, 4);
  //@ launch _Z1kPii grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:4
  for (int i = 5; i < 7; k<<<1, 5>>>(d, i), ++i) {
  }
  //@ launch _Z1kPii grid=1,1,1 block=5,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:5
  //@ launch _Z1kPii grid=1,1,1 block=5,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:6
  Launcher go(d + 1);
  //@ launch _Z1kPii grid=1,1,1 block=2,1,1 shmem=0 stream=0 args=ptr:alloc0+4,i32:-1
  go(8);
  //@ launch _Z1kPii grid=1,1,1 block=3,1,1 shmem=0 stream=0 args=ptr:alloc0+4,i32:8
  if (big) k<<<1, 6>>>(d, 9);
  else k<<<1, 7>>>(d, 10);
  //@ launch _Z1kPii grid=1,1,1 block=6,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:9

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
