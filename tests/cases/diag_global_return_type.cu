//! kind: fail
// A __global__ function must return void; for a template the check runs at instantiation.
__global__ int k() { return 0; }      //~ error: a __global__ function must have a void return type
template <typename T> __global__ T tk() { return T(); }
//~^ error: a __global__ function must have a void return type
// (cudafe++ follows that error with "detected during instantiation of "tk" based on template argument <int> at line 9")
void h() {
  tk<void><<<1, 1>>>();               // T = void: fine
  tk<int><<<1, 1>>>();
}
