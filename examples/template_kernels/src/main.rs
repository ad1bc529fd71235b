//! template_kernels: kernel templates over `float`, `double`, `int` and `float2`, launched
//! with explicit and deduced template arguments from an `extern "C"` function in
//! `kernels/templates.cu`; Rust checks the numbers.

use std::ffi::{c_char, c_double, c_float, c_int};

unsafe extern "C" {
    fn run_templates(
        n: c_int,
        floats: *mut c_float,
        doubles: *mut c_double,
        ints: *mut c_int,
        int_sum: *mut c_int,
        pairs: *mut c_float,
    ) -> c_int;
    fn device_name(buf: *mut c_char, len: c_int) -> c_int;
}

fn main() {
    let n = 10_000usize;
    let mut name = [0 as c_char; 256];
    // SAFETY: the buffer is valid for 256 bytes and the callee writes a terminated string.
    let err = unsafe { device_name(name.as_mut_ptr(), name.len() as c_int) };
    if err != 0 {
        eprintln!("template_kernels: no CUDA device (cudaError {err})");
        std::process::exit(1);
    }
    // SAFETY: `device_name` wrote a NUL-terminated string into `name`.
    let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }.to_string_lossy();
    println!("device: {name}");

    let mut floats = vec![0f32; n];
    let mut doubles = vec![0f64; n];
    let mut ints = vec![0i32; n];
    let mut int_sum = 0i32;
    let mut pairs = vec![0f32; 2 * n];
    // SAFETY: each buffer holds n elements (pairs: n float2), int_sum one int.
    let err = unsafe {
        run_templates(
            n as c_int,
            floats.as_mut_ptr(),
            doubles.as_mut_ptr(),
            ints.as_mut_ptr(),
            &mut int_sum,
            pairs.as_mut_ptr(),
        )
    };
    if err != 0 {
        eprintln!("template_kernels: CUDA error {err}");
        std::process::exit(1);
    }
    if name.contains("cudart-trace") {
        // The tracing runtime records launches but runs no kernel.
        println!(
            "template kernels over {n} elements: launched (the tracing runtime does not run kernels)"
        );
        return;
    }

    let mut wrong = Vec::new();
    let bad_floats = (0..n)
        .filter(|&i| floats[i] != 3.0 * (2.0 * i as f32 + 1.0))
        .count();
    if bad_floats != 0 {
        wrong.push(format!("{bad_floats} floats"));
    }
    let bad_doubles = doubles.iter().filter(|&&d| d != 3.5).count();
    if bad_doubles != 0 {
        wrong.push(format!("{bad_doubles} doubles"));
    }
    let bad_ints = ints.iter().filter(|&&v| v != -14).count();
    if bad_ints != 0 {
        wrong.push(format!("{bad_ints} ints"));
    }
    if int_sum != -14 * n as i32 {
        wrong.push(format!("the sum {int_sum}"));
    }
    let bad_pairs = pairs.chunks(2).filter(|p| p != &[2.0, 1.0]).count();
    if bad_pairs != 0 {
        wrong.push(format!("{bad_pairs} pairs"));
    }
    if wrong.is_empty() {
        println!("template kernels over {n} elements: all results as expected (sum {int_sum})");
    } else {
        eprintln!("template_kernels: wrong results: {}", wrong.join(", "));
        std::process::exit(1);
    }
}
