//! kind: fail
// __nv_register_params__ is rejected unless its support is enabled.
__device__ __nv_register_params__ int d(int a, int b) { return a + b; }
//~^ error: __nv_register_params__ support is not enabled
