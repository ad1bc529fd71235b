//! kind: compile
// #186, "pointless comparison of unsigned integer with zero": `u >= 0` and `u < 0` (and
// `0 <= u`, `0 > u`) where `u` is not a constant and has an unsigned type before promotion
// (`unsigned char`, `char16_t` and `char32_t` too; not `bool`, an enumeration or `wchar_t`),
// and the zero is any integral constant (`0u`, `'\0'`, `false`, a constant, an enumerator,
// `1 - 1`; not `0.0`). Template definitions are checked too, where the operand's type
// depends on no template parameter; constants (`sizeof(int)`, a `const unsigned`) and
// dependent operands (`x` of type `T`, `sizeof(T)`, `N`) are not reported, nor are
// instantiations. The warning comes before the operand's "used before set" (#549).
// In the same way the literal conversions (#68, #69, #2464) are checked in templates.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#include <cstddef>
#include <cstdint>
#include <cstdio>

const int kZero = 0;
const unsigned kFive = 5;
enum Small { S0, S1 };
enum class Wide : unsigned { A };

void constants(unsigned u, unsigned long ul, size_t sz, unsigned char uc, unsigned short us) {
  if (u >= 0u) printf("1"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= 0x0) printf("2"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= (0)) printf("3"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= kZero) printf("4"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= '\0') printf("5"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= false) printf("6"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= S0) printf("7"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= 1 - 1) printf("8"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (0u <= u) printf("9"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (ul >= 0) printf("10"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (sz >= 0) printf("11"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (uc >= 0) printf("12"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (us < 0) printf("13"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (0 > u) printf("14"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= -0) printf("15"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u >= 0.0) printf("no: a floating zero");
  if ((int)u >= 0) printf("no: a signed operand");
  if (u > 0) printf("no: not pointless");
  if (u <= 0) printf("no: not pointless");
  if (kFive >= 0) printf("no: a constant");
  if (sizeof(int) >= 0) printf("no: a constant");
}

void operands(bool b, char32_t c32, char16_t c16, wchar_t wc, Small e, uint8_t u8, uint64_t u64) {
  if (b >= 0) printf("no: bool");
  if (c32 >= 0) printf("1"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (c16 >= 0) printf("2"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (wc >= 0) printf("no: wchar_t is signed");
  if (e >= 0) printf("no: an enumeration");
  if (u8 >= 0) printf("3"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u64 >= 0 && u64 < 0) printf("4");
  //~^ warning #186-D: pointless comparison of unsigned integer with zero
  //~^^ warning #186-D: pointless comparison of unsigned integer with zero
  while (u64 >= 0) { break; } //~ warning #186-D: pointless comparison of unsigned integer with zero
  int r = u64 >= 0 ? 1 : 2; //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (static_cast<unsigned>(r) >= 0) printf("5"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u64 - 1 >= 0) printf("6"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (u64++ >= 0) printf("7"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (--u8 < 0) printf("8"); //~ warning #186-D: pointless comparison of unsigned integer with zero
}

void before_set() {
  unsigned x;
  if (x >= 0) printf("1");
  //~^ warning #186-D: pointless comparison of unsigned integer with zero
  //~^^ warning #549-D: variable "x" is used before its value is set
  unsigned a[2];
  if (0 <= a[1]) printf("2");
  //~^ warning #186-D: pointless comparison of unsigned integer with zero
  //~^^ warning #549-D: variable "a" is used before its value is set
}

template <typename T> void in_template(T x, unsigned u) {
  if (x >= 0) printf("no: dependent");
  if (u >= 0) printf("1"); //~ warning #186-D: pointless comparison of unsigned integer with zero
  if (sizeof(T) >= 0) printf("no: dependent");
  char c = 300; //~ warning #69-D: integer conversion resulted in truncation
  unsigned char uc = -1; //~ warning #68-D: integer conversion resulted in a change of sign
  char *p = "x"; //~ warning #2464-D: conversion from a string literal to "char *" is deprecated
  T t = 300;
  printf("%d %d %s %d", c, uc, p, (int)t);
}

template <unsigned N> void value_template() {
  if (N >= 0) printf("no: a template parameter");
}

void takes_text(char *s);

template <typename T> struct Holder {
  typedef int Int;
  typedef T Value;
  unsigned count;
  void member(T v) {
    Int i = 5000000000; //~ warning #69-D: integer conversion resulted in truncation
    Value w = 5000000000;
    takes_text("z"); //~ warning #2464-D: conversion from a string literal to "char *" is deprecated
    char *q;
    q = "w"; //~ warning #2464-D: conversion from a string literal to "char *" is deprecated
    printf("%d %d %s", i, (int)w, q);
    (void)v;
  }
};

__device__ bool device_side(unsigned u) { return u >= 0; } //~ warning #186-D: pointless comparison of unsigned integer with zero

int main() {
  constants(1, 2, 3, 4, 5);
  operands(true, 1, 2, 3, S0, 4, 5);
  before_set();
  in_template(1, 2u);
  in_template(1u, 2u);
  value_template<3>();
  Holder<char> h;
  h.member('a');
  return 0;
}
