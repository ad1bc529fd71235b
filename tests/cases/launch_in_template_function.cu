//! kind: run
// Launches inside function templates and a class template's static member, with template-dependent configurations.
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
__global__ void fill(T *p, T v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = v;
}
//@ kernel _Z4fillIiEvPT_S0_i
//@ kernel _Z4fillIdEvPT_S0_i

__global__ void iota(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}
//@ kernel _Z4iotaPii

template <typename T>
void fill_n(T *p, T v, int n) {
  fill<T><<<(n + 31) / 32, 32>>>(p, v, n);
}

template <int Block>
void run_iota(int *p, int n) {
  iota<<<(n + Block - 1) / Block, Block>>>(p, n);
}

template <typename T>
struct Launcher {
  static void go(T *p, T v) { fill<<<1, 1>>>(p, v, 1); }
};

int main() {
  int *ip = nullptr;
  double *dp = nullptr;
  CHECK(cudaMalloc(&ip, 100 * sizeof(int)));
  CHECK(cudaMalloc(&dp, 33 * sizeof(double)));

  fill_n(ip, 7, 100);
  //@ launch _Z4fillIiEvPT_S0_i grid=4,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:7,i32:100
  fill_n(dp, 0.5, 33);
  //@ launch _Z4fillIdEvPT_S0_i grid=2,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc1,f64:0.5,i32:33
  fill_n<int>(ip, -1, 1);
  //@ launch _Z4fillIiEvPT_S0_i grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:-1,i32:1
  run_iota<64>(ip, 100);
  //@ launch _Z4iotaPii grid=2,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:100
  run_iota<128>(ip, 100);
  //@ launch _Z4iotaPii grid=1,1,1 block=128,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:100
  Launcher<double>::go(dp + 1, 4.0);
  //@ launch _Z4fillIdEvPT_S0_i grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1+8,f64:4,i32:1

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(dp));
  CHECK(cudaFree(ip));
  return 0;
}
