//! kind: fail
//! nvcc: -Xcudafe --diag_error=20091
// --diag_error turns a warning into an error, printed as a plain `error:` without a number.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
int h() {
  dv = 1;                             //~ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
  return dv;                          //~ error: a __device__ variable "dv" cannot be directly read in a host function
}
