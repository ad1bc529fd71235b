//! kind: compile
//! nvcc: --extended-lambda -Wext-lambda-captures-this
// -Wext-lambda-captures-this: implicit `this` capture in an extended lambda (#20178-D).
// Silent by default. (cicc prints the warning again, so nvcc shows it twice.)
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
template <typename F> __global__ void run(F f) { f(); }
struct T {
  int v;
  void m() {
    auto d = [=] __device__ () { return v; };
    //~^ warning #20178-D: Implicit capture of 'this' in extended lambda expression
    run<<<1, 1>>>(d);
  }
};
