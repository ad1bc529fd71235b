//! kind: fail
// A name qualified by `::` alone must be declared in the global scope (or made visible
// there by a using-directive).
#include <cstdio>
namespace tools {
int offset = 3;
}
using namespace tools;

int twice(int v) { return 2 * v; }

int combine() {
    return ::twice(1) + ::tools::offset + ::offset + ::thrice(2) + ::missing_value;
    //~^ error: the global scope has no "thrice"
    //~^^ error: the global scope has no "missing_value"
}

__global__ void k(int *p) { *p = 1; }

int main() {
    ::printf("%d\n", combine());
    return 0;
}
