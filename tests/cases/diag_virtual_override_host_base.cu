//! kind: fail
// Overriding a __host__ virtual function with a __device__ or __host__ __device__ one.
// (The wiki shows these as "error #20085-D: ... (Base2::f)"; the real tool prints errors with no
// number and names the entities as (function "B::f").)
struct B {
  virtual void f();
  virtual void g();
};
struct D : B {
  __device__ void f() override;
  //~^ error: execution space mismatch: overridden entity (function "B::f") is a __host__ function, but overriding entity (function "D::f") is a __device__ function
  __host__ __device__ void g() override;
  //~^ error: execution space mismatch: overridden entity (function "B::g") is a __host__ function, but overriding entity (function "D::g") is a __host__ __device__ function
};
