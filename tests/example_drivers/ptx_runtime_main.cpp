// examples/ptx_runtime's src/main.rs, in C++: the PTX file made by `nvcc -ptx` (argv[1], or
// vector_ops.ptx in the current directory) is read into memory and loaded with the same
// library API calls.
#include <cuda_runtime_api.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(call)                                                                        \
    do {                                                                                   \
        if ((call) != cudaSuccess) {                                                       \
            std::fprintf(stderr, "%s failed\n", #call);                                    \
            return 1;                                                                      \
        }                                                                                  \
    } while (0)

static cudaError_t launch(cudaKernel_t k, int n, void **args) {
    return cudaLaunchKernel((const void *)k, dim3((n + 255) / 256), dim3(256), args, 0, 0);
}

int main(int argc, char **argv) {
    std::ifstream in(argc > 1 ? argv[1] : "vector_ops.ptx");
    if (!in) return 2;
    std::stringstream text;
    text << in.rdbuf();
    std::string ptx = text.str();

    cudaDeviceProp props;
    CHECK(cudaGetDeviceProperties(&props, 0));
    std::printf("device: %s\n", props.name);

    cudaLibrary_t library;
    CHECK(cudaLibraryLoadData(&library, ptx.c_str(), nullptr, nullptr, 0, nullptr, nullptr, 0));
    cudaKernel_t add, scale, fill;
    CHECK(cudaLibraryGetKernel(&add, library, "vector_add"));
    CHECK(cudaLibraryGetKernel(&scale, library, "scale_in_place"));
    CHECK(cudaLibraryGetKernel(&fill, library, "_Z10fill_valueIiEvPT_S0_i"));
    void *done = nullptr;
    size_t done_size = 0;
    CHECK(cudaLibraryGetGlobal(&done, &done_size, library, "elements_done"));
    if (done_size != 4) return 1;
    CHECK(cudaMemset(done, 0, 4));

    int n = 3000;
    std::vector<float> a(n), b(n), c(n);
    std::vector<int> ints(n);
    for (int i = 0; i < n; ++i) {
        a[i] = float(i);
        b[i] = float(2 * i);
    }
    size_t bytes = size_t(n) * 4;
    void *da, *db, *dc, *di;
    CHECK(cudaMalloc(&da, bytes));
    CHECK(cudaMalloc(&db, bytes));
    CHECK(cudaMalloc(&dc, bytes));
    CHECK(cudaMalloc(&di, bytes));
    CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));

    float factor = 0.5f;
    int value = 42;
    void *add_args[] = {&da, &db, &dc, &n};
    void *scale_args[] = {&dc, &factor, &n};
    void *fill_args[] = {&di, &value, &n};
    CHECK(launch(add, n, add_args));
    CHECK(launch(scale, n, scale_args));
    CHECK(launch(fill, n, fill_args));
    CHECK(cudaDeviceSynchronize());

    unsigned int count = 0;
    CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(ints.data(), di, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&count, done, 4, cudaMemcpyDeviceToHost));
    for (void *p : {da, db, dc, di}) CHECK(cudaFree(p));
    CHECK(cudaLibraryUnload(library));
    return 0;
}
