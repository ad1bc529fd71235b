//! kind: fail
// A memory space on a static data member is an error.
// On a non-static member it is only warning #1835-D (see diag_device_data_member.cu).
struct S {
  static __device__ int d;            //~ error: memory qualifier on data member is not allowed
  static __constant__ int c;          //~ error: memory qualifier on data member is not allowed
  static __shared__ int s;            //~ error: memory qualifier on data member is not allowed
  static __managed__ int m;           //~ error: memory qualifier on data member is not allowed
};
