//! kind: run
// __managed__ variables (scalar, array, struct, namespaced, static): registered, and read and written directly by host code.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                       \
  do {                                                                    \
    cudaError_t err_ = (call);                                            \
    if (err_ != cudaSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,             \
                   cudaGetErrorString(err_));                             \
      return 1;                                                           \
    }                                                                     \
  } while (0)

struct Pt {  // x@0 y@4, size 8
  int x;
  float y;
};

__managed__ int m = 3;
//@ managed m size=4
__managed__ float arr[4] = {1.0f, 2.0f, 3.0f, 4.0f};
//@ managed arr size=16
__managed__ Pt pt = {7, 0.5f};
//@ managed pt size=8
namespace ns {
__managed__ long long big = 1LL << 40;
//@ managed _ZN2ns3bigE size=8
}  // namespace ns
static __managed__ int sm = 9;
//@ managed sm size=4

__global__ void bump(int by, float extra) {
  m += by;
  arr[threadIdx.x % 4] += extra;
  pt.x += 1;
  ns::big -= by;
  sm *= 2;
}
//@ kernel _Z4bumpif

int main() {
  // Initial values are visible to the host before any kernel runs.
  std::printf("m=%d arr=%g,%g,%g,%g pt=%d,%g big=%lld sm=%d\n", m, arr[0], arr[1], arr[2], arr[3],
              pt.x, pt.y, ns::big, sm);
  if (m != 3) return 1;
  if (arr[0] != 1.0f || arr[1] != 2.0f || arr[2] != 3.0f || arr[3] != 4.0f) return 2;
  if (pt.x != 7 || pt.y != 0.5f) return 3;
  if (ns::big != (1LL << 40)) return 4;
  if (sm != 9) return 5;

  // Host writes are visible to the host.
  m = 10;
  arr[2] += 1.0f;
  pt.y = -1.0f;
  if (m != 10 || arr[2] != 4.0f || pt.y != -1.0f) return 6;

  bump<<<1, 4>>>(m, arr[2]);
  //@ launch _Z4bumpif grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=i32:10,f32:4
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  return 0;
}
