//! kind: fail
// Ordinary EDG syntax error inside a kernel.
__global__ void k(int *p) {
  *p = 1
}                                     //~ error: expected a ";"
