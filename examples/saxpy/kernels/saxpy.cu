// y = a * x + y on the GPU, called from Rust through a C interface.
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

// Runs saxpy on host arrays; returns a cudaError_t (0 on success).
extern "C" int saxpy_host(int n, float a, const float *x, float *y) {
    float *dx = nullptr, *dy = nullptr;
    size_t bytes = size_t(n) * sizeof(float);
    cudaError_t err = cudaMalloc(&dx, bytes);
    if (err == cudaSuccess) err = cudaMalloc(&dy, bytes);
    if (err == cudaSuccess) err = cudaMemcpy(dx, x, bytes, cudaMemcpyHostToDevice);
    if (err == cudaSuccess) err = cudaMemcpy(dy, y, bytes, cudaMemcpyHostToDevice);
    if (err == cudaSuccess) {
        int block = 256;
        saxpy<<<(n + block - 1) / block, block>>>(n, a, dx, dy);
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaMemcpy(y, dy, bytes, cudaMemcpyDeviceToHost);
    cudaFree(dx);
    cudaFree(dy);
    return int(err);
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
