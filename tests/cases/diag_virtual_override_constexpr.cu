//! kind: fail
//! nvcc: -std=c++20 --expt-relaxed-constexpr
// constexpr and __forceinline__ overrides count as __host__ here, even with --expt-relaxed-constexpr.
// The wiki's override matrix says they are implicitly __host__ __device__ and always accepted;
// the real cudafe++ 13.0 rejects them against __device__ and __host__ __device__ bases.
struct B {
  virtual int h() { return 1; }
  __device__ virtual int d() { return 2; }
  __host__ __device__ virtual int hd() { return 3; }
};
struct C : B {
  constexpr int h() override { return 4; }
  constexpr int d() override { return 5; }
  //~^ error: execution space mismatch: overridden entity (function "B::d") is a __device__ function, but overriding entity (function "C::d") is a __host__ function
  constexpr int hd() override { return 6; }
  //~^ error: execution space mismatch: overridden entity (function "B::hd") is a __host__ __device__ function, but overriding entity (function "C::hd") is a __host__ function
};
struct F : B {
  __forceinline__ int h() override { return 7; }
  __forceinline__ int d() override { return 8; }
  //~^ error: execution space mismatch: overridden entity (function "B::d") is a __device__ function, but overriding entity (function "F::d") is a __host__ function
};
