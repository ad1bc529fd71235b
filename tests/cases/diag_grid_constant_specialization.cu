//! kind: fail
// Specializations and instantiation directives must match the template's __grid_constant__.
struct P { int v[4]; };
template <typename T> __global__ void k(const __grid_constant__ T x) {}
template <> __global__ void k<P>(const P x) {}
//~^ error: incompatible __grid_constant__ annotation for parameter x in function specialization (see previous declaration at line 4)
template <typename T> __global__ void k2(const T x) {}
template __global__ void k2<P>(const __grid_constant__ P x);
//~^ error: incompatible __grid_constant__ annotation for parameter x in instantiation directive (see previous declaration at line 7)
