//! kind: fail
// A value of a type without classes (a number, an enumerator, a pointer) where an object of
// a class that declares no constructor is initialized — a parameter, `= e`, `return e;` —
// cannot become one: only the implicit copy and move constructors could convert it.
// CUDA 13 made the device arguments of cudaMemAdvise and cudaMemPrefetchAsync a
// `cudaMemLocation`, so code written for CUDA 12 meets this.
#include <cuda_runtime.h>
namespace geo {
struct Point { int x, y; };
}
typedef struct { float lo, hi; } Range;
union Bits { int i; float f; };
enum class Mode { Fast };
struct Scaled { Scaled(int); };
void plot(geo::Point p);
void clamp(Range r, int n);
void store(Bits b);
void rescale(Scaled s);
geo::Point origin() {
  return 0; //~ error: no suitable constructor exists to convert from "int" to "geo::Point"
}
int main() {
  int n = 2;
  size_t bytes = sizeof(int);
  plot(1); //~ error: no suitable constructor exists to convert from "int" to "geo::Point"
  plot(Mode::Fast); //~ error: no suitable constructor exists to convert from "Mode" to "geo::Point"
  plot(&n); //~ error: no suitable constructor exists to convert from "int *" to "geo::Point"
  clamp(bytes, 1); //~ error: no suitable constructor exists to convert from "size_t" (aka "unsigned long") to "Range"
  store(1.5f); //~ error: no suitable constructor exists to convert from "float" to "Bits"
  rescale(3); // converts with Scaled(int)
  const geo::Point p = 'c'; //~ error: no suitable constructor exists to convert from "char" to "geo::Point"
  geo::Point q = {1, 2}; // aggregate initialization
  geo::Point r = q;
  int *d = nullptr;
  cudaMemAdvise(d, bytes, cudaMemAdviseSetReadMostly, 0); //~ error: no suitable constructor exists to convert from "int" to "cudaMemLocation"
  cudaMemLocation here = 0; //~ error: no suitable constructor exists to convert from "int" to "cudaMemLocation"
  (void)p; (void)r; (void)here;
  return 0;
}
