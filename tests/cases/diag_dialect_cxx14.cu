//! kind: compile
//! nvcc: -std=c++14
// C++17 constructs in C++14: cudafe++ takes them with a warning. Some warnings are given at
// the first use in the translation unit only (inline variables, fold expressions, constexpr
// if, selection initializers, the "using" attribute prefix), others at every use
// (structured bindings). Nested namespace definitions pass silently in GCC mode.
template <class... T> __host__ __device__ int sum_right(T... t) { return (t + ...); }
//~^ warning #2918-D: fold expressions are nonstandard in this mode
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
template <class... T> __host__ __device__ int sum_left(T... t) { return (... + t); }
template <class... T> __device__ int sum_binary(T... t) { return (0 + ... + t); }

struct Limits {
    static inline constexpr int max_threads = 256;
    //~^ warning #3033-D: inline variables are a C++17 feature
};
inline int host_counter = 0;
__device__ int dev_counter;

__global__ void kernel(int *out, int flag) {
    if constexpr (Limits::max_threads > 128) {
        //~^ warning #2912-D: constexpr if statements are a C++17 feature
        out[threadIdx.x] = sum_binary(1, 2, 3);
    }
    if constexpr (sizeof(int) == 4) {
        out[0] += flag;
    }
    if (int v = out[1]; v > flag) {
        //~^ warning #2919-D: C++17-style initializer is nonstandard in this mode
        out[1] = v;
    }
    switch (int w = flag * 2; w) {
    default:
        out[2] = w;
    }
}

struct Pair {
    int a, b;
};

int split(Pair p) {
    auto [x, y] = p;
    //~^ warning #3356-D: structured bindings are a C++17 feature
    auto &[rx, ry] = p;
    //~^ warning #3356-D: structured bindings are a C++17 feature
    return x + y + rx + ry;
}

[[using gnu: unused]] static int unused_a;
//~^ warning #2921-D: C++17-style "using" attribute prefix is nonstandard in this mode
[[using gnu: unused]] static int unused_b;

namespace outer::inner {
int nested_value = 1;
}

int launch(int *out) {
    kernel<<<1, 32>>>(out, split(Pair{1, 2}) + sum_right(1, 2) + sum_left(3, 4));
    return host_counter + outer::inner::nested_value;
}
