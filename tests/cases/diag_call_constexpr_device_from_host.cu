//! kind: fail
// Calling a constexpr __device__ function from host or host-device code suggests --expt-relaxed-constexpr.
__device__ constexpr int dce() { return 3; }
int hostcaller() { return dce(); }
//~^ error: calling a constexpr __device__ function("dce()") from a __host__ function("hostcaller") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.
__host__ __device__ int hdcaller() { return dce(); }
//~^ error: calling a constexpr __device__ function("dce()") from a __host__ __device__ function("hdcaller") is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.
