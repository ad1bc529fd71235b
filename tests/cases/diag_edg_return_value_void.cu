//! kind: fail
// A value returned from a function returning void (a kernel, a member function) is an error
// where its type is certainly not void; a void call or a lambda's own return is fine. A
// __device__ function with C linkage called from host code is named as cudafe++ demangles
// it: without a parameter list.
void nothing() {}
void forwards() { return nothing(); }
void with_lambda(int x) {
  auto l = [](int y) { return y; };
  l(x);
}
struct Counter {
  void bump(int a) { return a + 1; } //~ error: return value type does not match the function type
};
__global__ void k(int n) {
  if (n) return n * 2; //~ error: return value type does not match the function type
}
extern "C" __device__ int device_c(int);
void host_side() {
  device_c(1); //~ error: calling a __device__ function("device_c") from a __host__ function("host_side") is not allowed
}
int main() {
  forwards();
  with_lambda(1);
  return 0;
}
