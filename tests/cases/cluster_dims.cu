//! kind: run
// Kernels with compile-time __cluster_dims__ (1-D and 2-D clusters) using cluster cooperative groups, launched with <<<>>>.
#include <cstdio>
#include <cooperative_groups.h>
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

namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) pair_kernel(int *p) {
  cg::cluster_group cluster = cg::this_cluster();
  __shared__ int rank;
  if (threadIdx.x == 0) rank = (int)cluster.block_rank();
  cluster.sync();
  int *peer = cluster.map_shared_rank(&rank, (rank + 1) % 2);
  p[blockIdx.x * blockDim.x + threadIdx.x] = *peer;
  cluster.sync();
}
//@ kernel _Z11pair_kernelPi

__global__ void __cluster_dims__(2, 2, 1) quad(float *p) {
  cg::cluster_group cluster = cg::this_cluster();
  p[blockIdx.y * gridDim.x + blockIdx.x] = (float)cluster.num_blocks();
}
//@ kernel _Z4quadPf

int main() {
  int *ip = nullptr;
  float *fp = nullptr;
  CHECK(cudaMalloc(&ip, 8 * 64 * sizeof(int)));
  CHECK(cudaMalloc(&fp, 16 * sizeof(float)));

  pair_kernel<<<8, 64>>>(ip);
  //@ launch _Z11pair_kernelPi grid=8,1,1 block=64,1,1 shmem=0 stream=0 args=ptr:alloc0
  quad<<<dim3(4, 4), 32>>>(fp);
  //@ launch _Z4quadPf grid=4,4,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc1

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(fp));
  CHECK(cudaFree(ip));
  return 0;
}
