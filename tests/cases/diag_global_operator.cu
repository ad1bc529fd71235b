//! kind: fail
// An operator function cannot be __global__.
struct A { int v; };
__global__ void operator+(A, A) {}    //~ error: An operator function cannot be a __global__ function
