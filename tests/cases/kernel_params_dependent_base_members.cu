//! kind: run
// Types named through a class template specialization whose member comes from a dependent
// base (`X<float>::Entry` with `template <class D> struct X : Base<D>`), as xgboost's
// quantile sketches name their entries: the parser must take them for types, and the
// kernels' mangled names name the base that declares them (`N4BaseIfE5EntryE`).
#include <cstdio>

//@ kernel _ZN3app4cutsEPN7SummaryIffE5EntryEi
//@ kernel _ZN3app6directEPN7SummaryIddE5EntryEPi
//@ kernel _ZN3app4fillIiEEvPN10ExtSummaryIT_S2_E5EntryES2_

template <typename D, typename R> struct Summary {
  struct Entry {
    D value;
    R rank;
  };
  typedef R rank_type;
};
template <typename D, typename R> struct ExtSummary : public Summary<D, R> {};
template <typename D, typename R, class S> class SketchBase {
public:
  using Entry = typename S::Entry;
};
template <typename D, typename R = unsigned>
class Sketch : public SketchBase<D, R, ExtSummary<D, R>> {};
struct Matrix {
  using SketchT = Sketch<float, float>;
};

namespace app {
using SketchT = Matrix::SketchT;

__global__ void cuts(SketchT::Entry *out, ExtSummary<float, int>::rank_type n) {
  if (out) out[0].rank = static_cast<float>(n);
}
__global__ void direct(ExtSummary<double, double>::Entry *e, int *out) {
  if (out) *out = static_cast<int>(e->value);
}
template <typename T> __global__ void fill(typename ExtSummary<T, T>::Entry *out, T v) {
  if (out) out[0].value = v;
}
} // namespace app

int main() {
  app::cuts<<<1, 1>>>(nullptr, 3);
  //@ launch _ZN3app4cutsEPN7SummaryIffE5EntryEi grid=1,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,i32:3
  app::direct<<<2, 1>>>(nullptr, nullptr);
  //@ launch _ZN3app6directEPN7SummaryIddE5EntryEPi grid=2,1,1 block=1,1,1 shmem=0 stream=0 args=ptr:null,ptr:null
  app::fill<int><<<1, 4>>>(nullptr, 4);
  //@ launch _ZN3app4fillIiEEvPN10ExtSummaryIT_S2_E5EntryES2_ grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:null,i32:4
  std::printf("%d\n", (int)cudaDeviceSynchronize());
  return 0;
}
