//! End-to-end tests: CUDA programs built by the real nvcc (`-cudart shared`) run against
//! this crate's `libcudart.so.13`, and their traces are compared with lines computed here
//! from the values the programs pass.
//!
//! The toolkit is found through `CUDA_HOME`, or at
//! `~/.cache/cudafe-rs/toolkit/cuda-13.0.88/nvidia/cu13`; without it the tests that need
//! it are reported as ignored, with the reason. The library is the cdylib cargo built
//! next to this test binary (`target/<profile>/deps/libcudart_trace.so`), or
//! `CUDART_TRACE_LIB`.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use libtest_mimic::{Arguments, Completion, Failed, Trial};

const ARENA_BASE: u64 = 0x2000_0000_0000;
const VAR_BASE: u64 = 0x2100_0000_0000;

fn programs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/programs")
}

fn toolkit() -> Option<PathBuf> {
    let mut candidates = Vec::new();
    if let Some(h) = std::env::var_os("CUDA_HOME") {
        candidates.push(PathBuf::from(h));
    }
    if let Some(h) = std::env::var_os("HOME") {
        candidates.push(PathBuf::from(h).join(".cache/cudafe-rs/toolkit/cuda-13.0.88/nvidia/cu13"));
    }
    candidates
        .into_iter()
        .find(|t| t.join("bin/nvcc").is_file())
}

fn cdylib() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("CUDART_TRACE_LIB") {
        return Ok(PathBuf::from(p));
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let deps = exe.parent().ok_or("test binary has no directory")?;
    for dir in [deps, deps.parent().unwrap_or(deps)] {
        let p = dir.join(cudart_trace::CDYLIB_FILE_NAME);
        if p.is_file() {
            return Ok(p);
        }
    }
    Err(format!(
        "{} not found next to {}",
        cudart_trace::CDYLIB_FILE_NAME,
        exe.display()
    ))
}

/// A scratch directory for one test, holding `libcudart.so.13` (a copy of our library).
struct Work {
    dir: PathBuf,
    toolkit: PathBuf,
}

impl Work {
    fn new(name: &str, toolkit: &Path) -> Result<Work, String> {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("cudart-trace-tests")
            .join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("lib")).map_err(|e| e.to_string())?;
        std::fs::copy(cdylib()?, dir.join("lib/libcudart.so.13")).map_err(|e| e.to_string())?;
        Ok(Work {
            dir,
            toolkit: toolkit.to_path_buf(),
        })
    }

    fn nvcc(&self, out: &str, sources: &[&str], options: &[&str]) -> Result<PathBuf, String> {
        let exe = self.dir.join(out);
        let path = format!(
            "{}:{}",
            self.toolkit.join("bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut cmd = Command::new(self.toolkit.join("bin/nvcc"));
        cmd.env("PATH", path).args(["-cudart", "shared"]);
        if !options
            .iter()
            .any(|o| o.starts_with("-arch") || o.starts_with("-gencode"))
        {
            cmd.arg("-arch=sm_90");
        }
        cmd.args(options);
        for s in sources {
            cmd.arg(programs().join(s));
        }
        cmd.arg("-o").arg(&exe).current_dir(&self.dir);
        let o = cmd.output().map_err(|e| format!("cannot run nvcc: {e}"))?;
        if !o.status.success() {
            return Err(format!(
                "nvcc {sources:?} {options:?} failed:\n{}{}",
                String::from_utf8_lossy(&o.stdout),
                String::from_utf8_lossy(&o.stderr)
            ));
        }
        Ok(exe)
    }

    /// Runs `exe` with our runtime; returns its output and its trace.
    fn run(&self, exe: &Path, tag: &str) -> Result<(Output, Vec<String>), String> {
        let trace = self.dir.join(format!("{tag}.trace"));
        let o = Command::new(exe)
            .env("LD_LIBRARY_PATH", self.dir.join("lib"))
            .env("CUDART_TRACE_FILE", &trace)
            .current_dir(&self.dir)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        let text = std::fs::read_to_string(&trace)
            .map_err(|e| format!("no trace {}: {e}", trace.display()))?;
        Ok((o, text.lines().map(str::to_string).collect()))
    }

    /// Runs `exe`, which must succeed and print `ALL OK`.
    fn run_ok(&self, exe: &Path, tag: &str) -> Result<(String, Vec<String>), String> {
        let (o, trace) = self.run(exe, tag)?;
        let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
        if !o.status.success() || !stdout.contains("ALL OK") {
            return Err(format!(
                "{tag} failed ({}):\n{stdout}{}\ntrace:\n{}",
                o.status,
                String::from_utf8_lossy(&o.stderr),
                trace.join("\n")
            ));
        }
        Ok((stdout, trace))
    }
}

// ---- Expected values, computed from what the programs pass ----

fn hex(bytes: &[u8]) -> String {
    let mut s = String::new();
    for b in bytes {
        write!(s, "{b:02x}").unwrap();
    }
    s
}

/// A pointer argument: its bytes, then what it points into.
fn ptr(addr: u64, what: &str) -> String {
    format!("{}={what}", hex(&addr.to_le_bytes()))
}

fn null() -> String {
    hex(&[0; 8])
}

/// Lays out members of (size, alignment) like a C struct; returns `size@offset,...`.
fn c_layout(members: &[(u32, u32)]) -> String {
    let mut end = 0u32;
    let mut out = Vec::new();
    for &(size, align) in members {
        let off = end.div_ceil(align) * align;
        out.push(format!("{size}@{off}"));
        end = off + size;
    }
    out.join(",")
}

/// Builds the bytes of a struct, member by member, with zeroed padding.
#[derive(Default)]
struct Bytes(Vec<u8>);

impl Bytes {
    fn put(mut self, align: usize, b: &[u8]) -> Self {
        self.0.resize(self.0.len().div_ceil(align) * align, 0);
        self.0.extend_from_slice(b);
        self
    }
    fn end(mut self, align: usize) -> String {
        self.0.resize(self.0.len().div_ceil(align) * align, 0);
        hex(&self.0)
    }
}

/// The address printed by the program as `name=0x...`.
fn printed(stdout: &str, name: &str) -> Result<u64, String> {
    let key = format!("{name}=0x");
    let start = stdout
        .find(&key)
        .ok_or(format!("program did not print {name}"))?
        + key.len();
    let digits: String = stdout[start..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    u64::from_str_radix(&digits, 16).map_err(|e| e.to_string())
}

fn launch(
    name: &str,
    grid: &str,
    block: &str,
    shmem: u32,
    stream: &str,
    via: &str,
    args: &[String],
) -> String {
    format!(
        "launch {name} grid={grid} block={block} shmem={shmem} stream={stream} via={via} args={}",
        args.join(",")
    )
}

/// Checks a trace: its header, the `kernel`/`var`/`managed` registrations as a set, and
/// all other records in order.
fn check_trace(
    trace: &[String],
    registrations: &[String],
    sequence: &[String],
) -> Result<(), String> {
    let mut errors = String::new();
    if trace.first().map(String::as_str) != Some("cudart-trace 1") {
        errors.push_str("missing header `cudart-trace 1`\n");
    }
    let is_reg =
        |l: &str| l.starts_with("kernel ") || l.starts_with("var ") || l.starts_with("managed ");
    let got: BTreeSet<&str> = trace
        .iter()
        .map(String::as_str)
        .filter(|l| is_reg(l))
        .collect();
    let want: BTreeSet<&str> = registrations.iter().map(String::as_str).collect();
    for l in want.difference(&got) {
        writeln!(errors, "missing registration: {l}").unwrap();
    }
    for l in got.difference(&want) {
        writeln!(errors, "unexpected registration: {l}").unwrap();
    }
    let rest: Vec<&str> = trace
        .iter()
        .skip(1)
        .map(String::as_str)
        .filter(|l| !is_reg(l))
        .collect();
    let n = rest.len().max(sequence.len());
    for i in 0..n {
        let (g, w) = (rest.get(i).copied(), sequence.get(i).map(String::as_str));
        if g != w {
            writeln!(
                errors,
                "record {i}:\n  got:  {}\n  want: {}",
                g.unwrap_or("<none>"),
                w.unwrap_or("<none>")
            )
            .unwrap();
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!("{errors}\nfull trace:\n{}", trace.join("\n")))
    }
}

// ---- args.cu ----

fn args_registrations() -> Vec<String> {
    let k = |name: &str, params: String| format!("kernel 0 {name} host={name} params={params}");
    vec![
        k("_Z7k_emptyv", String::new()),
        k(
            "_Z9k_scalarschstijxyfdb",
            c_layout(&[
                (1, 1),
                (1, 1),
                (2, 2),
                (2, 2),
                (4, 4),
                (4, 4),
                (8, 8),
                (8, 8),
                (4, 4),
                (8, 8),
                (1, 1),
            ]),
        ),
        k("_Z6k_ptrsPiPKfPvPdPc", c_layout(&[(8, 8); 5])),
        // Odd3 (3, align 1), Pad (12, 4), A16 (16, 16), Mixed (24, 8), Arr (16, 4), char
        k(
            "_Z9k_structs4Odd33Pad3A165Mixed3Arrc",
            c_layout(&[(3, 1), (12, 4), (16, 16), (24, 8), (16, 4), (1, 1)]),
        ),
        k("_Z6k_tmplIiEvT_PS0_", c_layout(&[(4, 4), (8, 8)])),
        k("_Z6k_tmplIdEvT_PS0_", c_layout(&[(8, 8), (8, 8)])),
        k("_Z6k_tmplI4Odd3EvT_PS1_", c_layout(&[(3, 1), (8, 8)])),
        k("_Z6k_tmplIcEvT_PS0_", c_layout(&[(1, 1), (8, 8)])),
        k(
            "_Z6k_manyiiiiiiiiiicdisf",
            c_layout(&[
                (4, 4),
                (4, 4),
                (4, 4),
                (4, 4),
                (4, 4),
                (4, 4),
                (4, 4),
                (4, 4),
                (4, 4),
                (4, 4),
                (1, 1),
                (8, 8),
                (4, 4),
                (2, 2),
                (4, 4),
            ]),
        ),
        k("_Z5k_big3Bigi", c_layout(&[(5000, 1), (4, 4)])),
    ]
}

fn args_sequence(stdout: &str, images: &str) -> Result<Vec<String>, String> {
    let (p, q, m, h) = (
        printed(stdout, "p")?,
        printed(stdout, "q")?,
        printed(stdout, "m")?,
        printed(stdout, "h")?,
    );
    if p != ARENA_BASE {
        return Err(format!(
            "first allocation at {p:#x}, expected the arena base {ARENA_BASE:#x}"
        ));
    }
    let one = |name: &str, args: Vec<String>| {
        launch(name, "1,1,1", "1,1,1", 0, "0", "__cudaLaunchKernel", &args)
    };
    let odd3 = hex(&[1, 2, 3]);
    let pad = Bytes::default()
        .put(1, b"x")
        .put(4, &(-1i32).to_le_bytes())
        .put(2, &0x1234i16.to_le_bytes())
        .end(4);
    let a16 = Bytes::default()
        .put(4, &7i32.to_le_bytes())
        .put(8, &0.5f64.to_le_bytes())
        .end(16);
    let mixed = Bytes::default()
        .put(1, &[9])
        .put(8, &0x0102030405060708i64.to_le_bytes())
        .put(2, &(-3i16).to_le_bytes())
        .end(8);
    let arr = Bytes::default()
        .put(4, &10i32.to_le_bytes())
        .put(4, &20i32.to_le_bytes())
        .put(4, &30i32.to_le_bytes())
        .put(1, b"z")
        .end(4);
    let big: Vec<u8> = (0..5000u32).map(|i| (i * 7) as u8).collect();
    let mut many: Vec<String> = (0..10i32).map(|i| hex(&i.to_le_bytes())).collect();
    many.extend([
        hex(b"c"),
        hex(&0.25f64.to_le_bytes()),
        hex(&10i32.to_le_bytes()),
        hex(&(-7i16).to_le_bytes()),
        hex(&2.0f32.to_le_bytes()),
    ]);
    Ok(vec![
        format!("fatbin 0 images={images}"),
        format!("alloc 0 device size=400 addr={p:#x}"),
        format!("alloc 1 device size=64 addr={q:#x}"),
        format!("alloc 2 managed size=32 addr={m:#x}"),
        format!("alloc 3 host size=100 addr={h:#x}"),
        one("_Z7k_emptyv", vec![]),
        one(
            "_Z9k_scalarschstijxyfdb",
            vec![
                hex(b"a"),
                hex(&200u8.to_le_bytes()),
                hex(&(-2i16).to_le_bytes()),
                hex(&65535u16.to_le_bytes()),
                hex(&100i32.to_le_bytes()),
                hex(&4000000000u32.to_le_bytes()),
                hex(&(-5i64).to_le_bytes()),
                hex(&(1u64 << 40).to_le_bytes()),
                hex(&1.5f32.to_le_bytes()),
                hex(&(-2.25f64).to_le_bytes()),
                hex(&[1]),
            ],
        ),
        one(
            "_Z6k_ptrsPiPKfPvPdPc",
            vec![
                ptr(p + 12, "alloc0+12"),
                ptr(q, "alloc1+0"),
                null(),
                ptr(m + 32, "alloc2+32"), // one past the end of the 32-byte allocation
                ptr(h + 99, "alloc3+99"),
            ],
        ),
        one(
            "_Z9k_structs4Odd33Pad3A165Mixed3Arrc",
            vec![odd3.clone(), pad, a16, mixed, arr, hex(b"T")],
        ),
        one(
            "_Z6k_tmplIiEvT_PS0_",
            vec![hex(&42i32.to_le_bytes()), ptr(p, "alloc0+0")],
        ),
        one(
            "_Z6k_tmplIdEvT_PS0_",
            vec![hex(&3.0f64.to_le_bytes()), null()],
        ),
        one("_Z6k_tmplI4Odd3EvT_PS1_", vec![odd3, null()]),
        one(
            "_Z6k_tmplIcEvT_PS0_",
            vec![hex(b"q"), ptr(p + 1, "alloc0+1")],
        ),
        one("_Z6k_manyiiiiiiiiiicdisf", many),
        one("_Z5k_big3Bigi", vec![hex(&big), hex(&77i32.to_le_bytes())]),
    ])
}

fn test_args(tk: &Path, name: &str, options: &[&str], images: &str) -> Result<(), String> {
    let w = Work::new(name, tk)?;
    let exe = w.nvcc("args", &["args.cu"], options)?;
    let (stdout, trace) = w.run_ok(&exe, "run1")?;
    check_trace(
        &trace,
        &args_registrations(),
        &args_sequence(&stdout, images)?,
    )?;
    // The same program traces identically when run again.
    let (_, again) = w.run_ok(&exe, "run2")?;
    if again != trace {
        return Err("a second run traced differently".into());
    }
    let _ = std::fs::remove_dir_all(&w.dir);
    Ok(())
}

/// Two builds of one program (PIE and non-PIE executables) trace identically.
fn test_two_builds(tk: &Path) -> Result<(), String> {
    let w = Work::new("two-builds", tk)?;
    let pie = w.nvcc("args_pie", &["args.cu"], &[])?;
    let nopie = w.nvcc(
        "args_nopie",
        &["args.cu"],
        &["-Xcompiler", "-no-pie", "-Xlinker", "-no-pie"],
    )?;
    let (_, a) = w.run_ok(&pie, "pie")?;
    let (_, b) = w.run_ok(&nopie, "nopie")?;
    if a != b {
        return Err(format!(
            "traces differ:\n{}\n---\n{}",
            a.join("\n"),
            b.join("\n")
        ));
    }
    let _ = std::fs::remove_dir_all(&w.dir);
    Ok(())
}

// ---- launch.cu ----

fn test_launch(tk: &Path, per_thread: bool) -> Result<(), String> {
    let name = if per_thread {
        "launch-per-thread"
    } else {
        "launch"
    };
    let opts: &[&str] = if per_thread {
        &["--default-stream", "per-thread"]
    } else {
        &[]
    };
    let w = Work::new(name, tk)?;
    let exe = w.nvcc("launch", &["launch.cu"], opts)?;
    let (stdout, trace) = w.run_ok(&exe, "run")?;
    let buf = printed(&stdout, "buf")?;
    let i = |v: i32| hex(&v.to_le_bytes());
    // Under per-thread default streams the stub, the C API and the Ex/cooperative launches
    // all go through the `_ptsz` entry points, and stream 0 is the per-thread stream.
    let sfx = if per_thread { "_ptsz" } else { "" };
    let stub = format!("__cudaLaunchKernel{sfx}");
    let api = |n: &str| format!("{n}{sfx}");
    let s0 = if per_thread { "ptsz" } else { "0" };
    let k = |name: &str, params: String| format!("kernel 0 {name} host={name} params={params}");
    let regs = vec![
        k("_Z5k_cfgi", c_layout(&[(4, 4)])),
        k("_Z6k_smemPf", c_layout(&[(8, 8)])),
        k("_Z9k_clusterPii", c_layout(&[(8, 8), (4, 4)])),
        k("_Z6k_coopi", c_layout(&[(4, 4)])),
        k("_Z9k_boundedPdcs", c_layout(&[(8, 8), (1, 1), (2, 2)])),
    ];
    let seq = vec![
        "fatbin 0 images=sm_90:elf,sm_90:ptx:zstd".to_string(),
        format!("alloc 0 device size=1024 addr={buf:#x}"),
        launch("_Z5k_cfgi", "2,3,4", "8,4,2", 0, s0, &stub, &[i(1)]),
        launch(
            "_Z5k_cfgi",
            "2147483647,65535,65535",
            "1024,1,1",
            0,
            s0,
            &stub,
            &[i(2)],
        ),
        launch(
            "_Z6k_smemPf",
            "4,1,1",
            "128,1,1",
            4096,
            s0,
            &stub,
            &[ptr(buf, "alloc0+0")],
        ),
        launch(
            "_Z6k_smemPf",
            "1,1,1",
            "32,1,1",
            0,
            "s2",
            &stub,
            &[ptr(buf + 32, "alloc0+32")],
        ),
        launch("_Z5k_cfgi", "1,1,1", "1,1,1", 16, "s1", &stub, &[i(3)]),
        launch("_Z5k_cfgi", "1,1,1", "1,1,1", 0, "ptsz", &stub, &[i(4)]),
        launch("_Z5k_cfgi", "1,1,1", "1,1,1", 0, "0", &stub, &[i(5)]),
        launch(
            "_Z5k_cfgi",
            "3,1,1",
            "5,1,1",
            0,
            "s1",
            &api("cudaLaunchKernel"),
            &[i(6)],
        ),
        launch(
            "_Z9k_clusterPii",
            "4,2,1",
            "64,1,1",
            256,
            "s2",
            &api("cudaLaunchKernelExC"),
            &[ptr(buf, "alloc0+0"), i(7)],
        ) + " attrs=cluster:2,1,1",
        launch(
            "_Z9k_clusterPii",
            "4,2,1",
            "64,1,1",
            256,
            "s2",
            &api("cudaLaunchKernelExC"),
            &[ptr(buf + 4, "alloc0+4"), i(8)],
        ) + " attrs=cluster:2,1,1;priority:-1",
        launch(
            "_Z6k_coopi",
            "2,1,1",
            "32,1,1",
            0,
            s0,
            &api("cudaLaunchCooperativeKernel"),
            &[i(9)],
        ),
        launch(
            "_Z9k_boundedPdcs",
            "1,1,1",
            "256,1,1",
            0,
            s0,
            &stub,
            &[ptr(buf, "alloc0+0"), hex(b"b"), hex(&(-1i16).to_le_bytes())],
        ),
        format!(
            "launch-error _Z5k_cfgi grid=1,1,1 block=2048,1,1 shmem=0 stream={s0} via={stub} error=cudaErrorInvalidConfiguration"
        ),
        format!(
            "launch-error _Z5k_cfgi grid=0,1,1 block=1,1,1 shmem=0 stream={s0} via={stub} error=cudaErrorInvalidConfiguration"
        ),
    ];
    check_trace(&trace, &regs, &seq)?;
    let _ = std::fs::remove_dir_all(&w.dir);
    Ok(())
}

// ---- vars.cu ----

fn test_vars(tk: &Path) -> Result<(), String> {
    let w = Work::new("vars", tk)?;
    let exe = w.nvcc("vars", &["vars.cu"], &[])?;
    let (stdout, trace) = w.run_ok(&exe, "run")?;
    let (dv, da) = (printed(&stdout, "dvar")?, printed(&stdout, "darr")?);
    if dv != VAR_BASE {
        return Err(format!("dvar's storage at {dv:#x}, expected {VAR_BASE:#x}"));
    }
    // Host shadows of `__device__`/`__constant__` variables and the host pointers of
    // `__managed__` ones are internal-linkage objects: `_ZL<len><name>`.
    let regs = vec![
        format!(
            "kernel 0 _Z5k_usePiPf host=_Z5k_usePiPf params={}",
            c_layout(&[(8, 8), (8, 8)])
        ),
        "var 0 dvar host=_ZL4dvar size=4 constant=0 global=0 ext=0".to_string(),
        "var 0 darr host=_ZL4darr size=16 constant=0 global=0 ext=0".to_string(),
        "var 0 cvar host=_ZL4cvar size=16 constant=1 global=0 ext=0".to_string(),
        "var 0 _ZN2ns5nsvarE host=_ZN2nsL5nsvarE size=8 constant=0 global=0 ext=0".to_string(),
        "managed 0 mvar host=_ZL4mvar size=4".to_string(),
        "managed 0 mdbl host=_ZL4mdbl size=16".to_string(),
    ];
    // Where mvar's storage is: registration order decides, so read it from the trace of
    // the second launch (it must be a variable-storage pointer to mvar).
    let mvar_arg = trace
        .iter()
        .filter(|l| l.starts_with("launch _Z5k_usePiPf"))
        .nth(1)
        .and_then(|l| l.split("args=").nth(1))
        .and_then(|a| a.split(',').next())
        .ok_or("second k_use launch missing")?
        .to_string();
    if !mvar_arg.ends_with("=sym:mvar+0") {
        return Err(format!("&mvar rendered as {mvar_arg}"));
    }
    let stub = "__cudaLaunchKernel";
    let mut seq = vec![
        "fatbin 0 images=sm_90:elf,sm_90:ptx:zstd".to_string(),
        launch(
            "_Z5k_usePiPf",
            "1,1,1",
            "1,1,1",
            0,
            "0",
            stub,
            &[ptr(dv, "sym:dvar+0"), ptr(da + 4, "sym:darr+4")],
        ),
        launch(
            "_Z5k_usePiPf",
            "1,1,1",
            "1,1,1",
            0,
            "0",
            stub,
            &[mvar_arg, null()],
        ),
    ];
    let alloc_lines: Vec<&String> = trace.iter().filter(|l| l.starts_with("alloc ")).collect();
    let kinds = [
        "device size=64",
        "device size=64",
        "device size=2048",
        "managed size=8",
        "host size=32",
    ];
    if alloc_lines.len() != kinds.len() {
        return Err(format!(
            "expected {} allocations, trace:\n{}",
            kinds.len(),
            trace.join("\n")
        ));
    }
    for (i, (l, k)) in alloc_lines.iter().zip(kinds).enumerate() {
        if !l.starts_with(&format!("alloc {i} {k} addr=0x")) {
            return Err(format!("allocation {i}: {l}"));
        }
        seq.push(l.to_string());
    }
    seq.extend([
        "free 4".to_string(),
        "free 0".to_string(),
        "reset".to_string(),
    ]);
    check_trace(&trace, &regs, &seq)?;
    let _ = std::fs::remove_dir_all(&w.dir);
    Ok(())
}

// ---- -rdc=true with two translation units ----

fn test_rdc(tk: &Path) -> Result<(), String> {
    let w = Work::new("rdc", tk)?;
    let exe = w.nvcc("rdc", &["rdc_main.cu", "rdc_lib.cu"], &["-rdc=true"])?;
    let (_, trace) = w.run_ok(&exe, "run")?;
    let p = ARENA_BASE;
    let regs = vec![
        format!(
            "kernel 0 _Z6k_mainPii host=_Z6k_mainPii params={}",
            c_layout(&[(8, 8), (4, 4)])
        ),
        format!(
            "kernel 0 _Z5k_libPid host=_Z5k_libPid params={}",
            c_layout(&[(8, 8), (8, 8)])
        ),
        "var 0 shared_counter host=shared_counter size=4 constant=0 global=0 ext=0".to_string(),
    ];
    let seq = vec![
        // The device-linked image, plus the two units' own relocatable fat binaries.
        "fatbin 0 images=sm_90:elf prelinked=2".to_string(),
        format!("alloc 0 device size=64 addr={p:#x}"),
        launch(
            "_Z6k_mainPii",
            "1,1,1",
            "1,1,1",
            0,
            "0",
            "__cudaLaunchKernel",
            &[ptr(p, "alloc0+0"), hex(&5i32.to_le_bytes())],
        ),
        launch(
            "_Z5k_libPid",
            "2,1,1",
            "2,1,1",
            0,
            "0",
            "__cudaLaunchKernel",
            &[ptr(p + 8, "alloc0+8"), hex(&2.5f64.to_le_bytes())],
        ),
    ];
    check_trace(&trace, &regs, &seq)?;
    let _ = std::fs::remove_dir_all(&w.dir);
    Ok(())
}

// ---- failure modes ----

fn test_unimplemented(tk: &Path) -> Result<(), String> {
    let w = Work::new("unimplemented", tk)?;
    let exe = w.nvcc("unimpl", &["unimplemented.cu"], &[])?;
    let (o, trace) = w.run(&exe, "run")?;
    let stderr = String::from_utf8_lossy(&o.stderr);
    if o.status.success() || !stderr.contains("not implemented in cudart-trace: cudaGraphCreate") {
        return Err(format!(
            "expected an abort naming cudaGraphCreate; status {}, stderr:\n{stderr}",
            o.status
        ));
    }
    if String::from_utf8_lossy(&o.stdout).contains("not reached") {
        return Err("the program went on after the unimplemented call".into());
    }
    if trace.last().map(String::as_str) != Some("unimplemented cudaGraphCreate") {
        return Err(format!(
            "trace does not end with the unimplemented call:\n{}",
            trace.join("\n")
        ));
    }
    let _ = std::fs::remove_dir_all(&w.dir);
    Ok(())
}

// ---- the library itself ----

/// Our library exports exactly the functions the real one does, all with the
/// `libcudart.so.13` version, under the soname `libcudart.so.13`.
fn test_exports(tk: Option<&Path>) -> Result<Completion, String> {
    let ours = cdylib()?;
    let data = std::fs::read(&ours).map_err(|e| e.to_string())?;
    let elf = cudart_trace::elf::Elf::parse(&data)?;
    let mut defined: Vec<String> = elf
        .symbols(cudart_trace::elf::SHT_DYNSYM)
        .into_iter()
        .filter(|s| s.shndx != 0 && s.sym_type() == cudart_trace::elf::STT_FUNC)
        .map(|s| s.name)
        .collect();
    defined.sort();
    let expected: Vec<String> = cudart_trace::REAL_EXPORTS
        .lines()
        .map(str::to_string)
        .collect();
    if defined != expected {
        let a: BTreeSet<_> = defined.iter().collect();
        let b: BTreeSet<_> = expected.iter().collect();
        return Err(format!(
            "exports differ: extra {:?}, missing {:?}",
            a.difference(&b).collect::<Vec<_>>(),
            b.difference(&a).collect::<Vec<_>>()
        ));
    }
    // Versions and soname, with binutils' objdump.
    let Ok(o) = Command::new("objdump")
        .arg("-T")
        .arg("-p")
        .arg(&ours)
        .output()
    else {
        return Ok(Completion::ignored_with(
            "objdump not found: symbol versions not checked",
        ));
    };
    let text = String::from_utf8_lossy(&o.stdout);
    if !text
        .lines()
        .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["SONAME", "libcudart.so.13"])
    {
        return Err("soname is not libcudart.so.13".into());
    }
    let versioned = |text: &str| -> BTreeSet<String> {
        text.lines()
            .filter(|l| l.contains(" DF ") && !l.contains("*UND*"))
            .filter_map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f.len() >= 2).then(|| format!("{}@{}", f[f.len() - 1], f[f.len() - 2]))
            })
            .collect()
    };
    let ours_v = versioned(&text);
    let unversioned: Vec<_> = ours_v
        .iter()
        .filter(|s| !s.ends_with("@libcudart.so.13"))
        .collect();
    if !unversioned.is_empty() || ours_v.len() != expected.len() {
        return Err(format!(
            "symbols without the libcudart.so.13 version: {unversioned:?}"
        ));
    }
    let Some(tk) = tk else {
        return Ok(Completion::Completed);
    };
    let real = tk.join("lib/libcudart.so.13");
    let o = Command::new("objdump")
        .arg("-T")
        .arg(&real)
        .output()
        .map_err(|e| e.to_string())?;
    let real_v = versioned(&String::from_utf8_lossy(&o.stdout));
    if real_v != ours_v {
        return Err(format!(
            "versioned exports differ from {}: extra {:?}, missing {:?}",
            real.display(),
            ours_v.difference(&real_v).collect::<Vec<_>>(),
            real_v.difference(&ours_v).collect::<Vec<_>>()
        ));
    }
    Ok(Completion::Completed)
}

/// `struct cudaDeviceProp` as we lay it out matches the 13.0 header, member by member.
fn test_device_prop_layout(tk: &Path) -> Result<(), String> {
    let w = Work::new("props", tk)?;
    let exe = w.dir.join("props_layout");
    let o = Command::new("cc")
        .arg("-I")
        .arg(tk.join("include"))
        .arg(programs().join("props_layout.c"))
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| format!("cannot run cc: {e}"))?;
    if !o.status.success() {
        return Err(String::from_utf8_lossy(&o.stderr).into_owned());
    }
    let o = Command::new(&exe).output().map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&o.stdout);
    let mut header: Vec<(String, usize)> = Vec::new();
    let mut size = 0;
    for l in text.lines() {
        let (name, v) = l.split_once(' ').ok_or("bad output")?;
        let v: usize = v.parse().map_err(|_| "bad offset")?;
        if name == "sizeof" {
            size = v;
        } else {
            header.push((name.to_string(), v));
        }
    }
    let (our_size, ours) = cudart_trace::props::device_prop_layout();
    let ours: Vec<(String, usize)> = ours.into_iter().map(|(n, o)| (n.to_string(), o)).collect();
    if our_size != size || ours != header {
        return Err(format!(
            "layout differs:\nheader: {size} {header:?}\nours: {our_size} {ours:?}"
        ));
    }
    let _ = std::fs::remove_dir_all(&w.dir);
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let tk = toolkit();
    if tk.is_none() {
        eprintln!(
            "cudart-trace: CUDA 13.0 toolkit not found (set CUDA_HOME, or install it at \
             ~/.cache/cudafe-rs/toolkit/cuda-13.0.88/nvidia/cu13): the nvcc tests are skipped"
        );
    }
    type Body = Box<dyn FnOnce(&Path) -> Result<(), String> + Send>;
    let needs_toolkit: Vec<(&str, Body)> = vec![
        (
            "args_cubin",
            Box::new(|t| test_args(t, "args", &[], "sm_90:elf,sm_90:ptx:zstd")),
        ),
        (
            "args_ptx_only",
            Box::new(|t| test_args(t, "args-ptx", &["-arch=compute_90"], "sm_90:ptx:zstd")),
        ),
        (
            "args_compress_all_zstd",
            Box::new(|t| {
                test_args(
                    t,
                    "args-zstd",
                    &["-Xfatbin", "-compress-all"],
                    "sm_90:elf:zstd,sm_90:ptx:zstd",
                )
            }),
        ),
        (
            "args_compress_all_lz4",
            Box::new(|t| {
                test_args(
                    t,
                    "args-lz4",
                    &[
                        "-Xfatbin",
                        "-compress-all",
                        "-Xfatbin",
                        "-compress-mode=speed",
                    ],
                    "sm_90:elf:lz4,sm_90:ptx:lz4",
                )
            }),
        ),
        ("args_two_builds_identical", Box::new(test_two_builds)),
        ("launch_paths", Box::new(|t| test_launch(t, false))),
        (
            "launch_paths_per_thread_default_stream",
            Box::new(|t| test_launch(t, true)),
        ),
        ("variables_and_memory", Box::new(test_vars)),
        ("rdc_two_translation_units", Box::new(test_rdc)),
        (
            "unimplemented_entry_point_aborts",
            Box::new(test_unimplemented),
        ),
        (
            "device_prop_layout_matches_header",
            Box::new(test_device_prop_layout),
        ),
    ];
    let mut trials: Vec<Trial> = needs_toolkit
        .into_iter()
        .map(|(name, body)| {
            let tk = tk.clone();
            Trial::ignorable_test(name, move || match tk {
                None => Ok(Completion::ignored_with("CUDA toolkit not found")),
                Some(t) => body(&t)
                    .map(|()| Completion::Completed)
                    .map_err(Failed::from),
            })
        })
        .collect();
    let tk2 = tk.clone();
    trials.push(Trial::ignorable_test(
        "exports_match_real_library",
        move || test_exports(tk2.as_deref()).map_err(Failed::from),
    ));
    libtest_mimic::run(&args, trials).exit();
}
