//! kind: fail
// Calls and launches with the wrong number of arguments: `too few` at the call's `)`,
// `too many` at the first extra argument, after the conversions of the arguments there are
// parameters for and before anything else about the arguments.
// Default arguments count from any declaration; using-declarations and qualified names
// find the function too.
__device__ int d_scale;

__global__ void scale(float *p, int n) { p[0] *= n; }
__global__ void reset() {}

int combine(int a, int b = 2);
int combine(int a, int b) { return a + b; }
int either(int a = 1, int b = 2) { return a - b; }

namespace util {
void log_value(int v);
void log_pair(int a, int b);
}
using util::log_value;

struct Counter {
    void add(int v);
    void run() {
        add();
        //~^ error: too few arguments in function call
        add(1, 2);
        //~^ error: too many arguments in function call
    }
};

void host(float *d, int n) {
    scale<<<1, 1>>>(d);
    //~^ error: too few arguments in function call
    scale<<<1, 1>>>(d, d_scale, 3);
    //~^ error: too many arguments in function call
    //~^^ warning #20091-D: a __device__ variable "d_scale" cannot be directly read in a host function
    //~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
    reset<<<1, 1>>>(n);
    //~^ error: too many arguments in function call
    combine(1);
    combine();
    //~^ error: too few arguments in function call
    combine(1, 2, 3);
    //~^ error: too many arguments in function call
    either();
    either(1, 2, 3);
    //~^ error: too many arguments in function call
    log_value();
    //~^ error: too few arguments in function call
    util::log_pair(n);
    //~^ error: too few arguments in function call
    scale<<<1, 1>>>(d, n);
    util::log_pair(d);
    //~^ error: argument of type "float *" is incompatible with parameter of type "int"
    //~^^ error: too few arguments in function call
    scale<<<1, 1>>>(n);
    //~^ error: argument of type "int" is incompatible with parameter of type "float *"
    //~^^ error: too few arguments in function call
    scale<<<1, 1>>>(n, d, 3);
    //~^ error: argument of type "int" is incompatible with parameter of type "float *"
    //~^^ error: argument of type "float *" is incompatible with parameter of type "int"
    //~^^^ error: too many arguments in function call
}
