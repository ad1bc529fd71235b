//! kind: fail
// An undeclared name where a type belongs (a missing include, an undefined macro): `FOO x;`
// is `identifier "FOO" is undefined` and declares `x` (later uses of it are fine); `FOO int x;`
// outside functions is `this declaration has no storage class or type specifier` and then
// `expected a ";"`, in a block `identifier "FOO" is undefined` and then `expected a ";"`.
Half h1; //~ error: identifier "Half" is undefined
Real r1 = 1; //~ error: identifier "Real" is undefined
Vec3 *v1; //~ error: identifier "Vec3" is undefined
const Scalar c1 = 2; //~ error: identifier "Scalar" is undefined
HOSTDEV int twice(int x); //~ error: this declaration has no storage class or type specifier
//~^ error: expected a ";"
struct S {
  Elem e; //~ error: identifier "Elem" is undefined
  int k;
};
namespace N {
INLINE_FN int w; //~ error: this declaration has no storage class or type specifier
//~^ error: expected a ";"
}
void g() {
  Index q; //~ error: identifier "Index" is undefined
  KERNEL_ARG int r; //~ error: identifier "KERNEL_ARG" is undefined
  //~^ error: expected a ";"
}
// With template arguments, outside functions (`texture<...>` references, gone since CUDA
// 12): `texture is not a template`, and the variables are declared with it.
texture<float, 2, cudaReadModeElementType> tex; //~ error: texture is not a template
Grid<int, 3> *cells, origin; //~ error: Grid is not a template
struct Holder {
  Slot<float> slot; //~ error: Slot is not a template
  float get() { return slot; }
};
template <class T> Box<T> boxed(T); //~ error: Box is not a template
void uses_them() {
  Tile<int> t; //~ error: identifier "Tile" is undefined
  //~^ error: type name is not allowed
  //~^^ error: identifier "t" is undefined
  (void)tex; (void)cells; (void)origin;
}
int use() { return h1 + r1; }
// Such a variable's type is EDG's error type, which brings nothing in by argument-dependent
// lookup: an undeclared function called with it is undefined (the texture reference API,
// gone with the references).
void bind_texture(float *p, size_t n) {
  cudaBindTexture(0, tex, p, n); //~ error: identifier "cudaBindTexture" is undefined
  convert_half(h1); //~ error: identifier "convert_half" is undefined
}
__global__ void k(int *p) { *p = 1; }
int main() { g(); return use(); }
