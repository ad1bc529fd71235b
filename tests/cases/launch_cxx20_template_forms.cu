//! kind: compile
//! nvcc: -std=c++20 --expt-relaxed-constexpr
// C++20 forms around kernels: auto template parameters, requires-clauses, launches in
// folds and in if constexpr (the discarded branch of an instance launches nothing),
// structured bindings and raw strings holding "<<<" in device code, user-defined literals
// in a launch configuration.
#include <cstdio>
#include <utility>
#include <tuple>
template <auto V> __global__ void ak(int *p) { p[0] = (int)V; }
template <class T> requires (sizeof(T) == 4) __global__ void rk(T *p) { *p = T{}; }
template <class... K> void launch_all(int *p, K... ks) { ((ks<<<1, 1>>>(p)), ...); }
__global__ void a1(int *p) {} __global__ void a2(int *p) {}
constexpr unsigned long long operator""_k(unsigned long long v) { return v * 1024; }
__global__ void sb(int *p) {
  auto [x, y] = std::pair<int, int>{1, 2};
  p[0] = x + y;
  const char *s = R"(a<<<b>>>c)";
  p[1] = s[0];
}
template <int N> void cond(int *p) {
  if constexpr (N > 1) ak<N><<<1, 1>>>(p); else ak<'c'><<<1, 1>>>(p);
}
int main() {
  int *p = nullptr;
  ak<5><<<1, 1>>>(p);
  ak<2u><<<1, 1>>>(p);
  rk<<<1, 1>>>((float *)nullptr);
  launch_all(p, a1, a2);
  cond<2>(p); cond<1>(p);
  sb<<<1, 4_k / 4096 + 1>>>(p);
  auto t = std::make_tuple(1, 2.0);
  auto [i, d] = t;
  printf("%d %f\n", i, d);
}
