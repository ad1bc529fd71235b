//! kind: run
// Kernels (plain and template) with default arguments: omitted arguments reach the launch with their default values.
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

__global__ void k(int *p, int n = 16, float s = 1.5f, bool flag = true) {
  int i = threadIdx.x;
  if (i < n) p[i] = flag ? (int)(i * s) : 0;
}
//@ kernel _Z1kPiifb

constexpr int kDefault = 3;
__global__ void k2(double *p, double v = kDefault * 0.5, char tag = 'd') { p[0] = v + tag; }
//@ kernel _Z2k2Pddc

template <typename T>
__global__ void kt(T *p, T v = T(2), int n = sizeof(T)) {
  if ((int)threadIdx.x < n) p[threadIdx.x] = v;
}
//@ kernel _Z2ktIfEvPT_S0_i

int main() {
  int *d = nullptr;
  double *g = nullptr;
  float *f = nullptr;
  CHECK(cudaMalloc(&d, 16 * sizeof(int)));
  CHECK(cudaMalloc(&g, sizeof(double)));
  CHECK(cudaMalloc(&f, 4 * sizeof(float)));

  k<<<1, 16>>>(d);
  //@ launch _Z1kPiifb grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:16,f32:1.5,bool:true
  k<<<1, 16>>>(d, 3);
  //@ launch _Z1kPiifb grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3,f32:1.5,bool:true
  k<<<1, 16>>>(d, 3, 2.0f);
  //@ launch _Z1kPiifb grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:3,f32:2,bool:true
  k<<<1, 16>>>(d, 4, 0.5f, false);
  //@ launch _Z1kPiifb grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:4,f32:0.5,bool:false
  k2<<<1, 1>>>(g);
  //@ launch _Z2k2Pddc grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1,f64:1.5,char:'d'
  k2<<<1, 1>>>(g, -8.0, 'z');
  //@ launch _Z2k2Pddc grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1,f64:-8,char:'z'
  kt<float><<<1, 4>>>(f);
  //@ launch _Z2ktIfEvPT_S0_i grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc2,f32:2,i32:4
  kt<<<1, 4>>>(f, 0.75f);
  //@ launch _Z2ktIfEvPT_S0_i grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc2,f32:0.75,i32:4

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f));
  CHECK(cudaFree(g));
  CHECK(cudaFree(d));
  return 0;
}
