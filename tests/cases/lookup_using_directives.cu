//! kind: run
// Using-directives as C++ has them: during unqualified lookup the nominated namespace's
// names appear as if declared in the nearest namespace enclosing both the directive and the
// nominated namespace, together with that namespace's own; qualified lookup (`N::x`) looks
// through N's directives only when N itself has no `x`.
// - CUTLASS: `namespace cutlass::gemm { using namespace cute; }` and both cute and cutlass
//   have a `plus`: from cutlass::gemm::thread, `plus<T>` is cutlass's template;
// - a block's `using namespace lib;` in app::f does not hide app::detail behind lib::detail;
// - unqualified, a namespace's own `twice` and the `twice` of a namespace it nominates are
//   one overload set (`twice<int>` is a template-id).
//@ kernel _ZN2cl4gemm6thread3runIiEEvPT_
//@ launch _ZN2cl4gemm6thread3runIiEEvPT_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
#include <cstdio>
#include <cuda_runtime.h>

namespace cu { struct plus {}; }
namespace cl {
template <class T> struct plus {
  __host__ __device__ T operator()(T a, T b) const { return a + b; }
};
namespace gemm { using namespace cu; }
namespace gemm { namespace thread {
template <class T> __global__ void run(T *a) { plus<T> add; *a = add(*a, *a); }
} }
}

namespace lib { namespace detail { int other; } }
namespace app {
namespace detail { template <class T> int g() { return sizeof(T); } }
int f() {
  using namespace lib;
  return detail::g<int>();
}
}

namespace outer {
namespace impl { template <class T> T twice(T t) { return t + t; } }
using namespace impl;
int twice(int, int);
int use() { return twice<int>(2); }
}
int outer_twice() { return outer::use(); }

int main() {
  int *d = nullptr;
  cudaMalloc(&d, sizeof(int));
  cl::gemm::thread::run<<<1, 1>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  std::printf("%d %d\n", app::f(), outer_twice());
  return 0;
}
