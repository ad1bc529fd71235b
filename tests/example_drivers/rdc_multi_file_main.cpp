// examples/rdc_multi_file's src/main.rs, in C++.
#include <cstdio>
#include <vector>

extern "C" int rdc_smooth(const float *x, float *y, int n, float bias, int *positive);
extern "C" float rdc_first_weight();
extern "C" int device_name(char *buf, int len);

int main() {
    int n = 3000;
    char name[256];
    if (device_name(name, 256) != 0) return 1;
    std::printf("device: %s\n", name);
    if (rdc_first_weight() != 0.25f) return 1;
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) x[i] = float(i % 8) - 3.5f;
    int positive = -1;
    return rdc_smooth(x.data(), y.data(), n, 0.125f, &positive) == 0 ? 0 : 1;
}
