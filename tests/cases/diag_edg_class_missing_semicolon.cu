//! kind: fail
// A class or enum definition not followed by `;`: where the next declaration starts (a
// type specifier or a declaration's keyword; qualifiers and storage classes still belong
// to the definition's declaration), cudafe++ says a ";" is expected, and goes on with the
// class defined and the next declaration read as written.
struct A { int a; }
struct B { int b; }; //~ error: expected a ";"
enum E { e1, e2 }
int y = e2; //~ error: expected a ";"
struct H { int h; }
const int k = 1; //~ error: expected a ";"
struct I { int i; }
static int si; //~ error: expected a ";"
union U { int u; float f; }
namespace N { int n; } //~ error: expected a ";"
struct J { int j; }
using V = int; //~ error: expected a ";"
struct O {
  struct In { int x; }
  int m; //~ error: expected a ";"
};
void f() {
  struct L { int l; }
  int q = 1; //~ error: expected a ";"
  L l{q};
  (void)l;
}
int main() { A a{1}; B b{2}; H h{3}; I i{4}; J j{5}; return a.a + b.b + h.h + i.i + j.j + y + k + si + N::n + V(0); }
