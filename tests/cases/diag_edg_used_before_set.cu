//! kind: compile
// Ordinary EDG warning in host and device code: reading an uninitialised local.
// (cicc prints both warnings again, so nvcc shows each twice.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
int h() {
  int x;
  return x;                           //~ warning #549-D: variable "x" is used before its value is set
}
__global__ void k(int *p) {
  int y;
  *p = y;                             //~ warning #549-D: variable "y" is used before its value is set
}
