//! kind: compile
// `use of "=" where "==" may have been intended`: a condition (of if, while, do, for, ?:, and
// under !, && and ||) that assigns a constant, in host, device and template code; extra
// parentheses do not silence it, and the caret is at them. Assigning anything else is fine.
struct N {
  N *next;
};
int g();
enum E { EA = 1 };
int f(int a, int b, N *p, bool c) {
  if (a = b) return 1;
  if ((a = g())) return 2;
  while (p = p->next) {
  }
  if (a = 0) return 3; //~ warning #187-D: use of "=" where "==" may have been intended
  //~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
  for (; a = 1;) { //~ warning #187-D: use of "=" where "==" may have been intended
  }
  do {
  } while ((a = 4)); //~ warning #187-D: use of "=" where "==" may have been intended
  int x = (a = 2) ? 1 : 0; //~ warning #187-D: use of "=" where "==" may have been intended
  if (!(a = 2) || (c = true)) return 4;
  //~^ warning #187-D: use of "=" where "==" may have been intended
  //~^^ warning #187-D: use of "=" where "==" may have been intended
  if (a = EA) return 7; //~ warning #187-D: use of "=" where "==" may have been intended
  if (a = -1) return 8; //~ warning #187-D: use of "=" where "==" may have been intended
  if (a = sizeof(int)) return 9; //~ warning #187-D: use of "=" where "==" may have been intended
  if (int y = 3) return y;
  return x;
}
template <class T> int t(T a) {
  if (a = 2) return 1; //~ warning #187-D: use of "=" where "==" may have been intended
  return 0;
}
__device__ int d(int a) {
  if (a = 5) return 1; //~ warning #187-D: use of "=" where "==" may have been intended
  return 0;
}
