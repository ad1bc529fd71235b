//! kind: fail
// A `return` whose value does not parse is still a return: the end of the function is not
// reached, and no "missing return statement" follows the syntax error. A function whose
// broken statement is something else still falls off its end.
int scaled(int v) { return v +; } //~ error: expected an expression
int offset(int v) { int x = v +; } //~ error: expected an expression
//~^ warning #940-D: missing return statement at end of non-void function "offset"
int pick(int v) {
  if (v) return v * ; //~ error: expected an expression
  return 0;
}
int main() { return scaled(1) + offset(2) + pick(3); }
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
