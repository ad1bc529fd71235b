//! kind: compile
// A function and a function template of one name and parameter list are two overloads
// (libcudacxx's tests pair `template <class T> void test()` with `bool test()`): the call
// without template arguments takes the function, and the function's definition is the
// first external one (it names the module id).
#include <cuda_runtime.h>
template <class T> __host__ __device__ void test() {}
__host__ __device__ bool test() { return true; }
template <class T> __global__ void fill(T *p) { p[threadIdx.x] = T(test()); }

int run(int *d) {
  test();
  test<int>();
  fill<<<1, 32>>>(d);
  return test() ? 0 : 1;
}
