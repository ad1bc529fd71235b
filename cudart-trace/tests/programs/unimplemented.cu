// Calls an entry point cudart-trace does not implement.
#include <cstdio>
__global__ void k(int x) {}
int main() {
  k<<<1, 1>>>(1);
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  printf("not reached\n");
  return 0;
}
