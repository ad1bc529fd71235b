//! kind: fail
// A redeclaration must repeat each parameter's __grid_constant__ annotation exactly.
// Adding it later is as wrong as dropping it.
struct P { int v[4]; };
__global__ void k(const __grid_constant__ P x);
__global__ void k(const P x) {}
//~^ error: incompatible __grid_constant__ annotation for parameter x in function redeclaration (see previous declaration at line 5)
__global__ void k2(const P y);
__global__ void k2(const __grid_constant__ P y) {}
//~^ error: incompatible __grid_constant__ annotation for parameter y in function redeclaration (see previous declaration at line 8)
template <typename T> __global__ void t(const __grid_constant__ T z);
template <typename T> __global__ void t(const T z) {}
//~^ error: incompatible __grid_constant__ annotation for parameter z in function template redeclaration (see previous declaration at line 11)
