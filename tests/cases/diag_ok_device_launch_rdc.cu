//! kind: compile
//! nvcc: -rdc=true
// A kernel launch inside device code is accepted by the host run.
// (Without -rdc=true cudafe++ is silent too, but cicc rejects it: "kernel launch from
// __device__ or __global__ functions requires separate compilation mode".)
__global__ void child() {}
__global__ void parent() { child<<<1, 1>>>(); }
