//! kind: fail
// A base-specifier naming no class (code written against an older thrust, whose
// `thrust::unary_function` CCCL 3 removed): the base is dropped with an error at its name.
// A missing member of a namespace or plain class followed by `<`, or an unknown first
// component, makes the class definition "missing": cudafe++ skips to the `;` after the
// class body, and when that is three lines or more away it says where parsing restarts.
namespace thrust { template <class T> struct plus { T t; }; }
namespace ns { namespace inner { } int v; struct Plain { int p; }; }
union U { int a; };
struct Ok { int o; };

struct F : public thrust::unary_function<int, int> { //~ error: namespace "thrust" has no member class "unary_function"
//~^ error: class or struct definition is missing
  int x;
  __host__ __device__ int operator()(int i) const { return i + x; }
}; //~ warning #12-D: parsing restarts here after previous syntax error
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
struct G : thrust::binary_function<int, int, int> { int y; }; //~ error: namespace "thrust" has no member class "binary_function"
//~^ error: class or struct definition is missing
struct H : thrust::nothing { //~ error: namespace "thrust" has no member class "nothing"
  int h;
};
struct I : Missing { //~ error: not a class or struct name
  int i;
};
struct J : Missing<int> { //~ error: Missing is not a template
  int j;
};
struct K : ns::v { //~ error: namespace "ns" has no member class "v"
  int k;
};
struct L : ::Missing { //~ error: the global scope has no class named "Missing"
  int l;
};
struct M : nons::X { //~ error: not a class or struct name
//~^ error: class or struct definition is missing
  int m;
}; //~ warning #12-D: parsing restarts here after previous syntax error
struct N : ns::nope::X { //~ error: name followed by "::" must be a class or namespace name
  int n;
};
struct O : U::nothing, ns::Plain::nothing { //~ error: union "U" has no member class "nothing"
//~^ error: class "ns::Plain" has no member class "nothing"
  int o;
};
class P : public ns::inner::Missing<int>, public Ok { //~ error: namespace "ns::inner" has no member class "Missing"
//~^ error: class or struct definition is missing
  int p;
} p1, p2; //~ warning #12-D: parsing restarts here after previous syntax error
template <class T>
struct Q : thrust::plus<T>, T, thrust::unknown { //~ error: namespace "thrust" has no member class "unknown"
  T q;
};
struct Outer {
  struct In : thrust::unary_function<int, int> { //~ error: namespace "thrust" has no member class "unary_function"
  //~^ error: class or struct definition is missing
    int a;
    int b;
  }; //~ warning #12-D: parsing restarts here after previous syntax error
  int z;
};
void f() {
  struct Local { int a; };
  struct Local2 : Local, Ok { int b; };
  struct Bad : thrust::unary_function<int, int> { //~ error: namespace "thrust" has no member class "unary_function"
  //~^ error: class or struct definition is missing
    int c;
  } a, b; //~ warning #12-D: parsing restarts here after previous syntax error
  Local2 l2;
  (void)l2;
}
