//! kind: compile
// The host run does not diagnose a __host__ __device__ function calling a __host__ function.
// (cicc, compiling the device side, prints warning #20011-D "calling a __host__ function("host_fn()")
// from a __host__ __device__ function("hd") is not allowed"; nvcc still succeeds.)
int host_fn() { return 1; }
__host__ __device__ int hd() { return host_fn(); }
