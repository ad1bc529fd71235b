//! kind: fail
// When the skip after a declaration whose first name is undeclared (an export or
// host-device macro left undefined) meets the `}` that closes the namespace or class
// before any `;`, parsing restarts at that brace, and cudafe++ says so when it is three
// lines or more below the error. A statement that did not parse in one function hides
// no error in the functions after it.
namespace kernels {
EXPORT_MACRO //~ error: this declaration has no storage class or type specifier

template <class T> //~ error: expected a ";"
__global__ void clear(T t)
{
}
} //~ warning #12-D: parsing restarts here after previous syntax error

struct Less
{
  HD_MACRO //~ error: this declaration has no storage class or type specifier
  bool operator()(int x, int y) //~ error: expected a ";"
  {
    return x < y;
  }
}; //~ warning #12-D: parsing restarts here after previous syntax error

namespace wp { int x; }
void guarded(void *c) { Guard g(c); } //~ error: identifier "Guard" is undefined
void after() { wp::missing(1); } //~ error: namespace "wp" has no member "missing"
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
