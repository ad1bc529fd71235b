//! kind: compile
// Valid C++ that real libraries write and that the front end once rejected:
// - a conditional operator in a `for` loop's condition (warp's vector code): its `:` is no
//   range-for's;
// - a member function defined in its class that uses a class nested after it (PyTorch):
//   the body is read once the outermost class is complete;
// - members of explicit specializations (stdgpu's numeric_limits, PyTorch's
//   ScalarTypeToCPPType): `M<int>::type` and `M<char>::type` are each specialization's own,
//   as are the values of their static constexpr members;
// - a namespace reopened from the namespace around the inline namespace it lives in
//   (stdgpu specializing thrust::detail traits, which CCCL declares in an inline ABI
//   namespace);
// - `#pragma unroll` in a member function defined in its class (flashinfer).
#include <cuda_runtime.h>

int count(bool reverse, int n) {
  int s = 0;
  for (int i = 0; reverse ? (i > n) : (i < n); ++i)
    s += i;
  return s;
}

struct Outer {
  int k() { Later c; c.x = 1; return c.x; }
  struct Later { int x; };
};

template <class T> struct M;
template <> struct M<int> { using type = bool; static constexpr int digits = 31; };
template <> struct M<char> { using type = short; static constexpr int digits = 7; };
inline int pick(M<int>::type) { return 1; }
inline int pick(M<char>::type) { return 2; }
static_assert(M<char>::digits == 7, "the specialization's own value");
static_assert(M< int >::digits == 31, "spelled with spaces");

namespace lib { inline namespace v2 { namespace detail { template <class T> struct is_proxy { static constexpr bool value = false; }; } } }
namespace lib { namespace detail { template <> struct is_proxy<int> { static constexpr bool value = true; }; } }
namespace lib::detail { int extended = 1; }
static_assert(lib::detail::is_proxy<int>::value, "specialized through the inline namespace");

struct Vec4 {
  __device__ void clear(float *d) {
#pragma unroll
    for (int i = 0; i < 4; ++i) d[i] = 0.0f;
  }
};

__global__ void kernel(float *d) { Vec4 v; v.clear(d); }

int main() {
  Outer o;
  kernel<<<1, 1>>>(nullptr);
  return count(false, 3) + o.k() + pick(true) + pick(short(1)) + lib::detail::extended;
}
