//! kind: compile
// #pragma nv_diag_remark hides a warning; nv_diag_default brings it back.
// Remarks are not shown by default.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
#pragma nv_diag_remark 20091
int h1() { return dv; }
#pragma nv_diag_default 20091
int h2() { return dv; }               //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
