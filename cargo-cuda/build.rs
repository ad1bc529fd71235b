fn main() {
    // The host compiler `cargo cuda doctor` reports is the one the `cc` crate picks for the
    // target this tool was built for.
    let target = std::env::var("TARGET").expect("cargo sets TARGET");
    println!("cargo:rustc-env=CARGO_CUDA_HOST_TARGET={target}");
}
