//! kind: fail
// A namespace's member that is not there, where a type belongs (a header not included, an
// API that is gone): with a declarator after it, EDG reports it and takes it for a type; with
// template arguments after it, the syntax error at the `<` follows, and in a class the name
// reads as a qualified declarator with no type. A template's type parameter among the
// comparisons a block reads instead is a type name where a value belongs.
namespace thrust {
struct tag {};
}

thrust::device_ptr p; //~ error: namespace "thrust" has no member "device_ptr"
thrust::host_vector<int> g; //~ error: namespace "thrust" has no member "host_vector"
//~^ error: expected a ";"

struct Holder {
  thrust::device_ptr q; //~ error: namespace "thrust" has no member "device_ptr"
  thrust::host_vector<float> v; //~ error: qualified name is not allowed
  //~^ error: this declaration has no storage class or type specifier
  //~^^ error: expected a ";"
  int n;
};

void host_use() {
  thrust::device_ptr r; //~ error: namespace "thrust" has no member "device_ptr"
  thrust::host_vector<int> h(0); //~ error: namespace "thrust" has no member "host_vector"
  //~^ error: type name is not allowed
  //~^^ error: identifier "h" is undefined
}

template <typename OffsetT> void scan(OffsetT n) {
  thrust::counting_iterator<OffsetT> it(0); //~ error: namespace "thrust" has no member "counting_iterator"
  //~^ error: type name is not allowed
  //~^^ error: identifier "it" is undefined
}

// In a parameter list the syntax error ends the list: the function has the parameters
// before it, and its body is read.
struct Predictor {
  void predict(const int &rows, const thrust::host_vector<int> &segments, int n) {
    //~^ error: explicit type is missing ("int" assumed)
    //~^^ error: qualified name is not allowed
    //~^^^ error: expected a ")"
    int total = rows + n; //~ error: identifier "n" is undefined
    (void)total;
  }
  int m;
};
void consume(int a, thrust::host_vector<int> v) { //~ error: namespace "thrust" has no member "host_vector"
  //~^ error: expected a ")"
  int z = a;
  (void)z;
}
