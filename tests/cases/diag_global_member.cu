//! kind: fail
// Neither static nor non-static member functions may be __global__.
// (The wiki calls the static case warning 3507; the real tool gives this error for both.)
struct S {
  __global__ void k1();               //~ error: A __global__ function or function template cannot be a member function
  static __global__ void k2();        //~ error: A __global__ function or function template cannot be a member function
  template <typename T> static __global__ void k3(T);
  //~^ error: A __global__ function or function template cannot be a member function
};
