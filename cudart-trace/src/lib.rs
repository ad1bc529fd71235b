//! cudart-trace: a tracing stand-in for `libcudart.so.13`.
//!
//! Built as a `cdylib` with the soname `libcudart.so.13` and every export in the
//! `libcudart.so.13` symbol version node (see `build.rs`), it replaces NVIDIA's CUDA
//! runtime for programs built with `nvcc -cudart shared`, on machines without a GPU:
//! it registers the program's kernels and variables (parsing the embedded fat binaries),
//! serves memory, stream, event and device calls from host memory, and records every
//! kernel launch with its arguments' bytes instead of running it. See README.md for the
//! trace format.
//!
//! The `rlib` exposes the parsers for tests; linking it into a program does not make
//! that program trace anything.

pub mod arena;
pub mod cubin;
pub mod elf;
pub mod errors;
pub mod fatbin;
pub mod hostsyms;
pub mod lz4;
pub mod props;
pub mod ptx;
pub mod state;
pub mod trace;

mod api;

/// The names of all functions NVIDIA's `libcudart.so.13` (13.0.88) exports; this
/// library exports the same set, implementing the ones listed in README.md and
/// aborting with "not implemented in cudart-trace: NAME" in the others.
pub const REAL_EXPORTS: &str = include_str!("exports.txt");

/// The file name of the library in a cargo target directory.
pub const CDYLIB_FILE_NAME: &str = "libcudart_trace.so";

/// Opens the trace at load time, so that the trace file exists (with its header) even
/// for a program that never calls the runtime. Skipped when this code is linked
/// statically into an executable (the rlib in a test binary) rather than loaded as a
/// shared library.
extern "C" fn on_load() {
    let here = on_load as extern "C" fn() as usize;
    match hostsyms::object_of(here) {
        Some((path, _)) if path != std::path::Path::new("/proc/self/exe") => trace::open(),
        _ => {}
    }
}

#[used]
#[unsafe(link_section = ".init_array")]
static ON_LOAD: extern "C" fn() = on_load;
