//! kind: fail
// Overriding a __device__ virtual function with a __host__ (explicit or implicit) or __host__ __device__ one.
struct B {
  __device__ virtual void f();
  __device__ virtual void g();
  __device__ virtual void h();
};
struct D : B {
  void f() override;
  //~^ error: execution space mismatch: overridden entity (function "B::f") is a __device__ function, but overriding entity (function "D::f") is a __host__ function
  __host__ void g() override;
  //~^ error: execution space mismatch: overridden entity (function "B::g") is a __device__ function, but overriding entity (function "D::g") is a __host__ function
  __host__ __device__ void h() override;
  //~^ error: execution space mismatch: overridden entity (function "B::h") is a __device__ function, but overriding entity (function "D::h") is a __host__ __device__ function
};
