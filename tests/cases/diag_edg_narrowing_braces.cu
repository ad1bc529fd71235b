//! kind: compile
// Narrowing conversions in braces are warnings in GNU mode (#2361), from what the value
// surely is at run time: a signed index from unsigned built-ins, a parameter, an element of
// an array. Constants that fit are no narrowing (a constant that does not fit is #68 or
// #69), nor are conversions that keep every value. The elements of a plain struct meet its
// members in order, and `dim3{...}` the parameters of its constructor; a constructor's
// member initializer in braces, a functional cast in braces and `return {...}` of a struct
// narrow too (returning a scalar in braces narrows with an error: see
// diag_edg_narrowing_return).
#include <cuda_runtime.h>
#include <cstddef>
struct Range { int first; float scale; };
constexpr double kHalf = 0.5;

__global__ void scale(float *p, int n, double factor) {
  int i{blockIdx.x * blockDim.x + threadIdx.x}; //~ warning #2361-D: invalid narrowing conversion from "unsigned int" to "int"
  float f{factor}; //~ warning #2361-D: invalid narrowing conversion from "double" to "float"
  int whole{p[0]}; //~ warning #2361-D: invalid narrowing conversion from "float" to "int"
  unsigned long long wide{n}; //~ warning #2361-D: invalid narrowing conversion from "int" to "unsigned long long"
  Range r{n, factor}; //~ warning #2361-D: invalid narrowing conversion from "double" to "float"
  float row[3] = {1.0, 2.5, n}; //~ warning #2361-D: invalid narrowing conversion from "int" to "float"
  unsigned sign{-1}; //~ warning #68-D: integer conversion resulted in a change of sign
  char small{300}; //~ warning #69-D: integer conversion resulted in truncation
  unsigned fits{5};
  float half{kHalf * 2};
  unsigned bytes{sizeof(float)};
  long longer{n};
  size_t count{sizeof(int) * 4};
  if (i < n) p[i] = f + whole + wide + r.scale + row[0] + sign + small + fits + half + bytes + longer + count;
}

struct Buffer {
  size_t size_;
  float scale_;
  Buffer(int n, double s) : size_{n}, scale_{s} {} //~ warning #2361-D: invalid narrowing conversion from "int" to "unsigned long"
  //~^ warning #2361-D: invalid narrowing conversion from "double" to "float"
};

int rounded(double d) { return int{d}; } //~ warning #2361-D: invalid narrowing conversion from "double" to "int"
Range make(double d) { return {1, d}; } //~ warning #2361-D: invalid narrowing conversion from "double" to "float"

void launch(float *p, int n) {
  dim3 grid{n}; //~ warning #2361-D: invalid narrowing conversion from "int" to "unsigned int"
  dim3 block{256};
  scale<<<grid, block>>>(p, n, 2.0);
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
