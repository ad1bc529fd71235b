//! kind: run
// A 128-byte struct parameter (above the size of any register-passed aggregate) followed by a scalar.
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

struct Block128 {
  unsigned char bytes[128];
};
static_assert(sizeof(Block128) == 128, "layout");

__global__ void checksum(Block128 blk, int salt, unsigned *out) {
  unsigned s = salt;
  for (int i = 0; i < 128; ++i) s = s * 31u + blk.bytes[i];
  out[0] = s;
}
//@ kernel _Z8checksum8Block128iPj

int main() {
  unsigned *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(unsigned)));
  Block128 blk;
  for (int i = 0; i < 128; ++i) blk.bytes[i] = static_cast<unsigned char>(i);

  checksum<<<1, 1>>>(blk, 77, out);
  //@ launch _Z8checksum8Block128iPj grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:000102030405060708090a0b0c0d0e0f_101112131415161718191a1b1c1d1e1f_202122232425262728292a2b2c2d2e2f_303132333435363738393a3b3c3d3e3f_404142434445464748494a4b4c4d4e4f_505152535455565758595a5b5c5d5e5f_606162636465666768696a6b6c6d6e6f_707172737475767778797a7b7c7d7e7f,i32:77,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
