//! kind: compile
// `__host__` is an execution space, not a memory space: on a variable it does not apply
// (#1835, a warning), also beside `__device__` (vLLM's
// `__host__ __device__ static constexpr T quant_type_max_v = ...`, written through a
// HOST_DEVICE macro). The `__device__` beside it still makes a device variable.
__host__ int host_only; //~ warning #1835-D: attribute "__host__" does not apply here
__host__ __device__ constexpr float scale = 1.0f; //~ warning #1835-D: attribute "__host__" does not apply here
__device__ float read() { return scale * 2.0f; }
__global__ void k(float *out) { *out = read(); }
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
