//! kind: fail
// A __global__ function must be called with a launch configuration, from host and device code.
__global__ void k() {}
void h() { k(); }                     //~ error: a __global__ function call must be configured
__device__ void d() { k(); }          //~ error: a __global__ function call must be configured
__global__ void g() { k(); }          //~ error: a __global__ function call must be configured
