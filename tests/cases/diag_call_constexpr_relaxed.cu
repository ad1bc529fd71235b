//! kind: compile
//! nvcc: --expt-relaxed-constexpr
// With --expt-relaxed-constexpr host and host-device functions may call a constexpr __device__ function.
__device__ constexpr int dce() { return 3; }
int hostcaller() { return dce(); }
__host__ __device__ int hdcaller() { return dce(); }
