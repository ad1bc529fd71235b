//! kind: fail
// A __managed__ variable cannot have a reference type or a const-qualified type.
int g;
__managed__ int &mr = g;              //~ error: a __managed__ variable cannot have a reference type
__managed__ const int mc = 1;         //~ error: a __managed__ variable cannot have a const qualified type
