//! kind: fail
// main may not be a __global__ function.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__global__ void main() {}
//~^ warning #951-D: return type of function "main" must be "int"
//~^^ error: function main cannot be marked __device__ or __global__
