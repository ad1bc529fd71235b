//! kind: compile
// #pragma nv_diag_suppress and nv_diag_default, by number and by tag.
// The suppression holds from the pragma on; nv_diag_default restores the default severity.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
int h1() { return dv; }               //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
#pragma nv_diag_suppress 20091
int h2() { return dv; }
#pragma nv_diag_default 20091
int h3() { return dv; }               //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
#pragma nv_diag_suppress device_var_read_in_host
int h4() { return dv; }
#pragma nv_diag_default device_var_read_in_host
int h5() { return dv; }               //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
