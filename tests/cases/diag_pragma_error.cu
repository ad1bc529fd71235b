//! kind: fail
// #pragma nv_diag_error turns a warning into a plain error; #pragma nv_diag_warning turns it back.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
#pragma nv_diag_error 20091
int h1() { return dv; }               //~ error: a __device__ variable "dv" cannot be directly read in a host function
#pragma nv_diag_warning device_var_read_in_host
int h2() { return dv; }               //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
