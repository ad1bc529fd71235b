//! kind: run
// Pointer parameters: const, pointer-to-const, void*, pointer-to-pointer, __restrict__, null, offsets into device, pinned host and managed allocations.
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

__global__ void ptrs(int *a, const int *b, const float *const c, void *v, int **pp, const char *s,
                     double *maybe_null, unsigned char *__restrict__ r) {
  a[0] = b[0] + (int)c[0] + s[0] + r[0];
  pp[0] = a;
  if (maybe_null) maybe_null[0] = 1.0;
  static_cast<char *>(v)[1] = 0;
}
//@ kernel _Z4ptrsPiPKiPKfPvPS_PKcPdPh

int main() {
  int *a = nullptr, *b = nullptr, **pp = nullptr;
  float *c = nullptr;
  char *s = nullptr;
  unsigned char *r = nullptr;
  CHECK(cudaMalloc(&a, 64 * sizeof(int)));
  CHECK(cudaMalloc(&b, 64 * sizeof(int)));
  CHECK(cudaMalloc(&c, 64 * sizeof(float)));
  CHECK(cudaMalloc(&pp, 2 * sizeof(int *)));
  CHECK(cudaMallocHost(&s, 16));
  CHECK(cudaMallocManaged(&r, 16));
  std::strcpy(s, "hello");
  r[0] = 9;

  ptrs<<<1, 1>>>(a + 3, b, c + 10, a, pp, s, nullptr, r + 1);
  //@ launch _Z4ptrsPiPKiPKfPvPS_PKcPdPh grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0+12,ptr:alloc1,ptr:alloc2+40,ptr:alloc0,ptr:alloc3,ptr:alloc4,ptr:null,ptr:alloc5+1
  void *v = static_cast<char *>(static_cast<void *>(b)) + 7;
  const float *cc = c;
  ptrs<<<1, 1>>>(b, a, cc, v, pp + 1, s + 5, reinterpret_cast<double *>(c), r);
  //@ launch _Z4ptrsPiPKiPKfPvPS_PKcPdPh grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1,ptr:alloc0,ptr:alloc2,ptr:alloc1+7,ptr:alloc3+8,ptr:alloc4+5,ptr:alloc2,ptr:alloc5

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(r));
  CHECK(cudaFreeHost(s));
  CHECK(cudaFree(pp));
  CHECK(cudaFree(c));
  CHECK(cudaFree(b));
  CHECK(cudaFree(a));
  return 0;
}
