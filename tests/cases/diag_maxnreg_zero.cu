//! kind: fail
// The register limit of __maxnreg__ and __local_maxnreg__ must be positive.
__global__ void __maxnreg__(0) k() {}           //~ error: The maximum number of registers that can be allocated per thread must be positive
__global__ void __maxnreg__(-4) k2() {}         //~ error: The maximum number of registers that can be allocated per thread must be positive
__device__ __local_maxnreg__(0) void d() {}     //~ error: The maximum number of registers that can be allocated per thread must be positive
// Too large values (__maxnreg__(100000), __cluster_dims__(100000, 1, 1)) pass the host run.
__global__ void __maxnreg__(64) ok() {}
