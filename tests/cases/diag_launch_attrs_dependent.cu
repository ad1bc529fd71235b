//! kind: fail
// Value-dependent launch attribute arguments are checked at instantiation.
// The errors point at the template, and cudafe++ adds "detected during instantiation of ... at
// line N" under each.
template <int N> __global__ void __maxnreg__(N) km() {}
//~^ error: The maximum number of registers that can be allocated per thread must be positive
template <int X> __global__ void __cluster_dims__(X, 1, 1) kc() {}
//~^ error: __cluster_dims__ arguments must be positive integers
template <int B> __global__ void __launch_bounds__(128, 1, B) kb() {}
//~^ error: max blocks per cluster must not be negative
void h() {
  km<32><<<1, 1>>>();                 // valid arguments: no diagnostics
  kc<2><<<1, 1>>>();
  kb<4><<<1, 1>>>();
  km<0><<<1, 1>>>();
  kc<0><<<1, 1>>>();
  kb<-1><<<1, 1>>>();
}
