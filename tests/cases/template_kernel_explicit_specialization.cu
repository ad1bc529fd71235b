//! kind: run
// Explicit specializations of a kernel template (with explicit and with deduced template arguments) next to the primary template.
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

template <typename T>
__global__ void describe(T *p, T v) { p[0] = v; }
//@ kernel _Z8describeIfEvPT_S0_

template <>
__global__ void describe<int>(int *p, int v) { p[0] = v * 2; }
//@ kernel _Z8describeIiEvPT_S0_

template <>
__global__ void describe(char *p, char v) { p[0] = v + 1; }
//@ kernel _Z8describeIcEvPT_S0_

int main() {
  float *f = nullptr;
  int *i = nullptr;
  char *c = nullptr;
  CHECK(cudaMalloc(&f, sizeof(float)));
  CHECK(cudaMalloc(&i, sizeof(int)));
  CHECK(cudaMalloc(&c, 1));

  describe<<<1, 1>>>(f, 1.25f);
  //@ launch _Z8describeIfEvPT_S0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:1.25
  describe<<<1, 1>>>(i, 21);
  //@ launch _Z8describeIiEvPT_S0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1,i32:21
  describe<char><<<1, 1>>>(c, 'q');
  //@ launch _Z8describeIcEvPT_S0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2,char:'q'

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(c));
  CHECK(cudaFree(i));
  CHECK(cudaFree(f));
  return 0;
}
