//! kind: fail
// The execution spaces of nested calls are checked as the calls are built: a call's
// arguments (and its callee's object) first, so `d(d(1))` reports the inner call first —
// and the first error names its callee "d(int)", the later ones by the mangled name.
// A __device__ variable read in an argument is reported after the calls.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int d(int x) { return x; }
__device__ int d2(int x, int y) { return x + y; }
__device__ int v;
__global__ void k(int) {}
struct S {
    __device__ int m(int);
    static __device__ int sm(int);
};
template <class T> __device__ T t(T x) { return x; }
int hh(int);
void h1() { d(d(1)); }
//~^ error: calling a __device__ function("d(int)") from a __host__ function("h1") is not allowed
//~^^ error: calling a __device__ function("_Z1d1?") from a __host__ function("h1") is not allowed
void h2() { d2(v, d(1)); }
//~^ error: calling a __device__ function("_Z1d1?") from a __host__ function("h2") is not allowed
//~^^ error: calling a __device__ function("_Z2d21?1?") from a __host__ function("h2") is not allowed
//~^^^ warning #20091-D: a __device__ variable "v" cannot be directly read in a host function
void h3(S s) { s.m(s.m(1)); }
//~^ error: calling a __device__ function("_ZN1S1mE1?") from a __host__ function("h3") is not allowed
//~^^ error: calling a __device__ function("_ZN1S1mE1?") from a __host__ function("h3") is not allowed
void h4() { d2(d(1), d(2)); }
//~^ error: calling a __device__ function("_Z1d1?") from a __host__ function("h4") is not allowed
//~^^ error: calling a __device__ function("_Z1d1?") from a __host__ function("h4") is not allowed
//~^^^ error: calling a __device__ function("_Z2d21?1?") from a __host__ function("h4") is not allowed
void h5() { t(t(1)); }
//~^ error: calling a __device__ function("_Z1tI1?E1?1?") from a __host__ function("h5") is not allowed
//~^^ error: calling a __device__ function("_Z1tI1?E1?1?") from a __host__ function("h5") is not allowed
void h6() { k(d(1)); }
//~^ error: calling a __device__ function("_Z1d1?") from a __host__ function("h6") is not allowed
//~^^ error: a __global__ function call must be configured
void h7() { S::sm(S::sm(1)); }
//~^ error: calling a __device__ function("_ZN1S2smE1?") from a __host__ function("h7") is not allowed
//~^^ error: calling a __device__ function("_ZN1S2smE1?") from a __host__ function("h7") is not allowed
__host__ __device__ void hd() { d(d(2)); }
//~^ error: calling a __device__ function("_Z1d1?") from a __host__ __device__ function("hd") is not allowed
//~^^ error: calling a __device__ function("_Z1d1?") from a __host__ __device__ function("hd") is not allowed
// (Calls of host functions from device code are the device compiler's business.)
__device__ void dv() { hh(hh(1)); }
void h8() { auto f = [] { return d(d(3)); }; f(); }
//~^ error: calling a __device__ function("_Z1d1?") from a __host__ function("operator()") is not allowed
//~^^ error: calling a __device__ function("_Z1d1?") from a __host__ function("operator()") is not allowed
