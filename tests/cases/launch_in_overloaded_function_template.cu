//! kind: run
// Kernel templates launched from host function templates that share their name with other
// function templates (an overload set, told apart by the number of arguments), and a kernel
// taking std::integral_constant of its non-type parameter.
#include <cuda_runtime.h>
#include <type_traits>

template <typename T> __global__ void kern(T *p) { *p = T(1); }
//@ kernel _Z4kernIfEvPT_
template <bool B> __global__ void flag(int *p, std::integral_constant<bool, B>) { *p = B; }
//@ kernel _Z4flagILb1EEvPiSt17integral_constantIbXT_EE

template <typename T> void upd(T *p) { kern<<<1, 1>>>(p); }
template <typename T> void upd(T *p, int n) { *p = T(n); }
template <typename T> void upd(T *p, int n, int m) { *p = T(n + m); }

int main() {
  float *f = nullptr;
  if (cudaMalloc(&f, 16) != cudaSuccess) return 1;
  upd(f);
  //@ launch _Z4kernIfEvPT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  flag<<<1, 1>>>(reinterpret_cast<int *>(f), std::true_type{});
  //@ launch _Z4flagILb1EEvPiSt17integral_constantIbXT_EE grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:00
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(f);
  return 0;
}
