//! kind: fail
//! nvcc: --extended-lambda
// A variable whose type is local to a function cannot be captured by an extended lambda.
void h() {
  struct L { int v; };
  L l{1};
  auto d = [l] __device__ () { return l.v; };
  //~^ error: A type local to a function ("L") cannot be used in the type of a variable captured by an extended __device__ or __host__ __device__ lambda
}
