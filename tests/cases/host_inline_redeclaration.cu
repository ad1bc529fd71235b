//! kind: run
// Every declaration of a function that some declaration makes `inline` is written
// `inline` in the host file, as cudafe++ writes it: a virtual member declared in its class
// and defined `inline` outside the class is then not the class's key function, so the host
// compiler emits the class's vtable and typeinfo only where they are used (the objects
// define and reference the same symbols as with cudafe++). Also static and extern
// declarations, templates, friends, members with standard attributes, and a declaration
// after the definition.
#include <cstdio>

const char *message();

struct Error {
  virtual const char *what() const;
  [[nodiscard]] int code() const;
  static int count();
  friend int peek(const Error &);
  virtual ~Error() = default;
};
inline const char *Error::what() const { return message(); }
inline int Error::code() const { return 7; }
inline int Error::count() { return 1; }
inline int peek(const Error &e) { return e.code(); }

static int twice(int);
inline int twice(int x) { return 2 * x; }
extern int thrice(int);
inline int thrice(int x) { return 3 * x; }
template <class T> T ident(T);
template <class T> inline T ident(T x) { return x; }
int after();
inline int after() { return 5; }
int after();

const char *message() { return "error"; }

__global__ void fill(int *out, int v) { out[threadIdx.x] = v; }

int main() {
  int *d = nullptr;
  cudaMalloc(&d, 4 * sizeof(int));
  int v = twice(1) + thrice(1) + ident(1) + after() + Error::count();
  fill<<<1, 4>>>(d, v);
  cudaDeviceSynchronize();
  cudaFree(d);
  Error e;
  std::printf("%s %d %d\n", e.what(), e.code(), peek(e));
  return 0;
}
//@ kernel _Z4fillPii
//@ launch _Z4fillPii grid=1,1,1 block=4,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:12
