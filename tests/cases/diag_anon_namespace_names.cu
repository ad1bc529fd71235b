//! kind: fail
// Entities of anonymous namespaces in messages: `<unnamed>::` where EDG names an entity,
// `_NV_ANON_NAMESPACE::` in the callee of a cross-space call.
namespace {
__device__ int d() { return 1; }
int f(int x) {
  if (x) return 1;
} //~ warning #940-D: missing return statement at end of non-void function "<unnamed>::f"
} // namespace
namespace N {
namespace {
__device__ void e() {}
} // namespace
} // namespace N
void h() {
  d(); //~ error: calling a __device__ function("_NV_ANON_NAMESPACE::d()") from a __host__ function("h") is not allowed
  N::e(); //~ error: calling a __device__ function("N::_NV_ANON_NAMESPACE::e()") from a __host__ function("h") is not allowed
  f(1);
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
