//! kind: compile
// Valid code cudafe++ compiles without a word, where we once warned:
// - a `__shared__` local read before any assignment in a kernel (other threads of the block
//   set it): no #549;
// - a const or constexpr scalar `__device__`/`__constant__` variable with an initializer,
//   read in host code: its value is used, no #20091;
// - `#pragma nv_diag_suppress = 20092`: an `=` may come before the list.
#pragma nv_diag_suppress = 20092
__device__ const int dci = 7;
constexpr __device__ int dce = 9;
__constant__ const int cci = 7;
__device__ int dv;
int host_sum() { return dci + dce + cci; }
void host_write() { dv = 1; }
__global__ void k(int *o) {
  __shared__ int m;
  __shared__ float a[4];
  if (threadIdx.x == 0) o[0] = m + (int)a[1];
}
