//! kind: compile
//! nvcc: -Xcudafe --diag_suppress=20091
// --diag_suppress with a displayed number silences that diagnostic only (#20092-D still shows).
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
int h() {
  dv = 1;                             //~ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
  return dv;
}
