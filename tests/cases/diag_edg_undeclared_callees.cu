//! kind: fail
// Undeclared callees that no argument can bring in by argument-dependent lookup: a kernel
// launched through a namespace that has no such member (a library's renamed kernel), and,
// in a template, a function called with a string literal (an array of characters has no
// associated namespace: a check macro whose definition is missing).
namespace kernels {}

void launch(int n) {
  kernels::clear<<<1, 1>>>(n); //~ error: namespace "kernels" has no member "clear"
}

template <class T> void check(T v) {
  EXPECTS(v > 0, "v must be positive"); // depends on T: left to instantiation
  REPORT("done"); //~ error: identifier "REPORT" is undefined
}
