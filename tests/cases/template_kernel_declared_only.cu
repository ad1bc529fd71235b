//! kind: compile
// Kernel templates declared in this unit and defined in another (or later): each
// declaration is preceded by the wrapper the stub file specializes; a kernel defined later
// is static like its definition, one never defined here keeps external linkage (hidden, as
// nvcc asks) so that the host compiler sees no static function used but not defined.
template <int N> __global__ void declared_only(int *p);
template <class T> __global__ void declared_only2(T v, int);
template <int N> __global__ void defined_later(int *p);
void launch(int *p) {
  declared_only<4><<<1, 1>>>(p);
  declared_only2<<<1, 1>>>(1.0f, 2);
  defined_later<2><<<1, 1>>>(p);
}
template <int N> __global__ void defined_later(int *p) { p[0] = N; }
