//! kind: run
// Kernel templates launched with explicit template arguments (type, type+non-type, two types), including argument conversions.
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
//@ kernel _Z4fillIfEvPT_S0_i
//@ kernel _Z4fillIiEvPT_S0_i
//@ kernel _Z4fillIdEvPT_S0_i
//@ kernel _Z4fillIhEvPT_S0_i

template <typename T, int N>
__global__ void sum_n(const T *p, T *out) {
  T acc = T();
  for (int i = 0; i < N; ++i) acc += p[i];
  *out = acc;
}
//@ kernel _Z5sum_nIdLi3EEvPKT_PS0_

template <typename To, typename From>
__global__ void convert(To *out, const From *in, int n) {
  int i = threadIdx.x;
  if (i < n) out[i] = static_cast<To>(in[i]);
}
//@ kernel _Z7convertIfiEvPT_PKT0_i

int main() {
  float *fp = nullptr;
  int *ip = nullptr;
  double *dp = nullptr;
  unsigned char *bp = nullptr;
  CHECK(cudaMalloc(&fp, 8 * sizeof(float)));
  CHECK(cudaMalloc(&ip, 8 * sizeof(int)));
  CHECK(cudaMalloc(&dp, 8 * sizeof(double)));
  CHECK(cudaMalloc(&bp, 8));

  fill<float><<<1, 8>>>(fp, 2.5f, 8);
  //@ launch _Z4fillIfEvPT_S0_i grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:2.5,i32:8
  fill<int><<<2, 4>>>(ip, 7, 8);
  //@ launch _Z4fillIiEvPT_S0_i grid=2,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc1,i32:7,i32:8
  fill<double><<<1, 8>>>(dp, 3, 8);
  //@ launch _Z4fillIdEvPT_S0_i grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc2,f64:3,i32:8
  fill<unsigned char><<<1, 8>>>(bp, 200, 8);
  //@ launch _Z4fillIhEvPT_S0_i grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc3,u8:200,i32:8
  sum_n<double, 3><<<1, 1>>>(dp, dp + 7);
  //@ launch _Z5sum_nIdLi3EEvPKT_PS0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2,ptr:alloc2+56
  convert<float, int><<<1, 8>>>(fp, ip, 8);
  //@ launch _Z7convertIfiEvPT_PKT0_i grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,ptr:alloc1,i32:8

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(bp));
  CHECK(cudaFree(dp));
  CHECK(cudaFree(ip));
  CHECK(cudaFree(fp));
  return 0;
}
