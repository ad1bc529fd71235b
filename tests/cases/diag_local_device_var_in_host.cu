//! kind: fail
// Function-scope variables with a device memory space are not allowed in a host function.
void h() {
  static __device__ int sd;           //~ error: a static "__device__" variable declaration is not allowed inside a host function body
  static __shared__ int ss;           //~ error: a static "__shared__" variable declaration is not allowed inside a host function body
  __constant__ int ac;                //~ error: an automatic "__constant__" variable declaration is not allowed inside a host function body
  static __constant__ int sc;         //~ error: a static "__constant__" variable declaration is not allowed inside a host function body
  __device__ int ad;                  //~ error: an automatic "__device__" variable declaration is not allowed inside a host function body
  __managed__ int am;                 //~ error: an automatic "__managed__" variable declaration is not allowed inside a host function body
  static __managed__ int sm;          //~ error: a static "__managed__" variable declaration is not allowed inside a host function body
  // __shared__ variables are implicitly static, so even without `static` the message says "static".
  __shared__ int as;                  //~ error: a static "__shared__" variable declaration is not allowed inside a host function body
}
