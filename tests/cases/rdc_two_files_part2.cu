// Second translation unit of rdc_two_files.cu.
__device__ int shared_counter = 1;

__device__ int helper(int x) { return 2 * x; }

__global__ void remote(int *p, int n) { p[blockIdx.x] = helper(n) + shared_counter; }
