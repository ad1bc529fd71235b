struct S { char c; double d; short s; };
__device__ int counter = 42;
__constant__ float table[3] = {0.5f, 1.5f, -2.0f};
__global__ void k_small(int a, S s, char *p, char c) { p[a] = c + s.c + (char)counter + (char)table[1]; }
__global__ void k_none() {}
