//! kind: compile
//! nvcc: -std=c++20
// C++20 deprecates compound assignments to volatile objects and their increments and
// decrements: cudafe++ warns (#3012, #3010), also in the definition of a template where
// the object's type does not depend on its parameters — the CUDA samples' warp reduction
// over a `volatile` shared-memory pointer. Plain assignments are not deprecated.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
template <unsigned blockSize>
__device__ void warpReduce(volatile int *sdata, unsigned tid) {
    if (blockSize >= 64) sdata[tid] += sdata[tid + 32];
    //~^ warning #3012-D: a volatile destination type for a compound assignment expression is deprecated
    if (blockSize >= 32) sdata[tid] += sdata[tid + 16];
    //~^ warning #3012-D: a volatile destination type for a compound assignment expression is deprecated
    sdata[tid] = sdata[tid] + sdata[tid + 8];
}

template <typename T>
__device__ void generic(volatile T *data) {
    data[0] += 1;
}

__global__ void reduce(int *out) {
    __shared__ int cache[64];
    cache[threadIdx.x] = threadIdx.x;
    __syncthreads();
    if (threadIdx.x < 32) warpReduce<64>(cache, threadIdx.x);
    generic(cache);
    if (threadIdx.x == 0) out[blockIdx.x] = cache[0];
}

__device__ volatile int counter;

__device__ void tick() {
    counter++;
    //~^ warning #3010-D: a volatile operand to an increment expression is deprecated
    --counter;
    //~^ warning #3010-D: a volatile operand to a decrement expression is deprecated
    counter = 0;
}
