//! kind: compile
// An execution-space annotation on a non-virtual member function explicitly defaulted where
// the class declares it is ignored, with a warning for each annotation in the order written
// (#20012, the function named without its class); a virtual one (declared so, or overriding
// a virtual function) keeps them, and so does a function declared first and defaulted later.
template <class T> struct S { __host__ __device__ S() = default; T t; };
//~^ warning #20012-D: __host__ annotation is ignored on a non-virtual function("S") that is explicitly defaulted on its first declaration
//~^^ warning #20012-D: __device__ annotation is ignored on a non-virtual function("S") that is explicitly defaulted on its first declaration
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
struct V { __host__ __device__ virtual ~V(); };
struct W : V { __host__ __device__ ~W() = default; };
struct X {
  __device__ X &operator=(const X &) = default;
  //~^ warning #20012-D: __device__ annotation is ignored on a non-virtual function("operator=") that is explicitly defaulted on its first declaration
  __host__ ~X() = default;
  //~^ warning #20012-D: __host__ annotation is ignored on a non-virtual function("~X") that is explicitly defaulted on its first declaration
};
struct Y { Y(); };
__host__ __device__ Y::Y() = default;
struct Z {
  __device__ __host__ __forceinline__ Z(Z &&) = default;
  //~^ warning #20012-D: __device__ annotation is ignored on a non-virtual function("Z") that is explicitly defaulted on its first declaration
  //~^^ warning #20012-D: __host__ annotation is ignored on a non-virtual function("Z") that is explicitly defaulted on its first declaration
  __host__ __device__ virtual ~Z() = default;
};
namespace n {
struct Q { __host__ __device__ constexpr Q() = default; };
//~^ warning #20012-D: __host__ annotation is ignored on a non-virtual function("Q") that is explicitly defaulted on its first declaration
//~^^ warning #20012-D: __device__ annotation is ignored on a non-virtual function("Q") that is explicitly defaulted on its first declaration
}
// Ignored, __global__ does not make the constructor a kernel (no error).
struct G { __global__ G() = default; };
//~^ warning #20012-D: __global__ annotation is ignored on a non-virtual function("G") that is explicitly defaulted on its first declaration
S<int> s;
__device__ int use_q() { n::Q q; return sizeof(q) + sizeof(Z); }
