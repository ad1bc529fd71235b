//! kind: compile
// Reading or writing device variables in host code warns (#20091-D / #20092-D).
// (The wiki assigns 3548/3549/3550 to other meanings and says they concern __shared__ only;
// really 3548 = #20091-D "read", 3549 = #20092-D "written", and they cover __device__ too.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
__constant__ int cv;
__shared__ int sv;
int h() {
  dv = 1;                             //~ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
  sv = 2;                             //~ warning #20092-D: a __shared__ variable "sv" cannot be directly written in a host function
  return dv + cv + sv;
  //~^ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
  //~^^ warning #20091-D: a __constant__ variable "cv" cannot be directly read in a host function
  //~^^^ warning #20091-D: a __shared__ variable "sv" cannot be directly read in a host function
}
