// Unified memory: `__managed__` variables and `cudaMallocManaged` buffers, which the host
// (here: Rust, through the pointers these C functions return) reads and writes directly.
#include <cuda_runtime.h>

// Coefficients of a cubic, c0 + c1 x + c2 x^2 + c3 x^3; the host may change them.
__managed__ float coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
// How many elements the kernels have evaluated.
__managed__ unsigned int evaluated = 0;

__global__ void cubic(const float *x, float *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        y[i] = coeffs[0] + v * (coeffs[1] + v * (coeffs[2] + v * coeffs[3]));
        atomicAdd(&evaluated, 1u);
    }
}

__global__ void accumulate(const float *y, float *total, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(total, y[i]);
}

// n floats of managed memory (NULL on failure).
extern "C" float *managed_floats(int n) {
    float *p = nullptr;
    if (cudaMallocManaged(&p, size_t(n) * sizeof(float)) != cudaSuccess) return nullptr;
    return p;
}

extern "C" int managed_free(float *p) { return int(cudaFree(p)); }

// The host's view of the managed variables.
extern "C" float *managed_coeffs() { return coeffs; }
extern "C" unsigned int *managed_evaluated() { return &evaluated; }

// y = cubic(x), *total = sum of y; all three in managed memory. Waits for the device, so the
// host may read the results when it returns. Returns a cudaError_t.
extern "C" int managed_run(const float *x, float *y, float *total, int n) {
    *total = 0.0f; // written by the host, before the kernels run
    int block = 128;
    int grid = (n + block - 1) / block;
    cubic<<<grid, block>>>(x, y, n);
    accumulate<<<grid, block>>>(y, total, n);
    cudaError_t err = cudaGetLastError();
    if (err == cudaSuccess) err = cudaDeviceSynchronize();
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
