//! kind: run
// A kernel with twelve parameters of mixed sizes and alignments; each argument is recorded separately.
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

__global__ void many(int a0, char a1, double a2, short a3, float a4, long long a5, bool a6,
                     unsigned a7, int *a8, unsigned char a9, const double *a10, long a11) {
  double acc = a0 + a1 + a2 + a3 + a4 + (double)a5 + a6 + a7 + a9 + (a10 ? a10[0] : 0.0) + (double)a11;
  a8[threadIdx.x] = (int)acc;
}
//@ kernel _Z4manyicdsfxbjPihPKdl

int main() {
  int *out = nullptr;
  double *in = nullptr;
  CHECK(cudaMalloc(&out, 8 * sizeof(int)));
  CHECK(cudaMalloc(&in, sizeof(double)));

  many<<<1, 8>>>(1, 'm', 2.5, -3, 4.25f, -5000000000LL, true, 3000000000u, out, 255, in, -7L);
  //@ launch _Z4manyicdsfxbjPihPKdl grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=i32:1,char:'m',f64:2.5,i16:-3,f32:4.25,i64:-5000000000,bool:true,u32:3000000000,ptr:alloc0,u8:255,ptr:alloc1,i64:-7
  many<<<1, 1>>>(-1, '0', 0.0, 32767, -0.5f, 0, false, 0u, out + 7, 0, nullptr, 1L << 40);
  //@ launch _Z4manyicdsfxbjPihPKdl grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=i32:-1,char:'0',f64:0,i16:32767,f32:-0.5,i64:0,bool:false,u32:0,ptr:alloc0+28,u8:0,ptr:null,i64:1099511627776

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
