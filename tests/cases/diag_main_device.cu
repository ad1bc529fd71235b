//! kind: fail
// main may not be a __device__ function.
__device__ int main() { return 0; }   //~ error: function main cannot be marked __device__ or __global__
