//! kind: fail
// __launch_bounds__, __maxnreg__ and __cluster_dims__ are only allowed on __global__ functions.
// (The wiki gives these as "%s attribute is not allowed on a non-__global__ function" and
// "__maxnreg__ is not allowed on a non-__global__ function"; the real texts are below.)
__launch_bounds__(128) __device__ void d1() {}  //~ error: __launch_bounds__ is only allowed on a __global__ function
__maxnreg__(32) __device__ void d2() {}         //~ error: __maxnreg__ is only allowed on a __global__ function
__cluster_dims__(2, 1, 1) void h3() {}          //~ error: __cluster_dims__ is only allowed on a __global__ function
template <int N> __device__ void __launch_bounds__(N) t4() {}
//~^ error: __launch_bounds__ is only allowed on a __global__ function
struct S {
  // On a member function __launch_bounds__ is reported twice, __maxnreg__ once.
  __launch_bounds__(128) void m();
  //~^ error: __launch_bounds__ is only allowed on a non-member function
  //~^^ error: __launch_bounds__ is only allowed on a __global__ function
  __maxnreg__(32) void n();                     //~ error: __maxnreg__ is only allowed on a __global__ function
};
