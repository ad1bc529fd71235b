//! kind: fail
// __launch_bounds__ and __maxnreg__ cannot both be applied to one kernel.
// (The wiki says "__launch_bounds__ and __maxnreg__ may not be used on the same declaration";
// the real text is below.)
__global__ void __launch_bounds__(128) __maxnreg__(32) k() {}
//~^ error: The __launch_bounds__ and __maxnreg__ qualifiers cannot be applied to the same kernel
