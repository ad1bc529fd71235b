//! ptx_runtime: kernels compiled to PTX by `build.rs` (`.emit(Emit::Ptx)`), embedded in the
//! executable with `include_str!`, and loaded at run time through the CUDA runtime's
//! library API: `cudaLibraryLoadData`, `cudaLibraryGetKernel`, `cudaLibraryGetGlobal`,
//! and `cudaLaunchKernel` with the `cudaKernel_t`. No C++ host code at all.

use std::ffi::{CStr, c_char, c_int, c_uint, c_void};
use std::ptr::null_mut;

/// The PTX, NUL-terminated as `cudaLibraryLoadData` wants it.
static PTX: &str = concat!(
    include_str!(concat!(env!("OUT_DIR"), "/vector_ops.ptx")),
    "\0"
);

type CudaError = c_int;
type Library = *mut c_void;
type Kernel = *mut c_void;

#[repr(C)]
#[derive(Clone, Copy)]
struct Dim3 {
    x: c_uint,
    y: c_uint,
    z: c_uint,
}

const MEMCPY_HOST_TO_DEVICE: c_int = 1;
const MEMCPY_DEVICE_TO_HOST: c_int = 2;

// The runtime is linked by build.rs (`.cudart(Cudart::Shared)`).
unsafe extern "C" {
    fn cudaGetDeviceProperties(prop: *mut c_void, device: c_int) -> CudaError;
    #[allow(clippy::too_many_arguments)]
    fn cudaLibraryLoadData(
        library: *mut Library,
        code: *const c_void,
        jit_options: *mut c_int,
        jit_option_values: *mut *mut c_void,
        num_jit_options: c_uint,
        library_options: *mut c_int,
        library_option_values: *mut *mut c_void,
        num_library_options: c_uint,
    ) -> CudaError;
    fn cudaLibraryGetKernel(
        kernel: *mut Kernel,
        library: Library,
        name: *const c_char,
    ) -> CudaError;
    fn cudaLibraryGetGlobal(
        dptr: *mut *mut c_void,
        bytes: *mut usize,
        library: Library,
        name: *const c_char,
    ) -> CudaError;
    fn cudaLibraryUnload(library: Library) -> CudaError;
    fn cudaLaunchKernel(
        func: *const c_void,
        grid: Dim3,
        block: Dim3,
        args: *mut *mut c_void,
        shared_mem: usize,
        stream: *mut c_void,
    ) -> CudaError;
    fn cudaMalloc(ptr: *mut *mut c_void, size: usize) -> CudaError;
    fn cudaMemcpy(dst: *mut c_void, src: *const c_void, count: usize, kind: c_int) -> CudaError;
    fn cudaMemset(ptr: *mut c_void, value: c_int, count: usize) -> CudaError;
    fn cudaFree(ptr: *mut c_void) -> CudaError;
    fn cudaDeviceSynchronize() -> CudaError;
}

/// Turns a `cudaError_t` into a `Result`, naming the call.
fn check(what: &str, err: CudaError) -> Result<(), String> {
    if err == 0 {
        Ok(())
    } else {
        Err(format!("{what}: cudaError {err}"))
    }
}

fn device_name() -> Result<String, String> {
    // Larger than `struct cudaDeviceProp` (about 1 KiB), whose first member is the name.
    #[repr(C, align(8))]
    struct Props([u8; 4096]);
    let mut props = Props([0; 4096]);
    // SAFETY: the buffer is larger than the struct the runtime writes.
    check("cudaGetDeviceProperties", unsafe {
        cudaGetDeviceProperties(props.0.as_mut_ptr().cast(), 0)
    })?;
    let name = CStr::from_bytes_until_nul(&props.0[..256]).map_err(|e| e.to_string())?;
    Ok(name.to_string_lossy().into_owned())
}

fn kernel(library: Library, name: &CStr) -> Result<Kernel, String> {
    let mut k = null_mut();
    // SAFETY: a loaded library and a NUL-terminated name.
    check(&format!("cudaLibraryGetKernel({name:?})"), unsafe {
        cudaLibraryGetKernel(&mut k, library, name.as_ptr())
    })?;
    Ok(k)
}

/// Launches `kernel` over `n` elements in blocks of 256 with the given argument addresses.
fn launch(kernel: Kernel, n: usize, args: &mut [*mut c_void]) -> Result<(), String> {
    let grid = Dim3 {
        x: n.div_ceil(256) as c_uint,
        y: 1,
        z: 1,
    };
    let block = Dim3 { x: 256, y: 1, z: 1 };
    // SAFETY: `args` holds one pointer per kernel parameter, to a value of its type.
    check("cudaLaunchKernel", unsafe {
        cudaLaunchKernel(
            kernel as *const c_void,
            grid,
            block,
            args.as_mut_ptr(),
            0,
            null_mut(),
        )
    })
}

fn device_buffer(bytes: usize) -> Result<*mut c_void, String> {
    let mut p = null_mut();
    // SAFETY: an out-parameter.
    check("cudaMalloc", unsafe { cudaMalloc(&mut p, bytes) })?;
    Ok(p)
}

fn run() -> Result<(), String> {
    let name = device_name()?;
    println!("device: {name}");
    let traced = name.contains("cudart-trace");

    let mut library: Library = null_mut();
    // SAFETY: PTX is NUL-terminated text; no options.
    check("cudaLibraryLoadData", unsafe {
        cudaLibraryLoadData(
            &mut library,
            PTX.as_ptr().cast(),
            null_mut(),
            null_mut(),
            0,
            null_mut(),
            null_mut(),
            0,
        )
    })?;
    let add = kernel(library, c"vector_add")?;
    let scale = kernel(library, c"scale_in_place")?;
    let fill = kernel(library, c"_Z10fill_valueIiEvPT_S0_i")?;

    let mut done: *mut c_void = null_mut();
    let mut done_size = 0usize;
    // SAFETY: out-parameters, a NUL-terminated name.
    check("cudaLibraryGetGlobal", unsafe {
        cudaLibraryGetGlobal(
            &mut done,
            &mut done_size,
            library,
            c"elements_done".as_ptr(),
        )
    })?;
    if done_size != 4 {
        return Err(format!("elements_done has {done_size} bytes, not 4"));
    }
    // SAFETY: the global's 4 bytes.
    check("cudaMemset", unsafe { cudaMemset(done, 0, 4) })?;

    let n = 3000usize;
    let a: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let b: Vec<f32> = (0..n).map(|i| (2 * i) as f32).collect();
    let bytes = n * 4;
    let (da, db, dc, di) = (
        device_buffer(bytes)?,
        device_buffer(bytes)?,
        device_buffer(bytes)?,
        device_buffer(bytes)?,
    );
    // SAFETY: host vectors of `bytes` bytes into device buffers as large.
    unsafe {
        check(
            "cudaMemcpy",
            cudaMemcpy(da, a.as_ptr().cast(), bytes, MEMCPY_HOST_TO_DEVICE),
        )?;
        check(
            "cudaMemcpy",
            cudaMemcpy(db, b.as_ptr().cast(), bytes, MEMCPY_HOST_TO_DEVICE),
        )?;
    }

    let n_arg = n as c_int;
    let factor = 0.5f32;
    let value = 42 as c_int;
    let arg = |p: *const c_void| p as *mut c_void;
    // c = a + b; c *= 0.5; ints = 42.
    launch(
        add,
        n,
        &mut [
            arg((&raw const da).cast()),
            arg((&raw const db).cast()),
            arg((&raw const dc).cast()),
            arg((&raw const n_arg).cast()),
        ],
    )?;
    launch(
        scale,
        n,
        &mut [
            arg((&raw const dc).cast()),
            arg((&raw const factor).cast()),
            arg((&raw const n_arg).cast()),
        ],
    )?;
    launch(
        fill,
        n,
        &mut [
            arg((&raw const di).cast()),
            arg((&raw const value).cast()),
            arg((&raw const n_arg).cast()),
        ],
    )?;
    // SAFETY: no arguments.
    check("cudaDeviceSynchronize", unsafe { cudaDeviceSynchronize() })?;

    let mut c = vec![0f32; n];
    let mut ints = vec![0 as c_int; n];
    let mut count: c_uint = 0;
    // SAFETY: device buffers into host buffers as large.
    unsafe {
        check(
            "cudaMemcpy",
            cudaMemcpy(c.as_mut_ptr().cast(), dc, bytes, MEMCPY_DEVICE_TO_HOST),
        )?;
        check(
            "cudaMemcpy",
            cudaMemcpy(ints.as_mut_ptr().cast(), di, bytes, MEMCPY_DEVICE_TO_HOST),
        )?;
        check(
            "cudaMemcpy",
            cudaMemcpy((&raw mut count).cast(), done, 4, MEMCPY_DEVICE_TO_HOST),
        )?;
        for p in [da, db, dc, di] {
            check("cudaFree", cudaFree(p))?;
        }
        check("cudaLibraryUnload", cudaLibraryUnload(library))?;
    }

    if traced {
        // The tracing runtime records launches but runs no kernel.
        println!(
            "3 kernels from PTX over {n} elements: launched (the tracing runtime does not run kernels)"
        );
        return Ok(());
    }
    let wrong_c = (0..n).filter(|&i| c[i] != (a[i] + b[i]) * 0.5).count();
    let wrong_i = ints.iter().filter(|&&v| v != 42).count();
    println!(
        "3 kernels from PTX over {n} elements: {} sums, {} fills as expected; {count} elements done",
        n - wrong_c,
        n - wrong_i
    );
    if wrong_c != 0 || wrong_i != 0 || count as usize != 2 * n {
        return Err("wrong results".into());
    }
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("ptx_runtime: {e}");
        std::process::exit(1);
    }
}
