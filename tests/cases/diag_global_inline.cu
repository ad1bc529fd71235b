//! kind: compile
// `inline` on a __global__ function is ignored with warning #20050-D.
// (cicc prints both warnings again, so nvcc shows each twice.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
inline __global__ void k1() {}        //~ warning #20050-D: inline qualifier ignored for "__global__" function
template <typename T> inline __global__ void k2(T) {}
//~^ warning #20050-D: inline qualifier ignored for "__global__" function
