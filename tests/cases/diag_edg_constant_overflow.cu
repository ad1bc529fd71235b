//! kind: compile
// Signed integer arithmetic on constants whose result does not fit its type warns (#61-D)
// at the operator, at namespace scope and in functions alike; an operand that overflowed
// itself has wrapped, so only the first operation warns. Unsigned arithmetic wraps without
// a word, and so does a shift into the sign bit. A division of two constants by zero is
// reported at its operator, one of a variable at the zero.
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
#define GIB (1024 * 1024 * 1024 * 2)
const int overflow_add = 2147483647 + 1;      //~ warning #61-D: integer operation result is out of range
int overflow_macro = GIB;                     //~ warning #61-D: integer operation result is out of range
int overflow_sub = -2147483647 - 2;           //~ warning #61-D: integer operation result is out of range
long widened = 1024 * 1024 * 1024 * 4L;
unsigned wraps = 4294967295u + 1;
int sign_bit = 1 << 31;
int long_shift = 1 << 40;                     //~ warning #63-D: shift count is too large
int folded_div = 1 / 0;                       //~ warning #39-D: division by zero

__global__ void kernel(int *p, int n) {
  p[0] = 46341 * 46341;                       //~ warning #61-D: integer operation result is out of range
  p[1] = n * 2147483647;
  p[2] = 1 % 0;                               //~ warning #179-D: right operand of "%" is zero
  p[3] = n / 0;                               //~ warning #39-D: division by zero
}

int main() { return 0; }
