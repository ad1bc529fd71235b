//! The library-management API of the CUDA 12+ runtime: code loaded at run time
//! (`cudaLibraryLoadData`, `cudaLibraryLoadFromFile`), its kernels looked up by name
//! (`cudaLibraryGetKernel`, `cudaLibraryEnumerateKernels`) and launched through any launch
//! entry point with the `cudaKernel_t` cast to `const void *`, its globals
//! (`cudaLibraryGetGlobal`), and `cudaLibraryUnload`.
//!
//! The code may be NUL-terminated PTX text, a cubin (ELF), a fat binary container, or the
//! `__fatBinC_Wrapper_t` nvcc embeds; parameter layouts come from the same parsers as for
//! registered fat binaries (PTX `.entry` lists, `.nv.info` records). JIT and library
//! options are accepted and ignored. Records:
//!
//! ```text
//! library 0 images=sm_90:ptx
//! library-kernel 0 saxpy params=4@0,4@4,8@8,8@16
//! library-global 0 counter size=4
//! launch saxpy grid=4,1,1 block=256,1,1 shmem=0 stream=0 via=cudaLaunchKernel args=...
//! library-unload 0
//! ```

use std::collections::BTreeSet;
use std::ffi::{CStr, CString, c_char, c_uint, c_void};
use std::sync::Arc;

use super::{guard, out, ret};
use crate::cubin::{self, LayoutSource, Module};
use crate::errors::{
    CudaError, INVALID_KERNEL_IMAGE, INVALID_PTX, INVALID_RESOURCE_HANDLE, INVALID_VALUE, SUCCESS,
    SYMBOL_NOT_FOUND,
};
use crate::fatbin::{self, FATBIN_MAGIC, FATBINC_MAGIC, Image};
use crate::state::{self, Kernel, LIBRARY_HANDLE_BASE, LIBRARY_KERNEL_HANDLE_BASE, LibraryRec};
use crate::trace;

const ELF_MAGIC: [u8; 4] = [0x7f, b'E', b'L', b'F'];
/// Larger "images" are refused rather than read: a wrong size field must not make us
/// read gigabytes of memory.
const MAX_IMAGE: usize = 1 << 31;

/// What loaded code turned out to be: the `images=` description and the modules, in the
/// order kernels are looked up.
#[derive(Debug)]
pub struct Loaded {
    pub images: String,
    pub modules: Vec<(LayoutSource, Module)>,
    pub warnings: Vec<String>,
}

/// The `.target` of PTX text (`sm_90`), if it names one.
fn ptx_target(text: &str) -> Option<String> {
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        if w == ".target" {
            let t = words.next()?;
            let t = t.split(',').next().unwrap_or(t);
            return Some(t.to_string());
        }
    }
    None
}

/// Parses PTX text.
pub fn load_ptx(text: &str) -> Result<Loaded, (CudaError, String)> {
    let has_version = text
        .lines()
        .map(|l| l.trim_start())
        .any(|l| l.starts_with(".version"));
    if !has_version {
        return Err((INVALID_PTX, "not PTX (no .version directive)".into()));
    }
    let module = crate::ptx::parse(text).map_err(|e| (INVALID_PTX, format!("PTX: {e}")))?;
    let images = match ptx_target(text) {
        Some(t) => format!("{t}:ptx"),
        None => "ptx".into(),
    };
    Ok(Loaded {
        images,
        modules: vec![(LayoutSource::Ptx, module)],
        warnings: Vec::new(),
    })
}

/// Parses a fat binary container's bytes.
pub fn load_fatbin(data: &[u8]) -> Result<Loaded, (CudaError, String)> {
    let images = fatbin::parse(data).map_err(|e| (INVALID_KERNEL_IMAGE, e))?;
    let mut warnings = Vec::new();
    let modules = super::register::modules_of(&images, &mut warnings);
    let names: Vec<String> = images.iter().map(Image::describe).collect();
    Ok(Loaded {
        images: names.join(","),
        modules,
        warnings,
    })
}

/// Parses a cubin.
pub fn load_cubin(data: &[u8]) -> Result<Loaded, (CudaError, String)> {
    let module = cubin::parse(data).map_err(|e| (INVALID_KERNEL_IMAGE, format!("cubin: {e}")))?;
    Ok(Loaded {
        images: "elf".into(),
        modules: vec![(LayoutSource::Cubin, module)],
        warnings: Vec::new(),
    })
}

/// Loads code given as bytes whose extent is known (a file's contents).
pub fn load_bytes(data: &[u8]) -> Result<Loaded, (CudaError, String)> {
    if data.starts_with(&ELF_MAGIC) {
        load_cubin(data)
    } else if data.starts_with(&FATBIN_MAGIC.to_le_bytes()) {
        load_fatbin(data)
    } else {
        let end = data.iter().position(|&b| b == 0).unwrap_or(data.len());
        match std::str::from_utf8(&data[..end]) {
            Ok(text) => load_ptx(text),
            Err(_) => Err((
                INVALID_KERNEL_IMAGE,
                "neither a cubin, a fat binary nor PTX".into(),
            )),
        }
    }
}

fn u16_at(b: &[u8], o: usize) -> usize {
    u16::from_le_bytes([b[o], b[o + 1]]) as usize
}

fn u64_at(b: &[u8], o: usize) -> usize {
    let mut v = [0u8; 8];
    v.copy_from_slice(&b[o..o + 8]);
    u64::from_le_bytes(v) as usize
}

/// The extent of a 64-bit ELF image in memory: the furthest end of its section header
/// table, program header table and section contents.
///
/// # Safety
/// `p` must point at an ELF image of the size its headers announce.
unsafe fn elf_extent(p: *const u8) -> Result<usize, String> {
    // SAFETY: an ELF header is 64 bytes.
    let h = unsafe { std::slice::from_raw_parts(p, 64) };
    if h[4] != 2 || h[5] != 1 {
        return Err("not a 64-bit little-endian ELF image".into());
    }
    let (phoff, phentsize, phnum) = (u64_at(h, 0x20), u16_at(h, 0x36), u16_at(h, 0x38));
    let (shoff, shentsize, shnum) = (u64_at(h, 0x28), u16_at(h, 0x3a), u16_at(h, 0x3c));
    let mut end = 64usize;
    let table = |off: usize, n: usize, sz: usize| off.checked_add(n.checked_mul(sz)?);
    end = end.max(table(phoff, phnum, phentsize).ok_or("bad program header table")?);
    let sh_end = table(shoff, shnum, shentsize).ok_or("bad section header table")?;
    end = end.max(sh_end);
    if end > MAX_IMAGE || (shnum > 0 && shentsize < 0x28) {
        return Err("implausible ELF header".into());
    }
    for i in 0..shnum {
        // SAFETY: the section header table lies within the image.
        let s = unsafe { std::slice::from_raw_parts(p.add(shoff + i * shentsize), 0x28) };
        let sh_type = u32::from_le_bytes([s[4], s[5], s[6], s[7]]);
        if sh_type != 8 {
            // Not NOBITS: the contents are in the image.
            let e = u64_at(s, 0x18)
                .checked_add(u64_at(s, 0x20))
                .ok_or("bad section")?;
            end = end.max(e);
        }
    }
    if end > MAX_IMAGE {
        return Err("implausible ELF image size".into());
    }
    Ok(end)
}

/// Loads code from memory, finding its extent from its format.
///
/// # Safety
/// `code` must point at a cubin, a fat binary (container or wrapper) or NUL-terminated PTX.
pub unsafe fn load_memory(code: *const u8) -> Result<Loaded, (CudaError, String)> {
    // The first 4 bytes, read one at a time so as not to read past the end of a short
    // string (which is then PTX text, refused below).
    let mut magic = [0u8; 4];
    for (i, m) in magic.iter_mut().enumerate() {
        // SAFETY: the bytes before this one were not NUL, so this one belongs to the code.
        *m = unsafe { *code.add(i) };
        if *m == 0 {
            break;
        }
    }
    if magic == ELF_MAGIC {
        // SAFETY: per the caller.
        let n = unsafe { elf_extent(code) }.map_err(|e| (INVALID_KERNEL_IMAGE, e))?;
        // SAFETY: the image's extent, from its headers.
        load_cubin(unsafe { std::slice::from_raw_parts(code, n) })
    } else if u32::from_le_bytes(magic) == FATBIN_MAGIC {
        // SAFETY: the container header is 16 bytes.
        let header = unsafe { std::slice::from_raw_parts(code, 16) };
        let n = fatbin::container_size(header).map_err(|e| (INVALID_KERNEL_IMAGE, e))?;
        // SAFETY: the size the header announces.
        load_fatbin(unsafe { std::slice::from_raw_parts(code, n) })
    } else if u32::from_le_bytes(magic) == FATBINC_MAGIC {
        // `__fatBinC_Wrapper_t`: magic, version, then the container's address.
        // SAFETY: a wrapper is 24 bytes; its data member points at a container.
        let data = unsafe { (code.add(8) as *const *const u8).read_unaligned() };
        if data.is_null() {
            return Err((
                INVALID_KERNEL_IMAGE,
                "fat binary wrapper without data".into(),
            ));
        }
        // SAFETY: as above, for the container.
        unsafe { load_memory(data) }
    } else {
        // SAFETY: NUL-terminated text, per the caller.
        let text = unsafe { CStr::from_ptr(code as *const c_char) };
        match text.to_str() {
            Ok(t) => load_ptx(t),
            Err(_) => Err((INVALID_PTX, "PTX text is not UTF-8".into())),
        }
    }
}

/// Records a loaded library and returns its handle.
fn add_library(loaded: Loaded) -> usize {
    let mut st = state::lock();
    let index = st.libraries_loaded;
    st.libraries_loaded += 1;
    let handle = LIBRARY_HANDLE_BASE + index * 16;
    trace::line(&format!("library {index} images={}", loaded.images));
    for w in &loaded.warnings {
        trace::line(&format!("warning library {index}: {w}"));
    }
    st.libraries.insert(
        handle,
        LibraryRec {
            index,
            modules: loaded.modules,
            kernel_handles: Default::default(),
            globals: Default::default(),
        },
    );
    handle
}

fn finish_load(
    library: *mut *mut c_void,
    loaded: Result<Loaded, (CudaError, String)>,
) -> CudaError {
    match loaded {
        Ok(l) => {
            let h = add_library(l);
            // SAFETY: checked non-null by the caller of this function.
            unsafe { out(library, h as *mut c_void) };
            SUCCESS
        }
        Err((e, msg)) => {
            trace::line(&format!("warning library: {msg}"));
            ret(e)
        }
    }
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn cudaLibraryLoadData(
    library: *mut *mut c_void,
    code: *const c_void,
    _jit_options: *mut c_uint,
    _jit_option_values: *mut *mut c_void,
    _num_jit_options: c_uint,
    _library_options: *mut c_uint,
    _library_option_values: *mut *mut c_void,
    _num_library_options: c_uint,
) -> CudaError {
    guard("cudaLibraryLoadData", || {
        if library.is_null() || code.is_null() {
            return ret(INVALID_VALUE);
        }
        // SAFETY: the program's code, in one of the documented formats.
        let loaded = unsafe { load_memory(code as *const u8) };
        finish_load(library, loaded)
    })
}

#[unsafe(no_mangle)]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn cudaLibraryLoadFromFile(
    library: *mut *mut c_void,
    file_name: *const c_char,
    _jit_options: *mut c_uint,
    _jit_option_values: *mut *mut c_void,
    _num_jit_options: c_uint,
    _library_options: *mut c_uint,
    _library_option_values: *mut *mut c_void,
    _num_library_options: c_uint,
) -> CudaError {
    guard("cudaLibraryLoadFromFile", || {
        if library.is_null() || file_name.is_null() {
            return ret(INVALID_VALUE);
        }
        // SAFETY: a NUL-terminated file name.
        let name = unsafe { CStr::from_ptr(file_name) }
            .to_string_lossy()
            .into_owned();
        let loaded = match std::fs::read(&name) {
            Ok(data) => load_bytes(&data),
            Err(e) => Err((INVALID_VALUE, format!("cannot read {name}: {e}"))),
        };
        finish_load(library, loaded)
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaLibraryUnload(library: *mut c_void) -> CudaError {
    guard("cudaLibraryUnload", || {
        let mut st = state::lock();
        let Some(lib) = st.libraries.remove(&(library as usize)) else {
            return ret(INVALID_RESOURCE_HANDLE);
        };
        for h in lib.kernel_handles.values() {
            st.kernels.remove(h);
        }
        trace::line(&format!("library-unload {}", lib.index));
        SUCCESS
    })
}

/// The handle of kernel `name` of the library, made (and recorded) on first use.
fn kernel_handle(st: &mut state::State, library: usize, name: &str) -> Result<usize, CudaError> {
    let next = LIBRARY_KERNEL_HANDLE_BASE + st.library_kernels_made * 16;
    let lib = st
        .libraries
        .get_mut(&library)
        .ok_or(INVALID_RESOURCE_HANDLE)?;
    if let Some(&h) = lib.kernel_handles.get(name) {
        return Ok(h);
    }
    let (source, meta) = lib
        .modules
        .iter()
        .find_map(|(src, m)| m.kernels.get(name).map(|k| (*src, k.clone())))
        .ok_or(SYMBOL_NOT_FOUND)?;
    lib.kernel_handles.insert(name.to_string(), next);
    let index = lib.index;
    let params = meta
        .params
        .iter()
        .map(|p| format!("{}@{}", p.size, p.offset))
        .collect::<Vec<_>>()
        .join(",");
    trace::line(&format!("library-kernel {index} {name} params={params}"));
    st.library_kernels_made += 1;
    st.kernels.insert(
        next,
        Arc::new(Kernel {
            name: name.to_string(),
            c_name: CString::new(name).unwrap_or_default(),
            fatbin: usize::MAX,
            meta: Some(meta),
            source: Some(source),
        }),
    );
    Ok(next)
}

/// The kernels of a library, sorted by name.
fn kernel_names(lib: &LibraryRec) -> Vec<String> {
    let names: BTreeSet<&String> = lib
        .modules
        .iter()
        .flat_map(|(_, m)| m.kernels.keys())
        .collect();
    names.into_iter().cloned().collect()
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLibraryGetKernel(
    kernel: *mut *mut c_void,
    library: *mut c_void,
    name: *const c_char,
) -> CudaError {
    guard("cudaLibraryGetKernel", || {
        if kernel.is_null() || name.is_null() {
            return ret(INVALID_VALUE);
        }
        // SAFETY: a NUL-terminated name.
        let name = unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned();
        let mut st = state::lock();
        match kernel_handle(&mut st, library as usize, &name) {
            Ok(h) => {
                // SAFETY: checked non-null.
                unsafe { out(kernel, h as *mut c_void) };
                SUCCESS
            }
            Err(e) => ret(e),
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLibraryGetKernelCount(
    count: *mut c_uint,
    library: *mut c_void,
) -> CudaError {
    guard("cudaLibraryGetKernelCount", || {
        let st = state::lock();
        let Some(lib) = st.libraries.get(&(library as usize)) else {
            return ret(INVALID_RESOURCE_HANDLE);
        };
        let n = kernel_names(lib).len() as c_uint;
        // SAFETY: the caller's out-parameter.
        if unsafe { out(count, n) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLibraryEnumerateKernels(
    kernels: *mut *mut c_void,
    num_kernels: c_uint,
    library: *mut c_void,
) -> CudaError {
    guard("cudaLibraryEnumerateKernels", || {
        if kernels.is_null() {
            return ret(INVALID_VALUE);
        }
        let mut st = state::lock();
        let Some(lib) = st.libraries.get(&(library as usize)) else {
            return ret(INVALID_RESOURCE_HANDLE);
        };
        let names = kernel_names(lib);
        for (i, name) in names.iter().take(num_kernels as usize).enumerate() {
            match kernel_handle(&mut st, library as usize, name) {
                // SAFETY: the caller's array holds `num_kernels` handles.
                Ok(h) => unsafe { kernels.add(i).write_unaligned(h as *mut c_void) },
                Err(e) => return ret(e),
            }
        }
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLibraryGetGlobal(
    dptr: *mut *mut c_void,
    bytes: *mut usize,
    library: *mut c_void,
    name: *const c_char,
) -> CudaError {
    guard("cudaLibraryGetGlobal", || {
        if name.is_null() || (dptr.is_null() && bytes.is_null()) {
            return ret(INVALID_VALUE);
        }
        // SAFETY: a NUL-terminated name.
        let name = unsafe { CStr::from_ptr(name) }
            .to_string_lossy()
            .into_owned();
        let mut st = state::lock();
        let Some(lib) = st.libraries.get(&(library as usize)) else {
            return ret(INVALID_RESOURCE_HANDLE);
        };
        let found = match lib.globals.get(&name) {
            Some(&g) => Ok(g),
            None => {
                let Some(init) = lib
                    .modules
                    .iter()
                    .find_map(|(_, m)| m.globals.get(&name).cloned())
                else {
                    return ret(SYMBOL_NOT_FOUND);
                };
                let index = lib.index;
                let size = init.size as usize;
                match st.var_storage(&name, size, init.data.as_deref()) {
                    Ok(addr) => {
                        trace::line(&format!("library-global {index} {name} size={size}"));
                        if let Some(lib) = st.libraries.get_mut(&(library as usize)) {
                            lib.globals.insert(name.clone(), (addr, size));
                        }
                        Ok((addr, size))
                    }
                    Err(e) => Err(e),
                }
            }
        };
        match found {
            Ok((addr, size)) => {
                // SAFETY: the caller's out-parameters (either may be null).
                unsafe {
                    out(dptr, addr as *mut c_void);
                    out(bytes, size);
                }
                SUCCESS
            }
            Err(e) => super::fatal(&format!("cannot allocate storage for {name}: {e}")),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::launch::{Dim3, cudaLaunchKernel};
    use crate::errors::INVALID_DEVICE_FUNCTION;

    const PTX: &str = "\
//
// Generated by NVIDIA NVVM Compiler
.version 9.0
.target sm_90
.address_size 64

.global .align 4 .u32 lib_counter = 7;
.global .align 4 .b8 lib_table[16];

\t// .globl\tlib_scale
.visible .entry lib_scale(
\t.param .u32 lib_scale_param_0,
\t.param .f32 lib_scale_param_1,
\t.param .u64 .ptr .align 1 lib_scale_param_2
)
{
\tret;
}
.visible .entry _Z10lib_filterIdEvPT_S0_i(
\t.param .u64 .ptr .align 1 _Z10lib_filterIdEvPT_S0_i_param_0,
\t.param .f64 _Z10lib_filterIdEvPT_S0_i_param_1,
\t.param .u32 _Z10lib_filterIdEvPT_S0_i_param_2
)
.maxntid 128, 1, 1
{
\tret;
}
";

    fn lines_with(pat: &str) -> Vec<String> {
        trace::captured()
            .into_iter()
            .filter(|l| l.contains(pat))
            .collect()
    }

    fn load(code: &[u8]) -> (CudaError, usize) {
        let mut lib = std::ptr::null_mut();
        let e = unsafe {
            cudaLibraryLoadData(
                &mut lib,
                code.as_ptr() as *const c_void,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
            )
        };
        (e, lib as usize)
    }

    fn get(lib: usize, name: &str) -> (CudaError, usize) {
        let mut k = std::ptr::null_mut();
        let n = CString::new(name).unwrap();
        let e = unsafe { cudaLibraryGetKernel(&mut k, lib as *mut c_void, n.as_ptr()) };
        (e, k as usize)
    }

    #[test]
    fn ptx_library_kernels_launch_with_their_layout() {
        let code = format!("{PTX}\0");
        let (e, lib) = load(code.as_bytes());
        assert_eq!(e, SUCCESS);
        let index = state::lock().libraries[&lib].index;
        assert!(
            trace::captured().contains(&format!("library {index} images=sm_90:ptx")),
            "{:?}",
            lines_with("library")
        );

        let (e, k) = get(lib, "lib_scale");
        assert_eq!(e, SUCCESS);
        assert_eq!(get(lib, "lib_scale"), (SUCCESS, k), "the same handle again");
        assert_eq!(
            lines_with("library-kernel")
                .iter()
                .filter(|l| l.contains(" lib_scale "))
                .count(),
            1
        );
        assert!(trace::captured().contains(&format!(
            "library-kernel {index} lib_scale params=4@0,4@4,8@8"
        )));
        let (e, k2) = get(lib, "_Z10lib_filterIdEvPT_S0_i");
        assert_eq!(e, SUCCESS);
        assert!(trace::captured().contains(&format!(
            "library-kernel {index} _Z10lib_filterIdEvPT_S0_i params=8@0,8@8,4@16"
        )));
        assert_eq!(get(lib, "missing").0, SYMBOL_NOT_FOUND);
        assert_eq!(get(0x1234, "lib_scale").0, INVALID_RESOURCE_HANDLE);

        let mut count = 0;
        assert_eq!(
            unsafe { cudaLibraryGetKernelCount(&mut count, lib as *mut c_void) },
            SUCCESS
        );
        assert_eq!(count, 2);
        let mut handles = [std::ptr::null_mut(); 2];
        assert_eq!(
            unsafe { cudaLibraryEnumerateKernels(handles.as_mut_ptr(), 2, lib as *mut c_void) },
            SUCCESS
        );
        // Sorted by name: the mangled one first.
        assert_eq!(handles.map(|h| h as usize), [k2, k]);

        // A global with its initial value, usable as a kernel argument.
        let mut ptr = std::ptr::null_mut();
        let mut size = 0usize;
        let gname = CString::new("lib_counter").unwrap();
        assert_eq!(
            unsafe {
                cudaLibraryGetGlobal(&mut ptr, &mut size, lib as *mut c_void, gname.as_ptr())
            },
            SUCCESS
        );
        assert_eq!(size, 4);
        assert_eq!(unsafe { *(ptr as *const u32) }, 7);
        assert!(trace::captured().contains(&format!("library-global {index} lib_counter size=4")));

        // Launched through cudaLaunchKernel with the cudaKernel_t as the function.
        let n: u32 = 1000;
        let a: f32 = 2.5;
        let p: *mut c_void = ptr;
        let mut args = [
            &n as *const u32 as *mut c_void,
            &a as *const f32 as *mut c_void,
            &p as *const *mut c_void as *mut c_void,
        ];
        let d = |x| Dim3 { x, y: 1, z: 1 };
        let e = unsafe {
            cudaLaunchKernel(
                k as *const c_void,
                d(4),
                d(256),
                args.as_mut_ptr(),
                0,
                std::ptr::null_mut(),
            )
        };
        assert_eq!(e, SUCCESS);
        let launch = lines_with("launch lib_scale ");
        assert_eq!(launch.len(), 1, "{launch:?}");
        assert!(
            launch[0].ends_with(&format!(
                "via=cudaLaunchKernel args=e8030000,00002040,{}=sym:lib_counter+0",
                trace::hex(&(ptr as u64).to_le_bytes())
            )),
            "{}",
            launch[0]
        );

        // Unloaded: its kernels are gone.
        assert_eq!(cudaLibraryUnload(lib as *mut c_void), SUCCESS);
        assert!(trace::captured().contains(&format!("library-unload {index}")));
        assert_eq!(
            cudaLibraryUnload(lib as *mut c_void),
            INVALID_RESOURCE_HANDLE
        );
        let e = unsafe {
            cudaLaunchKernel(
                k as *const c_void,
                d(1),
                d(1),
                args.as_mut_ptr(),
                0,
                std::ptr::null_mut(),
            )
        };
        assert_eq!(e, INVALID_DEVICE_FUNCTION);
    }

    #[test]
    fn garbage_is_refused() {
        assert_eq!(load(b"hello, world\0").0, INVALID_PTX);
        assert_eq!(load(b"\0").0, INVALID_PTX);
        assert_eq!(load(b".v\0").0, INVALID_PTX);
        // A 32-bit ELF header (the whole 64 bytes are readable).
        let mut elf32 = [0u8; 64];
        elf32[..6].copy_from_slice(b"\x7fELF\x01\x01");
        assert_eq!(load(&elf32).0, INVALID_KERNEL_IMAGE);
        let mut lib = std::ptr::null_mut();
        let e = unsafe {
            cudaLibraryLoadData(
                &mut lib,
                std::ptr::null(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
            )
        };
        assert_eq!(e, INVALID_VALUE);
        assert!(load_bytes(&[0xff, 0xfe, 0x00]).is_err());
    }

    #[test]
    fn ptx_targets() {
        assert_eq!(
            ptx_target(".version 9.0\n.target sm_90a\n").as_deref(),
            Some("sm_90a")
        );
        assert_eq!(
            ptx_target(".target sm_80, debug\n").as_deref(),
            Some("sm_80")
        );
        assert_eq!(ptx_target(".version 9.0\n"), None);
    }

    #[test]
    fn cubin_and_fatbin_from_memory_and_files() {
        use crate::elf::STT_FUNC;
        use crate::elf::tests::Builder;
        // A cubin with `lib_cubin_kernel(int *, char)`.
        let mut b = Builder::new();
        let text = b.section(".text.lib_cubin_kernel", 1, 0, vec![0; 16]);
        let mut info = Vec::new();
        for (ordinal, offset, size) in [(1u16, 8u16, 1u32), (0, 0, 8)] {
            let mut v = vec![0u8; 4];
            v.extend_from_slice(&ordinal.to_le_bytes());
            v.extend_from_slice(&offset.to_le_bytes());
            v.extend_from_slice(&((size << 18) | 0x1f000).to_le_bytes());
            info.extend([4, 0x17]);
            info.extend((v.len() as u16).to_le_bytes());
            info.extend(v);
        }
        b.section(".nv.info.lib_cubin_kernel", 0x7000_0000, text as u32, info);
        b.symbol("lib_cubin_kernel", STT_FUNC | 0x10, text, 0, 16);
        let cubin = b.build();

        // From memory: the extent is found from the ELF headers.
        assert_eq!(unsafe { elf_extent(cubin.as_ptr()) }.unwrap(), cubin.len());
        let (e, lib) = load(&cubin);
        assert_eq!(e, SUCCESS);
        assert_eq!(get(lib, "lib_cubin_kernel").0, SUCCESS);
        let index = state::lock().libraries[&lib].index;
        assert!(trace::captured().contains(&format!(
            "library-kernel {index} lib_cubin_kernel params=8@0,1@8"
        )));

        // A fat binary container holding it, from a file.
        let fb = crate::fatbin::tests::build(&[(2, 90, 0x11, cubin, 0)]);
        let dir = std::env::temp_dir().join(format!("cudart-trace-lib-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("k.fatbin");
        std::fs::write(&path, &fb).unwrap();
        let cpath = CString::new(path.to_str().unwrap()).unwrap();
        let mut lib2 = std::ptr::null_mut();
        let e = unsafe {
            cudaLibraryLoadFromFile(
                &mut lib2,
                cpath.as_ptr(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                0,
            )
        };
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(e, SUCCESS);
        let index2 = state::lock().libraries[&(lib2 as usize)].index;
        assert!(trace::captured().contains(&format!("library {index2} images=sm_90:elf")));
        assert_eq!(get(lib2 as usize, "lib_cubin_kernel").0, SUCCESS);
        // And the same container from memory.
        assert_eq!(load(&fb).0, SUCCESS);
    }
}
