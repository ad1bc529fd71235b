// examples/saxpy's src/main.rs, in C++.
#include <cstdio>
#include <vector>

extern "C" int saxpy_host(int n, float a, const float *x, float *y);
extern "C" int device_name(char *buf, int len);

int main() {
    int n = 1 << 20;
    std::vector<float> x(n), y(n, 1.0f);
    for (int i = 0; i < n; ++i) x[i] = float(i);
    char name[256];
    if (device_name(name, 256) != 0) return 1;
    std::printf("device: %s\n", name);
    return saxpy_host(n, 2.0f, x.data(), y.data()) == 0 ? 0 : 1;
}
