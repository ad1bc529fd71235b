//! kind: compile
//! nvcc: --expt-relaxed-constexpr --extended-lambda
// The host side of `__host__ __device__` code reads and writes device variables too:
// cudafe++ warns in explicit and implicit (relaxed constexpr) host-device functions and in
// the lambdas they hold, but not in device lambdas, nor in templates. A compound
// assignment or an increment reads, then writes; the variable an assignment or a prefix
// increment stores into is reported after the other operands, a postfix increment's before.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
__device__ int dv;
__device__ int da[4];
__device__ int db[4];
__constant__ float ct[4];
struct P { int x; int a[2]; };
__device__ P dp;
__device__ P *dpp;

__host__ __device__ int hd_read() { return dv; } //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
__host__ __device__ void hd_write() { dv = 1; }  //~ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
__host__ __device__ void hd_compound() {
  dv += 1;
  //~^ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
  //~^^ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
}
__host__ __device__ float hd_constant(int i) { return ct[i]; } //~ warning #20091-D: a __constant__ variable "ct" cannot be directly read in a host function
__host__ __device__ int *hd_address() { return &dv; }
__host__ __device__ unsigned long hd_size() { return sizeof(dv); }

struct C {
  __host__ __device__ int get() const { return dp.x; } //~ warning #20091-D: a __device__ variable "dp" cannot be directly read in a host function
  __host__ __device__ C() { dv = 0; }                  //~ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
};

constexpr int implicitly_hd(bool b) { return b ? 0 : dv; } //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function

template <class T> __host__ __device__ T in_template(T t) { return t + dv; }

__host__ __device__ void lambdas() {
  auto l = [] { return dv; }; //~ warning #20091-D: a __device__ variable "dv" cannot be directly read in a host function
  auto d = [] __device__ () { dv = 1; };
  (void)l; (void)d;
}

void order(int i) {
  da[db[0]] = i;
  //~^ warning #20091-D: a __device__ variable "db" cannot be directly read in a host function
  //~^^ warning #20092-D: a __device__ variable "da" cannot be directly written in a host function
  dv = da[1];
  //~^ warning #20091-D: a __device__ variable "da" cannot be directly read in a host function
  //~^^ warning #20092-D: a __device__ variable "dv" cannot be directly written in a host function
  dp.a[i] += db[1];
  //~^ warning #20091-D: a __device__ variable "db" cannot be directly read in a host function
  //~^^ warning #20091-D: a __device__ variable "dp" cannot be directly read in a host function
  //~^^^ warning #20092-D: a __device__ variable "dp" cannot be directly written in a host function
  ++da[db[2]];
  //~^ warning #20091-D: a __device__ variable "db" cannot be directly read in a host function
  //~^^ warning #20091-D: a __device__ variable "da" cannot be directly read in a host function
  //~^^^ warning #20092-D: a __device__ variable "da" cannot be directly written in a host function
  da[db[3]]++;
  //~^ warning #20091-D: a __device__ variable "da" cannot be directly read in a host function
  //~^^ warning #20092-D: a __device__ variable "da" cannot be directly written in a host function
  //~^^^ warning #20091-D: a __device__ variable "db" cannot be directly read in a host function
  dpp->x = i; //~ warning #20091-D: a __device__ variable "dpp" cannot be directly read in a host function
}

int main() { return in_template(1); }
