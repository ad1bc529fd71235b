//! kind: fail
// After "expected a ;" where a `{` follows a declaration at namespace scope (a test
// framework's macro left undefined before its body), or after a declaration whose first
// name is undeclared, cudafe++ skips to the next `;` outside brackets, whole brace groups
// and definitions included, and says where parsing restarts when that is three lines or
// more below the error. What it skipped declares nothing, the declaration it restarted at
// included.
#include <cuda_runtime.h>
int suite_setup(1)
{ //~ error: expected a ";"
  int x = 0;
}
void skipped_helper() {}
int skipped_value(2)
{
}
int resumed; //~ warning #12-D: parsing restarts here after previous syntax error
UNDECLARED_EXPORT int total = 1 //~ error: this declaration has no storage class or type specifier
//~^ error: expected a ";"
  + 2
  + 3; //~ warning #12-D: parsing restarts here after previous syntax error
int after = resumed; //~ error: identifier "resumed" is undefined
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
