//! kind: fail
// Execution space annotations on a lambda need --extended-lambda.
// (The wiki says 3612 is a warning; the real tool makes it an error.)
void h() {
  auto d = [] __device__ (int x) { return x + 1; };
  //~^ error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag
  auto hd = [] __host__ __device__ (int x) { return x * 2; };
  //~^ error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag
}
