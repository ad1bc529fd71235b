// A three-point smoothing kernel built from device functions and variables defined in
// kernels/device_math.cu (relocatable device code), and the C entry point Rust calls.
#include <cuda_runtime.h>

extern __device__ float bias;
extern __constant__ float weights[3];
extern __device__ int positive_count;
__device__ float weighted(float left, float mid, float right);
__global__ void count_positive(const float *y, int n);

__global__ void smooth(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float left = i > 0 ? x[i - 1] : x[i];
        float right = i + 1 < n ? x[i + 1] : x[i];
        y[i] = weighted(left, x[i], right);
    }
}

// y = smooth(x) + new_bias; *positive = how many y are positive. Returns a cudaError_t.
extern "C" int rdc_smooth(const float *x, float *y, int n, float new_bias, int *positive) {
    float *dx = nullptr, *dy = nullptr;
    size_t bytes = size_t(n) * sizeof(float);
    int zero = 0;
    cudaError_t err = cudaMalloc(&dx, bytes);
    if (err == cudaSuccess) err = cudaMalloc(&dy, bytes);
    if (err == cudaSuccess) err = cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice);
    // Variables defined in the other file, set from this one.
    if (err == cudaSuccess) err = cudaMemcpyToSymbol(bias, &new_bias, sizeof(float));
    if (err == cudaSuccess) err = cudaMemcpyToSymbol(positive_count, &zero, sizeof(int));
    if (err == cudaSuccess) {
        int block = 256;
        int grid = (n + block - 1) / block;
        smooth<<<grid, block>>>(dx, dy, n);
        count_positive<<<grid, block>>>(dy, n);
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaMemcpy(y, dy, bytes, cudaMemcpyDeviceToHost);
    if (err == cudaSuccess) err = cudaMemcpyFromSymbol(positive, positive_count, sizeof(int));
    cudaFree(dx);
    cudaFree(dy);
    return int(err);
}

// The first weight, read back from the device (0 on error).
extern "C" float rdc_first_weight() {
    float w = 0.0f;
    cudaMemcpyFromSymbol(&w, weights, sizeof(float));
    return w;
}

// The name of device 0, for the report.
extern "C" int device_name(char *buf, int len) {
    cudaDeviceProp prop;
    cudaError_t err = cudaGetDeviceProperties(&prop, 0);
    if (err != cudaSuccess) return int(err);
    int i = 0;
    for (; i + 1 < len && prop.name[i]; ++i) buf[i] = prop.name[i];
    buf[i] = 0;
    return 0;
}
