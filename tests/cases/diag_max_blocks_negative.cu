//! kind: fail
// The third __launch_bounds__ argument (max blocks per cluster) must not be negative.
__global__ void __launch_bounds__(128, 1, -1) k() {}  //~ error: max blocks per cluster must not be negative
