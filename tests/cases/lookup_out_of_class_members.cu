//! kind: run
// Found on {fmt} (LightGBM): the body of a member defined outside its class, in an
// enclosing namespace (`detail::conv::conv() {}` inside `namespace fmt`), looks names up
// in the class, then in the class's namespaces (`fmt::detail`, then `fmt`), lambdas in
// the body included; a front end that searched only the namespaces around the
// definition would call `invalid_cp` undefined.
#include <cstdio>
namespace fmt {
namespace detail {
constexpr unsigned invalid_cp = ~0u;
template <class F> void each(F f) { f(7u); }
__device__ int scale = 3;
class conv {
 public:
  conv(int s);
  int total = 0;
  struct part { int get() const; };
};
template <class T> struct holder { T twice(T v) const; };
}  // namespace detail
detail::conv::conv(int s) {
  each([this, s](unsigned cp) { total = cp == invalid_cp ? -1 : int(cp) + s; });
}
int detail::conv::part::get() const { return invalid_cp == 0u ? 0 : 1; }
template <class T> T detail::holder<T>::twice(T v) const { return v + v + T(invalid_cp - invalid_cp); }
}  // namespace fmt
//@ var _ZN3fmt6detail5scaleE size=4 constant=0
int main() {
  fmt::detail::conv c(1);
  fmt::detail::conv::part p;
  fmt::detail::holder<int> h;
  std::printf("%d %d %d\n", c.total, p.get(), h.twice(2));
  return c.total == 8 && p.get() == 1 && h.twice(2) == 4 ? 0 : 1;
}
