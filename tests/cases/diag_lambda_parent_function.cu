//! kind: fail
//! nvcc: --extended-lambda
// Further restrictions on the enclosing function of an extended __device__ lambda.
void f() {
  struct Local {
    void m() { auto d = [] __device__ () { return 1; }; }
    //~^ error: The enclosing parent function ("m") for an extended __device__ lambda must not be defined inside another function
  };
}
struct S {
  S() { auto d = [] __device__ () { return 1; }; }
  //~^ error: The enclosing parent function ("S") for an extended __device__ lambda must allow its address to be taken
};
struct {
  void m() { auto d = [] __device__ () { return 1; }; }
  //~^ error: The enclosing parent function ("m") for an extended __device__ lambda cannot be a member function of a class that is unnamed
} unnamed;
