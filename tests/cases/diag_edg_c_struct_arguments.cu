//! kind: fail
// A C API called with the arguments of an older version of it (CUDA 12's
// cudaGraphAddNode, without the edge data): the argument types are known even where they
// are structs, since argument-dependent lookup can add nothing for a struct without bases
// or friends in the function's own namespace (nor for nullptr). So the conversion errors
// come, then the count. A struct defined in its typedef is as known as any.
struct Params {
  int kind;
  void *data;
};
typedef struct GraphNode *node_t;
typedef unsigned long size_t;
typedef struct Edge_st {
  int from, to;
} Edge;
int add_node(node_t *node, const node_t *deps, const Edge *edges, size_t count, Params *params);
void build(node_t node) {
  Params params = {};
  add_node(&node, nullptr, 0, &params); //~ error: argument of type "Params *" is incompatible with parameter of type "size_t" (aka "unsigned long")
  //~^ error: too few arguments in function call
  add_node(&node, nullptr, nullptr, 0, &params);
  add_node(&node, &node, 1, 0, &params); //~ error: argument of type "int" is incompatible with parameter of type "const Edge *"
}
// A struct with a friend brings that friend in by argument-dependent lookup: this call
// is to it, with the right count.
struct WithFriend {
  int n;
  friend int add_node(WithFriend *w) { return w->n; }
};
int other(WithFriend w) { return add_node(&w); }
// An unnamed struct or enumeration goes by its typedef's name.
typedef struct {
  int v;
} Unnamed;
typedef enum { kFirst, kSecond } Choice;
namespace api {
typedef struct {
  int v;
} Inner;
void take_inner(Inner *);
} // namespace api
void take_unnamed(Unnamed *);
void take_choice(Choice);
void unnamed_types() {
  take_unnamed(1); //~ error: argument of type "int" is incompatible with parameter of type "Unnamed *"
  api::take_inner(2); //~ error: argument of type "int" is incompatible with parameter of type "api::Inner *"
  take_choice(3); //~ error: argument of type "int" is incompatible with parameter of type "Choice"
  Choice c = kFirst;
  int *ip = &c; //~ error: a value of type "Choice *" cannot be used to initialize an entity of type "int *"
  (void)ip;
}
