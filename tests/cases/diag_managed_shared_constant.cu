//! kind: fail
// __managed__ cannot be combined with __shared__ or __constant__.
__managed__ __constant__ int mc;      //~ error: __managed__ variables cannot be marked __shared__ or __constant__
__managed__ __shared__ int ms;        //~ error: __managed__ variables cannot be marked __shared__ or __constant__
