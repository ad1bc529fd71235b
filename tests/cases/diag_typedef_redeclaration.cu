//! kind: fail
// A typedef declared again at namespace scope as another type (a kernel file that picks its
// own precision after a shared header already did, as llm.c's dev kernels do with
// `floatX`): #256 points at the first declaration. Declaring it again as the same type,
// however spelled, is allowed.
#include <cuda_bf16.h>

typedef float floatX;
typedef float *fptr;
struct Pair { int a, b; };
typedef Pair PairT;
namespace cfg { typedef int Index; }

typedef __nv_bfloat16 floatX;
//~^ error: invalid redeclaration of type name "floatX" (declared at line 8)
typedef float *fptr;
typedef const float *fptr;
//~^ error: invalid redeclaration of type name "fptr" (declared at line 9)
typedef struct Pair PairT;
namespace cfg { typedef long Index; }
//~^ error: invalid redeclaration of type name "cfg::Index" (declared at line 12)
typedef int same_t;
typedef signed int same_t;
typedef unsigned count_t;
typedef unsigned int count_t;

__global__ void k(fptr p, count_t n) { (void)p; (void)n; }
int main() { return 0; }
