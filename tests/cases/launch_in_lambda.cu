//! kind: run
// Launches inside host lambdas: capturing, immediately invoked, generic (auto parameters), nested.
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

__global__ void set(int *p, int v) { p[threadIdx.x] = v; }
//@ kernel _Z3setPii

template <typename T>
__global__ void store(T *p, T v) { *p = v; }
//@ kernel _Z5storeIfEvPT_S0_
//@ kernel _Z5storeIdEvPT_S0_

int main() {
  int *d = nullptr;
  float *f = nullptr;
  double *g = nullptr;
  CHECK(cudaMalloc(&d, 32 * sizeof(int)));
  CHECK(cudaMalloc(&f, sizeof(float)));
  CHECK(cudaMalloc(&g, sizeof(double)));

  auto launch = [&](int blocks, int v) { set<<<blocks, 32>>>(d, v); };
  launch(1, 10);
  //@ launch _Z3setPii grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:10
  launch(3, 20);
  //@ launch _Z3setPii grid=3,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:20

  [d]() { set<<<2, 2>>>(d, 7); }();
  //@ launch _Z3setPii grid=2,1,1 block=2,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:7

  auto generic = [](auto *p, auto v) { store<<<1, 1>>>(p, v); };
  generic(f, 1.5f);
  //@ launch _Z5storeIfEvPT_S0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1,f32:1.5
  generic(g, 2.25);
  //@ launch _Z5storeIdEvPT_S0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2,f64:2.25

  auto checked = [&](int v) {
    set<<<1, 1>>>(d, v);
    return cudaGetLastError();
  };
  CHECK(checked(5));
  //@ launch _Z3setPii grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:5

  auto outer = [&] {
    auto inner = [&](int v) { set<<<1, 4>>>(d + 1, v); };
    inner(8);
  };
  outer();
  //@ launch _Z3setPii grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0+4,i32:8

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(g));
  CHECK(cudaFree(f));
  CHECK(cudaFree(d));
  return 0;
}
