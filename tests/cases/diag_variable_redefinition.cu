//! kind: fail
// A variable defined twice in one translation unit (two copies of a header without include
// guards, or a file that defines what its header already does, as llm.c's dev kernels
// did with `cublas_handle`): #3369 names it `variable` (`member` for a static data member
// defined outside its class) and points at the first definition. Declarations that are
// not definitions (`extern` without an initializer) do not count.
#include <cuda_runtime.h>

static int handle;
static int handle;
//~^ error: variable "handle" has already been defined (previous definition at line 9)
extern int later;
int later = 1;
int later = 2;
//~^ error: variable "later" has already been defined (previous definition at line 13)
extern int later;
namespace cfg { float scale = 2.0f; }
namespace cfg { float scale = 3.0f; }
//~^ error: variable "cfg::scale" has already been defined (previous definition at line 17)
namespace { int hidden = 1; }
namespace { int hidden = 2; }
//~^ error: variable "<unnamed>::hidden" has already been defined (previous definition at line 20)
__device__ int dv;
__device__ int dv;
//~^ error: variable "dv" has already been defined (previous definition at line 23)
struct S { static int m; static const int c = 4; };
int S::m = 1;
int S::m = 2;
//~^ error: member "S::m" has already been defined (previous definition at line 27)
const int S::c;
extern "C" int shared_count;
int shared_count = 0;

__global__ void k(int *p) { *p = S::c; }
int main() { return handle + later + shared_count; }
