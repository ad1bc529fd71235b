//! kind: compile
// #pragma nv_diagnostic push/pop saves and restores the diagnostic state.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
#pragma nv_diagnostic push
#pragma nv_diag_suppress 20091
int h1() { return dv; }
#pragma nv_diagnostic pop
int h2() { return dv; }               //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
