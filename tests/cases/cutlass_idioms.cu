//! kind: run
// Idioms of CUTLASS's headers that a front end must take as cudafe++ does, silently:
// - a namespace named like a function a using-directive brings in (`layout::` after
//   `using namespace cute;`, where cute has a function `layout`): before `::` only
//   namespaces and types count;
// - `case A: return x; break;` in a switch with a default: the break cannot be reached, so
//   the function cannot reach its end (no #940);
// - `stream >> tmp` on an uninitialized local: the operator takes it by reference (no #549);
// - a member function named like the enclosing class's member type it returns
//   (`static Layout Layout();` in a nested class): the host compiler must accept the
//   host file.
#include <cstdio>
#include <sstream>
#include <cuda_runtime.h>

namespace cute {
template <class T>
__host__ __device__ int layout(T const& t) { return sizeof(t); }
}  // namespace cute

namespace lib {
namespace layout {
struct NoPermute { int v = 3; };
struct RowMajor { int stride = 1; static RowMajor packed(int s) { RowMajor r; r.stride = s; return r; } };
}  // namespace layout

namespace kernel {
using namespace cute;
template <typename Permute = layout::NoPermute>
struct Gemm {
  using Layout = layout::RowMajor;
  struct SharedStorage {
    static Layout Layout() { return Gemm::Layout::packed(4); }
  };
  int permute() const { return Permute{}.v; }
};
}  // namespace kernel

enum class Order { AlongM, AlongN, Heuristic };

inline Order pick(Order o, int m, int n) {
  if (o == Order::Heuristic) {
    if (n > m) {
      return Order::AlongM;
    } else {
      return Order::AlongN;
    }
  } else {
    switch (o) {
      case Order::AlongN:
        return Order::AlongN;
        break;
      default:
        return Order::AlongM;
    }
  }
}

inline float parse(std::istream& stream) {
  float tmp;
  stream >> tmp;
  return tmp;
}
}  // namespace lib

__global__ void use(int* out) { out[0] = cute::layout(out[0]); }
//@ kernel _Z3usePi

int main() {
  lib::kernel::Gemm<> g;
  std::istringstream in("2.5");
  int* d = nullptr;
  if (cudaMalloc(&d, sizeof(int)) != cudaSuccess) return 1;
  use<<<1, 1>>>(d);
  //@ launch _Z3usePi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  if (cudaDeviceSynchronize() != cudaSuccess) return 1;
  cudaFree(d);
  std::printf("%d %d %d %g\n", g.permute(), lib::kernel::Gemm<>::SharedStorage::Layout().stride,
              (int)lib::pick(lib::Order::AlongN, 1, 2), lib::parse(in));
  return 0;
}
