//! kind: fail
// Qualified names that lookup cannot follow: a component before "::" that names no
// namespace or class (`std::views` under C++17, a variable, a missing namespace) is an
// error at that component, for each use, in lambdas and templates too; a missing last
// member of a namespace or of a plain class names its scope.
#include <vector>
namespace N {
int v;
namespace M { int w; }
struct S { static int z; };
}
namespace fmt {
namespace detail { constexpr unsigned invalid_cp = ~0u; }
}
void f() {
  int a = std::views::iota; //~ error: name followed by "::" must be a class or namespace name
  int b = N::nothere::x; //~ error: name followed by "::" must be a class or namespace name
  int c = N::v::y; //~ error: name followed by "::" must be a class or namespace name
  int d = N::M::nothere; //~ error: namespace "N::M" has no member "nothere"
  int e = N::S::nothere; //~ error: class "N::S" has no member "nothere"
  int h = N::nothere; //~ error: namespace "N" has no member "nothere"
  std::views::iota(1); //~ error: name followed by "::" must be a class or namespace name
  int i = N::M::w + N::S::z + fmt::detail::invalid_cp;
  auto l = [](auto x) {
    return std::ranges::size(x); //~ error: name followed by "::" must be a class or namespace name
  };
  (void)a; (void)b; (void)c; (void)d; (void)e; (void)h; (void)i; (void)l;
}
template <class T>
__device__ T g(T t) {
  return t + N::nothere::x; //~ error: name followed by "::" must be a class or namespace name
}
