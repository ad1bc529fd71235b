//! rdc_multi_file: separate compilation (`.rdc(true)`). The kernel in `kernels/smooth.cu`
//! calls a `__device__` function and reads `extern __device__`/`__constant__` variables
//! defined in `kernels/device_math.cu`, and launches a kernel defined there; the device link
//! resolves them. Rust checks the numbers.

use std::ffi::{c_char, c_float, c_int};

unsafe extern "C" {
    fn rdc_smooth(
        x: *const c_float,
        y: *mut c_float,
        n: c_int,
        bias: c_float,
        positive: *mut c_int,
    ) -> c_int;
    fn rdc_first_weight() -> c_float;
    fn device_name(buf: *mut c_char, len: c_int) -> c_int;
}

fn main() {
    let n = 3000usize;
    let bias = 0.125f32;
    let mut name = [0 as c_char; 256];
    // SAFETY: the buffer is valid for 256 bytes and the callee writes a terminated string.
    let err = unsafe { device_name(name.as_mut_ptr(), name.len() as c_int) };
    if err != 0 {
        eprintln!("rdc_multi_file: no CUDA device (cudaError {err})");
        std::process::exit(1);
    }
    // SAFETY: `device_name` wrote a NUL-terminated string into `name`.
    let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }.to_string_lossy();
    println!("device: {name}");

    // The __constant__ array's initial value, defined in the other file.
    // SAFETY: a plain call.
    let w0 = unsafe { rdc_first_weight() };
    println!("first weight: {w0}");
    if w0 != 0.25 {
        eprintln!("rdc_multi_file: the first weight is {w0}, not 0.25");
        std::process::exit(1);
    }

    // A sawtooth around zero.
    let x: Vec<f32> = (0..n).map(|i| (i % 8) as f32 - 3.5).collect();
    let mut y = vec![0f32; n];
    let mut positive = -1;
    // SAFETY: x and y hold n floats each.
    let err = unsafe { rdc_smooth(x.as_ptr(), y.as_mut_ptr(), n as c_int, bias, &mut positive) };
    if err != 0 {
        eprintln!("rdc_multi_file: CUDA error {err}");
        std::process::exit(1);
    }
    if name.contains("cudart-trace") {
        // The tracing runtime records launches but runs no kernel.
        println!("smooth over {n} elements: launched (the tracing runtime does not run kernels)");
        return;
    }
    let expect: Vec<f32> = (0..n)
        .map(|i| {
            let l = x[i.saturating_sub(1)];
            let r = x[(i + 1).min(n - 1)];
            0.25 * l + 0.5 * x[i] + 0.25 * r + bias
        })
        .collect();
    let wrong = (0..n).filter(|&i| (y[i] - expect[i]).abs() > 1e-5).count();
    let expect_positive = expect.iter().filter(|&&v| v > 0.0).count() as c_int;
    println!(
        "smooth over {n} elements: {} of {n} as expected; {positive} positive (expected {expect_positive})",
        n - wrong
    );
    if wrong != 0 || positive != expect_positive {
        std::process::exit(1);
    }
}
