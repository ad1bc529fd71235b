//! saxpy: y = a·x + y computed by a CUDA kernel, launched from Rust.

use std::ffi::{c_char, c_float, c_int};

unsafe extern "C" {
    fn saxpy_host(n: c_int, a: c_float, x: *const c_float, y: *mut c_float) -> c_int;
    fn device_name(buf: *mut c_char, len: c_int) -> c_int;
}

fn main() {
    let n = 1 << 20;
    let a = 2.0f32;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let mut y: Vec<f32> = vec![1.0; n];

    let mut name = [0 as c_char; 256];
    // SAFETY: the buffer is valid for 256 bytes and the callee writes a terminated string.
    let err = unsafe { device_name(name.as_mut_ptr(), name.len() as c_int) };
    if err != 0 {
        eprintln!("saxpy: no CUDA device (cudaError {err})");
        std::process::exit(1);
    }
    // SAFETY: `device_name` wrote a NUL-terminated string into `name`.
    let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }.to_string_lossy();
    println!("device: {name}");

    // SAFETY: x and y hold n floats each.
    let err = unsafe { saxpy_host(n as c_int, a, x.as_ptr(), y.as_mut_ptr()) };
    if err != 0 {
        eprintln!("saxpy: CUDA error {err}");
        std::process::exit(1);
    }
    if name.contains("cudart-trace") {
        // The tracing runtime records launches but runs no kernel: y is unchanged.
        println!("saxpy over {n} elements: launched (the tracing runtime does not run kernels)");
        return;
    }
    let wrong = (0..n).filter(|&i| y[i] != a * x[i] + 1.0).count();
    println!("saxpy over {n} elements: {} of {n} results as expected", n - wrong);
    if wrong != 0 {
        std::process::exit(1);
    }
}
