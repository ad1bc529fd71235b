//! The device, version and error API: one virtual device of compute capability 9.0.

use std::ffi::{CStr, CString, c_char, c_int, c_uint, c_void};
use std::sync::LazyLock;

use super::{guard, out, peek_last_error, ret, take_last_error};
use crate::errors::{self, CudaError, INVALID_DEVICE, INVALID_VALUE, SUCCESS};
use crate::props::{self, CudaDeviceProp};
use crate::state;
use crate::trace;

pub const CUDART_VERSION: c_int = 13000;

fn check_device(d: c_int) -> Result<(), CudaError> {
    if d == 0 { Ok(()) } else { Err(INVALID_DEVICE) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDeviceCount(count: *mut c_int) -> CudaError {
    // SAFETY: the caller's out-parameter.
    if unsafe { out(count, 1) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaSetDevice(device: c_int) -> CudaError {
    check_device(device).map_or_else(ret, |_| SUCCESS)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDevice(device: *mut c_int) -> CudaError {
    // SAFETY: the caller's out-parameter.
    if unsafe { out(device, 0) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaInitDevice(
    device: c_int,
    _device_flags: c_uint,
    _flags: c_uint,
) -> CudaError {
    check_device(device).map_or_else(ret, |_| SUCCESS)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaChooseDevice(
    device: *mut c_int,
    _prop: *const CudaDeviceProp,
) -> CudaError {
    // SAFETY: the caller's out-parameter.
    if unsafe { out(device, 0) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDeviceProperties(
    prop: *mut CudaDeviceProp,
    device: c_int,
) -> CudaError {
    guard("cudaGetDeviceProperties", || {
        if let Err(e) = check_device(device) {
            return ret(e);
        }
        // SAFETY: the caller's out-parameter.
        if unsafe { out(prop, props::device_prop()) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetAttribute(
    value: *mut c_int,
    attr: c_int,
    device: c_int,
) -> CudaError {
    guard("cudaDeviceGetAttribute", || {
        if let Err(e) = check_device(device) {
            return ret(e);
        }
        let Some(v) = props::device_attribute(attr) else {
            return ret(INVALID_VALUE);
        };
        // SAFETY: the caller's out-parameter.
        if unsafe { out(value, v) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetPCIBusId(
    bus_id: *mut c_char,
    len: c_int,
    device: c_int,
) -> CudaError {
    if let Err(e) = check_device(device) {
        return ret(e);
    }
    let id = b"0000:00:00.0\0";
    if bus_id.is_null() || len < id.len() as c_int {
        return ret(INVALID_VALUE);
    }
    // SAFETY: the caller's buffer holds `len` bytes.
    unsafe { std::ptr::copy_nonoverlapping(id.as_ptr() as *const c_char, bus_id, id.len()) };
    SUCCESS
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceCanAccessPeer(
    can: *mut c_int,
    device: c_int,
    peer: c_int,
) -> CudaError {
    if check_device(device).and(check_device(peer)).is_err() {
        return ret(INVALID_DEVICE);
    }
    // SAFETY: the caller's out-parameter.
    if unsafe { out(can, 0) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSynchronize() -> CudaError {
    SUCCESS
}

/// Frees every allocation and destroys streams and events; registrations stay.
#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceReset() -> CudaError {
    guard("cudaDeviceReset", || {
        let mut st = state::lock();
        let live: Vec<(usize, usize)> = st
            .allocs
            .iter()
            .filter(|a| !a.freed)
            .map(|a| (a.start, a.size))
            .collect();
        for a in st.allocs.iter_mut() {
            a.freed = true;
        }
        if let Some(r) = st.alloc_region.as_mut() {
            for (s, n) in live {
                r.release(s, n);
            }
        }
        st.streams.clear();
        st.events.clear();
        st.func_attrs.clear();
        st.limits.clear();
        trace::line("reset");
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaSetDeviceFlags(flags: c_uint) -> CudaError {
    state::lock().device_flags = flags;
    SUCCESS
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetDeviceFlags(flags: *mut c_uint) -> CudaError {
    let f = state::lock().device_flags;
    // SAFETY: the caller's out-parameter.
    if unsafe { out(flags, f) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

/// Defaults of `cudaDeviceGetLimit`, by `enum cudaLimit`.
fn default_limit(limit: c_int) -> Option<usize> {
    Some(match limit {
        0 => 1024,    // stack size
        1 => 1 << 20, // printf FIFO
        2 => 8 << 20, // malloc heap
        3 => 2,       // device runtime sync depth
        4 => 2048,    // device runtime pending launches
        5 => 64,      // max L2 fetch granularity
        6 => 0,       // persisting L2 cache size
        _ => return None,
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSetLimit(limit: c_int, value: usize) -> CudaError {
    if default_limit(limit).is_none() {
        return ret(215); // cudaErrorUnsupportedLimit
    }
    state::lock().limits.insert(limit, value);
    SUCCESS
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetLimit(value: *mut usize, limit: c_int) -> CudaError {
    let Some(d) = default_limit(limit) else {
        return ret(215);
    };
    let v = state::lock().limits.get(&limit).copied().unwrap_or(d);
    // SAFETY: the caller's out-parameter.
    if unsafe { out(value, v) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSetCacheConfig(config: c_int) -> CudaError {
    state::lock().cache_config = config;
    SUCCESS
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetCacheConfig(config: *mut c_int) -> CudaError {
    let c = state::lock().cache_config;
    // SAFETY: the caller's out-parameter.
    if unsafe { out(config, c) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaDeviceSetSharedMemConfig(_config: c_int) -> CudaError {
    SUCCESS
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetSharedMemConfig(config: *mut c_int) -> CudaError {
    // SAFETY: the caller's out-parameter (cudaSharedMemBankSizeFourByte).
    if unsafe { out(config, 1) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDeviceGetStreamPriorityRange(
    least: *mut c_int,
    greatest: *mut c_int,
) -> CudaError {
    // SAFETY: the caller's out-parameters (either may be null).
    unsafe {
        out(least, 0);
        out(greatest, -5);
    }
    SUCCESS
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaRuntimeGetVersion(version: *mut c_int) -> CudaError {
    // SAFETY: the caller's out-parameter.
    if unsafe { out(version, CUDART_VERSION) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaDriverGetVersion(version: *mut c_int) -> CudaError {
    // SAFETY: the caller's out-parameter.
    if unsafe { out(version, CUDART_VERSION) } {
        SUCCESS
    } else {
        ret(INVALID_VALUE)
    }
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaProfilerStart() -> CudaError {
    SUCCESS
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaProfilerStop() -> CudaError {
    SUCCESS
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaGetLastError() -> CudaError {
    take_last_error()
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaPeekAtLastError() -> CudaError {
    peek_last_error()
}

/// NUL-terminated names and messages, built once; the pointers handed out stay valid
/// for the life of the process.
static ERROR_STRINGS: LazyLock<Vec<(CudaError, CString, CString)>> = LazyLock::new(|| {
    errors::ERRORS
        .iter()
        .map(|(v, n, m)| {
            (
                *v,
                CString::new(*n).expect("no NUL in names"),
                CString::new(*m).expect("no NUL in messages"),
            )
        })
        .collect()
});

const UNRECOGNIZED: &CStr = c"unrecognized error code";

#[unsafe(no_mangle)]
pub extern "C" fn cudaGetErrorName(e: CudaError) -> *const c_char {
    ERROR_STRINGS
        .iter()
        .find(|x| x.0 == e)
        .map_or(UNRECOGNIZED.as_ptr(), |x| x.1.as_ptr())
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaGetErrorString(e: CudaError) -> *const c_char {
    ERROR_STRINGS
        .iter()
        .find(|x| x.0 == e)
        .map_or(UNRECOGNIZED.as_ptr(), |x| x.2.as_ptr())
}

/// `cudaGetExportTable` hands out driver-internal function tables; no ordinary program
/// calls it, so it reports "not supported" rather than aborting (tools probe it).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetExportTable(
    table: *mut *const c_void,
    _id: *const c_void,
) -> CudaError {
    // SAFETY: the caller's out-parameter.
    unsafe { out(table, std::ptr::null()) };
    ret(errors::NOT_SUPPORTED)
}
