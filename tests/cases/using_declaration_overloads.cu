//! kind: compile
// Using-declarations in an overload set: a function re-imported into its own namespace
// (`using N::h;`, the libstdc++ `<math.h>` pattern) does not hide the overloads declared
// after it, so a user's `sqrt` for its own type is found beside the C library's; a
// using-declaration that brings in two overloads (glibc's `std::strstr`) stands for both,
// so a string literal picks the `const char *` one without a deprecation warning.
#include <cmath>
#include <cstring>

double h(double);
namespace N {
using ::h;
}
using N::h;
void h(int *);
void call_h(int *p) { h(p); }

struct E {
  float v;
};
E sqrt(E e) { return e; }
E root(E x) { return sqrt(x); }

char *g(char *);
const char *g(const char *);
namespace lib {
using ::g;
}
const char *find_abc() { return lib::g("abc"); }
const char *find_b(const char *s) { return std::strstr(s, "b"); }
