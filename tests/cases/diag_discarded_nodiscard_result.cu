//! kind: compile
// Dropping the result of a call to a function declared [[nodiscard]] warns (#2809-D, or
// #3000-D with its reason) at the call's "(", one declared warn_unused_result (#1650-D)
// at the call's start, and one whose class return type is [[nodiscard]] (#2810-D, #3001-D)
// at its "("; so does making and dropping an object of such a class (#3004-D, #3005-D) or
// with a [[nodiscard]] constructor (#3002-D, #3003-D).
// The statement, an arm of a conditional, each operand of a comma, and a for loop's step
// discard; a cast to void, an initializer or a call made before the attribute is declared
// does not; nor does a call of a constexpr function that is a constant. [[nodiscard]] on a
// void function or a destructor warns at the attribute (#2811-D).
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#include <utility>

[[nodiscard]] int f();
int g();
int later();
__attribute__((warn_unused_result)) int h();
int h_gnu() __attribute__((warn_unused_result));
[[nodiscard]] int ov(int);
int ov(double);
[[nodiscard]] int by_arity(int);
int by_arity(int, int);
[[nodiscard("keep it")]] int reason();
[[nodiscard("say \"why\"")]] int quoted();
[[nodiscard]] void nothing(); //~ warning #2811-D: the "nodiscard" attribute does not apply to destructors or routines with void return type
struct [[nodiscard]] Token { int id; };
struct Lock { [[nodiscard]] Lock(int); [[nodiscard("held")]] Lock(double); Lock(int, int); };
struct [[nodiscard("a handle")]] Handle { int fd; };
Token make_token();
Token &token_ref();
Handle open_handle();
[[nodiscard]] constexpr int folded() { return 1; }
[[nodiscard]] constexpr int twice(int x) { return 2 * x; }
struct Box {
  [[nodiscard]] int size() const;
  int clear();
  [[nodiscard]] ~Box(); //~ warning #2811-D: the "nodiscard" attribute does not apply to destructors or routines with void return type
  int count() { size(); return 0; } //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
};
namespace ns { [[nodiscard]] int q(); }
__device__ [[nodiscard]] int dev_value();

__device__ void device_code() {
  dev_value(); //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
}

template <class T> [[nodiscard]] T ident(T t) { return t; }
template <class T> void templ(T) {
  f(); //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
}

void host_code(bool c, Box b, Box *pb, int n, int &out) {
  f();            //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  g();
  later();
  h();            //~ warning #1650-D: result of call is not used
  h_gnu();        //~ warning #1650-D: result of call is not used
  ov(1);          //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  ov(1.0);
  by_arity(1);    //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  by_arity(1, 2);
  reason();       //~ warning #3000-D: ignoring return value from routine declared with "nodiscard" attribute ("keep it")
  quoted();       //~ warning #3000-D: ignoring return value from routine declared with "nodiscard" attribute ("say "why"")
  nothing();
  make_token();   //~ warning #2810-D: ignoring return value type with "nodiscard" attribute
  token_ref();
  open_handle();  //~ warning #3001-D: ignoring return value type with "nodiscard" attribute ("a handle")
  Token{1};       //~ warning #3004-D: type of discarded object has "nodiscard" attribute
  Handle{2};      //~ warning #3005-D: type of discarded object has "nodiscard" attribute ("a handle")
  Lock(1);        //~ warning #3002-D: constructor used to create discarded object has "nodiscard" attribute
  Lock{2.0};      //~ warning #3003-D: constructor used to create discarded object has "nodiscard" attribute ("held")
  Lock(1, 2);
  b.size();       //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  pb->size();     //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  b.clear();
  ns::q();        //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  ident(n);       //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  folded();
  twice(3);
  twice(n);       //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  (f());          //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  f(), g();       //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  g(), f();       //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  c ? f() : g();  //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  for (int i = 0; i < 2; f()) ++i; //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
  (void)f();
  static_cast<void>(f());
  out = f();
  int kept = f() + g();
  out += kept;
  std::move(out); //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
}

[[nodiscard]] int later();
void after() {
  later();        //~ warning #2809-D: ignoring return value from routine declared with "nodiscard" attribute
}
