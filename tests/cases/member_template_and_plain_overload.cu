//! kind: compile
//! nvcc: -Xcompiler -Werror
// A class may declare a member template and a plain member of one name and parameter list
// (PyTorch's `at::Tensor` has `template <class T> T item() const;` beside
// `Scalar item() const;`): a definition outside the class without a template head is the
// plain member's, one with a head more than the class needs is the template's. Only the
// plain member is inline (cudafe++ writes `inline` on each of its declarations, so a
// virtual one is no key function and the class's vtable goes with the first other one).
#include <cuda_runtime.h>
struct Tensor {
  template <typename T> T item() const;
  int item() const;
  template <typename T> T get(int i) const;
  long get(int i) const;
  int v;
};
inline int Tensor::item() const { return v; }
template <typename T> T Tensor::get(int i) const { return T(v + i); }
inline long Tensor::get(int i) const { return v - i; }

template <class T> struct Box {
  template <class U> U as() const;
  T as() const;
  T x;
};
template <class T> T Box<T>::as() const { return x; }
template <class T> template <class U> U Box<T>::as() const { return U(x); }

struct Shape {
  template <class T> T area() const;
  virtual int area() const;
  virtual ~Shape();
};
inline int Shape::area() const { return 2; }
Shape::~Shape() {}

__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }

int run(const Tensor &t, float *d) {
  Box<int> b{3};
  scale<<<1, 32>>>(d, float(t.item() + t.get(1) + t.get<short>(2)));
  Shape s;
  return t.item<int>() + t.item() + b.as() + b.as<char>() + s.area();
}
