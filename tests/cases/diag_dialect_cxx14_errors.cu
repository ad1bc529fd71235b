//! kind: fail
//! nvcc: -std=c++14
// C++17 constructs C++14 mode rejects: constexpr lambdas (at every one) and `auto` template
// parameters.
auto square = [](int x) constexpr { return x * x; };
//~^ error: constexpr lambdas are not enabled in this mode
auto cube = [](int x) constexpr { return x * x * x; };
//~^ error: constexpr lambdas are not enabled in this mode

template <auto V> struct Constant {};
//~^ error: "auto" is not allowed here

__global__ void k(int *p) { *p = square(2) + cube(3); }
