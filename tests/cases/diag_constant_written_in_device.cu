//! kind: fail
// A `__constant__` variable is read-only: writing it (an assignment, a compound
// assignment, an increment or a decrement) in any function, templates included, is #137,
// not the #20092 a `__device__` variable written in host code gets. Its elements and
// members are not checked (cudafe++ leaves `table[0] = 1` alone).
struct Pair {
  int a;
  int b[2];
};
__constant__ int scale;
__constant__ int table[4];
__constant__ Pair pair;
__device__ int counter;
__device__ void set_scale() {
  scale = 1; //~ error: expression must be a modifiable lvalue
}
__host__ __device__ void set_both() {
  scale = 2; //~ error: expression must be a modifiable lvalue
  counter = 3; //~ warning #20092-D: a __device__ variable "counter" cannot be directly written in a host function
}
__global__ void steps() {
  scale += 1; //~ error: expression must be a modifiable lvalue
  ++scale; //~ error: expression must be a modifiable lvalue
  scale--; //~ error: expression must be a modifiable lvalue
}
__global__ void parts() {
  table[0] = 1;
  pair.a = 2;
  pair.b[1] = 3;
  int x = scale + table[1];
  (void)x;
}
template <class T>
__global__ void in_template(T v) {
  scale = 1; //~ error: expression must be a modifiable lvalue
  (void)v;
}
void host_side() {
  scale = 4; //~ error: expression must be a modifiable lvalue
  scale++; //~ error: expression must be a modifiable lvalue
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
