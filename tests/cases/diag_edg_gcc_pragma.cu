//! kind: compile
// #1675 for a `#pragma GCC` EDG does not know, at the word after `GCC` (where it is
// missing: at the end of the line), at namespace scope and in bodies (host and device):
// `unroll` and `optimize` among them. Not for `diagnostic`, `visibility`, `push_options`,
// `pop_options`, `reset_options`, `target` or `ivdep`, nor for a lowercase `gcc`.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#pragma GCC foo
//~^ warning #1675-D: unrecognized GCC pragma
#pragma GCC optimize("O3")
//~^ warning #1675-D: unrecognized GCC pragma
#pragma GCC push_options
#pragma GCC pop_options
#pragma GCC reset_options
#pragma GCC target("avx2")
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wall"
#pragma GCC diagnostic pop
#pragma GCC visibility push(default)
#pragma GCC visibility pop
#pragma GCC novector
//~^ warning #1675-D: unrecognized GCC pragma
#pragma GCC
//~^ warning #1675-D: unrecognized GCC pragma
#pragma gcc unroll 4
void f(int *p) {
#pragma GCC unroll 8
  //~^ warning #1675-D: unrecognized GCC pragma
  for (int i = 0; i < 8; i++) p[i] = i;
#pragma GCC ivdep
  for (int i = 0; i < 8; i++) p[i] += i;
}
__global__ void k(int *p) {
#pragma GCC unroll 2
  //~^ warning #1675-D: unrecognized GCC pragma
  for (int i = 0; i < 2; i++) p[i] = i;
}
