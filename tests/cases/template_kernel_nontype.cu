//! kind: run
// Non-type template parameters on kernels: negative int, unsigned/bool/char, long long, scoped enum, defaulted, auto.
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

template <int N>
__global__ void addn(int *p) { p[threadIdx.x] += N; }
//@ kernel _Z4addnILi5EEvPi
//@ kernel _Z4addnILin3EEvPi
//@ kernel _Z4addnILi16EEvPi

template <unsigned B, bool Flag, char C>
__global__ void mix(char *p) { p[threadIdx.x % B] = Flag ? C : 0; }
//@ kernel _Z3mixILj256ELb1ELc65EEvPc

template <long long Big>
__global__ void big(long long *p) { *p = Big; }
//@ kernel _Z3bigILx1099511627776EEvPx

enum class Op { Add = 1, Mul = 2 };
template <Op O>
__global__ void apply(float *p, float v) {
  if (O == Op::Add) p[threadIdx.x] += v;
  else p[threadIdx.x] *= v;
}
//@ kernel _Z5applyIL2Op2EEvPff

template <typename T, int N = 4>
__global__ void vec(T *p) {
  for (int i = 0; i < N; ++i) p[i] = T(i);
}
//@ kernel _Z3vecIfLi4EEvPT_

template <auto V>
__global__ void autov(decltype(V) *p) { *p = V; }
//@ kernel _Z5autovILj7EEvPDtT_E

constexpr int kN = 2 * 8;

int main() {
  int *ip = nullptr;
  char *cp = nullptr;
  long long *lp = nullptr;
  float *fp = nullptr;
  unsigned *up = nullptr;
  CHECK(cudaMalloc(&ip, 32 * sizeof(int)));
  CHECK(cudaMalloc(&cp, 256));
  CHECK(cudaMalloc(&lp, sizeof(long long)));
  CHECK(cudaMalloc(&fp, 32 * sizeof(float)));
  CHECK(cudaMalloc(&up, sizeof(unsigned)));

  addn<5><<<1, 32>>>(ip);
  //@ launch _Z4addnILi5EEvPi grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0
  addn<-3><<<1, 32>>>(ip);
  //@ launch _Z4addnILin3EEvPi grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0
  addn<kN><<<1, kN>>>(ip);
  //@ launch _Z4addnILi16EEvPi grid=1,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0
  mix<256u, true, 'A'><<<1, 256>>>(cp);
  //@ launch _Z3mixILj256ELb1ELc65EEvPc grid=1,1,1 block=256,1,1 shmem=0 stream=0 args=ptr:alloc1
  big<(1LL << 40)><<<1, 1>>>(lp);
  //@ launch _Z3bigILx1099511627776EEvPx grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2
  apply<Op::Mul><<<1, 32>>>(fp, 1.5f);
  //@ launch _Z5applyIL2Op2EEvPff grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc3,f32:1.5
  vec<float><<<1, 1>>>(fp);
  //@ launch _Z3vecIfLi4EEvPT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc3
  autov<7u><<<1, 1>>>(up);
  //@ launch _Z5autovILj7EEvPDtT_E grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc4

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(up));
  CHECK(cudaFree(fp));
  CHECK(cudaFree(lp));
  CHECK(cudaFree(cp));
  CHECK(cudaFree(ip));
  return 0;
}
