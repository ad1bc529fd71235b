//! kind: compile
// Device variables with internal linkage in a namespace (static, const, constexpr of class
// type, in an anonymous namespace) are registered under names in the unit's internal scope
// (`_ZN<n>_INTERNAL<module id>2ns2svE`), with the `__nv_static_` prefix too under -rdc;
// external ones and internal ones at global scope keep their plain names.
namespace ns {
struct P {
  explicit P() = default;
  int v = 1;
};
__device__ constexpr P pc = P();
static __device__ int sv;
__device__ const int cv = 3;
__device__ int ev;
namespace {
__device__ int av;
}
}  // namespace ns
static __device__ int gsv;
__device__ const int gcv = 4;
__global__ void k(int *p) { *p = ns::sv + ns::cv + gsv + gcv + ns::ev + ns::av + ns::pc.v; }
