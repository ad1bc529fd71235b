//! kind: fail
// A declaration that declares only a class or an enum: attributes before its specifiers
// apply to nothing (#1866 at the last of them; #1847 after a template head with parameters,
// nothing after `template <>`), and a storage class, `inline`, `mutable` or a cv-qualifier
// is wrong there; an anonymous union at namespace scope must be static; `int;` and a
// typedef without a name declare nothing. CUDA's annotations do not apply to a typedef.
__attribute__((aligned(8))) struct R { int idx; float val; };
//~^ warning #1866-D: attribute does not apply to any entity
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__attribute__((aligned(8))) struct R2 { int idx; } r2;
struct __attribute__((aligned(8))) R3 { int i; };
struct R4 { int i; } __attribute__((packed));
__attribute__((unused)) __attribute__((aligned(8))) struct A3 { int i; };
//~^ warning #1866-D: attribute does not apply to any entity
[[maybe_unused]] [[deprecated]] struct A4 { int i; };
//~^ warning #1866-D: attribute does not apply to any entity
__attribute__((packed, aligned(16))) struct A1 { int i; };
//~^ warning #1866-D: attribute does not apply to any entity
__attribute__((unused)) enum E { e1 };
//~^ warning #1866-D: attribute does not apply to any entity
struct Fwd;
__attribute__((aligned(8))) struct Fwd;
//~^ warning #1866-D: attribute does not apply to any entity
__align__(8) struct R6 { int i; };
//~^ warning #1866-D: attribute does not apply to any entity
__device__ struct R8 { int i; };
//~^ warning #1866-D: attribute does not apply to any entity
typedef __attribute__((aligned(8))) struct { int i; } T7;
template <class T> __attribute__((aligned(8))) struct TR { T i; };
//~^ warning #1847-D: attributes are not allowed here
template <class T> struct __attribute__((aligned(8))) TR2 { T i; };
template <class T> void tf() { __attribute__((aligned(8))) struct L { int i; }; }
//~^ warning #1866-D: attribute does not apply to any entity
template <> __attribute__((aligned(8))) struct TR2<int> { int i; };
struct O {
  __attribute__((aligned(8))) struct I { int i; };
  //~^ warning #1866-D: attribute does not apply to any entity
  static struct N { int i; };
  //~^ error: a storage class may not be specified here
  mutable struct M { int i; };
  //~^ error: mutable is not allowed
  union { int in_class; };
};
void f() {
  __attribute__((aligned(8))) struct L { int i; };
  //~^ warning #1866-D: attribute does not apply to any entity
  static struct L2 { int i; };
  //~^ error: a storage class may not be specified here
  union { int q; };
  q = 1;
}
namespace N {
__attribute__((aligned(8))) struct M { int i; };
//~^ warning #1866-D: attribute does not apply to any entity
union { int u3; };
//~^ error: anonymous union at global or namespace scope must be declared static
static union { int u4; };
}
extern "C" {
__attribute__((aligned(8))) struct C1 { int i; };
//~^ warning #1866-D: attribute does not apply to any entity
}
static struct S1 { int i; };
//~^ error: a storage class may not be specified here
extern struct S2 { int i; };
//~^ error: a storage class may not be specified here
typedef struct S3 { int i; };
//~^ warning #375-D: declaration requires a typedef name
int;
//~^ warning #64-D: declaration does not declare anything
const struct S4 { int i; };
//~^ warning #21-D: type qualifiers are meaningless in this declaration
inline struct S5 { int i; };
//~^ error: inline specifier allowed on function declarations only
__device__ typedef int T1;
//~^ warning #1835-D: attribute "__device__" does not apply here
__constant__ typedef int T4;
//~^ warning #1835-D: attribute "__constant__" does not apply here
__global__ typedef void T6();
//~^ warning #1835-D: attribute "__global__" does not apply here
typedef __managed__ int T7m;
//~^ warning #1835-D: attribute "__managed__" does not apply here
__device__ __host__ typedef int T8;
//~^ warning #1835-D: attribute "__device__" does not apply here
//~^^ warning #1835-D: attribute "__host__" does not apply here
