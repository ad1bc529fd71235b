//! kind: fail
// A function defined twice: the same signature after parameter adjustment (top-level const,
// arrays as pointers), whatever the execution spaces; out-of-class definitions of members
// and of namespace members; extern "C", static and anonymous-namespace functions. The name
// is printed with its parameter types only when it is overloaded.
__device__ int f(int x) { return x; }
__device__ int f(const int x) { return x + 1; } //~ error: function "f" has already been defined (previous definition at line 6)
__host__ int g(int x) { return x; }
__device__ int g(int x) { return x + 1; } //~ error: function "g" has already been defined (previous definition at line 8)
void p(int a[3]) {}
void p(int *a) {} //~ error: function "p" has already been defined (previous definition at line 10)
namespace N { void q() {} }
void N::q() {} //~ error: function "N::q" has already been defined (previous definition at line 12)
struct S { void m(); void n() {} };
void S::m() {}
void S::m() {} //~ error: function "S::m" has already been defined (previous definition at line 15)
extern "C" void c(int) {}
extern "C" void c(int) {} //~ error: function "c" has already been defined (previous definition at line 17)
static void s() {}
static void s() {} //~ error: function "s" has already been defined (previous definition at line 19)
namespace { void an() {} }
namespace { void an() {} } //~ error: function "<unnamed>::an" has already been defined (previous definition at line 21)
__device__ float ov(float *p, const float v) { return v; }
__device__ float ov(double *p, double v) { return 0; }
__device__ float ov(float *const p, float v) { return v; }
//~^ error: function "ov(float *, float)" has already been defined (previous definition at line 23)
// Not redefinitions: overloads, templates, gnu_inline definitions.
void o(int) {}
void o(long) {}
void o(int *) {}
void o(const int *) {}
template <class T> void t(T) {}
template <> void t<int>(int) {}
extern inline __attribute__((gnu_inline)) int gi(int x) { return x; }
int gi(int x) { return x + 1; }
