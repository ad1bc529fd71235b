//! kind: fail
// Operators applied to objects of classes that declare none (no member function, base or
// friend): "no operator ... matches these operands" with
// the operands' types and a note for each built-in candidate at the first operand it cannot
// take — CUDA's vector types without a header that defines their arithmetic. For `=` the
// candidates are the class's implicit assignment operators. Such an object where a number
// belongs has no conversion function; as a condition it is no bool; it cannot be called
// and has no `->`. Operators on classes that declare them, and on numbers, are left alone.
struct Pt { int x, y; }; //~ note #3326-D: function "Pt::operator=(Pt &&)" does not match because argument #1 does not match parameter
//~^ note #3326-D: function "Pt::operator=(const Pt &)" does not match because argument #1 does not match parameter
enum Mode { Fast, Slow };

__device__ float4 scale(float4 a, float4 b, float s) {
  float4 c = a + b; //~ error: no operator "+" matches these operands
  //~^ note #3328-D: built-in operator+(<promoted arithmetic>, <promoted arithmetic>) does not match because argument #1 does not match parameter
  //~^^ note #3328-D: built-in operator+(<pointer to object>, <ptrdiff_t>) does not match because argument #1 does not match parameter
  //~^^^ note #3328-D: built-in operator+(<ptrdiff_t>, <pointer to object>) does not match because argument #1 does not match parameter
  c *= s; //~ error: no operator "*=" matches these operands
  //~^ note #3328-D: built-in operator*=(<arithmetic>, <promoted arithmetic>) does not match because argument #1 does not match parameter
  return c;
}

struct Vec { float v; };
__host__ __device__ Vec operator+(Vec a, Vec b) { return Vec{a.v + b.v}; }
__host__ __device__ bool operator==(Vec a, Vec b) { return a.v == b.v; }

int host(Pt p, Pt q, int *ip, int i, Mode m, Vec u, Vec w) {
  Vec sum = u + w;
  bool same = u == w;
  (void)(2 * p); //~ error: no operator "*" matches these operands
  //~^ note #3328-D: built-in operator*(<promoted arithmetic>, <promoted arithmetic>) does not match because argument #2 does not match parameter
  (void)(ip - p); //~ error: no operator "-" matches these operands
  //~^ note #3328-D: built-in operator-(<promoted arithmetic>, <promoted arithmetic>) does not match because argument #1 does not match parameter
  //~^^ note #3328-D: built-in operator-(<pointer to object>, <ptrdiff_t>) does not match because argument #2 does not match parameter
  //~^^^ note #3328-D: built-in operator-(<pointer to object>, <pointer to object>) does not match because argument #2 does not match parameter
  (void)(m < p); //~ error: no operator "<" matches these operands
  //~^ note #3328-D: built-in operator<(<promoted arithmetic>, <promoted arithmetic>) does not match because argument #2 does not match parameter
  //~^^ note #3328-D: built-in operator<(<enum>, <enum>) does not match because argument #2 does not match parameter
  //~^^^ note #3328-D: built-in operator<(<nullptr>, <nullptr>) does not match because argument #1 does not match parameter
  (void)(p != nullptr); //~ error: no operator "!=" matches these operands
  //~^ note #3328-D: built-in operator!=(<promoted arithmetic>, <promoted arithmetic>) does not match because argument #1 does not match parameter
  //~^^ note #3328-D: built-in operator!=(<nullptr>, <nullptr>) does not match because argument #1 does not match parameter
  (void)(i && p); //~ error: no operator "&&" matches these operands
  //~^ note #3328-D: built-in operator&&(<bool>, <bool>) does not match because argument #2 does not match parameter
  i %= p; //~ error: no operator "%=" matches these operands
  //~^ note #3328-D: built-in operator%=(<integral>, <promoted integral>) does not match because argument #2 does not match parameter
  p = 1; //~ error: no operator "=" matches these operands
  p = q;
  (void)(-p); //~ error: no operator "-" matches these operands
  //~^ note #3328-D: built-in operator-(<promoted arithmetic>) does not match because argument #1 does not match parameter
  p++; //~ error: no operator "++" matches these operands
  //~^ note #3328-D: built-in operator++(<non-bool arithmetic>, <integral>) does not match because argument #1 does not match parameter
  //~^^ note #3328-D: built-in operator++(<pointer to object>, <integral>) does not match because argument #1 does not match parameter
  (void)(ip[p]); //~ error: no operator "[]" matches these operands
  //~^ note #3328-D: built-in operator[](<pointer to object>, <ptrdiff_t>) does not match because argument #2 does not match parameter
  //~^^ note #3328-D: built-in operator[](<ptrdiff_t>, <pointer to object>) does not match because argument #1 does not match parameter
  if (p) { //~ error: expression must have bool type (or be convertible to bool)
    return p; //~ error: no suitable conversion function from "Pt" to "int" exists
  }
  int n = q; //~ error: no suitable conversion function from "Pt" to "int" exists
  (void)p(); //~ error: call of an object of a class type without appropriate operator() or conversion functions to pointer-to-function type
  return p->x + n + i * 2; //~ error: operator -> or ->* applied to "Pt" instead of to a pointer type
}

// Operator functions that cannot take the operands are candidates too, listed before the
// built-in ones: those ordinary lookup finds, the last declared first, then those of the
// operands' namespaces; a function its scope does not overload goes by its name alone.
namespace geo { struct P { float x, y; }; P operator-(P, P); } //~ note #3326-D: function "geo::operator-" does not match because argument #2 does not match parameter
struct W { float w; };
W operator-(W, W); //~ note #3326-D: function "operator-(W, W)" does not match because argument #1 does not match parameter
W operator-(W, int); //~ note #3326-D: function "operator-(W, int)" does not match because argument #1 does not match parameter
//~^ note #3326-D: function "operator-(W, int)" does not match because argument #1 does not match parameter
//~^^^ note #3326-D: function "operator-(W, W)" does not match because argument #1 does not match parameter
void mixed(geo::P p, W w, float4 f) {
  (void)(p - 1); //~ error: no operator "-" matches these operands
  //~^ note #3328-D: built-in operator-(<promoted arithmetic>, <promoted arithmetic>) does not match because argument #1 does not match parameter
  //~^^ note #3328-D: built-in operator-(<pointer to object>, <ptrdiff_t>) does not match because argument #1 does not match parameter
  (void)(f - w); //~ error: no operator "-" matches these operands
  //~^ note #3328-D: built-in operator-(<promoted arithmetic>, <promoted arithmetic>) does not match because argument #1 does not match parameter
  //~^^ note #3328-D: built-in operator-(<pointer to object>, <ptrdiff_t>) does not match because argument #1 does not match parameter
}
