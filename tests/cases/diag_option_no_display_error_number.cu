//! kind: fail
//! nvcc: --no-display-error-number
// --no-display-error-number: warnings print as plain "warning:".
// The one-time "-diag-suppress" remark is not printed either.
__device__ int dv;
int h() {
  dv = 1;                             //~ warning: a __device__ variable "dv" cannot be directly written in a host function
  return dv;                          //~ warning: a __device__ variable "dv" cannot be directly read in a host function
}
__global__ int k() { return 0; }      //~ error: a __global__ function must have a void return type
