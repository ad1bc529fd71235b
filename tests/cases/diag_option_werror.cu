//! kind: fail
//! nvcc: -Werror all-warnings
// -Werror all-warnings promotes warnings to errors that keep their number.
// They print as "error #N-D" and count in the "N errors detected" summary.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
inline __global__ void k() {}         //~ error #20050-D: inline qualifier ignored for "__global__" function
int h() {
  return dv;                          //~ error #20091-D: a __device__ variable "dv" cannot be directly read in a host function
}
