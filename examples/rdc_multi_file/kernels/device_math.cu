// Device code used by kernels/smooth.cu: with relocatable device code (-rdc), these
// definitions are resolved by the device link.
#include <cuda_runtime.h>

// Added to every weighted sum; the host sets it (from smooth.cu) with cudaMemcpyToSymbol.
__device__ float bias = 0.0f;
// The weights of the three neighbours.
__constant__ float weights[3] = {0.25f, 0.5f, 0.25f};
// How many outputs are positive, counted by count_positive.
__device__ int positive_count;

__device__ float weighted(float left, float mid, float right) {
    return weights[0] * left + weights[1] * mid + weights[2] * right + bias;
}

__device__ bool is_positive(float v) { return v > 0.0f; }

// A kernel defined here and launched from smooth.cu.
__global__ void count_positive(const float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && is_positive(y[i])) atomicAdd(&positive_count, 1);
}
