//! kind: fail
//! nvcc: -Xcudafe --diag_warning=20007 -Xcudafe --diag_warning=20051 -Xcudafe --diag_warning=20024
// --diag_warning has no effect on errors that are not discretionary: these stay errors.
__device__ int d1() { return 1; }
int h() { return d1(); }
//~^ error: calling a __device__ function("d1()") from a __host__ function("h") is not allowed
__global__ void k() {}
void c() { k(); }                     //~ error: a __global__ function call must be configured
__host__ __global__ void k2() {}      //~ error: illegal combination of memory qualifiers
