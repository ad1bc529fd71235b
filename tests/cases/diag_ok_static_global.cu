//! kind: compile
// A static __global__ function is accepted silently and can be launched from the same file.
static __global__ void k(int *p) { *p = 1; }
void h(int *p) { k<<<1, 1>>>(p); }
