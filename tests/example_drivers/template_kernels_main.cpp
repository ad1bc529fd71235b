// examples/template_kernels' src/main.rs, in C++.
#include <cstdio>
#include <vector>

extern "C" int run_templates(int n, float *floats, double *doubles, int *ints, int *int_sum,
                             float *pairs);
extern "C" int device_name(char *buf, int len);

int main() {
    int n = 10000;
    char name[256];
    if (device_name(name, 256) != 0) return 1;
    std::printf("device: %s\n", name);
    std::vector<float> floats(n), pairs(2 * n);
    std::vector<double> doubles(n);
    std::vector<int> ints(n);
    int int_sum = 0;
    int err = run_templates(n, floats.data(), doubles.data(), ints.data(), &int_sum, pairs.data());
    return err == 0 ? 0 : 1;
}
