//! kind: fail
// Calls of undeclared functions: an error where no argument can find the function by
// argument-dependent lookup or make the call depend on template parameters (then lookup
// waits for the instantiation); in templates, other undeclared names are errors too.
typedef unsigned long size_type;
__device__ void f(int x) {
  assert(x > 0); //~ error: identifier "assert" is undefined
}
template <class T>
__device__ void g(T *p, size_type n, const int k) {
  assert(n > 0 && k != 2); //~ error: identifier "assert" is undefined
  check_all(); //~ error: identifier "check_all" is undefined
  check_each(p); // depends on T: looked up when instantiated
  int y = undefined_var; //~ error: identifier "undefined_var" is undefined
  (void)y;
}
namespace M {
struct S {};
void adl(S) {}
} // namespace M
void u() {
  M::S s;
  adl(s); // found by argument-dependent lookup
}
// GNU builtins without the __builtin_ prefix are predeclared.
int gnu_builtins(volatile int *barrier) {
  int n = __sync_add_and_fetch(barrier, 1);
  __sync_synchronize();
  return n + __atomic_load_n(barrier, __ATOMIC_SEQ_CST);
}
