//! kind: fail
// An undeclared identifier is reported at its first use only: EDG enters it into the
// scope of that use, so later uses there and in nested scopes are quiet, and uses after
// the scope has closed are reported again. Blocks, the bodies of if/else/loops/switch,
// for statements with an init-statement, range-for statements, conditions that declare,
// lambda bodies, and each function's body are scopes; a plain `if`, `while`, `switch` or
// `for (;;)` condition and a `do` condition belong to the enclosing one.
#define FEATURE_ON(x) if constexpr (x) { if (x) { (void)(x); } }
__device__ int same_statement() {
  int a = missing_a + missing_a; //~ error: identifier "missing_a" is undefined
  { int b = missing_a; (void)b; }
  return a;
}
__device__ void macro_expanded() {
  FEATURE_ON(FLAG_X) //~ error: identifier "FLAG_X" is undefined
  FEATURE_ON(FLAG_Y) //~ error: identifier "FLAG_Y" is undefined
  FEATURE_ON(FLAG_X)
}
void blocks() {
  { int e = in_block; (void)e; } //~ error: identifier "in_block" is undefined
  int d = in_block; //~ error: identifier "in_block" is undefined
  (void)d;
}
void conditions(int c) {
  while (in_while) {} //~ error: identifier "in_while" is undefined
  (void)in_while;
  do {} while (in_do); //~ error: identifier "in_do" is undefined
  (void)in_do;
  for (; in_for;) {} //~ error: identifier "in_for" is undefined
  (void)in_for;
  for (int i = 0; i < in_for_init; ++i) {} //~ error: identifier "in_for_init" is undefined
  (void)in_for_init; //~ error: identifier "in_for_init" is undefined
  if (int q = in_if_decl) {} //~ error: identifier "in_if_decl" is undefined
  (void)in_if_decl; //~ error: identifier "in_if_decl" is undefined
  if (c) (void)in_then; else (void)in_then; //~ error: identifier "in_then" is undefined
  //~^ error: identifier "in_then" is undefined
  switch (c) { case 1: (void)in_case; break; default: (void)in_case; } //~ error: identifier "in_case" is undefined
}
void lambdas() {
  int w = outer_first; //~ error: identifier "outer_first" is undefined
  auto l = [] { return outer_first; };
  auto m = [] { return inner_first; }; //~ error: identifier "inner_first" is undefined
  int v = inner_first; //~ error: identifier "inner_first" is undefined
  (void)w; (void)l; (void)m; (void)v;
}
void other_function() {
  (void)missing_a; //~ error: identifier "missing_a" is undefined
}
void undeclared_type_first() {
  // `T x(y);` with `T` undeclared: EDG reports `T`, takes it for a type, then reads `y`.
  lock_type guard(missing_lock); //~ error: identifier "lock_type" is undefined
  //~^ error: identifier "missing_lock" is undefined
  lock_type2 guard2(1, missing_lock); //~ error: identifier "lock_type2" is undefined
}
__global__ void value_then_type(int n) {
  // A use as a value enters the name into the block (in a statement that fails too, where
  // it is reported before the syntax error): a later `index_t x` there is an expression.
  index_t idx = threadIdx.x + blockDim.x * (index_t)blockIdx.x; //~ error: identifier "index_t" is undefined
  //~^ error: identifier "index_t" is undefined
  //~^^ error: expected a ";"
  index_t rev = idx + n; //~ error: expected a ";"
}
void value_first() {
  int c = (foo_t)3; //~ error: identifier "foo_t" is undefined
  //~^ error: expected a ";"
  foo_t d = 4; //~ error: expected a ";"
}
void nested_failure() {
  // A statement in a lambda that fails reports its names; the statement around it, which
  // fails after the lambda, does not report them again.
  int a = [&] { (void)u1; bad1 bad2; return 1; }() nope; //~ error: identifier "u1" is undefined
  //~^ error: identifier "bad1" is undefined
  //~^^ error: expected a ";"
  int b = u2 + 1 junk; //~ error: identifier "u2" is undefined
  //~^ error: expected a ";"
}
