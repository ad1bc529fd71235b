//! kind: fail
// C99's array parameters bounded by earlier parameters (PolyBench's `POLYBENCH_USE_C99_PROTO`)
// are not C++: each parameter an array bound evaluates is "a parameter is not allowed";
// `sizeof` evaluates nothing.
void gemm(int ni, int nj, float c[ni][nj]); //~ error: a parameter is not allowed
//~^ error: a parameter is not allowed
void atax(int n, int m, double a[][m], double x[n]) {} //~ error: a parameter is not allowed
//~^ error: a parameter is not allowed
__global__ void rows(int n, int (*row)[n]); //~ error: a parameter is not allowed
void fine(int n, float a[sizeof(n)], float b[16]);
