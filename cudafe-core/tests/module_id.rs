//! The module id and the mangled names it is made of, against the real tools.
//!
//! - `module_ids_match_cudafe`: small `.cu` files, each preprocessed as nvcc preprocesses
//!   it for cudafe++; the real cudafe++ writes its module id (`--gen_module_id_file`) and
//!   ours, computed in-process from the same command line, must be the same bytes. Where no
//!   definition is eligible, both end in the process id, which is left out of the
//!   comparison.
//! - `host_references_match_cudafe`: in separate compilation (`-rdc=true`) cudafe++ lists
//!   the kernels and device variables host code references in the host reference arrays;
//!   every name it lists must be the name we give one of the translation unit's kernels or
//!   device variables.
//! - `rdc_module_ids_match_cudafe`: in separate compilation the id can depend on where host
//!   code first refers to an internal-linkage kernel or device variable; the `cudafe` binary
//!   and cudafe++ write the same id for the same input.
//! - `mangled_names_match_gxx`: plain C++ files compiled by the host `g++`; the name we give
//!   every definition of a function or variable with linkage (and every explicit
//!   instantiation of a function template) must be one of the symbols `g++` defines.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use cudafe_core::emit::mangle::Mangler;
use cudafe_core::emit::module_id::{self, Process};
use cudafe_core::frontend::Analysis;
use cudafe_core::sema::EntityKind;
use cudafe_core::syntax::ast::*;
use difftest::frontend::Frontend;
use difftest::inputs;

/// `(file name, source)`: the file name is part of the id.
const CASES: &[(&str, &str)] = &[
    (
        "k1.cu",
        "__global__ void add_one(int *p, int n) { p[n] += 1; }\n",
    ),
    ("main.cu", "int main() { return 0; }\n"),
    ("kv.cu", "__global__ void k() {}\n"),
    (
        "scalars.cu",
        "__global__ void k(char a, signed char b, unsigned char c, short d, unsigned short e,\n\
         int f, unsigned g, long h, unsigned long i, long long j, unsigned long long l,\n\
         float m, double n, long double o, bool p, wchar_t q, char16_t r, char32_t s) {}\n",
    ),
    (
        "int128.cu",
        "void f(__int128 a, unsigned __int128 b, decltype(nullptr) c) {}\n",
    ),
    (
        "pointers.cu",
        "__global__ void k(const float *__restrict__ a, float *const b, volatile int *c,\n\
         const volatile double *d, int **e, const char *const *f) {}\n",
    ),
    (
        "refs.cu",
        "struct S { int x; };\nvoid f(S &a, const S &b, S &&c, int &d, const int &e) {}\n",
    ),
    (
        "arrays.cu",
        "void f(int a[4], float (&b)[3], const char (*c)[8], int d[][2]) {}\n",
    ),
    (
        "fnptr.cu",
        "void f(void (*cb)(int), int (*g)(float, double), void (&h)(), void (*v)(int, ...)) {}\n",
    ),
    (
        "memptr.cu",
        "struct S { int m; void f(int) const; };\n\
         void g(int S::*a, void (S::*b)(int) const, float S::*c, void (S::*d)()) {}\n",
    ),
    (
        "namespaces.cu",
        "namespace outer { namespace inner { struct P { int v; };\n\
         __global__ void k(P *p, outer::inner::P q) {} } }\n",
    ),
    ("nested_ns.cu", "namespace a::b::c { void f(int) {} }\n"),
    (
        "inline_ns.cu",
        "namespace lib { inline namespace v2 { struct T {}; void use(T, T *) {} } }\n",
    ),
    (
        "nsvar.cu",
        "namespace config { int level = 3; }\nvoid f() {}\n",
    ),
    (
        "longnsvar.cu",
        "namespace averylongnamespace { int value_with_long_name = 3; }\n",
    ),
    ("shortvar.cu", "int abcdefgh = 1;\n"),
    ("ninechars.cu", "int abcdefghi = 1;\n"),
    ("dollar.cu", "int a$b = 1;\n"),
    (
        "vars_first.cu",
        "__device__ int dv;\nint counter = 0;\n__global__ void k(int *p) {}\n",
    ),
    (
        "device_var.cu",
        "__device__ float scale = 2.0f;\n__global__ void k() {}\n",
    ),
    ("constant_var.cu", "__constant__ int table[2] = {0, 16};\n"),
    ("managed_var.cu", "__managed__ int launches = 0;\n"),
    (
        "uninit.cu",
        "int plain;\nextern int declared;\n__device__ int dev;\n__global__ void kernel_after(float) {}\n",
    ),
    (
        "ctor_var.cu",
        "struct R { R(); };\nR global_r;\nvoid f() {}\n",
    ),
    (
        "trivial_var.cu",
        "struct P { int a; };\nP p;\nstruct Q { int a = 1; };\nQ q;\n",
    ),
    (
        "const_var.cu",
        "const int hidden = 1;\nconstexpr int ce = 2;\nextern const int visible = 3;\n",
    ),
    (
        "static_skip.cu",
        "static void helper() {}\ninline void inl() {}\nconstexpr int cf() { return 1; }\n\
         static __global__ void sk(int) {}\n__global__ void picked(double) {}\n",
    ),
    (
        "templates.cu",
        "template <class T> __global__ void tk(T *p) {}\n\
         template <> __global__ void tk<double>(double *p) {}\n\
         template __global__ void tk<int>(int *);\n\
         __global__ void after_templates(long) {}\n",
    ),
    (
        "limits_default.cu",
        "#include <limits>\n#include <cuda/std/limits>\n\
         template <class T, unsigned long E = std::numeric_limits<unsigned long>::max()>\n\
         struct Span {};\n\
         template <int Lo = cuda::std::numeric_limits<short>::lowest(), \
         int C = std::numeric_limits<signed char>::min()> struct R {};\n\
         void use(Span<const unsigned char> s, R<> r) {}\n",
    ),
    (
        "cast_default.cu",
        "template <class T, unsigned long E = static_cast<unsigned long>(-1) / 2, \
         unsigned char C = (unsigned char)300> struct V {};\n\
         void f(V<int>) {}\n",
    ),
    (
        "unordered_map_var.cu",
        "#include <unordered_map>\n#include <unordered_set>\n\
         namespace ns { std::unordered_map<unsigned long, int> funcs; \
         int get_key(int a) { return a; } }\n\
         std::unordered_set<int> seen;\n",
    ),
    (
        "class_template.cu",
        "template <class T, int N> struct Buf { T data[N]; };\n\
         void use(Buf<float, 4> &b, const Buf<int, 2> *c) {}\n",
    ),
    (
        "members.cu",
        "struct S { void m(); static void sm(int); int in_class() { return 1; }\n\
         S(); ~S(); static int count; };\n\
         void S::m() {}\nvoid S::sm(int) {}\nS::S() {}\nS::~S() {}\nint S::count = 0;\n",
    ),
    (
        "ctor_first.cu",
        "struct W { W(int, float); };\nW::W(int, float) {}\n",
    ),
    ("dtor_first.cu", "struct W { ~W(); };\nW::~W() {}\n"),
    (
        "operators.cu",
        "struct V { float x; V operator-() const; };\nV operator+(V a, V b) { return a; }\n",
    ),
    (
        "const_member.cu",
        "namespace geo { struct Pt { float len() const; }; }\nfloat geo::Pt::len() const { return 0; }\n",
    ),
    (
        "static_member_first.cu",
        "namespace n { struct S { static int v; }; }\nint n::S::v = 2;\nvoid g() {}\n",
    ),
    (
        "spec_member.cu",
        "template <class T> struct TS {};\ntemplate <> struct TS<int> { void m(); };\n\
         void TS<int>::m() {}\n",
    ),
    (
        "extern_c.cu",
        "extern \"C\" __global__ void c_kernel(int *p) {}\n",
    ),
    (
        "extern_c_block.cu",
        "extern \"C\" {\nint c_var = 1;\nvoid c_fn(void) {}\n}\n",
    ),
    (
        "anon.cu",
        "namespace { __global__ void hidden_k() {} int hidden_v = 1; }\n\
         namespace { struct A {}; }\nvoid takes_anon(A) {}\nvoid visible_after() {}\n",
    ),
    (
        "anon_return.cu",
        "namespace { struct A {}; }\nA make() { return A(); }\nvoid last_one() {}\n",
    ),
    ("nothing.cu", "static int s;\nstatic void f() {}\n"),
    ("empty.cu", "// nothing at all\n"),
    (
        "templates_only.cu",
        "template <class T> __global__ void k(T) {}\n",
    ),
    ("a-b.c+d.cu", "__global__ void dashed(unsigned n) {}\n"),
    (
        "a_very_long_source_file_name_for_the_module_id_test.cu",
        "__global__ void long_name(float4 *v, int3 i, dim3 d) {}\n",
    ),
    (
        "extern_c_void.cu",
        "extern \"C\" { int reg(void); }\nint reg() { return 1; }\n",
    ),
    (
        "traits_default.cu",
        "#include <type_traits>\n\
         namespace lib { namespace platform { using std::is_same; using std::conditional; }\n\
         struct A {}; struct B {};\n\
         template <class E> struct Config {\n\
           using Op = typename platform::conditional<platform::is_same<E, signed char>::value, A, B>::type;\n\
           static constexpr int bits = int(sizeof(E) * 8);\n\
         };\n\
         template <class E, class Op = typename Config<E>::Op, int W = 128 / Config<E>::bits>\n\
         struct Gemm {};\n\
         }\n\
         constexpr int width = 128 / lib::Config<short>::bits;\n\
         template <int> struct I {};\n\
         void run(const lib::Gemm<float> &g, I<width>, lib::Gemm<signed char> *) {}\n",
    ),
    (
        "explicit_spec_member.cu",
        "template <class T> struct M;\n\
         template <> struct M<int> { using type = bool; };\n\
         template <> struct M<char> { using type = short; };\n\
         int f(M<char>::type) { return 1; }\n",
    ),
    (
        "extern_c_const_param.cu",
        "extern \"C\" void c_entry(int a);\nvoid c_entry(const int a) {}\nint after() { return 1; }\n",
    ),
    (
        "vector.cu",
        "#include <vector>\nnamespace ns { void f(const std::vector<int> &v) {} }\n",
    ),
    (
        "string.cu",
        "#include <string>\nvoid greet(const std::string &who, std::string again) {}\n",
    ),
    (
        "streams.cu",
        "#include <iostream>\nvoid io(std::ostream &o, std::istream &i, std::iostream &b) {}\n",
    ),
    (
        "map.cu",
        "#include <map>\n#include <string>\nvoid m(std::map<std::string, int> &m) {}\n",
    ),
    (
        "stdint.cu",
        "#include <cstdint>\n#include <cstddef>\n\
         void f(uint8_t a, int16_t b, uint32_t c, int64_t d, size_t e, ptrdiff_t f) {}\n",
    ),
    (
        "cuda_types.cu",
        "__global__ void k(cudaStream_t s, float2 f, const double4 *d, cudaError_t e) {}\n",
    ),
    (
        "half.cu",
        "#include <cuda_fp16.h>\n__global__ void h(__half *a, __half2 b) {}\n",
    ),
    (
        "array_class.cu",
        "#include <array>\n#include <utility>\n\
         void f(std::array<int, 3> &a, std::pair<int, float> p) {}\n",
    ),
    (
        "smart.cu",
        "#include <memory>\nvoid own(std::unique_ptr<int> p, std::shared_ptr<float> q) {}\n",
    ),
    (
        "typedefs.cu",
        "typedef unsigned int u32;\nusing F = float;\ntypedef struct { int a; } Anon;\n\
         void f(u32 a, F b, Anon c, const u32 *d) {}\n",
    ),
    (
        "enums.cu",
        "enum Color { Red, Green };\nenum class Mode : char { A, B };\n\
         namespace e { enum E { X }; }\nvoid f(Color c, Mode m, e::E x) {}\n",
    ),
    (
        "subst.cu",
        "struct S {};\nnamespace n { struct T {}; }\n\
         void f(S, S *, const S *, n::T, n::T &, S (*)(S)) {}\n",
    ),
    ("variadic.cu", "void logf(const char *fmt, ...) {}\n"),
    (
        // A definition whose name ends in text from a system header's macro body (the
        // line markers googletest's `TEST` leaves: the class name is the user's,
        // `::TestBody` and `::test_info_` the header's) is in a system header.
        "sysmacro.cu",
        "struct X { void f(); static int v; };\nvoid\n# 3 \"sysmacro.cu\"\nX\n\
         # 3 \"sysmacro.cu\" 3 4\n::f() {}\nint\n# 5 \"sysmacro.cu\"\nX\n\
         # 5 \"sysmacro.cu\" 3 4\n::v = 1;\n# 7 \"sysmacro.cu\"\nint later = 1;\n",
    ),
    (
        "weak.cu",
        "__attribute__((weak)) void w() {}\nvoid strong() {}\n",
    ),
    (
        "deduced.cu",
        "auto f() { return 1; }\nauto g() -> int { return 2; }\n",
    ),
    (
        "deleted.cu",
        "void gone() = delete;\nstruct D { D(); };\nD::D() = default;\nvoid here() {}\n",
    ),
    ("auto_var.cu", "auto av = 1;\nint after = 2;\n"),
    ("order.cu", "void f();\nvoid g() {}\nvoid f() {}\n"),
    (
        "hd.cu",
        "__host__ __device__ float hd(float x) { return x; }\n",
    ),
    ("noexcept_param.cu", "void f(void (*cb)() noexcept) {}\n"),
    (
        "default_template_template_arg.cu",
        "template <typename T> struct Tr {};\n\
         template <typename T, template <typename U> class PT = Tr> struct X {};\n\
         void run(X<float> &a) {}\n",
    ),
    (
        "default_enable_if_arg.cu",
        "#include <type_traits>\n\
         template <typename T, typename = std::enable_if_t<std::is_integral_v<T>>> struct A {};\n\
         void f(A<long> a) {}\n",
    ),
    (
        "default_arg_from_specialization.cu",
        "template <class T, T v> struct IC { static constexpr T value = v; };\n\
         template <class T> struct IsI : IC<bool, false> {};\n\
         template <> struct IsI<long> : IC<bool, true> {};\n\
         template <class T> constexpr bool is_i = IsI<T>::value;\n\
         template <bool B> struct Z {};\n\
         template <typename T, typename = Z<is_i<T>>, typename = Z<IsI<T>::value>> struct B {};\n\
         void g(B<long> b, B<int> c) {}\n",
    ),
    (
        // CUTLASS 3's examples: `StrideA stride_A;` whose type comes from a builder's
        // partial specialization through member aliases is a class with a constructor.
        "type_through_member_aliases.cu",
        "#include <type_traits>\n\
         template <class T> struct Box { T t; Box() : t{} {} };\n\
         template <class K, class = void> struct Builder;\n\
         template <class K> struct Builder<K, std::enable_if_t<std::is_integral_v<K>>> { using type = Box<long>; };\n\
         template <class K> struct Kernel { using Stride = typename Builder<K>::type; };\n\
         template <class G> struct Adapter { using GemmKernel = G; };\n\
         using Gemm = Adapter<Kernel<int>>;\n\
         using StrideA = typename Gemm::GemmKernel::Stride;\n\
         unsigned long long seed;\n\
         StrideA stride_A;\n\
         Box<int> tensor_A;\n",
    ),
    (
        // Thrust's unit tests: a variable whose class is a partial specialization over a
        // pack (`V<tl<Ts...>>`, `V<tl<A, Ts...>>`) with a constructor.
        "partial_specialization_over_pack.cu",
        "template <class...> struct tl {};\n\
         template <class L> struct V;\n\
         template <class A, class... Ts> struct V<tl<A, Ts...>> { V() {} };\n\
         template <class L> struct U;\n\
         template <class... Ts> struct U<tl<Ts...>> { U() {} };\n\
         unsigned long long seed;\n\
         V<tl<int, float, char>> inst;\n\
         U<tl<>> inst2;\n",
    ),
];

/// Runs one case; `Err` describes a difference or a failure. The work directory is removed
/// when the case passes.
fn module_id_case(file: &str, source: &str) -> Result<(), String> {
    let stem = file.trim_end_matches(".cu").replace(['+', '.'], "_");
    let dir = difftest::work_root().join("module_id").join(stem);
    let _ = std::fs::remove_dir_all(&dir);
    let result = module_id_case_in(file, source, &dir);
    if result.is_ok() {
        difftest::discard(&dir);
    }
    result
}

fn module_id_case_in(file: &str, source: &str, dir: &Path) -> Result<(), String> {
    let tk = difftest::toolkit::reference().map_err(|e| format!("{e:#}"))?;
    let pre = inputs::preprocess(tk, dir, file, source, &["-std=c++17"])
        .map_err(|e| format!("preprocessing: {e:#}"))?;
    let runs = pre
        .setup
        .run(&Frontend::Reference, &pre.cwd)
        .map_err(|e| format!("cudafe++: {e:#}"))?;
    let run = runs.first().ok_or("no front-end run")?;
    let theirs = run
        .module_id
        .as_ref()
        .ok_or_else(|| format!("cudafe++ wrote no module id:\n{}", run.stderr))?;
    let theirs = String::from_utf8_lossy(theirs).into_owned();

    let ours = common::analyze_job(&pre.cwd, pre.job())?;
    if !ours.analysis.unit.recoveries.is_empty() {
        return Err(format!(
            "our parser recovered:\n{}",
            ours.recoveries().join("\n")
        ));
    }
    let opts = common::parse_args(&pre.job().cudafe.args)?;
    let file_name = opts.primary_name().ok_or("no source file name")?;
    let cwd = pre.cwd.canonicalize().map_err(|e| e.to_string())?;
    let process = Process {
        cwd,
        pid: 0,
        start: SystemTime::now(),
    };
    let id = module_id::module_id(
        &ours.analysis,
        &ours.map,
        file_name,
        opts.orig_src_path_name.as_deref(),
        &process,
    );
    let eligible = module_id::first_eligible(&ours.analysis, &ours.map);
    let (want, got) = if eligible.is_none() {
        (difftest::without_pid(&theirs), difftest::without_pid(&id))
    } else {
        (theirs.as_str(), id.as_str())
    };
    if want != got {
        return Err(format!(
            "cudafe++: {theirs}\nours:     {id} (first eligible: {eligible:?})"
        ));
    }
    Ok(())
}

#[test]
fn module_ids_match_cudafe() {
    assert!(CASES.len() >= 40);
    let failures: Vec<String> = std::thread::scope(|s| {
        let chunks: Vec<_> = CASES
            .chunks(CASES.len().div_ceil(8))
            .map(|chunk| {
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|(file, source)| {
                            module_id_case(file, source)
                                .err()
                                .map(|e| format!("{file}:\n{source}{e}\n"))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        chunks
            .into_iter()
            .flat_map(|h| h.join().expect("a case panicked"))
            .collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} module ids differ:\n\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------
// Mangled names against g++

/// Plain C++ files: every definition's name must be one `g++` gives it.
const GXX_CASES: &[&str] = &[
    "void f() {}\nvoid g(int, char, unsigned long long, __int128, bool, double, long double) {}\n",
    "void f(const int *, const int *, volatile char *, const volatile short &) {}\n",
    "struct S {};\nnamespace n { struct T {}; }\nvoid f(S, S *, const S *, n::T, n::T &, S (*)(S)) {}\n",
    "void f(int (*)[3], const char (&)[4], int[][5]) {}\ntypedef int A3[3];\nvoid g(const A3 *) {}\n",
    "struct S { void m(int) const; int d; };\n\
     void f(void (S::*)(int) const, void (*)(int), int S::*, void (S::*)(int) const) {}\n",
    "void f(void (*)() noexcept, void (*)(int, ...), int (&)(float)) {}\n",
    "namespace a { inline namespace b { struct C { void m() &; void n() &&; }; } }\n\
     void a::C::m() & {}\nvoid a::C::n() && {}\n",
    "struct S { S(); S(int); ~S(); operator int(); S &operator=(const S &); bool operator!() const; };\n\
     S::S() {}\nS::S(int) {}\nS::~S() {}\nS::operator int() { return 0; }\n\
     S &S::operator=(const S &) { return *this; }\nbool S::operator!() const { return false; }\n\
     S operator+(S, S) { return S(); }\nS operator-(S) { return S(); }\n",
    "template <class T> struct TS { struct In {}; };\nvoid f(TS<int>, TS<int>::In, TS<TS<char>> *) {}\n",
    "template <class T, int N> struct B {};\nenum E { X, Y };\ntemplate <E e> struct EV {};\n\
     void f(B<float, 4>, B<int, -2>, EV<Y>) {}\n",
    "template <class T> void t1(T *, T *) {}\ntemplate void t1<int>(int *, int *);\n\
     template <class T> T ret(T) { return T(); }\ntemplate int ret<int>(int);\n\
     template <class... Ts> void v(Ts...) {}\ntemplate void v<int, double>(int, double);\n",
    "namespace ns { template <class T> void t3(T) {} template void t3<int>(int); }\n\
     template <class T> void t2(T, void (*)()) {}\ntemplate void t2<long>(long, void (*)());\n",
    "#include <vector>\nnamespace ns { void f(const std::vector<int> &) {} }\n\
     void g(std::vector<std::vector<float>> &, std::allocator<int>) {}\n",
    "#include <string>\nvoid f(std::string, std::string) {}\nvoid g(const std::wstring &) {}\n",
    "#include <iostream>\nvoid io(std::ostream &, std::istream &, std::iostream &) {}\n",
    "#include <map>\n#include <string>\nvoid m(std::map<std::string, int> &) {}\n",
    "#include <memory>\nvoid own(std::unique_ptr<int>, std::shared_ptr<float>) {}\n",
    "#include <array>\n#include <utility>\n#include <tuple>\n\
     void f(std::array<int, 3> &, std::pair<int, float>, std::tuple<int, char> &) {}\n",
    "#include <cstdint>\n#include <cstddef>\n\
     void f(uint8_t, int16_t, uint32_t, int64_t, size_t, ptrdiff_t, uintptr_t) {}\n",
    "typedef unsigned int u32;\nusing F = float;\ntypedef struct { int a; } Anon;\n\
     template <class T> using Ptr = T *;\nvoid f(u32, F, Anon, const u32 *, Ptr<F>) {}\n",
    "int g_var = 1;\nnamespace n { int v = 2; struct S { static int s; }; }\nint n::S::s = 3;\n\
     namespace std { int in_std = 4; }\n",
    "enum class Mode : char { A };\nnamespace e { enum E { X }; }\nvoid f(Mode, e::E, Mode *) {}\n",
    "void f(_Complex double, _Complex float, decltype(nullptr)) {}\n",
    "struct O { struct I { void m(); }; };\nvoid O::I::m() {}\nvoid f(O::I, O, O::I *) {}\n",
    "#include <vector>\n#include <string>\nvoid a(std::vector<int>::size_type) {}\nvoid b(std::string::size_type) {}\nvoid c(std::vector<int>::iterator) {}\nvoid d(std::vector<float>::value_type, std::vector<int>::reference) {}\n",
    "#include <functional>\n#include <chrono>\n#include <complex>\nvoid a(std::function<void(int)>) {}\nvoid b(std::chrono::milliseconds) {}\nvoid c(std::complex<float>) {}\n",
    "#include <initializer_list>\n#include <string_view>\n#include <cstdio>\n#include <cstdarg>\n#include <cstddef>\nvoid a(std::initializer_list<int>) {}\nvoid b(std::string_view) {}\nvoid c(FILE *, va_list) {}\nvoid d(std::nullptr_t, std::byte, std::max_align_t *) {}\n",
    "#include <optional>\n#include <variant>\n#include <tuple>\n#include <cstdint>\nvoid a(std::optional<int>) {}\nvoid b(std::variant<int, float>) {}\nvoid c(std::tuple<>) {}\nvoid d(uint_least8_t, int_fast16_t, intmax_t) {}\n",
    "#include <map>\n#include <set>\n#include <unordered_map>\n#include <list>\nvoid a(std::map<int,int>::iterator) {}\nvoid b(std::set<long> &) {}\nvoid c(std::unordered_map<int, float> &) {}\nvoid d(std::list<int> &) {}\n",
    "#include <memory>\n#include <type_traits>\nvoid a(std::remove_reference<int&>::type) {}\n\
     void b(std::enable_if<true, int>::type) {}\nvoid e(std::conditional_t<true, int, float>) {}\n",
    "template <class T> struct W { typedef T type; typedef W<T*> ptr; using ref = T &; };\n\
     void a(W<int>::type, W<int>::ptr, W<char>::ref) {}\ntemplate <class T> using Vec = W<W<T>>;\n\
     void b(Vec<int>) {}\n",
    "template <class T> void t(T *, T *) {}\ntemplate <> void t<char>(char *, char *) {}\n",
];

/// Plain C++ files whose types we may not resolve (traits whose choice needs constant
/// evaluation, specializations whose arguments are deduced): a name we do give must still be one `g++` defines.
const GXX_HARD_CASES: &[&str] = &[
    "template <class T> void t(T *, T *) {}\ntemplate <> void t(float *, float *) {}\n",
    "#include <type_traits>\n#include <cstddef>\nvoid c(std::add_pointer_t<int>) {}\nvoid d(std::decay_t<int[3]>) {}\n\
     void e(std::make_unsigned_t<int>, std::underlying_type_t<std::byte>) {}\n",
    "#include <functional>\n#include <iterator>\n#include <vector>\n\
     void f(std::function<int(float)>::result_type, std::hash<int>::result_type) {}\n\
     void g(std::iterator_traits<int *>::value_type, std::vector<bool>::reference) {}\n",
];

/// The symbols `g++ -std=c++17 -c` defines for `source`, and the file `g++ -E` makes of it
/// (with its line markers, so system headers are known as such).
fn gxx(dir: &Path, source: &str) -> Result<(Vec<String>, PathBuf), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let src = dir.join("t.cpp");
    std::fs::write(&src, source).map_err(|e| e.to_string())?;
    let obj = dir.join("t.o");
    let ii = dir.join("t.ii");
    let run = |cmd: &mut Command| -> Result<Vec<u8>, String> {
        let out = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "{cmd:?} failed:\n{}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(out.stdout)
    };
    run(Command::new("g++")
        .args(["-std=c++17", "-c", "-o"])
        .arg(&obj)
        .arg(&src))?;
    run(Command::new("g++")
        .args(["-std=c++17", "-E", "-o"])
        .arg(&ii)
        .arg(&src))?;
    let nm = run(Command::new("nm").arg("--defined-only").arg(&obj))?;
    let symbols = String::from_utf8_lossy(&nm)
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2).map(str::to_string))
        .collect();
    Ok((symbols, ii))
}

/// Our names for the definitions in the main file of `a` (functions with bodies outside
/// classes, initialized variables, explicit instantiations of function templates).
fn our_names(
    a: &Analysis,
    map: &cudafe_core::source_map::SourceMap,
) -> Vec<(String, Option<String>)> {
    fn walk(
        decls: &[Decl],
        a: &Analysis,
        map: &cudafe_core::source_map::SourceMap,
        m: &Mangler<'_>,
        out: &mut Vec<(String, Option<String>)>,
    ) {
        let describe = |span: cudafe_core::source_map::Span| {
            String::from_utf8_lossy(map.slice(span)).into_owned()
        };
        for d in decls {
            if map.presumed(d.span.lo).system {
                continue;
            }
            match &d.kind {
                DeclKind::Namespace(ns) => walk(&ns.decls, a, map, m, out),
                DeclKind::LinkageSpec { decls, .. } => walk(decls, a, map, m, out),
                DeclKind::Function(f) => {
                    if let Some(e) = f.entity {
                        out.push((describe(f.declarator.span), m.function(e, &f.declarator)));
                    }
                }
                DeclKind::Simple { declarators, .. } => {
                    for id in declarators {
                        let Some(e) = id.entity else { continue };
                        let ent = a.sema.entity(e);
                        if ent.kind == EntityKind::Variable && id.init.is_some() {
                            out.push((describe(id.declarator.span), m.variable(e)));
                        }
                    }
                }
                // Explicit specializations.
                DeclKind::Template { decl, .. } => {
                    if let DeclKind::Function(f) = &decl.kind
                        && let Some(e) = f.entity
                        && !a.sema.entity(e).is_template
                    {
                        out.push((describe(f.declarator.span), m.function(e, &f.declarator)));
                    }
                }
                DeclKind::ExplicitInstantiation { decl, .. } => {
                    if let DeclKind::Simple { declarators, .. } = &decl.kind {
                        for id in declarators {
                            let Some(name) = &id.declarator.name else {
                                continue;
                            };
                            let template = name.resolution.entities().iter().copied().find(|&e| {
                                let ent = a.sema.entity(e);
                                ent.is_template && ent.kind == EntityKind::Function
                            });
                            let got = template
                                .and_then(|t| m.template_instance(t, name.last().args.as_ref()?));
                            out.push((describe(id.declarator.span), got));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    let m = Mangler::new(a, map);
    let mut out = Vec::new();
    walk(&a.unit.decls, a, map, &m, &mut out);
    out
}

#[test]
fn mangled_names_match_gxx() {
    let root = difftest::work_root().join("mangle_gxx");
    let mut failures = Vec::new();
    let (mut checked, mut unnamed) = (0, 0);
    let cases = GXX_CASES
        .iter()
        .map(|c| (c, false))
        .chain(GXX_HARD_CASES.iter().map(|c| (c, true)));
    for (i, (source, hard)) in cases.enumerate() {
        let dir = root.join(format!("case{i}"));
        let (symbols, ii) = gxx(&dir, source).expect("g++ compiles the case");
        let opts = common::parse_args(&["--c++17".to_string(), ii.display().to_string()])
            .expect("options");
        let text = std::fs::read(&ii).expect("the preprocessed case");
        let run = common::analyze_text(&opts, &ii.to_string_lossy(), text);
        assert!(
            run.analysis.unit.recoveries.is_empty(),
            "case {i} does not parse:\n{}",
            run.recoveries().join("\n")
        );
        for (what, name) in our_names(&run.analysis, &run.map) {
            checked += 1;
            match name {
                Some(n) if symbols.contains(&n) => {}
                None if hard => unnamed += 1,
                _ => failures.push(format!(
                    "case {i}: `{what}`: ours {name:?}, g++ defines {symbols:?}"
                )),
            }
        }
    }
    eprintln!("{checked} names checked, {unnamed} left unnamed in the hard cases");
    assert!(checked > 60, "only {checked} names checked");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------
// Host reference names against cudafe++

/// Sources compiled with `-rdc=true` whose host code references kernels and device
/// variables of every kind of linkage and nesting.
const RDC_CASES: &[(&str, &str)] = &[
    (
        "hr1.cu",
        r#"__global__ void ek(int) {}
static __global__ void sk(int) {}
namespace { __global__ void anon_k(float *) {} __device__ int anon_v; }
namespace ns {
__global__ void nk(int) {}
static __global__ void nsk() {}
__device__ int nv;
static __device__ int nsv;
namespace { __global__ void nak() {} }
}
template <class T> __global__ void tk(T *) {}
namespace ns { template <class T> __global__ void ntk(T) {} }
static __device__ int sdref;
__device__ int dref;
__constant__ int cref;
static __constant__ int scref;
extern "C" __global__ void ck() {}
struct S { int a; };
__global__ void sk2(S) {}
int main() {
  ek<<<1, 1>>>(1); sk<<<1, 1>>>(1); anon_k<<<1, 1>>>(0); ns::nk<<<1, 1>>>(1);
  ns::nsk<<<1, 1>>>(); ns::nak<<<1, 1>>>();
  tk<<<1, 1>>>((int *)0); tk<<<1, 1>>>((float *)0); ns::ntk<<<1, 1>>>(1);
  int *p = &sdref; p = &dref; p = &cref; p = &scref; p = &anon_v; p = &ns::nv; p = &ns::nsv;
  ck<<<1, 1>>>(); sk2<<<1, 1>>>(S{});
}
"#,
    ),
    (
        "hr2.cu",
        r#"namespace a { namespace b { __global__ void deep(int) {} __device__ float dv; } }
namespace lib { inline namespace v1 { __global__ void ik(int) {} __constant__ int ic; } }
namespace { namespace inner { __global__ void ak() {} __managed__ int am; } }
namespace ns { template <class T, int N> __global__ void tk2(T) {} static __managed__ int sm; __managed__ int m; }
extern "C" __device__ int cdev;
extern "C" { static __global__ void csk() {} }
struct S { int a; };
template <class T> __global__ void tks(T) {}
int main() {
  a::b::deep<<<1, 1>>>(1); lib::ik<<<1, 1>>>(1); inner::ak<<<1, 1>>>();
  ns::tk2<float, 3><<<1, 1>>>(1.0f); tks<S><<<1, 1>>>(S{}); csk<<<1, 1>>>();
  void *p = &a::b::dv; p = &lib::ic; p = &inner::am; p = &ns::sm; p = &ns::m; p = &cdev;
}
"#,
    ),
];

/// The names in the host reference arrays of a host file (`/* name */` before each entry).
fn listed_names(host_file: &str) -> Vec<String> {
    let Some(start) = host_file.find("hostRefKernelArrayInternalLinkage") else {
        return Vec::new();
    };
    host_file[start..]
        .lines()
        .filter_map(|l| l.strip_prefix("/* ")?.strip_suffix(" */"))
        .map(str::to_string)
        .collect()
}

#[test]
fn host_references_match_cudafe() {
    let tk = difftest::toolkit::reference().expect("the reference toolkit");
    let mut failures = Vec::new();
    for (file, source) in RDC_CASES {
        let dir = difftest::work_root()
            .join("host_references")
            .join(file.trim_end_matches(".cu"));
        let _ = std::fs::remove_dir_all(&dir);
        let pre = inputs::preprocess(tk, &dir, file, source, &["-std=c++17", "-rdc=true"])
            .expect("nvcc's host preprocessing");
        let runs = pre
            .setup
            .run(&Frontend::Reference, &pre.cwd)
            .expect("cudafe++");
        let run = &runs[0];
        let host = run
            .host_file
            .as_deref()
            .expect("cudafe++ wrote the host file");
        let id = String::from_utf8(run.module_id.clone().expect("a module id")).expect("ASCII");
        let listed = listed_names(host);
        assert!(
            !listed.is_empty(),
            "{file}: no host reference arrays in\n{host}"
        );

        let ours = common::analyze_job(&pre.cwd, pre.job()).expect("the preprocessed input");
        let a = &ours.analysis;
        let m = Mangler::new(a, &ours.map).with_module_id(&id);
        let mut names = Vec::new();
        for (i, ent) in a.sema.entities.iter().enumerate() {
            let e = cudafe_core::sema::EntityId(i as u32);
            let device = match ent.kind {
                EntityKind::Function => ent.cuda.exec.global,
                EntityKind::Variable => ent.cuda.mem.is_device(),
                _ => false,
            };
            if !device || ent.flags.in_system_header {
                continue;
            }
            names.extend(m.host_reference(e));
            if ent.is_template {
                names.extend(m.host_reference_internal(e));
            }
        }
        for n in &listed {
            if !names.contains(n) {
                failures.push(format!("{file}: cudafe++ lists `{n}`; ours: {names:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ---------------------------------------------------------------------------------------
// The module id in separate compilation, through the `cudafe` binary

/// Sources compiled with `-rdc=true` where host code refers to a kernel or device variable
/// listed under an internal-linkage name: cudafe++ computes the id at the first such
/// reference, from the definitions before it (and falls back to the process when there is
/// none yet, even if one comes later).
const RDC_ID_CASES: &[(&str, &str)] = &[
    (
        "r1.cu",
        "static __global__ void k(){}\nvoid f(){k<<<1,1>>>();}\nvoid g(){}\n",
    ),
    (
        "r2.cu",
        "static __global__ void k(){}\nstatic void s(){k<<<1,1>>>();}\nvoid g(){}\n",
    ),
    (
        "r3.cu",
        "__global__ void k(){}\nstatic void s(){k<<<1,1>>>();}\nvoid g(){}\n",
    ),
    (
        "r4.cu",
        "template<class T> __global__ void k(T){}\nstatic void s(){k<<<1,1>>>(1);}\nvoid g(){}\n",
    ),
    (
        "r5.cu",
        "static __device__ int v;\nstatic void s(){int*p=&v;(void)p;}\nvoid g(){}\n",
    ),
    (
        "r6.cu",
        "namespace { __global__ void k(){} }\nstatic void s(){k<<<1,1>>>();}\nvoid g(){}\n",
    ),
    (
        "r7.cu",
        "static __global__ void k(){}\nstruct A { void m(){k<<<1,1>>>();} };\nvoid g(){}\n",
    ),
    (
        "r8.cu",
        "int x = 1;\nstatic __global__ void k(){}\nstatic void s(){k<<<1,1>>>();}\nvoid g(){}\n",
    ),
    (
        "r9.cu",
        "static __device__ int v;\n__device__ int w = 1;\nstatic void s(){int*p=&v;(void)p;}\nvoid g(){}\n",
    ),
    (
        "r10.cu",
        "static __global__ void bump(int *p) {}\nstatic void launch(int *p) { bump<<<1, 16>>>(p); }\nint main() { launch(0); }\n",
    ),
];

#[test]
fn rdc_module_ids_match_cudafe() {
    let tk = difftest::toolkit::reference().expect("the reference toolkit");
    let ours = Frontend::Binary(PathBuf::from(env!("CARGO_BIN_EXE_cudafe")));
    let mut failures = Vec::new();
    // Separate compilation, and whole-program compilation whose host file still lists what
    // host code refers to (nvcc's `--extensible-whole-program`, cudafe++'s `--partial-link`).
    for (mode, flag) in [("rdc", "-rdc=true"), ("ewp", "--extensible-whole-program")] {
        for (file, source) in RDC_ID_CASES {
            let dir = difftest::work_root()
                .join("rdc_module_ids")
                .join(mode)
                .join(file.trim_end_matches(".cu"));
            let _ = std::fs::remove_dir_all(&dir);
            let pre = inputs::preprocess(tk, &dir, file, source, &[flag])
                .expect("nvcc's host preprocessing");
            let run = |f: &Frontend| -> (String, Vec<String>) {
                let runs = pre.setup.run(f, &pre.cwd).expect("the front end runs");
                let bytes = runs[0].module_id.clone().expect("a module id");
                let id = String::from_utf8(bytes).expect("ASCII");
                let host = runs[0].host_file.as_deref().expect("a host file");
                // The names carry the module id, whose last part may be the process id (and
                // internal ones its length: `__nv_static_32__...`).
                let plain = difftest::without_pid(&id);
                let names = listed_names(host)
                    .iter()
                    .map(|n| {
                        let n = n.replace(&id, plain);
                        match n.strip_prefix("__nv_static_") {
                            Some(rest) => format!(
                                "__nv_static_N{}",
                                rest.trim_start_matches(|c: char| c.is_ascii_digit())
                            ),
                            None => n,
                        }
                    })
                    .collect();
                (id, names)
            };
            let ((theirs, their_names), (ours, our_names)) =
                (run(&Frontend::Reference), run(&ours));
            if difftest::without_pid(&theirs) != difftest::without_pid(&ours) {
                failures.push(format!(
                    "{file} ({flag}):\n{source}cudafe++: {theirs}\nours:     {ours}"
                ));
            }
            if their_names.is_empty() || their_names != our_names {
                failures.push(format!(
                    "{file} ({flag}): host reference arrays\ncudafe++: {their_names:?}\nours:     {our_names:?}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
