//! kind: run
// An anonymous namespace inside a named one, that namespace made visible by a using-directive,
// then an anonymous namespace at global scope (flashinfer's headers and a .cu file using
// them): the host file's using-directive for each anonymous namespace names it from the
// global namespace, or the host compiler finds the plain name ambiguous. (Kernels in the
// global one would make cicc's stub file ambiguous too, with the real cudafe++.)
#include <cuda_runtime.h>

namespace lib {
namespace {
int fill_value() { return 7; }
}  // namespace
__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }
//@ kernel _ZN3lib4fillEPii
inline void run_fill(int *p) { fill<<<1, 8>>>(p, fill_value()); }
}  // namespace lib

using namespace lib;

__global__ void twice(int *p) { p[threadIdx.x] *= 2; }
//@ kernel _Z5twicePi

namespace {
int host_helper() { return 8; }
}  // namespace

int main() {
  int *d = nullptr;
  if (cudaMalloc(&d, 8 * sizeof(int)) != cudaSuccess) return 1;
  run_fill(d);
  //@ launch _ZN3lib4fillEPii grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:7
  twice<<<1, host_helper()>>>(d);
  //@ launch _Z5twicePi grid=1,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  return cudaFree(d) == cudaSuccess ? 0 : 1;
}
