//! kind: fail
// Calling a __device__ function from host code: explicit __host__, implicit host, and __forceinline__ callers.
__device__ int d1() { return 1; }
__device__ int d2(int x) { return x; }
__host__ int hostcaller() { return d1(); }
//~^ error: calling a __device__ function("d1()") from a __host__ function("hostcaller") is not allowed
int implicit_host() { return d1(); }
//~^ error: calling a __device__ function("d1()") from a __host__ function("implicit_host") is not allowed
// The wiki says __forceinline__ bypasses the cross-space check; the real tool still reports it.
__forceinline__ int fi() { return d1(); }
//~^ error: calling a __device__ function("d1()") from a __host__ function("fi") is not allowed
