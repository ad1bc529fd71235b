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
// Arguments that are members: their types are known, and a pointer to int, or a struct
// of the global namespace without friends (unnamed and typedef'd too), brings nothing in
// by argument-dependent lookup; a struct of another namespace does.
typedef struct {
  int *indices;
  unsigned long count;
} Loader;
void shuffle(Loader *loader) {
  init_identity_permutation(loader->indices, loader->count); //~ error: identifier "init_identity_permutation" is undefined
}
struct Plain {
  int value;
};
void plain(Plain p, Plain *q) {
  consume(p); //~ error: identifier "consume" is undefined
  consume_pointer(q->value, &q->value); //~ error: identifier "consume_pointer" is undefined
}
namespace M {
struct T {
  S s;
};
void adl2(S *) {}
} // namespace M
void v(M::T t) { adl2(&t.s); }
// A friend brings in only its own name; a base of the global namespace brings in nothing
// else, one of another namespace its namespace's functions.
struct WithFriends {
  friend void befriended(WithFriends *);
  friend class Other;
  int *p;
};
struct Derived : Plain {};
namespace M {
struct Base {};
void from_base(Base *) {}
} // namespace M
struct FromM : M::Base {};
void friends_and_bases(WithFriends *w, Derived *d, FromM *m) {
  befriended(w);
  unrelated(w); //~ error: identifier "unrelated" is undefined
  from_derived(d); //~ error: identifier "from_derived" is undefined
  from_base(m);
}
// In a template, an argument whose type depends on no template parameter: as outside.
template <class T>
void in_template(T t, Plain *q) {
  consume_value(q->value); //~ error: identifier "consume_value" is undefined
  consume_dependent(t); // depends on T: looked up when instantiated
}
// An argument that names functions, or takes their address: its associated namespaces
// are those of the functions' parameter and return types (PyTorch's `m.impl("op",
// TORCH_BOX(&op))` with an older PyTorch that lacks `TORCH_BOX`).
void callback(int);
double to_double(float, unsigned);
namespace M {
void take_callback(S (*)());
S make_s();
} // namespace M
struct Registry {
  template <class F>
  Registry &impl(const char *, F &&f);
};
void function_arguments(Registry &m) {
  m.impl("callback", BOX(&callback)); //~ error: identifier "BOX" is undefined
  wrap(callback, 1); //~ error: identifier "wrap" is undefined
  wrap_ptr((&to_double)); //~ error: identifier "wrap_ptr" is undefined
  take_callback(&M::make_s); // M::S, the return type, brings in M
}
// In a lambda, its own locals and parameters have the types they are declared with; a
// function's predefined names are arrays of `const char`, of a length that depends on the
// template arguments in a template (PyTorch's `STD_CUDA_CHECK` against an older PyTorch).
void in_lambdas() {
  [&] {
    char *msg = nullptr;
    free_message(msg); //~ error: identifier "free_message" is undefined
  }();
  auto l = [](int code) { report_code(code, __func__); }; //~ error: identifier "report_code" is undefined
  l(1);
}
void predefined_names(int e) {
  check_message(__func__, __FUNCTION__, __PRETTY_FUNCTION__, e); //~ error: identifier "check_message" is undefined
}
template <int N>
void predefined_in_template() {
  char *msg = nullptr;
  check_in_template(__func__, &msg); // depends on the template's arguments
  free_in_template(msg); //~ error: identifier "free_in_template" is undefined
}
