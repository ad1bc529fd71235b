//! kind: fail
// A launch of a function that is not a kernel: the cross-space rule of a call, then "a
// __device__ function call cannot be configured" (a host-device one too; a host function:
// "a host function call ..."). An array with a bound that is not a constant (a parameter,
// a non-const local, CUDA's built-in variables) cannot be `__shared__`, `static` or
// `extern`; constant bounds are fine.
#define BLOCK 128
constexpr int kTile = 16;
__device__ void on_device(int *);
void on_host(int *);
__host__ __device__ void on_both(int *);
void host(int *a) {
  on_device<<<1, 1>>>(a);
  //~^ error: calling a __device__ function("on_device(int *)") from a __host__ function("host") is not allowed
  //~^^ error: a __device__ function call cannot be configured
  on_host<<<1, 1>>>(a); //~ error: a host function call cannot be configured
  on_both<<<1, 1>>>(a); //~ error: a __device__ function call cannot be configured
}
__global__ void k(float *o, int n) {
  __shared__ float fixed[BLOCK];
  __shared__ float tiles[kTile * kTile];
  extern __shared__ float dynamic[];
  __shared__ float tile[blockDim.x]; //~ error: a variable length array cannot have static storage duration
  static float per_n[n]; //~ error: a variable length array cannot have static storage duration
  o[0] = fixed[0] + tiles[0] + dynamic[0] + tile[0] + per_n[0];
}
void h(int m) {
  extern __shared__ float s[m]; //~ error: a variable length array cannot have static storage duration
}
int main() { return 0; }
