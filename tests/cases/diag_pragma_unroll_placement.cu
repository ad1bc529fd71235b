//! kind: fail
// `#pragma unroll` must come right before a statement: before a declaration, outside
// functions or among class members it is #607; at the end of a block, #609 (warnings).
// Before a loop, a block, an expression statement or another pragma it is fine, also as
// the body of a loop or an `if` without braces.
#pragma unroll 4 //~ warning #607-D: this pragma must immediately precede a statement
__global__ void scale(float *p, int n) {
#pragma unroll //~ warning #607-D: this pragma must immediately precede a statement
  int first = 0;
#pragma unroll
  p[0] = first;
#pragma unroll 2
  for (int i = 0; i < 4; i++) {
    p[i] *= 2.0f;
#pragma unroll //~ warning #609-D: this kind of pragma may not be used here
  }
#pragma unroll
#pragma unroll 8
  while (n > 0) n--;
#pragma unroll
  {
    p[1] = 1.0f;
  }
  // The body of a loop or an `if` without braces (mistral.rs's mxfp4 GEMM).
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int j = 0; j < 4; j++)
      p[i * 4 + j] = 0.0f;
  if (n)
#pragma unroll
    for (int j = 0; j < 4; j++)
      p[j] = 0.0f;
  while (n--)
#pragma unroll
    for (int j = 0; j < 4; j++)
      p[j] = 0.0f;
}
struct Tile {
#pragma unroll //~ warning #607-D: this pragma must immediately precede a statement
  float values[4];
};
int broken = undefined_name; //~ error: identifier "undefined_name" is undefined
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
