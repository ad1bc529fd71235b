//! kind: run
// Kernel templates with parameters of array and function type, which adjust to pointers:
// the host file's `__wrapper__device_stub_` takes them by value, as written
// (`const T a[8]`), not by reference, and the stub file's specializations match it.
#include <cuda_runtime.h>

template <class T> __global__ void ka(const T a[8], T b[][4]) { b[0][0] = a[0]; }
//@ kernel _Z2kaIiEvPKT_PA4_S0_
//@ kernel _Z2kaIfEvPKT_PA4_S0_
template __global__ void ka<float>(const float a[8], float b[][4]);

__device__ int twice(int x) { return 2 * x; }
template <class T> __global__ void kf(T *out, T f(T), int n) { *out = n; }
//@ kernel _Z2kfIiEvPT_PFS0_S0_Ei

int main() {
  int *p = nullptr;
  if (cudaMalloc(&p, 256) != cudaSuccess) return 1;
  int(*b)[4] = reinterpret_cast<int(*)[4]>(p + 16);
  ka<<<1, 1>>>(p, b);
  //@ launch _Z2kaIiEvPKT_PA4_S0_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,ptr:alloc0+64
  kf<int><<<1, 1>>>(p, nullptr, 3);
  //@ launch _Z2kfIiEvPT_PFS0_S0_Ei grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:0000000000000000,hex:03000000
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(p);
  return 0;
}
