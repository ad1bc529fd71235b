//! kind: compile
//! nvcc: -std=c++20
// In C++20 `module` and `import` first on a line begin a directive; where the tokens after
// one cannot continue it, EDG takes it for an identifier and warns (#3189), at every such
// line (PyTorch's `module.attr` in its Python bindings). Elsewhere on a line, or under C++17,
// nothing is said.
struct M { int attr; void f() {} };
void use(M module, M *import) {
  module.attr = 1; //~ warning #3189-D: "module" is parsed as an identifier rather than a keyword because the tokens that follow it do not match those of a preprocessor directive
  module.f(); //~ warning #3189-D: "module" is parsed as an identifier rather than a keyword because the tokens that follow it do not match those of a preprocessor directive
  int x = module.attr; (void)x;
  import->attr = 3; //~ warning #3189-D: "import" is parsed as an identifier rather than a keyword because the tokens that follow it do not match those of a preprocessor directive
  (void)module;
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
