// examples/managed_memory's src/main.rs, in C++.
#include <cstdio>

extern "C" float *managed_floats(int n);
extern "C" int managed_free(float *p);
extern "C" float *managed_coeffs();
extern "C" unsigned int *managed_evaluated();
extern "C" int managed_run(const float *x, float *y, float *total, int n);
extern "C" int device_name(char *buf, int len);

int main() {
    int n = 5000;
    char name[256];
    if (device_name(name, 256) != 0) return 1;
    std::printf("device: %s\n", name);
    float *coeffs = managed_coeffs();
    unsigned int *evaluated = managed_evaluated();
    if (coeffs[0] != 1.0f || coeffs[1] != 2.0f || coeffs[2] != 3.0f || coeffs[3] != 4.0f ||
        *evaluated != 0)
        return 1;
    coeffs[3] = 0.5f;
    float *x = managed_floats(n);
    float *y = managed_floats(n);
    float *total = managed_floats(1);
    if (!x || !y || !total) return 1;
    for (int i = 0; i < n; ++i) x[i] = float(i % 17) / 16.0f - 0.5f;
    if (managed_run(x, y, total, n) != 0) return 1;
    managed_free(total);
    managed_free(y);
    managed_free(x);
    return 0;
}
