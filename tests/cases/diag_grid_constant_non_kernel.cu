//! kind: fail
// __grid_constant__ is only allowed on a parameter of a __global__ function.
struct P { int v[4]; };
__device__ void d(const __grid_constant__ P p) {}   //~ error: __grid_constant__ annotation is only allowed on a parameter of a __global__ function
void h(const __grid_constant__ P p) {}              //~ error: __grid_constant__ annotation is only allowed on a parameter of a __global__ function
__global__ void ok(const __grid_constant__ P p) {}
