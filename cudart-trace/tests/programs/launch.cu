// Launch paths and configurations: dim3 grids, dynamic shared memory, streams, the
// explicit cudaLaunchKernel / cudaLaunchKernelEx / cudaLaunchCooperativeKernel APIs,
// launch attributes, an invalid configuration, host functions, per-kernel queries.
#include <cstdio>
#include <cstring>

static int failures = 0;
#define CHECK(cond)                                  \
  do {                                               \
    if (!(cond)) {                                   \
      printf("FAIL line %d: %s\n", __LINE__, #cond); \
      failures++;                                    \
    }                                                \
  } while (0)

__global__ void k_cfg(int x) {}
__global__ void k_smem(float *out) {
  extern __shared__ float s[];
  s[threadIdx.x] = 1.0f;
  out[threadIdx.x] = s[0];
}
__global__ void k_cluster(int *p, int n) {}
__global__ void k_coop(int v) {}
__global__ void __launch_bounds__(256) k_bounded(double *p, char c, short s) {}

static int host_calls = 0;
static void CUDART_CB host_fn(void *data) { host_calls += *(int *)data; }

int main() {
  int *buf;
  CHECK(cudaMalloc(&buf, 1024) == cudaSuccess);
  printf("buf=%p\n", (void *)buf);

  k_cfg<<<dim3(2, 3, 4), dim3(8, 4, 2)>>>(1);
  k_cfg<<<dim3(2147483647, 65535, 65535), 1024>>>(2);
  k_smem<<<4, 128, 4096>>>((float *)buf);

  cudaStream_t s1, s2;
  CHECK(cudaStreamCreate(&s1) == cudaSuccess);
  CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking) == cudaSuccess);
  k_smem<<<1, 32, 0, s2>>>((float *)buf + 8);
  k_cfg<<<1, 1, 16, s1>>>(3);
  k_cfg<<<1, 1, 0, cudaStreamPerThread>>>(4);
  k_cfg<<<1, 1, 0, cudaStreamLegacy>>>(5);

  int v = 6;
  void *args[] = {&v};
  CHECK(cudaLaunchKernel((const void *)k_cfg, dim3(3), dim3(5), args, 0, s1) == cudaSuccess);

  cudaLaunchConfig_t cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.gridDim = dim3(4, 2, 1);
  cfg.blockDim = dim3(64);
  cfg.dynamicSmemBytes = 256;
  cfg.stream = s2;
  cudaLaunchAttribute at[2];
  memset(at, 0, sizeof at);
  at[0].id = cudaLaunchAttributeClusterDimension;
  at[0].val.clusterDim.x = 2;
  at[0].val.clusterDim.y = 1;
  at[0].val.clusterDim.z = 1;
  at[1].id = cudaLaunchAttributePriority;
  at[1].val.priority = -1;
  cfg.attrs = at;
  cfg.numAttrs = 1;
  CHECK(cudaLaunchKernelEx(&cfg, k_cluster, buf, 7) == cudaSuccess);
  cfg.numAttrs = 2;
  CHECK(cudaLaunchKernelEx(&cfg, k_cluster, buf + 1, 8) == cudaSuccess);

  int cv = 9;
  void *cargs[] = {&cv};
  CHECK(cudaLaunchCooperativeKernel((const void *)k_coop, dim3(2), dim3(32), cargs, 0, 0) ==
        cudaSuccess);

  k_bounded<<<1, 256>>>((double *)buf, 'b', -1);

  // An invalid configuration fails the launch; the error is sticky until read.
  k_cfg<<<1, 2048>>>(10);
  CHECK(cudaPeekAtLastError() == cudaErrorInvalidConfiguration);
  CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);
  CHECK(cudaGetLastError() == cudaSuccess);
  k_cfg<<<dim3(0, 1, 1), 1>>>(11);
  CHECK(cudaGetLastError() == cudaErrorInvalidConfiguration);

  // Host functions run when enqueued.
  int inc = 5;
  CHECK(cudaLaunchHostFunc(s1, host_fn, &inc) == cudaSuccess);
  CHECK(host_calls == 5);

  // Per-kernel queries.
  cudaFuncAttributes fa;
  CHECK(cudaFuncGetAttributes(&fa, k_bounded) == cudaSuccess);
  CHECK(fa.maxThreadsPerBlock <= 256);
  CHECK(fa.binaryVersion == 90);
  size_t off = 0, size = 0;
  CHECK(cudaFuncGetParamInfo((const void *)k_bounded, 1, &off, &size) == cudaSuccess);
  CHECK(off == 8 && size == 1);
  CHECK(cudaFuncGetParamInfo((const void *)k_bounded, 2, &off, &size) == cudaSuccess);
  CHECK(off == 10 && size == 2);
  CHECK(cudaFuncGetParamInfo((const void *)k_bounded, 3, &off, &size) == cudaErrorInvalidValue);
  cudaGetLastError();
  const char *name = nullptr;
  CHECK(cudaFuncGetName(&name, (const void *)k_cfg) == cudaSuccess);
  CHECK(name && strcmp(name, "_Z5k_cfgi") == 0);
  CHECK(cudaFuncSetAttribute((const void *)k_smem, cudaFuncAttributeMaxDynamicSharedMemorySize,
                             100 * 1024) == cudaSuccess);
  CHECK(cudaFuncGetAttributes(&fa, k_smem) == cudaSuccess);
  CHECK(fa.maxDynamicSharedSizeBytes == 100 * 1024);
  int blocks = 0;
  CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, k_cfg, 128, 0) == cudaSuccess);
  CHECK(blocks >= 1 && blocks <= 32);
  int min_grid = 0, block_size = 0;
  CHECK(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block_size, k_cfg) == cudaSuccess);
  CHECK(block_size > 0 && block_size <= 1024);

  CHECK(cudaStreamSynchronize(s1) == cudaSuccess);
  CHECK(cudaStreamQuery(s2) == cudaSuccess);
  CHECK(cudaStreamDestroy(s1) == cudaSuccess);
  CHECK(cudaStreamDestroy(s2) == cudaSuccess);
  CHECK(cudaStreamDestroy(s2) == cudaErrorInvalidResourceHandle);
  cudaGetLastError();
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  if (failures) return 1;
  printf("ALL OK\n");
  return 0;
}
