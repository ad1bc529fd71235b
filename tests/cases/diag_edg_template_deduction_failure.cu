//! kind: fail
// Calls that no function template can take: a template parameter that no function
// parameter names (and no default covers) cannot be deduced, nor can `T *` from a value of
// EDG's error type (a variable of a type that names nothing, as a texture reference is since
// CUDA 12: `tex1Dfetch(tex, i)`) or from a number. One template: "no instance of function
// template"; several candidates: "no instance of overloaded function", each note naming the
// template with its parameters (and its template parameters when some cannot be deduced),
// the last declared first. A `T` parameter takes any argument, the error type too. The error
// type spreads to `&tex`, which brings in nothing by argument-dependent lookup; `NULL`
// (`__null`) is a `long`.
#include <cstddef>
texture<float, 1> tex; //~ error: texture is not a template
typedef unsigned long long object_t;
template <class T> T fetch(object_t obj, int x); //~ note #3327-D: candidate function template "fetch<T>(object_t, int)" failed deduction
template <class T> T fetch(T *ptr, object_t obj, int x); //~ note #3322-D: number of parameters of function template "fetch(T *, object_t, int)" does not match the call
template <class T, class U> T pick(U *p, int x); //~ note #3327-D: candidate function template "pick" failed deduction
//~^ note #3327-D: candidate function template "pick" failed deduction
template <class T> T first(T *p, int n); //~ note #3327-D: candidate function template "first" failed deduction
template <class T> T any(T value, int n);
template <class T = float> T defaulted(int n);

__global__ void kernel(float *out, int i) {
  out[i] = fetch(tex, i); //~ error: no instance of overloaded function "fetch" matches the argument list
  out[i] += pick(tex, i); //~ error: no instance of function template "pick" matches the argument list
  out[i] += pick(out, i); //~ error: no instance of function template "pick" matches the argument list
  out[i] += first(i, i); //~ error: no instance of function template "first" matches the argument list
  out[i] += any(tex, i);
  out[i] += defaulted(i);
  out[i] += fetch<float>(object_t(), i);
}

void bind() {
  bind_texture(NULL, &tex); //~ error: identifier "bind_texture" is undefined
}
