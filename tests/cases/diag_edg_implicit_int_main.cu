//! kind: fail
// `main` declared without a return type is an `int` function with a warning only, unlike
// other functions declared without a type (see diag_edg_implicit_int). The error below
// makes the case fail, as the host compiler would.
main(int argc, char **argv) { //~ warning #938-D: return type "int" omitted in declaration of function "main"
  return argc + undefined_offset; //~ error: identifier "undefined_offset" is undefined
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
