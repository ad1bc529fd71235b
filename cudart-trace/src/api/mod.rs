//! The exported entry points of `libcudart.so.13`.
//!
//! Every entry point runs its body through [`guard`], which turns a panic into a clear
//! message and an abort instead of unwinding into C. Errors are returned and remembered
//! per thread for `cudaGetLastError`, as the real runtime does.

#![allow(non_snake_case)]

use std::cell::{Cell, RefCell};
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::errors::{CudaError, SUCCESS};

pub mod device;
pub mod launch;
pub mod library;
pub mod memory;
pub mod register;
pub mod stream;
pub mod unimplemented;

#[cfg(test)]
mod tests;

thread_local! {
    static LAST_ERROR: Cell<CudaError> = const { Cell::new(SUCCESS) };
    pub(crate) static CONFIG_STACK: RefCell<Vec<launch::CallConfig>> = const { RefCell::new(Vec::new()) };
}

/// Records `e` as the thread's last error (unless it is `cudaSuccess`) and returns it.
pub fn ret(e: CudaError) -> CudaError {
    if e != SUCCESS {
        LAST_ERROR.with(|c| c.set(e));
    }
    e
}

pub fn take_last_error() -> CudaError {
    LAST_ERROR.with(|c| c.replace(SUCCESS))
}

pub fn peek_last_error() -> CudaError {
    LAST_ERROR.with(|c| c.get())
}

/// Prints `msg`, records it in the trace and aborts the process.
pub fn fatal(msg: &str) -> ! {
    eprintln!("[cudart-trace] fatal: {msg}");
    crate::trace::line(&format!("fatal {msg}"));
    std::process::abort();
}

/// Runs an entry point's body; a panic inside aborts the process with the entry point's
/// name instead of unwinding across the C boundary.
pub fn guard<T>(name: &str, f: impl FnOnce() -> T) -> T {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(p) => {
            let what = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            fatal(&format!("internal error in {name}: {what}"))
        }
    }
}

/// What an entry point that cudart-trace does not implement does when called.
pub fn not_implemented(name: &str) -> ! {
    eprintln!("[cudart-trace] not implemented in cudart-trace: {name}");
    crate::trace::line(&format!("unimplemented {name}"));
    std::process::abort();
}

/// Writes `v` through an out-parameter; `false` if the pointer is null.
///
/// # Safety
/// `p` must be null or valid for writing a `T`.
pub unsafe fn out<T>(p: *mut T, v: T) -> bool {
    if p.is_null() {
        return false;
    }
    // SAFETY: non-null, and valid for writes per the caller.
    unsafe { p.write_unaligned(v) };
    true
}
