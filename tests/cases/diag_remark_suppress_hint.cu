//! kind: compile
// The one-time hint after the first displayed warning. cudafe++'s stderr for this file is:
//
//   diag_remark_suppress_hint.cu(19): warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
//     <source line>
//     <caret line>
//   (blank)
//   Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
//   (blank)
//   diag_remark_suppress_hint.cu(20): warning #20091-D: ...
//
// The remark has no file or line, so no diagnostic annotation can express it; it is printed
// exactly once, right after the first warning (also after the first warning promoted by
// -Werror, see diag_option_werror.cu), and never with -w or --no-display-error-number
// (diag_option_no_display_error_number.cu). It is diagnostic 3709/20252, which the wiki calls
// "warnings treated as errors".
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
int h() {
  dv = 1;                             //~ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
  return dv;                          //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
}
