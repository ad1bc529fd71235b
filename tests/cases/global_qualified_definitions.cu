//! kind: compile
// Classes and enums defined with a name qualified from the global scope (cub's test_util.h
// specializes `::cuda::std::numeric_limits` this way): the host compiler rejects the leading
// `::` in a class-head (cudafe++ writes the definition again inside its namespace), so the
// host file drops it; the name means the same without it.
namespace N {
template <class T> class Limits;
struct Plain;
enum class Mode : int;
} // namespace N
template <> class ::N::Limits<int> {
public:
  static __host__ __device__ int max() { return 7; }
};
struct ::N::Plain {
  int v;
};
enum class ::N::Mode : int { fast, exact };
__global__ void k(int *out, N::Plain p) { out[0] = N::Limits<int>::max() + p.v + int(N::Mode::exact); }
void launch(int *out) { k<<<1, 1>>>(out, N::Plain{1}); }
