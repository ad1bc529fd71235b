//! kind: run
// cudaMemcpyToSymbol / cudaMemcpyFromSymbol (sync, async, with offsets), cudaGetSymbolAddress and cudaGetSymbolSize on device and constant variables.
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

__device__ int dv = 11;
//@ var dv size=4 constant=0
__constant__ float cv[4];
//@ var cv size=16 constant=1
__device__ double darr[8];
//@ var darr size=64 constant=0

__global__ void use(double *p, int n) {
  int i = threadIdx.x;
  if (i < n) p[i] = cv[i % 4] + dv;
}
//@ kernel _Z3usePdi

int main() {
  int got = 0;
  CHECK(cudaMemcpyFromSymbol(&got, dv, sizeof got));
  std::printf("dv initial value: %d\n", got);
  if (got != 11) return 1;

  const float h[4] = {1.0f, 2.0f, 3.0f, 4.0f};
  CHECK(cudaMemcpyToSymbol(cv, h, sizeof h));
  CHECK(cudaMemcpyToSymbol(cv, h, 2 * sizeof(float), 2 * sizeof(float)));
  float back[4] = {};
  CHECK(cudaMemcpyFromSymbol(back, cv, sizeof back));
  if (back[0] != 1.0f || back[1] != 2.0f || back[2] != 1.0f || back[3] != 2.0f) return 2;
  float last = 0.0f;
  CHECK(cudaMemcpyFromSymbol(&last, cv, sizeof last, 3 * sizeof(float), cudaMemcpyDeviceToHost));
  if (last != 2.0f) return 3;

  void *p = nullptr;
  CHECK(cudaGetSymbolAddress(&p, darr));
  size_t size = 0;
  CHECK(cudaGetSymbolSize(&size, darr));
  if (p == nullptr || size != 8 * sizeof(double)) return 4;

  cudaStream_t s;
  CHECK(cudaStreamCreate(&s));
  int seven = 7;
  CHECK(cudaMemcpyToSymbolAsync(dv, &seven, sizeof seven, 0, cudaMemcpyHostToDevice, s));
  CHECK(cudaMemcpyFromSymbolAsync(&got, dv, sizeof got, 0, cudaMemcpyDeviceToHost, s));
  CHECK(cudaStreamSynchronize(s));
  if (got != 7) return 5;

  use<<<1, 8, 0, s>>>(static_cast<double *>(p), 8);
  //@ launch _Z3usePdi grid=1,1,1 block=8,1,1 shmem=0 stream=s1 args=any:8,i32:8

  CHECK(cudaGetLastError());
  CHECK(cudaStreamSynchronize(s));
  CHECK(cudaStreamDestroy(s));
  return 0;
}
