//! kind: fail
// At namespace scope, a plain name followed by parentheses with no type before it declares
// an `int` for EDG: a variable initialized from what the parentheses hold (a test
// framework's macro left undefined: CHECK_SETUP(1);), or a function (a kernel written
// without its `void`, which then returns an `int`). With nothing at all before it the
// variable gets "no storage class or type specifier"; a function, or a declaration after a
// storage class, a qualifier or an attribute, gets "explicit type is missing". The
// initializer is then checked as an `int`'s. Constructors and conversion functions defined
// outside their class are named with their class, and are left alone.
#include <cuda_runtime.h>
struct Buffer { Buffer(int n); ~Buffer(); operator bool() const; };
Buffer::Buffer(int n) {}
Buffer::~Buffer() {}
Buffer::operator bool() const { return true; }
CHECK_SETUP(1); //~ error: this declaration has no storage class or type specifier
REGISTER_SUITE(alpha, beta); //~ error: this declaration has no storage class or type specifier
//~^ error: identifier "alpha" is undefined
//~^^ error: identifier "beta" is undefined
//~^^^ error: too many initializer values
SUITE_NAME("reductions"); //~ error: this declaration has no storage class or type specifier
//~^ error: a value of type "const char *" cannot be used to initialize an entity of type "int"
static RUNS(3); //~ error: explicit type is missing ("int" assumed)
FIRST(1), SECOND(2); //~ error: this declaration has no storage class or type specifier
//~^ error: this declaration has no storage class or type specifier
namespace bench { WARMUP(2); } //~ error: this declaration has no storage class or type specifier
__global__ scale(float *x, float a) { x[threadIdx.x] *= a; } //~ error: explicit type is missing ("int" assumed)
//~^ error: a __global__ function must have a void return type
helper(int v); //~ error: explicit type is missing ("int" assumed)
int main() {
  Buffer b(4);
  return b ? 0 : 1;
}
