//! kind: fail
//! nvcc: --extended-lambda
// Extended __device__ lambdas inside generic lambdas or extended HD lambdas.
// An ordinary non-generic enclosing lambda is fine. Note the two spaces in
// "__host__ __device__  lambda" in the real message.
void f() {
  auto g = [](auto x) {
    auto d = [] __device__ () { return 1; };
    //~^ error: An extended __device__ lambda cannot be defined inside a generic lambda expression("operator()").
    return x;
  };
  g(1);
  auto hd = [] __host__ __device__ () {
    auto d = [] __device__ () { return 1; };
    //~^ error: An extended __device__ lambda cannot be defined inside an extended __host__ __device__  lambda expression("operator()").
    return 0;
  };
  int x = 0;
  auto ok = [x] () { auto d = [x] __device__ () { return x; }; return 0; };
}
