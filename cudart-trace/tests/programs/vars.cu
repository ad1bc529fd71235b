// Device, constant and managed variables; symbol copies; the memory, device, event and
// error API.
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

__device__ int dvar = 7;
__device__ float darr[4];
__constant__ float cvar[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__managed__ int mvar = 3;
__managed__ double mdbl[2] = {1.5, -2.5};
namespace ns {
__device__ long long nsvar = -9;
}

__global__ void k_use(int *p, float *f) {
  *p = dvar + (int)cvar[0] + mvar + (int)ns::nsvar;
  *f = darr[1] + (float)mdbl[0];
}

int main() {
  // Initial values come from the device image.
  CHECK(mvar == 3);
  CHECK(mdbl[0] == 1.5 && mdbl[1] == -2.5);
  int h = 0;
  CHECK(cudaMemcpyFromSymbol(&h, dvar, sizeof h) == cudaSuccess);
  CHECK(h == 7);
  float cf[4] = {0, 0, 0, 0};
  CHECK(cudaMemcpyFromSymbol(cf, cvar, sizeof cf) == cudaSuccess);
  CHECK(cf[0] == 1.0f && cf[3] == 4.0f);
  long long nl = 0;
  CHECK(cudaMemcpyFromSymbol(&nl, ns::nsvar, sizeof nl) == cudaSuccess);
  CHECK(nl == -9);
  float z[4] = {9, 9, 9, 9};
  CHECK(cudaMemcpyFromSymbol(z, darr, sizeof z) == cudaSuccess);
  CHECK(z[0] == 0 && z[3] == 0);

  // Writes and offsets.
  int nv = 11;
  CHECK(cudaMemcpyToSymbol(dvar, &nv, sizeof nv) == cudaSuccess);
  CHECK(cudaMemcpyFromSymbol(&h, dvar, sizeof h) == cudaSuccess && h == 11);
  float two[2] = {20.0f, 30.0f};
  CHECK(cudaMemcpyToSymbol(cvar, two, sizeof two, sizeof(float)) == cudaSuccess);
  CHECK(cudaMemcpyFromSymbol(cf, cvar, sizeof cf) == cudaSuccess);
  CHECK(cf[0] == 1.0f && cf[1] == 20.0f && cf[2] == 30.0f && cf[3] == 4.0f);
  CHECK(cudaMemcpyToSymbol(cvar, two, sizeof two, 12) == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  CHECK(cudaMemcpyToSymbol((const void *)&h, two, 4) == cudaErrorInvalidSymbol);
  cudaGetLastError();

  void *dv = nullptr, *da = nullptr;
  size_t sz = 0;
  CHECK(cudaGetSymbolAddress(&dv, dvar) == cudaSuccess);
  CHECK(cudaGetSymbolAddress(&da, darr) == cudaSuccess);
  CHECK(cudaGetSymbolSize(&sz, darr) == cudaSuccess && sz == 16);
  CHECK(cudaGetSymbolSize(&sz, mdbl) == cudaSuccess && sz == 16);
  CHECK(*(int *)dv == 11);
  printf("dvar=%p darr=%p\n", dv, da);
  k_use<<<1, 1>>>((int *)dv, (float *)da + 1);
  mvar = 5;
  CHECK(cudaMemcpyFromSymbol(&h, mvar, sizeof h) == cudaSuccess && h == 5);
  k_use<<<1, 1>>>(&mvar, nullptr);

  // Memory.
  int *d = nullptr, *d2 = nullptr;
  CHECK(cudaMalloc(&d, 64) == cudaSuccess);
  CHECK(cudaMalloc(&d2, 64) == cudaSuccess);
  CHECK(cudaMemset(d, 0xab, 64) == cudaSuccess);
  int hh[16];
  CHECK(cudaMemcpy(hh, d, 64, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(hh[0] == (int)0xabababab && hh[15] == (int)0xabababab);
  for (int i = 0; i < 16; i++) hh[i] = i;
  CHECK(cudaMemcpy(d, hh, 64, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpy(d2, d, 64, cudaMemcpyDeviceToDevice) == cudaSuccess);
  memset(hh, 0, sizeof hh);
  CHECK(cudaMemcpy(hh, d2, 64, cudaMemcpyDefault) == cudaSuccess && hh[9] == 9);
  CHECK(cudaMemcpy(hh, d2, 65, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
  CHECK(cudaMemcpy(hh, hh + 1, 4, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
  CHECK(cudaMemcpy(hh, d2, 4, (cudaMemcpyKind)7) == cudaErrorInvalidMemcpyDirection);
  cudaGetLastError();
  CHECK(cudaMemcpyToSymbol(darr, d, 16, 0, cudaMemcpyDeviceToDevice) == cudaSuccess);
  CHECK(cudaMemcpyFromSymbol(z, darr, 16) == cudaSuccess);
  CHECK(memcmp(z, hh, 16) == 0);
  CHECK(cudaMemsetAsync(d2, 0, 64, 0) == cudaSuccess);
  CHECK(cudaMemcpyAsync(hh, d2, 64, cudaMemcpyDeviceToHost, 0) == cudaSuccess && hh[9] == 0);

  size_t pitch = 0;
  char *p2 = nullptr;
  CHECK(cudaMallocPitch((void **)&p2, &pitch, 100, 4) == cudaSuccess && pitch >= 100);
  char src[4][100];
  memset(src, 'x', sizeof src);
  CHECK(cudaMemcpy2D(p2, pitch, src, 100, 100, 4, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(p2[3 * pitch + 99] == 'x');
  CHECK(cudaMemset2D(p2, pitch, 'y', 50, 4) == cudaSuccess && p2[3 * pitch + 49] == 'y');

  cudaPointerAttributes pa;
  CHECK(cudaPointerGetAttributes(&pa, d) == cudaSuccess && pa.type == cudaMemoryTypeDevice);
  int *mm = nullptr;
  CHECK(cudaMallocManaged(&mm, 8) == cudaSuccess);
  mm[1] = 4;
  CHECK(cudaPointerGetAttributes(&pa, mm) == cudaSuccess && pa.type == cudaMemoryTypeManaged);
  void *ph = nullptr;
  CHECK(cudaHostAlloc(&ph, 32, cudaHostAllocDefault) == cudaSuccess);
  CHECK(cudaPointerGetAttributes(&pa, ph) == cudaSuccess && pa.type == cudaMemoryTypeHost);
  CHECK(cudaFreeHost(ph) == cudaSuccess);
  CHECK(cudaFree(d) == cudaSuccess);
  CHECK(cudaFree(d) == cudaErrorInvalidValue);
  CHECK(cudaFree(nullptr) == cudaSuccess);
  cudaGetLastError();
  size_t free_b = 0, total_b = 0;
  CHECK(cudaMemGetInfo(&free_b, &total_b) == cudaSuccess && free_b <= total_b && total_b > 0);

  // Device.
  int n = 0, dev = -1, ver = 0;
  CHECK(cudaGetDeviceCount(&n) == cudaSuccess && n == 1);
  CHECK(cudaSetDevice(0) == cudaSuccess);
  CHECK(cudaSetDevice(1) == cudaErrorInvalidDevice);
  cudaGetLastError();
  CHECK(cudaGetDevice(&dev) == cudaSuccess && dev == 0);
  CHECK(cudaRuntimeGetVersion(&ver) == cudaSuccess && ver == 13000);
  CHECK(cudaDriverGetVersion(&ver) == cudaSuccess && ver >= 13000);
  cudaDeviceProp prop;
  memset(&prop, 0xff, sizeof prop);
  CHECK(cudaGetDeviceProperties(&prop, 0) == cudaSuccess);
  CHECK(prop.major == 9 && prop.minor == 0);
  CHECK(prop.warpSize == 32 && prop.maxThreadsPerBlock == 1024);
  CHECK(prop.maxThreadsDim[2] == 64 && prop.maxGridSize[1] == 65535);
  CHECK(prop.multiProcessorCount == 132);
  CHECK(prop.totalGlobalMem == 80ull << 30);
  CHECK(prop.sharedMemPerBlock == 48 * 1024);
  CHECK(prop.managedMemory == 1 && prop.clusterLaunch == 1);
  CHECK(prop.reserved[55] == 0);
  printf("device: %s\n", prop.name);
  int attr = 0;
  CHECK(cudaDeviceGetAttribute(&attr, cudaDevAttrComputeCapabilityMajor, 0) == cudaSuccess &&
        attr == 9);
  CHECK(cudaDeviceGetAttribute(&attr, cudaDevAttrMultiProcessorCount, 0) == cudaSuccess &&
        attr == 132);

  // Events.
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0) == cudaSuccess && cudaEventCreate(&e1) == cudaSuccess);
  CHECK(cudaEventRecord(e0) == cudaSuccess && cudaEventRecord(e1, 0) == cudaSuccess);
  CHECK(cudaEventSynchronize(e1) == cudaSuccess);
  float ms = -1;
  CHECK(cudaEventElapsedTime(&ms, e0, e1) == cudaSuccess && ms >= 0);
  CHECK(cudaEventDestroy(e0) == cudaSuccess && cudaEventDestroy(e1) == cudaSuccess);

  // Errors.
  CHECK(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0);
  CHECK(strcmp(cudaGetErrorName(cudaErrorInvalidValue), "cudaErrorInvalidValue") == 0);
  CHECK(cudaGetLastError() == cudaSuccess);

  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(cudaDeviceReset() == cudaSuccess);
  if (failures) return 1;
  printf("ALL OK\n");
  return 0;
}
