//! Bad input — binary junk, truncated files, unbalanced brackets, unterminated literals,
//! 10,000-deep nesting, constructs the parser would read exponentially often, missing or
//! unreadable inputs, unwritable outputs — must end in a located diagnostic and a documented
//! exit status (0, 2 or 4), never in a panic, a stack overflow, a signal or a hang.
//!
//! Each case runs the `cudafe` binary on an input written under `target/difftest/bad_input/`
//! and checks:
//!
//! - the process exits by itself (a watchdog kills it after [`HANG_LIMIT`]: a hang, not a
//!   timing assertion), not by a signal, with 0, 2 or 4 — the one expected where it is clear;
//! - stderr says nothing of a panic or an overflow;
//! - a nonzero status comes with a located diagnostic (`name(N): `, `Line N: ` for standard
//!   input, `At end of source:` or `Catastrophic error:`); [`is_located_diagnostic`];
//! - outputs are written whole or not at all: after a nonzero status the output directory is
//!   empty, after 0 it holds the host file and no temporary file.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs::{self, File};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// A run that takes longer than this is taken for a hang (the slowest cases take a few
/// seconds in a debug build).
const HANG_LIMIT: Duration = Duration::from_secs(120);

/// The nesting depth of the deep cases.
const DEEP: usize = 10_000;

/// What a case feeds `cudafe`.
enum Input {
    /// A file with these bytes.
    File(Vec<u8>),
    /// Standard input (`-`) with these bytes.
    Stdin(Vec<u8>),
    /// A file name that does not exist.
    Missing,
    /// A directory.
    Directory,
    /// The empty string as the file name.
    EmptyName,
}

/// Where the outputs go.
enum Outputs {
    /// `--gen_c_file_name out/x.cudafe1.cpp`.
    Host,
    /// The host file and `--gen_module_id_file --module_id_file_name out/x.module_id`.
    HostAndModuleId,
    /// The host file in a directory that does not exist.
    HostInMissingDir,
    /// The host file's name is that of an existing directory.
    HostIsDirectory,
    /// The host file's directory is a regular file.
    HostUnderFile,
    /// The module id file in a directory that does not exist, the host file as usual.
    ModuleIdInMissingDir,
    /// Both in a directory that does not exist.
    BothInMissingDir,
}

/// The exit status a case must end with.
#[derive(Clone, Copy)]
enum Expect {
    Exactly(i32),
    OneOf(&'static [i32]),
    /// 2 or 4: some error.
    Failure,
}

impl Expect {
    fn allows(self, code: i32) -> bool {
        match self {
            Expect::Exactly(c) => code == c,
            Expect::OneOf(cs) => cs.contains(&code),
            Expect::Failure => code == 2 || code == 4,
        }
    }
}

/// A valid program: 0, or 4 where it nests deeper than the front end goes.
const VALID_OR_TOO_DEEP: Expect = Expect::OneOf(&[0, 4]);
/// Anything documented.
const ANY: Expect = Expect::OneOf(&[0, 2, 4]);

struct Case {
    name: String,
    input: Input,
    outputs: Outputs,
    expect: Expect,
    /// Text stderr must contain.
    stderr_has: Option<&'static str>,
}

impl Case {
    fn new(name: impl Into<String>, text: impl Into<Vec<u8>>, expect: Expect) -> Case {
        Case {
            name: name.into(),
            input: Input::File(text.into()),
            outputs: Outputs::Host,
            expect,
            stderr_has: None,
        }
    }

    fn special(name: &str, input: Input, outputs: Outputs, expect: Expect) -> Case {
        Case {
            name: name.into(),
            input,
            outputs,
            expect,
            stderr_has: None,
        }
    }

    fn stderr_has(mut self, text: &'static str) -> Case {
        self.stderr_has = Some(text);
        self
    }
}

// -----------------------------------------------------------------------------------------
// Running a case

/// What a run left behind.
struct Run {
    status: ExitStatus,
    stderr: String,
    elapsed: Duration,
}

/// Runs `cudafe` on `case` in `dir/<name>/` and returns why it failed, if it did.
fn check(root: &Path, case: &Case) -> Result<(), String> {
    let dir = root.join(&case.name);
    fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let out_dir = dir.join("out");
    fs::create_dir_all(&out_dir).map_err(|e| e.to_string())?;
    let write = |path: &Path, bytes: &[u8]| {
        fs::write(path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))
    };

    let mut stdin_bytes = None;
    let input: OsString = match &case.input {
        Input::File(text) => {
            let name = format!("{}.ii", case.name);
            write(&dir.join(&name), text)?;
            name.into()
        }
        Input::Stdin(text) => {
            let path = dir.join("stdin.ii");
            write(&path, text)?;
            stdin_bytes = Some(path);
            "-".into()
        }
        Input::Missing => "no-such-input.ii".into(),
        Input::Directory => {
            fs::create_dir_all(dir.join("a-directory.ii")).map_err(|e| e.to_string())?;
            "a-directory.ii".into()
        }
        Input::EmptyName => "".into(),
    };

    let host_ok = PathBuf::from("out/x.cudafe1.cpp");
    let module_id_ok = PathBuf::from("out/x.module_id");
    let (host, module_id): (PathBuf, Option<PathBuf>) = match case.outputs {
        Outputs::Host => (host_ok.clone(), None),
        Outputs::HostAndModuleId => (host_ok.clone(), Some(module_id_ok)),
        Outputs::HostInMissingDir => (out_dir.join("no/such/dir/x.cudafe1.cpp"), None),
        Outputs::HostIsDirectory => {
            let d = out_dir.join("a-directory");
            fs::create_dir_all(&d).map_err(|e| e.to_string())?;
            (d, None)
        }
        Outputs::HostUnderFile => {
            let f = dir.join("a-file");
            write(&f, b"")?;
            (f.join("x.cudafe1.cpp"), None)
        }
        Outputs::ModuleIdInMissingDir => (
            host_ok.clone(),
            Some(out_dir.join("no/such/dir/x.module_id")),
        ),
        Outputs::BothInMissingDir => (
            out_dir.join("no/such/dir/x.cudafe1.cpp"),
            Some(out_dir.join("no/such/dir/x.module_id")),
        ),
    };

    let mut cmd = Command::new(env!("CARGO_BIN_EXE_cudafe"));
    cmd.current_dir(&dir);
    if let Some(m) = &module_id {
        cmd.arg("--gen_module_id_file")
            .arg("--module_id_file_name")
            .arg(m);
    }
    cmd.arg("--gen_c_file_name").arg(&host).arg(&input);
    let run = run(cmd, &dir, stdin_bytes.as_deref())?;

    // How it ended.
    if let Some(signal) = run.status.signal() {
        return Err(format!("killed by signal {signal}"));
    }
    let Some(code) = run.status.code() else {
        return Err(format!("no exit status: {:?}", run.status));
    };
    if ![0, 2, 4].contains(&code) {
        return Err(format!(
            "exit status {code}, not a documented one (0, 2, 4)"
        ));
    }
    if !case.expect.allows(code) {
        return Err(format!(
            "exit status {code}, expected {}",
            match case.expect {
                Expect::Exactly(c) => c.to_string(),
                Expect::OneOf(cs) => format!("one of {cs:?}"),
                Expect::Failure => "2 or 4".into(),
            }
        ));
    }

    // What it said.
    let lower = run.stderr.to_ascii_lowercase();
    for bad in ["panicked", "overflow", "rust_backtrace"] {
        if lower.contains(bad) {
            return Err(format!("stderr mentions {bad:?}"));
        }
    }
    if code != 0 && !run.stderr.lines().any(is_located_diagnostic) {
        return Err("a nonzero status without a located diagnostic".into());
    }
    if let Some(text) = case.stderr_has
        && !run.stderr.contains(text)
    {
        return Err(format!("stderr does not contain {text:?}"));
    }

    // What it wrote.
    let mut written: Vec<String> = fs::read_dir(&out_dir)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "a-directory")
        .collect();
    written.sort();
    if let Some(tmp) = written.iter().find(|n| n.ends_with(".tmp")) {
        return Err(format!("a temporary file is left behind: out/{tmp}"));
    }
    if code != 0 {
        if !written.is_empty() {
            return Err(format!("exit status {code}, yet it wrote {written:?}"));
        }
        if matches!(case.outputs, Outputs::HostIsDirectory) {
            let left: Vec<_> = fs::read_dir(&host)
                .map_err(|e| e.to_string())?
                .filter_map(|e| e.ok())
                .map(|e| e.file_name())
                .collect();
            if !left.is_empty() {
                return Err(format!("files written into {}: {left:?}", host.display()));
            }
        }
    } else {
        let expected: &[&str] = match case.outputs {
            Outputs::Host => &["x.cudafe1.cpp"],
            Outputs::HostAndModuleId => &["x.cudafe1.cpp", "x.module_id"],
            _ => &[],
        };
        if written != expected {
            return Err(format!(
                "exit status 0, and the output directory holds {written:?}, not {expected:?}"
            ));
        }
    }
    if run.elapsed > HANG_LIMIT / 4 {
        eprintln!(
            "note: case {} took {:.1} s",
            case.name,
            run.elapsed.as_secs_f64()
        );
    }
    Ok(())
}

/// Runs `cmd` with stdout and stderr going to files in `dir` (a pipe that nobody reads
/// could stall it), killing it after [`HANG_LIMIT`].
fn run(mut cmd: Command, dir: &Path, stdin: Option<&Path>) -> Result<Run, String> {
    let stderr_path = dir.join("stderr.txt");
    let file = |p: &Path| File::create(p).map_err(|e| format!("{}: {e}", p.display()));
    cmd.stdout(file(&dir.join("stdout.txt"))?)
        .stderr(file(&stderr_path)?);
    match stdin {
        Some(p) => cmd.stdin(File::open(p).map_err(|e| e.to_string())?),
        None => cmd.stdin(Stdio::null()),
    };
    let start = Instant::now();
    let mut child = cmd.spawn().map_err(|e| format!("cannot run cudafe: {e}"))?;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > HANG_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "no exit after {} s: killed (a hang)",
                    HANG_LIMIT.as_secs()
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(10)),
            Err(e) => return Err(format!("waiting for cudafe: {e}")),
        }
    };
    let elapsed = start.elapsed();
    let stderr = fs::read(&stderr_path).map_err(|e| e.to_string())?;
    Ok(Run {
        status,
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        elapsed,
    })
}

/// `name(12): ...` (`(12): ...` after a line marker `# 1 ""`), `Line 12: ...` (standard input
/// has no name), `At end of source: ...` or
/// `Catastrophic error: ...`.
fn is_located_diagnostic(line: &str) -> bool {
    if line.starts_with("At end of source: ") || line.starts_with("Catastrophic error: ") {
        return true;
    }
    if let Some(rest) = line.strip_prefix("Line ")
        && let Some((n, _)) = rest.split_once(": ")
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return true;
    }
    // `name(N): `; the name may be empty (a line marker `# 1 ""`).
    line.match_indices("): ").any(|(close, _)| {
        let head = &line[..close];
        match head.rfind('(') {
            Some(open) => {
                let digits = &head[open + 1..];
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            }
            None => false,
        }
    })
}

/// Runs `cases` in a fresh directory `target/difftest/bad_input/<group>` and fails with every
/// case that failed, each named, with the head of its stderr.
fn run_group(group: &str, cases: Vec<Case>) {
    let root = difftest::fresh_dir(Path::new("bad_input").join(group))
        .unwrap_or_else(|e| panic!("cannot make a work directory: {e}"));
    let mut names = std::collections::HashSet::new();
    let mut failures = String::new();
    let start = Instant::now();
    for case in &cases {
        assert!(
            names.insert(case.name.clone()),
            "duplicate case {}",
            case.name
        );
        if let Err(why) = check(&root, case) {
            let stderr = fs::read(root.join(&case.name).join("stderr.txt")).unwrap_or_default();
            let _ = writeln!(failures, "case {}: {why}", case.name);
            let _ = writeln!(failures, "  stderr (head):");
            for line in String::from_utf8_lossy(&stderr).lines().take(12) {
                let cut: String = line.chars().take(160).collect();
                let _ = writeln!(failures, "  | {cut}");
            }
        }
    }
    eprintln!(
        "{group}: {} cases in {:.1} s",
        cases.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "\n{failures}");
}

// -----------------------------------------------------------------------------------------
// Inputs

/// A deterministic generator (xorshift64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }

    fn pick<'a>(&mut self, from: &[&'a str]) -> &'a str {
        from[(self.next() % from.len() as u64) as usize]
    }
}

/// A small CUDA translation unit, as the preprocessor leaves it: a class, a template, a
/// kernel and its launch, a string, a character, a raw string and a comment.
const PROGRAM: &str = r#"# 1 "prog.cu"
struct dim3 { unsigned x, y, z; dim3(unsigned a = 1) : x(a), y(1), z(1) {} };
extern "C" unsigned __cudaPushCallConfiguration(dim3, dim3, unsigned long = 0, void * = 0);
namespace ns {
template <typename T> struct Box {
    T v;
    T get() const { return v; }
};
}
class Counter {
  public:
    int n = 0;
    void bump() { ++n; }
};
__attribute__((global)) void k(int *p) { if (p) { p[0] = 1; } }
int main() {
    ns::Box<int> b{3};
    Counter c;
    c.bump();
    k<<<1, 1>>>(0);
    const char *s = "str", *r = R"x(raw)x";
    return b.get() + c.n + s[0] + r[0] + 'c'; /* done */
}
"#;

fn junk_cases() -> Vec<Case> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut cases = Vec::new();
    for (i, n) in [1, 7, 64, 256, 1024, 4096, 65536].into_iter().enumerate() {
        let mut bytes = rng.bytes(n);
        // Make sure of a NUL and a byte that is never valid UTF-8.
        bytes[0] = 0;
        bytes[n / 2] = 0xFF;
        let expect = if n == 1 { ANY } else { Expect::Failure };
        cases.push(Case::new(format!("junk_{i}_{n}_bytes"), bytes, expect));
    }
    cases.push(Case::new("junk_nuls", vec![0u8; 4096], Expect::Failure));
    cases.push(Case::new("junk_ff", vec![0xFFu8; 4096], Expect::Failure));
    cases.push(Case::new(
        "junk_bad_utf8",
        b"int a\xc3 = 1; int \xe2\x82 b; \xed\xa0\x80 \xf4\x90\x80\x80 \xc0\xaf\n".to_vec(),
        Expect::Failure,
    ));
    // UTF-16: a BOM and the program's text, every other byte a NUL.
    let mut utf16 = vec![0xFF, 0xFE];
    for b in PROGRAM.bytes() {
        utf16.extend([b, 0]);
    }
    cases.push(Case::new("junk_utf16", utf16, Expect::Failure));
    // Printable soup, heavy on brackets.
    const SOUP: &[u8] = b"(){}[]<>;:,.+-*/&|!?~#'\" \nab1_";
    let soup: Vec<u8> = (0..16384)
        .map(|_| SOUP[(rng.next() % SOUP.len() as u64) as usize])
        .collect();
    cases.push(Case::new("junk_bracket_soup", soup, Expect::Failure));
    // Random tokens.
    const TOKENS: &[&str] = &[
        "int",
        "class",
        "struct",
        "template",
        "typename",
        "namespace",
        "using",
        "operator",
        "return",
        "if",
        "else",
        "for",
        "while",
        "switch",
        "case",
        "default",
        "sizeof",
        "new",
        "delete",
        "const",
        "auto",
        "decltype",
        "static_assert",
        "extern",
        "\"C\"",
        "x",
        "T",
        "0",
        "1.5",
        "'c'",
        "\"s\"",
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        "<",
        ">",
        ">>",
        "<<<",
        ">>>",
        ";",
        ",",
        "::",
        ":",
        "...",
        "=",
        "&&",
        "*",
        "&",
        "->",
        ".",
        "~",
        "[[",
        "]]",
        "__attribute__((global))",
        "__attribute__((device))",
        "\n# 1 \"a.h\" 1\n",
        "#pragma x\n",
    ];
    let mut text = String::new();
    for _ in 0..20_000 {
        text += rng.pick(TOKENS);
        text.push(' ');
    }
    cases.push(Case::new("junk_tokens", text, Expect::Failure));
    // A valid program with junk after it, and with a NUL inside it.
    let mut after = PROGRAM.as_bytes().to_vec();
    after.extend(rng.bytes(512));
    cases.push(Case::new("junk_after_program", after, Expect::Failure));
    let mut nul = PROGRAM.as_bytes().to_vec();
    let at = nul.len() / 2;
    nul.insert(at, 0);
    cases.push(Case::new("program_with_nul", nul, Expect::Failure));
    // The same junk on standard input.
    cases.push(Case::special(
        "junk_on_stdin",
        Input::Stdin(rng.bytes(2048)),
        Outputs::Host,
        Expect::Failure,
    ));
    cases
}

fn truncated_cases() -> Vec<Case> {
    let text = PROGRAM.as_bytes();
    let mut cases = vec![Case::new("program_whole", text, Expect::Exactly(0))];
    let cuts = (1..text.len()).step_by(7).chain([text.len() - 1]);
    for cut in cuts {
        cases.push(Case::new(
            format!("truncated_at_{cut}"),
            &text[..cut],
            Expect::OneOf(&[0, 2]),
        ));
    }
    cases
}

fn unbalanced_cases() -> Vec<Case> {
    let c = |name: &str, text: &str| Case::new(name, text, Expect::Exactly(2));
    vec![
        c("brace_unclosed", "int main() {\n  return 0;\n"),
        c("brace_unopened", "int main() { return 0; }\n}\n"),
        c(
            "brace_unclosed_in_class",
            "struct S {\n  int f() { return 1;\n};\n",
        ),
        c("paren_unclosed", "int x = (1 + 2;\nint y;\n"),
        c("paren_unopened", "int x = 1 + 2);\n"),
        c("bracket_unclosed", "int a[2;\n"),
        c("bracket_unopened", "int a 2];\n"),
        c("brackets_crossed", "void f() { int x = (1]; }\n"),
        c("brackets_interleaved", "void f() { ( { ) } }\n"),
        c(
            "angle_unclosed",
            "template <class T> struct A {};\nA<int b;\n",
        ),
        c(
            "template_params_unclosed",
            "template <class T struct A {};\n",
        ),
        c(
            "launch_unclosed",
            "__attribute__((global)) void k() {}\nvoid h() { k<<<1, 1(); }\n",
        ),
        c("only_closers", "}}}])])>>>;\n"),
        c("only_openers", "{{{(((\n"),
        c("lambda_unclosed", "auto f = [](int x { return x; };\n"),
        c("string_unterminated", "const char *s = \"abc"),
        c(
            "string_unterminated_line",
            "const char *s = \"abc;\nint y;\n",
        ),
        c("char_unterminated", "char c = 'a"),
        c("char_empty", "char c = '';\n"),
        c("comment_unterminated", "int x; /* comment"),
        c(
            "raw_string_unterminated",
            "const char *s = R\"x(abc)y\";\nint y;\n",
        ),
        c(
            "raw_string_bad_delimiter",
            "const char *s = R\"a b(abc)a b\";\n",
        ),
        c("line_marker_unterminated_name", "# 1 \"a.h\nint x;\n"),
        // Errors in a class or a statement expression inside template arguments or a launch
        // configuration (the parser once lost count of its angle brackets there, and panicked).
        c(
            "error_in_class_in_template_args",
            "template <class T> struct A {};\nA<struct S { int x = ; }> a;\nint y = 1 > 2;\n",
        ),
        c(
            "error_in_class_in_launch_config",
            "__attribute__((global)) void k() {}\nvoid h() { k<<<sizeof(struct S { int x = ; }), 1>>>(); }\n",
        ),
        c(
            "error_in_statement_expression_in_template_args",
            "template <int N> struct A {};\nA<({ int x = ; 1; })> a;\nint z = 1 > 2;\n",
        ),
        c(
            "error_in_statement_expression_in_launch_config",
            "__attribute__((global)) void k() {}\nvoid h() { k<<<({ int y = ; 1; }), 1>>>(); }\n",
        ),
        Case::new("backslash_at_end", "int x; \\", Expect::OneOf(&[0, 2])),
        Case::new(
            "line_comment_continued",
            "int x; // c \\",
            Expect::Exactly(0),
        ),
        Case::new("no_newline_at_end", "int x;", Expect::Exactly(0)),
    ]
}

/// Valid programs nested [`DEEP`] levels deep: 0, or 4 where the front end gives up.
fn deep_valid_cases() -> Vec<Case> {
    let n = DEEP;
    let r = |s: &str, k: usize| s.repeat(k);
    let alternate = |f: &dyn Fn(usize, char) -> String| -> String {
        (0..n)
            .map(|i| f(i, if i % 2 == 0 { 'A' } else { 'B' }))
            .collect()
    };
    let v = |name: &str, text: String| Case::new(name, text, VALID_OR_TOO_DEEP);
    vec![
        v(
            "deep_parens",
            format!("int x = {}1{};\n", r("(", n), r(")", n)),
        ),
        v(
            "deep_braces",
            format!("void f() {}{}\n", r("{", n), r("}", n)),
        ),
        v(
            "deep_classes",
            format!(
                "{}int m;{}\n",
                alternate(&|_, c| format!("struct {c} {{ ")),
                r("};", n)
            ),
        ),
        v(
            "deep_class_templates",
            format!(
                "{}int m;{}\n",
                alternate(&|i, c| format!("template <class T{i}> struct {c} {{ ")),
                r("};", n)
            ),
        ),
        v(
            "deep_namespaces",
            format!(
                "{}int x;{}\nint y = {}x;\n",
                r("namespace a { ", n),
                r("}", n),
                r("a::", n)
            ),
        ),
        v(
            "deep_extern_c",
            format!("{}int x;{}\n", r("extern \"C\" { ", n), r("}", n)),
        ),
        v(
            "deep_template_args",
            format!(
                "template <class T> struct A {{}};\n{}int{} a;\n",
                r("A<", n),
                r(">", n)
            ),
        ),
        v(
            "deep_template_args_spaced",
            format!(
                "template <class T> struct A {{}};\n{}int{} a;\n",
                r("A<", n),
                r(" >", n)
            ),
        ),
        v("deep_unary", format!("int x; int y = {}x;\n", r("- ", n))),
        v("deep_not", format!("int x; bool y = {}x;\n", r("!", n))),
        v(
            "deep_casts",
            format!("int x; int y = {}x;\n", r("(int)", n)),
        ),
        v("deep_pointer_declarator", format!("int {}x;\n", r("*", n))),
        v(
            "deep_paren_declarator",
            format!("int {}x{};\n", r("(", n), r(")", n)),
        ),
        v(
            "deep_function_declarator",
            format!("int {}f{};\n", r("(*", n), r(")(int)", n)),
        ),
        v(
            "deep_lambdas",
            format!("auto f = {}0{};\n", r("[]{ return ", n), r(";}()", n)),
        ),
        v(
            "deep_lambdas_in_kernel",
            format!(
                "__attribute__((global)) void k() {{ auto f = {}0{}; }}\n",
                r("[]{ return ", n),
                r(";}()", n)
            ),
        ),
        v(
            "deep_ifs",
            format!("void f(int c) {{ {}; }}\n", r("if (c) ", n)),
        ),
        v(
            "deep_else_ifs",
            format!(
                "int f(int c) {{ if (c == 0) return 0;{} return 2; }}\n",
                r(" else if (c == 1) return 1;", n)
            ),
        ),
        v(
            "deep_ternary",
            format!("int c; int x = {}1{};\n", r("c ? ", n), r(" : 0", n)),
        ),
        v(
            "deep_assignments",
            format!("int x; void f() {{ {}1; }}\n", r("x = ", n)),
        ),
        v(
            "deep_subscripts",
            format!("int a[1]; int x = {}0{};\n", r("a[", n), r("]", n)),
        ),
        v(
            "deep_member_chain",
            format!(
                "struct S {{ S *s; int v; }}; S *p; int x = p{}->v;\n",
                r("->s", n)
            ),
        ),
        v(
            "deep_calls",
            format!("int f(int); int x = {}0{};\n", r("f(", n), r(")", n)),
        ),
        v(
            "deep_sizeof",
            format!("unsigned long x = {}int{};\n", r("sizeof(", n), r(")", n)),
        ),
        v(
            "deep_launch_argument",
            format!(
                "{}__attribute__((global)) void k(int) {{}}\nvoid h() {{ k<<<1, 1>>>({}0{}); }}\n",
                &PROGRAM[..PROGRAM.find("namespace").unwrap()],
                r("(", n),
                r(")", n)
            ),
        ),
        v(
            "deep_braces_in_kernel",
            format!(
                "__attribute__((global)) void k(int *p) {}p[0] = 1;{}\n",
                r("{", n),
                r("}", n)
            ),
        ),
        v(
            "deep_line_markers",
            format!("{}int x;\n", r("# 1 \"a.h\" 1\n", n)),
        ),
        v(
            "deep_line_markers_mixed",
            format!(
                "{}int x;\n",
                r(
                    "# 1 \"a.h\" 1\n# 2 \"b.h\" 1 3\n# 7 \"a.h\" 2\n#line 4\n",
                    n
                )
            ),
        ),
    ]
}

/// Nesting [`DEEP`] levels deep left open or closed too often (errors, or the error limit),
/// and nesting beyond the parser's limit (4).
fn deep_broken_cases() -> Vec<Case> {
    let n = DEEP;
    let r = |s: &str, k: usize| s.repeat(k);
    vec![
        Case::new(
            "deep_parens_unclosed",
            format!("int x = {}1;\n", r("(", n)),
            Expect::Failure,
        ),
        Case::new(
            "deep_braces_unclosed",
            format!("void f() {}\n", r("{", n)),
            Expect::Failure,
        ),
        Case::new(
            "deep_classes_unclosed",
            r("struct A { struct B { ", n / 2),
            Expect::Failure,
        ),
        Case::new(
            "deep_braces_unopened",
            format!("void f() {{}}{}\n", r("}", n)),
            Expect::Failure,
        ),
        Case::new(
            "deep_template_args_unclosed",
            format!("template <class T> struct A {{}};\n{}int a;\n", r("A<", n)),
            Expect::Failure,
        ),
        // Beyond the parser's limit: "program too large or complicated to compile".
        Case::new(
            "too_deep_parens",
            format!("int x = {}1{};\n", r("(", 100_000), r(")", 100_000)),
            Expect::Exactly(4),
        )
        .stderr_has("catastrophic error: program too large or complicated to compile"),
        Case::new(
            "too_long_operator_chain",
            format!("int x = {}1;\n", r("1 + ", 300_000)),
            Expect::Exactly(4),
        )
        .stderr_has("catastrophic error: program too large or complicated to compile"),
    ]
}

/// Constructs the parser reads more than once at every level of their nesting (lambdas in
/// `decltype` in template arguments): exponential without the parser's step budget, which
/// turns them into `program too large or complicated to compile` in bounded time.
fn exponential_cases() -> Vec<Case> {
    let n = 30;
    let r = |s: &str, k: usize| s.repeat(k);
    let a = "template <class T> struct A {};\n";
    vec![
        Case::new(
            "lambdas_in_decltype_in_template_args",
            format!(
                "{a}{}0{} a;\n",
                r("A<decltype([]{ return ", n),
                r(";})>", n)
            ),
            VALID_OR_TOO_DEEP,
        ),
        Case::new(
            "lambdas_in_decltype_in_template_args_called",
            format!(
                "{a}auto v = {}0{};\n",
                r("A<decltype([]{ return ", n),
                r(";}())>{}", n)
            ),
            VALID_OR_TOO_DEEP,
        ),
        Case::new(
            "lambda_bodies_in_template_args",
            format!("{a}{}{} a;\n", r("A<decltype([]{ ", n), r("})>", n)),
            Expect::Failure,
        ),
        Case::new(
            "lambdas_in_undeclared_template_args",
            format!("{}0{} a;\n", r("B<decltype([]{ return ", n), r(";})>", n)),
            Expect::Failure,
        ),
    ]
}

fn file_cases() -> Vec<Case> {
    vec![
        Case::special(
            "missing_input",
            Input::Missing,
            Outputs::Host,
            Expect::Exactly(4),
        )
        .stderr_has("Catastrophic error: cannot open source file \"no-such-input.ii\""),
        Case::special(
            "empty_name",
            Input::EmptyName,
            Outputs::Host,
            Expect::Exactly(4),
        )
        .stderr_has("Catastrophic error: cannot open source file \"\""),
        Case::special(
            "directory_input",
            Input::Directory,
            Outputs::Host,
            Expect::Exactly(4),
        )
        .stderr_has("Catastrophic error: cannot open source file \"a-directory.ii\""),
        Case::new("empty_file", "", Expect::Exactly(0)),
        Case::new("only_newlines", "\n\n\r\n\n", Expect::Exactly(0)),
        Case::new(
            "only_line_markers",
            "# 1 \"a.cu\"\n# 1 \"<built-in>\"\n# 1 \"<command-line>\"\n# 1 \"a.h\" 1 3 4\n# 5 \"a.cu\" 2\n",
            Expect::Exactly(0),
        ),
        Case::new(
            "line_marker_empty_name",
            "# 1 \"\"\nint x = ;\n",
            Expect::Exactly(2),
        ),
        Case::new("only_bom", b"\xEF\xBB\xBF".to_vec(), ANY),
        Case::new(
            "long_identifier",
            format!("int {};\n", "a".repeat(1 << 20)),
            Expect::Exactly(0),
        ),
        Case::special(
            "host_in_missing_dir",
            Input::File(PROGRAM.into()),
            Outputs::HostInMissingDir,
            Expect::Exactly(4),
        )
        .stderr_has("Catastrophic error: cannot open generated C++ file"),
        Case::special(
            "host_is_directory",
            Input::File(PROGRAM.into()),
            Outputs::HostIsDirectory,
            Expect::Exactly(4),
        )
        .stderr_has("Catastrophic error: cannot open generated C++ file"),
        Case::special(
            "host_under_file",
            Input::File(PROGRAM.into()),
            Outputs::HostUnderFile,
            Expect::Exactly(4),
        )
        .stderr_has("Catastrophic error: cannot open generated C++ file"),
        Case::special(
            "module_id_in_missing_dir",
            Input::File(PROGRAM.into()),
            Outputs::ModuleIdInMissingDir,
            Expect::Exactly(4),
        )
        // Opened at the end: located at the last token's line, as cudafe++ does.
        .stderr_has("prog.cu(22): catastrophic error: cannot open module id file"),
        // cudafe++ opens the host file first.
        Case::special(
            "both_in_missing_dir",
            Input::File(PROGRAM.into()),
            Outputs::BothInMissingDir,
            Expect::Exactly(4),
        )
        .stderr_has("Catastrophic error: cannot open generated C++ file"),
        Case::special(
            "module_id_and_host",
            Input::File(PROGRAM.into()),
            Outputs::HostAndModuleId,
            Expect::Exactly(0),
        ),
        Case::special(
            "errors_with_module_id",
            Input::File(b"int x = ;\n".to_vec()),
            Outputs::HostAndModuleId,
            Expect::Exactly(2),
        ),
    ]
}

#[test]
fn binary_junk() {
    run_group("junk", junk_cases());
}

#[test]
fn truncated_program() {
    run_group("truncated", truncated_cases());
}

#[test]
fn unbalanced_and_unterminated() {
    run_group("unbalanced", unbalanced_cases());
}

#[test]
fn deep_nesting() {
    run_group("deep", deep_valid_cases());
}

#[test]
fn deep_nesting_broken() {
    run_group("deep_broken", deep_broken_cases());
}

#[test]
fn exponential_alternatives() {
    run_group("exponential", exponential_cases());
}

#[test]
fn files_and_outputs() {
    run_group("files", file_cases());
}

#[test]
fn located_diagnostic_pattern() {
    assert!(is_located_diagnostic("x.ii(3): error: expected a \";\""));
    assert!(is_located_diagnostic("a (b).h(12): warning: w"));
    assert!(is_located_diagnostic(
        "Line 7: error: expected an expression"
    ));
    assert!(is_located_diagnostic(
        "At end of source: error: expected a \"}\""
    ));
    assert!(is_located_diagnostic(
        "Catastrophic error: cannot open source file \"x\""
    ));
    assert!(!is_located_diagnostic(
        "1 error detected in the compilation of \"x.ii\"."
    ));
    // A line marker may name no file: `# 1 ""`.
    assert!(is_located_diagnostic("(3): error: expected a declaration"));
    assert!(!is_located_diagnostic("x.ii(): error"));
    assert!(!is_located_diagnostic("Line : error"));
}
