//! kind: fail
// A test framework's macros left undefined (its header missing): `TEST_CASE("name") {`
// declares an `int` with a parenthesized initializer, which cudafe++ checks before the
// syntax error at the `{`; then it skips to the next `;` outside brackets.
TEST_CASE("first", "[tag]") //~ error: this declaration has no storage class or type specifier
//~^ error: too many initializer values
//~^^ error: a value of type "const char *" cannot be used to initialize an entity of type "int"
{ //~ error: expected a ";"
  int x = 1;
  REQUIRE(x == 1);
}

TEST_CASE("skipped")
{
  CHECK(true);
}
int restart; //~ warning #12-D: parsing restarts here after previous syntax error
TEST(Suite, Name) { //~ error: this declaration has no storage class or type specifier
//~^ error: identifier "Suite" is undefined
//~^^ error: identifier "Name" is undefined
//~^^^ error: too many initializer values
//~^^^^ error: expected a ";"
  EXPECT_EQ(1, 1);
}
int last;
//~^ warning #12-D: parsing restarts here after previous syntax error
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
