//! kind: run
// __int128 and unsigned __int128 kernel parameters (16 bytes, 16-byte aligned) next to smaller ones.
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

__global__ void wide(char tag, __int128 a, unsigned __int128 b, long long *out) {
  out[0] = (long long)(a >> 64) + (long long)b + tag;
}
//@ kernel _Z4widecnoPx

int main() {
  long long *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(long long)));

  __int128 a = -((__int128)1 << 64) - 2;  // 0xfffffffffffffffe_fffffffffffffffe
  unsigned __int128 b = ((unsigned __int128)0x0102030405060708ull << 64) | 0x1112131415161718ull;
  wide<<<1, 1>>>('w', a, b, out);
  //@ launch _Z4widecnoPx grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=char:'w',hex:feffffffffffffff_feffffffffffffff,hex:1817161514131211_0807060504030201,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
