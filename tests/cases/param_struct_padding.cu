//! kind: run
// Structs passed by value with interior and tail padding (zeroed with memset first so every byte is known).
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

struct Padded {  // c@0 i@4 d@8 x@16 s@24, size 32
  char c;
  int i;
  char d;
  double x;
  short s;
};
struct Small6 {  // a@0 b@2 c@4, size 6
  char a;
  short b;
  char c;
};
struct FlagVal {  // f@0 v@4, size 8
  bool f;
  float v;
};
static_assert(sizeof(Padded) == 32 && sizeof(Small6) == 6 && sizeof(FlagVal) == 8, "layout");

__global__ void take(Padded p, Small6 q, FlagVal fv, int *out) {
  out[0] = p.c + p.i + p.d + (int)p.x + p.s + q.a + q.b + q.c + (fv.f ? (int)fv.v : 0);
}
//@ kernel _Z4take6Padded6Small67FlagValPi

int main() {
  int *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(int)));

  Padded p;
  std::memset(&p, 0, sizeof p);
  p.c = 'A';
  p.i = 0x01020304;
  p.d = 0x7f;
  p.x = 1.0;
  p.s = -2;
  Small6 q;
  std::memset(&q, 0, sizeof q);
  q.a = 1;
  q.b = 0x0203;
  q.c = 4;
  FlagVal fv;
  std::memset(&fv, 0, sizeof fv);
  fv.f = true;
  fv.v = -2.5f;

  take<<<1, 1>>>(p, q, fv, out);
  //@ launch _Z4take6Padded6Small67FlagValPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:41000000_04030201_7f00000000000000_000000000000f03f_feff000000000000,hex:0100_0302_0400,hex:01000000_000020c0,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
