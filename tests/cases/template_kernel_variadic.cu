//! kind: run
// Variadic kernel templates: empty, one- and five-element type packs, a non-type pack, a leading fixed parameter.
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

template <typename... Ts>
__global__ void sum_all(double *out, Ts... xs) { out[0] = (0.0 + ... + (double)xs); }
//@ kernel _Z7sum_allIJEEvPdDpT_
//@ kernel _Z7sum_allIJiEEvPdDpT_
//@ kernel _Z7sum_allIJidcjsEEvPdDpT_

template <int... Is>
__global__ void idx(int *p) {
  int k = 0;
  ((p[k++] = Is), ...);
}
//@ kernel _Z3idxIJLi1ELi2ELi3EEEvPi

template <typename T, typename... Rest>
__global__ void first(T *p, Rest... rest) { p[0] = static_cast<T>(sizeof...(Rest)); }
//@ kernel _Z5firstIfJxbEEvPT_DpT0_

int main() {
  double *d = nullptr;
  int *ip = nullptr;
  float *fp = nullptr;
  CHECK(cudaMalloc(&d, sizeof(double)));
  CHECK(cudaMalloc(&ip, 3 * sizeof(int)));
  CHECK(cudaMalloc(&fp, sizeof(float)));

  sum_all<<<1, 1>>>(d);
  //@ launch _Z7sum_allIJEEvPdDpT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  sum_all<<<1, 1>>>(d, 1);
  //@ launch _Z7sum_allIJiEEvPdDpT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  sum_all<<<1, 1>>>(d, 1, 2.5, 'c', 7u, (short)-2);
  //@ launch _Z7sum_allIJidcjsEEvPdDpT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1,f64:2.5,char:'c',u32:7,i16:-2
  idx<1, 2, 3><<<1, 1>>>(ip);
  //@ launch _Z3idxIJLi1ELi2ELi3EEEvPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1
  first<<<1, 1>>>(fp, 5LL, false);
  //@ launch _Z5firstIfJxbEEvPT_DpT0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2,i64:5,bool:false

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(fp));
  CHECK(cudaFree(ip));
  CHECK(cudaFree(d));
  return 0;
}
