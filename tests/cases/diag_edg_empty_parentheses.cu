//! kind: fail
// `()` where an expression belongs is `expected an expression` at the `)`, and the
// expression goes on. Code written for thrust 2 meets it: CCCL 3 (CUDA 13) removed
// `thrust::identity`, and `thrust::identity<T>()` then reads as the comparisons
// `thrust::identity < T > ()`.
#include <thrust/functional.h>
void consume(int);
int removed_functor() {
  int b = thrust::identity<int>()(3); //~ error: namespace "thrust" has no member "identity"
  //~^ error: type name is not allowed
  //~^^ error: expected an expression
  return b;
}
int empty_operands(int v) {
  int x = (); //~ error: expected an expression
  consume(()); //~ error: expected an expression
  if (v + ()) //~ error: expected an expression
    return 1;
  int y = v * () + 2; //~ error: expected an expression
  int d = v < unsigned > (); //~ error: type name is not allowed
  //~^ error: expected an expression
  return x + y + d;
}
int main() { return removed_functor() + empty_operands(1); }
