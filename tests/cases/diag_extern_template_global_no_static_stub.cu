//! kind: compile
//! nvcc: -static-global-template-stub=false
// With -static-global-template-stub=false, `extern template __global__` is silent.
// (cudafe++ then gets --host-stub-linkage-explicit instead of --static-host-stub.)
template <typename T> __global__ void tk(T *p) { *p = T(); }
extern template __global__ void tk<int>(int *);
