//! kind: compile
// An alignment smaller than a class's natural one, asked for without `packed`, is ignored
// with warning #1160 (a TMA parameter block `__align__(64)` around a `CUtensorMap`, which
// CUDA 13 aligns to 128): at the attribute for a class, at the name for a data member.
// Typedefs and variables may reduce alignment; `packed` classes too; larger ones are fine.
#include <cuda.h>

struct __align__(64) TmaParams { //~ warning #1160-D: a reduction in alignment without the "packed" attribute is ignored
  CUtensorMap map;
  int rows;
};
struct alignas(4) Pair { //~ warning #1160-D: a reduction in alignment without the "packed" attribute is ignored
  double a, b;
};
struct Member {
  int x __attribute__((aligned(1))); //~ warning #1160-D: a reduction in alignment without the "packed" attribute is ignored
  double y;
};
struct __attribute__((aligned(2), packed)) Packed { double d; };
struct __align__(16) Wider { double d; };
typedef double __attribute__((aligned(4))) loose_double;
int loose __attribute__((aligned(1)));

__global__ void k(const __grid_constant__ TmaParams p, Pair *q, Member *m, Packed *pk, Wider *w) {
  if (q) q->a = p.rows;
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
