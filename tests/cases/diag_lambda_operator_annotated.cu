//! kind: fail
// An execution space annotation after a lambda's parameter list is rejected.
// It would annotate operator() itself; rejected with or without --extended-lambda.
// (The wiki writes extended lambdas as `[x, y]() __device__ { ... }`; that form is this error.)
void f() {
  auto d = [] (int x) __device__ { return x; };
  //~^ error: The operator() function for a lambda cannot be explicitly annotated with execution space annotations (__host__/__device__/__global__), the annotations are derived from its closure class
}
