//! kind: compile
// Template kernels whose parameters name member typedefs of templates of their own
// parameters, through alias templates: in the kernel's linkage name such a type stays as
// written (`typename std::remove_reference<T&>::type` is NSt16remove_referenceIRS0_E4typeE),
// and it is a non-deduced context, so `T` comes from the other arguments.
#include <type_traits>

template <class T> using ptr_t = T *;
template <class T> using value_t = std::remove_reference_t<T &>;
template <class T> struct traits { typedef T scalar; };

template <class T> __global__ void assign(ptr_t<T> p, value_t<T> v) { *p = v; }
template <class T>
__global__ void scale(T *p, typename traits<T>::scalar s, unsigned n) {
  if (threadIdx.x < n) p[threadIdx.x] *= s;
}

void run(int *pi, float *pf) {
  assign<int><<<1, 1>>>(pi, 3);
  assign<<<1, 1>>>(pf, 2.0f);
  scale<<<1, 32>>>(pf, 0.5f, 32u);
}
