//! kind: run
// A kernel template instantiated with a struct, a scoped enum, a namespaced struct and a class template specialization.
#include <cstdio>
#include <cstring>
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

struct Pair {  // a@0 b@4, size 8
  int a;
  float b;
};
enum class Mode : short { Fast = 3, Slow = 7 };
namespace geo {
struct Vec3 {  // size 12
  float x, y, z;
};
}  // namespace geo
template <typename T>
struct Box {
  T v;
};

template <typename T>
__global__ void store(T *out, T v) { *out = v; }
//@ kernel _Z5storeI4PairEvPT_S1_
//@ kernel _Z5storeI4ModeEvPT_S1_
//@ kernel _Z5storeIN3geo4Vec3EEvPT_S2_
//@ kernel _Z5storeI3BoxIiEEvPT_S2_

int main() {
  Pair *pp = nullptr;
  Mode *mp = nullptr;
  geo::Vec3 *vp = nullptr;
  Box<int> *bp = nullptr;
  CHECK(cudaMalloc(&pp, sizeof(Pair)));
  CHECK(cudaMalloc(&mp, sizeof(Mode)));
  CHECK(cudaMalloc(&vp, sizeof(geo::Vec3)));
  CHECK(cudaMalloc(&bp, sizeof(Box<int>)));

  store<<<1, 1>>>(pp, Pair{5, 1.5f});
  //@ launch _Z5storeI4PairEvPT_S1_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:05000000_0000c03f
  store<Mode><<<1, 1>>>(mp, Mode::Slow);
  //@ launch _Z5storeI4ModeEvPT_S1_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc1,i16:7
  store<<<1, 1>>>(vp, geo::Vec3{1.0f, 2.0f, 3.0f});
  //@ launch _Z5storeIN3geo4Vec3EEvPT_S2_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc2,hex:0000803f_00000040_00004040
  store<Box<int>><<<1, 1>>>(bp, Box<int>{-2});
  //@ launch _Z5storeI3BoxIiEEvPT_S2_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc3,hex:feffffff

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(bp));
  CHECK(cudaFree(vp));
  CHECK(cudaFree(mp));
  CHECK(cudaFree(pp));
  return 0;
}
