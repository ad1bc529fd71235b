// Second translation unit of rdc_three_files.cu: a kernel template and its explicit instantiations.
__device__ float weight(int i);  // defined in rdc_three_files_part3.cu

// Initialized, so that cudafe++ derives the module id from it: a translation unit whose only
// external definitions are template instantiations and uninitialized variables gets a module
// id ending in a number that changes from run to run (it looks like a process id).
__device__ unsigned long long total_calls = 0;

template <typename T>
__global__ void accumulate(T *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += static_cast<T>(weight(i));
  atomicAdd(&total_calls, 1ull);
}

template __global__ void accumulate<float>(float *, int);
template __global__ void accumulate<double>(double *, int);
