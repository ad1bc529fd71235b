//! kind: fail
//! nvcc: --extended-lambda
// An extended __host__ __device__ lambda cannot be generic (a __device__ one can).
void h() {
  auto hd = [] __host__ __device__ (auto x) { return x; };
  //~^ error: __host__ __device__ extended lambdas cannot be generic lambdas
  auto d = [] __device__ (auto x) { return x; };
}
