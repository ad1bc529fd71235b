//! kind: fail
// A __shared__ variable cannot have an initializer, at namespace scope or in a kernel.
// The real message ends with a space (the template is "initializer not allowed for %s variable %s2"
// with an empty %s2); the annotations below keep that trailing space.
__shared__ int a = 3;                 //~ error: initializer not allowed for __shared__ variable 
__global__ void k() {
  __shared__ int b = 4;               //~ error: initializer not allowed for __shared__ variable 
  __shared__ int c{};                 //~ error: initializer not allowed for __shared__ variable 
}
