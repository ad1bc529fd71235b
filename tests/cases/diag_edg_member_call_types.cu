//! kind: fail
// A call of a member function has the type the function returns, when its class is known
// and has the one function by that name (`obj.f()`, `p->f()`, `S::f()`, or `f()` in a
// member): an undeclared function called with such an argument is undefined (argument-
// dependent lookup finds nothing for an `int` or a `bool`), and the value is converted as
// any other. Test macros left undefined (Catch2's REQUIRE, gtest's EXPECT_EQ) meet this.
#include <cuda_runtime.h>
namespace geo {
struct Grid {
  int cells() const;
  float *data();
  static unsigned count();
};
}
struct Probe {
  bool ready();
  static bool armed();
  int level() const;
  void scan() { REPORT(level()); } //~ error: identifier "REPORT" is undefined
};
void use(int *p);
void check(geo::Grid g, geo::Grid *pg, Probe probe) {
  REQUIRE(probe.ready()); //~ error: identifier "REQUIRE" is undefined
  CHECK(pg->cells()); //~ error: identifier "CHECK" is undefined
  VERIFY(Probe::armed()); //~ error: identifier "VERIFY" is undefined
  EXPECT_EQ(geo::Grid::count(), 3u); //~ error: identifier "EXPECT_EQ" is undefined
  int *cells = g.cells(); //~ error: a value of type "int" cannot be used to initialize an entity of type "int *"
  float *values = g.data();
  use(pg->data()); //~ error: argument of type "float *" is incompatible with parameter of type "int *"
  (void)cells; (void)values;
}
