//! kind: run
// __device__, __host__ __device__, constexpr, __noinline__, __forceinline__, recursive and template device functions; host calls the host-device ones.
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

__host__ __device__ constexpr int square(int x) { return x * x; }
__host__ __device__ constexpr int cube(int x) { return x * square(x); }

__device__ __noinline__ int slow_add(int a, int b) { return a + b; }
__device__ int __noinline__ slow_sub(int a, int b) { return a - b; }  // after the type too
__device__ __forceinline__ int fast_mul(int a, int b) { return a * b; }
__host__ __device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

template <typename T>
__device__ T clamp_to(T v, T lo, T hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

template <typename T>
__host__ __device__ T mid(T a, T b) {
  return a + (b - a) / 2;
}

constexpr int kTable = cube(2);  // 8, usable in both host and device code

__global__ void compute(int *out, float *fout) {
  int i = threadIdx.x;
  int table[kTable];
  for (int j = 0; j < kTable; ++j) table[j] = slow_sub(slow_add(j, fast_mul(i, j)), 0);
  out[i] = clamp_to(table[i % kTable] + fib(5) + cube(i), 0, 1000);
  fout[i] = mid(0.0f, clamp_to(1.5f * i, 0.0f, 10.0f));
  if (i == 0) printf("device fib(10) = %d\n", fib(10));
}
//@ kernel _Z7computePiPf

int main() {
  static_assert(cube(3) == 27, "constexpr on the host");
  if (fib(10) != 55 || mid(2, 8) != 5 || mid(1.0, 2.0) != 1.5) return 1;

  int *out = nullptr;
  float *fout = nullptr;
  CHECK(cudaMalloc(&out, kTable * sizeof(int)));
  CHECK(cudaMalloc(&fout, kTable * sizeof(float)));

  compute<<<1, kTable>>>(out, fout);
  //@ launch _Z7computePiPf grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,ptr:alloc1

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(fout));
  CHECK(cudaFree(out));
  return 0;
}
