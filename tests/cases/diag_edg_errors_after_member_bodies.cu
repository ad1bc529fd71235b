//! kind: fail
// A syntax error in a member declared after a member function defined in its class is
// reported (the front end reads such bodies after the class, and used to forget what it had
// recorded since the body).
struct S {
  void m() { }
  int x = ; //~ error: expected an expression
  __host__ __device__ int get() const { return y; }
  int y = 1 +; //~ error: expected an expression
};
int main() { S s; s.m(); return s.get(); }
