// -rdc=true, first translation unit: uses a device function and a variable defined in
// rdc_lib.cu, and launches that unit's kernel through a host function there.
#include <cstdio>
extern __device__ int shared_counter;
__device__ int helper(int x);
__global__ void k_main(int *p, int n) { p[0] = helper(n) + shared_counter; }
int launch_lib(int *p);
int main() {
  int *p;
  if (cudaMalloc(&p, 64) != cudaSuccess) return 1;
  k_main<<<1, 1>>>(p, 5);
  launch_lib(p);
  int c = 0;
  if (cudaMemcpyFromSymbol(&c, shared_counter, sizeof c) != cudaSuccess || c != 11) {
    printf("FAIL shared_counter=%d\n", c);
    return 1;
  }
  printf("ALL OK\n");
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
