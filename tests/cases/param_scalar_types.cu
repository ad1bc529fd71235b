//! kind: run
// One parameter of every scalar type (char kinds, integers of each width and signedness, float, double, bool, wide chars).
#include <climits>
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

__global__ void scalars(char c, signed char sc, unsigned char uc, short s, unsigned short us, int i,
                        unsigned u, long l, unsigned long ul, long long ll, unsigned long long ull,
                        float f, double d, bool b, wchar_t w, char16_t c16, char32_t c32,
                        unsigned long long *out) {
  out[0] = c + sc + uc + s + us + i + u + l + ul + ll + ull + (long long)f + (long long)d + b + w +
           c16 + c32;
}
//@ kernel _Z7scalarscahstijlmxyfdbwDsDiPy

int main() {
  unsigned long long *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(unsigned long long)));

  scalars<<<1, 1>>>('x', -5, 200, -1234, 60000, -123456, 4000000000u, -9000000000L,
                    18000000000000000000ul, -1LL, 18446744073709551615ull, 3.25f, -0.125, true,
                    L'W', u'\u00e9', U'\U0001F600', out);
  //@ launch _Z7scalarscahstijlmxyfdbwDsDiPy grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=char:'x',i8:-5,u8:200,i16:-1234,u16:60000,i32:-123456,u32:4000000000,i64:-9000000000,u64:18000000000000000000,i64:-1,u64:18446744073709551615,f32:3.25,f64:-0.125,bool:true,i32:87,u16:233,u32:128512,ptr:alloc0

  scalars<<<1, 1>>>('A', SCHAR_MIN, 0, SHRT_MIN, USHRT_MAX, INT_MIN, 0u, LONG_MAX, 0ul, LLONG_MIN,
                    1ull, -0.0f, 65536.5, false, (wchar_t)-1, (char16_t)0xffff, (char32_t)0, out);
  //@ launch _Z7scalarscahstijlmxyfdbwDsDiPy grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=char:'A',i8:-128,u8:0,i16:-32768,u16:65535,i32:-2147483648,u32:0,i64:9223372036854775807,u64:0,i64:-9223372036854775808,u64:1,f32:-0,f64:65536.5,bool:false,i32:-1,u16:65535,u32:0,ptr:alloc0

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
