//! kind: fail
// When a class is complete, cudafe++ warns for the virtual functions of its bases that its
// member functions hide: #611-D at the class's name when it overrides some of a base's
// virtual functions of one name and not the others (the override found through typedefs and
// the parameters' spelling, across levels of bases and several bases), #997-D at each member
// function that overrides none of those it hides (the base's function with its parameter
// types when it is alone with its name, "overloaded function" otherwise). Both come after
// the errors of the class body, ordered by the bases' declarations. A using-declaration of
// the base's functions, or overriding all of them, says nothing; non-virtual overloads do
// not count.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
typedef float real;

struct Base {
  virtual void f(int);
  virtual void f(double);
  virtual void g(int);
  void g(double);
  virtual void h(float *x, const real &y) const;
  virtual void h(int);
  virtual void k(int);
  virtual void k(double);
  virtual ~Base();
};

struct Partial : Base { void f(int) override; }; //~ warning #611-D: overloaded virtual function "Base::f" is only partially overridden in class "Partial"
struct NonVirtualSibling : Base { void g(int) override; };
struct BySpelling : Base { void h(real* x, const float& y) const; }; //~ warning #611-D: overloaded virtual function "Base::h" is only partially overridden in class "BySpelling"
struct All : Base { void k(int) override; void k(double) override; };
struct Using : Base { using Base::f; void f(int) override; };
struct Deeper : Partial { void f(int) override; }; //~ warning #611-D: overloaded virtual function "Base::f" is only partially overridden in class "Deeper"

namespace lib {
struct Objective {
  virtual void grad(const double *score, float *g) const;
  virtual void grad(const double *score, int n, float *g) const { grad(score, g); }
  virtual ~Objective();
};
struct Logloss : public Objective { //~ warning #611-D: overloaded virtual function "lib::Objective::grad" is only partially overridden in class "lib::Logloss"
  void grad(const double *score, float *g) const override;
};
}

struct One { virtual void m(int); virtual void n(int); };
struct Hides : One {
  void n(long); //~ warning #997-D: function "One::n(int)" is hidden by "Hides::n" -- virtual function override intended?
  int bad bad; //~ error: expected a ";"
  void m(char) const; //~ warning #997-D: function "One::m(int)" is hidden by "Hides::m" -- virtual function override intended?
  static void m(); //~ warning #997-D: function "One::m(int)" is hidden by "Hides::m" -- virtual function override intended?
};
struct Two { virtual void s(int); virtual void s(double); };
struct HidesOverloads : Two {
  void s(char); //~ warning #997-D: overloaded function "Two::s" is hidden by "HidesOverloads::s" -- virtual function override intended?
};
struct M1 { virtual void p(int); virtual void p(char); };
struct M2 { virtual void q(int); };
struct Multiple : M1, M2 { void p(int); void q(int); }; //~ warning #611-D: overloaded virtual function "M1::p" is only partially overridden in class "Multiple"
