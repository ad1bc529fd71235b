//! kind: run
// __grid_constant__ parameters (plain and template kernels) whose address is taken in device code.
#include <cstdio>
#include <cstring>
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

struct Params {  // n@0 scale@4 offs@8, size 24
  int n;
  float scale;
  int offs[4];
};

__device__ float read_scale(const Params *p) { return p->scale; }

__global__ void gc(const __grid_constant__ Params p, float *out) {
  const Params *pp = &p;
  int i = threadIdx.x;
  if (i < pp->n) out[i + pp->offs[i % 4]] = read_scale(pp) * i;
}
//@ kernel _Z2gc6ParamsPf

template <typename T>
__global__ void gct(const __grid_constant__ T v, T *out) {
  const T *pv = &v;
  out[threadIdx.x] = *pv;
}
//@ kernel _Z3gctIdEvT_PS0_

int main() {
  float *out = nullptr;
  double *dout = nullptr;
  CHECK(cudaMalloc(&out, 64 * sizeof(float)));
  CHECK(cudaMalloc(&dout, 4 * sizeof(double)));

  Params p;
  std::memset(&p, 0, sizeof p);
  p.n = 3;
  p.scale = 0.5f;
  for (int i = 0; i < 4; ++i) p.offs[i] = i + 1;

  gc<<<1, 32>>>(p, out);
  //@ launch _Z2gc6ParamsPf grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=hex:03000000_0000003f_01000000_02000000_03000000_04000000,ptr:alloc0
  gct<<<1, 4>>>(-3.5, dout);
  //@ launch _Z3gctIdEvT_PS0_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=f64:-3.5,ptr:alloc1

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(dout));
  CHECK(cudaFree(out));
  return 0;
}
