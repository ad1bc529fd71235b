//! kind: fail
//! nvcc: --extended-lambda
// An extended __device__ lambda cannot be declared constexpr.
void h() {
  auto d = [] __device__ (int x) constexpr { return x; };
  //~^ error: The constexpr specifier is not allowed for an extended __device__ lambda
}
