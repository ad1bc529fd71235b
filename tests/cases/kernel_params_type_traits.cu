//! kind: compile
// Template kernels whose parameter types go through libstdc++'s type traits: std::decay_t
// (its selector's defaults read is_array, whose partial specializations `_Tp[_Size]` take
// no scalar), std::is_enum (`__is_enum(T)`), std::is_class, std::conditional_t, and
// std::make_unsigned_t (a partial specialization's member alias naming another one).
#include <type_traits>

enum class Mode { fast, exact };
struct Options { int level; };
template <bool B> struct Flag {};

template <class T> __global__ void store(T *p, std::decay_t<const T &> v) { *p = v; }
template <class T>
__global__ void pick(T *p, Flag<std::is_enum<Mode>::value>, Flag<std::is_class<Options>::value>,
                     Flag<std::is_array<int>::value>) {}
template <class T>
__global__ void widen(T *p, std::conditional_t<std::is_const<const int>::value, long, int> n) {
  p[0] = static_cast<T>(n);
}

template <class T>
__global__ void count(T *p, std::make_unsigned_t<int> n, std::make_unsigned_t<T> m) {
  p[0] = static_cast<T>(n + m);
}

void run(float *p, int *q) {
  count<<<1, 1>>>(q, 1u, 2u);
  store<<<1, 1>>>(p, 1.0f);
  store<int><<<1, 1>>>(q, 2);
  pick<<<1, 1>>>(p, {}, {}, {});
  widen<<<1, 1>>>(q, 3L);
}
