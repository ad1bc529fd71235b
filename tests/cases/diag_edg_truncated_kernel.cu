//! kind: fail
// The input ends in the middle of a kernel (a truncated file): at the end of the source,
// cudafe++ reports what each open construct still needed, innermost first, as if it went on
// parsing (the operand, the statement's ";", then a "}" for each open brace), and for every
// brace left open a note pointing at it.
//~! At end of source: error: expected an expression
//~! At end of source: error: expected a ";"
//~! At end of source: error: expected a "}"
//~! At end of source: error: expected a "}"
//~! At end of source: error: expected a "}"
//~! At end of source: error: expected a "}"
#include <cstdio>
namespace app { //~ note #3196-D: to match this "{"
template <typename T>
struct Scale {
  T f;
  __device__ T apply(T x) const { return x * f; }
};
__global__ void scale(float *a, int n, Scale<float> s)
{ //~ note #3196-D: to match this "{"
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { //~ note #3196-D: to match this "{"
    for (int j = 0; j < 4; ++j) { //~ note #3196-D: to match this "{"
      a[i] = s.apply(a[i]) +
