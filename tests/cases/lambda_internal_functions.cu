//! kind: compile
//! nvcc: --extended-lambda
// Extended lambdas in functions with internal linkage (static, in an anonymous namespace, a
// static member function) passed to a kernel template: the device names of the instances
// name the enclosing function under the unit's internal prefix.
template <typename F>
__global__ void k(int *p, F f) { *p = f(1); }

static void s1(int *p, int n) {
  k<<<1, 1>>>(p, [=] __device__(int x) { return x + n; });
}

namespace ns {
static void s2(int *p) {
  k<<<1, 1>>>(p, [] __device__(int x) { return x; });
}
}

namespace {
void a1(int *p) {
  k<<<1, 1>>>(p, [] __host__ __device__(int x) { return 2 * x; });
}
}

struct W {
  static void run(int *p) {
    k<<<1, 1>>>(p, [] __device__(int x) { return x; });
  }
};

void all(int *p) {
  s1(p, 1);
  ns::s2(p);
  a1(p);
  W::run(p);
}
