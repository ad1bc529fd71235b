//! kind: run
// CUDA built-in vector types (int2, float4, double2, char3, uchar4, short3, longlong2, int3, float3, dim3) and __half/__nv_bfloat16 as parameters.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
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

__global__ void vecs(int2 a, float4 b, double2 c, char3 d, uchar4 e, short3 f, longlong2 g, int3 h,
                     float3 i, dim3 j, float *out) {
  out[0] = a.x + b.y + (float)c.x + d.z + e.w + f.x + (float)g.y + h.z + i.x + j.x;
}
//@ kernel _Z4vecs4int26float47double25char36uchar46short39longlong24int36float34dim3Pf

__global__ void halves(__half h, __nv_bfloat16 b, __half2 h2, float *out) {
  out[0] = __half2float(h) + __bfloat162float(b) + __low2float(h2) + __high2float(h2);
}
//@ kernel _Z6halves6__half13__nv_bfloat167__half2Pf

int main() {
  float *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(float)));

  vecs<<<1, 1>>>(make_int2(1, -1), make_float4(0.5f, 1.0f, 1.5f, 2.0f), make_double2(1.0, -2.0),
                 make_char3('a', 'b', 'c'), make_uchar4(1, 2, 254, 255), make_short3(-1, 0, 1),
                 make_longlong2(1, -2), make_int3(10, 20, 30), make_float3(-1.0f, 0.0f, 1.0f),
                 dim3(4, 2), out);
  //@ launch _Z4vecs4int26float47double25char36uchar46short39longlong24int36float34dim3Pf grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:01000000_ffffffff,hex:0000003f_0000803f_0000c03f_00000040,hex:000000000000f03f_00000000000000c0,hex:616263,hex:0102feff,hex:ffff_0000_0100,hex:0100000000000000_feffffffffffffff,hex:0a000000_14000000_1e000000,hex:000080bf_00000000_0000803f,hex:04000000_02000000_01000000,ptr:alloc0

  halves<<<1, 1>>>(__float2half(1.0f), __float2bfloat16(1.0f),
                   __halves2half2(__float2half(2.0f), __float2half(-0.5f)), out);
  //@ launch _Z6halves6__half13__nv_bfloat167__half2Pf grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=hex:003c,hex:803f,hex:0040_00b8,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
