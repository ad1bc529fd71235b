//! kind: fail
// A __global__ function may not have an exception specification, noexcept or throw().
__global__ void k1() noexcept {}      //~ error: An exception specification is not allowed for a __global__ function or function template
__global__ void k2() throw() {}       //~ error: An exception specification is not allowed for a __global__ function or function template
template <typename T> __global__ void k3(T) noexcept(true) {}
//~^ error: An exception specification is not allowed for a __global__ function or function template
