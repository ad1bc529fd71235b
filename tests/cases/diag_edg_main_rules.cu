//! kind: fail
// The rules for the global function `main`: its return type must be `int` (a warning), and
// it may not be `static` (nor `inline`: diag_edg_main_inline). Functions named `main` in
// namespaces and classes are ordinary.
static void main() {} //~ warning #951-D: return type of function "main" must be "int"
//~^ error: "static" is not allowed

namespace N {
void main() {}
static int main(int) { return 0; }
}
struct S {
  long main() { return 0; }
};
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
