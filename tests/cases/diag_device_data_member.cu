//! kind: compile
// A memory space on a non-static data member or a parameter is ignored (#1835-D).
// (cicc prints the same six warnings again, so nvcc shows each twice.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
struct S {
  __device__ int m;                   //~ warning #1835-D: attribute "__device__" does not apply here
  __constant__ int c;                 //~ warning #1835-D: attribute "__constant__" does not apply here
  __device__ __shared__ int s;
  //~^ warning #1835-D: attribute "__device__" does not apply here
  //~^^ warning #1835-D: attribute "__shared__" does not apply here
  __managed__ int g;                  //~ warning #1835-D: attribute "__managed__" does not apply here
};
void f(__device__ int x) {}           //~ warning #1835-D: attribute "__device__" does not apply here
S s;
