//! kind: compile
// The unit's first eligible definition returns std::string: its linkage name, which the
// module id is made from, carries the return type's ABI tag (`_Z5labelB5cxx11i`), though
// libstdc++ gives the tag to the inline namespace std::__cxx11, not to the class.
#include <list>
#include <string>

std::string label(int n) { return std::to_string(n); }

// Tags already in the parameters are not repeated; explicit tags count too.
std::string echo(std::string s) { return s; }
struct __attribute__((abi_tag("v2"))) Options { int level; };
Options defaults(std::list<int> *) { return {1}; }

__global__ void scale(float *p, float s) { p[threadIdx.x] *= s; }

void run(float *p) { scale<<<1, 32>>>(p, 2.0f); }
