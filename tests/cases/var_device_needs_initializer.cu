//! kind: run
// Device variables whose host shadow must keep its initializer to compile: references,
// const pointers, `auto` (the shadow's type comes from it) and arrays of unknown bound.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int arr[3] = {1, 2, 3};
__device__ int &r = arr[0];
__device__ const int &cr = arr[1];
__device__ int *const cp = nullptr;
__device__ int *const cp2 = arr;
__device__ int (&ra)[3] = arr;
__device__ auto a = 3;
__device__ auto ap = &arr[1];
__device__ const auto ca = 2.5;
__constant__ int carr[] = {4, 5, 6, 7};
__device__ int plain = 4;

__global__ void read_all(int *out) {
  out[0] = r + cr + (cp == nullptr) + cp2[2] + ra[1] + a + *ap + (int)ca + carr[3] + plain;
}

//@ kernel _Z8read_allPi
//@ var arr size=12 constant=0
//@ var r size=8 constant=0
//@ var cr size=8 constant=0
//@ var cp size=8 constant=0
//@ var cp2 size=8 constant=0
//@ var ra size=8 constant=0
//@ var a size=4 constant=0
//@ var ap size=8 constant=0
//@ var ca size=8 constant=0
//@ var carr size=16 constant=1
//@ var plain size=4 constant=0

int main() {
  int *out = nullptr;
  if (cudaMalloc(&out, sizeof(int)) != cudaSuccess) return 1;
  read_all<<<1, 1>>>(out);
  //@ launch _Z8read_allPi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0
  int host = 0;
  if (cudaMemcpy(&host, out, sizeof(int), cudaMemcpyDeviceToHost) != cudaSuccess) return 1;
  std::printf("sum %d\n", host);
  cudaFree(out);
  return 0;
}
