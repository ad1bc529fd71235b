//! kind: fail
//! nvcc: --extended-lambda
// An extended lambda cannot capture by reference.
// An explicit `&x` is reported once, at the capture; a `[&]` default is reported once at the
// lambda and once more at each use of a variable it captures (so `[&]` capturing one variable
// gives the error twice).
void h() {
  int x = 1, y = 2;
  auto d1 = [&x] __device__ () { return x; };
  //~^ error: An extended __device__ lambda cannot capture variables by reference
  auto d2 = [&] __device__ () {
  //~^ error: An extended __device__ lambda cannot capture variables by reference
    return x;
    //~^ error: An extended __device__ lambda cannot capture variables by reference
  };
  auto d3 = [&] __device__ () { return 0; };
  //~^ error: An extended __device__ lambda cannot capture variables by reference
  auto hd = [=, &y] __host__ __device__ () { return x + y; };
  //~^ error: An extended __host__ __device__ lambda cannot capture variables by reference
  auto ok = [x] __device__ () { return x; };
}
