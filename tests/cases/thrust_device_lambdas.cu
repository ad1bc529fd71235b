//! kind: compile
//! nvcc: --extended-lambda
// Thrust and CUB algorithms with extended lambdas, as real programs use them: transform,
// for_each, sort with a comparator, transform_reduce, count_if, a counting iterator, a
// device lambda in a function template, and cub::DeviceReduce with a custom operator.
#include <thrust/count.h>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <cub/device/device_reduce.cuh>

struct Particle {
  float x, v;
};

float step(thrust::device_vector<Particle> &ps, float dt) {
  thrust::for_each(thrust::device, ps.begin(), ps.end(),
                   [dt] __device__(Particle & p) { p.x += p.v * dt; });
  thrust::sort(thrust::device, ps.begin(), ps.end(),
               [] __device__(const Particle &a, const Particle &b) { return a.x < b.x; });
  return thrust::transform_reduce(
      thrust::device, ps.begin(), ps.end(),
      [] __host__ __device__(const Particle &p) { return 0.5f * p.v * p.v; }, 0.0f,
      thrust::plus<float>());
}

template <typename T>
void scale(thrust::device_vector<T> &v, T s) {
  thrust::transform(thrust::device, v.begin(), v.end(), v.begin(),
                    [=] __device__(T x) { return x * s; });
}

long count_multiples(int n, int k) {
  return thrust::count_if(thrust::device, thrust::counting_iterator<int>(0),
                          thrust::counting_iterator<int>(n),
                          [k] __device__(int i) { return i % k == 0; });
}

struct MaxAbs {
  __device__ float operator()(float a, float b) const {
    return fabsf(a) > fabsf(b) ? a : b;
  }
};

void reduce(const float *in, float *out, int n, void *tmp, size_t &bytes) {
  cub::DeviceReduce::Reduce(tmp, bytes, in, out, n, MaxAbs(), 0.0f);
}

void run(thrust::device_vector<float> &f, thrust::device_vector<double> &d) {
  scale(f, 2.0f);
  scale(d, 0.5);
}
