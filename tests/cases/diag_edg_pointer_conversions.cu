//! kind: fail
// Values that cannot become the type they are given to: initializations, assignments (at
// the `=`), arguments of the one function a call or launch can mean (glibc's and CUDA's
// declarations of `memcpy` are one function), with types printed as EDG prints them —
// typedefs by name with what they stand for (not for `std::` ones, nor when the typedef
// is const-qualified), `signed` kept where it was written. Writes to const objects:
// through a pointer to const, a const variable, a member of a const object (CUDA's
// built-in variables are such), a data member in a const member function (also through
// `this`). Member functions that cannot be overloads of each other get their argument
// counts and types checked too.
#include <cstdlib>
#include <cstring>
#include <cstdint>
#include <cstddef>

typedef float real;
typedef const float cfloat;

__global__ void axpy(float *y, const float *x, int n) {}

void fill(float *out, int n);
void copy_rows(real *dst, const float *src);

struct Grid {
    int width;
    const int height;
    mutable int hits;
    float *cells;
    static int count;
    void touch() const;
};

void Grid::touch() const {
    hits = 1;
    cells[0] = 2.0f;
    count = 3;
    width = 4;
    //~^ error: expression must be a modifiable lvalue
    this->width = 5;
    //~^ error: expression must be a modifiable lvalue
}

struct Tiles : Grid {
    void place(float *at, int row, int col = 0);
    int rows() const;
    int rows();
};

void members(Tiles t, Tiles *tp, float *f, int *ip) {
    t.place(f);
    //~^ error: too few arguments in function call
    tp->place(f, 1, 2, 3);
    //~^ error: too many arguments in function call
    t.place(ip, 1);
    //~^ error: argument of type "int *" is incompatible with parameter of type "float *"
    t.place(f, 1);
    t.rows();
    t.touch();
}

void host(float *d, const float *cd, int n, double *dd, real *rp, cfloat *cf, int32_t *i32,
          std::size_t *ssz, signed int *si, float *const fixed, const char *name, Grid g) {
    float *h = malloc(64);
    //~^ error: a value of type "void *" cannot be used to initialize an entity of type "float *"
    float *ok = (float *)malloc(64);
    int *wrong = d;
    //~^ error: a value of type "float *" cannot be used to initialize an entity of type "int *"
    float *writable = cd;
    //~^ error: a value of type "const float *" cannot be used to initialize an entity of type "float *"
    const float *readable = d;
    void *any = d;
    const void *cany = &d;
    float *null1 = 0;
    float *null2 = '\0';
    float *null3 = nullptr;
    bool set = d;
    long as_long = d;
    //~^ error: a value of type "float *" cannot be used to initialize an entity of type "long"
    float *five = 5;
    //~^ error: a value of type "int" cannot be used to initialize an entity of type "float *"
    float *no = false;
    //~^ error: a value of type "bool" cannot be used to initialize an entity of type "float *"
    double *from_real = rp;
    //~^ error: a value of type "real *" (aka "float *") cannot be used to initialize an entity of type "double *"
    int *from_cfloat = cf;
    //~^ error: a value of type "cfloat *" (aka "const float *") cannot be used to initialize an entity of type "int *"
    float *from_i32 = i32;
    //~^ error: a value of type "int32_t *" (aka "signed int *") cannot be used to initialize an entity of type "float *"
    float *from_size = ssz;
    //~^ error: a value of type "std::size_t *" cannot be used to initialize an entity of type "float *"
    float *from_signed = si;
    //~^ error: a value of type "signed int *" cannot be used to initialize an entity of type "float *"
    int *from_fixed = fixed;
    //~^ error: a value of type "float *" cannot be used to initialize an entity of type "int *"
    const int *const both = &n;
    float **levels = &d;
    int **other_levels = &d;
    //~^ error: a value of type "float **" cannot be used to initialize an entity of type "int **"
    float *next = dd + 1;
    //~^ error: a value of type "double *" cannot be used to initialize an entity of type "float *"
    float *flag = d == cd;
    //~^ error: a value of type "bool" cannot be used to initialize an entity of type "float *"
    float *length = strlen(name);
    //~^ error: a value of type "size_t" (aka "unsigned long") cannot be used to initialize an entity of type "float *"
    char *found = (char *)strchr(name, 'x');
    int *cell = g.cells;
    //~^ error: a value of type "float *" cannot be used to initialize an entity of type "int *"

    d = n;
    //~^ error: a value of type "int" cannot be assigned to an entity of type "float *"
    d = cd;
    //~^ error: a value of type "const float *" cannot be assigned to an entity of type "float *"
    n = d;
    //~^ error: a value of type "float *" cannot be assigned to an entity of type "int"
    *d = n;
    d = 0;

    fill(n, 4);
    //~^ error: argument of type "int" is incompatible with parameter of type "float *"
    fill(&d, 4);
    //~^ error: argument of type "float **" is incompatible with parameter of type "float *"
    fill(d, d);
    //~^ error: argument of type "float *" is incompatible with parameter of type "int"
    fill(d, 2.5);
    copy_rows(cd, d);
    //~^ error: argument of type "const float *" is incompatible with parameter of type "real *" (aka "float *")
    memcpy(d, 5, 4);
    //~^ error: argument of type "int" is incompatible with parameter of type "const void *"
    memset(d, 0, d);
    //~^ error: argument of type "float *" is incompatible with parameter of type "size_t" (aka "unsigned long")
    axpy<<<1, 32>>>(dd, d, n);
    //~^ error: argument of type "double *" is incompatible with parameter of type "float *"
    axpy<<<1, 32>>>(d, cd, n);
    axpy<<<1, 32>>>(0, nullptr, 3.5);

    cd[0] = 1.0f;
    //~^ error: expression must be a modifiable lvalue
    *cd += 2.0f;
    //~^ error: expression must be a modifiable lvalue
    const int limit = 10;
    limit = 11;
    //~^ error: expression must be a modifiable lvalue
    ++limit;
    //~^ error: expression must be a modifiable lvalue
    g.height = 1;
    //~^ error: expression must be a modifiable lvalue
    g.width = 2;
    (void)h; (void)ok; (void)wrong; (void)writable; (void)readable; (void)any; (void)cany;
    (void)null1; (void)null2; (void)null3; (void)set; (void)as_long; (void)five; (void)no;
    (void)from_real; (void)from_cfloat; (void)from_i32; (void)from_size; (void)from_signed;
    (void)from_fixed; (void)both; (void)levels; (void)other_levels; (void)next; (void)flag;
    (void)length; (void)found; (void)cell;
}

__global__ void builtins(const int *in, int *out) {
    threadIdx.x = 0;
    //~^ error: expression must be a modifiable lvalue
    blockIdx.y++;
    //~^ error: expression must be a modifiable lvalue
    in[threadIdx.x] = out[0];
    //~^ error: expression must be a modifiable lvalue
    out[threadIdx.x] = in[0];
}

float *as_float(int *p) { return p; }
//~^ error: return value type does not match the function type
int as_int(float *p) { return p; }
//~^ error: return value type does not match the function type
float *null_result() { return 0; }
bool present(float *p) { return p; }
const float *view(float *p) { return p; }
float *unview(const float *p) { return p; }
//~^ error: return value type does not match the function type
__device__ float *step(double *d) { return d + 1; }
//~^ error: return value type does not match the function type
auto trailing(int *p) -> float * { return p; }
//~^ error: return value type does not match the function type
struct Holder {
    int *items;
    float *first() const { return items; }
    //~^ error: return value type does not match the function type
};
