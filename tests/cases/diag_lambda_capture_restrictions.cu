//! kind: fail
//! nvcc: --extended-lambda
// Captures an extended __device__ lambda cannot have.
// Pack elements, arrays by init-capture, std::initializer_list init-captures, and variables of
// a private member type.
#include <initializer_list>
template <typename... Ts> void f1(Ts... ts) {
  auto d = [ts...] __device__ () { return 0; };
  //~^ error: An extended __device__ lambda cannot capture an element of a parameter pack
}
template void f1<int, int>(int, int);
void f2() {
  int a[2] = {1, 2};
  auto d = [b = a] __device__ () { return b[0]; };
  //~^ error: An extended __device__ lambda cannot init-capture variables with array type
  auto e = [l = std::initializer_list<int>{1, 2}] __device__ () { return 0; };
  //~^ error: An extended __device__ lambda cannot have init-captures with type std::initializer_list
}
class C {
  struct Priv { int v; };
public:
  void m() {
    Priv p{1};
    auto d = [p] __device__ () { return p.v; };
    //~^ error: A type that is a private or protected class member ("C::Priv") cannot be used in the type of a variable captured by an extended __device__ or __host__ __device__ lambda
  }
};
