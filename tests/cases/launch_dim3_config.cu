//! kind: run
// Launch configurations given as dim3 values, dim3 temporaries, braced lists, uint3 and unsigned integers.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                       \
  do {                                                                    \
    cudaError_t err_ = (call);                                            \
    if (err_ != cudaSuccess) {                                            \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,             \
                   cudaGetErrorString(err_));                             \
      return 1;                                                           \
    }                                                                     \
  } while (0)

__global__ void fill2d(float *out, int w, int h, float v) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[y * w + x] = v + threadIdx.z;
}
//@ kernel _Z6fill2dPfiif

static dim3 grid_for(int w, int h, dim3 block) {
  return dim3((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
}

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 64 * 24 * sizeof(float)));

  dim3 grid(4, 3);
  dim3 block(16, 8, 2);
  fill2d<<<grid, block>>>(d, 64, 24, 0.5f);
  //@ launch _Z6fill2dPfiif grid=4,3,1 block=16,8,2 shmem=0 stream=0 args=ptr:alloc0,i32:64,i32:24,f32:0.5
  fill2d<<<dim3(2, 2, 2), 64>>>(d, 8, 8, -1.25f);
  //@ launch _Z6fill2dPfiif grid=2,2,2 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:8,i32:8,f32:-1.25
  fill2d<<<7, dim3(32, 4)>>>(d, 7, 1, 3.0f);
  //@ launch _Z6fill2dPfiif grid=7,1,1 block=32,4,1 shmem=0 stream=0 args=ptr:alloc0,i32:7,i32:1,f32:3
  const unsigned n = 96;
  fill2d<<<n / 32u, 32u>>>(d, 96, 1, 0.0f);
  //@ launch _Z6fill2dPfiif grid=3,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:96,i32:1,f32:0
  fill2d<<<grid_for(50, 20, dim3(16, 16)), dim3(16, 16)>>>(d, 50, 20, 2.0f);
  //@ launch _Z6fill2dPfiif grid=4,2,1 block=16,16,1 shmem=0 stream=0 args=ptr:alloc0,i32:50,i32:20,f32:2
  fill2d<<<{2, 1, 3}, {8, 8, 1}>>>(d, 16, 8, 1.0f);
  //@ launch _Z6fill2dPfiif grid=2,1,3 block=8,8,1 shmem=0 stream=0 args=ptr:alloc0,i32:16,i32:8,f32:1
  uint3 u = make_uint3(5, 1, 1);
  fill2d<<<u, 128>>>(d, 640, 1, 4.0f);
  //@ launch _Z6fill2dPfiif grid=5,1,1 block=128,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:640,i32:1,f32:4

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}
