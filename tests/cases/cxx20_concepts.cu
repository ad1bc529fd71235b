//! kind: run
//! nvcc: -std=c++20
// C++20: kernel templates constrained by a concept, a requires-clause and std::integral; designated initializers, consteval.
#include <concepts>
#include <cstdio>
#include <type_traits>
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
concept Arith = std::is_arithmetic_v<T>;

template <Arith T>
__global__ void fill(T *p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}
//@ kernel _Z4fillIfEvPT_S0_i
//@ kernel _Z4fillIsEvPT_S0_i

template <typename T>
  requires(sizeof(T) == 4)
__global__ void four(T *p) { p[threadIdx.x] = T{}; }
//@ kernel _Z4fourIjEvPT_

template <std::integral I>
__global__ void count(I *p, I n) {
  if constexpr (std::is_signed_v<I>) p[0] = n < 0 ? -n : n;
  else p[0] = n;
}
//@ kernel _Z5countIxEvPT_S0_

struct Launch {
  unsigned grid;
  unsigned block;
};

consteval unsigned block_size(unsigned n) { return n >= 256 ? 256 : 32; }

int main() {
  float *f = nullptr;
  short *s = nullptr;
  unsigned *u = nullptr;
  long long *l = nullptr;
  CHECK(cudaMalloc(&f, 512 * sizeof(float)));
  CHECK(cudaMalloc(&s, 32 * sizeof(short)));
  CHECK(cudaMalloc(&u, 32 * sizeof(unsigned)));
  CHECK(cudaMalloc(&l, sizeof(long long)));

  constexpr Launch cfg{.grid = 2, .block = block_size(512)};
  fill<<<cfg.grid, cfg.block>>>(f, 1.0f, 512);
  //@ launch _Z4fillIfEvPT_S0_i grid=2,1,1 block=256,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:1,i32:512
  fill<short><<<1, block_size(10)>>>(s, -7, 32);
  //@ launch _Z4fillIsEvPT_S0_i grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc1,i16:-7,i32:32
  four<<<1, 32>>>(u);
  //@ launch _Z4fourIjEvPT_ grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc2
  count<<<1, 1>>>(l, -5LL);
  //@ launch _Z5countIxEvPT_S0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc3,i64:-5

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(l));
  CHECK(cudaFree(u));
  CHECK(cudaFree(s));
  CHECK(cudaFree(f));
  return 0;
}
