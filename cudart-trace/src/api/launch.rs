//! Kernel launches, and the per-kernel queries (attributes, occupancy, parameter info).
//!
//! `kernel<<<g, b, s, st>>>(args)` compiles to `__cudaPushCallConfiguration(g, b, s, st)`
//! followed by a call of the kernel's host stub, which pops the configuration
//! (`__cudaPopCallConfiguration`), gets a kernel handle once (`__cudaGetKernel`) and calls
//! `__cudaLaunchKernel` (or `__cudaLaunchKernel_ptsz` under `--default-stream
//! per-thread`; `cudaLaunchKernel` under `__NV_LEGACY_LAUNCH`) with an array holding the
//! address of each argument. A kernel handle here is the host stub's address, so handles
//! and stub addresses are interchangeable everywhere.

use std::ffi::{c_char, c_int, c_uint, c_void};

use super::{CONFIG_STACK, guard, out, ret};
use crate::errors::{
    self, CudaError, INVALID_CONFIGURATION, INVALID_DEVICE_FUNCTION, INVALID_VALUE, SUCCESS,
};
use crate::props::{self, CudaFuncAttributes};
use crate::state::{self, Kernel, State};
use crate::trace;

#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dim3 {
    pub x: c_uint,
    pub y: c_uint,
    pub z: c_uint,
}

impl std::fmt::Display for Dim3 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{},{}", self.x, self.y, self.z)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct CallConfig {
    grid: Dim3,
    block: Dim3,
    shmem: usize,
    stream: usize,
}

#[repr(C)]
pub struct LaunchConfig {
    grid: Dim3,
    block: Dim3,
    dynamic_smem: usize,
    stream: *mut c_void,
    attrs: *const LaunchAttribute,
    num_attrs: c_uint,
}

#[repr(C)]
pub struct LaunchAttribute {
    id: c_uint,
    pad: [u8; 4],
    val: [u64; 8],
}

/// Whether a configuration is within the device's limits (the runtime's
/// `cudaErrorInvalidConfiguration` check).
pub fn config_ok(grid: Dim3, block: Dim3) -> bool {
    let threads = block.x as u64 * block.y as u64 * block.z as u64;
    grid.x >= 1
        && grid.y >= 1
        && grid.z >= 1
        && grid.x <= i32::MAX as u32
        && grid.y <= 65535
        && grid.z <= 65535
        && block.x >= 1
        && block.y >= 1
        && block.z >= 1
        && block.x <= 1024
        && block.y <= 1024
        && block.z <= 64
        && threads <= 1024
}

/// `NAME:VALUE` for one launch attribute (`cluster:2,1,1`, `priority:3`, ...); `None`
/// for `cudaLaunchAttributeIgnore`.
pub fn describe_attribute(id: u32, val: &[u64; 8]) -> Option<String> {
    let mut bytes = [0u8; 64];
    for (i, v) in val.iter().enumerate() {
        bytes[i * 8..i * 8 + 8].copy_from_slice(&v.to_le_bytes());
    }
    let i32_at = |o: usize| i32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let u32_at = |o: usize| u32::from_le_bytes(bytes[o..o + 4].try_into().unwrap());
    let dims = || format!("{},{},{}", u32_at(0), u32_at(4), u32_at(8));
    Some(match id {
        0 => return None,
        1 => format!("accessPolicyWindow:{}", val[1]),
        2 => format!("cooperative:{}", i32_at(0)),
        3 => format!("syncPolicy:{}", i32_at(0)),
        4 => format!("cluster:{}", dims()),
        5 => format!("clusterSchedulingPolicy:{}", i32_at(0)),
        6 => format!("programmaticStreamSerialization:{}", i32_at(0)),
        7 => format!("programmaticEvent:{},{}", i32_at(8), i32_at(12)),
        8 => format!("priority:{}", i32_at(0)),
        9 => format!("memSyncDomainMap:{},{}", bytes[0], bytes[1]),
        10 => format!("memSyncDomain:{}", i32_at(0)),
        11 => format!("preferredCluster:{}", dims()),
        12 => format!("launchCompletionEvent:{}", i32_at(8)),
        13 => format!("deviceUpdatableKernelNode:{}", i32_at(0)),
        14 => format!("sharedMemCarveout:{}", u32_at(0)),
        16 => format!("nvlinkUtilCentricScheduling:{}", u32_at(0)),
        n => format!("attr{n}:{}", trace::hex(&bytes[..16])),
    })
}

struct Launch<'a> {
    via: &'a str,
    func: usize,
    grid: Dim3,
    block: Dim3,
    shmem: usize,
    stream: usize,
    per_thread: bool,
    args: *const *const c_void,
    attrs: Vec<String>,
}

/// Reads each argument's bytes, `size` bytes at `args[i]`.
///
/// # Safety
/// `args` must be the launch's argument array, holding one valid pointer per parameter.
unsafe fn read_args(
    k: &Kernel,
    args: *const *const c_void,
) -> Result<Option<Vec<Vec<u8>>>, CudaError> {
    let Some(meta) = &k.meta else {
        return Ok(None);
    };
    if meta.params.is_empty() {
        return Ok(Some(Vec::new()));
    }
    if args.is_null() {
        return Err(INVALID_VALUE);
    }
    let mut out = Vec::with_capacity(meta.params.len());
    for (i, p) in meta.params.iter().enumerate() {
        // SAFETY: per the caller, one pointer per parameter.
        let a = unsafe { *args.add(i) } as *const u8;
        if a.is_null() {
            return Err(INVALID_VALUE);
        }
        // SAFETY: the argument object has the parameter's size.
        out.push(unsafe { std::slice::from_raw_parts(a, p.size as usize) }.to_vec());
    }
    Ok(Some(out))
}

fn launch_error(st: &State, l: &Launch<'_>, name: &str, e: CudaError) -> CudaError {
    trace::line(&format!(
        "launch-error {name} grid={} block={} shmem={} stream={} via={} error={}",
        l.grid,
        l.block,
        l.shmem,
        st.stream_name(l.stream, l.per_thread),
        l.via,
        errors::name(e).unwrap_or("?")
    ));
    ret(e)
}

/// # Safety
/// `l.args` must be the launch's argument array.
unsafe fn launch(l: Launch<'_>) -> CudaError {
    let st = state::lock();
    let Some(k) = st.kernels.get(&l.func).cloned() else {
        let name = format!("?{:#x}", l.func);
        return launch_error(&st, &l, &name, INVALID_DEVICE_FUNCTION);
    };
    if !config_ok(l.grid, l.block) {
        return launch_error(&st, &l, &k.name, INVALID_CONFIGURATION);
    }
    // SAFETY: per the caller.
    let args = match unsafe { read_args(&k, l.args) } {
        Ok(a) => a,
        Err(e) => return launch_error(&st, &l, &k.name, e),
    };
    let args = match args {
        Some(a) => trace::format_args(&a, |v| st.describe_pointer(v)),
        None => "?".into(),
    };
    let mut line = format!(
        "launch {} grid={} block={} shmem={} stream={} via={} args={args}",
        k.name,
        l.grid,
        l.block,
        l.shmem,
        st.stream_name(l.stream, l.per_thread),
        l.via
    );
    if !l.attrs.is_empty() {
        line.push_str(" attrs=");
        line.push_str(&l.attrs.join(";"));
    }
    trace::line(&line);
    SUCCESS
}

#[unsafe(no_mangle)]
pub extern "C" fn __cudaPushCallConfiguration(
    grid: Dim3,
    block: Dim3,
    shmem: usize,
    stream: *mut c_void,
) -> c_uint {
    guard("__cudaPushCallConfiguration", || {
        CONFIG_STACK.with(|s| {
            s.borrow_mut().push(CallConfig {
                grid,
                block,
                shmem,
                stream: stream as usize,
            })
        });
        0
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaPopCallConfiguration(
    grid: *mut Dim3,
    block: *mut Dim3,
    shmem: *mut usize,
    stream: *mut c_void,
) -> CudaError {
    guard("__cudaPopCallConfiguration", || {
        let Some(c) = CONFIG_STACK.with(|s| s.borrow_mut().pop()) else {
            return ret(errors::MISSING_CONFIGURATION);
        };
        // SAFETY: the stub passes its locals.
        unsafe {
            out(grid, c.grid);
            out(block, c.block);
            out(shmem, c.shmem);
            out(stream as *mut *mut c_void, c.stream as *mut c_void);
        }
        SUCCESS
    })
}

fn get_kernel(name: &str, kernel: *mut *mut c_void, func: *const c_void) -> CudaError {
    guard(name, || {
        let known = state::lock().kernels.contains_key(&(func as usize));
        if !known {
            return ret(INVALID_DEVICE_FUNCTION);
        }
        // SAFETY: the caller's out-parameter.
        if unsafe { out(kernel, func as *mut c_void) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn __cudaGetKernel(
    kernel: *mut *mut c_void,
    func: *const c_void,
) -> CudaError {
    get_kernel("__cudaGetKernel", kernel, func)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetKernel(kernel: *mut *mut c_void, func: *const c_void) -> CudaError {
    get_kernel("cudaGetKernel", kernel, func)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaGetFuncBySymbol(
    function: *mut *mut c_void,
    func: *const c_void,
) -> CudaError {
    get_kernel("cudaGetFuncBySymbol", function, func)
}

macro_rules! launch_entry {
    ($name:ident, $per_thread:expr) => {
        #[unsafe(no_mangle)]
        pub unsafe extern "C" fn $name(
            func: *const c_void,
            grid: Dim3,
            block: Dim3,
            args: *mut *mut c_void,
            shmem: usize,
            stream: *mut c_void,
        ) -> CudaError {
            guard(stringify!($name), || {
                // SAFETY: the caller's argument array.
                unsafe {
                    launch(Launch {
                        via: stringify!($name),
                        func: func as usize,
                        grid,
                        block,
                        shmem,
                        stream: stream as usize,
                        per_thread: $per_thread,
                        args: args as *const *const c_void,
                        attrs: Vec::new(),
                    })
                }
            })
        }
    };
}

launch_entry!(__cudaLaunchKernel, false);
launch_entry!(__cudaLaunchKernel_ptsz, true);
launch_entry!(cudaLaunchKernel, false);
launch_entry!(cudaLaunchKernel_ptsz, true);
launch_entry!(cudaLaunchCooperativeKernel, false);
launch_entry!(cudaLaunchCooperativeKernel_ptsz, true);

/// # Safety
/// `config` must be null or a valid `cudaLaunchConfig_t`; `args` the argument array.
unsafe fn launch_ex(
    via: &str,
    config: *const LaunchConfig,
    func: *const c_void,
    args: *mut *mut c_void,
    per_thread: bool,
) -> CudaError {
    // SAFETY: per the caller.
    let Some(c) = (unsafe { config.as_ref() }) else {
        return ret(INVALID_VALUE);
    };
    let mut attrs = Vec::new();
    if c.num_attrs > 0 {
        if c.attrs.is_null() {
            return ret(INVALID_VALUE);
        }
        // SAFETY: `num_attrs` attributes at `attrs`.
        let list = unsafe { std::slice::from_raw_parts(c.attrs, c.num_attrs as usize) };
        attrs.extend(list.iter().filter_map(|a| describe_attribute(a.id, &a.val)));
    }
    // SAFETY: per the caller.
    unsafe {
        launch(Launch {
            via,
            func: func as usize,
            grid: c.grid,
            block: c.block,
            shmem: c.dynamic_smem,
            stream: c.stream as usize,
            per_thread,
            args: args as *const *const c_void,
            attrs,
        })
    }
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLaunchKernelExC(
    config: *const LaunchConfig,
    func: *const c_void,
    args: *mut *mut c_void,
) -> CudaError {
    // SAFETY: per the API contract.
    guard("cudaLaunchKernelExC", || unsafe {
        launch_ex("cudaLaunchKernelExC", config, func, args, false)
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaLaunchKernelExC_ptsz(
    config: *const LaunchConfig,
    func: *const c_void,
    args: *mut *mut c_void,
) -> CudaError {
    // SAFETY: per the API contract.
    guard("cudaLaunchKernelExC_ptsz", || unsafe {
        launch_ex("cudaLaunchKernelExC_ptsz", config, func, args, true)
    })
}

type HostFn = unsafe extern "C" fn(*mut c_void);
type StreamCallback = unsafe extern "C" fn(*mut c_void, CudaError, *mut c_void);

fn host_func(name: &str, stream: *mut c_void, f: Option<HostFn>, data: *mut c_void) -> CudaError {
    guard(name, || {
        let Some(f) = f else {
            return ret(INVALID_VALUE);
        };
        if !state::lock().stream_ok(stream as usize) {
            return ret(errors::INVALID_RESOURCE_HANDLE);
        }
        // Work in a stream is complete when it is enqueued: run the function now (no
        // lock held).
        // SAFETY: the program's host function with its own data.
        unsafe { f(data) };
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaLaunchHostFunc(
    stream: *mut c_void,
    f: Option<HostFn>,
    data: *mut c_void,
) -> CudaError {
    host_func("cudaLaunchHostFunc", stream, f, data)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaLaunchHostFunc_ptsz(
    stream: *mut c_void,
    f: Option<HostFn>,
    data: *mut c_void,
) -> CudaError {
    host_func("cudaLaunchHostFunc_ptsz", stream, f, data)
}

fn stream_callback(
    name: &str,
    stream: *mut c_void,
    cb: Option<StreamCallback>,
    data: *mut c_void,
) -> CudaError {
    guard(name, || {
        let Some(cb) = cb else {
            return ret(INVALID_VALUE);
        };
        if !state::lock().stream_ok(stream as usize) {
            return ret(errors::INVALID_RESOURCE_HANDLE);
        }
        // SAFETY: the program's callback with its own data.
        unsafe { cb(stream, SUCCESS, data) };
        SUCCESS
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaStreamAddCallback(
    stream: *mut c_void,
    cb: Option<StreamCallback>,
    data: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    stream_callback("cudaStreamAddCallback", stream, cb, data)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaStreamAddCallback_ptsz(
    stream: *mut c_void,
    cb: Option<StreamCallback>,
    data: *mut c_void,
    _flags: c_uint,
) -> CudaError {
    stream_callback("cudaStreamAddCallback_ptsz", stream, cb, data)
}

const ATTR_MAX_DYNAMIC_SHARED: c_int = 8;
const ATTR_PREFERRED_CARVEOUT: c_int = 9;

fn max_threads(k: &Kernel) -> c_int {
    let m = k.meta.as_ref();
    let bound = m
        .and_then(|m| m.max_threads.or(m.reqntid))
        .map(|[x, y, z]| x.max(1) as u64 * y.max(1) as u64 * z.max(1) as u64)
        .unwrap_or(1024);
    let regs = m.and_then(|m| m.num_regs).unwrap_or(0) as u64;
    // Registers are allocated per warp in units of 256.
    let by_regs = if regs > 0 {
        let per_warp = (regs * 32).div_ceil(256) * 256;
        (props::REGS_PER_SM as u64 / per_warp) * 32
    } else {
        1024
    };
    bound.min(by_regs).clamp(32, 1024) as c_int
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFuncGetAttributes(
    attr: *mut CudaFuncAttributes,
    func: *const c_void,
) -> CudaError {
    guard("cudaFuncGetAttributes", || {
        let st = state::lock();
        let Some(k) = st.kernels.get(&(func as usize)) else {
            return ret(INVALID_DEVICE_FUNCTION);
        };
        let meta = k.meta.clone().unwrap_or_default();
        let get = |a: c_int| st.func_attrs.get(&(func as usize, a)).copied();
        let a = CudaFuncAttributes {
            shared_size_bytes: meta.static_shared as usize,
            const_size_bytes: 0,
            local_size_bytes: meta.frame_size.unwrap_or(0) as usize,
            max_threads_per_block: max_threads(k),
            num_regs: meta.num_regs.unwrap_or(0) as c_int,
            ptx_version: 90,
            binary_version: 90,
            cache_mode_ca: 0,
            max_dynamic_shared_size_bytes: get(ATTR_MAX_DYNAMIC_SHARED).unwrap_or(
                (props::SHARED_PER_BLOCK as u64).saturating_sub(meta.static_shared) as c_int,
            ),
            preferred_shmem_carveout: get(ATTR_PREFERRED_CARVEOUT).unwrap_or(-1),
            ..Default::default()
        };
        // SAFETY: the caller's out-parameter.
        if unsafe { out(attr, a) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaFuncSetAttribute(
    func: *const c_void,
    attr: c_int,
    value: c_int,
) -> CudaError {
    guard("cudaFuncSetAttribute", || {
        let mut st = state::lock();
        let Some(k) = st.kernels.get(&(func as usize)) else {
            return ret(INVALID_DEVICE_FUNCTION);
        };
        let static_shared = k.meta.as_ref().map_or(0, |m| m.static_shared);
        let ok = match attr {
            ATTR_MAX_DYNAMIC_SHARED => {
                value >= 0 && value as u64 + static_shared <= props::SHARED_PER_BLOCK_OPTIN as u64
            }
            ATTR_PREFERRED_CARVEOUT => (-1..=100).contains(&value),
            10..=16 => true, // cluster attributes
            _ => false,
        };
        if !ok {
            return ret(INVALID_VALUE);
        }
        st.func_attrs.insert((func as usize, attr), value);
        SUCCESS
    })
}

fn known_func(name: &str, func: *const c_void) -> CudaError {
    guard(name, || {
        if state::lock().kernels.contains_key(&(func as usize)) {
            SUCCESS
        } else {
            ret(INVALID_DEVICE_FUNCTION)
        }
    })
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaFuncSetCacheConfig(func: *const c_void, _config: c_int) -> CudaError {
    known_func("cudaFuncSetCacheConfig", func)
}

#[unsafe(no_mangle)]
pub extern "C" fn cudaFuncSetSharedMemConfig(func: *const c_void, _config: c_int) -> CudaError {
    known_func("cudaFuncSetSharedMemConfig", func)
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFuncGetName(
    name: *mut *const c_char,
    func: *const c_void,
) -> CudaError {
    guard("cudaFuncGetName", || {
        let st = state::lock();
        let Some(k) = st.kernels.get(&(func as usize)) else {
            return ret(INVALID_DEVICE_FUNCTION);
        };
        // Kernels are never unregistered, so the name stays valid.
        // SAFETY: the caller's out-parameter.
        if unsafe { out(name, k.c_name.as_ptr()) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaFuncGetParamInfo(
    func: *const c_void,
    index: usize,
    offset: *mut usize,
    size: *mut usize,
) -> CudaError {
    guard("cudaFuncGetParamInfo", || {
        let st = state::lock();
        let Some(k) = st.kernels.get(&(func as usize)) else {
            return ret(INVALID_DEVICE_FUNCTION);
        };
        let Some(p) = k.meta.as_ref().and_then(|m| m.params.get(index)) else {
            return ret(INVALID_VALUE);
        };
        // SAFETY: the caller's out-parameters.
        unsafe {
            out(offset, p.offset as usize);
            out(size, p.size as usize);
        }
        SUCCESS
    })
}

/// Resident blocks per SM for a kernel, from the H100's limits.
fn occupancy(k: &Kernel, block_size: c_int, dyn_smem: usize) -> c_int {
    if block_size <= 0 {
        return 0;
    }
    let warps = (block_size as i64 + 31) / 32;
    let by_threads = (props::MAX_THREADS_PER_SM as i64 / 32) / warps;
    let regs = k
        .meta
        .as_ref()
        .and_then(|m| m.num_regs)
        .unwrap_or(32)
        .max(1) as i64;
    let per_warp = (regs * 32 + 255) / 256 * 256;
    let by_regs = props::REGS_PER_SM as i64 / (per_warp * warps);
    let smem = k.meta.as_ref().map_or(0, |m| m.static_shared) as i64
        + dyn_smem as i64
        + props::RESERVED_SHARED_PER_BLOCK as i64;
    let by_smem = props::SHARED_PER_SM as i64 / smem.max(1);
    by_threads
        .min(by_regs)
        .min(by_smem)
        .min(props::MAX_BLOCKS_PER_SM as i64)
        .max(0) as c_int
}

fn occupancy_entry(
    name: &str,
    num_blocks: *mut c_int,
    func: *const c_void,
    block_size: c_int,
    dyn_smem: usize,
) -> CudaError {
    guard(name, || {
        let st = state::lock();
        let Some(k) = st.kernels.get(&(func as usize)) else {
            return ret(INVALID_DEVICE_FUNCTION);
        };
        if block_size <= 0 || block_size > 1024 {
            return ret(INVALID_VALUE);
        }
        // SAFETY: the caller's out-parameter.
        if unsafe { out(num_blocks, occupancy(k, block_size, dyn_smem)) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    num_blocks: *mut c_int,
    func: *const c_void,
    block_size: c_int,
    dyn_smem: usize,
) -> CudaError {
    occupancy_entry(
        "cudaOccupancyMaxActiveBlocksPerMultiprocessor",
        num_blocks,
        func,
        block_size,
        dyn_smem,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
    num_blocks: *mut c_int,
    func: *const c_void,
    block_size: c_int,
    dyn_smem: usize,
    _flags: c_uint,
) -> CudaError {
    occupancy_entry(
        "cudaOccupancyMaxActiveBlocksPerMultiprocessorWithFlags",
        num_blocks,
        func,
        block_size,
        dyn_smem,
    )
}

#[unsafe(no_mangle)]
pub unsafe extern "C" fn cudaOccupancyAvailableDynamicSMemPerBlock(
    size: *mut usize,
    func: *const c_void,
    num_blocks: c_int,
    block_size: c_int,
) -> CudaError {
    guard("cudaOccupancyAvailableDynamicSMemPerBlock", || {
        let st = state::lock();
        let Some(k) = st.kernels.get(&(func as usize)) else {
            return ret(INVALID_DEVICE_FUNCTION);
        };
        if num_blocks <= 0 || block_size <= 0 || block_size > 1024 {
            return ret(INVALID_VALUE);
        }
        let static_shared = k.meta.as_ref().map_or(0, |m| m.static_shared) as usize;
        let per_block = (props::SHARED_PER_SM / num_blocks as usize)
            .saturating_sub(props::RESERVED_SHARED_PER_BLOCK + static_shared)
            .min(props::SHARED_PER_BLOCK_OPTIN - static_shared.min(props::SHARED_PER_BLOCK_OPTIN));
        // SAFETY: the caller's out-parameter.
        if unsafe { out(size, per_block) } {
            SUCCESS
        } else {
            ret(INVALID_VALUE)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(x: u32, y: u32, z: u32) -> Dim3 {
        Dim3 { x, y, z }
    }

    #[test]
    fn configurations() {
        assert!(config_ok(d(1, 1, 1), d(1, 1, 1)));
        assert!(config_ok(d(2147483647, 65535, 65535), d(1024, 1, 1)));
        assert!(config_ok(d(1, 1, 1), d(16, 16, 4)));
        assert!(!config_ok(d(0, 1, 1), d(1, 1, 1)));
        assert!(!config_ok(d(1, 1, 1), d(1025, 1, 1)));
        assert!(!config_ok(d(1, 1, 1), d(1, 1, 65)));
        assert!(!config_ok(d(1, 1, 1), d(32, 32, 2)));
        assert!(!config_ok(d(1, 65536, 1), d(1, 1, 1)));
    }

    #[test]
    fn attributes() {
        let mut v = [0u64; 8];
        v[0] = 2 | (1 << 32);
        v[1] = 1;
        assert_eq!(describe_attribute(4, &v).as_deref(), Some("cluster:2,1,1"));
        assert_eq!(
            describe_attribute(11, &v).as_deref(),
            Some("preferredCluster:2,1,1")
        );
        assert_eq!(describe_attribute(0, &v), None);
        let mut p = [0u64; 8];
        p[0] = (-3i32) as u32 as u64;
        assert_eq!(describe_attribute(8, &p).as_deref(), Some("priority:-3"));
        assert_eq!(
            describe_attribute(2, &[1, 0, 0, 0, 0, 0, 0, 0]).as_deref(),
            Some("cooperative:1")
        );
        assert_eq!(
            describe_attribute(99, &[0x0102, 0, 0, 0, 0, 0, 0, 0]).as_deref(),
            Some("attr99:02010000000000000000000000000000")
        );
    }

    #[test]
    fn layouts_match_the_header() {
        assert_eq!(std::mem::size_of::<LaunchConfig>(), 56);
        assert_eq!(std::mem::size_of::<LaunchAttribute>(), 72);
        assert_eq!(std::mem::offset_of!(LaunchConfig, attrs), 40);
        assert_eq!(std::mem::offset_of!(LaunchAttribute, val), 8);
    }
}
