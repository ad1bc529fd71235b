//! kind: fail
// A class, union or class template of a namespace defined twice (two versions of a
// header included together, as with llm.c's Packed128): the later definition is an error
// that points at the first (a class template's, at its `template`). Specializations, classes
// declared before they are defined, and local classes of other functions are other classes.
struct Packed {
  int x;
};
struct Packed { //~ error: class "Packed" has already been defined (previous definition at line 6)
  int y;
};
template <class T>
struct alignas(16) Packed128 {
  T payload[16 / sizeof(T)];
};
template <class T>
struct alignas(16) Packed128 { //~ error: class template "Packed128" has already been defined (previous definition at line 12)
  T values[16 / sizeof(T)];
};
template <>
struct Packed128<char> {
  char bytes[16];
};
template <class T>
struct Packed128<T *> {
  T *pointer;
};
union Bits {
  int i;
};
union Bits { //~ error: union "Bits" has already been defined (previous definition at line 28)
  float f;
};
namespace ops {
template <class T, int N>
class Vec {};
} // namespace ops
namespace ops {
template <class U, int M>
class Vec { //~ error: class template "ops::Vec" has already been defined (previous definition at line 35)
  int z;
};
} // namespace ops
namespace {
struct Local {};
} // namespace
namespace {
struct Local { //~ error: class "<unnamed>::Local" has already been defined (previous definition at line 45)
  int q;
};
} // namespace
struct Declared;
struct Declared {
  int a;
};
void f() {
  struct Inner {};
}
void g() {
  struct Inner {};
}
