//! Link settings for the `cdylib`, so that it can stand in for `libcudart.so.13`.
//!
//! A program linked against the real runtime records, for every CUDA symbol it uses, the
//! version node `libcudart.so.13` (`cudaMalloc@libcudart.so.13`). The dynamic loader only
//! binds such a reference to a definition that carries the same version, so our exports
//! must carry it too, and the library's soname must be `libcudart.so.13`.
//!
//! rustc links every `cdylib` with its own *anonymous* version script (`{ global: ...;
//! local: *; };`) that decides which symbols are exported. GNU ld refuses to combine an
//! anonymous version script with a second, named one, and LLD (rustc's default linker
//! on x86_64 Linux since 1.90) silently keeps the anonymous one. Instead of fighting the
//! version script we use GNU ld's `--default-symver`: it gives every exported symbol the
//! version named after the output's soname, which is exactly `libcudart.so.13` -- the same
//! layout as NVIDIA's library (a BASE definition plus one `libcudart.so.13` node). LLD
//! does not implement `--default-symver`, so the cdylib is linked with GNU ld
//! (`-fuse-ld=bfd`; the last `-fuse-ld` on the command line wins, and these arguments come
//! after rustc's own). These arguments apply to the cdylib only, never to the rlib or to
//! test binaries.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-cdylib-link-arg=-fuse-ld=bfd");
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libcudart.so.13");
        println!("cargo:rustc-cdylib-link-arg=-Wl,--default-symver");
    } else {
        println!(
            "cargo:warning=cudart-trace: target {os}-{env} is not linux-gnu; the library is built without the libcudart.so.13 soname and symbol versions"
        );
    }
}
