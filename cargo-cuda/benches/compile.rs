//! The build benchmark: one directory of 16 `.cu` files (kernels, templates, runtime
//! calls; no thrust) compiled into objects three ways, side by side —
//!
//! - `cargo cuda compile -jN` (our front end in-process, file jobs under a jobserver);
//! - nvcc file by file (`-j1`, one after another);
//! - nvcc in parallel, N at once (as `xargs -P N` would);
//!
//! each for the same architectures (`BENCH_ARCH`, CMake syntax, default `75`: SASS and PTX
//! for sm_75, nvcc's default) with the same host compiler and flags. It prints the wall
//! time and the CPU time (user + system of the child processes) of each, and the ratios.
//!
//! After a warm-up (one file each way), each run times the three in turn.
//!
//! `cargo bench -p cargo-cuda --bench compile`. Settings: `BENCH_JOBS=N` (default: the
//! number of CPUs), `BENCH_RUNS=n` (default 1; the median is reported), `BENCH_DIR=DIR`
//! (compile the `.cu` files of DIR instead of the generated ones), `CUDAFE_TEST_TOOLKIT`
//! (the toolkit; default: discovery, as `cargo cuda` does). Inputs and outputs go to
//! `target/cuda-bench/`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use build_helper::pipeline::Pipeline;
use build_helper::toolkit::Discovery;

const BIN: &str = env!("CARGO_BIN_EXE_cargo-cuda");

/// CPU time (user + system) of the waited-for children so far.
fn children_cpu() -> Duration {
    // SAFETY: getrusage fills the struct it is given.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };
    let t = |tv: libc::timeval| Duration::new(tv.tv_sec as u64, tv.tv_usec as u32 * 1000);
    t(ru.ru_utime) + t(ru.ru_stime)
}

/// One of four kinds of realistic file, varied by `i`.
fn source(i: usize) -> String {
    let n = i;
    match i % 4 {
        0 => format!(
            r#"#include <cstdio>
#include <vector>
// Elementwise operations: functors, a kernel template instantiated for several types.
struct Axpby{n} {{ float a, b; __host__ __device__ float operator()(float x, float y) const {{ return a * x + b * y; }} }};
template <typename T> struct Clamp{n} {{ T lo, hi; __device__ T operator()(T v) const {{ return v < lo ? lo : (v > hi ? hi : v); }} }};
template <typename T, typename F>
__global__ void map2_{n}(const T* __restrict__ x, const T* __restrict__ y, T* out, int count, F f) {{
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x)
    out[i] = f(x[i], y[i]);
}}
template <typename T, typename F>
__global__ void map1_{n}(T* v, int count, F f) {{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count) v[i] = f(v[i]);
}}
#define CHECK(x) do {{ cudaError_t e = (x); if (e != cudaSuccess) {{ std::printf("%s\n", cudaGetErrorString(e)); return 1; }} }} while (0)
int run_elementwise_{n}(int count) {{
  std::vector<float> h(count, 1.0f);
  float *x, *y, *o;
  CHECK(cudaMalloc(&x, count * sizeof(float)));
  CHECK(cudaMalloc(&y, count * sizeof(float)));
  CHECK(cudaMalloc(&o, count * sizeof(float)));
  CHECK(cudaMemcpy(x, h.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(y, h.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  map2_{n}<<<128, 256>>>(x, y, o, count, Axpby{n}{{2.0f, {n}.0f}});
  map1_{n}<<<(count + 255) / 256, 256>>>(o, count, Clamp{n}<float>{{0.0f, 100.0f}});
  int* iv;
  CHECK(cudaMalloc(&iv, count * sizeof(int)));
  map1_{n}<<<(count + 255) / 256, 256>>>(iv, count, Clamp{n}<int>{{0, {n}}});
  CHECK(cudaMemcpy(h.data(), o, count * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(cudaFree(x)); CHECK(cudaFree(y)); CHECK(cudaFree(o)); CHECK(cudaFree(iv));
  return h[0] > 0 ? 0 : 1;
}}
"#
        ),
        1 => format!(
            r#"#include <cstdio>
// Reductions: warp shuffles, shared memory, a block size as a template parameter.
__device__ unsigned long long done_{n};
template <typename T> __device__ T warp_sum_{n}(T v) {{
  for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(0xffffffffu, v, o);
  return v;
}}
template <int BLOCK, typename T>
__global__ void __launch_bounds__(BLOCK) reduce_{n}(const T* in, T* out, int count) {{
  __shared__ T part[BLOCK / 32];
  T v = 0;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < count; i += gridDim.x * BLOCK) v += in[i];
  v = warp_sum_{n}(v);
  if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = v;
  __syncthreads();
  if (threadIdx.x < 32) {{
    v = threadIdx.x < BLOCK / 32 ? part[threadIdx.x] : 0;
    v = warp_sum_{n}(v);
    if (threadIdx.x == 0) {{ atomicAdd(out, v); atomicAdd(&done_{n}, 1ull); }}
  }}
}}
template <int BLOCK, typename T> cudaError_t sum_{n}(const T* in, T* out, int count, cudaStream_t s) {{
  reduce_{n}<BLOCK, T><<<(count + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(in, out, count);
  return cudaGetLastError();
}}
int run_reduce_{n}(int count) {{
  cudaStream_t s;
  if (cudaStreamCreate(&s) != cudaSuccess) return 1;
  float* f; double* d; int* k;
  cudaMallocAsync(&f, count * sizeof(float), s);
  cudaMallocAsync(&d, count * sizeof(double), s);
  cudaMallocManaged(&k, count * sizeof(int));
  cudaError_t e = sum_{n}<256>(f, f, count, s);
  if (e == cudaSuccess) e = sum_{n}<512>(d, d, count, s);
  if (e == cudaSuccess) e = sum_{n}<128>(k, k, count, s);
  cudaStreamSynchronize(s);
  cudaFreeAsync(f, s); cudaFreeAsync(d, s); cudaFree(k);
  cudaStreamDestroy(s);
  if (e != cudaSuccess) std::fprintf(stderr, "reduce: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}}
"#
        ),
        2 => format!(
            r#"#include <cstdio>
#include <cstring>
// A 2D stencil: constant memory, dim3 grids, a parameter struct, events.
__constant__ float coeff_{n}[9];
struct Grid{n} {{ int w, h; size_t pitch; }};
__device__ __forceinline__ float at_{n}(const float* p, Grid{n} g, int x, int y) {{
  x = x < 0 ? 0 : (x >= g.w ? g.w - 1 : x);
  y = y < 0 ? 0 : (y >= g.h ? g.h - 1 : y);
  return *((const float*)((const char*)p + y * g.pitch) + x);
}}
__global__ void stencil_{n}(const float* in, float* out, Grid{n} g) {{
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= g.w || y >= g.h) return;
  float s = 0;
#pragma unroll
  for (int dy = -1; dy <= 1; ++dy)
#pragma unroll
    for (int dx = -1; dx <= 1; ++dx) s += coeff_{n}[(dy + 1) * 3 + dx + 1] * at_{n}(in, g, x + dx, y + dy);
  *((float*)((char*)out + y * g.pitch) + x) = s;
}}
float run_stencil_{n}(int w, int h, int steps) {{
  float c[9] = {{0, 0.25f, 0, 0.25f, 0, 0.25f, 0, 0.25f, 0.{n}f}};
  cudaMemcpyToSymbol(coeff_{n}, c, sizeof c);
  Grid{n} g{{w, h, 0}};
  float *a, *b;
  cudaMallocPitch(&a, &g.pitch, w * sizeof(float), h);
  cudaMallocPitch(&b, &g.pitch, w * sizeof(float), h);
  cudaMemset2D(a, g.pitch, 0, w * sizeof(float), h);
  cudaEvent_t t0, t1;
  cudaEventCreate(&t0); cudaEventCreate(&t1);
  cudaEventRecord(t0);
  dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
  for (int i = 0; i < steps; ++i) {{ stencil_{n}<<<grid, block>>>(a, b, g); float* t = a; a = b; b = t; }}
  cudaEventRecord(t1);
  cudaEventSynchronize(t1);
  float ms = 0;
  cudaEventElapsedTime(&ms, t0, t1);
  cudaFree(a); cudaFree(b);
  return ms;
}}
"#
        ),
        _ => format!(
            r#"#include <cstdio>
#include <type_traits>
// Tiled matrix multiply: tile size and element type as template parameters.
template <typename T, int TILE>
__global__ void gemm_{n}(const T* A, const T* B, T* C, int M, int N, int K, T alpha) {{
  __shared__ T As[TILE][TILE + 1];
  __shared__ T Bs[TILE][TILE + 1];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  T acc = T(0);
  for (int t = 0; t < (K + TILE - 1) / TILE; ++t) {{
    int ak = t * TILE + threadIdx.x, bk = t * TILE + threadIdx.y;
    As[threadIdx.y][threadIdx.x] = row < M && ak < K ? A[row * K + ak] : T(0);
    Bs[threadIdx.y][threadIdx.x] = col < N && bk < K ? B[bk * N + col] : T(0);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }}
  if (row < M && col < N) C[row * N + col] = alpha * acc;
}}
template <typename T, int TILE = 16>
cudaError_t launch_gemm_{n}(const T* A, const T* B, T* C, int M, int N, int K, cudaStream_t s = 0) {{
  static_assert(std::is_arithmetic<T>::value, "numbers only");
  dim3 block(TILE, TILE), grid((N + TILE - 1) / TILE, (M + TILE - 1) / TILE);
  gemm_{n}<T, TILE><<<grid, block, 0, s>>>(A, B, C, M, N, K, T(1));
  return cudaPeekAtLastError();
}}
int run_gemm_{n}(int m) {{
  float *a, *b, *c; double *da, *db, *dc;
  cudaMalloc(&a, m * m * sizeof(float)); cudaMalloc(&b, m * m * sizeof(float)); cudaMalloc(&c, m * m * sizeof(float));
  cudaMalloc(&da, m * m * sizeof(double)); cudaMalloc(&db, m * m * sizeof(double)); cudaMalloc(&dc, m * m * sizeof(double));
  cudaError_t e = launch_gemm_{n}(a, b, c, m, m, m);
  if (e == cudaSuccess) e = launch_gemm_{n}<float, 32>(a, b, c, m, m, m);
  if (e == cudaSuccess) e = launch_gemm_{n}<double, 8>(da, db, dc, m, m, m);
  cudaDeviceSynchronize();
  cudaFree(a); cudaFree(b); cudaFree(c); cudaFree(da); cudaFree(db); cudaFree(dc);
  return e == cudaSuccess ? 0 : {n};
}}
"#
        ),
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn run_ok(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    if !out.status.success() {
        panic!(
            "{what} failed:\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

fn main() {
    // `cargo bench` passes `--bench`; there is nothing to filter.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let work = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"))
        .join("cuda-bench");
    let jobs: usize = std::env::var("BENCH_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let runs: usize = std::env::var("BENCH_RUNS")
        .ok()
        .and_then(|j| j.parse().ok())
        .unwrap_or(1)
        .max(1);
    let arch = std::env::var("BENCH_ARCH").unwrap_or_else(|_| "75".into());
    let toolkit = match std::env::var_os("CUDAFE_TEST_TOOLKIT") {
        Some(t) => Discovery::new().explicit(PathBuf::from(t)),
        None => Discovery::new(),
    }
    .discover()
    .expect("no CUDA toolkit: run `cargo cuda toolkit install`");

    // The inputs.
    let src = match std::env::var_os("BENCH_DIR") {
        Some(d) => PathBuf::from(d),
        None => {
            let src = work.join("src");
            let _ = std::fs::remove_dir_all(&src);
            std::fs::create_dir_all(&src).unwrap();
            for i in 0..16 {
                let name = ["elementwise", "reduce", "stencil", "gemm"][i % 4];
                std::fs::write(src.join(format!("{name}_{i:02}.cu")), source(i)).unwrap();
            }
            src
        }
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&src)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    files.sort();

    // nvcc with the host compiler and flags of our pipeline, for the same architectures.
    let mut p = Pipeline::new(toolkit.clone()).expect("pipeline");
    p.archs(&arch).expect("BENCH_ARCH");
    let host = p.host_compiler().clone();
    let mut nvcc_common: Vec<String> = vec![
        "-c".into(),
        "-ccbin".into(),
        host.path.display().to_string(),
    ];
    let host_args: Vec<String> = host
        .args
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .filter(|a| a != "-m64")
        .collect();
    if !host_args.is_empty() {
        nvcc_common.push(format!("-Xcompiler={}", host_args.join(",")));
    }
    nvcc_common.extend(p.current_archs().nvcc_args());
    let nvcc = toolkit.nvcc();
    let nvcc_one = |f: &Path, out_dir: &Path| {
        let obj = out_dir.join(f.file_stem().unwrap()).with_extension("o");
        run_ok(
            Command::new(&nvcc)
                .args(&nvcc_common)
                .arg(f)
                .arg("-o")
                .arg(obj),
            &format!("nvcc {}", f.display()),
        );
    };

    println!(
        "{} files from {}, architectures {arch}, {jobs} jobs, {runs} run{}, toolkit {}",
        files.len(),
        src.display(),
        if runs == 1 { "" } else { "s" },
        toolkit.root.display()
    );
    println!("nvcc: {} {}", nvcc.display(), nvcc_common.join(" "));

    type Mode<'a> = (&'a str, Box<dyn Fn(&Path) + 'a>);
    let modes: Vec<Mode> = vec![
        (
            "cargo cuda compile",
            Box::new(|out: &Path| {
                run_ok(
                    Command::new(BIN)
                        .args(["cuda", "-q", "--toolkit"])
                        .arg(&toolkit.root)
                        .args([
                            "compile",
                            "--arch",
                            &arch,
                            "-j",
                            &jobs.to_string(),
                            "--out-dir",
                        ])
                        .arg(out)
                        .arg(&src)
                        .env_remove("MAKEFLAGS")
                        .env_remove("CARGO_MAKEFLAGS"),
                    "cargo cuda compile",
                )
            }),
        ),
        (
            "nvcc, file by file",
            Box::new(|out: &Path| {
                for f in &files {
                    nvcc_one(f, out);
                }
            }),
        ),
        (
            "nvcc, parallel",
            Box::new(|out: &Path| {
                let next = Mutex::new(0usize);
                std::thread::scope(|s| {
                    for _ in 0..jobs.min(files.len()) {
                        s.spawn(|| {
                            loop {
                                let i = {
                                    let mut n = next.lock().unwrap();
                                    *n += 1;
                                    *n - 1
                                };
                                let Some(f) = files.get(i) else { return };
                                nvcc_one(f, out);
                            }
                        });
                    }
                });
            }),
        ),
    ];
    // A warm-up: one file each way, so that no mode pays for cold caches (the toolkit's
    // binaries and headers are first read here).
    {
        let out = work.join("warm-up");
        let _ = std::fs::remove_dir_all(&out);
        std::fs::create_dir_all(&out).unwrap();
        nvcc_one(&files[0], &out);
        run_ok(
            Command::new(BIN)
                .args(["cuda", "-q", "--toolkit"])
                .arg(&toolkit.root)
                .args(["compile", "--arch", &arch, "--out-dir"])
                .arg(&out)
                .arg(&files[0]),
            "cargo cuda compile (warm-up)",
        );
    }
    let mut wall: Vec<Vec<Duration>> = vec![Vec::new(); modes.len()];
    let mut cpu: Vec<Vec<Duration>> = vec![Vec::new(); modes.len()];
    for r in 0..runs {
        // Alternating modes within each run spreads the machine's noise over all of them.
        for (m, (name, f)) in modes.iter().enumerate() {
            let out = work.join(format!("out-{m}"));
            let _ = std::fs::remove_dir_all(&out);
            std::fs::create_dir_all(&out).unwrap();
            let c0 = children_cpu();
            let t0 = Instant::now();
            f(&out);
            let w = t0.elapsed();
            let c = children_cpu() - c0;
            eprintln!(
                "run {}: {name}: {:.2}s wall, {:.2}s CPU",
                r + 1,
                w.as_secs_f64(),
                c.as_secs_f64()
            );
            let objs = std::fs::read_dir(&out)
                .unwrap()
                .filter(|e| {
                    e.as_ref()
                        .unwrap()
                        .path()
                        .extension()
                        .is_some_and(|x| x == "o")
                })
                .count();
            assert_eq!(objs, files.len(), "{name} made {objs} objects");
            wall[m].push(w);
            cpu[m].push(c);
        }
    }
    let ours_w = median(wall[0].clone()).as_secs_f64();
    let ours_c = median(cpu[0].clone()).as_secs_f64();
    println!();
    println!(
        "{:<22} {:>4}  {:>8}  {:>8}  {:>13}  {:>12}",
        "mode", "jobs", "wall s", "CPU s", "wall vs ours", "CPU vs ours"
    );
    println!("{}", "-".repeat(76));
    for (m, (name, _)) in modes.iter().enumerate() {
        let w = median(wall[m].clone()).as_secs_f64();
        let c = median(cpu[m].clone()).as_secs_f64();
        let j = if m == 1 { 1 } else { jobs };
        println!(
            "{name:<22} {j:>4}  {w:>8.2}  {c:>8.2}  {:>12.2}x  {:>11.2}x",
            w / ours_w,
            c / ours_c
        );
    }
    println!();
    println!(
        "(ratios above 1: cargo cuda compile is faster; `wall vs ours` of `nvcc, parallel` is the like-for-like one)"
    );
}
