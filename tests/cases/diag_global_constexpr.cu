//! kind: fail
// A constexpr __global__ function gets only warning #20050-D from cudafe++.
// The error "A __global__ function or function template cannot be marked constexpr" (20118)
// comes from cicc, so a constexpr kernel alone passes cudafe++ and fails in cicc. Here the
// int return type makes cudafe++ itself fail.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
constexpr __global__ int k() { return 0; }
//~^ warning #20050-D: inline qualifier ignored for "__global__" function
//~^^ error: a __global__ function must have a void return type
