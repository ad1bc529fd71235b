//! kind: fail
// The capture list's own rules, and constructs C++17 does not have. cudafe++ rejects an
// explicit capture in the default's mode ([=, x], [&, &x], and [=, this] before C++20), a
// name captured twice, and `using enum` outside a class before C++20 (in a class it takes
// it); a name that is then
// undefined is reported where it is used (in a case label too), and a using-directive or
// namespace alias must name a namespace.
struct Counter {
    int m;
    auto by_copy() {
        return [=, this] { return m; };
        //~^ error: explicit capture matches default
    }
    auto by_ref() {
        return [&, this] { return m; };
    }
};

int captures() {
    int x = 1, y = 2;
    auto a = [=, x] { return x; };
    //~^ error: explicit capture matches default
    auto b = [&, &y] { return y; };
    //~^ error: explicit capture matches default
    auto c = [x, x] { return x; };
    //~^ error: a name cannot appear more than once in a capture-list
    auto d = [&, x] { return x + y; };
    return a() + b() + c() + d();
}

enum class Mode { Fast, Slow };

int mode_value(Mode m) {
    switch (m) {
        using enum Mode;
        //~^ error: expected an identifier
    case Fast:
        //~^ error: identifier "Fast" is undefined
        return 1;
    default:
        return 0;
    }
}

struct Palette {
    using enum Mode;
    int slow() const { return static_cast<int>(Slow); }
};

using namespace no_such_namespace;
//~^ error: name must be a namespace name
namespace alias = also_missing;
//~^ error: name must be a namespace name

__global__ void k(int *p) { *p = captures(); }
