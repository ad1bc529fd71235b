//! Translation units the tests and benchmarks share: made from the toolkit's own headers, and
//! preprocessed exactly as nvcc preprocesses them for cudafe++.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use build_helper::toolkit::Toolkit;

use crate::dryrun::FrontendJob;
use crate::frontend::FrontendSetup;

/// The C++17 standard library headers (every header C++17 defines that libstdc++ ships).
pub const CXX17_HEADERS: &[&str] = &[
    "algorithm",
    "any",
    "array",
    "atomic",
    "bitset",
    "cassert",
    "cctype",
    "cerrno",
    "cfenv",
    "cfloat",
    "charconv",
    "chrono",
    "cinttypes",
    "climits",
    "clocale",
    "cmath",
    "codecvt",
    "complex",
    "condition_variable",
    "csetjmp",
    "csignal",
    "cstdarg",
    "cstddef",
    "cstdint",
    "cstdio",
    "cstdlib",
    "cstring",
    "ctime",
    "cuchar",
    "cwchar",
    "cwctype",
    "deque",
    "exception",
    "execution",
    "filesystem",
    "forward_list",
    "fstream",
    "functional",
    "future",
    "initializer_list",
    "iomanip",
    "ios",
    "iosfwd",
    "iostream",
    "istream",
    "iterator",
    "limits",
    "list",
    "locale",
    "map",
    "memory",
    "memory_resource",
    "mutex",
    "new",
    "numeric",
    "optional",
    "ostream",
    "queue",
    "random",
    "ratio",
    "regex",
    "scoped_allocator",
    "set",
    "shared_mutex",
    "sstream",
    "stack",
    "stdexcept",
    "streambuf",
    "string",
    "string_view",
    "system_error",
    "thread",
    "tuple",
    "type_traits",
    "typeindex",
    "typeinfo",
    "unordered_map",
    "unordered_set",
    "utility",
    "valarray",
    "variant",
    "vector",
];

/// The directory holding CCCL's `cuda/`, `thrust/` and `cub/` in `toolkit`.
pub fn cccl_include_dir(toolkit: &Toolkit) -> Result<PathBuf> {
    toolkit
        .include_dirs
        .iter()
        .chain(&toolkit.system_include_dirs)
        .flat_map(|d| [d.join("cccl"), d.clone()])
        .find(|d| d.join("thrust").is_dir() && d.join("cuda/std").is_dir())
        .context("the toolkit has no CCCL headers (thrust/, cuda/std/)")
}

/// Public headers in `dir` (files only, not `detail` or `__`-prefixed internals) whose names
/// `keep` accepts, sorted.
fn public_headers(dir: &Path, keep: impl Fn(&str) -> bool) -> Result<Vec<String>> {
    let mut names = Vec::new();
    for e in std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        if e.file_type()?.is_file() && !name.starts_with('_') && keep(&name) {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}

/// A translation unit that includes every C++17 standard library header, `cuda_runtime.h`,
/// `cooperative_groups.h`, every public `cuda/std/` header, every top-level thrust header and
/// cub, then declares and launches one kernel. The header lists are read from `toolkit`, so
/// the unit follows the toolkit.
pub fn all_headers_source(toolkit: &Toolkit) -> Result<String> {
    let cccl = cccl_include_dir(toolkit)?;
    let mut out = String::from("// Every header the front end must read without a recovery.\n");
    for h in CXX17_HEADERS {
        out += &format!("#include <{h}>\n");
    }
    out += "#include <cuda_runtime.h>\n#include <cooperative_groups.h>\n";
    for h in public_headers(&cccl.join("cuda/std"), |_| true)? {
        out += &format!("#include <cuda/std/{h}>\n");
    }
    for h in public_headers(&cccl.join("thrust"), |n| n.ends_with(".h"))? {
        out += &format!("#include <thrust/{h}>\n");
    }
    out += "#include <cub/cub.cuh>\n";
    out += "__global__ void fill(int *p) { p[threadIdx.x] = 1; }\n";
    out += "int main() { fill<<<1, 1>>>(nullptr); return cudaDeviceSynchronize(); }\n";
    Ok(out)
}

/// A translation unit after host preprocessing, with the exact cudafe++ command nvcc would
/// run on it.
pub struct Preprocessed {
    /// Where nvcc ran (the cudafe++ arguments are relative to it).
    pub cwd: PathBuf,
    pub setup: FrontendSetup,
}

impl Preprocessed {
    /// The translation unit's front-end job (one source, one job).
    pub fn job(&self) -> &FrontendJob {
        &self.setup.jobs[0]
    }

    /// The preprocessed text's path.
    pub fn input(&self) -> PathBuf {
        self.cwd.join(&self.job().input)
    }
}

/// Writes `source` as `dir/name` and preprocesses it as `nvcc <nvcc_args> -c name` would for
/// cudafe++.
pub fn preprocess(
    toolkit: &Toolkit,
    dir: &Path,
    name: &str,
    source: &str,
    nvcc_args: &[&str],
) -> Result<Preprocessed> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    std::fs::write(dir.join(name), source)
        .with_context(|| format!("writing {}", dir.join(name).display()))?;
    let mut args: Vec<String> = nvcc_args.iter().map(|s| s.to_string()).collect();
    args.extend(["-c".to_string(), name.to_string()]);
    let setup = FrontendSetup::new(toolkit, dir, &dir.join("keep"), &args)?;
    if setup.jobs.len() != 1 {
        bail!(
            "expected one front-end job for {name}, nvcc planned {}",
            setup.jobs.len()
        );
    }
    setup.preprocess(dir)?;
    Ok(Preprocessed {
        cwd: dir.to_path_buf(),
        setup,
    })
}

/// A small, realistic thrust program: host and device vectors, a `__global__` kernel and its
/// launch, `thrust::sort` and `thrust::reduce`. Preprocessed with `-std=c++17`.
pub const THRUST_SORT_SOURCE: &str = r#"#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/functional.h>
#include <cstdio>

__global__ void scale(int *data, int n, int factor) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        data[i] *= factor;
    }
}

struct is_odd {
    __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};

int main() {
    const int n = 1 << 20;
    thrust::host_vector<int> h(n);
    for (int i = 0; i < n; ++i) {
        h[i] = (i * 7919) % n;
    }
    thrust::device_vector<int> d = h;
    scale<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d.data()), n, 3);
    thrust::sort(d.begin(), d.end());
    long long sum = thrust::reduce(d.begin(), d.end(), 0LL, thrust::plus<long long>());
    thrust::device_vector<int> idx(n);
    thrust::sequence(idx.begin(), idx.end());
    thrust::sort_by_key(d.begin(), d.end(), idx.begin(), thrust::greater<int>());
    thrust::host_vector<int> back = d;
    std::printf("sum %lld, largest %d, first index %d, odd first %d\n", sum, back[0],
                static_cast<int>(idx[0]), static_cast<int>(is_odd()(back[0])));
    return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
"#;

/// A typical small `.cu` file that includes nothing itself (nvcc includes `cuda_runtime.h`):
/// device, constant and managed variables, two kernels and their launches.
pub const CUDA_RUNTIME_ONLY_SOURCE: &str = r#"// saxpy and a histogram, with the runtime API only.
__device__ float d_scale = 2.0f;
__constant__ int c_bins[2] = {0, 16};
__device__ unsigned int d_histogram[16];
__managed__ int m_launches;

__global__ void saxpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        y[i] = a * d_scale * x[i] + y[i];
    }
}

template <typename T>
__global__ void histogram(const T *in, int n) {
    __shared__ unsigned int local[16];
    if (threadIdx.x < 16) {
        local[threadIdx.x] = 0;
    }
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        int bin = static_cast<int>(in[i]) % c_bins[1];
        atomicAdd(&local[bin < 0 ? -bin : bin], 1u);
    }
    __syncthreads();
    if (threadIdx.x < 16) {
        atomicAdd(&d_histogram[threadIdx.x], local[threadIdx.x]);
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        atomicAdd(&m_launches, 1);
    }
}

static int check(cudaError_t e, const char *what) {
    if (e != cudaSuccess) {
        return 1;
    }
    (void)what;
    return 0;
}

int main() {
    const int n = 1 << 16;
    float *x = nullptr, *y = nullptr;
    int failed = 0;
    failed += check(cudaMalloc(&x, n * sizeof(float)), "malloc x");
    failed += check(cudaMalloc(&y, n * sizeof(float)), "malloc y");
    failed += check(cudaMemset(x, 0, n * sizeof(float)), "memset x");
    failed += check(cudaMemset(y, 0, n * sizeof(float)), "memset y");
    float scale = 0.5f;
    failed += check(cudaMemcpyToSymbol(d_scale, &scale, sizeof scale), "scale");
    dim3 block(256), grid((n + block.x - 1) / block.x);
    saxpy<<<grid, block>>>(n, 2.0f, x, y);
    histogram<float><<<32, 128, 0, 0>>>(y, n);
    failed += check(cudaGetLastError(), "launch");
    unsigned int hist[16];
    failed += check(cudaMemcpyFromSymbol(hist, d_histogram, sizeof hist), "histogram");
    failed += check(cudaDeviceSynchronize(), "sync");
    cudaFree(x);
    cudaFree(y);
    return failed + (m_launches == 1 ? 0 : 1);
}
"#;
