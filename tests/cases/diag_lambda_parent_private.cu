//! kind: fail
//! nvcc: --extended-lambda
// The enclosing member function of an extended __device__ lambda must be public.
class C {
  void priv() {
    auto d = [] __device__ (int x) { return x; };
    //~^ error: The enclosing parent function ("priv") for an extended __device__ lambda cannot have private or protected access within its class
  }
protected:
  void prot() {
    auto d = [] __device__ (int x) { return x; };
    //~^ error: The enclosing parent function ("prot") for an extended __device__ lambda cannot have private or protected access within its class
  }
public:
  void pub() {
    auto d = [] __device__ (int x) { return x; };
  }
};
