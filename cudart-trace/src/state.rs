//! Process-wide state of the stand-in runtime: registered fat binaries, kernels and
//! variables, allocations, streams and events. One mutex guards it all; no user code
//! runs while it is held.

use std::collections::HashMap;
use std::ffi::CString;
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};
use std::time::Instant;

use crate::arena::{self, Region};
use crate::cubin::{KernelMeta, LayoutSource, Module};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocKind {
    Device,
    Managed,
    Host,
}

impl AllocKind {
    pub fn name(self) -> &'static str {
        match self {
            AllocKind::Device => "device",
            AllocKind::Managed => "managed",
            AllocKind::Host => "host",
        }
    }
}

#[derive(Clone, Debug)]
pub struct Alloc {
    pub start: usize,
    pub size: usize,
    pub kind: AllocKind,
    pub freed: bool,
}

pub struct FatbinRec {
    pub modules: Vec<(LayoutSource, Module)>,
}

pub struct Kernel {
    pub name: String,
    pub c_name: CString,
    pub fatbin: usize,
    pub meta: Option<KernelMeta>,
    pub source: Option<LayoutSource>,
}

pub struct Var {
    pub name: String,
    pub size: usize,
    pub storage: usize,
    pub managed: bool,
}

/// A library loaded with `cudaLibraryLoadData` / `cudaLibraryLoadFromFile`.
pub struct LibraryRec {
    /// Counted from 0 in load order, as the trace names it.
    pub index: usize,
    pub modules: Vec<(LayoutSource, Module)>,
    /// Kernel name -> the handle given out for it (the same one every time).
    pub kernel_handles: HashMap<String, usize>,
    /// Global name -> (storage, size), for those asked for.
    pub globals: HashMap<String, (usize, usize)>,
}

pub struct StreamRec {
    pub index: u32,
    pub flags: u32,
    pub priority: i32,
}

pub struct EventRec {
    pub flags: u32,
    pub recorded: Option<Instant>,
}

#[derive(Default)]
pub struct State {
    pub fatbins: Vec<FatbinRec>,
    /// Handle pointer returned by `__cudaRegisterFatBinary` -> index in `fatbins`.
    pub handles: HashMap<usize, usize>,
    /// Host stub address -> kernel.
    pub kernels: HashMap<usize, Arc<Kernel>>,
    /// Host shadow address (for managed variables: address of the host pointer) -> var.
    pub vars: HashMap<usize, Arc<Var>>,
    /// Variable storage, in address order: (start, size, name).
    pub var_storage: Vec<(usize, usize, String)>,
    pub allocs: Vec<Alloc>,
    pub alloc_region: Option<Region>,
    pub var_region: Option<Region>,
    /// Host ranges registered with `cudaHostRegister`: start -> size.
    pub host_registered: HashMap<usize, usize>,
    pub streams: HashMap<usize, StreamRec>,
    pub next_stream: u32,
    pub events: HashMap<usize, EventRec>,
    pub next_event: u32,
    /// (host stub, cudaFuncAttribute) -> value, from `cudaFuncSetAttribute`.
    pub func_attrs: HashMap<(usize, i32), i32>,
    /// Library handle -> library (unloaded ones are removed).
    pub libraries: HashMap<usize, LibraryRec>,
    pub libraries_loaded: usize,
    pub library_kernels_made: usize,
    pub device_flags: u32,
    pub cache_config: i32,
    pub limits: HashMap<i32, usize>,
}

static STATE: LazyLock<Mutex<State>> = LazyLock::new(|| Mutex::new(State::default()));

pub fn lock() -> MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Handles of streams and events are fixed fake addresses (never dereferenced by
/// programs), so that they too are the same from run to run.
pub const STREAM_HANDLE_BASE: usize = 0x5354_0000_0000;
pub const EVENT_HANDLE_BASE: usize = 0x4556_0000_0000;

/// Handles of libraries and of the kernels taken from them (`cudaLibrary_t`,
/// `cudaKernel_t`): fixed fake addresses as well. A library kernel's handle is its key in
/// `State::kernels`, so every launch path accepts it, as the real runtime does.
pub const LIBRARY_HANDLE_BASE: usize = 0x4C49_0000_0000;
pub const LIBRARY_KERNEL_HANDLE_BASE: usize = 0x4C4B_0000_0000;

pub const STREAM_LEGACY: usize = 1;
pub const STREAM_PER_THREAD: usize = 2;

impl State {
    fn alloc_region(&mut self) -> Result<&mut Region, String> {
        if self.alloc_region.is_none() {
            self.alloc_region = Some(Region::reserve(arena::ALLOC_BASE, arena::ALLOC_SIZE)?);
        }
        Ok(self.alloc_region.as_mut().expect("just set"))
    }

    fn var_region(&mut self) -> Result<&mut Region, String> {
        if self.var_region.is_none() {
            self.var_region = Some(Region::reserve(arena::VAR_BASE, arena::VAR_SIZE)?);
        }
        Ok(self.var_region.as_mut().expect("just set"))
    }

    /// A new allocation; returns (index, address), or `None` when out of memory.
    pub fn allocate(
        &mut self,
        size: usize,
        kind: AllocKind,
    ) -> Result<Option<(usize, usize)>, String> {
        let Some(addr) = self.alloc_region()?.alloc(size) else {
            return Ok(None);
        };
        self.allocs.push(Alloc {
            start: addr,
            size,
            kind,
            freed: false,
        });
        Ok(Some((self.allocs.len() - 1, addr)))
    }

    /// Storage for a variable of `size` bytes, filled from `init` (zero otherwise).
    pub fn var_storage(
        &mut self,
        name: &str,
        size: usize,
        init: Option<&[u8]>,
    ) -> Result<usize, String> {
        let addr = self
            .var_region()?
            .alloc(size)
            .ok_or("out of memory for device variables")?;
        if let Some(init) = init {
            let n = init.len().min(size);
            // SAFETY: `addr` has `size` fresh writable bytes of our own.
            unsafe { std::ptr::copy_nonoverlapping(init.as_ptr(), addr as *mut u8, n) };
        }
        self.var_storage.push((addr, size, name.to_string()));
        Ok(addr)
    }

    /// The allocation containing `addr` (its end included): (index, offset).
    pub fn find_alloc(&self, addr: usize) -> Option<(usize, usize)> {
        let i = self.allocs.partition_point(|a| a.start <= addr);
        let i = i.checked_sub(1)?;
        let a = &self.allocs[i];
        (addr <= a.start + a.size).then_some((i, addr - a.start))
    }

    /// The variable whose storage contains `addr` (its end included): (name, offset).
    pub fn find_var_storage(&self, addr: usize) -> Option<(&str, usize)> {
        let i = self.var_storage.partition_point(|v| v.0 <= addr);
        let (start, size, name) = self.var_storage.get(i.checked_sub(1)?)?;
        (addr <= start + size).then_some((name.as_str(), addr - start))
    }

    /// How a pointer-sized kernel argument is shown after its bytes, if it points into
    /// runtime-managed memory.
    pub fn describe_pointer(&self, v: u64) -> Option<String> {
        let addr = usize::try_from(v).ok()?;
        if self.alloc_region.as_ref().is_some_and(|r| r.contains(addr))
            && let Some((i, off)) = self.find_alloc(addr)
        {
            return Some(format!("alloc{i}+{off}"));
        }
        if self.var_region.as_ref().is_some_and(|r| r.contains(addr))
            && let Some((name, off)) = self.find_var_storage(addr)
        {
            return Some(format!("sym:{name}+{off}"));
        }
        None
    }

    /// Whether `[addr, addr + len)` is memory the virtual device can address: inside one
    /// allocation (live or freed: addresses are never reused), one variable's storage or
    /// a range registered with `cudaHostRegister`.
    pub fn device_accessible(&self, addr: usize, len: usize) -> bool {
        let Some(end) = addr.checked_add(len) else {
            return false;
        };
        if let Some((i, _)) = self.find_alloc(addr) {
            let a = &self.allocs[i];
            if end <= a.start + a.size.max(1) {
                return true;
            }
        }
        if let Some((_, off)) = self.find_var_storage(addr) {
            let i = self.var_storage.partition_point(|v| v.0 <= addr) - 1;
            if off + len <= self.var_storage[i].1 {
                return true;
            }
        }
        self.host_registered
            .iter()
            .any(|(&s, &n)| addr >= s && end <= s + n)
    }

    /// `0` (legacy default stream), `ptsz` (per-thread default stream), `sK`, or `?ADDR`.
    pub fn stream_name(&self, stream: usize, per_thread_api: bool) -> String {
        match stream {
            0 if per_thread_api => "ptsz".into(),
            0 | STREAM_LEGACY => "0".into(),
            STREAM_PER_THREAD => "ptsz".into(),
            s => match self.streams.get(&s) {
                Some(r) => format!("s{}", r.index),
                None => format!("?{s:#x}"),
            },
        }
    }

    pub fn stream_ok(&self, stream: usize) -> bool {
        matches!(stream, 0 | STREAM_LEGACY | STREAM_PER_THREAD)
            || self.streams.contains_key(&stream)
    }

    pub fn var_by_host(&self, host: usize) -> Option<Arc<Var>> {
        self.vars.get(&host).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        let mut st = State {
            alloc_region: Some(Region::reserve(0x2500_0000_0000, 16 << 20).unwrap()),
            var_region: Some(Region::reserve(0x2600_0000_0000, 16 << 20).unwrap()),
            ..Default::default()
        };
        let (i0, a0) = st.allocate(400, AllocKind::Device).unwrap().unwrap();
        let (i1, a1) = st.allocate(256, AllocKind::Managed).unwrap().unwrap();
        assert_eq!((i0, i1), (0, 1));
        assert_eq!(st.find_alloc(a0), Some((0, 0)));
        assert_eq!(st.find_alloc(a0 + 399), Some((0, 399)));
        assert_eq!(st.find_alloc(a0 + 400), Some((0, 400))); // one past the end
        assert_eq!(st.find_alloc(a0 + 401), None); // in the gap
        assert_eq!(st.find_alloc(a1 + 8), Some((1, 8)));
        assert_eq!(st.find_alloc(a0 - 1), None);
        assert_eq!(
            st.describe_pointer((a1 + 8) as u64).as_deref(),
            Some("alloc1+8")
        );
        assert_eq!(st.describe_pointer(0), None);
        assert!(st.device_accessible(a0, 400));
        assert!(!st.device_accessible(a0, 401));
        let v = st.var_storage("dvar", 4, Some(&[7, 0, 0, 0])).unwrap();
        assert_eq!(unsafe { *(v as *const i32) }, 7);
        assert_eq!(
            st.describe_pointer((v + 4) as u64).as_deref(),
            Some("sym:dvar+4")
        );
        assert!(st.device_accessible(v, 4));
        assert!(!st.device_accessible(v, 5));
        assert_eq!(st.stream_name(0, false), "0");
        assert_eq!(st.stream_name(0, true), "ptsz");
        assert_eq!(st.stream_name(STREAM_LEGACY, true), "0");
        assert_eq!(st.stream_name(STREAM_PER_THREAD, false), "ptsz");
        assert_eq!(st.stream_name(0x1234, false), "?0x1234");
    }
}
