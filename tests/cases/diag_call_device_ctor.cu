//! kind: fail
// Calling __device__ constructors and destructors from host code.
// The destructor call is reported before the constructor call on the same line.
struct A {
  __device__ A() {}
  __device__ ~A() {}
};
void mk() {
  A a;
  //~^ error: calling a __device__ function("A::~A()") from a __host__ function("mk") is not allowed
  //~^^ error: calling a __device__ function("A::A()") from a __host__ function("mk") is not allowed
}
struct P {
  __device__ P(int) {}
};
// After the first error a callee with parameters is printed in mangled form
// (see diag_call_device_name_after_error.cu).
void mk2() { P p(1); }
//~^ error: calling a __device__ function("_ZN1PC1E1?") from a __host__ function("mk2") is not allowed
