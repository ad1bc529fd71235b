//! Fixed-address memory for the virtual device.
//!
//! "Device" memory is ordinary host memory, handed out by bump allocation from regions
//! reserved at fixed addresses, so that the pointer values a program passes to its
//! kernels -- and therefore the traces -- are the same from run to run and between two
//! builds of the same program. A region is reserved `PROT_NONE` with
//! `MAP_FIXED_NOREPLACE | MAP_NORESERVE` (costing no memory) and made readable and
//! writable in 1 MiB steps as the bump pointer advances; fresh pages read as zero.

use std::ptr;

/// Allocations (`cudaMalloc`, `cudaMallocManaged`, `cudaMallocHost`, ...).
pub const ALLOC_BASE: usize = 0x2000_0000_0000;
/// 80 GiB: what `totalGlobalMem` reports.
pub const ALLOC_SIZE: usize = 80 << 30;
/// Storage of `__device__`, `__constant__` and `__managed__` variables.
pub const VAR_BASE: usize = 0x2100_0000_0000;
pub const VAR_SIZE: usize = 4 << 30;

/// Every allocation starts on a 256-byte boundary (like `cudaMalloc`'s), and is followed
/// by at least this many unused bytes, so that a pointer one past an allocation's end is
/// still recognisably *that* allocation's.
pub const ALIGN: usize = 256;
pub const GAP: usize = 256;

const COMMIT_STEP: usize = 1 << 20;

pub struct Region {
    base: usize,
    len: usize,
    used: usize,
    committed: usize,
}

fn align_up(v: usize, a: usize) -> Option<usize> {
    v.checked_add(a - 1).map(|x| x & !(a - 1))
}

impl Region {
    /// Reserves `len` bytes at `base`; if that address range is taken (or the kernel
    /// ignores `MAP_FIXED_NOREPLACE`), anywhere, with a warning: the program still runs,
    /// but its pointer values are no longer reproducible.
    pub fn reserve(base: usize, len: usize) -> Result<Region, String> {
        let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_NORESERVE;
        // SAFETY: a fresh anonymous PROT_NONE mapping; NOREPLACE never clobbers anything.
        let p = unsafe {
            libc::mmap(
                base as *mut libc::c_void,
                len,
                libc::PROT_NONE,
                flags | libc::MAP_FIXED_NOREPLACE,
                -1,
                0,
            )
        };
        if p != libc::MAP_FAILED && p as usize == base {
            return Ok(Region {
                base,
                len,
                used: 0,
                committed: 0,
            });
        }
        if p != libc::MAP_FAILED {
            // SAFETY: unmapping the mapping we just made.
            unsafe { libc::munmap(p, len) };
        }
        eprintln!(
            "[cudart-trace] warning: cannot reserve memory at {base:#x}; pointer values will differ between runs"
        );
        // SAFETY: as above, at an address of the kernel's choosing.
        let p = unsafe { libc::mmap(ptr::null_mut(), len, libc::PROT_NONE, flags, -1, 0) };
        if p == libc::MAP_FAILED {
            return Err(format!(
                "cannot reserve {len} bytes of address space: {}",
                std::io::Error::last_os_error()
            ));
        }
        Ok(Region {
            base: p as usize,
            len,
            used: 0,
            committed: 0,
        })
    }

    pub fn base(&self) -> usize {
        self.base
    }

    pub fn used(&self) -> usize {
        self.used
    }

    pub fn capacity(&self) -> usize {
        self.len
    }

    /// Bump-allocates `size` bytes (at least 1) at an `ALIGN` boundary, followed by `GAP`
    /// unused bytes. `None` when the region is exhausted.
    pub fn alloc(&mut self, size: usize) -> Option<usize> {
        let start = align_up(self.used, ALIGN)?;
        let end = start.checked_add(size.max(1))?;
        let next = end.checked_add(GAP)?;
        if next > self.len {
            return None;
        }
        let need = align_up(next, COMMIT_STEP)?.min(self.len);
        if need > self.committed {
            // SAFETY: the range lies inside our own reservation.
            let rc = unsafe {
                libc::mprotect(
                    (self.base + self.committed) as *mut libc::c_void,
                    need - self.committed,
                    libc::PROT_READ | libc::PROT_WRITE,
                )
            };
            if rc != 0 {
                return None;
            }
            self.committed = need;
        }
        self.used = next;
        Some(self.base + start)
    }

    /// Gives the whole pages inside `[addr, addr + size)` back to the system (they read
    /// as zero afterwards). Addresses are never reused.
    pub fn release(&mut self, addr: usize, size: usize) {
        let page = 4096;
        let (Some(start), Some(end)) = (align_up(addr, page), addr.checked_add(size)) else {
            return;
        };
        let end = end & !(page - 1);
        if end > start {
            // SAFETY: pages inside an allocation of ours that the program has freed.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_DONTNEED) };
        }
    }

    pub fn contains(&self, addr: usize) -> bool {
        addr >= self.base && addr < self.base + self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bump_allocation() {
        // A private region at an address of its own (not the library's).
        let mut r = Region::reserve(0x2400_0000_0000, 64 << 20).unwrap();
        let base = r.base();
        let a = r.alloc(400).unwrap();
        let b = r.alloc(1).unwrap();
        let c = r.alloc(256).unwrap();
        let d = r.alloc(0).unwrap();
        assert_eq!(a, base);
        assert_eq!(b, base + 768); // 400 + 256 gap = 656 -> next 256 boundary
        assert_eq!(c, base + 1280); // 769 + 256 = 1025 -> 1280
        assert_eq!(d, base + 1792); // 1536 + 256
        // Fresh memory is zeroed and writable.
        let s = unsafe { std::slice::from_raw_parts_mut(a as *mut u8, 400) };
        assert!(s.iter().all(|&x| x == 0));
        s.fill(7);
        // Allocating across the commit step keeps working.
        let big = r.alloc(3 << 20).unwrap();
        unsafe { *((big + (3 << 20) - 1) as *mut u8) = 1 };
        r.release(big, 3 << 20);
        assert!(r.alloc(128 << 20).is_none());
        assert!(r.contains(a) && !r.contains(base + (64 << 20)));
    }
}
