//! The entry points called in-process, as nvcc-generated code calls them, with a fat
//! binary built here. Tests run in parallel and share the runtime's global state, so
//! each uses names of its own and looks its records up by them.

use std::ffi::{CString, c_char, c_int, c_void};
use std::ptr::null_mut;

use super::device::*;
use super::launch::*;
use super::memory::*;
use super::register::*;
use super::stream::*;
use crate::elf::tests::Builder;
use crate::elf::{STT_FUNC, STT_OBJECT};
use crate::errors::*;
use crate::trace;

#[repr(C)]
struct Wrapper {
    magic: c_int,
    version: c_int,
    data: *const u8,
    fatbins: *const c_void,
}

fn sval(attr: u8, v: &[u8]) -> Vec<u8> {
    let mut r = vec![4, attr];
    r.extend_from_slice(&(v.len() as u16).to_le_bytes());
    r.extend_from_slice(v);
    r
}

fn kparam(ordinal: u16, offset: u16, size: u32) -> Vec<u8> {
    let mut v = vec![0u8; 4];
    v.extend_from_slice(&ordinal.to_le_bytes());
    v.extend_from_slice(&offset.to_le_bytes());
    v.extend_from_slice(&((size << 18) | 0x1f000).to_le_bytes());
    sval(0x17, &v)
}

/// A cubin with kernel `kernel(int *, char, double)` (offsets 0, 8, 16) and a 4-byte
/// global `var` initialised to `init`, in a fat binary leaked for the process lifetime.
fn fatbin(kernel: &str, var: &str, init: i32) -> &'static [u8] {
    let mut b = Builder::new();
    let text = b.section(&format!(".text.{kernel}"), 1, 0, vec![0; 16]);
    let mut info = kparam(2, 16, 8);
    info.extend(kparam(1, 8, 1));
    info.extend(kparam(0, 0, 8));
    b.section(
        &format!(".nv.info.{kernel}"),
        0x7000_0000,
        text as u32,
        info,
    );
    let data = b.section(".nv.global.init", 1, 0, init.to_le_bytes().to_vec());
    b.symbol(kernel, STT_FUNC | 0x10, text, 0, 16);
    b.symbol(var, STT_OBJECT, data, 0, 4);
    let fb = crate::fatbin::tests::build(&[(2, 90, 0x11, b.build(), 0)]);
    Box::leak(fb.into_boxed_slice())
}

fn register(kernel: &str, var: &str, init: i32) -> *mut *mut c_void {
    let data = fatbin(kernel, var, init);
    let w = Box::leak(Box::new(Wrapper {
        magic: crate::fatbin::FATBINC_MAGIC as c_int,
        version: 1,
        data: data.as_ptr(),
        fatbins: null_mut(),
    }));
    unsafe { __cudaRegisterFatBinary(w as *mut Wrapper as *mut c_void) }
}

fn lines_with(pat: &str) -> Vec<String> {
    trace::captured()
        .into_iter()
        .filter(|l| l.contains(pat))
        .collect()
}

fn d3(x: u32, y: u32, z: u32) -> Dim3 {
    Dim3 { x, y, z }
}

#[inline(never)]
extern "C" fn stub_register_and_launch() {}

#[test]
fn register_and_launch() {
    let name = CString::new("_Z10api_kernelPicd").unwrap();
    let h = register("_Z10api_kernelPicd", "api_var0", 0);
    let stub = stub_register_and_launch as extern "C" fn() as *const c_char;
    unsafe {
        __cudaRegisterFunction(
            h,
            stub,
            name.as_ptr() as *mut c_char,
            name.as_ptr(),
            -1,
            null_mut(),
            null_mut(),
            null_mut(),
            null_mut(),
            null_mut(),
        );
    }
    let k = lines_with("kernel ");
    let k: Vec<_> = k
        .iter()
        .filter(|l| l.contains("_Z10api_kernelPicd"))
        .collect();
    assert_eq!(k.len(), 1);
    assert!(k[0].ends_with(" params=8@0,1@8,8@16"), "{}", k[0]);
    assert!(
        k[0].contains("host=") && k[0].contains("stub_register_and_launch"),
        "{}",
        k[0]
    );

    let mut p: *mut c_void = null_mut();
    assert_eq!(unsafe { cudaMalloc(&mut p, 100) }, SUCCESS);
    let alloc = lines_with(&format!("addr={:#x}", p as usize));
    let k_index: String = alloc[0].split(' ').nth(1).unwrap().to_string();

    // <<<dim3(2,3,1), 64, 128>>> then the stub's pop and launch.
    assert_eq!(
        __cudaPushCallConfiguration(d3(2, 3, 1), d3(64, 1, 1), 128, null_mut()),
        0
    );
    let (mut g, mut b, mut sh, mut st) = (d3(0, 0, 0), d3(0, 0, 0), 0usize, null_mut::<c_void>());
    assert_eq!(
        unsafe {
            __cudaPopCallConfiguration(
                &mut g,
                &mut b,
                &mut sh,
                &mut st as *mut *mut c_void as *mut c_void,
            )
        },
        SUCCESS
    );
    assert_eq!((g, b, sh), (d3(2, 3, 1), d3(64, 1, 1), 128));
    let mut handle: *mut c_void = null_mut();
    assert_eq!(
        unsafe { __cudaGetKernel(&mut handle, stub as *const c_void) },
        SUCCESS
    );
    let mut a0 = unsafe { (p as *mut u8).add(40) } as *mut c_void;
    let mut a1: c_char = b'z' as c_char;
    let mut a2: f64 = -1.0;
    let mut args = [
        &mut a0 as *mut _ as *mut c_void,
        &mut a1 as *mut _ as *mut c_void,
        &mut a2 as *mut _ as *mut c_void,
    ];
    assert_eq!(
        unsafe { __cudaLaunchKernel(handle, g, b, args.as_mut_ptr(), sh, st) },
        SUCCESS
    );
    let launches = lines_with("launch _Z10api_kernelPicd ");
    let ptr = crate::trace::hex(&((p as u64) + 40).to_le_bytes());
    assert_eq!(
        launches,
        vec![format!(
            "launch _Z10api_kernelPicd grid=2,3,1 block=64,1,1 shmem=128 stream=0 via=__cudaLaunchKernel args={ptr}=alloc{k_index}+40,7a,000000000000f0bf"
        )]
    );
    // Popping again fails: nothing was pushed.
    assert_eq!(
        unsafe {
            __cudaPopCallConfiguration(
                &mut g,
                &mut b,
                &mut sh,
                &mut st as *mut *mut c_void as *mut c_void,
            )
        },
        MISSING_CONFIGURATION
    );
    assert_eq!(cudaGetLastError(), MISSING_CONFIGURATION);

    // The explicit API with a bad configuration: refused, traced, remembered.
    assert_eq!(
        unsafe {
            cudaLaunchKernel(
                stub as *const c_void,
                d3(1, 1, 1),
                d3(2000, 1, 1),
                args.as_mut_ptr(),
                0,
                null_mut(),
            )
        },
        INVALID_CONFIGURATION
    );
    assert_eq!(lines_with("launch-error _Z10api_kernelPicd ").len(), 1);
    assert_eq!(cudaPeekAtLastError(), INVALID_CONFIGURATION);
    assert_eq!(cudaGetLastError(), INVALID_CONFIGURATION);
    assert_eq!(cudaGetLastError(), SUCCESS);

    // Parameter queries use the same layout.
    let (mut off, mut size) = (0usize, 0usize);
    assert_eq!(
        unsafe { cudaFuncGetParamInfo(stub as *const c_void, 2, &mut off, &mut size) },
        SUCCESS
    );
    assert_eq!((off, size), (16, 8));
    // An unknown function.
    assert_eq!(
        unsafe {
            cudaLaunchKernel(
                16 as *const c_void,
                d3(1, 1, 1),
                d3(1, 1, 1),
                null_mut(),
                0,
                null_mut(),
            )
        },
        INVALID_DEVICE_FUNCTION
    );
    cudaGetLastError();
}

#[test]
fn variables() {
    static mut HOST_SHADOW: i32 = 0;
    static mut MANAGED_PTR: *mut c_void = null_mut();
    let h = register("_Z8var_kernv", "api_dvar", 1234);
    let dname = CString::new("api_dvar").unwrap();
    let host = &raw mut HOST_SHADOW as *mut c_char;
    unsafe {
        __cudaRegisterVar(
            h,
            host,
            dname.as_ptr() as *mut c_char,
            dname.as_ptr(),
            0,
            4,
            0,
            0,
        )
    };
    let mut v = 0i32;
    assert_eq!(
        cudaMemcpyFromSymbol(
            &mut v as *mut i32 as *mut c_void,
            host as *const c_void,
            4,
            0,
            2
        ),
        SUCCESS
    );
    assert_eq!(v, 1234, "initial value from the cubin");
    let nv = 99i32;
    assert_eq!(
        cudaMemcpyToSymbol(
            host as *const c_void,
            &nv as *const i32 as *const c_void,
            4,
            0,
            1
        ),
        SUCCESS
    );
    let mut addr: *mut c_void = null_mut();
    assert_eq!(
        unsafe { cudaGetSymbolAddress(&mut addr, host as *const c_void) },
        SUCCESS
    );
    assert_eq!(unsafe { *(addr as *const i32) }, 99);
    assert_eq!(
        cudaMemcpyToSymbol(
            host as *const c_void,
            &nv as *const i32 as *const c_void,
            4,
            1,
            1
        ),
        INVALID_VALUE
    );
    assert_eq!(
        cudaMemcpyToSymbol(
            &nv as *const i32 as *const c_void,
            &nv as *const i32 as *const c_void,
            4,
            0,
            1
        ),
        INVALID_SYMBOL
    );
    cudaGetLastError();

    // A managed variable: the host pointer is set to storage holding the initial value.
    let h2 = register("_Z8var_kern2v", "api_mvar", 77);
    let mname = CString::new("api_mvar").unwrap();
    let hp = &raw mut MANAGED_PTR;
    unsafe {
        __cudaRegisterManagedVar(
            h2,
            hp,
            mname.as_ptr() as *mut c_char,
            mname.as_ptr(),
            0,
            4,
            0,
            0,
        )
    };
    let p = unsafe { *hp };
    assert!(!p.is_null());
    assert_eq!(unsafe { *(p as *const i32) }, 77);
    let mut size = 0usize;
    assert_eq!(unsafe { cudaGetSymbolSize(&mut size, p) }, SUCCESS);
    assert_eq!(size, 4);
    assert_eq!(
        lines_with("managed ")
            .iter()
            .filter(|l| l.contains(" api_mvar "))
            .count(),
        1
    );
    assert_eq!(
        lines_with("var ")
            .iter()
            .filter(|l| l.contains(" api_dvar ") && l.contains("size=4 constant=0"))
            .count(),
        1
    );
}

#[test]
fn memory() {
    let mut d: *mut c_void = null_mut();
    let mut d2: *mut c_void = null_mut();
    assert_eq!(unsafe { cudaMalloc(&mut d, 64) }, SUCCESS);
    assert_eq!(unsafe { cudaMalloc(&mut d2, 64) }, SUCCESS);
    assert_eq!(d as usize % 256, 0);
    assert_eq!(cudaMemset(d, 0x5a, 64), SUCCESS);
    let mut host = [0u8; 64];
    assert_eq!(
        unsafe { cudaMemcpy(host.as_mut_ptr() as *mut c_void, d, 64, 2) },
        SUCCESS
    );
    assert!(host.iter().all(|&b| b == 0x5a));
    assert_eq!(unsafe { cudaMemcpy(d2, d, 64, 3) }, SUCCESS);
    assert_eq!(
        unsafe { cudaMemcpy(host.as_mut_ptr() as *mut c_void, d2, 65, 2) },
        INVALID_VALUE
    );
    assert_eq!(
        unsafe { cudaMemcpy(d2, host.as_ptr() as *const c_void, 4, 9) },
        INVALID_MEMCPY_DIRECTION
    );
    assert_eq!(
        unsafe {
            cudaMemcpy(
                host.as_mut_ptr() as *mut c_void,
                host.as_ptr() as *const c_void,
                0,
                2,
            )
        },
        SUCCESS
    );
    assert_eq!(
        cudaMemset(host.as_mut_ptr() as *mut c_void, 0, 4),
        INVALID_VALUE
    );
    assert_eq!(cudaFree(d), SUCCESS);
    assert_eq!(cudaFree(d), INVALID_VALUE);
    assert_eq!(
        cudaFree(unsafe { (d2 as *mut u8).add(1) } as *mut c_void),
        INVALID_VALUE
    );
    assert_eq!(cudaFree(null_mut()), SUCCESS);
    let mut z: *mut c_void = std::ptr::dangling_mut::<c_void>();
    assert_eq!(unsafe { cudaMalloc(&mut z, 0) }, SUCCESS);
    assert!(z.is_null());
    let mut hp: *mut c_void = null_mut();
    assert_eq!(unsafe { cudaMallocHost(&mut hp, 10) }, SUCCESS);
    assert_eq!(
        cudaFree(hp),
        INVALID_VALUE,
        "host memory is freed with cudaFreeHost"
    );
    assert_eq!(cudaFreeHost(hp), SUCCESS);
    cudaGetLastError();
}

#[test]
fn streams_and_events() {
    let (mut s, mut e0, mut e1) = (null_mut(), null_mut(), null_mut());
    assert_eq!(
        unsafe { cudaStreamCreateWithPriority(&mut s, 1, -3) },
        SUCCESS
    );
    let mut prio = 0;
    assert_eq!(unsafe { cudaStreamGetPriority(s, &mut prio) }, SUCCESS);
    assert_eq!(prio, -3);
    assert_eq!(unsafe { cudaEventCreate(&mut e0) }, SUCCESS);
    assert_eq!(unsafe { cudaEventCreateWithFlags(&mut e1, 0) }, SUCCESS);
    let mut ms = 0f32;
    assert_eq!(
        unsafe { cudaEventElapsedTime(&mut ms, e0, e1) },
        600,
        "not recorded yet"
    );
    assert_eq!(cudaEventRecord(e0, s), SUCCESS);
    assert_eq!(cudaEventRecord(e1, s), SUCCESS);
    assert_eq!(cudaStreamWaitEvent(s, e1, 0), SUCCESS);
    assert_eq!(unsafe { cudaEventElapsedTime(&mut ms, e0, e1) }, SUCCESS);
    assert!(ms >= 0.0);
    assert_eq!(cudaStreamSynchronize(s), SUCCESS);
    assert_eq!(cudaStreamDestroy(s), SUCCESS);
    assert_eq!(cudaStreamSynchronize(s), INVALID_RESOURCE_HANDLE);
    assert_eq!(cudaEventDestroy(e0), SUCCESS);
    assert_eq!(cudaEventDestroy(e0), INVALID_RESOURCE_HANDLE);
    assert_eq!(
        cudaStreamSynchronize(crate::state::STREAM_PER_THREAD as *mut c_void),
        SUCCESS
    );
    cudaGetLastError();
}

#[test]
fn device_and_errors() {
    let mut n = 0;
    assert_eq!(unsafe { cudaGetDeviceCount(&mut n) }, SUCCESS);
    assert_eq!(n, 1);
    let mut p = std::mem::MaybeUninit::<crate::props::CudaDeviceProp>::uninit();
    assert_eq!(
        unsafe { cudaGetDeviceProperties(p.as_mut_ptr(), 0) },
        SUCCESS
    );
    let p = unsafe { p.assume_init() };
    assert_eq!((p.major, p.minor, p.warp_size), (9, 0, 32));
    assert_eq!(
        unsafe { cudaGetDeviceProperties(null_mut(), 0) },
        INVALID_VALUE
    );
    let mut v = 0;
    assert_eq!(unsafe { cudaDeviceGetAttribute(&mut v, 75, 0) }, SUCCESS);
    assert_eq!(v, 9);
    assert_eq!(
        unsafe { cudaDeviceGetAttribute(&mut v, 75, 1) },
        INVALID_DEVICE
    );
    assert_eq!(
        unsafe { cudaDeviceGetAttribute(&mut v, 100000, 0) },
        INVALID_VALUE
    );
    let s = |p: *const c_char| {
        unsafe { std::ffi::CStr::from_ptr(p) }
            .to_str()
            .unwrap()
            .to_string()
    };
    assert_eq!(s(cudaGetErrorString(1)), "invalid argument");
    assert_eq!(s(cudaGetErrorName(98)), "cudaErrorInvalidDeviceFunction");
    assert_eq!(s(cudaGetErrorName(123456)), "unrecognized error code");
    assert_eq!(cudaGetLastError(), INVALID_VALUE);
    assert_eq!(cudaGetLastError(), SUCCESS);
    let mut ver = 0;
    assert_eq!(unsafe { cudaRuntimeGetVersion(&mut ver) }, SUCCESS);
    assert_eq!(ver, 13000);
}

#[test]
fn bad_fat_binaries_are_reported_not_fatal() {
    let w = Box::leak(Box::new(Wrapper {
        magic: 0x1234,
        version: 1,
        data: null_mut(),
        fatbins: null_mut(),
    }));
    let h = unsafe { __cudaRegisterFatBinary(w as *mut Wrapper as *mut c_void) };
    assert!(!h.is_null());
    assert!(lines_with("error=bad-wrapper-magic-0x1234").len() == 1);
    let garbage: &'static [u8] = Box::leak(
        vec![
            0x50, 0xed, 0x55, 0xba, 1, 0, 16, 0, 200, 0, 0, 0, 0, 0, 0, 0,
        ]
        .into_boxed_slice(),
    );
    let mut big = garbage.to_vec();
    big.resize(216, 0xff);
    let big: &'static [u8] = Box::leak(big.into_boxed_slice());
    let w = Box::leak(Box::new(Wrapper {
        magic: crate::fatbin::FATBINC_MAGIC as c_int,
        version: 1,
        data: big.as_ptr(),
        fatbins: null_mut(),
    }));
    let h = unsafe { __cudaRegisterFatBinary(w as *mut Wrapper as *mut c_void) };
    assert!(!h.is_null());
    assert!(!lines_with("error=unreadable").is_empty());
}
