//! kind: compile
//! nvcc: -rdc=true
// With -rdc=true the host stub is not static, so `extern template __global__` is accepted silently.
template <typename T> __global__ void tk(T *p) { *p = T(); }
extern template __global__ void tk<int>(int *);
