//! kind: compile
//! nvcc: -diag-suppress=20091,20092
// nvcc's own -diag-suppress (a comma-separated list) reaches cudafe++ as --diag_suppress options.
__device__ int dv;
int h() {
  dv = 1;
  return dv;
}
