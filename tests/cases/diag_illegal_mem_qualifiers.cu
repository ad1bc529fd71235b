//! kind: fail
// Conflicting execution/memory space qualifiers in one declaration.
__host__ __global__ void k1() {}      //~ error: illegal combination of memory qualifiers
__device__ __global__ void k2() {}    //~ error: illegal combination of memory qualifiers
__shared__ __constant__ int sc;       //~ error: illegal combination of memory qualifiers
