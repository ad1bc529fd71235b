//! kind: run
// Fold expressions over every operator, assignments included, in the style of cute's
// CUTE_FOLD_OP functors (cutlass/include/cute/algorithm/functional.hpp): unary and binary
// left and right folds in __host__ __device__ member templates, used from a kernel.
#include <cstdio>
#include <cuda_runtime.h>

#define FOLD_OP(NAME, OP)                                                 \
  struct NAME##_unary_rfold {                                             \
    template <class... T>                                                 \
    __host__ __device__ constexpr auto operator()(T&&... t) const {       \
      return (t OP ...);                                                  \
    }                                                                     \
  };                                                                      \
  struct NAME##_unary_lfold {                                             \
    template <class... T>                                                 \
    __host__ __device__ constexpr auto operator()(T&&... t) const {       \
      return (... OP t);                                                  \
    }                                                                     \
  };                                                                      \
  struct NAME##_binary_rfold {                                            \
    template <class U, class... T>                                        \
    __host__ __device__ constexpr auto operator()(U&& u, T&&... t) const { \
      return (t OP ... OP u);                                             \
    }                                                                     \
  };                                                                      \
  struct NAME##_binary_lfold {                                            \
    template <class U, class... T>                                        \
    __host__ __device__ constexpr auto operator()(U&& u, T&&... t) const { \
      return (u OP ... OP t);                                             \
    }                                                                     \
  }

FOLD_OP(plus, +);
FOLD_OP(bit_or, |);
FOLD_OP(plus_assign, +=);
FOLD_OP(minus_assign, -=);
FOLD_OP(bit_xor_assign, ^=);
FOLD_OP(left_shift_assign, <<=);
FOLD_OP(right_shift_assign, >>=);
FOLD_OP(logical_and, &&);

template <class... T>
__device__ void assign_all(T&... t) {
  int v = 7;
  ((t = v), ...);
  (t *= ... *= v);
}

__global__ void folds(int* out) {
  int a = 1, b = 2, c = 3;
  out[0] = plus_unary_lfold{}(a, b, c);
  out[1] = bit_or_binary_rfold{}(8, a, b);
  out[2] = plus_assign_binary_lfold{}(a, b, c);
  out[3] = minus_assign_unary_rfold{}(a, b);
  out[4] = bit_xor_assign_binary_rfold{}(c, a);
  out[5] = left_shift_assign_binary_lfold{}(a, 2);
  out[6] = right_shift_assign_unary_lfold{}(b, 1);
  out[7] = logical_and_unary_rfold{}(a, b, c);
  assign_all(a, b, c);
  out[8] = a + b + c;
}
//@ kernel _Z5foldsPi

int main() {
  int* out = nullptr;
  if (cudaMalloc(&out, 9 * sizeof(int)) != cudaSuccess) return 1;
  folds<<<1, 1>>>(out);
  //@ launch _Z5foldsPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(out);
  // The same functors on the host.
  int x = 1, y = 2;
  std::printf("%d %d\n", plus_assign_binary_lfold{}(x, y), left_shift_assign_unary_lfold{}(x, y));
  return 0;
}
