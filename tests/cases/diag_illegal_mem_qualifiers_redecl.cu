//! kind: fail
// Redeclarations whose execution space conflicts with a __global__ declaration.
__global__ void k1();
__device__ void k1() {}               //~ error: illegal combination of memory qualifiers
__device__ void k2();
__global__ void k2() {}               //~ error: illegal combination of memory qualifiers
__host__ void k3();
__global__ void k3() {}               //~ error: illegal combination of memory qualifiers
__global__ void k4();
// A __host__ __device__ redeclaration gets the error twice.
__host__ __device__ void k4() {}
//~^ error: illegal combination of memory qualifiers
//~^^ error: illegal combination of memory qualifiers
