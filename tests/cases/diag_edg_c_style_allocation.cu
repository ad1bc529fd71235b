//! kind: fail
// C code built as CUDA C++ (the way older samples and course code are written): the
// untyped results of malloc and calloc need a cast in C++, and arithmetic results are
// typed by the usual arithmetic conversions (`n * sizeof(float)` is an unsigned long,
// `n * 1.5` a double, `bits * 2u` an unsigned int, which a comparison with 0 cannot
// make false).
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#include <stdlib.h>
#include <string.h>

__global__ void scale(float *x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 2.0f;
}

int main(void) {
    int n = 1 << 10;
    float *host = malloc(n * sizeof(float));
    //~^ error: a value of type "void *" cannot be used to initialize an entity of type "float *"
    int *counts = calloc(n, sizeof(int));
    //~^ error: a value of type "void *" cannot be used to initialize an entity of type "int *"
    char *name = malloc(strlen("scale") + 1);
    //~^ error: a value of type "void *" cannot be used to initialize an entity of type "char *"
    unsigned mask = 7u;
    unsigned bits = n & mask;
    if ((bits * 2u) >= 0) {
        //~^ warning #186-D: pointless comparison of unsigned integer with zero
        bits = 0;
    }
    if ((n << 1) >= 0 && (n % 3u) < 5) {
        bits = 1;
    }
    long total = n * 2L;
    float *gpu = 0;
    double *wrong = n * 1.5;
    //~^ error: a value of type "double" cannot be used to initialize an entity of type "double *"
    scale<<<(n + 255) / 256, 256>>>(gpu, n);
    free(host);
    free(counts);
    free(name);
    return (int)(total + bits);
}
