//! kind: fail
//! nvcc: --extended-lambda
// An extended __host__ __device__ lambda cannot have init-captures (a __device__ one can).
void h() {
  int x = 1;
  auto hd = [y = x] __host__ __device__ () { return y; };
  //~^ error: init-captures are not allowed for extended __host__ __device__ lambdas
  auto d = [y = x] __device__ () { return y; };
}
