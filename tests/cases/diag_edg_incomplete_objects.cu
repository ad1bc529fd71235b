//! kind: fail
// Objects of types that cannot make them, and objects that need an initializer. A function
// declaration whose parameter type is undeclared reads as a variable of type `void` with a
// parenthesized initializer, as in EDG.
typedef void V;
typedef const void CV;
struct Fwd;
struct Plain { int x; float y; };
struct WithCtor { WithCtor(); int x; };

void undeclared_type(Grid *g); //~ error: incomplete type "void" is not allowed
//~^ error: identifier "Grid" is undefined
//~^^ error: identifier "g" is undefined
V through_typedef; //~ error: incomplete type "V" (aka "void") is not allowed
CV qualified; //~ warning #21-D: type qualifiers are meaningless in this declaration
//~^ error: const variable "qualified" requires an initializer
//~^^ error: incomplete type "CV" (aka "const void") is not allowed
extern void external; //~ error: incomplete type "void" is not allowed
void array_of_void[4]; //~ error: array of void is not allowed
Fwd forward_only; //~ error: incomplete type "Fwd" is not allowed
extern Fwd declared_elsewhere;

struct Members {
  void nothing; //~ error: incomplete type "void" is not allowed
  Fwd incomplete; //~ error: incomplete type "Fwd" is not allowed
  static Fwd fine_static;
  const int fine_const;
  static const int needs_definition;
  static const int has_initializer = 2;
};
const int Members::needs_definition; //~ error: const member "Members::needs_definition" requires an initializer
const int Members::has_initializer;

const int no_value; //~ error: const variable "no_value" requires an initializer
int *const const_pointer; //~ error: const variable "const_pointer" requires an initializer
const int several = 1, missing; //~ error: const variable "missing" requires an initializer
const int table[3]; //~ error: const variable "table" requires an initializer
const Plain plain; //~ error: const variable "plain" requires an initializer -- class "Plain" has no user-provided default constructor
const WithCtor constructed;
const int &dangling; //~ error: reference variable "dangling" requires an initializer
extern const int declared;
namespace N {
const int inner; //~ error: const variable "N::inner" requires an initializer
}

void parameters(int a, void b); //~ error: a parameter may not have void type
void first_void(void, int); //~ error: a parameter may not have void type
void qualified_list(const void); //~ error: declaring a void parameter list with a qualified void type is nonstandard
void empty_list(void);
void typedef_list(V);
void by_value(Fwd f);
void defined(Fwd f) {} //~ error: incomplete type "Fwd" is not allowed

void locals() {
  void v; //~ error: incomplete type "void" is not allowed
  const int c; //~ error: const variable "c" requires an initializer
  static const int s; //~ error: const variable "s" requires an initializer
  extern const int e;
  Fwd f; //~ error: incomplete type "Fwd" is not allowed
  for (const int i; ;) { //~ error: const variable "i" requires an initializer
    break;
  }
}

template <class T> void in_template() {
  const T dependent;
  const int known; //~ warning #257-D: const variable "known" requires an initializer
}

struct Fwd { int a; };
Fwd now_complete;
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
