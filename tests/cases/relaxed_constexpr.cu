//! kind: run
//! nvcc: --expt-relaxed-constexpr
// With --expt-relaxed-constexpr, device code calls unannotated constexpr functions (user ones, std::min/max, std::numeric_limits).
#include <algorithm>
#include <cstdio>
#include <limits>
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

constexpr int sq(int x) { return x * x; }
constexpr float lerp_c(float a, float b, float t) { return a + (b - a) * t; }
template <typename T>
constexpr T clamp_c(T v, T lo, T hi) {
  return std::min(std::max(v, lo), hi);
}

__global__ void k(int *out, float *fout) {
  int i = threadIdx.x;
  out[i] = sq(i) + std::numeric_limits<int>::digits;
  fout[i] = lerp_c(0.0f, 1.0f, 0.5f) + clamp_c(i * 1.0f, 0.0f, 4.0f) +
            std::numeric_limits<float>::epsilon();
}
//@ kernel _Z1kPiPf

int main() {
  static_assert(sq(4) == 16 && clamp_c(9, 0, 5) == 5, "constexpr on the host");
  int *out = nullptr;
  float *fout = nullptr;
  CHECK(cudaMalloc(&out, 8 * sizeof(int)));
  CHECK(cudaMalloc(&fout, 8 * sizeof(float)));

  k<<<1, sq(2) * 2>>>(out, fout);
  //@ launch _Z1kPiPf grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,ptr:alloc1

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(fout));
  CHECK(cudaFree(out));
  return 0;
}
