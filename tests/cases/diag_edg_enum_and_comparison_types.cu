//! kind: fail
// More of the conversions C++ does not allow, as cudafe++ reports them: numbers and other
// enumerations given where an enumeration is expected (CUDA's `cudaMemcpyKind` and
// `cudaError_t` among them), scoped enumerations where a number is expected, arguments
// of the runtime's functions next to opaque handles (`cudaEvent_t`, `cudaStream_t`: no
// other function can be found through them), and comparisons of a pointer with a number
// that is not 0 or with a pointer to another type. A variable read before it is set is
// reported after the conversion of its value (#549 after the error).
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#include <cuda_runtime.h>

enum Mode { Fast, Exact };
enum class Layout { RowMajor, ColMajor };
namespace cfg {
enum Level { Low, High };
}

void configure(Mode m, int level);

void host(float *dst, const float *src, int *counts, void *raw, int n, double x, Mode m,
          Layout l, cudaError_t status) {
    Mode from_int = 1;
    //~^ error: a value of type "int" cannot be used to initialize an entity of type "Mode"
    Mode from_layout = l;
    //~^ error: a value of type "Layout" cannot be used to initialize an entity of type "Mode"
    cfg::Level from_mode = m;
    //~^ error: a value of type "Mode" cannot be used to initialize an entity of type "cfg::Level"
    int from_scoped = l;
    //~^ error: a value of type "Layout" cannot be used to initialize an entity of type "int"
    int widened = m;
    double as_double = m;
    cudaError_t from_zero = 0;
    //~^ error: a value of type "int" cannot be used to initialize an entity of type "cudaError_t" (aka "cudaError")
    Mode cast = (Mode)n;
    configure(0, 1);
    //~^ error: argument of type "int" is incompatible with parameter of type "Mode"
    configure(m, m);
    cudaGetErrorString(n);
    //~^ error: argument of type "int" is incompatible with parameter of type "cudaError_t" (aka "cudaError")
    cudaGetErrorString(status);
    cudaMemcpy(dst, src, 4, 1);
    //~^ error: argument of type "int" is incompatible with parameter of type "cudaMemcpyKind"
    cudaMemcpy(dst, src, 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(dst, src, cudaMemcpyDeviceToHost);
    //~^ error: too few arguments in function call
    configure(Exact, Fast);
    configure(1, Fast);
    //~^ error: argument of type "int" is incompatible with parameter of type "Mode"
    Mode from_enumerator = cfg::High;
    //~^ error: a value of type "cfg::Level" cannot be used to initialize an entity of type "Mode"

    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    float ms = 0;
    cudaEventElapsedTime(ms, start, stop);
    //~^ error: argument of type "float" is incompatible with parameter of type "float *"
    cudaEventElapsedTime(&ms, start, stop);
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cudaStreamSynchronize(&stream);
    //~^ error: argument of type "cudaStream_t *" (aka "CUstream_st **") is incompatible with parameter of type "cudaStream_t" (aka "CUstream_st *")
    cudaStreamSynchronize(stream);

    bool b1 = dst == 1;
    //~^ error: operand types are incompatible ("float *" and "int")
    bool b2 = dst < n;
    //~^ error: operand types are incompatible ("float *" and "int")
    bool b3 = dst == counts;
    //~^ error: operand types are incompatible ("float *" and "int *")
    bool b4 = dst != x;
    //~^ error: operand types are incompatible ("float *" and "double")
    bool b5 = dst == src;
    bool b6 = dst == raw;
    bool b7 = dst != 0;
    bool b8 = src[0] == 1;

    float *unset;
    int *wrong = unset;
    //~^ error: a value of type "float *" cannot be used to initialize an entity of type "int *"
    //~^^ warning #549-D: variable "unset" is used before its value is set
    (void)from_int; (void)from_enumerator; (void)from_layout; (void)from_mode; (void)from_scoped; (void)widened;
    (void)as_double; (void)from_zero; (void)cast; (void)b1; (void)b2; (void)b3; (void)b4;
    (void)b5; (void)b6; (void)b7; (void)b8; (void)wrong;
}
