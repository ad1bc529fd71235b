//! kind: fail
// `++` on a bool is deprecated (#708, a warning in every mode, in templates too, at the
// operand); `--` on one is an error (#709).
struct Flags { bool ready; };
typedef bool flag_t;
void step(Flags *f, bool *p) {
  bool b = true;
  b++; //~ warning #708-D: incrementing a bool value is deprecated
  ++b; //~ warning #708-D: incrementing a bool value is deprecated
  f->ready++; //~ warning #708-D: incrementing a bool value is deprecated
  (*p)++; //~ warning #708-D: incrementing a bool value is deprecated
  flag_t q = false;
  ++q; //~ warning #708-D: incrementing a bool value is deprecated
  int n = 0;
  n++;
}
template <class T> void later(T x) {
  bool seen = false;
  seen++; //~ warning #708-D: incrementing a bool value is deprecated
  x++;
}
void down() {
  bool b = false;
  b--; //~ error: bool type is not allowed
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
