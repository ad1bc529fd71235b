//! kind: compile
// A variable template with a partial specialization that SFINAE selects (`void_t` of a
// member type): which one a use takes is for instantiation, so a static_assertion on it
// is left to cudafe++'s instantiation; here both hold.
#include <cuda_runtime.h>
template <class...> using void_t = void;
template <class T, class = void> inline constexpr bool has_type = false;
template <class T> inline constexpr bool has_type<T, void_t<typename T::type>> = true;
struct Plain {};
struct WithType { using type = int; };
static_assert(!has_type<Plain>, "Plain has no type");
static_assert(has_type<WithType>, "WithType has one");

__global__ void kernel(int *out) { out[0] = has_type<WithType> ? 1 : 0; }
void launch(int *out) { kernel<<<1, 1>>>(out); }
