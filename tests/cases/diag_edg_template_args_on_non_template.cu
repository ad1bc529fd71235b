//! kind: fail
// A class or typedef that is no template, written with template arguments where a type
// belongs and a declarator follows: EDG says it may not have a template argument list,
// drops the arguments and declares the name with the type (so `bad` is known after).
struct Tile {};
typedef int count_t;
Tile<int> bad; //~ error: class "Tile" may not have a template argument list
Tile<int, float> *pointer; //~ error: class "Tile" may not have a template argument list
count_t<4> total; //~ error: type "count_t" may not have a template argument list
int size = sizeof(bad);
void use() {
  Tile<int> local; //~ error: class "Tile" may not have a template argument list
  (void)local;
  bool less = sizeof(Tile) < 2;
  (void)less;
}
