//! kind: fail
// A call of a function template with a number of arguments it cannot take — fewer than its
// parameters without defaults, or more than it has without a pack — matches no instance of
// it: the error lists the arguments' types (an object's as declared), and a note points at
// the template, at its definition when one came before the call. The arguments are not read
// (no warning for a device variable or an unset local among them). A pack or defaults
// make room for the count; argument-dependent lookup could bring in other candidates only
// from other namespaces or friends, which these classes have none of.
#include <cuda_runtime.h>
#include <cstddef>
namespace lib {
struct Context { virtual ~Context(); };
struct StreamContext : Context { cudaStream_t stream; };
template <typename T> void search(int n, const T *keys, int m, Context &c, int *out);
template <typename T> void search(int n, const T *keys, int m, Context &c, int *out) {}
//~^ note #3322-D: number of parameters of function template "lib::search" does not match the call
template <class T, class U = int> T pick(T a, U b = U());
//~^ note #3322-D: number of parameters of function template "lib::pick" does not match the call
//~^^ note #3322-D: number of parameters of function template "lib::pick" does not match the call
template <class... Ts> int count(int first, Ts... rest);
//~^ note #3322-D: number of parameters of function template "lib::count" does not match the call
}
template <typename S> void scale(int a, S s, int b) {}
//~^ note #3322-D: number of parameters of function template "scale" does not match the call
//~^^ note #3322-D: number of parameters of function template "scale" does not match the call
//~^^^ note #3322-D: number of parameters of function template "scale" does not match the call
typedef unsigned int uint;
__device__ int on_device;
int main() {
  const int fixed = 1;
  int *keys = nullptr;
  lib::StreamContext ctx;
  std::size_t bytes = 4;
  uint lanes = 32;
  int unset;
  lib::search(4, keys, 2, ctx); //~ error: no instance of function template "lib::search" matches the argument list
  lib::search(4, keys, 2, ctx, keys);
  scale(1, 2); //~ error: no instance of function template "scale" matches the argument list
  scale(fixed, bytes, lanes, 4.0); //~ error: no instance of function template "scale" matches the argument list
  scale<float>(on_device, unset); //~ error: no instance of function template "scale" matches the argument list
  lib::pick(1, 2, 3); //~ error: no instance of function template "lib::pick" matches the argument list
  lib::pick(1);
  lib::pick(); //~ error: no instance of function template "lib::pick" matches the argument list
  lib::count(); //~ error: no instance of function template "lib::count" matches the argument list
  return lib::count(1, 2.0, 'c');
}
