//! kind: fail
// A __global__ function can be declared, but not defined, in a friend declaration.
// The in-class friend definition is implicitly inline, so #20050-D comes first.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
struct S {
  friend __global__ void k1(S);       // declaration only: accepted
  friend __global__ void k2(S) {}
  //~^ warning #20050-D: inline qualifier ignored for "__global__" function
  //~^^ error: A __global__ function or function template cannot be defined in a friend declaration
};
