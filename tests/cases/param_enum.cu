//! kind: run
// Enum parameters: unscoped, scoped with 1-, 2- and 8-byte underlying types, fixed unsigned, and a class-scoped enum.
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

enum Color { Red, Green = 5, Blue };
enum class Small : unsigned char { A = 1, B = 200 };
enum class Big : long long { Neg = -1, Far = 1LL << 40 };
enum class Half : short { Lo = -300, Hi = 300 };
enum Flags : unsigned { F0 = 1u, F31 = 0x80000000u };
struct Shape {
  enum Kind { Circle = 2, Square = 4 };
};

__global__ void paint(int *out, Color c, Small s, Big b, Half h, Flags f, Shape::Kind k) {
  out[0] = (int)c + (int)s + (int)(b == Big::Far) + (int)h + (int)(f & F0) + (int)k;
}
//@ kernel _Z5paintPi5Color5Small3Big4Half5FlagsN5Shape4KindE

int main() {
  int *out = nullptr;
  CHECK(cudaMalloc(&out, sizeof(int)));

  paint<<<1, 1>>>(out, Blue, Small::B, Big::Far, Half::Lo, F31, Shape::Square);
  //@ launch _Z5paintPi5Color5Small3Big4Half5FlagsN5Shape4KindE grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:6,u8:200,i64:1099511627776,i16:-300,u32:2147483648,i32:4
  paint<<<1, 1>>>(out, Red, Small::A, Big::Neg, Half::Hi, Flags(F0 | F31), Shape::Circle);
  //@ launch _Z5paintPi5Color5Small3Big4Half5FlagsN5Shape4KindE grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:0,u8:1,i64:-1,i16:300,u32:2147483649,i32:2

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(out));
  return 0;
}
