//! kind: fail
// Referencing a non-constexpr auto-returning __device__ function outside device code.
// The host compilation cannot know its return type. Inside a kernel it is fine; in a
// __host__ __device__ body the call is also a cross-space call.
__device__ auto da() { return 1; }
void h() { auto p = &da; }
//~^ error: A non-constexpr __device__ function ("da") with "auto" deduced return type cannot be directly referenced outside the bodies of device functions, except if the reference is absent when __CUDA_ARCH__ is undefined
__global__ void k(int *out) { *out = da(); }
__host__ __device__ int hd() { return da(); }
//~^ error: calling a __device__ function("da()") from a __host__ __device__ function("hd") is not allowed
//~^^ error: A non-constexpr __device__ function ("da") with "auto" deduced return type cannot be directly referenced outside the bodies of device functions, except if the reference is absent when __CUDA_ARCH__ is undefined
