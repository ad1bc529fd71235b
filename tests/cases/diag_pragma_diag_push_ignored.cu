//! kind: compile
// `#pragma nv_diag_push` / `nv_diag_pop` are silently ignored.
// Unlike `nv_diagnostic push/pop` they are not recognised, so the suppression stays in effect
// after the "pop".
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
__device__ int dw;
#pragma nv_diag_push
#pragma nv_diag_suppress 20091
int h1() { return dv; }
#pragma nv_diag_pop
int h2() { return dv; }
int h3() { dw = 1; return 0; }        //~ warning #20092-D: a __device__ variable "dw" cannot be directly written in a host function
