//! kind: fail
// Copy-initializing an object of a class that has constructors (a parameter, `= e`,
// `return e;`) from a number, an enumerator or a pointer takes a constructor that is not
// explicit, can be called with that one argument, and takes it by standard conversions
// only: a parameter of another class would need a second user-defined conversion, a `T &`
// binds only an object of its type, a `T &&` only a temporary. When none does, the value
// cannot become the class; when the one that does is deleted, it cannot be called.
#include <cuda_runtime.h>
#include <cstddef>
struct Handle { explicit Handle(int fd); };
struct Label { Label(const char *text); };
struct Extent { Extent(int w, int h); };
struct Span { Span(int n, int stride = 1); };
struct Gain { Gain(double g); };
enum class Unit { Meter };
struct Length { Length(Unit u); };
struct Slot { Slot(int &r); };
struct Value { Value(const int &r); };
struct Sink { Sink(int &&r); };
struct Wrapper { Wrapper(const Handle &h); };
struct Any { Any(...); };
struct Flag { Flag(bool b); };
struct Bytes { Bytes(std::size_t n); };
struct OnStream { OnStream(cudaStream_t s); };
struct Vec2 { Vec2(float2 v); };
struct NoCopy {
  NoCopy(int) = delete;
  NoCopy(const char *);
  NoCopy(const NoCopy &) = delete;
};
struct Picky { Picky(const char *); Picky(double); };
void open_handle(Handle h);
void show(Label l);
void resize(Extent e);
void stride(Span s);
void amplify(Gain g);
void measure(Length l);
void bind(Slot s);
void keep(Value v);
void take(Sink s);
void wrap(Wrapper w);
void accept(Any a);
void test(Flag f);
void reserve(Bytes b);
void enqueue(OnStream s);
void move(Vec2 v);
void hold(NoCopy n);
void pick(Picky p);
Handle make_handle() {
  return 3; //~ error: no suitable constructor exists to convert from "int" to "Handle"
}
Span make_span() { return 4; } // Span(int, int = 1)
int main() {
  int n = 1;
  long wide = 2;
  const int fixed = 3;
  int *p = &n;
  Unit u = Unit::Meter;
  open_handle(1); //~ error: no suitable constructor exists to convert from "int" to "Handle"
  show(1); //~ error: no suitable constructor exists to convert from "int" to "Label"
  show(0); // a null pointer constant
  resize(1); //~ error: no suitable constructor exists to convert from "int" to "Extent"
  stride(1);
  amplify(n);
  measure(n); //~ error: no suitable constructor exists to convert from "int" to "Length"
  measure(u);
  bind(1); //~ error: no suitable constructor exists to convert from "int" to "Slot"
  bind(n);
  bind(wide); //~ error: no suitable constructor exists to convert from "long" to "Slot"
  bind(fixed); //~ error: no suitable constructor exists to convert from "const int" to "Slot"
  keep(1);
  take(n); //~ error: no suitable constructor exists to convert from "int" to "Sink"
  take(wide);
  wrap(1); //~ error: no suitable constructor exists to convert from "int" to "Wrapper"
  accept(1);
  test(p);
  reserve(p); //~ error: no suitable constructor exists to convert from "int *" to "Bytes"
  enqueue(0);
  enqueue(n); //~ error: no suitable constructor exists to convert from "int" to "OnStream"
  move(n); //~ error: no suitable constructor exists to convert from "int" to "Vec2"
  hold(1); //~ error: function "NoCopy::NoCopy(int)" (declared at line 27) cannot be referenced -- it is a deleted function
  pick(1);
  Handle h = 5; //~ error: no suitable constructor exists to convert from "int" to "Handle"
  Label l = p; //~ error: no suitable constructor exists to convert from "int *" to "Label"
  dim3 grid = p; //~ error: no suitable constructor exists to convert from "int *" to "dim3"
  dim3 block = 256;
  (void)h; (void)l; (void)grid; (void)block;
  return 0;
}
