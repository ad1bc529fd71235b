//! kind: fail
// Mistakes with values, as cudafe++ reports them: division by a literal zero (#39, #179
// for `%`, also of a floating value), a shift by a negative count or one at least as wide
// as the shifted value's promoted type (#62, #63), a pointer or reference to a local
// returned (#1056, #836; a by-value parameter is local, a static or a reference is not),
// more initializers than an array has elements (#146), a local declared twice in one
// block (#101), and a launch configuration with nothing in it or more than four values.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__constant__ float weights[3] = {0.25f, 0.5f, 0.25f, 0.0f};
//~^ error: too many initializer values

__global__ void scale(int *out) {}

__device__ void arith(unsigned *a, float *f, int n, long wide) {
    a[0] = a[1] / 0;
    //~^ warning #39-D: division by zero
    f[0] = f[1] / 0;
    //~^ warning #39-D: division by zero
    a[2] = n % 0;
    //~^ warning #179-D: right operand of "%" is zero
    a[3] = 1u << 32;
    //~^ warning #63-D: shift count is too large
    a[4] = n >> 32;
    //~^ warning #63-D: shift count is too large
    a[5] = 1 << -1;
    //~^ warning #62-D: shift count is negative
    a[6] = wide << 40;
    a[7] = n / 2;
    int zero = 0;
    a[8] = n / zero;
    f[1] = 10 / 0.5;
}

float *local_buffer() {
    float b[4] = {1, 2, 3, 4};
    return b;
    //~^ warning #1056-D: returning pointer to local variable
}
int *local_address() {
    int x = 1;
    return &x;
    //~^ warning #1056-D: returning pointer to local variable
}
const int &by_value(int a) {
    return a;
    //~^ warning #836-D: returning reference to local variable
}
int &local_ref() {
    int x = 2;
    return x;
    //~^ warning #836-D: returning reference to local variable
}
int *kept() {
    static int s[2];
    return s;
}
int &passed(int &r) { return r; }

void host(int *d) {
    int tile[2] = {1, 2, 3};
    //~^ error: too many initializer values
    int grid[2][2] = {{1, 2}, {3, 4}, {5, 6}};
    //~^ error: too many initializer values
    int fits[4] = {1, 2};
    int i = 0;
    int i = 1;
    //~^ error: "i" has already been declared in the current scope
    {
        int i = 2;
        (void)i;
    }
    extern int shared_count;
    extern int shared_count;
    scale<<<1, 32, 0, 0, 0>>>(d);
    //~^ error: too many arguments in function call
    scale<<<>>>(d);
    //~^ error: too few arguments in function call
    (void)tile; (void)grid; (void)fits;
}
