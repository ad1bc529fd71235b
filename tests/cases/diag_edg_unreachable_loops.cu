//! kind: compile
// EDG's reachability, as cudafe++ follows it: #128 for a loop that control cannot reach (the
// first statement with code after a jump, in host, device and template code alike), and #940
// when the end of a non-void function is reachable again through a loop's head or a label.
// A local read in a `while` condition before anything sets it is reported (#549), a read in
// the body of a loop around the declaration is not, one declared inside the loop is.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
int after_return(int y) {
  return 1;
  while (y) { y--; } //~ warning #128-D: loop is not reachable
} //~ warning #940-D: missing return statement at end of non-void function "after_return"
int both_branches(int y) {
  if (y) return 1; else return 2;
  for (;;) {} //~ warning #128-D: loop is not reachable
}
int after_throw(int y) {
  throw 1;
  do { y++; } while (y < 3); //~ warning #128-D: loop is not reachable
  return y;
}
int after_endless_loop(int y) {
  for (;;) {}
  while (y) {} //~ warning #128-D: loop is not reachable
  return 0;
}
int loop_with_break(int y) {
  while (1) { if (y) break; }
  while (y) {}
  return 0;
}
int label_reached(int y) {
  goto L;
  while (y) {} //~ warning #128-D: loop is not reachable
L:
  return 0;
}
int first_code_is_not_a_loop(int y) {
  return 1;
  int z = 0;
  while (z) {}
} //~ warning #940-D: missing return statement at end of non-void function "first_code_is_not_a_loop"
int no_code_before(int y) {
  return 1;
  typedef int T;
  static_assert(sizeof(T) == 4, "");
  {}
  ;
  while (y) {} //~ warning #128-D: loop is not reachable
} //~ warning #940-D: missing return statement at end of non-void function "no_code_before"
int in_switch(int y) {
  switch (y) {
  case 1:
    return 1;
    while (y) {} //~ warning #128-D: loop is not reachable
  default:
    return 2;
  }
  while (y) {} //~ warning #128-D: loop is not reachable
} //~ warning #940-D: missing return statement at end of non-void function "in_switch"
int nested_block(int y) {
  return 1;
  { while (y) {} } //~ warning #128-D: loop is not reachable
} //~ warning #940-D: missing return statement at end of non-void function "nested_block"
int do_always_returns(int y) {
  do { return 1; } while (y);
  while (y) {} //~ warning #128-D: loop is not reachable
} //~ warning #940-D: missing return statement at end of non-void function "do_always_returns"
int constant_condition(int y) {
  if (1) return 1;
  while (y) {} //~ warning #128-D: loop is not reachable
} //~ warning #940-D: missing return statement at end of non-void function "constant_condition"
int loop_in_if(int y) {
  return 1;
  if (y) { while (y) {} }
} //~ warning #940-D: missing return statement at end of non-void function "loop_in_if"
int unreachable_switch(int y) {
  return 1;
  switch (y) { case 1: break; }
}
__device__ int in_device(int y) {
  return 1;
  while (y) {} //~ warning #128-D: loop is not reachable
}
__host__ __device__ int in_host_device(int y) {
  return 1;
  for (; y;) {} //~ warning #128-D: loop is not reachable
} //~ warning #940-D: missing return statement at end of non-void function "in_host_device"
template <class T> int in_template(T y) {
  return 1;
  while (y) {} //~ warning #128-D: loop is not reachable
}
void in_lambda(int y) {
  auto l = [](int v) { return; while (v) {} }; //~ warning #128-D: loop is not reachable
  l(y);
}
int read_in_condition(int y) {
  int z;
  while (z) { z = 1; } //~ warning #549-D: variable "z" is used before its value is set
  return y;
}
int read_in_body(int y) {
  int z;
  while (y) { y = z; }
  return y;
}
int declared_in_body(int y) {
  while (y) {
    int q;
    y = q; //~ warning #549-D: variable "q" is used before its value is set
  }
  return y;
}
__global__ void k(int *p) { *p = in_device(*p) + in_host_device(*p); }
int main() {
  in_lambda(0);
  return in_template(0) + read_in_condition(0) + read_in_body(0) + declared_in_body(0);
}
