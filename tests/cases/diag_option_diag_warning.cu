//! kind: compile
//! nvcc: -Xcudafe --diag_warning=20245 -Xcudafe --diag_warning=unsupported_inline_var
// --diag_warning (by number or tag) demotes a discretionary error to a numbered warning.
// cicc receives the -Xcudafe options too and prints the same two warnings again.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
struct P { int v[4]; };
void g(const __grid_constant__ P p) {}
//~^ warning #20245-D: __grid_constant__ annotation is only allowed on a parameter of a __global__ function
inline __device__ int di = 1;
//~^ warning #20191-D: An inline __device__/__constant__/__managed__ variable must have internal linkage when the program is compiled in whole program mode (-rdc=false)
__global__ void k(int *p) { *p = di; }
