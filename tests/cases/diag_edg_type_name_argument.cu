//! kind: fail
// A class, enumeration or typedef named where a value belongs is "type name is not
// allowed"; an undeclared function called with one (a test macro left undefined:
// `ASSERT_SAME_TYPE(E, int)`) is then undefined, its arguments being of the error type.
struct E {};
enum Color { Red };
typedef float real;
int known(int x);
void check() {
  int x = undeclared(E); //~ error: type name is not allowed
  //~^ error: identifier "undeclared" is undefined
  ASSERT_SAME_TYPE(E, int); //~ error: type name is not allowed
  //~^ error: type name is not allowed
  //~^^ error: identifier "ASSERT_SAME_TYPE" is undefined
  known(Color); //~ error: type name is not allowed
  known(real); //~ error: type name is not allowed
  known(Red);
}
