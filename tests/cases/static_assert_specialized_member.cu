//! kind: compile
// A member of a class template instance whose value another template takes from a
// specialization (`L<T>::s` in `G2<T>`, with `L<int>` specialized; Eigen's `DenseBase.h`):
// the primary template's value is not the one a `static_assert` sees, so nothing is
// reported, as with cudafe++.
template <class T> struct L {
  enum { s = 0 };
};
template <> struct L<int> {
  enum { s = 1 };
};
template <class T> struct L<T *> {
  static constexpr int s = 2;
};
template <typename T> struct G2 {
  enum { S = L<T>::s };
};
template <typename T> struct G3 {
  static constexpr int S = L<T *>::s;
};
static_assert(G2<int>::S, "explicit specialization");
static_assert(G3<char>::S == 2, "partial specialization");
static_assert(L<int>::s == 1, "named directly");
