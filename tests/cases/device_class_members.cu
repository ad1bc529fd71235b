//! kind: run
// Classes with __host__ __device__ constructors and operators, __device__-only members, static and template member functions, used in kernels and on the host.
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

struct Vec2 {  // x@0 y@4, size 8
  float x, y;
  __host__ __device__ Vec2() : x(0), y(0) {}
  __host__ __device__ Vec2(float a, float b) : x(a), y(b) {}
  __host__ __device__ Vec2 operator+(const Vec2 &o) const { return Vec2(x + o.x, y + o.y); }
  __host__ __device__ float dot(const Vec2 &o) const { return x * o.x + y * o.y; }
  __device__ float length_sq() const { return dot(*this); }
  __host__ __device__ static Vec2 unit_x() { return Vec2(1.0f, 0.0f); }
  template <typename S>
  __host__ __device__ Vec2 scaled(S s) const {
    return Vec2(x * s, y * s);
  }
};

class Accumulator {
 public:
  __device__ explicit Accumulator(float *dst) : dst_(dst), sum_(0) {}
  __device__ void add(float v) { sum_ += v; }
  __device__ ~Accumulator() { *dst_ = sum_; }

 private:
  float *dst_;
  float sum_;
};

__global__ void add(Vec2 *out, Vec2 a, Vec2 b) { out[threadIdx.x] = (a + b).scaled(2) + Vec2::unit_x(); }
//@ kernel _Z3addP4Vec2S_S_
__global__ void norms(const Vec2 *in, float *out, int n) {
  Accumulator acc(out);
  for (int i = 0; i < n; ++i) acc.add(in[i].length_sq());
}
//@ kernel _Z5normsPK4Vec2Pfi

int main() {
  Vec2 a(1.0f, 2.0f), b(3.0f, 4.0f);
  Vec2 host_sum = (a + b).scaled(0.5);
  if (host_sum.x != 2.0f || host_sum.y != 3.0f || a.dot(b) != 11.0f) return 1;

  Vec2 *v = nullptr;
  float *f = nullptr;
  CHECK(cudaMalloc(&v, 4 * sizeof(Vec2)));
  CHECK(cudaMalloc(&f, sizeof(float)));

  add<<<1, 4>>>(v, a, b);
  //@ launch _Z3addP4Vec2S_S_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:0000803f_00000040,hex:00004040_00008040
  add<<<1, 1>>>(v + 1, Vec2::unit_x(), Vec2());
  //@ launch _Z3addP4Vec2S_S_ grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0+8,hex:0000803f_00000000,hex:00000000_00000000
  norms<<<1, 1>>>(v, f, 4);
  //@ launch _Z5normsPK4Vec2Pfi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0,ptr:alloc1,i32:4

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(f));
  CHECK(cudaFree(v));
  return 0;
}
