//! kind: fail
// A class key or `enum` followed by neither a name nor a body (a type where the tag name
// belongs, a forgotten name): #110, and the declaration is dropped.
struct *p; //~ error: expected either a definition or a tag name
union int y; //~ error: expected either a definition or a tag name
class const z; //~ error: expected either a definition or a tag name
enum *q; //~ error: expected either a definition or a tag name
struct Fine {
  int x;
};
__global__ void k(Fine *f) { f->x = 1; }
