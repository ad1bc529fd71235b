//! kind: compile
// A function declared `extern "C"`, then defined without it, its parameter types spelled
// with other spacing (`int*` and `int *p`, `unsigned  int`): one function, of C linkage,
// so the unit's first definition is named `fill` (not `_Z4fillPij`) in the module id.
extern "C" void fill(int*, unsigned  int);
void fill(int *p, unsigned int n) {
  for (unsigned int i = 0; i < n; ++i) p[i] = 0;
}

// A redeclaration of an inline function, spaced differently, is inline too.
inline float half(float* x) { return *x * 0.5f; }
float half(float *x);

__global__ void zero(int *p) { p[threadIdx.x] = 0; }

void launch(int *p) { zero<<<1, 32>>>(p); }
