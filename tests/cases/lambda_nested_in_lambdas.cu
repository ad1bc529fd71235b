//! kind: compile
//! nvcc: --extended-lambda
// Extended lambdas inside ordinary lambdas (immediately called, mutable, nested twice) passed
// to a kernel template: the closure type is local to the enclosing lambda's call operator,
// and the tag still names the function, counting all its extended lambdas.
template <typename F>
__global__ void k(F f) { f(1); }

int other(int a) {
  auto h = [](int y) { return y; };
  []() { k<<<1, 1>>>([] __device__(int x) { return x; }); }();
  auto m = [=](float q) mutable {
    k<<<1, 1>>>([=] __device__(int x) { return x + a; });
    return q;
  };
  m(1.0f);
  auto outer = [&] {
    auto inner = [&](int v) { k<<<1, 1>>>([v] __device__(int x) { return x + v; }); };
    inner(a);
  };
  outer();
  return h(1);
}
