//! kind: run
// Found on dmlc-core's parameter.h (xgboost): a class whose base is an instance of a
// class template uses the base's members unqualified, in an explicit specialization as
// in a plain class; the members come from the instantiation, which the front end must
// not call undefined. A defaulted extent of numeric_limits<size_t>::max() is part of
// the kernel's and the first definition's names (module id).
#include <cstdio>
#include <limits>
//@ kernel _Z4fill4SpanIfLm18446744073709551615EEf
template <class T, std::size_t Extent = std::numeric_limits<std::size_t>::max()>
struct Span {
  T *data_;
  std::size_t size_;
};
template <class Derived, class V>
struct EntryBase {
  const char *key_ = "key";
  V value_{};
  bool has_default_ = false;
};
template <class V>
struct Entry : public EntryBase<Entry<V>, V> {};
template <>
struct Entry<int> : public EntryBase<Entry<int>, int> {
  int describe() const { return has_default_ ? value_ : key_[0]; }
};
struct FloatEntry : EntryBase<FloatEntry, float> {
  float twice() const { return value_ * 2; }
};
void describe_all(Span<const unsigned char> bytes) {
  Entry<int> e;
  FloatEntry f;
  std::printf("%d %g %zu\n", e.describe(), f.twice(), bytes.size_);
}
__global__ void fill(Span<float> s, float v) {
  for (std::size_t i = threadIdx.x; i < s.size_; i += blockDim.x) s.data_[i] = v;
}
int main() {
  float *d = nullptr;
  cudaMalloc(&d, 64 * sizeof(float));
  fill<<<1, 32>>>(Span<float>{d, 64}, 1.5f);
  //@ launch _Z4fill4SpanIfLm18446744073709551615EEf grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=hex:????????????????_4000000000000000,f32:1.5
  describe_all(Span<const unsigned char>{nullptr, 0});
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
