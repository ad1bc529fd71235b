// Kernels compiled to PTX at build time (build.rs: `.emit(Emit::Ptx)`) and loaded by name at
// run time (src/main.rs). `extern "C"` keeps their names unmangled; the template's explicit
// instantiation is looked up by its mangled name.

// How many elements the kernels have processed; the host finds it by name.
__device__ unsigned int elements_done;

extern "C" __global__ void vector_add(const float *a, const float *b, float *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
        atomicAdd(&elements_done, 1u);
    }
}

extern "C" __global__ void scale_in_place(float *x, float factor, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] *= factor;
        atomicAdd(&elements_done, 1u);
    }
}

template <typename T>
__global__ void fill_value(T *out, T value, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = value;
}

// _Z10fill_valueIiEvPT_S0_i
template __global__ void fill_value<int>(int *, int, int);
