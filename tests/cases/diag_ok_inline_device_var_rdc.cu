//! kind: compile
//! nvcc: -rdc=true
// With -rdc=true inline __device__/__constant__/__managed__ variables are accepted.
// Compare diag_inline_device_var.cu.
inline __device__ int di = 1;
inline __constant__ int ci = 2;
inline __managed__ int mi = 3;
__global__ void k(int *p) { *p = di + ci + mi; }
