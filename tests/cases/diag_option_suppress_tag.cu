//! kind: compile
//! nvcc: -Xcudafe --diag_suppress=device_var_written_in_host
// --diag_suppress also accepts the diagnostic's tag name.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
int h() {
  dv = 1;
  return dv;                          //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
}
