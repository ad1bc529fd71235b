//! kind: fail
// Overriding a __host__ __device__ virtual function with a __host__ or a __device__ one.
struct B {
  __host__ __device__ virtual void f();
  __host__ __device__ virtual void g();
};
struct D : B {
  void f() override;
  //~^ error: execution space mismatch: overridden entity (function "B::f") is a __host__ __device__ function, but overriding entity (function "D::f") is a __host__ function
  __device__ void g() override;
  //~^ error: execution space mismatch: overridden entity (function "B::g") is a __host__ __device__ function, but overriding entity (function "D::g") is a __device__ function
};
