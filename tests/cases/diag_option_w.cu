//! kind: compile
//! nvcc: -w
// -w suppresses all warnings (and with them the one-time -diag-suppress remark).
__device__ int dv;
inline __global__ void k() {}
int h() {
  dv = 1;
  return dv;
}
