// Kernel templates instantiated for several types (float, double, int, float2), launched
// with explicit, partly explicit and deduced template arguments from a C entry point.
#include <cuda_runtime.h>

template <typename T>
__global__ void fill(T *out, T value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}

template <typename T>
__global__ void iota(T *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = T(i);
}

// y = a * x + y, with the scalar's type a separate parameter.
template <typename T, typename U>
__global__ void axpy(int n, U a, const T *x, T *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = T(a * x[i]) + y[i];
}

// A non-type template parameter before a deduced type.
template <int Factor, typename T>
__global__ void scale_by(T *data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = data[i] * T(Factor);
}

template <typename T>
__global__ void sum(const T *in, T *total, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(total, in[i]);
}

// Swaps the components of each element: a struct type as the template argument.
template <typename V>
__global__ void swap_xy(V *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        auto t = v[i].x;
        v[i].x = v[i].y;
        v[i].y = t;
    }
}

static int blocks(int n) { return (n + 255) / 256; }

// Runs the kernels over n elements and copies the results back:
//   floats[i]  = 3 * (2 * i + 1)         (iota, fill, axpy<float, float>, scale_by<3>)
//   doubles[i] = 1.5 * 2 + 0.5 = 3.5     (fill<double>, fill, axpy<double> with U = float)
//   ints[i]    = -14, *int_sum = -14 n   (fill deduced, scale_by<-2>, sum<int>)
//   pairs[i]   = (2, 1)                  (fill<float2>, swap_xy deduced)
// Returns a cudaError_t (0 on success).
extern "C" int run_templates(int n, float *floats, double *doubles, int *ints, int *int_sum,
                             float *pairs) {
    float *df = nullptr;
    float *dy = nullptr;
    double *dd = nullptr;
    double *dx = nullptr;
    int *di = nullptr;
    int *dsum = nullptr;
    float2 *dp = nullptr;
    size_t count = size_t(n);
    cudaError_t err = cudaMalloc(&df, count * sizeof(float));
    if (err == cudaSuccess) err = cudaMalloc(&dy, count * sizeof(float));
    if (err == cudaSuccess) err = cudaMalloc(&dd, count * sizeof(double));
    if (err == cudaSuccess) err = cudaMalloc(&dx, count * sizeof(double));
    if (err == cudaSuccess) err = cudaMalloc(&di, count * sizeof(int));
    if (err == cudaSuccess) err = cudaMalloc(&dsum, sizeof(int));
    if (err == cudaSuccess) err = cudaMalloc(&dp, count * sizeof(float2));
    if (err == cudaSuccess) err = cudaMemset(dsum, 0, sizeof(int));
    if (err == cudaSuccess) {
        int g = blocks(n);
        iota<float><<<g, 256>>>(df, n);                  // explicit
        fill<<<g, 256>>>(dy, 1.0f, n);                   // deduced: float
        axpy<float, float><<<g, 256>>>(n, 2.0f, df, dy); // explicit
        scale_by<3><<<g, 256>>>(dy, n);                  // Factor explicit, T deduced

        fill<double><<<g, 256>>>(dx, 2.0, n);            // explicit
        fill<<<g, 256>>>(dd, 0.5, n);                    // deduced: double
        axpy<double><<<g, 256>>>(n, 1.5f, dx, dd);       // T explicit, U deduced: float

        fill<<<g, 256>>>(di, 7, n);                      // deduced: int
        scale_by<-2, int><<<g, 256>>>(di, n);            // explicit
        sum<<<g, 256>>>(di, dsum, n);                    // deduced: int

        fill<float2><<<g, 256>>>(dp, make_float2(1.0f, 2.0f), n);
        swap_xy<<<g, 256>>>(dp, n);                      // deduced: float2
        err = cudaGetLastError();
    }
    if (err == cudaSuccess) err = cudaDeviceSynchronize();
    if (err == cudaSuccess) err = cudaMemcpy(floats, dy, count * sizeof(float), cudaMemcpyDeviceToHost);
    if (err == cudaSuccess) err = cudaMemcpy(doubles, dd, count * sizeof(double), cudaMemcpyDeviceToHost);
    if (err == cudaSuccess) err = cudaMemcpy(ints, di, count * sizeof(int), cudaMemcpyDeviceToHost);
    if (err == cudaSuccess) err = cudaMemcpy(int_sum, dsum, sizeof(int), cudaMemcpyDeviceToHost);
    if (err == cudaSuccess) err = cudaMemcpy(pairs, dp, count * sizeof(float2), cudaMemcpyDeviceToHost);
    cudaFree(df);
    cudaFree(dy);
    cudaFree(dd);
    cudaFree(dx);
    cudaFree(di);
    cudaFree(dsum);
    cudaFree(dp);
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
