//! kind: fail
// The input ends inside a class: cudafe++ reports the class's "}" first (it reads member
// function bodies after the class), then what the member function's body still needed, its
// "}", the ";" after the class, and the namespace's "}", each brace with a note. A function
// with a value that ends at the end of the input gets #940 there (a host function).
//~! At end of source: error: expected a "}"
//~! At end of source: warning #940-D: missing return statement at end of non-void function "geo::Vec3::dot"
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
//~! At end of source: error: expected a "}"
//~! At end of source: error: expected a ";"
//~! At end of source: error: expected a "}"
namespace geo { //~ note #3196-D: to match this "{"
struct Vec3 { //~ note #3196-D: to match this "{"
  float x, y, z;
  __host__ float dot(const Vec3 &o) const { //~ note #3196-D: to match this "{"
    float r = x * o.x;
    r += y * o.y;
