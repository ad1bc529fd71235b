//! kind: fail
// A __global__ function may not have a deduced return type, even one that deduces to void.
__global__ auto k1() {}               //~ error: a __global__ function must not have a deduced return type
__global__ decltype(auto) k2() {}     //~ error: a __global__ function must not have a deduced return type
