//! kind: fail
//! nvcc: --extended-lambda
// The enclosing function of an extended __device__ lambda must not have a deduced return type.
auto h4() {
  auto d = [] __device__ (int x) { return x; };
  //~^ error: The enclosing parent function ("h4") for an extended __device__ lambda must not have deduced return type
  return 0;
}
