//! kind: fail
// Every __cluster_dims__ argument must be a positive integer.
__global__ void __cluster_dims__(0, 1, 1) k1() {}   //~ error: __cluster_dims__ arguments must be positive integers
__global__ void __cluster_dims__(2, -1, 1) k2() {}  //~ error: __cluster_dims__ arguments must be positive integers
__global__ void __cluster_dims__(2, 2, 1) ok() {}
