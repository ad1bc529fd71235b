//! Registration: the calls nvcc's generated host code makes from static constructors
//! (`__cudaRegisterFatBinary`, then, from its callback, `__cudaRegisterFunction`,
//! `__cudaRegisterVar`, `__cudaRegisterManagedVar`, then `__cudaRegisterFatBinaryEnd`).
//! In `-rdc=true` programs the link stub's `__cudaRegisterLinkedBinary_<id>` makes the
//! same calls once all translation units have checked in, with a version-2 wrapper.

use std::ffi::{CStr, CString, c_char, c_int, c_void};
use std::sync::Arc;

use super::guard;
use crate::cubin::{self, LayoutSource, Module};
use crate::fatbin::{self, FATBINC_MAGIC, Image, ImageKind};
use crate::state::{self, FatbinRec, Kernel, State, Var};
use crate::trace;

#[repr(C)]
struct FatbinWrapper {
    magic: c_int,
    version: c_int,
    data: *const u8,
    /// Version 1: an offline file name (unused); version 2 (link stub): a NULL-terminated
    /// array of the translation units' own fat binaries.
    filename_or_fatbins: *const *const u8,
}

/// Reads the fat binary container at `p` from memory.
///
/// # Safety
/// `p` must point at a fat binary container embedded in the program.
unsafe fn read_container(p: *const u8) -> Result<&'static [u8], String> {
    if p.is_null() {
        return Err("null fat binary".into());
    }
    // SAFETY: per the caller, at least the 16-byte header is readable.
    let header = unsafe { std::slice::from_raw_parts(p, 16) };
    let total = fatbin::container_size(header)?;
    // SAFETY: the header announces `total` bytes of embedded data.
    Ok(unsafe { std::slice::from_raw_parts(p, total) })
}

/// Module-building order: cubins for sm_90 first, then other cubins (nearest lower
/// architecture first), then PTX.
fn preference(img: &Image) -> (u32, u32) {
    match img.kind {
        ImageKind::Elf if img.arch == 90 => (0, 0),
        ImageKind::Elf if img.arch < 90 => (1, 90 - img.arch),
        ImageKind::Elf => (2, img.arch),
        ImageKind::Ptx => (3, 0),
        ImageKind::Other(_) => (4, 0),
    }
}

pub(crate) fn modules_of(
    images: &[Image],
    warnings: &mut Vec<String>,
) -> Vec<(LayoutSource, Module)> {
    let mut order: Vec<&Image> = images.iter().collect();
    order.sort_by_key(|i| preference(i));
    let mut out = Vec::new();
    for img in order {
        let parsed = match img.kind {
            ImageKind::Elf => cubin::parse(&img.data).map(|m| (LayoutSource::Cubin, m)),
            ImageKind::Ptx => {
                crate::ptx::parse(&fatbin::ptx_text(img)).map(|m| (LayoutSource::Ptx, m))
            }
            ImageKind::Other(_) => continue,
        };
        match parsed {
            Ok(m) => out.push(m),
            Err(e) => warnings.push(format!("image {}: {e}", img.describe())),
        }
    }
    out
}

/// # Safety
/// `wrapper` must be what nvcc passes to `__cudaRegisterFatBinary`.
unsafe fn register_fatbin(wrapper: *const FatbinWrapper) -> *mut *mut c_void {
    let handle: &'static mut [*mut c_void; 4] = Box::leak(Box::new([std::ptr::null_mut(); 4]));
    let handle = handle.as_mut_ptr();
    let mut st = state::lock();
    let index = st.fatbins.len();
    st.handles.insert(handle as usize, index);

    let mut warnings = Vec::new();
    let mut line = format!("fatbin {index}");
    let mut modules = Vec::new();
    // SAFETY: per the caller.
    match unsafe { wrapper.as_ref() } {
        None => line.push_str(" error=null-wrapper"),
        Some(w) if w.magic as u32 != FATBINC_MAGIC => {
            line.push_str(&format!(" error=bad-wrapper-magic-{:#x}", w.magic as u32))
        }
        Some(w) => {
            // SAFETY: the wrapper's data points at the embedded container.
            match unsafe { read_container(w.data) }.and_then(fatbin::parse) {
                Ok(images) => {
                    let names: Vec<String> = images.iter().map(Image::describe).collect();
                    line.push_str(&format!(" images={}", names.join(",")));
                    modules = modules_of(&images, &mut warnings);
                }
                Err(e) => {
                    line.push_str(" error=unreadable");
                    warnings.push(e);
                }
            }
            if w.version == 2 && !w.filename_or_fatbins.is_null() {
                // The translation units' own (relocatable) images: a fallback for
                // parameter layouts, e.g. when the linked image holds only PTX.
                let mut n = 0;
                loop {
                    // SAFETY: a NULL-terminated array built by the link stub.
                    let p = unsafe { *w.filename_or_fatbins.add(n) };
                    if p.is_null() || n > 65536 {
                        break;
                    }
                    // SAFETY: each entry is a TU's embedded fat binary.
                    match unsafe { read_container(p) }.and_then(fatbin::parse) {
                        Ok(images) => modules.extend(modules_of(&images, &mut warnings)),
                        Err(e) => warnings.push(format!("prelinked fat binary {n}: {e}")),
                    }
                    n += 1;
                }
                line.push_str(&format!(" prelinked={n}"));
            }
        }
    }
    st.fatbins.push(FatbinRec { modules });
    trace::line(&line);
    for w in warnings {
        trace::line(&format!("warning fatbin {index}: {w}"));
    }
    handle
}

fn fatbin_index(st: &State, handle: *mut *mut c_void) -> Option<usize> {
    st.handles.get(&(handle as usize)).copied()
}

fn find_kernel(
    st: &State,
    fb: Option<usize>,
    name: &str,
) -> Option<(LayoutSource, cubin::KernelMeta)> {
    let rec = st.fatbins.get(fb?)?;
    rec.modules
        .iter()
        .find_map(|(src, m)| m.kernels.get(name).map(|k| (*src, k.clone())))
}

fn find_global(st: &State, fb: Option<usize>, name: &str) -> Option<cubin::GlobalInit> {
    let rec = st.fatbins.get(fb?)?;
    rec.modules
        .iter()
        .find_map(|(_, m)| m.globals.get(name).cloned())
}

/// # Safety
/// `p` must be null or a NUL-terminated string.
unsafe fn c_str(p: *const c_char) -> Option<String> {
    if p.is_null() {
        return None;
    }
    // SAFETY: per the caller.
    Some(unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
}

fn host_symbol(addr: usize) -> String {
    crate::hostsyms::symbol_at(addr).unwrap_or_else(|| "?".into())
}

fn handle_label(fb: Option<usize>) -> String {
    fb.map_or_else(|| "?".into(), |i| i.to_string())
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaRegisterFatBinary(fat_cubin: *mut c_void) -> *mut *mut c_void {
    // SAFETY: nvcc passes its `__fatBinC_Wrapper_t`.
    guard("__cudaRegisterFatBinary", || unsafe {
        register_fatbin(fat_cubin as *const FatbinWrapper)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn __cudaRegisterFatBinaryEnd(_handle: *mut *mut c_void) {}

#[unsafe(no_mangle)]
pub extern "C" fn __cudaUnregisterFatBinary(_handle: *mut *mut c_void) {}

#[unsafe(no_mangle)]
pub extern "C" fn __cudaInitModule(_handle: *mut *mut c_void) -> c_char {
    1
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __cudaRegisterFunction(
    handle: *mut *mut c_void,
    host_fun: *const c_char,
    device_fun: *mut c_char,
    device_name: *const c_char,
    _thread_limit: c_int,
    _tid: *mut c_void,
    _bid: *mut c_void,
    _bdim: *mut c_void,
    _gdim: *mut c_void,
    _wsize: *mut c_int,
) {
    guard("__cudaRegisterFunction", || {
        // SAFETY: nvcc passes the device function's name as a C string.
        let name = unsafe { c_str(device_fun) }
            .or_else(|| unsafe { c_str(device_name) })
            .unwrap_or_default();
        let host_sym = host_symbol(host_fun as usize);
        let mut st = state::lock();
        let fb = fatbin_index(&st, handle);
        let found = find_kernel(&st, fb, &name);
        let params = match &found {
            Some((_, meta)) => meta
                .params
                .iter()
                .map(|p| format!("{}@{}", p.size, p.offset))
                .collect::<Vec<_>>()
                .join(","),
            None => "?".into(),
        };
        trace::line(&format!(
            "kernel {} {name} host={host_sym} params={params}",
            handle_label(fb)
        ));
        if found.is_none() {
            trace::line(&format!(
                "warning kernel {name}: no parameter layout in the fat binary; its launches cannot record arguments"
            ));
        }
        let (source, meta) = match found {
            Some((s, m)) => (Some(s), Some(m)),
            None => (None, None),
        };
        st.kernels.insert(
            host_fun as usize,
            Arc::new(Kernel {
                c_name: CString::new(name.clone()).unwrap_or_default(),
                name,
                fatbin: fb.unwrap_or(usize::MAX),
                meta,
                source,
            }),
        );
    })
}

/// Storage for a registered variable: shared with an earlier registration of the same
/// host address, otherwise new and filled from the image's initial value.
fn var_storage(st: &mut State, fb: Option<usize>, host: usize, name: &str, size: usize) -> usize {
    if let Some(v) = st.vars.get(&host)
        && v.size == size
    {
        return v.storage;
    }
    let init = find_global(st, fb, name);
    let data = init.as_ref().and_then(|g| g.data.as_deref());
    match st.var_storage(name, size, data) {
        Ok(a) => a,
        Err(e) => super::fatal(&format!("cannot allocate storage for {name}: {e}")),
    }
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __cudaRegisterVar(
    handle: *mut *mut c_void,
    host_var: *mut c_char,
    device_address: *mut c_char,
    device_name: *const c_char,
    ext: c_int,
    size: usize,
    constant: c_int,
    global: c_int,
) {
    guard("__cudaRegisterVar", || {
        // SAFETY: nvcc passes the variable's name as C strings.
        let name = unsafe { c_str(device_name) }
            .or_else(|| unsafe { c_str(device_address) })
            .unwrap_or_default();
        let host = host_var as usize;
        let host_sym = host_symbol(host);
        let mut st = state::lock();
        let fb = fatbin_index(&st, handle);
        let storage = var_storage(&mut st, fb, host, &name, size);
        trace::line(&format!(
            "var {} {name} host={host_sym} size={size} constant={} global={} ext={}",
            handle_label(fb),
            (constant != 0) as u8,
            (global != 0) as u8,
            (ext != 0) as u8
        ));
        st.vars.insert(
            host,
            Arc::new(Var {
                name,
                size,
                storage,
                managed: false,
            }),
        );
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn __cudaRegisterManagedVar(
    handle: *mut *mut c_void,
    host_var_ptr_address: *mut *mut c_void,
    device_address: *mut c_char,
    device_name: *const c_char,
    _ext: c_int,
    size: usize,
    _constant: c_int,
    _global: c_int,
) {
    guard("__cudaRegisterManagedVar", || {
        // SAFETY: nvcc passes the variable's name as C strings.
        let name = unsafe { c_str(device_name) }
            .or_else(|| unsafe { c_str(device_address) })
            .unwrap_or_default();
        let host = host_var_ptr_address as usize;
        let host_sym = host_symbol(host);
        let mut st = state::lock();
        let fb = fatbin_index(&st, handle);
        let storage = var_storage(&mut st, fb, host, &name, size);
        // The host code reads the variable through this pointer.
        // SAFETY: nvcc passes the address of the variable's host-side pointer.
        unsafe { super::out(host_var_ptr_address, storage as *mut c_void) };
        trace::line(&format!(
            "managed {} {name} host={host_sym} size={size}",
            handle_label(fb)
        ));
        st.vars.insert(
            host,
            Arc::new(Var {
                name,
                size,
                storage,
                managed: true,
            }),
        );
    })
}
