//! kind: fail
// A __global__ function may not be variadic in the C sense.
__global__ void k(int n, ...) {}      //~ error: a __global__ function cannot have ellipsis
