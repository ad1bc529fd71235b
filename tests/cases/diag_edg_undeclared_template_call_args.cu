//! kind: fail
// A call of an undeclared name with template arguments before C++20 (a function that a
// library version lacks): EDG reads `f < A, B > (x, y)` as comparisons. Its "arguments" are
// then a parenthesized comma expression whose left operands do nothing (#174, each at the
// first argument), and with two or more template arguments the last one is compared with
// the last call argument (an `int` and a pointer are incompatible). Also in an explicit
// specialization's body.
#include <cuda_runtime.h>

struct Params {
  int rows;
};
namespace cutlass {
struct float_e4m3_t {};
} // namespace cutlass

void dispatch(Params &params, cudaStream_t stream, int k) {
  run_fp8<cutlass::float_e4m3_t, 16>(params, stream);
  //~^ error: identifier "run_fp8" is undefined
  //~^^ error: type name is not allowed
  //~^^^ warning #174-D: expression has no effect
  //~^^^^ error: operand types are incompatible ("int" and "cudaStream_t" (aka "CUstream_st *"))
  run_int<int, 16>(k, 3);
  //~^ error: identifier "run_int" is undefined
  //~^^ error: type name is not allowed
  //~^^^ warning #174-D: expression has no effect
  run_one<16>(params, k, stream);
  //~^ error: identifier "run_one" is undefined
  //~^^ warning #174-D: expression has no effect
  //~^^^ warning #174-D: expression has no effect
}

// An explicit specialization is no template: its body is checked as a function's.
template <typename T, int N> void run_gqa_(Params &params, cudaStream_t stream);
template <> void run_gqa_<cutlass::float_e4m3_t, 16>(Params &params, cudaStream_t stream) {
  run_fp8_gqa<cutlass::float_e4m3_t, 16>(params, stream);
  //~^ error: identifier "run_fp8_gqa" is undefined
  //~^^ error: type name is not allowed
  //~^^^ warning #174-D: expression has no effect
  //~^^^^ error: operand types are incompatible ("int" and "cudaStream_t" (aka "CUstream_st *"))
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
