//! kind: compile
// A function declared `noreturn` (in any of its declarations, with `[[noreturn]]` or
// `__attribute__((noreturn))`) that returns: #1305, a warning, at each `return` control
// can reach and at the closing brace when control can reach the end. Calls of `noreturn`
// functions (`abort`, `exit`, `std::terminate`, CUDA's `__trap`), `throw`, loops that
// cannot end, and switches whose every path ends so do not return. Templates are checked
// when instantiated.
#include <cstdlib>
#include <exception>
#include <stdexcept>
[[noreturn]] void die(const char *);
[[noreturn]] void empty() {} //~ warning #1305-D: function declared with "noreturn" does return
__attribute__((noreturn)) void gnu_empty() {
} //~ warning #1305-D: function declared with "noreturn" does return
[[noreturn]] void aborts() { abort(); }
[[noreturn]] void aborts_sometimes(int x) {
  if (x)
    abort();
} //~ warning #1305-D: function declared with "noreturn" does return
[[noreturn]] void returns(int x) {
  if (x)
    return; //~ warning #1305-D: function declared with "noreturn" does return
  die("x");
}
[[noreturn]] void returns_twice(int x) {
  if (x) {
    return; //~ warning #1305-D: function declared with "noreturn" does return
  } else {
    return; //~ warning #1305-D: function declared with "noreturn" does return
  }
}
__attribute__((__noreturn__)) void forever() {
  for (;;) {
  }
}
[[noreturn]] void switch_all(int x) {
  switch (x) {
  case 1:
    die("a");
  default:
    throw std::runtime_error("b");
  }
}
[[noreturn]] void switch_some(int x) {
  switch (x) {
  case 1:
    die("a");
  }
} //~ warning #1305-D: function declared with "noreturn" does return
struct Members {
  [[noreturn]] void later();
  [[noreturn]] static void inside() {} //~ warning #1305-D: function declared with "noreturn" does return
};
void Members::later() {} //~ warning #1305-D: function declared with "noreturn" does return
[[noreturn]] void declared_first();
void declared_first() {} //~ warning #1305-D: function declared with "noreturn" does return
[[noreturn]] void calls_noreturn() { aborts(); }
[[noreturn]] void terminates() {
  auto l = [] { return 1; };
  l();
  std::terminate();
}
[[noreturn]] __device__ void traps() { __trap(); }
[[noreturn]] __device__ void device_empty() {} //~ warning #1305-D: function declared with "noreturn" does return
[[noreturn]] __host__ __device__ void both_empty() {} //~ warning #1305-D: function declared with "noreturn" does return
[[noreturn]] __global__ void kernel_empty() {} //~ warning #1305-D: function declared with "noreturn" does return
struct Logger {
  [[noreturn]] void fatal(const char *);
  void note(const char *);
};
[[noreturn]] void through_member(Logger &l) { l.fatal("x"); }
[[noreturn]] void through_pointer(Logger *l) { l->fatal("x"); }
[[noreturn]] void notes_only(Logger *l) { l->note("x"); } //~ warning #1305-D: function declared with "noreturn" does return
[[noreturn]] void builtin() { __builtin_abort(); }
[[noreturn]] void in_lambda() {
  [] { abort(); }();
} //~ warning #1305-D: function declared with "noreturn" does return
template <class T>
[[noreturn]] void in_template() {}
template <class T>
struct Holder {
  [[noreturn]] void member() {}
};
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
