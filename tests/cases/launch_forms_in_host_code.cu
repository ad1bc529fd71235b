//! kind: compile
// Launches through a macro, in member templates and operator(), in a lambda, in a comma
// expression, a loop and an if, with configurations from constexpr members, conditional
// expressions and cudaStreamPerThread; kernels in nested namespaces.
#include <cuda_runtime.h>
#include <cstdio>
template <int N> struct Cfg { static constexpr int threads = N * 32; };
template <class T, int B> __global__ void kt(T *p) { p[threadIdx.x] = T(B); }
__global__ void plain(int *p, int n) { p[0] = n; }
#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
struct Runner {
  cudaStream_t s = 0;
  template <class T> void run(T *p) { kt<T, 4><<<1, Cfg<2>::threads, 0, s>>>(p); }
  void operator()(int *p) { plain<<<dim3(1, 1), dim3(32), 16>>>(p, 1); }
};
namespace outer { namespace inner { template <class T> __global__ void nk(T v) {} } }
int main() {
  int *d = nullptr;
  LAUNCH(plain, 1, 32, d, 3);
  Runner r; r.run(d); r(d);
  auto f = [&](int n) { plain<<<n, n>>>(d, n); };
  f(2);
  outer::inner::nk<<<1, 1>>>(3.5);
  outer::inner::nk<float><<<1, (1 > 0 ? 2 : 3)>>>(1.0f);
  kt<int, (3 > 2)><<<1, 1>>>(d);
  bool ok = (plain<<<1, 1>>>(d, 0), true);
  for (int i = 0; i < 2; ++i) plain<<<i + 1, 32>>>(d, i);
  if (ok) plain<<<1, 1, 0, cudaStreamPerThread>>>(d, 9);
  cudaDeviceSynchronize();
  printf("%d\n", ok);
}
