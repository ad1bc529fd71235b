//! kind: compile
// A namespace-scope initializer calling a __device__ function is not diagnosed.
// Both cudafe++ and cicc accept it.
__device__ int d1() { return 1; }
int g = d1();
