//! kind: compile
// `extern template` of a __global__ function template in whole-program mode warns (#20278-D).
// (The wiki ties this to a --set_flag option; it is driven by --static-host-stub, which nvcc
// passes by default in whole-program mode. The launch-time #20280-D is printed by cicc, not here.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
template <typename T> __global__ void tk(T *p) { *p = T(); }
extern template __global__ void tk<int>(int *);
//~^ warning #20278-D: when "-static-global-template-stub=true", extern __global__ function template is not supported in whole program compilation mode ("-rdc=false"). To resolve the issue, either use separate compilation mode ("-rdc=true"), or explicitly set "-static-global-template-stub=false" (but see nvcc documentation about downsides of turning it off)
