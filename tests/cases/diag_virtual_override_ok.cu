//! kind: compile
// Same-space overrides, and an implicit destructor over a __device__ one, are accepted.
// The implicitly declared destructor is implicitly __host__ __device__.
struct B {
  virtual int h() { return 1; }
  __device__ virtual int d() { return 2; }
  __host__ __device__ virtual int hd() { return 3; }
  __device__ virtual ~B() {}
};
struct D : B {
  __host__ int h() override { return 4; }
  __device__ int d() override { return 5; }
  __host__ __device__ int hd() override { return 6; }
};
__device__ int use() { D x; return x.d() + x.hd(); }
