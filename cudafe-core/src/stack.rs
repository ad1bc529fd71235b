//! How much stack the current thread has left, so that the parser can stop before a deeply
//! nested input overflows it (a debug build's frames are several times larger than a release
//! build's, and a library user may run the front end on any thread).
//!
//! The bounds of the thread's stack come from `pthread_getattr_np` (glibc and musl), once
//! per thread; where they cannot be had, nothing is checked.

use std::cell::Cell;

thread_local! {
    /// The lowest address of this thread's stack; 0 until asked, 1 when unknown.
    static LOW: Cell<usize> = const { Cell::new(0) };
}

/// An address in the current stack frame.
#[inline(always)]
pub fn current() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// The lowest address of the current thread's stack, if known.
pub fn low_bound() -> Option<usize> {
    let low = LOW.with(|l| {
        if l.get() == 0 {
            l.set(query_low_bound().unwrap_or(1));
        }
        l.get()
    });
    (low > 1).then_some(low)
}

/// The lowest stack address code may reach on this thread to keep `red_zone` bytes free
/// (0, which [`below`] never reports, when the stack's bounds are unknown).
pub fn floor(red_zone: usize) -> usize {
    match low_bound() {
        Some(low) => low.saturating_add(red_zone).min(current()),
        None => 0,
    }
}

/// Is the current frame below `floor`?
#[inline]
pub fn below(floor: usize) -> bool {
    floor != 0 && current() < floor
}

/// Bytes of stack left below the current frame, if known.
pub fn remaining() -> Option<usize> {
    low_bound().map(|low| current().saturating_sub(low))
}

#[cfg(all(target_os = "linux", any(target_env = "gnu", target_env = "musl")))]
fn query_low_bound() -> Option<usize> {
    use std::ffi::c_void;
    // `pthread_attr_t` is 56 bytes on 64-bit glibc and musl, 36 on 32-bit; room to spare.
    #[repr(C, align(16))]
    struct Attr([u8; 128]);
    unsafe extern "C" {
        fn pthread_self() -> usize;
        fn pthread_getattr_np(thread: usize, attr: *mut Attr) -> i32;
        fn pthread_attr_getstack(
            attr: *const Attr,
            addr: *mut *mut c_void,
            size: *mut usize,
        ) -> i32;
        fn pthread_attr_destroy(attr: *mut Attr) -> i32;
    }
    let mut attr = Attr([0; 128]);
    // SAFETY: `attr` is large enough and suitably aligned for `pthread_attr_t`; it is
    // initialised by `pthread_getattr_np` before it is read, and destroyed after.
    unsafe {
        if pthread_getattr_np(pthread_self(), &mut attr) != 0 {
            return None;
        }
        let mut addr: *mut c_void = std::ptr::null_mut();
        let mut size = 0usize;
        let ok = pthread_attr_getstack(&attr, &mut addr, &mut size) == 0;
        pthread_attr_destroy(&mut attr);
        let low = addr as usize;
        (ok && low != 0 && size != 0 && low < current() && current() <= low + size).then_some(low)
    }
}

#[cfg(not(all(target_os = "linux", any(target_env = "gnu", target_env = "musl"))))]
fn query_low_bound() -> Option<usize> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_this_threads_stack() {
        let r = remaining().expect("the stack's bounds on Linux");
        // The test harness's threads have 2 MiB or more (RUST_MIN_STACK); the main thread 8.
        assert!(r > 16 << 10 && r < 1 << 34, "{r}");
        let big = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(|| remaining().unwrap())
            .unwrap()
            .join()
            .unwrap();
        assert!(big > 60 << 20 && big <= 64 << 20, "{big}");
    }

    #[test]
    fn recursion_stops_at_the_floor() {
        fn dive(floor: usize, n: u32) -> u32 {
            let pad = std::hint::black_box([0u8; 512]);
            if below(floor) {
                return n + pad[0] as u32;
            }
            dive(floor, n + 1)
        }
        let n = std::thread::Builder::new()
            .stack_size(4 << 20)
            .spawn(|| dive(floor(256 << 10), 0))
            .unwrap()
            .join()
            .unwrap();
        assert!(n > 1000, "{n}");
    }
}
