//! kind: fail
// After a `;` or `)` missing in a function body, cudafe++ skips to the next `;` outside
// brackets, stepping over whole blocks, loops and `do ... while (0)` macro bodies, and stops
// before the `}` that closes the function; what it skipped declares nothing. A statement
// that did not parse may have set any local: no "used before its value is set" after it.
#include <cstdio>
#define CHECK(call) do { if ((call) != 0) { printf("failed\n"); } } while (0)

int setup(int **p);

void block_follows(int *x)
{
    x[0] = 1
    { //~ error: expected a ";"
        x[2] = 2;
        x[3] = 3;
    }
    int s = 0; //~ warning #12-D: parsing restarts here after previous syntax error
    x[1] = s; //~ error: identifier "s" is undefined
}

void loop_follows(int *x)
{
    x[0] = 1
    for (int i = 0; i < 3; i++) { x[i] = i; } //~ error: expected a ";"
    int s = 0;
    x[1] = s; //~ error: identifier "s" is undefined
}

void declaration_kept(int *x)
{
    int y = 2
    if (y) { //~ error: expected a ";"
        x[0] = y;
    }
    int s = 0; //~ warning #12-D: parsing restarts here after previous syntax error
    x[1] = s + y; //~ error: identifier "s" is undefined
}

void paren_missing(int *x)
{
    x[0] = (1
    { x[2] = 2; } //~ error: expected a ")"
    int s = 0;
    x[1] = s; //~ error: identifier "s" is undefined
}

void macro_without_semicolon()
{
    int *p;
    CHECK(setup(&p))
    CHECK(setup(&p)) //~ error: expected a ";"
    p[0] = 1;
    printf("%d\n", p[0]);
}

void closing_brace_follows(int *x)
{
    x[0] = 1
    { x[2] = 2; } //~ error: expected a ";"
}
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
