//! kind: run
// Structs by value holding arrays: int and char arrays, a 2-D float array, an array of small structs.
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

struct Hist {  // bins@0 name@20, size 28
  int bins[5];
  char name[7];
};
struct Mat3 {  // size 36
  float m[3][3];
};
struct Pt {
  short x, y;
};
struct Poly {  // pts@0 n@12, size 14
  Pt pts[3];
  unsigned char n;
};
static_assert(sizeof(Hist) == 28 && sizeof(Mat3) == 36 && sizeof(Poly) == 14, "layout");

__global__ void arrays(Hist h, Mat3 m, Poly p, int *out) {
  int acc = 0;
  for (int i = 0; i < 5; ++i) acc += h.bins[i];
  for (int i = 0; i < 3; ++i) acc += (int)m.m[i][i];
  for (int i = 0; i < p.n; ++i) acc += p.pts[i].x * p.pts[i].y;
  out[0] = acc + h.name[0];
}
//@ kernel _Z6arrays4Hist4Mat34PolyPi

int main() {
  int *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(int)));

  Hist h;
  std::memset(&h, 0, sizeof h);
  for (int i = 0; i < 5; ++i) h.bins[i] = i + 1;
  std::strcpy(h.name, "hist");
  Mat3 m;
  std::memset(&m, 0, sizeof m);
  for (int i = 0; i < 3; ++i) m.m[i][i] = 1.0f;
  Poly p;
  std::memset(&p, 0, sizeof p);
  p.pts[0] = {1, 2};
  p.pts[1] = {3, 4};
  p.pts[2] = {-1, -2};
  p.n = 3;

  arrays<<<1, 1>>>(h, m, p, out);
  //@ launch _Z6arrays4Hist4Mat34PolyPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:01000000_02000000_03000000_04000000_05000000_68697374000000_00,hex:0000803f_00000000_00000000_00000000_0000803f_00000000_00000000_00000000_0000803f,hex:0100_0200_0300_0400_ffff_feff_03_00,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
