//! kind: fail
// The cluster size from __cluster_dims__ may not exceed the max blocks per cluster in __launch_bounds__.
__global__ void __cluster_dims__(2, 2, 1) __launch_bounds__(128, 1, 2) k() {}
//~^ error: total number of blocks in cluster computed from __cluster_dims__ exceeds __launch_bounds__ specified limit for max blocks in cluster
__global__ void __cluster_dims__(2, 2, 1) __launch_bounds__(128, 1, 4) ok() {}
