//! kind: fail
//! nvcc: -std=c++17
// A standard attribute after a parameter list would apply to the function's type, which no
// standard attribute does: a warning for most, an error for maybe_unused and noreturn; the
// same after a lambda's parameters and specifiers. Before a lambda's parameters (C++23's
// place for them) and in the gnu namespace they are taken silently.
int checked(int x) [[nodiscard]]; //~ warning #1835-D: attribute "nodiscard" does not apply here
int legacy(int x) [[deprecated("use checked")]]; //~ warning #1835-D: attribute "deprecated" does not apply here
int unused(int x) [[maybe_unused]]; //~ error: attribute "maybe_unused" does not apply here
void stop() [[noreturn]]; //~ error: attribute "noreturn" does not apply here
struct Meter {
  int read() const [[nodiscard]]; //~ warning #1835-D: attribute "nodiscard" does not apply here
};
int run(int n) {
  auto twice = [](int v) [[nodiscard]] { return 2 * v; }; //~ warning #1835-D: attribute "nodiscard" does not apply here
  auto step = [n](int v) mutable [[likely]] { return v + n; }; //~ warning #1835-D: attribute "likely" does not apply here
  auto safe = [](int v) noexcept [[nodiscard]] -> int { return v; }; //~ warning #1835-D: attribute "nodiscard" does not apply here
  auto front = [] [[nodiscard]] (int v) { return v; };
  auto inlined = [](int v) [[gnu::always_inline]] { return v; };
  return twice(n) + step(n) + safe(n) + front(n) + inlined(n);
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
