//! kind: fail
// Ordinary EDG error in host and device code: an undeclared identifier.
int h() { return x; }                 //~ error: identifier "x" is undefined
__global__ void k(int *p) { *p = y; } //~ error: identifier "y" is undefined
