//! kind: compile
// #pragma nv_diag_once: a diagnostic is shown at most once for the rest of the file.
// The flag is sticky: nv_diag_default (and even nv_diag_error) does not bring later occurrences
// back. It keeps the current severity, and hidden occurrences (as a remark) do not use up the
// "once".
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
__device__ int dw;
#pragma nv_diag_remark 20091
#pragma nv_diag_once 20091
int h1() { return dv; }
#pragma nv_diag_warning 20091
int h2() { return dv; }               //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
int h3() { return dw; }
#pragma nv_diag_default 20091
int h4() { return dv; }
#pragma nv_diag_error 20091
int h5() { return dv; }
