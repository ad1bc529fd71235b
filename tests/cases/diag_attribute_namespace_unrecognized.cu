//! kind: compile
//! nvcc: -std=c++17
// A standard attribute in a namespace EDG does not know is ignored with a warning at the
// namespace, wherever it stands; `gnu`, `__gnu__`, `clang` and `msvc` are known (their
// attributes EDG does not know are ignored silently), `__clang__` and `std` are not.
#include <cuda_runtime.h>
[[omp::directive(parallel)]] int threads; //~ warning #2803-D: attribute namespace "omp" is unrecognized
[[gnu::hot]] [[clang::noinline]] [[msvc::noinline]] [[__gnu__::cold]] int quiet();
[[gsl::suppress("type.1"), nv::pure]] int checked(); //~ warning #2803-D: attribute namespace "gsl" is unrecognized
//~^ warning #2803-D: attribute namespace "nv" is unrecognized
[[using cuda: tuned]] int tuned_value; //~ warning #2803-D: attribute namespace "cuda" is unrecognized
int scaled [[__clang__::unused]] = 2; //~ warning #2803-D: attribute namespace "__clang__" is unrecognized
struct [[std::layout]] Packet { int n; }; //~ warning #2803-D: attribute namespace "std" is unrecognized
__global__ void fill([[acme::restrict]] float *out, int n) { //~ warning #2803-D: attribute namespace "acme" is unrecognized
  [[acme::unroll]] for (int i = 0; i < n; ++i) out[i] = 0.0f; //~ warning #2803-D: attribute namespace "acme" is unrecognized
}
int run(float *out) {
  auto twice = [](int x) [[acme::pure]] { return 2 * x; }; //~ warning #2803-D: attribute namespace "acme" is unrecognized
  fill<<<1, 32>>>(out, twice(16));
  return scaled;
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
