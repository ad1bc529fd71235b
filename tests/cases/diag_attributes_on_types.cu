//! kind: compile
//! nvcc: -arch=sm_90
// CUDA's annotations, and the GNU attributes only functions and variables take, do not
// apply to a class or an enumeration (#1835, a warning; the attribute is ignored): in the
// head of a class, union, enumeration or class template definition, and after the body of
// a class that no declarator follows, where CUDA's apply to nothing (#1866). The
// attributes of types (`__align__`, `packed`, `aligned`) are taken.
struct __cluster_dims__(2, 1, 1) Tile {}; //~ warning #1835-D: attribute "__cluster_dims__" does not apply here
struct __launch_bounds__(64) Bounded {}; //~ warning #1835-D: attribute "__launch_bounds__" does not apply here
struct __device__ DeviceType { //~ warning #1835-D: attribute "__device__" does not apply here
  int x;
};
union __host__ Bits { //~ warning #1835-D: attribute "__host__" does not apply here
  int i;
  float f;
};
enum class __device__ Mode { a, b }; //~ warning #1835-D: attribute "__device__" does not apply here
template <class T>
struct __global__ Holder { //~ warning #1835-D: attribute "__global__" does not apply here
  T value;
};
struct __align__(16) __maxnreg__(32) Aligned { //~ warning #1835-D: attribute "__maxnreg__" does not apply here
  float v[4];
};
struct __attribute__((noinline)) NotInlined {}; //~ warning #1835-D: attribute "noinline" does not apply here
struct __noinline__ NotInlinedKeyword {}; //~ warning #1835-D: attribute "noinline" does not apply here
struct __attribute__((always_inline, used)) Both {}; //~ warning #1835-D: attribute "always_inline" does not apply here
//~^ warning #1835-D: attribute "used" does not apply here
struct Outer {
  struct __shared__ Inner { //~ warning #1835-D: attribute "__shared__" does not apply here
    int y;
  };
};
struct Packed {
  int x;
  char c;
} __attribute__((packed));
struct AlignedAfter {
  int x;
} __attribute__((aligned(16)));
struct DeviceAfter {
  int x;
} __attribute__((device)); //~ warning #1866-D: attribute does not apply to any entity
struct ConstAfter {
  int x;
} __attribute__((const)); //~ warning #1835-D: attribute "const" does not apply here
// In an elaborated type specifier too: the attribute is the class's, not the variable's.
struct __device__ Declared; //~ warning #1835-D: attribute "__device__" does not apply here
struct __device__ Declared *declared_ptr; //~ warning #1835-D: attribute "__device__" does not apply here
// After a body that a declarator follows, the attribute is the variable's.
struct Counter {
  int n;
} __attribute__((device)) counter;
__global__ void use(DeviceType *d, Aligned *a) {
  d->x = sizeof(Packed) + alignof(Aligned) + counter.n;
  a->v[0] = 1.0f;
}
int host_side() { return declared_ptr != nullptr; }
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
