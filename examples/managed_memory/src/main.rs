//! managed_memory: `__managed__` variables and `cudaMallocManaged` buffers shared by Rust
//! and the GPU. Rust fills the inputs and reads the results through plain pointers; the
//! kernels in `kernels/managed.cu` read coefficients Rust changed in a `__managed__` array.

use std::ffi::{c_char, c_float, c_int, c_uint};

unsafe extern "C" {
    fn managed_floats(n: c_int) -> *mut c_float;
    fn managed_free(p: *mut c_float) -> c_int;
    fn managed_coeffs() -> *mut c_float;
    fn managed_evaluated() -> *mut c_uint;
    fn managed_run(x: *const c_float, y: *mut c_float, total: *mut c_float, n: c_int) -> c_int;
    fn device_name(buf: *mut c_char, len: c_int) -> c_int;
}

fn fail(msg: &str) -> ! {
    eprintln!("managed_memory: {msg}");
    std::process::exit(1);
}

fn main() {
    let n = 5000usize;
    let mut name = [0 as c_char; 256];
    // SAFETY: the buffer is valid for 256 bytes and the callee writes a terminated string.
    let err = unsafe { device_name(name.as_mut_ptr(), name.len() as c_int) };
    if err != 0 {
        fail(&format!("no CUDA device (cudaError {err})"));
    }
    // SAFETY: `device_name` wrote a NUL-terminated string into `name`.
    let name = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }.to_string_lossy();
    println!("device: {name}");

    // The `__managed__` variables, seen from the host: their initial values first.
    // SAFETY: `coeffs` is a __managed__ float[4], `evaluated` a __managed__ unsigned int;
    // no kernel is running while the host touches them.
    let coeffs = unsafe { std::slice::from_raw_parts_mut(managed_coeffs(), 4) };
    let evaluated = unsafe { managed_evaluated() };
    println!("initial coefficients {coeffs:?}, evaluated {}", unsafe {
        *evaluated
    });
    if coeffs != [1.0, 2.0, 3.0, 4.0] || unsafe { *evaluated } != 0 {
        fail("the __managed__ variables do not hold their initial values");
    }
    coeffs[3] = 0.5;

    // SAFETY: plain calls; the results are checked before use.
    let (x, y, total) = unsafe {
        (
            managed_floats(n as c_int),
            managed_floats(n as c_int),
            managed_floats(1),
        )
    };
    if x.is_null() || y.is_null() || total.is_null() {
        fail("cudaMallocManaged failed");
    }
    // SAFETY: x holds n floats of managed memory, not in use by the device.
    let xs = unsafe { std::slice::from_raw_parts_mut(x, n) };
    for (i, v) in xs.iter_mut().enumerate() {
        *v = (i % 17) as f32 / 16.0 - 0.5;
    }
    // SAFETY: x, y hold n floats and total one; managed_run synchronizes before returning.
    let err = unsafe { managed_run(x, y, total, n as c_int) };
    if err != 0 {
        fail(&format!("CUDA error {err}"));
    }

    if name.contains("cudart-trace") {
        // The tracing runtime records launches but runs no kernel.
        println!("cubic over {n} elements: launched (the tracing runtime does not run kernels)");
    } else {
        // SAFETY: the device is idle (managed_run synchronized); y holds n floats.
        let ys = unsafe { std::slice::from_raw_parts(y, n) };
        let c = [1.0f32, 2.0, 3.0, 0.5];
        let expect = |v: f32| c[0] + v * (c[1] + v * (c[2] + v * c[3]));
        let wrong = (0..n)
            .filter(|&i| (ys[i] - expect(xs[i])).abs() > 1e-5)
            .count();
        let sum: f64 = ys.iter().map(|&v| v as f64).sum();
        // SAFETY: as above.
        let (total, count) = unsafe { (*total, *evaluated) };
        println!(
            "cubic over {n} elements: {} of {n} as expected; evaluated {count}; total {total} (host sum {sum:.3})",
            n - wrong
        );
        if wrong != 0
            || count as usize != n
            || ((total as f64) - sum).abs() > 1e-3 * sum.abs().max(1.0)
        {
            fail("wrong results");
        }
    }
    // SAFETY: allocated by managed_floats, not used afterwards.
    unsafe {
        managed_free(total);
        managed_free(y);
        managed_free(x);
    }
}
