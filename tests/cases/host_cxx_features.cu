//! kind: run
// Host C++ around kernels: RAII buffer class template, std::vector, range-for, structured bindings, <type_traits>, <utility>, <cstring>.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>
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
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t n) : n_(n) { status_ = cudaMalloc(&ptr_, n * sizeof(T)); }
  DeviceBuffer(DeviceBuffer &&o) noexcept
      : ptr_(std::exchange(o.ptr_, nullptr)), n_(std::exchange(o.n_, 0)), status_(o.status_) {}
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;
  ~DeviceBuffer() {
    if (ptr_) cudaFree(ptr_);
  }
  T *get() const { return ptr_; }
  size_t size() const { return n_; }
  cudaError_t status() const { return status_; }
  friend void swap(DeviceBuffer &a, DeviceBuffer &b) noexcept {
    std::swap(a.ptr_, b.ptr_);
    std::swap(a.n_, b.n_);
  }

 private:
  T *ptr_ = nullptr;
  size_t n_ = 0;
  cudaError_t status_ = cudaSuccess;
};

struct Params {  // n@0 scale@4, size 8
  int n;
  float scale;
};
static_assert(std::is_trivially_copyable_v<Params> && std::is_standard_layout_v<Params>);
static_assert(sizeof(Params) == 8);

__global__ void scale(float *p, Params prm) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < prm.n) p[i] *= prm.scale;
}
//@ kernel _Z5scalePf6Params

int main() {
  const std::vector<int> sizes = {32, 64, 128};
  std::vector<DeviceBuffer<float>> bufs;
  bufs.reserve(sizes.size());
  for (int n : sizes) {
    bufs.emplace_back(n);
    CHECK(bufs.back().status());
  }

  auto host = std::make_unique<float[]>(128);
  std::iota(host.get(), host.get() + 128, 0.0f);
  CHECK(cudaMemcpy(bufs[2].get(), host.get(), 128 * sizeof(float), cudaMemcpyHostToDevice));

  const std::vector<std::pair<int, float>> plan = {{0, 0.5f}, {2, 2.0f}};
  for (const auto &[index, factor] : plan) {
    auto &buf = bufs[index];
    Params prm;
    std::memset(&prm, 0, sizeof prm);
    prm.n = static_cast<int>(buf.size());
    prm.scale = factor;
    scale<<<(prm.n + 31) / 32, 32>>>(buf.get(), prm);
  }
  //@ launch _Z5scalePf6Params grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,hex:20000000_0000003f
  //@ launch _Z5scalePf6Params grid=4,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc2,hex:80000000_00000040

  using std::swap;
  swap(bufs[0], bufs[1]);
  const unsigned char raw[8] = {0x40, 0, 0, 0, 0, 0, 0x80, 0xbf};  // n = 64, scale = -1.0f
  Params from_bytes;
  std::memcpy(&from_bytes, raw, sizeof from_bytes);
  scale<<<2, 32>>>(bufs[0].get(), from_bytes);
  //@ launch _Z5scalePf6Params grid=2,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc1,hex:40000000_000080bf

  auto largest = std::max_element(bufs.begin(), bufs.end(),
                                  [](const auto &a, const auto &b) { return a.size() < b.size(); });
  if (largest->size() != 128) return 1;

  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  return 0;
}
