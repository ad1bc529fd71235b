//! kind: fail
// #pragma nv_diag_warning demotes a discretionary error to a numbered warning.
// Errors that are not discretionary (here a cross-space call) are unaffected.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__global__ int k1() { return 0; }     //~ error: a __global__ function must have a void return type
#pragma nv_diag_warning 20048
__global__ int k2() { return 0; }     //~ warning #20048-D: a __global__ function must have a void return type
#pragma nv_diag_warning 20007
__device__ int d() { return 0; }
int h() { return d(); }
//~^ error: calling a __device__ function("d()") from a __host__ function("h") is not allowed
