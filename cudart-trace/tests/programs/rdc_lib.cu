// -rdc=true, second translation unit.
__device__ int shared_counter = 11;
__device__ int helper(int x) { return x * 2; }
__global__ void k_lib(int *p, double d) { p[1] = helper((int)d); }
int launch_lib(int *p) {
  k_lib<<<2, 2>>>(p + 2, 2.5);
  return 0;
}
