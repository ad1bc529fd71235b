//! kind: run
// A kernel template launched from a class template member, a member function template, and a fold expression over a parameter pack.
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

template <typename T>
__global__ void kern(T *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = T(i);
}
//@ kernel _Z4kernIfEvPT_i
//@ kernel _Z4kernIiEvPT_i
//@ kernel _Z4kernIdEvPT_i
//@ kernel _Z4kernIsEvPT_i

template <typename T>
struct Runner {
  T *data;
  int n;
  void run(int block) const { kern<T><<<(n + block - 1) / block, block>>>(data, n); }
};

template <typename T, int Block>
void run_with(T *p, int n) {
  Runner<T> r{p, n};
  r.run(Block);
}

template <typename... Ts>
void run_each(Ts *...ps) {
  (run_with<Ts, 32>(ps, 64), ...);
}

struct Dispatcher {
  int calls = 0;
  template <typename T>
  void go(T *p) {
    kern<<<1, 1>>>(p, 1);
    ++calls;
  }
};

int main() {
  float *f = nullptr;
  int *i = nullptr;
  double *d = nullptr;
  short *s = nullptr;
  CHECK(cudaMalloc(&f, 64 * sizeof(float)));
  CHECK(cudaMalloc(&i, 64 * sizeof(int)));
  CHECK(cudaMalloc(&d, 64 * sizeof(double)));
  CHECK(cudaMalloc(&s, 64 * sizeof(short)));

  run_with<float, 16>(f, 40);
  //@ launch _Z4kernIfEvPT_i grid=3,1,1 block=16,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:40
  run_each(i, d);
  //@ launch _Z4kernIiEvPT_i grid=2,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc1,i32:64
  //@ launch _Z4kernIdEvPT_i grid=2,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc2,i32:64
  Dispatcher disp;
  disp.go(s);
  //@ launch _Z4kernIsEvPT_i grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc3,i32:1
  disp.go<float>(f + 2);
  //@ launch _Z4kernIfEvPT_i grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:alloc0+8,i32:1

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaFree(s));
  CHECK(cudaFree(d));
  CHECK(cudaFree(i));
  CHECK(cudaFree(f));
  if (disp.calls != 2) return 1;
  return 0;
}
