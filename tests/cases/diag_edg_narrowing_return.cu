//! kind: fail
// A scalar returned in braces that narrows is an error (#2361 as an error), unlike the
// members of an aggregate returned so (see diag_edg_narrowing_braces).
int shorten(long l) { return {l}; } //~ error: invalid narrowing conversion from "long" to "int"
unsigned fits(int n) { return {5}; }
int same(int n) { return {n}; }
