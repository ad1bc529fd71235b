//! kind: fail
// A variadic __global__ function template: the pack must come last, and there may be only one.
template <typename... Ts, typename U> __global__ void k1(U, Ts...) {}
//~^ error: Pack template parameter must be the last template parameter for a variadic __global__ function template
// Two packs: the first one is also not last, so both errors are printed.
template <typename... Ts, typename... Us> __global__ void k2(Ts..., Us...) {}
//~^ error: Pack template parameter must be the last template parameter for a variadic __global__ function template
//~^^ error: Multiple pack parameters are not allowed for a variadic __global__ function template
template <typename U, typename... Ts> __global__ void ok(U, Ts...) {}
