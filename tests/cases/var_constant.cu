//! kind: run
// __constant__ variables (array, struct, namespaced, static, string): registered constant=1, written with cudaMemcpyToSymbol.
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

struct Cfg {  // n@0 eps@4 mode@8, size 12
  int n;
  float eps;
  short mode;
};

__constant__ float coeffs[8] = {1, 2, 3, 4, 5, 6, 7, 8};
//@ var coeffs size=32 constant=1
__constant__ Cfg cfg;
//@ var cfg size=12 constant=1
namespace ns {
__constant__ int k = 3;
//@ var _ZN2ns1kE size=4 constant=1
}  // namespace ns
static __constant__ double lut[4];
//@ var lut size=32 constant=1
__constant__ char banner[] = "cuda";
//@ var banner size=5 constant=1

__global__ void eval(float *out) {
  int i = threadIdx.x;
  if (i < cfg.n) out[i] = coeffs[i % 8] * ns::k + (float)lut[i % 4] + cfg.eps * cfg.mode + banner[i % 4];
}
//@ kernel _Z4evalPf

int main() {
  float *out = nullptr;
  CHECK(cudaMalloc(&out, 64 * sizeof(float)));

  Cfg h;
  std::memset(&h, 0, sizeof h);
  h.n = 64;
  h.eps = 1e-3f;
  h.mode = 2;
  CHECK(cudaMemcpyToSymbol(cfg, &h, sizeof h));
  const float tail[4] = {-1, -2, -3, -4};
  CHECK(cudaMemcpyToSymbol(coeffs, tail, sizeof tail, 4 * sizeof(float)));
  const double l[4] = {0.5, 0.25, 0.125, 0.0625};
  CHECK(cudaMemcpyToSymbol(lut, l, sizeof l, 0, cudaMemcpyHostToDevice));

  eval<<<1, 64>>>(out);
  //@ launch _Z4evalPf grid=1,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
