//! kind: fail
// `main` is no name for a variable of the global namespace (it is for one in a namespace).
int main = 0; //~ error: "main" cannot be used as a global variable name or given C language linkage

namespace N {
int main = 1;
}
