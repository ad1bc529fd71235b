//! kind: run
// Launches written with spaces inside the chevrons, as some formatters leave them
// (`k << <grid, block >> > (args)`, llm.c's dev kernels): `<<` `<` and `>>` `>` are a
// launch's configuration however they are spaced, since no expression begins with `<` or
// `>`; a shift inside the configuration stays a shift.
#include <cuda_runtime.h>
template <typename T> __global__ void scale(T *p, int n) { (void)p; (void)n; }
__global__ void fill(float *p, int n) { (void)p; (void)n; }
int main() {
  float *p;
  cudaMalloc(&p, 256 * sizeof(float));
  int n = 256;
  fill << <1, 32 >> > (p, n);
  fill<< < 2, 64>>>(p, n);
  fill<<<3, 16>> >(p, n);
  scale<float> << < 4, 8 >> > (p, n);
  fill << < (n >> 5), 32 >> > (p, n);
  fill <<<n >> 6, 32 >>> (p, n);
  cudaDeviceSynchronize();
  return 0;
}
//@ kernel _Z4fillPfi
//@ kernel _Z5scaleIfEvPT_i
//@ launch _Z4fillPfi grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:256
//@ launch _Z4fillPfi grid=2,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:256
//@ launch _Z4fillPfi grid=3,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:256
//@ launch _Z5scaleIfEvPT_i grid=4,1,1 block=8,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:256
//@ launch _Z4fillPfi grid=8,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:256
//@ launch _Z4fillPfi grid=4,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:256
