//! kind: run
// Structs by value with unusual alignment: alignas(16), __align__(8), 3-byte align-1, a float4 member after a char, alignas(8) char array.
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

// No struct here that is passed in registers has an eightbyte made only of padding: the host
// compiler does not copy such an eightbyte, so its bytes would not be those set by memset.
struct alignas(16) A16 {  // f@0 x@4 y@8, size 16, align 16
  float f;
  int x;
  long long y;
};
struct __align__(8) Two {  // size 8
  short a, b;
};
struct Three {  // size 3, align 1
  char r, g, b;
};
struct Mixed {  // tag@0 v@16, size 32, align 16
  char tag;
  float4 v;
};
struct alignas(8) Odd {  // size 8
  char c[5];
};
static_assert(sizeof(A16) == 16 && sizeof(Two) == 8 && sizeof(Three) == 3 &&
                  sizeof(Mixed) == 32 && sizeof(Odd) == 8,
              "layout");

__global__ void aligned(A16 a, Two t, Three th, Mixed m, Odd o, float *out) {
  out[0] = a.f + a.x + a.y + t.a + t.b + th.r + th.g + th.b + m.tag + m.v.x + m.v.w + o.c[4];
}
//@ kernel _Z7aligned3A163Two5Three5Mixed3OddPf

int main() {
  float *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(float)));

  A16 a;
  std::memset(&a, 0, sizeof a);
  a.f = 1.0f;
  a.x = 7;
  a.y = -1;
  Two t;
  std::memset(&t, 0, sizeof t);
  t.a = -1;
  t.b = 2;
  Three th = {1, 2, 3};
  Mixed m;
  std::memset(&m, 0, sizeof m);
  m.tag = 'T';
  m.v = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
  Odd o;
  std::memset(&o, 0, sizeof o);
  std::memcpy(o.c, "abcde", 5);

  aligned<<<1, 1>>>(a, t, th, m, o, out);
  //@ launch _Z7aligned3A163Two5Three5Mixed3OddPf grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:0000803f_07000000_ffffffffffffffff,hex:ffff0200_00000000,hex:010203,hex:54000000_00000000_00000000_00000000_0000803f_00000040_00004040_00008040,hex:6162636465_000000,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
