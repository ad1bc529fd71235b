//! kind: compile
// Ordinary EDG warnings in CUDA code: missing return, and an unsigned comparison with zero.
// The host run reports a missing return only in host and host-device functions, not for the
// __device__ function dq. (cicc prints all four warnings, dq's included, so nvcc shows the three
// below twice and dq's once.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
int hq(int a) { if (a) return 1; }
//~^ warning #940-D: missing return statement at end of non-void function "hq"
__device__ int dq(int a) { if (a) return 1; }
__host__ __device__ int hdq(int a) { if (a) return 1; }
//~^ warning #940-D: missing return statement at end of non-void function "hdq"
__host__ __device__ bool z(unsigned u) { return u >= 0; }
//~^ warning #186-D: pointless comparison of unsigned integer with zero
