// Kernel arguments of every kind: scalars, pointers, structs by value (with padding,
// odd sizes and alignments, arrays), template instances, many parameters, a parameter
// block larger than 4 KiB. Structs are memset before their fields are set, so that
// their padding bytes are zero.
#include <cstdio>
#include <cstring>

struct Odd3 { char a, b, c; };                 // size 3, align 1
struct Pad { char c; int i; short s; };        // size 12: 3 bytes after c, 2 after s
struct alignas(16) A16 { int x; double d; };   // size 16, align 16
struct Mixed { char c; long long l; short s; };// size 24, align 8
struct Arr { int v[3]; char tag; };            // size 16, align 4
struct Big { unsigned char b[5000]; };         // large parameter block

__global__ void k_empty() {}
__global__ void k_scalars(char c, unsigned char uc, short s, unsigned short us, int i,
                          unsigned u, long long ll, unsigned long long ull, float f,
                          double d, bool b) {}
__global__ void k_ptrs(int *p, const float *q, void *n, double *m, char *h) {}
__global__ void k_structs(Odd3 a, Pad b, A16 c, Mixed d, Arr e, char tail) {}
template <typename T> __global__ void k_tmpl(T v, T *p) {}
__global__ void k_many(int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
                       int a8, int a9, char c, double d, int a10, short s, float f) {}
__global__ void k_big(Big b, int x) {}

static Big big;

int main() {
  int *p;
  float *q;
  double *m;
  char *h;
  if (cudaMalloc(&p, 400) || cudaMalloc(&q, 64) || cudaMallocManaged(&m, 32) ||
      cudaMallocHost(&h, 100)) {
    printf("allocation failed\n");
    return 1;
  }
  printf("p=%p q=%p m=%p h=%p\n", (void *)p, (void *)q, (void *)m, (void *)h);

  k_empty<<<1, 1>>>();
  k_scalars<<<1, 1>>>('a', 200, -2, 65535, 100, 4000000000u, -5LL, 1ULL << 40, 1.5f, -2.25,
                      true);
  k_ptrs<<<1, 1>>>(p + 3, q, nullptr, m + 4, h + 99);

  Odd3 a; memset(&a, 0, sizeof a); a.a = 1; a.b = 2; a.c = 3;
  Pad b; memset(&b, 0, sizeof b); b.c = 'x'; b.i = -1; b.s = 0x1234;
  A16 c; memset(&c, 0, sizeof c); c.x = 7; c.d = 0.5;
  Mixed d; memset(&d, 0, sizeof d); d.c = 9; d.l = 0x0102030405060708LL; d.s = -3;
  Arr e; memset(&e, 0, sizeof e); e.v[0] = 10; e.v[1] = 20; e.v[2] = 30; e.tag = 'z';
  k_structs<<<1, 1>>>(a, b, c, d, e, 'T');

  k_tmpl<int><<<1, 1>>>(42, p);
  k_tmpl<double><<<1, 1>>>(3.0, nullptr);
  k_tmpl<Odd3><<<1, 1>>>(a, nullptr);
  k_tmpl<char><<<1, 1>>>('q', (char *)p + 1);

  k_many<<<1, 1>>>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 'c', 0.25, 10, -7, 2.0f);

  for (int i = 0; i < 5000; i++) big.b[i] = (unsigned char)(i * 7);
  k_big<<<1, 1>>>(big, 77);

  if (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess) {
    printf("error\n");
    return 1;
  }
  printf("ALL OK\n");
  return 0;
}
