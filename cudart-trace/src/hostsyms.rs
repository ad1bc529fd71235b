//! Names for host addresses (kernel stubs, shadow variables), from the ELF symbol tables
//! of the loaded objects.
//!
//! `dladdr` only sees the dynamic symbol table, which lacks hidden and static functions
//! (nvcc's stubs for `static` kernels and template instances are local symbols), so we
//! find the object containing the address with `dl_iterate_phdr`, read that object's file
//! (`/proc/self/exe` for the main program) and look the address up in its `.symtab`
//! (then `.dynsym`). `dlpi_addr` is the load bias: 0 for a non-PIE executable, the load
//! base for PIE executables and shared objects; symbol values are relative to it.

use std::collections::HashMap;
use std::ffi::{CStr, c_int, c_void};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use crate::elf::{Elf, STB_LOCAL, STT_FUNC, STT_GNU_IFUNC, STT_OBJECT};

type SymMap = HashMap<u64, String>;

static CACHE: Mutex<Option<HashMap<PathBuf, Arc<SymMap>>>> = Mutex::new(None);

struct Search {
    addr: usize,
    found: Option<(PathBuf, usize)>,
}

unsafe extern "C" fn phdr_callback(
    info: *mut libc::dl_phdr_info,
    _size: libc::size_t,
    data: *mut c_void,
) -> c_int {
    // SAFETY: the loader passes a valid `dl_phdr_info`; `data` is the `Search` given to
    // `dl_iterate_phdr` below.
    let (info, search) = unsafe { (&*info, &mut *(data as *mut Search)) };
    if info.dlpi_phdr.is_null() {
        return 0;
    }
    // SAFETY: `dlpi_phdr` points at `dlpi_phnum` program headers.
    let phdrs = unsafe { std::slice::from_raw_parts(info.dlpi_phdr, info.dlpi_phnum as usize) };
    let bias = info.dlpi_addr as usize;
    for ph in phdrs {
        if ph.p_type != libc::PT_LOAD {
            continue;
        }
        let start = bias.wrapping_add(ph.p_vaddr as usize);
        let end = start.wrapping_add(ph.p_memsz as usize);
        if (start..end).contains(&search.addr) {
            let name = if info.dlpi_name.is_null() {
                ""
            } else {
                // SAFETY: a NUL-terminated string owned by the loader.
                unsafe { CStr::from_ptr(info.dlpi_name) }
                    .to_str()
                    .unwrap_or("")
            };
            let path = if name.is_empty() {
                PathBuf::from("/proc/self/exe")
            } else {
                PathBuf::from(name)
            };
            search.found = Some((path, bias));
            return 1;
        }
    }
    0
}

/// The file and load bias of the loaded object that contains `addr`.
pub fn object_of(addr: usize) -> Option<(PathBuf, usize)> {
    let mut search = Search { addr, found: None };
    // SAFETY: the callback only reads loader data and writes `search`.
    unsafe {
        libc::dl_iterate_phdr(
            Some(phdr_callback),
            &mut search as *mut Search as *mut c_void,
        );
    }
    search.found
}

/// Symbol value -> name for the function and object symbols of an ELF file; global
/// symbols win over local ones at the same address, `.symtab` over `.dynsym`.
pub fn symbol_map(data: &[u8]) -> SymMap {
    let mut map: HashMap<u64, (bool, String)> = HashMap::new();
    let Ok(elf) = Elf::parse(data) else {
        return HashMap::new();
    };
    for table in [crate::elf::SHT_SYMTAB, crate::elf::SHT_DYNSYM] {
        for s in elf.symbols(table) {
            let t = s.sym_type();
            if !(t == STT_FUNC || t == STT_OBJECT || t == STT_GNU_IFUNC)
                || s.shndx == 0
                || s.value == 0
                || s.name.is_empty()
            {
                continue;
            }
            let global = s.bind() != STB_LOCAL;
            match map.get(&s.value) {
                Some((g, _)) if *g || !global => {}
                _ => {
                    map.insert(s.value, (global, s.name));
                }
            }
        }
    }
    map.into_iter().map(|(k, (_, n))| (k, n)).collect()
}

fn map_for(path: &PathBuf) -> Arc<SymMap> {
    let mut guard = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    let cache = guard.get_or_insert_with(HashMap::new);
    if let Some(m) = cache.get(path) {
        return m.clone();
    }
    let map = Arc::new(
        std::fs::read(path)
            .map(|d| symbol_map(&d))
            .unwrap_or_default(),
    );
    cache.insert(path.clone(), map.clone());
    map
}

/// The symbol at exactly `addr` in the loaded object that contains it.
pub fn symbol_at(addr: usize) -> Option<String> {
    let (path, bias) = object_of(addr)?;
    let map = map_for(&path);
    map.get(&(addr.wrapping_sub(bias) as u64)).cloned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[inline(never)]
    fn local_probe_function() -> u32 {
        std::hint::black_box(42)
    }

    #[test]
    fn names_a_local_function_of_this_executable() {
        let addr = local_probe_function as fn() -> u32 as usize;
        assert_eq!(local_probe_function(), 42);
        let (path, _) = object_of(addr).expect("the test binary contains its own code");
        assert_eq!(path, PathBuf::from("/proc/self/exe"));
        let name = symbol_at(addr).expect("test binaries keep their symbol table");
        assert!(
            name.contains("local_probe_function"),
            "unexpected symbol {name}"
        );
    }

    #[test]
    fn names_a_libc_function() {
        let addr = libc::getpid as unsafe extern "C" fn() -> libc::pid_t as usize;
        let (path, bias) = object_of(addr).expect("libc is loaded");
        assert_ne!(bias, 0);
        assert!(path.to_string_lossy().contains("libc"));
    }

    #[test]
    fn unknown_address() {
        assert!(object_of(16).is_none());
        assert!(symbol_at(16).is_none());
    }
}
