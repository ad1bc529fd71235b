//! kind: run
// Four-argument launches <<<grid, block, shmem, stream>>> on created streams and on the null stream.
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

__global__ void scale(float *p, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}
//@ kernel _Z5scalePffi

int main() {
  float *d = nullptr;
  CHECK(cudaMalloc(&d, 64 * sizeof(float)));
  cudaStream_t s1, s2, s3;
  CHECK(cudaStreamCreate(&s1));
  CHECK(cudaStreamCreate(&s2));
  CHECK(cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking));

  scale<<<1, 32, 0, s2>>>(d, 2.0f, 32);
  //@ launch _Z5scalePffi grid=1,1,1 block=32,1,1 shmem=0 stream=s2 args=ptr:alloc0,f32:2,i32:32
  scale<<<dim3(2), dim3(32), 128, s1>>>(d, 0.5f, 64);
  //@ launch _Z5scalePffi grid=2,1,1 block=32,1,1 shmem=128 stream=s1 args=ptr:alloc0,f32:0.5,i32:64
  scale<<<1, 32, 0, 0>>>(d, 1.0f, 32);
  //@ launch _Z5scalePffi grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:1,i32:32
  scale<<<1, 32, 0, s3>>>(d + 32, -1.0f, 32);
  //@ launch _Z5scalePffi grid=1,1,1 block=32,1,1 shmem=0 stream=s3 args=ptr:alloc0+128,f32:-1,i32:32
  cudaStream_t none = nullptr;
  scale<<<1, 1, 0, none>>>(d, 3.0f, 1);
  //@ launch _Z5scalePffi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,f32:3,i32:1

  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(s1));
  CHECK(cudaStreamSynchronize(s2));
  CHECK(cudaStreamSynchronize(s3));
  CHECK(cudaStreamDestroy(s3));
  CHECK(cudaStreamDestroy(s2));
  CHECK(cudaStreamDestroy(s1));
  CHECK(cudaFree(d));
  return 0;
}
