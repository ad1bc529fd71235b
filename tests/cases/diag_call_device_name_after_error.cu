//! kind: fail
// How the callee is named in cross-space call errors once an error has been printed.
// Quirk of the real cudafe++ 13.0: the callee is shown as "name(param types)" only until the
// first error; after that, a callee with parameters is shown as an Itanium-style mangled name
// whose types all read "1?" (a callee without parameters still reads "name()"). Warnings do not
// switch the mode.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
__device__ int a(int) { return 1; }
__device__ int b(float, double) { return 2; }
__device__ int z() { return 3; }
namespace N { __device__ int e(int *) { return 4; } }
template <typename T> __device__ int t(T) { return 5; }
int h0() { return dv; }
//~^ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
int h1() { return a(1); }
//~^ error: calling a __device__ function("a(int)") from a __host__ function("h1") is not allowed
int h2() { return a(1); }
//~^ error: calling a __device__ function("_Z1a1?") from a __host__ function("h2") is not allowed
int h3() { return b(1, 2); }
//~^ error: calling a __device__ function("_Z1b1?1?") from a __host__ function("h3") is not allowed
int h4() { return z(); }
//~^ error: calling a __device__ function("z()") from a __host__ function("h4") is not allowed
int h5() { return N::e(0); }
//~^ error: calling a __device__ function("_ZN1N1eE1?") from a __host__ function("h5") is not allowed
int h6() { return t(1); }
//~^ error: calling a __device__ function("_Z1tI1?E1?1?") from a __host__ function("h6") is not allowed
