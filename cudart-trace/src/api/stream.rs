//! Streams and events. Work completes when it is enqueued, so streams are always idle
//! and events complete as soon as they are recorded; events keep the wall-clock time of
//! their last record for `cudaEventElapsedTime`.

use std::ffi::{c_int, c_uint, c_ulonglong, c_void};
use std::time::Instant;

use super::{guard, out, ret};
use crate::errors::{CudaError, INVALID_RESOURCE_HANDLE, INVALID_VALUE, SUCCESS};
use crate::state::{self, EVENT_HANDLE_BASE, EventRec, STREAM_HANDLE_BASE, StreamRec};

const EVENT_DISABLE_TIMING: c_uint = 0x02;

fn create_stream(name: &str, p: *mut *mut c_void, flags: c_uint, priority: c_int) -> CudaError {
    guard(name, || {
        if p.is_null() {
            return ret(INVALID_VALUE);
        }
        let mut st = state::lock();
        st.next_stream += 1;
        let index = st.next_stream;
        let handle = STREAM_HANDLE_BASE + index as usize * 16;
        st.streams.insert(
            handle,
            StreamRec {
                index,
                flags,
                priority: priority.clamp(-5, 0),
            },
        );
        // SAFETY: checked non-null above.
        unsafe { out(p, handle as *mut c_void) };
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamCreate(p: *mut *mut c_void) -> CudaError {
    create_stream("cudaStreamCreate", p, 0, 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamCreateWithFlags(
    p: *mut *mut c_void,
    flags: c_uint,
) -> CudaError {
    create_stream("cudaStreamCreateWithFlags", p, flags, 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaStreamCreateWithPriority(
    p: *mut *mut c_void,
    flags: c_uint,
    priority: c_int,
) -> CudaError {
    create_stream("cudaStreamCreateWithPriority", p, flags, priority)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaStreamDestroy(s: *mut c_void) -> CudaError {
    guard("cudaStreamDestroy", || {
        if state::lock().streams.remove(&(s as usize)).is_some() {
            SUCCESS
        } else {
            ret(INVALID_RESOURCE_HANDLE)
        }
    })
}

fn check_stream(s: *mut c_void) -> CudaError {
    if state::lock().stream_ok(s as usize) {
        SUCCESS
    } else {
        ret(INVALID_RESOURCE_HANDLE)
    }
}

macro_rules! stream_idle_entry {
    ($name:ident) => {
        #[unsafe(no_mangle)]
        pub extern "C" fn $name(s: *mut c_void) -> CudaError {
            guard(stringify!($name), || check_stream(s))
        }
    };
}

stream_idle_entry!(cudaStreamSynchronize);
stream_idle_entry!(cudaStreamSynchronize_ptsz);
stream_idle_entry!(cudaStreamQuery);
stream_idle_entry!(cudaStreamQuery_ptsz);

fn stream_wait_event(name: &str, s: *mut c_void, e: *mut c_void) -> CudaError {
    guard(name, || {
        let st = state::lock();
        if !st.stream_ok(s as usize) || !st.events.contains_key(&(e as usize)) {
            return ret(INVALID_RESOURCE_HANDLE);
        }
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaStreamWaitEvent(s: *mut c_void, e: *mut c_void, _flags: c_uint) -> CudaError {
    stream_wait_event("cudaStreamWaitEvent", s, e)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaStreamWaitEvent_ptsz(
    s: *mut c_void,
    e: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    stream_wait_event("cudaStreamWaitEvent_ptsz", s, e)
}

/// Reads one property of a stream; the default streams report flags 0, priority 0 and
/// id 0.
fn stream_query<T>(
    name: &str,
    s: *mut c_void,
    dst: *mut T,
    get: impl Fn(Option<&StreamRec>) -> T,
) -> CudaError {
    guard(name, || {
        let st = state::lock();
        let rec = st.streams.get(&(s as usize));
        if rec.is_none() && !st.stream_ok(s as usize) {
            return ret(INVALID_RESOURCE_HANDLE);
        }
        // SAFETY: the caller's out-parameter.
        if unsafe { out(dst, get(rec)) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

macro_rules! stream_query_entry {
    ($name:ident, $t:ty, $get:expr) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(s: *mut c_void, dst: *mut $t) -> CudaError {
            stream_query(stringify!($name), s, dst, $get)
        }
    };
}

stream_query_entry!(cudaStreamGetFlags, c_uint, |r| r.map_or(0, |r| r.flags));
stream_query_entry!(cudaStreamGetFlags_ptsz, c_uint, |r| r
    .map_or(0, |r| r.flags));
stream_query_entry!(cudaStreamGetPriority, c_int, |r| r
    .map_or(0, |r| r.priority));
stream_query_entry!(cudaStreamGetPriority_ptsz, c_int, |r| r
    .map_or(0, |r| r.priority));
stream_query_entry!(cudaStreamGetId, c_ulonglong, |r| r
    .map_or(0, |r| r.index as c_ulonglong));
stream_query_entry!(cudaStreamGetId_ptsz, c_ulonglong, |r| r
    .map_or(0, |r| r.index as c_ulonglong));
stream_query_entry!(cudaStreamGetDevice, c_int, |_| 0);
stream_query_entry!(cudaStreamGetDevice_ptsz, c_int, |_| 0);

fn create_event(name: &str, p: *mut *mut c_void, flags: c_uint) -> CudaError {
    guard(name, || {
        if p.is_null() {
            return ret(INVALID_VALUE);
        }
        let mut st = state::lock();
        st.next_event += 1;
        let handle = EVENT_HANDLE_BASE + st.next_event as usize * 16;
        st.events.insert(
            handle,
            EventRec {
                flags,
                recorded: None,
            },
        );
        // SAFETY: checked non-null above.
        unsafe { out(p, handle as *mut c_void) };
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventCreate(p: *mut *mut c_void) -> CudaError {
    create_event("cudaEventCreate", p, 0)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventCreateWithFlags(p: *mut *mut c_void, flags: c_uint) -> CudaError {
    create_event("cudaEventCreateWithFlags", p, flags)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaEventDestroy(e: *mut c_void) -> CudaError {
    guard("cudaEventDestroy", || {
        if state::lock().events.remove(&(e as usize)).is_some() {
            SUCCESS
        } else {
            ret(INVALID_RESOURCE_HANDLE)
        }
    })
}

fn record(name: &str, e: *mut c_void, s: *mut c_void) -> CudaError {
    guard(name, || {
        let mut st = state::lock();
        if !st.stream_ok(s as usize) {
            return ret(INVALID_RESOURCE_HANDLE);
        }
        match st.events.get_mut(&(e as usize)) {
            Some(ev) => {
                ev.recorded = Some(Instant::now());
                SUCCESS
            }
            None => ret(INVALID_RESOURCE_HANDLE),
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaEventRecord(e: *mut c_void, s: *mut c_void) -> CudaError {
    record("cudaEventRecord", e, s)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaEventRecord_ptsz(e: *mut c_void, s: *mut c_void) -> CudaError {
    record("cudaEventRecord_ptsz", e, s)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaEventRecordWithFlags(
    e: *mut c_void,
    s: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    record("cudaEventRecordWithFlags", e, s)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaEventRecordWithFlags_ptsz(
    e: *mut c_void,
    s: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    record("cudaEventRecordWithFlags_ptsz", e, s)
}

fn known_event(name: &str, e: *mut c_void) -> CudaError {
    guard(name, || {
        if state::lock().events.contains_key(&(e as usize)) {
            SUCCESS
        } else {
            ret(INVALID_RESOURCE_HANDLE)
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaEventSynchronize(e: *mut c_void) -> CudaError {
    known_event("cudaEventSynchronize", e)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaEventQuery(e: *mut c_void) -> CudaError {
    known_event("cudaEventQuery", e)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaEventElapsedTime(
    ms: *mut f32,
    start: *mut c_void,
    end: *mut c_void,
) -> CudaError {
    guard("cudaEventElapsedTime", || {
        let st = state::lock();
        let (Some(a), Some(b)) = (
            st.events.get(&(start as usize)),
            st.events.get(&(end as usize)),
        ) else {
            return ret(INVALID_RESOURCE_HANDLE);
        };
        if (a.flags | b.flags) & EVENT_DISABLE_TIMING != 0 {
            return ret(INVALID_RESOURCE_HANDLE);
        }
        let (Some(ta), Some(tb)) = (a.recorded, b.recorded) else {
            return ret(600); // cudaErrorNotReady: an event was never recorded
        };
        let v = if tb >= ta {
            (tb - ta).as_secs_f64() * 1e3
        } else {
            -((ta - tb).as_secs_f64() * 1e3)
        };
        // SAFETY: the caller's out-parameter.
        if unsafe { out(ms, v as f32) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}
