//! kind: run
// Launch configurations and arguments that are non-trivial expressions: >> and < > inside, ternaries, members, Box<int>>.
#include <algorithm>
#include <cstdio>
#include <utility>
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

template <typename T>
struct Box {
  T v;
};

template <typename T>
__global__ void tk(T *p) { p[threadIdx.x] = T{}; }
//@ kernel _Z2tkI3BoxIiEEvPT_

template <int N>
constexpr int blocks() { return N / 32; }

struct Cfg {
  dim3 grid;
  dim3 block;
  size_t shmem;
  cudaStream_t stream;
};

int main() {
  int *d = nullptr;
  Box<int> *b = nullptr;
  CHECK(cudaMalloc(&d, 1024 * sizeof(int)));
  CHECK(cudaMalloc(&b, 32 * sizeof(Box<int>)));
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  const int n = 1000;

  k<<<(n + 255) / 256, 256>>>(d, 1);
  //@ launch _Z1kPii grid=4,1,1 block=256,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  k<<<blocks<64>(), 1 << 5>>>(d, 2);
  //@ launch _Z1kPii grid=2,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:2
  k<<<(n > 10 ? 2 : 1), (n >> 3)>>>(d, 3);
  //@ launch _Z1kPii grid=2,1,1 block=125,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3
  k<<<std::max(1, n / 64), 64>>>(d, 4);
  //@ launch _Z1kPii grid=15,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:4
  Cfg cfg{dim3(3, 2), dim3(4, 4), 16, s};
  k<<<cfg.grid, cfg.block, cfg.shmem, cfg.stream>>>(d, 5);
  //@ launch _Z1kPii grid=3,2,1 block=4,4,1 shmem=16 stream=s1 args=ptr:alloc0,i32:5
  k<<<static_cast<unsigned>(sizeof(double)), sizeof(int) * 8>>>(d, 6);
  //@ launch _Z1kPii grid=8,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:6
  auto gb = std::make_pair(dim3(5), dim3(6));
  k<<<gb.first, gb.second>>>(d, 7);
  //@ launch _Z1kPii grid=5,1,1 block=6,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:7
  const unsigned grids[] = {9, 10};
  k <<< grids[1] , grids[0] >>> ( d , 8 ) ;
  //@ launch _Z1kPii grid=10,1,1 block=9,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:8
  k<<<
      1,
      2>>>(d,
           9);
  //@ launch _Z1kPii grid=1,1,1 block=2,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:9
  const int lo = 3, hi = 4;
  k<<<1, 1>>>(d, (n >> 2) > 100 && lo < hi);
  //@ launch _Z1kPii grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  k<<<1, 1>>>(d, lo<hi>(n < 0));
  //@ launch _Z1kPii grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:1
  tk<Box<int>><<<1, 32>>>(b);
  //@ launch _Z2tkI3BoxIiEEvPT_ grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc1

  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaStreamDestroy(s));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(b));
  CHECK(cudaFree(d));
  return 0;
}
