//! The host file's edits on small inputs written as nvcc's preprocessing leaves them
//! (CUDA keywords as GNU attributes). Whole programs are checked against the real nvcc by
//! `tests/nvcc_corpus.rs`; these pin down each edit.

use super::*;
use crate::diag::{DiagConfig, DiagEngine};
use crate::frontend::{FrontendOptions, analyze};

fn host(src: &str, opts: HostOptions) -> String {
    let text = format!("# 1 \"t.cu\"\n{src}\n");
    let map = std::sync::Arc::new(SourceMap::new("t.ii", text.into_bytes()));
    let mut engine = DiagEngine::new(DiagConfig::default());
    engine.set_source_map(map.clone());
    let a = analyze(&map, &FrontendOptions::default(), &mut engine);
    assert!(!engine.has_errors(), "the input has errors");
    let out = host_file(&a, &map, &opts);
    String::from_utf8(out).expect("UTF-8")
}

fn whole() -> HostOptions {
    HostOptions {
        device_hidden_visibility: true,
        static_host_stub: true,
        stub_file_name: Some("t.cudafe1.stub.c".into()),
        module_id: "_1234abcd_4_t_cu_main".into(),
        ..HostOptions::default()
    }
}

fn rdc() -> HostOptions {
    HostOptions {
        device_c: true,
        reference_arrays: true,
        static_host_stub: false,
        ..whole()
    }
}

/// The part of the host file after the prelude, up to the trailer.
fn body(out: &str) -> &str {
    let start = out.find("# 1 \"t.cu\"\n").map(|i| i + 11).unwrap();
    let start = out[start..]
        .find("# 1 \"t.cu\"\n")
        .map(|i| start + i)
        .unwrap_or(start);
    let end = out.rfind("\n# 1 \"t.cudafe1.stub.c\"").unwrap_or(out.len());
    &out[start..end]
}

#[test]
fn prelude_and_trailer() {
    let out = host("int x;", whole());
    assert!(
        out.starts_with(
            "# 1 \"t.cu\"\n#pragma GCC diagnostic ignored \"-Wunused-local-typedefs\"\n"
        )
    );
    assert!(out.contains("#pragma GCC diagnostic ignored \"-Wattributes\"\n"));
    assert!(out.contains(MANAGED_RT));
    assert!(out.contains("#define __nv_is_extended_device_lambda_closure_type(X) false\n"));
    assert!(out.ends_with(
        "# 1 \"t.cudafe1.stub.c\"\n#define _NV_ANON_NAMESPACE _GLOBAL__N__1234abcd_4_t_cu_main\n#ifdef _NV_ANON_NAMESPACE\n#endif\n# 1 \"t.cudafe1.stub.c\"\n#include \"t.cudafe1.stub.c\"\n# 1 \"t.cudafe1.stub.c\"\n#undef _NV_ANON_NAMESPACE\n"
    ));
    // Without an input that declares size_t, the runtime header comes first.
    let include = out.find("#include \"crt/host_runtime.h\"").unwrap();
    assert!(include < out.find("int x;").unwrap());
}

#[test]
fn runtime_header_follows_size_t() {
    let out = host("typedef unsigned long size_t; int after;", whole());
    let b = body(&out);
    let typedef = b.find("typedef unsigned long size_t;").unwrap();
    let include = b.find("#include \"crt/host_runtime.h\"").unwrap();
    let after = b.find("int after;").unwrap();
    assert!(typedef < include && include < after, "{b}");
    // The rest of the line is put back on line 1.
    assert!(
        b.contains("#include \"crt/host_runtime.h\"\n# 1 \"t.cu\"\n int after;"),
        "{b}"
    );
}

#[test]
fn debug_mode_kernels_are_noinline() {
    let src = "__attribute__((global)) void k(int);\n\
               __attribute__((global)) void k(int) {}\n\
               template <class T> __attribute__((global)) void t(T) {}\n\
               template __attribute__((global)) void t<int>(int);\n\
               __attribute__((device)) int d(int x) { return x; }";
    let debug = host(
        src,
        HostOptions {
            debug_mode: true,
            ..whole()
        },
    );
    let b = body(&debug);
    assert_eq!(b.matches("__attribute((noinline))").count(), 3, "{b}");
    assert!(
        b.contains(
            "__attribute__((visibility(\"hidden\"))) __attribute((noinline))  void k(int)  ;"
        ),
        "{b}"
    );
    assert!(
        b.contains("static __attribute((noinline))  void t(T __T0)"),
        "{b}"
    );
    // Not on the explicit instantiation, nor on device functions.
    assert!(b.contains("template  void t<int>(int);"), "{b}");
    let plain = host(src, whole());
    assert!(!body(&plain).contains("noinline"), "{plain}");
}

#[test]
fn explicit_stub_linkage_hides_template_kernels() {
    // nvcc -static-global-template-stub=false: --host-stub-linkage-explicit instead of
    // --static-host-stub, in whole-program compilation.
    let src = "template <class T> __attribute__((global)) void t(T) {}\n\
               template <> __attribute__((global)) void t<char>(char) {}";
    let wattributes =
        "# 1\n\n#pragma GCC diagnostic ignored \"-Wattributes\"\n#pragma GCC diagnostic push\n";
    let explicit = host(
        src,
        HostOptions {
            static_host_stub: false,
            ..whole()
        },
    );
    let b = body(&explicit);
    assert!(
        b.contains("template <class T> __attribute__((visibility(\"hidden\")))  void t(T __T0)"),
        "{b}"
    );
    assert!(
        b.contains("template <> __attribute__((visibility(\"hidden\")))  void t<char>(char __T0)"),
        "{b}"
    );
    assert!(!explicit.contains(wattributes), "{explicit}");
    let static_stub = host(src, whole());
    let b = body(&static_stub);
    assert!(
        b.contains("template <class T> static  void t(T __T0)"),
        "{b}"
    );
    assert!(
        b.contains("template <> __specialization_static  void t<char>(char __T0)"),
        "{b}"
    );
    assert!(static_stub.contains(wattributes), "{static_stub}");
}

#[test]
fn kernels_become_declarations() {
    let out = host(
        "__attribute__((global)) void k(int *p, int n) { p[n] = 1; }\nstatic __attribute__((global)) void s(int) {}",
        whole(),
    );
    let b = body(&out);
    assert!(
        b.contains("__attribute__((visibility(\"hidden\")))  void k(int *p, int n)  ;\n#if 0\n{ p[n] = 1; }\n#endif\n"),
        "{b}"
    );
    assert!(
        b.contains("static  void s(int)  ;\n#if 0\n{}\n#endif\n"),
        "{b}"
    );
    assert!(!b.contains("global"), "{b}");
}

#[test]
fn device_functions_get_dummy_bodies() {
    let out = host(
        "__attribute__((device)) int d(int x, int) { return x; }\nstruct S { __attribute__((device)) S(int q) : v(q) {} int v; __attribute__((device)) ~S() {} };\n__attribute__((device)) constexpr int c(int x) { return x; }\n__attribute__((host)) __attribute__((device)) int hd(int x) { return x; }",
        whole(),
    );
    let b = body(&out);
    assert!(
        b.contains("__attribute__((unused))  int d(int x, int) {int volatile ___ = 1;(void)x;::exit(___);}\n#if 0\n{ return x; }\n#endif"),
        "{b}"
    );
    // Constructors keep their member initializers.
    assert!(
        b.contains(" S(int q) : v(q) {int *volatile ___ = 0;(void)q;::free(___);}"),
        "{b}"
    );
    assert!(
        b.contains(" ~S() {int *volatile ___ = 0;::free(___);}"),
        "{b}"
    );
    // constexpr device functions keep their bodies; host device functions are untouched.
    assert!(
        b.contains("__attribute__((unused))  constexpr int c(int x) { return x; }"),
        "{b}"
    );
    assert!(b.contains("  int hd(int x) { return x; }"), "{b}");
}

#[test]
fn launches_push_the_configuration() {
    let out = host(
        "__attribute__((global)) void k(int);\nvoid f(int s) { k<<<1, 2, s>>>(s + 1); }",
        whole(),
    );
    let b = body(&out);
    assert!(
        b.contains("{ ((__cudaPushCallConfiguration(1, 2, s)) ? (void)0 : k(s + 1)); }"),
        "{b}"
    );
}

#[test]
fn nested_launches_are_rewritten_inside_moved_text() {
    let out = host(
        "__attribute__((global)) void k(int);\nint g(int);\nvoid f() { k<<<g(1), 1>>>(g(2)); }",
        whole(),
    );
    assert!(
        body(&out).contains("((__cudaPushCallConfiguration(g(1), 1)) ? (void)0 : k(g(2)))"),
        "{}",
        body(&out)
    );
}

/// An array of unknown bound gets the bound its initializer gives (as cudafe++ writes it),
/// and loses the initializer unless it is const; where the bound is not plain (braces
/// elided, designators), the initializer stays and gives it.
#[test]
fn device_arrays_get_their_bounds() {
    let out = host(
        "typedef unsigned int u32;\ntypedef u32 word;\nenum E { A, B };\nstruct P { int a, b; };\n\
         __attribute__((constant)) double t[] = {1.0, 2.0,};\n\
         __attribute__((constant)) word k[] = {1u, 2u, 3u};\n\
         __attribute__((device)) E es[] = {A, B, A, B};\n\
         __attribute__((device)) char s[] = \"a\\n\" \"b\";\n\
         __attribute__((device)) char s2[] = {\"ab\"};\n\
         __attribute__((device)) const char *names[] = {\"a\", \"b\"};\n\
         __attribute__((device)) const char *msg = \"hi\";\n\
         __attribute__((constant)) const int c[] = {1, 2, 3};\n\
         __attribute__((device)) P ps[] = {{1, 2}, {3, 4}};\n\
         __attribute__((device)) int m[][2] = {{1, 2}, {3}};\n\
         __attribute__((device)) int elided[][3] = {1, 2, 3, 4};\n\
         __attribute__((device)) P pe[] = {1, 2, 3, 4};",
        whole(),
    );
    let b = body(&out);
    for line in [
        "static  double t[2];",
        "static  word k[3];",
        "static  E es[4];",
        "static  char s[4];",
        "static  char s2[3];",
        "static  const char *names[2];",
        "static  const char *msg;",
        "static  const int c[3] = {1, 2, 3};",
        "static  P ps[2];",
        "static  int m[2][2];",
        "static  int elided[][3] = {1, 2, 3, 4};",
        "static  P pe[] = {1, 2, 3, 4};",
    ] {
        assert!(b.contains(line), "{line} in {b}");
    }
}

#[test]
fn device_variables_become_shadows() {
    let out = host(
        "__attribute__((device)) int d = 5;\n__attribute__((constant)) float c[2] = {1, 2};\nextern __attribute__((device)) int e;\nstatic __attribute__((shared)) int s;",
        whole(),
    );
    let b = body(&out);
    assert!(b.contains("static  int d;"), "{b}");
    assert!(b.contains("static  float c[2];"), "{b}");
    assert!(b.contains("static   int e;"), "{b}");
    assert!(b.contains("static  int s;"), "{b}");

    let out = host(
        "__attribute__((device)) int d = 5;\nstatic __attribute__((device)) int s;",
        rdc(),
    );
    let b = body(&out);
    assert!(
        b.contains("__attribute__((visibility(\"hidden\")))  int d;"),
        "{b}"
    );
    assert!(b.contains("static  int s;"), "{b}");
}

#[test]
fn managed_variables_are_pointers_and_every_use_dereferences() {
    let out = host(
        "__attribute__((managed)) int m = 3;\n__attribute__((managed)) int a[4];\nint f() { a[1] = m; return m; }",
        whole(),
    );
    let b = body(&out);
    assert!(
        b.contains("__attribute__((section(\"__nv_managed_data__\"))) static  int (*m) = 0;"),
        "{b}"
    );
    assert!(
        b.contains("__attribute__((section(\"__nv_managed_data__\"))) static  int (*a)[4] = 0;"),
        "{b}"
    );
    let deref = |n: &str| {
        format!("(*( (__nv_inited_managed_rt ? (void)0: __nv_init_managed_rt()), ({n})))")
    };
    assert!(
        b.contains(&format!(
            "{{ {}[1] = {}; return {}; }}",
            deref("a"),
            deref("m"),
            deref("m")
        )),
        "{b}"
    );
}

#[test]
fn template_kernels_forward_to_the_wrapper() {
    let out = host(
        "namespace ns {\ntemplate <class T, int N> __attribute__((global)) void tk(T t, int (&arr)[N], int) { }\n}\ntemplate <class... Ts> __attribute__((global)) void vk(Ts... ts) {}",
        whole(),
    );
    let b = body(&out);
    assert!(
        b.contains("template <class T, int N> static void __wrapper__device_stub_tk(T &t, int (&arr)[N], int&__T2) { ::cudaLaunchKernel(0, 0, 0, 0, 0, 0);}"),
        "{b}"
    );
    assert!(
        b.contains("static  void tk(T t, int (&arr)[N], int __T2) {::ns::__wrapper__device_stub_tk<T,N>(t,arr,__T2);return;}\n#if 0\n{ }\n#endif"),
        "{b}"
    );
    assert!(
        b.contains("template <class... Ts> static void __wrapper__device_stub_vk(Ts &...ts)"),
        "{b}"
    );
    assert!(
        b.contains("{::__wrapper__device_stub_vk<Ts...>(ts...);return;}"),
        "{b}"
    );
}

#[test]
fn anonymous_namespaces_are_named_by_the_module_id() {
    let out = host("namespace { int a; }\nnamespace { int b; }", whole());
    let b = body(&out);
    let name = "_GLOBAL__N__1234abcd_4_t_cu_main";
    // Each definition is preceded by the one that introduces the name and a directive
    // naming it from the global namespace.
    assert_eq!(
        b.matches(&format!("using namespace ::{name};")).count(),
        2,
        "{b}"
    );
    assert_eq!(
        b.matches(&format!(
            "namespace {name} __attribute__((visibility(\"hidden\")))"
        ))
        .count(),
        4,
        "{b}"
    );
    assert!(b.contains("{ int a; }") && b.contains("{ int b; }"), "{b}");
    // Nested in a named namespace, the directive names the way down.
    let out = host(
        "namespace o { namespace { int c; } }\nusing namespace o;\nnamespace { int d; }",
        whole(),
    );
    let b = body(&out);
    assert!(b.contains(&format!("using namespace ::o::{name};")), "{b}");
    assert!(b.contains(&format!("using namespace ::{name};")), "{b}");
}

#[test]
fn device_builtin_types_go_under_if_0() {
    let out = host(
        "struct __attribute__((device_builtin)) int2 { int x, y; };\ntypedef __attribute__((device_builtin)) struct int2 int2;\n__attribute__((device_builtin)) int f(int);",
        whole(),
    );
    let b = body(&out);
    assert!(
        b.contains("#if 0\nstruct __attribute__((device_builtin)) int2 { int x, y; };\n#endif"),
        "{b}"
    );
    assert!(
        b.contains("#if 0\ntypedef __attribute__((device_builtin)) struct int2 int2;\n#endif"),
        "{b}"
    );
    // Functions stay.
    assert!(b.contains("int f(int);"), "{b}");
}

#[test]
fn diagnostic_pragmas_are_consumed() {
    let out = host(
        "#pragma nv_diag_suppress 177\n#pragma pack(push, 4)\nint x;",
        whole(),
    );
    let b = body(&out);
    assert!(!b.contains("nv_diag_suppress"), "{b}");
    assert!(b.contains("#pragma pack(push, 4)"), "{b}");
}

#[test]
fn lines_stay_in_step() {
    // Every line of the output that comes from the input is announced by the line it
    // has: check that `marker` lines put `int z;` on input line 4.
    let out = host("__attribute__((global)) void k()\n{\n}\nint z;", whole());
    let b = body(&out);
    let at = b.find("int z;").unwrap();
    let before = &b[..at];
    let last_marker = before.rfind("\n# ").unwrap();
    let marker_line: &str = before[last_marker + 1..].lines().next().unwrap();
    let n: u32 = marker_line.split(' ').nth(1).unwrap().parse().unwrap();
    let lines_after = before[last_marker + 1..].matches('\n').count() as u32 - 1;
    assert_eq!(n + lines_after, 4, "{b}");
}

#[test]
fn closure_typedefs_follow_lambda_variables() {
    let out = host(
        "void f() {\n  auto a = [](int x) { return x; };\n  for (auto g = [] { return 1; }; g();) {\n    auto b = [&] { auto c = [] {}; return a(1); }, d = 2;\n  }\n  int e = 3;\n}",
        whole(),
    );
    let b = body(&out);
    // Declarations in blocks only (not a `for`'s init), numbered in the unit as their
    // declarations end: `c` inside `b`'s lambda first.
    assert!(
        b.contains("auto a = [](int x) { return x; }; typedef decltype(a) __T0;\n"),
        "{b}"
    );
    assert!(b.contains("for (auto g = [] { return 1; }; g();) {"), "{b}");
    assert!(
        b.contains("auto c = [] {}; typedef decltype(c) __T1;"),
        "{b}"
    );
    assert!(b.contains("d = 2; typedef decltype(b) __T2;\n"), "{b}");
    assert!(b.contains("int e = 3;\n"), "{b}");
    assert_eq!(b.matches("typedef decltype").count(), 3, "{b}");
}

#[test]
fn member_types_do_not_change_meaning() {
    let out = host(
        "namespace ns {\ntemplate <class T> struct X {};\ntemplate <class T> struct Y {};\ntemplate <class T> struct Load {\n  template <int D> struct In {\n    using X = X<T>;\n    typedef Y<T> Y;\n    using Z = X;\n  };\n};\n}\nusing W = ns::X<int>;",
        whole(),
    );
    let b = body(&out);
    assert!(b.contains("using X = ::ns::X<T>;"), "{b}");
    assert!(b.contains("typedef ::ns::Y<T> Y;"), "{b}");
    assert!(b.contains("using Z = X;"), "{b}");
    assert!(b.contains("using W = ns::X<int>;"), "{b}");
}

#[test]
fn unnamed_kernel_template_parameters_get_names() {
    let out = host(
        "template <class, class... Args> __attribute__((global)) void k(Args... a) {}\ntemplate <int = 3, class T = int> __attribute__((global)) void m(T t) {}",
        whole(),
    );
    let b = body(&out);
    assert!(
        b.contains("template <class __nv_tp0, class... Args>"),
        "{b}"
    );
    assert!(
        b.contains("__wrapper__device_stub_k<__nv_tp0,Args...>(a...)"),
        "{b}"
    );
    assert!(
        b.contains("template <int __nv_tp0 = 3, class T = int>"),
        "{b}"
    );
    assert!(b.contains("__wrapper__device_stub_m<__nv_tp0,T>(t)"), "{b}");
}

#[test]
fn line_markers_lose_their_include_flags() {
    let src = "# 1 \"/inc/a.h\" 1 3 4\ntypedef int A;\n# 1 \"/inc/b.h\" 1 3\ntypedef int B;\n# 3 \"/inc/a.h\" 2 3 4\nint a;\n# 2 \"t.cu\" 2\n__attribute__((device)) int d() { return 1; }\nint x;";
    let out = host(src, whole());
    let b = body(&out);
    for m in [
        "# 1 \"/inc/a.h\" 3 4\ntypedef int A;\n",
        "# 1 \"/inc/b.h\" 3\ntypedef int B;\n",
        "# 3 \"/inc/a.h\" 3 4\nint a;\n",
        "# 2 \"t.cu\"\n",
    ] {
        assert!(b.contains(m), "no {m:?} in:\n{b}");
    }
    assert!(
        !b.contains(" 1 3") && !b.contains(" 2 3") && !b.contains("\" 2\n"),
        "{b}"
    );
}

#[test]
fn lambdas_lose_their_attributes() {
    // As cudafe++ writes them: GNU and standard attributes, before and after the
    // parameters, other specifiers kept. The function around them keeps its own.
    let src = "template <class F> int call(F f) { return f(1); }\n\
               __attribute__((noinline)) int a() {\n\
               return call([](int x) __attribute__((always_inline)) { return x; })\n\
               + call([] __attribute__((noinline)) (int x) noexcept __attribute__((cold)) { return x; })\n\
               + call([](int x) [[gnu::always_inline]] { return x + 1; }); }";
    let out = host(src, whole());
    let b = body(&out);
    assert!(b.contains("[](int x)  { return x; }"), "{b}");
    assert!(b.contains("[]  (int x) noexcept  { return x; }"), "{b}");
    assert!(b.contains("[](int x)  { return x + 1; }"), "{b}");
    assert!(b.contains("__attribute__((noinline)) int a()"), "{b}");
    assert_eq!(b.matches("__attribute__").count(), 1, "{b}");
}
