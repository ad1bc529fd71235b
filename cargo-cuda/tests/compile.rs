//! `cargo cuda compile` and `cargo cuda check` on small directories of `.cu` files, with
//! the real toolkit (the cached reference one, installed when missing, or the one
//! `CUDAFE_TEST_TOOLKIT` names).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;

const BIN: &str = env!("CARGO_BIN_EXE_cargo-cuda");

/// The toolkit directory: `CUDAFE_TEST_TOOLKIT`, else `cargo cuda toolkit install` (a
/// no-op when the reference toolkit is installed).
fn toolkit() -> &'static Path {
    static TK: OnceLock<PathBuf> = OnceLock::new();
    TK.get_or_init(|| {
        if let Some(t) = std::env::var_os("CUDAFE_TEST_TOOLKIT") {
            return PathBuf::from(t);
        }
        let out = Command::new(BIN)
            .args(["cuda", "toolkit", "install", "-q"])
            .output()
            .expect("run cargo-cuda");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
    })
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("cargo-cuda-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

const SAXPY: &str = r#"#include <cstdio>
__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
void run_saxpy(int n, float a, const float* x, float* y) {
  saxpy<<<(n + 255) / 256, 256>>>(n, a, x, y);
}
"#;

const SCALE: &str = r#"template <typename T>
__global__ void scale(T* p, T s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] *= s;
}
void run_scale(float* p, float s, int n) { scale<<<1, n>>>(p, s, n); }
void run_scale(double* p, double s, int n) { scale<<<1, n>>>(p, s, n); }
"#;

const REDUCE: &str = r#"__device__ float total;
__constant__ float weights[4];
__device__ float weigh(float v, int i) { return v * weights[i % 4]; }
__global__ void reduce(const float* v, int n) {
  __shared__ float part[128];
  int i = threadIdx.x;
  part[i] = i < n ? weigh(v[i], i) : 0.0f;
  __syncthreads();
  if (i == 0) {
    float s = 0;
    for (int k = 0; k < 128; ++k) s += part[k];
    atomicAdd(&total, s);
  }
}
int launch_reduce(const float* v, int n) {
  reduce<<<1, 128>>>(v, n);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
"#;

/// `kernels/` with three sources (one in a subdirectory) and an ignored file that does not
/// compile.
fn kernels(dir: &Path) {
    let k = dir.join("kernels");
    std::fs::create_dir_all(k.join("more")).unwrap();
    std::fs::write(k.join("saxpy.cu"), SAXPY).unwrap();
    std::fs::write(k.join("scale.cu"), SCALE).unwrap();
    std::fs::write(k.join("more/reduce.cu"), REDUCE).unwrap();
    std::fs::write(k.join("generated.cu"), "this is not C++\n").unwrap();
    std::fs::write(k.join(".gitignore"), "generated.cu\n").unwrap();
}

fn cargo_cuda(dir: &Path, args: &[&str]) -> Output {
    let tk = toolkit();
    let out = Command::new(BIN)
        .arg("cuda")
        .arg("--toolkit")
        .arg(tk)
        .args(args)
        .current_dir(dir)
        .env_remove("MAKEFLAGS")
        .env_remove("CARGO_MAKEFLAGS")
        .env("CARGO_TERM_COLOR", "never")
        .output()
        .expect("run cargo-cuda");
    eprintln!(
        "cargo cuda {}:\n{}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn archive_members(lib: &Path) -> Vec<String> {
    let out = Command::new("ar").arg("t").arg(lib).output().unwrap();
    assert!(out.status.success());
    let mut v: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    v.sort();
    v
}

#[test]
fn directory_into_a_static_library_and_ptx() {
    let d = scratch("lib");
    kernels(&d);
    let out = cargo_cuda(
        &d,
        &["compile", "kernels", "--out-dir", "out", "--emit", "lib"],
    );
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("   Compiling kernels/saxpy.cu"), "{stderr}");
    assert!(stderr.contains("    Finished "), "{stderr}");
    assert!(
        !stderr.contains("generated.cu"),
        "the ignored file was compiled"
    );
    assert_eq!(
        archive_members(&d.join("out/libkernels.a")),
        ["reduce.o", "saxpy.o", "scale.o"]
    );
    assert!(d.join("out/obj/more/reduce.o").is_file());

    let out = cargo_cuda(
        &d,
        &[
            "compile",
            "kernels",
            "--out-dir",
            "ptx",
            "--emit",
            "ptx",
            "--arch",
            "90",
        ],
    );
    assert!(out.status.success());
    let mut ptx: Vec<String> = Vec::new();
    for f in ["saxpy.ptx", "scale.ptx", "more/reduce.ptx"] {
        let text = std::fs::read_to_string(d.join("ptx").join(f)).unwrap();
        assert!(text.contains(".target sm_90"), "{f}");
        ptx.push(text);
    }
    assert!(ptx[0].contains(".entry _Z5saxpyifPKfPf"));
    assert!(ptx[1].contains(".entry _Z5scaleIfEvPT_S0_i"));
    assert!(ptx[1].contains(".entry _Z5scaleIdEvPT_S0_i"));
    assert!(ptx[2].contains(".entry _Z6reducePKfi"));
    assert!(!d.join("ptx/generated.ptx").exists());

    // A file named directly is compiled even if ignored (and here it fails, located).
    let out = cargo_cuda(&d, &["compile", "kernels/generated.cu", "--out-dir", "bad"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("kernels/generated.cu(1): error"),
        "{stderr}"
    );

    // `clean --out-dir` removes what `compile` made, and only that.
    let out = cargo_cuda(&d, &["clean", "--out-dir", "ptx", "--out-dir-only"]);
    assert!(out.status.success());
    assert!(!d.join("ptx").exists());
    let out = cargo_cuda(&d, &["clean", "--out-dir", "kernels", "--out-dir-only"]);
    assert!(!out.status.success());
    assert!(d.join("kernels").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn job_count_does_not_change_the_outputs() {
    let d = scratch("jobs");
    kernels(&d);
    for (j, out_dir) in [("1", "j1"), ("4", "j4")] {
        let out = cargo_cuda(
            &d,
            &[
                "compile",
                "kernels",
                "--out-dir",
                out_dir,
                "--emit",
                "lib",
                "-j",
                j,
            ],
        );
        assert!(out.status.success());
    }
    for f in [
        "libkernels.a",
        "obj/saxpy.o",
        "obj/scale.o",
        "obj/more/reduce.o",
    ] {
        let a = std::fs::read(d.join("j1").join(f)).unwrap();
        let b = std::fs::read(d.join("j4").join(f)).unwrap();
        assert!(a == b, "{f} differs between -j1 and -j4");
    }
    let _ = std::fs::remove_dir_all(&d);
}

const BAD: &str = r#"__global__ void fine(int* p) { *p = 1; }
__global__ int k() { return 0; }
"#;

#[test]
fn check_reports_located_errors() {
    let d = scratch("check");
    kernels(&d);
    std::fs::create_dir_all(d.join("broken")).unwrap();
    std::fs::write(d.join("broken/bad.cu"), BAD).unwrap();

    let out = cargo_cuda(&d, &["check", "kernels"]);
    assert!(out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("    Checking kernels/scale.cu"), "{stderr}");
    assert!(stderr.contains("checked 3 files"), "{stderr}");

    let out = cargo_cuda(&d, &["check", "broken"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "broken/bad.cu(2): error: a __global__ function must have a void return type"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("error: could not check `broken/bad.cu`"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn json_messages() {
    let d = scratch("json");
    std::fs::create_dir_all(d.join("broken")).unwrap();
    std::fs::write(d.join("broken/bad.cu"), BAD).unwrap();
    let out = cargo_cuda(&d, &["check", "broken", "--message-format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let msgs = json_lines(&out);
    let m = msgs
        .iter()
        .find(|m| m["reason"] == "compiler-message")
        .expect("a compiler message");
    assert_eq!(m["source"], "broken/bad.cu");
    assert_eq!(m["message"]["file"], "broken/bad.cu");
    assert_eq!(m["message"]["line"], 2);
    assert_eq!(m["message"]["severity"], "error");
    assert_eq!(
        m["message"]["message"],
        "a __global__ function must have a void return type"
    );
    assert!(
        m["message"]["rendered"]
            .as_str()
            .unwrap()
            .starts_with("broken/bad.cu(2): error:")
    );
    assert_eq!(msgs.last().unwrap()["reason"], "build-finished");
    assert_eq!(msgs.last().unwrap()["success"], false);

    std::fs::write(d.join("ok.cu"), SAXPY).unwrap();
    let out = cargo_cuda(
        &d,
        &[
            "compile",
            "ok.cu",
            "--out-dir",
            "out",
            "--message-format",
            "json",
        ],
    );
    assert!(out.status.success());
    let msgs = json_lines(&out);
    let a = msgs
        .iter()
        .find(|m| m["reason"] == "compiler-artifact")
        .unwrap();
    assert_eq!(a["kernels"][0], "_Z5saxpyifPKfPf");
    assert!(a["filenames"][0].as_str().unwrap().ends_with("out/ok.o"));
    assert_eq!(msgs.last().unwrap()["success"], true);
    let _ = std::fs::remove_dir_all(&d);
}

/// nvcc's language options reach the front end: a `__device__` lambda needs
/// `--extended-lambda`, and `--Xcudafe` passes diagnostic controls through.
#[test]
fn language_options_reach_the_front_end() {
    let d = scratch("options");
    std::fs::create_dir_all(d.join("src")).unwrap();
    std::fs::write(
        d.join("src/lambda.cu"),
        "template <typename F> __global__ void apply(float *p, F f) { *p = f(*p); }\n\
         void run(float *p, float s) {\n\
           apply<<<1, 1>>>(p, [=] __device__(float x) { return x * s; });\n\
         }\n",
    )
    .unwrap();
    let out = cargo_cuda(&d, &["check", "src"]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(
            "src/lambda.cu(3): error: __host__ or __device__ annotation on lambda requires --extended-lambda nvcc flag"
        ),
        "{stderr}"
    );
    let out = cargo_cuda(&d, &["check", "--extended-lambda", "src"]);
    assert!(out.status.success());
    let out = cargo_cuda(
        &d,
        &[
            "compile",
            "src",
            "--out-dir",
            "out",
            "--arch",
            "90",
            "--extended-lambda",
        ],
    );
    assert!(out.status.success());
    assert!(d.join("out/lambda.o").is_file());

    // A warning the front end gives, then suppressed through `--Xcudafe`.
    std::fs::write(
        d.join("src/lambda.cu"),
        "__device__ int dv;\nvoid host() { dv = 1; }\n",
    )
    .unwrap();
    let out = cargo_cuda(&d, &["check", "src"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("warning #20092-D"), "{stderr}");
    let out = cargo_cuda(&d, &["check", "--Xcudafe", "--diag_suppress=20092", "src"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success());
    assert!(!stderr.contains("20092"), "{stderr}");
    let _ = std::fs::remove_dir_all(&d);
}

/// Device code only, in the style of candle's kernels: the kernels exist only where
/// `__CUDA_ARCH__` is defined, and the host side does not compile at all.
const DEVICE_ONLY: &str = r#"#ifndef __CUDA_ARCH__
#error "this file is compiled for the device only"
#endif
#if __CUDA_ARCH__ >= 800
extern "C" __global__ void add_bf16(float* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 1.0f;
}
#endif
extern "C" __global__ void add_f32(float* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] += 2.0f;
}
"#;

/// PTX and fat binaries are device code: as with nvcc's `-ptx` and `-fatbin`, the host side
/// is neither preprocessed nor analysed, and the PTX is nvcc's, byte for byte. A host
/// object of the same file fails, as `nvcc -c` does.
#[test]
fn ptx_and_fatbin_of_device_only_code_as_nvcc_makes_them() {
    let d = scratch("device-only");
    std::fs::create_dir_all(d.join("k")).unwrap();
    std::fs::write(d.join("k/ops.cu"), DEVICE_ONLY).unwrap();

    let out = cargo_cuda(
        &d,
        &[
            "compile",
            "k",
            "--out-dir",
            "ptx",
            "--emit",
            "ptx",
            "--arch",
            "80",
        ],
    );
    assert!(out.status.success());
    let ours = std::fs::read(d.join("ptx/ops.ptx")).unwrap();
    let text = String::from_utf8_lossy(&ours);
    assert!(text.contains(".entry add_bf16"), "{text}");
    assert!(text.contains(".entry add_f32"), "{text}");
    let nvcc = toolkit().join("bin/nvcc");
    let status = Command::new(&nvcc)
        .args(["--ptx", "-arch=sm_80", "k/ops.cu", "-o", "nvcc.ptx"])
        .current_dir(&d)
        .status()
        .expect("run nvcc");
    assert!(status.success());
    assert!(
        ours == std::fs::read(d.join("nvcc.ptx")).unwrap(),
        "our PTX differs from nvcc's"
    );

    let out = cargo_cuda(
        &d,
        &[
            "compile",
            "k",
            "--out-dir",
            "fat",
            "--emit",
            "fatbin",
            "--arch",
            "80",
        ],
    );
    assert!(out.status.success());
    assert!(d.join("fat/ops.fatbin").is_file());

    let out = cargo_cuda(&d, &["compile", "k", "--out-dir", "obj", "--arch", "80"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("this file is compiled for the device only"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&d);
}
