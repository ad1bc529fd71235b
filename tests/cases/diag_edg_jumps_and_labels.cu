//! kind: fail
// Jumps that have nowhere to go: `break` outside a loop or switch (a lambda's body is a
// function of its own), `continue` outside a loop, a second `default` or a case value
// seen before in one switch (constants, enumerators, `constexpr` variables and GNU case
// ranges counted; values that depend on template parameters are left to instances), and
// a `goto` to a label the function never defines, reported once at the end of the
// function; a switch whose labels jump past initialized variables declared in its body
// (#546, a warning for a switch, after the switch's body).
//~! Remark: The warnings can be suppressed with "-diag-suppress <warning-number>"
constexpr int kTile = 4;
enum Phase { Load, Compute = 5, Store = 5 };

__device__ int step(int x) {
    for (int i = 0; i < 3; ++i) {
        switch (x) {
        case 1:
            continue;
        case -1:
            break;
        case kTile:
            break;
        case 2 + 2:
            //~^ error: case label value has already appeared in this switch at line 20
            break;
        }
        auto inner = [&] {
            while (x) {
                break;
            }
            return x;
        };
        auto stray = [] { break; };
        //~^ error: a break statement may only be used within a loop or switch
        (void)inner;
        (void)stray;
    }
    do {
        continue;
    } while (x > 10);
    switch (x) {
    case 10 ... 20:
        break;
    case 15:
        //~^ error: case label value has already appeared in this switch at line 41
        break;
    }
    switch (x) {
    case Load:
    case Compute:
    case Store:
        //~^ error: case label value has already appeared in this switch at line 49
        break;
    default:
        break;
    default:
        //~^ error: default label has already appeared in this switch
        break;
    }
    if (x == 3)
        break;
    //~^ error: a break statement may only be used within a loop or switch
    continue;
    //~^ error: a continue statement may only be used within a loop
    goto missing;
    //~^ error: label "missing" was referenced but not defined
    goto missing;
    goto done;
done:
    if (x)
        goto elsewhere;
    //~^ error: label "elsewhere" was referenced but not defined
    return x;
}

template <int N> __global__ void tiles(int x) {
    switch (x) {
    case N:
    case 1:
    case 1:
        //~^ error: case label value has already appeared in this switch at line 78
        break;
    }
}

void dispatch(int x) {
    switch (x) {
    //~^ warning #546-D: transfer of control bypasses initialization of:
    case 0: {
        int scoped = 1;
        (void)scoped;
        break;
    }
    case 1:
        int count = 1;
        int unset;
        static int calls = 0;
        const float scale = 2.0f;
    case 2:
        (void)count;
    default:
        break;
    }
    switch (x) {
        int before = 5;
    //~^^ warning #546-D: transfer of control bypasses initialization of:
    case 1:
        break;
    }
}
