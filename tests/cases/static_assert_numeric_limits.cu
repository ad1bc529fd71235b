//! kind: compile
// static_assert over libstdc++'s numeric_limits: `digits` of the unsigned specializations
// is `sizeof(T) * 8 - ((T)(-1) < 0)`, whose cast to an unsigned type matters, and members
// found through a non-template base (`__numeric_limits_base`) or a class template's base
// may be hidden by a specialization the arguments select.
#include <limits>

static_assert(std::numeric_limits<unsigned int>::digits == 32, "unsigned int");
static_assert(std::numeric_limits<unsigned>::digits == 32, "unsigned");
static_assert(std::numeric_limits<unsigned char>::digits == 8, "unsigned char");
static_assert(std::numeric_limits<int>::digits == 31, "int");
static_assert(!std::numeric_limits<float>::is_integer, "float");
static_assert(((unsigned short)(-1)) == 65535, "cast");

struct Base { static constexpr int n = 3; };
template <class T> struct Derived : T {};
static_assert(Derived<Base>::n == 3, "through a dependent base");

template <typename T> struct Checked {
  static_assert(std::numeric_limits<T>::is_integer, "integers only");
};
Checked<long> checked;

__global__ void fill(unsigned *p) { p[threadIdx.x] = 0xffffffffu; }
void launch(unsigned *p) { fill<<<1, 32>>>(p); }
