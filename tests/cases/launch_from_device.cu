//! kind: run
//! nvcc: -rdc=true
// Dynamic parallelism: a kernel launches another kernel from device code; both are registered, only the host launch is traced.
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

__global__ void child(int *p, int v) { p[blockIdx.x * blockDim.x + threadIdx.x] = v; }
//@ kernel _Z5childPii

__global__ void parent(int *p, int n) {
  if (threadIdx.x == 0) {
    child<<<1, n>>>(p, 7);
    child<<<dim3(2), dim3(n / 2), 0, cudaStreamFireAndForget>>>(p + n, 8);
  }
}
//@ kernel _Z6parentPii

int main() {
  int *d = nullptr;
  CHECK(cudaMalloc(&d, 64 * sizeof(int)));

  parent<<<1, 32>>>(d, 32);
  //@ launch _Z6parentPii grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:32

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(d));
  return 0;
}

// Registered by the device runtime (cuda_device_runtime.cu in libcudadevrt.a), which nvcc links
// into every -rdc=true program that launches kernels from device code:
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi0ELi0ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi0ELi0ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi0ELi1ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi0ELi1ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi1ELi0ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi1ELi0ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi1ELi1ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceIjLi1ELi1ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi0ELi0ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi0ELi0ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi0ELi1ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi0ELi1ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi1ELi0ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi1ELi0ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi1ELi1ELi0EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memcpy_3d_deviceImLi1ELi1ELi1EEv12MemcpyParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi0ELi0ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi0ELi0ELi1EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi0ELi1ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi0ELi1ELi1EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi1ELi0ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi1ELi0ELi1EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi1ELi1ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceIjLi1ELi1ELi1EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi0ELi0ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi0ELi0ELi1EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi0ELi1ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi0ELi1ELi1EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi1ELi0ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi1ELi0ELi1EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi1ELi1ELi0EEv12MemsetParamsIT_E
//@ kernel __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245__Z16memset_3d_deviceImLi1ELi1ELi1EEv12MemsetParamsIT_E
//@ var __CNPRT_VERSION_NUMBER__ size=4 constant=0
//@ var __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245_cpy_kernel32 size=64 constant=0
//@ var __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245_cpy_kernel64 size=64 constant=0
//@ var __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245_cudartErrorCnpMapArr size=120 constant=0
//@ var __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245_cudartErrorTableArr size=3216 constant=0
//@ var __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245_set_kernel32 size=64 constant=0
//@ var __nv_static_52__f4510a67_22_cuda_device_runtime_cu_3ecce0c0_2317245_set_kernel64 size=64 constant=0
//@ var cudartErrorCnpMap size=8 constant=0
//@ var cudartErrorCnpMapEntryCount size=4 constant=0
//@ var cudartErrorTable size=8 constant=0
//@ var cudartErrorTableEntryCount size=4 constant=0
