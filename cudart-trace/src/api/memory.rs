//! Memory: allocation from the fixed-address arena, copies and fills (plain host memory
//! operations, done at once: every stream is always idle), and symbol access.

use std::ffi::{c_int, c_uint, c_void};
use std::sync::Arc;

use super::{guard, out, ret};
use crate::errors::{
    CudaError, INVALID_MEMCPY_DIRECTION, INVALID_PITCH_VALUE, INVALID_SYMBOL, INVALID_VALUE,
    MEMORY_ALLOCATION, SUCCESS,
};
use crate::state::{self, AllocKind, State, Var};
use crate::trace;

const H2H: c_int = 0;
const H2D: c_int = 1;
const D2H: c_int = 2;
const D2D: c_int = 3;
const DEFAULT: c_int = 4;

fn allocate(name: &str, ptr: *mut *mut c_void, size: usize, kind: AllocKind) -> CudaError {
    guard(name, || {
        if ptr.is_null() {
            return ret(INVALID_VALUE);
        }
        if size == 0 {
            // Like the real runtime: success, and a null pointer.
            // SAFETY: checked non-null above.
            unsafe { out(ptr, std::ptr::null_mut()) };
            return SUCCESS;
        }
        let mut st = state::lock();
        match st.allocate(size, kind) {
            Ok(Some((index, addr))) => {
                trace::line(&format!(
                    "alloc {index} {} size={size} addr={addr:#x}",
                    kind.name()
                ));
                // SAFETY: checked non-null above.
                unsafe { out(ptr, addr as *mut c_void) };
                SUCCESS
            }
            Ok(None) => ret(MEMORY_ALLOCATION),
            Err(e) => super::fatal(&e),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMalloc(ptr: *mut *mut c_void, size: usize) -> CudaError {
    allocate("cudaMalloc", ptr, size, AllocKind::Device)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocAsync(
    ptr: *mut *mut c_void,
    size: usize,
    _stream: *mut c_void,
) -> CudaError {
    allocate("cudaMallocAsync", ptr, size, AllocKind::Device)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocAsync_ptsz(
    ptr: *mut *mut c_void,
    size: usize,
    _stream: *mut c_void,
) -> CudaError {
    allocate("cudaMallocAsync_ptsz", ptr, size, AllocKind::Device)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocManaged(
    ptr: *mut *mut c_void,
    size: usize,
    _flags: c_uint,
) -> CudaError {
    allocate("cudaMallocManaged", ptr, size, AllocKind::Managed)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocHost(ptr: *mut *mut c_void, size: usize) -> CudaError {
    allocate("cudaMallocHost", ptr, size, AllocKind::Host)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostAlloc(
    ptr: *mut *mut c_void,
    size: usize,
    _flags: c_uint,
) -> CudaError {
    allocate("cudaHostAlloc", ptr, size, AllocKind::Host)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMallocPitch(
    ptr: *mut *mut c_void,
    pitch: *mut usize,
    width: usize,
    height: usize,
) -> CudaError {
    let p = width.div_ceil(512).max(1) * 512;
    if pitch.is_null() {
        return ret(INVALID_VALUE);
    }
    let Some(size) = p.checked_mul(height) else {
        return ret(MEMORY_ALLOCATION);
    };
    let e = allocate("cudaMallocPitch", ptr, size, AllocKind::Device);
    if e == SUCCESS {
        // SAFETY: checked non-null above.
        unsafe { out(pitch, p) };
    }
    e
}

fn free(name: &str, ptr: *mut c_void, host: bool) -> CudaError {
    guard(name, || {
        if ptr.is_null() {
            return SUCCESS;
        }
        let mut st = state::lock();
        let addr = ptr as usize;
        let Some((i, 0)) = st.find_alloc(addr) else {
            return ret(INVALID_VALUE);
        };
        let a = st.allocs[i].clone();
        if a.freed || (a.kind == AllocKind::Host) != host {
            return ret(INVALID_VALUE);
        }
        st.allocs[i].freed = true;
        if let Some(r) = st.alloc_region.as_mut() {
            r.release(a.start, a.size);
        }
        trace::line(&format!("free {i}"));
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaFree(ptr: *mut c_void) -> CudaError {
    free("cudaFree", ptr, false)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaFreeAsync(ptr: *mut c_void, _stream: *mut c_void) -> CudaError {
    free("cudaFreeAsync", ptr, false)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaFreeAsync_ptsz(ptr: *mut c_void, _stream: *mut c_void) -> CudaError {
    free("cudaFreeAsync_ptsz", ptr, false)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaFreeHost(ptr: *mut c_void) -> CudaError {
    free("cudaFreeHost", ptr, true)
}

/// Checks a copy of a `width` x `height` block between pitched buffers; device-side
/// ranges must be memory the virtual device can address.
#[allow(clippy::too_many_arguments)]
fn check_copy(
    st: &State,
    dst: usize,
    dpitch: usize,
    src: usize,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> Result<(), CudaError> {
    if !(H2H..=DEFAULT).contains(&kind) {
        return Err(INVALID_MEMCPY_DIRECTION);
    }
    if width == 0 || height == 0 {
        return Ok(());
    }
    if dst == 0 || src == 0 {
        return Err(INVALID_VALUE);
    }
    let extent = |pitch: usize| {
        pitch
            .checked_mul(height - 1)
            .and_then(|x| x.checked_add(width))
    };
    let (Some(dext), Some(sext)) = (extent(dpitch), extent(spitch)) else {
        return Err(INVALID_VALUE);
    };
    let dst_dev = matches!(kind, H2D | D2D);
    let src_dev = matches!(kind, D2H | D2D);
    if (dst_dev && !st.device_accessible(dst, dext))
        || (src_dev && !st.device_accessible(src, sext))
    {
        return Err(INVALID_VALUE);
    }
    Ok(())
}

/// # Safety
/// The ranges must be readable / writable (checked by [`check_copy`] for device memory;
/// host memory is the program's responsibility, as with the real runtime).
#[allow(clippy::too_many_arguments)]
unsafe fn copy2d(
    name: &str,
    dst: *mut c_void,
    dpitch: usize,
    src: *const c_void,
    spitch: usize,
    width: usize,
    height: usize,
    kind: c_int,
) -> CudaError {
    guard(name, || {
        {
            let st = state::lock();
            if height > 1 && (width > dpitch || width > spitch) {
                return ret(INVALID_PITCH_VALUE);
            }
            if let Err(e) = check_copy(
                &st,
                dst as usize,
                dpitch,
                src as usize,
                spitch,
                width,
                height,
                kind,
            ) {
                return ret(e);
            }
        }
        for row in 0..height {
            // SAFETY: checked above; `copy` allows overlap.
            unsafe {
                std::ptr::copy(
                    (src as *const u8).add(row * spitch),
                    (dst as *mut u8).add(row * dpitch),
                    width,
                )
            };
        }
        SUCCESS
    })
}

macro_rules! memcpy_entry {
    ($name:ident $(, $stream:ident)?) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            dst: *mut c_void,
            src: *const c_void,
            count: usize,
            kind: c_int
            $(, $stream: *mut c_void)?
        ) -> CudaError {
            // SAFETY: the program's buffers.
            unsafe { copy2d(stringify!($name), dst, count, src, count, count, 1, kind) }
        }
    };
}

memcpy_entry!(cudaMemcpy);
memcpy_entry!(cudaMemcpy_ptds);
memcpy_entry!(cudaMemcpyAsync, _stream);
memcpy_entry!(cudaMemcpyAsync_ptsz, _stream);

macro_rules! memcpy2d_entry {
    ($name:ident $(, $stream:ident)?) => {
        #[unsafe(no_mangle)]
        #[allow(clippy::too_many_arguments)]
        pub unsafe extern "C" fn $name(
            dst: *mut c_void,
            dpitch: usize,
            src: *const c_void,
            spitch: usize,
            width: usize,
            height: usize,
            kind: c_int
            $(, $stream: *mut c_void)?
        ) -> CudaError {
            // SAFETY: the program's buffers.
            unsafe { copy2d(stringify!($name), dst, dpitch, src, spitch, width, height, kind) }
        }
    };
}

memcpy2d_entry!(cudaMemcpy2D);
memcpy2d_entry!(cudaMemcpy2D_ptds);
memcpy2d_entry!(cudaMemcpy2DAsync, _stream);
memcpy2d_entry!(cudaMemcpy2DAsync_ptsz, _stream);

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyPeer(
    dst: *mut c_void,
    dst_dev: c_int,
    src: *const c_void,
    src_dev: c_int,
    count: usize,
) -> CudaError {
    if dst_dev != 0 || src_dev != 0 {
        return ret(crate::errors::INVALID_DEVICE);
    }
    // SAFETY: the program's buffers.
    unsafe { copy2d("cudaMemcpyPeer", dst, count, src, count, count, 1, D2D) }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemcpyPeerAsync(
    dst: *mut c_void,
    dst_dev: c_int,
    src: *const c_void,
    src_dev: c_int,
    count: usize,
    _stream: *mut c_void,
) -> CudaError {
    // SAFETY: the program's buffers.
    unsafe { cudaMemcpyPeer(dst, dst_dev, src, src_dev, count) }
}

fn fill(
    name: &str,
    ptr: *mut c_void,
    pitch: usize,
    value: c_int,
    width: usize,
    height: usize,
) -> CudaError {
    guard(name, || {
        if width == 0 || height == 0 {
            return SUCCESS;
        }
        if height > 1 && width > pitch {
            return ret(INVALID_PITCH_VALUE);
        }
        let Some(extent) = pitch
            .checked_mul(height - 1)
            .and_then(|x| x.checked_add(width))
        else {
            return ret(INVALID_VALUE);
        };
        if !state::lock().device_accessible(ptr as usize, extent) {
            return ret(INVALID_VALUE);
        }
        for row in 0..height {
            // SAFETY: checked above.
            unsafe { std::ptr::write_bytes((ptr as *mut u8).add(row * pitch), value as u8, width) };
        }
        SUCCESS
    })
}

macro_rules! memset_entry {
    ($name:ident $(, $stream:ident)?) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(ptr: *mut c_void, value: c_int, count: usize $(, $stream: *mut c_void)?) -> CudaError {
            fill(stringify!($name), ptr, count, value, count, 1)
        }
    };
}

memset_entry!(cudaMemset);
memset_entry!(cudaMemset_ptds);
memset_entry!(cudaMemsetAsync, _stream);
memset_entry!(cudaMemsetAsync_ptsz, _stream);

macro_rules! memset2d_entry {
    ($name:ident $(, $stream:ident)?) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(
            ptr: *mut c_void,
            pitch: usize,
            value: c_int,
            width: usize,
            height: usize
            $(, $stream: *mut c_void)?
        ) -> CudaError {
            fill(stringify!($name), ptr, pitch, value, width, height)
        }
    };
}

memset2d_entry!(cudaMemset2D);
memset2d_entry!(cudaMemset2D_ptds);
memset2d_entry!(cudaMemset2DAsync, _stream);
memset2d_entry!(cudaMemset2DAsync_ptsz, _stream);

/// The variable a symbol argument names: the address of its host shadow (for a
/// `__managed__` variable: of its host pointer, or the managed memory itself, which is
/// what `cudaMemcpyToSymbol(mvar, ...)` passes).
fn symbol(st: &State, sym: *const c_void) -> Option<Arc<Var>> {
    let a = sym as usize;
    st.var_by_host(a).or_else(|| {
        st.vars
            .values()
            .find(|v| v.managed && v.storage == a)
            .cloned()
    })
}

fn symbol_copy(
    name: &str,
    sym: *const c_void,
    buf: *mut c_void,
    count: usize,
    offset: usize,
    kind: c_int,
    to_symbol: bool,
) -> CudaError {
    guard(name, || {
        let (storage, host_ok) = {
            let st = state::lock();
            let Some(v) = symbol(&st, sym) else {
                return ret(INVALID_SYMBOL);
            };
            if offset.checked_add(count).is_none_or(|e| e > v.size) {
                return ret(INVALID_VALUE);
            }
            let valid_kinds: &[c_int] = if to_symbol {
                &[H2D, D2D, DEFAULT]
            } else {
                &[D2H, D2D, DEFAULT]
            };
            if !valid_kinds.contains(&kind) {
                return ret(INVALID_MEMCPY_DIRECTION);
            }
            let host_ok = kind != D2D || st.device_accessible(buf as usize, count);
            (v.storage + offset, host_ok)
        };
        if count == 0 {
            return SUCCESS;
        }
        if buf.is_null() || !host_ok {
            return ret(INVALID_VALUE);
        }
        // SAFETY: the storage range was checked; the buffer is the program's.
        unsafe {
            if to_symbol {
                std::ptr::copy(buf as *const u8, storage as *mut u8, count);
            } else {
                std::ptr::copy(storage as *const u8, buf as *mut u8, count);
            }
        }
        SUCCESS
    })
}

macro_rules! to_symbol_entry {
    ($name:ident $(, $stream:ident)?) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(
            sym: *const c_void,
            src: *const c_void,
            count: usize,
            offset: usize,
            kind: c_int
            $(, $stream: *mut c_void)?
        ) -> CudaError {
            symbol_copy(stringify!($name), sym, src as *mut c_void, count, offset, kind, true)
        }
    };
}

macro_rules! from_symbol_entry {
    ($name:ident $(, $stream:ident)?) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(
            dst: *mut c_void,
            sym: *const c_void,
            count: usize,
            offset: usize,
            kind: c_int
            $(, $stream: *mut c_void)?
        ) -> CudaError {
            symbol_copy(stringify!($name), sym, dst, count, offset, kind, false)
        }
    };
}

to_symbol_entry!(cudaMemcpyToSymbol);
to_symbol_entry!(cudaMemcpyToSymbol_ptds);
to_symbol_entry!(cudaMemcpyToSymbolAsync, _stream);
to_symbol_entry!(cudaMemcpyToSymbolAsync_ptsz, _stream);
from_symbol_entry!(cudaMemcpyFromSymbol);
from_symbol_entry!(cudaMemcpyFromSymbol_ptds);
from_symbol_entry!(cudaMemcpyFromSymbolAsync, _stream);
from_symbol_entry!(cudaMemcpyFromSymbolAsync_ptsz, _stream);

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetSymbolAddress(
    ptr: *mut *mut c_void,
    sym: *const c_void,
) -> CudaError {
    guard("cudaGetSymbolAddress", || {
        let Some(v) = symbol(&state::lock(), sym) else {
            return ret(INVALID_SYMBOL);
        };
        // SAFETY: the caller's out-parameter.
        if unsafe { out(ptr, v.storage as *mut c_void) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetSymbolSize(size: *mut usize, sym: *const c_void) -> CudaError {
    guard("cudaGetSymbolSize", || {
        let Some(v) = symbol(&state::lock(), sym) else {
            return ret(INVALID_SYMBOL);
        };
        // SAFETY: the caller's out-parameter.
        if unsafe { out(size, v.size) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaMemGetInfo(free: *mut usize, total: *mut usize) -> CudaError {
    guard("cudaMemGetInfo", || {
        let st = state::lock();
        let cap = crate::arena::ALLOC_SIZE;
        let live: usize = st.allocs.iter().filter(|a| !a.freed).map(|a| a.size).sum();
        // SAFETY: the caller's out-parameters.
        unsafe {
            out(free, cap.saturating_sub(live));
            out(total, cap);
        }
        SUCCESS
    })
}

#[repr(C)]
pub struct PointerAttributes {
    kind: c_int,
    device: c_int,
    device_pointer: *mut c_void,
    host_pointer: *mut c_void,
    reserved: [i64; 8],
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaPointerGetAttributes(
    attr: *mut PointerAttributes,
    ptr: *const c_void,
) -> CudaError {
    guard("cudaPointerGetAttributes", || {
        let st = state::lock();
        let a = ptr as usize;
        let p = ptr as *mut c_void;
        let null = std::ptr::null_mut();
        let in_alloc = st
            .find_alloc(a)
            .map(|(i, off)| (st.allocs[i].kind, off < st.allocs[i].size.max(1)));
        let (kind, device, dptr, hptr) = match in_alloc {
            Some((AllocKind::Device, true)) => (2, 0, p, null),
            Some((AllocKind::Managed, true)) => (3, 0, p, p),
            Some((AllocKind::Host, true)) => (1, 0, p, p),
            _ if st.find_var_storage(a).is_some() => (2, 0, p, null),
            _ if st
                .host_registered
                .iter()
                .any(|(&s, &n)| a >= s && a < s + n) =>
            {
                (1, 0, p, p)
            }
            _ => (0, -2, null, p),
        };
        let v = PointerAttributes {
            kind,
            device,
            device_pointer: dptr,
            host_pointer: hptr,
            reserved: [0; 8],
        };
        // SAFETY: the caller's out-parameter.
        if unsafe { out(attr, v) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostGetDevicePointer(
    dev: *mut *mut c_void,
    host: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    guard("cudaHostGetDevicePointer", || {
        let st = state::lock();
        let a = host as usize;
        let ok = st
            .find_alloc(a)
            .is_some_and(|(i, _)| st.allocs[i].kind != AllocKind::Device)
            || st
                .host_registered
                .iter()
                .any(|(&s, &n)| a >= s && a < s + n);
        if !ok {
            return ret(INVALID_VALUE);
        }
        // SAFETY: the caller's out-parameter.
        if unsafe { out(dev, host) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaHostRegister(ptr: *mut c_void, size: usize, _flags: c_uint) -> CudaError {
    guard("cudaHostRegister", || {
        if ptr.is_null() || size == 0 {
            return ret(INVALID_VALUE);
        }
        let mut st = state::lock();
        let a = ptr as usize;
        if st
            .host_registered
            .iter()
            .any(|(&s, &n)| a < s + n && s < a + size)
        {
            return ret(712); // cudaErrorHostMemoryAlreadyRegistered
        }
        st.host_registered.insert(a, size);
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaHostUnregister(ptr: *mut c_void) -> CudaError {
    guard("cudaHostUnregister", || {
        if state::lock()
            .host_registered
            .remove(&(ptr as usize))
            .is_some()
        {
            SUCCESS
        } else {
            ret(713) // cudaErrorHostMemoryNotRegistered
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaHostGetFlags(flags: *mut c_uint, host: *mut c_void) -> CudaError {
    guard("cudaHostGetFlags", || {
        let st = state::lock();
        let a = host as usize;
        let ok = st
            .find_alloc(a)
            .is_some_and(|(i, _)| st.allocs[i].kind == AllocKind::Host)
            || st.host_registered.contains_key(&a);
        if !ok {
            return ret(INVALID_VALUE);
        }
        // SAFETY: the caller's out-parameter.
        if unsafe { out(flags, 0) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

/// Hints about managed memory have nothing to act on: every byte is host memory.
macro_rules! no_op_entry {
    ($name:ident) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $name() -> CudaError {
            SUCCESS
        }
    };
}

no_op_entry!(cudaMemPrefetchAsync);
no_op_entry!(cudaMemPrefetchAsync_ptsz);
no_op_entry!(cudaMemAdvise);
no_op_entry!(cudaStreamAttachMemAsync);
no_op_entry!(cudaStreamAttachMemAsync_ptsz);
