//! kind: fail
// Member access naming no member of the object's class (with its bases): class and struct
// are both "class", a union is "union". Members of anonymous unions and structs, enumerators,
// static members, using-declarations and members of bases are members.
struct S {
  union {
    int a;
    float b;
  };
  struct {
    int c;
  };
  enum { E1, E2 };
  static int st;
  int m;
  void f();
};
union U {
  int x;
};
class C {
public:
  int c;
};
struct B1 {
  int b1;
};
struct B2 : B1 {
  using B1::b1;
  int b2;
};
struct D : S, B2 {};
int use(S s, U *u, C &c, D d) {
  int ok = s.a + s.b + s.c + s.E1 + s.st + s.m + d.b1 + d.b2 + d.a + (s.f(), 0);
  return ok + s.nb //~ error: class "S" has no member "nb"
         + u->y //~ error: union "U" has no member "y"
         + c.zz //~ error: class "C" has no member "zz"
         + d.q; //~ error: class "D" has no member "q"
}
// Bases that are a class template's instances are not looked into (an explicit
// specialization may have other members than the primary template).
template <class T> struct Base {
  void common();
};
template <> struct Base<int> {
  void special();
};
struct FromSpecialization : Base<int> {};
void specialized(FromSpecialization f) { f.special(); }
