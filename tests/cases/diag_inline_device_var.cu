//! kind: fail
// In whole-program mode an inline __device__/__constant__/__managed__ variable needs internal linkage.
inline __device__ int di = 1;
//~^ error: An inline __device__/__constant__/__managed__ variable must have internal linkage when the program is compiled in whole program mode (-rdc=false)
inline __constant__ int ci = 2;
//~^ error: An inline __device__/__constant__/__managed__ variable must have internal linkage when the program is compiled in whole program mode (-rdc=false)
inline __managed__ int mi = 3;
//~^ error: An inline __device__/__constant__/__managed__ variable must have internal linkage when the program is compiled in whole program mode (-rdc=false)
static inline __device__ int ok1 = 4;
namespace { inline __device__ int ok2 = 5; }
