//! kind: fail
// Calling a __device__ function from a __host__ __device__ function is diagnosed by the host run.
__device__ int d1() { return 1; }
__host__ __device__ int hdcaller() { return d1(); }
//~^ error: calling a __device__ function("d1()") from a __host__ __device__ function("hdcaller") is not allowed
