//! kind: fail
// `main` may not be declared `inline` (see diag_edg_main_rules).
inline int main(int argc, char **argv) { return argc > 1; } //~ error: function "main" may not be declared inline
