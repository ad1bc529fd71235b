//! kind: compile
//! nvcc: -Wdefault-stream-launch -Wmissing-launch-bounds
// -Wmissing-launch-bounds (#20238-D) and -Wdefault-stream-launch (#20198-D).
// Both are off by default: #20238-D is a hidden remark and #20198-D is suppressed.
// cicc prints both warnings a second time.
// (The wiki says #20238-D fires for every kernel by default; without the option nothing is shown.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__global__ void k() {}                //~ warning #20238-D: no __launch_bounds__ specified for __global__ function
__global__ void __launch_bounds__(128) k2() {}
void h() {
  k<<<1, 1>>>();                      //~ warning #20198-D: explicit stream argument not provided in kernel launch
  k2<<<1, 1, 0, 0>>>();
}
