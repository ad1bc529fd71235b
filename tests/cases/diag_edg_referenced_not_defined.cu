//! kind: compile
// #114 at the end of the unit, for each function with internal linkage that the code
// references but the unit never defines: declared `static`, or in an anonymous namespace
// (a member of a class there, a block-scope `extern` declaration of one too — DeepSpeed's
// `SharedMemory<T>` idiom). Calls and addresses count, in templates too where the call
// depends on no template parameter; `sizeof`, `decltype`, a dependent call, an `extern "C"`
// function and a deleted one do not. Namespace members come first, in the order they are
// declared, then class members.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
namespace {
void a1();
//~^ warning #114-D: function "<unnamed>::a1" was referenced but not defined
inline void a2();
//~^ warning #114-D: function "<unnamed>::a2" was referenced but not defined
struct C { void m(); static void sm(); };
void a3();
//~^ warning #114-D: function "<unnamed>::a3" was referenced but not defined
void a4();
//~^ warning #114-D: function "<unnamed>::a4" was referenced but not defined
void a5();
extern "C" void a6();
void a7();
void a7(int);
//~^ warning #114-D: function "<unnamed>::a7" was referenced but not defined
void a8(int);
void a10();
//~^ warning #114-D: function "<unnamed>::a10" was referenced but not defined
namespace inner { void a11(); }
//~^ warning #114-D: function "<unnamed>::inner::a11" was referenced but not defined
template <typename T> struct SharedMemory {
  __device__ operator T *() {
    extern __device__ void error(void);
    //~^ warning #114-D: function "<unnamed>::error" was referenced but not defined
    error();
    return nullptr;
  }
};
void defined_later();
}
static inline void b1();
//~^ warning #114-D: function "b1" was referenced but not defined
static void b2();
//~^ warning #114-D: function "b2" was referenced but not defined
static void b3() = delete;
void external();

void use() {
  a1();
  a2();
  C c;
  c.m();
  C::sm();
  void (*p)() = a3;
  (void)p;
  auto q = &a4;
  (void)q;
  decltype(a5()) *z = nullptr;
  (void)z;
  a6();
  a7(1);
  inner::a11();
  b1();
  b2();
  external();
  defined_later();
}
template <class T> void tt(T t) { a8(t); a10(); }
namespace { void defined_later() {} }
// The members of classes come last (at `struct C` above).
//~^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning #114-D: function "<unnamed>::C::m" was referenced but not defined
//~^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning #114-D: function "<unnamed>::C::sm" was referenced but not defined
