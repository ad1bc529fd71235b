//! kind: run
// Kernel template arguments the launch leaves to deduction from data members (implicit
// `this`, `this->`, `(*this).`) and names block-scope constants with (`constexpr`, `const`,
// `static constexpr`, `sizeof`, `alignof`): each launch instantiates its own kernel, which
// the stub file must register.
#include <cuda_runtime.h>
template <int N, class T> __global__ void fill(T *p) { p[0] = T(N); }
template <class T> __global__ void take(T v) { (void)v; }
struct Holder {
  float *p;
  double d;
  short s;
  void run() {
    fill<3><<<1, 1>>>(this->p);
    take<<<1, 1>>>(d);
    take<<<1, 1>>>((*this).s);
  }
};
void locals(int *q) {
  constexpr int N = 4;
  const int M = 5;
  static constexpr int S = sizeof(double);
  constexpr int A = alignof(short), B = A * 3;
  fill<N><<<1, 1>>>(q);
  fill<M * 2><<<1, 1>>>(q);
  fill<S><<<1, 1>>>(q);
  fill<B><<<1, 1>>>(q);
}
int main() {
  Holder h;
  cudaMalloc(&h.p, sizeof(float));
  h.d = 2.5;
  h.s = 7;
  h.run();
  int *q;
  cudaMalloc(&q, sizeof(int));
  locals(q);
  cudaDeviceSynchronize();
  return 0;
}
//@ kernel _Z4fillILi3EfEvPT0_
//@ kernel _Z4takeIdEvT_
//@ kernel _Z4takeIsEvT_
//@ kernel _Z4fillILi4EiEvPT0_
//@ kernel _Z4fillILi10EiEvPT0_
//@ kernel _Z4fillILi8EiEvPT0_
//@ kernel _Z4fillILi6EiEvPT0_
//@ launch _Z4fillILi3EfEvPT0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
//@ launch _Z4takeIdEvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=f64:2.5
//@ launch _Z4takeIsEvT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=i16:7
//@ launch _Z4fillILi4EiEvPT0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1
//@ launch _Z4fillILi10EiEvPT0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1
//@ launch _Z4fillILi8EiEvPT0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1
//@ launch _Z4fillILi6EiEvPT0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1
