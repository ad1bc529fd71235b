//! kind: compile
// C++20 and C++23 constructs under nvcc's default C++17: cudafe++ takes them with a
// warning, some at the first use only (a range-for's initializer, a lambda's template
// parameters, a pack in an init-capture), others at every use (a captured structured binding).

struct Bits {
    int low : 4 = 1;
    //~^ warning #3306-D: a default bit-field initializer is a C++20 feature
    //~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
    int high : 4 = 2;
    //~^ warning #3306-D: a default bit-field initializer is a C++20 feature
};

struct Wrapper {
    explicit(true) Wrapper(int v) : value(v) {}
    //~^ warning #3401-D: 'explicit(bool)' is a C++20 feature
    explicit(false) Wrapper(long v) : value(static_cast<int>(v)) {}
    //~^ warning #3401-D: 'explicit(bool)' is a C++20 feature
    int value;
};

__global__ void fill(int *out) { out[threadIdx.x] = 1; }

int total(const int *v, int n) {
    int s = 0;
    for (int i = 0; n > 0 && i < 1; ++i) {
        int a[2] = {v[0], v[1]};
        for (int k = 0; auto x : a) {
            //~^ warning #3030-D: C++20-style initializer statement in a range-based "for" statement is nonstandard in this mode
            s += x + k;
        }
        for (int k = 1; auto x : a) {
            s += x * k;
        }
    }
    return s;
}

template <class... A> auto capture_all(A... a) {
    return [... xs = a] { return sizeof...(xs); };
    //~^ warning #3121-D: pack expansion in init-capture is a C++20 feature
}

template <class... A> auto capture_again(A... a) {
    return [... ys = a] { return sizeof...(ys); };
}

int use(int *d) {
    auto twice = []<class T>(T t) { return t + t; };
    //~^ warning #3288-D: explicit lambda template parameters are a C++20 feature
    auto thrice = []<class T>(T t) { return t * 3; };
    auto counter = [n = 0] mutable { return ++n; };
    //~^ warning #3216-D: omitting "()" in a lambda declarator is nonstandard in this mode
    int c = 5;
    int copy = auto(c);
    //~^ warning #3347-D: auto(<expr>) and auto{<expr>} are a C++23 feature
    fill<<<1, 2>>>(d);
    return twice(1) + thrice(2) + counter() + copy + static_cast<int>(capture_all(1, 2)()) +
           static_cast<int>(capture_again(3)()) + Wrapper(1).value;
}

struct Point {
    int x, y;
};

int bindings(Point p) {
    auto [px, py] = p;
    auto by_name = [px] { return px; };
    //~^ warning #3357-D: capturing structured bindings is a C++20 feature
    auto by_default = [=] { return py + py; };
    //~^ warning #3357-D: capturing structured bindings is a C++20 feature
    return by_name() + by_default();
}
