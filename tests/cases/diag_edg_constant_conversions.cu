//! kind: compile
// Conversions cudafe++ warns about in code that compiles: a string literal bound to a
// `char *` (a variable, a member, a parameter of the one function a call can mean; not a
// `const char *`, an array, or a `...` argument), and an integer literal whose value does
// not survive the conversion to the type it initializes (#68 when its sign changes, #69 when
// it is truncated; an unsigned hexadecimal literal into the signed type of its width keeps
// its bits and is not reported) — also as an argument, an assigned value or a returned one.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#include <cstddef>
#include <cstdint>
const char *greeting = "hello";
char buffer[] = "abc";
char *legacy = "old"; //~ warning #2464-D: conversion from a string literal to "char *" is deprecated
unsigned all_ones = 0xFFFFFFFF;
int high_bit = 0x80000000;
uint8_t byte_max = 255;
int8_t too_big = 128; //~ warning #68-D: integer conversion resulted in a change of sign
size_t npos = -1; //~ warning #68-D: integer conversion resulted in a change of sign
short lowest = -32768;
unsigned long long ull = 0xFFFFFFFFFFFFFFFF;
uint16_t wraps = 0x10000; //~ warning #69-D: integer conversion resulted in truncation
unsigned beyond = 4294967296; //~ warning #69-D: integer conversion resulted in truncation
struct Named {
  char *label;
};
void log_all(const char *fmt, char *tag, ...);
void host_side() {
  log_all("a", "b", "c"); //~ warning #2464-D: conversion from a string literal to "char *" is deprecated
  char *local;
  local = "z"; //~ warning #2464-D: conversion from a string literal to "char *" is deprecated
  Named n;
  n.label = "q"; //~ warning #2464-D: conversion from a string literal to "char *" is deprecated
  (void)local;
  (void)n;
}
__device__ unsigned device_ones = -1; //~ warning #68-D: integer conversion resulted in a change of sign
__global__ void k(unsigned char *out) {
  unsigned char c = 256; //~ warning #69-D: integer conversion resulted in truncation
  out[0] = c;
}

void take_count(size_t n);
unsigned all_bits() { return -1; }
//~^ warning #68-D: integer conversion resulted in a change of sign
void more_host_side() {
    take_count(-1);
    //~^ warning #68-D: integer conversion resulted in a change of sign
    short s = 3;
    s = 70000;
    //~^ warning #69-D: integer conversion resulted in truncation
    s = -5;
    (void)s;
}
