//! kind: compile
// An alias template before `::` in a function template's signature (pybind11's
// `typename make_caster<T>::template cast_op_type<...> cast_op(make_caster<T> &&)`, in every
// PyTorch extension): cudafe++ writes the aliased type there, and g++ names the instances
// of the template after that spelling, so the host objects define the same weak symbols.
// An alias of a dependent type's member (libcu++'s `_ITER_TRAITS<I>::iterator_concept`)
// stays as it is written, as in cudafe++'s file.
#include <utility>
#include <type_traits>
namespace pyb { namespace detail {
template <typename T> struct intrinsic_type { using type = T; };
template <typename T> struct intrinsic_type<const T> { using type = typename intrinsic_type<T>::type; };
template <typename T> using intrinsic_t = typename intrinsic_type<T>::type;
template <typename T, typename SFINAE = void> struct type_caster {
  template <typename U> using cast_op_type = U;
  T value;
  operator T &&() && { return static_cast<T &&>(value); }
};
template <typename type> using make_caster = type_caster<intrinsic_t<type>>;
template <typename T>
typename make_caster<T>::template cast_op_type<typename std::add_rvalue_reference<T>::type>
cast_op(make_caster<T> &&caster) {
  using result_t = typename make_caster<T>::template cast_op_type<typename std::add_rvalue_reference<T>::type>;
  return std::move(caster).operator result_t();
}
} }
template <class I> struct traits_cache { using type = I; };
template <class I> using iter_traits = typename traits_cache<I>::type;
struct It { using iterator_concept = int; };
template <class I> auto concept_of(I) -> typename iter_traits<I>::iterator_concept { return 2; }

__global__ void k(int *p) { *p = 1; }
int use(int *d) {
  pyb::detail::type_caster<int> c{3};
  k<<<1, 1>>>(d);
  return pyb::detail::cast_op<int>(std::move(c)) + concept_of(It{});
}
