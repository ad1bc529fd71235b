//! What we need from a CUDA cubin (an ELF image for one SM architecture): each kernel's
//! parameter layout and a few function attributes, and the initial bytes of its global
//! variables.
//!
//! Kernel metadata lives in `.nv.info.<kernel>` sections (and the per-module `.nv.info`),
//! a sequence of records:
//!
//! ```text
//! u8 format | u8 attribute | format 4 (EIFMT_SVAL): u16 length, then `length` bytes
//!                          | formats 1-3 (NVAL, BVAL, HVAL): u16 value
//! ```
//!
//! Attributes used here (values determined with known kernels):
//!
//! * `0x17` EIATTR_KPARAM_INFO, 12 bytes: `u32 index (0) | u16 ordinal | u16 offset |
//!   u32 packed` where the parameter's size in bytes is `packed >> 18` (the low bits hold
//!   `0xf000`-style constant-bank flags). One record per parameter, in reverse order.
//! * `0x45`, 12 bytes: the same information for kernels whose parameters exceed the 4 KiB
//!   of the classic layout (CUDA 12.1+ large kernel parameters): `u32 index | u16
//!   ordinal | u16 offset | u32 size` with the size in bytes in the low 16 bits.
//! * `0x19` EIATTR_CBANK_PARAM_SIZE (HVAL): the total size of the parameter block.
//! * `0x2f` EIATTR_REGCOUNT and `0x11` EIATTR_FRAME_SIZE in `.nv.info`: `u32 symbol
//!   index | u32 value`.
//! * `0x05` EIATTR_MAX_THREADS (from `__launch_bounds__`), `0x10` EIATTR_REQNTID: three
//!   u32 (x, y, z).
//!
//! A kernel without parameters has no KPARAM_INFO record (and no CBANK_PARAM_SIZE).
//! A variable's initial value is its symbol's bytes in a `PROGBITS` section
//! (`.nv.global.init`, `.nv.constant3`, ...); `.nv.global` is `NOBITS` (zero-filled).
//! Section addresses are 0 in both relocatable and linked cubins, so a symbol's value is
//! its offset in its section.

use std::collections::HashMap;

use crate::elf::{Elf, SHT_SYMTAB, STT_OBJECT};

/// One kernel parameter: its position in the parameter list, its byte offset in the
/// parameter block, and its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    pub ordinal: u32,
    pub offset: u32,
    pub size: u32,
}

/// Where a kernel's parameter layout came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayoutSource {
    Cubin,
    Ptx,
}

#[derive(Clone, Debug, Default)]
pub struct KernelMeta {
    pub params: Vec<Param>,
    pub num_regs: Option<u32>,
    pub frame_size: Option<u32>,
    pub max_threads: Option<[u32; 3]>,
    pub reqntid: Option<[u32; 3]>,
    pub static_shared: u64,
}

#[derive(Clone, Debug, Default)]
pub struct GlobalInit {
    pub size: u64,
    /// The initial bytes, `None` when the variable is zero-initialised (NOBITS).
    pub data: Option<Vec<u8>>,
    pub constant: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Module {
    pub kernels: HashMap<String, KernelMeta>,
    pub globals: HashMap<String, GlobalInit>,
}

const EIATTR_MAX_THREADS: u8 = 0x05;
const EIATTR_REQNTID: u8 = 0x10;
const EIATTR_FRAME_SIZE: u8 = 0x11;
const EIATTR_KPARAM_INFO: u8 = 0x17;
const EIATTR_CBANK_PARAM_SIZE: u8 = 0x19;
const EIATTR_REGCOUNT: u8 = 0x2f;
const EIATTR_KPARAM_INFO_V2: u8 = 0x45;

/// One `.nv.info` record: attribute and value bytes (2 bytes for the short formats).
#[derive(Debug, PartialEq, Eq)]
pub struct Record<'a> {
    pub format: u8,
    pub attr: u8,
    pub value: &'a [u8],
}

pub fn records(data: &[u8]) -> Result<Vec<Record<'_>>, String> {
    let mut out = Vec::new();
    let mut o = 0;
    while o + 4 <= data.len() {
        let (format, attr) = (data[o], data[o + 1]);
        match format {
            1..=3 => {
                out.push(Record {
                    format,
                    attr,
                    value: &data[o + 2..o + 4],
                });
                o += 4;
            }
            4 => {
                let len = u16::from_le_bytes([data[o + 2], data[o + 3]]) as usize;
                let value = data
                    .get(o + 4..o + 4 + len)
                    .ok_or_else(|| format!("nv.info record {attr:#x} runs past its section"))?;
                out.push(Record {
                    format,
                    attr,
                    value,
                });
                o += 4 + len;
            }
            f => return Err(format!("nv.info: unknown record format {f} at {o}")),
        }
    }
    Ok(out)
}

fn u16v(v: &[u8], o: usize) -> u32 {
    v.get(o..o + 2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]) as u32)
        .unwrap_or(0)
}
fn u32v(v: &[u8], o: usize) -> u32 {
    v.get(o..o + 4)
        .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
        .unwrap_or(0)
}

/// Parameter layout from the records of one `.nv.info.<kernel>` section.
pub fn params_from_records(recs: &[Record<'_>]) -> Result<Vec<Param>, String> {
    let mut params = Vec::new();
    let mut total = None;
    for r in recs {
        match (r.format, r.attr) {
            (4, EIATTR_KPARAM_INFO) if r.value.len() >= 12 => params.push(Param {
                ordinal: u16v(r.value, 4),
                offset: u16v(r.value, 6),
                size: u32v(r.value, 8) >> 18,
            }),
            (4, EIATTR_KPARAM_INFO_V2) if r.value.len() >= 12 => params.push(Param {
                ordinal: u16v(r.value, 4),
                offset: u16v(r.value, 6),
                size: u32v(r.value, 8) & 0xffff,
            }),
            (3, EIATTR_CBANK_PARAM_SIZE) => total = Some(u16v(r.value, 0)),
            _ => {}
        }
    }
    params.sort_by_key(|p| p.ordinal);
    for (i, p) in params.iter().enumerate() {
        if p.ordinal as usize != i {
            return Err(format!("parameter ordinals not contiguous at {i}"));
        }
        if p.size == 0 {
            return Err(format!("parameter {i} has size 0"));
        }
        if i > 0 {
            let prev = params[i - 1];
            if p.offset < prev.offset + prev.size {
                return Err(format!("parameter {i} overlaps the previous one"));
            }
        }
    }
    if let (Some(total), Some(last)) = (total, params.last())
        && last.offset + last.size > total
    {
        return Err(format!(
            "parameters end at {} past the parameter block size {total}",
            last.offset + last.size
        ));
    }
    Ok(params)
}

fn triple(v: &[u8]) -> [u32; 3] {
    [u32v(v, 0), u32v(v, 4), u32v(v, 8)]
}

pub fn parse(data: &[u8]) -> Result<Module, String> {
    let elf = Elf::parse(data)?;
    let syms = elf.symbols(SHT_SYMTAB);
    let mut module = Module::default();

    for s in &elf.sections {
        let Some(kname) = s.name.strip_prefix(".nv.info.") else {
            continue;
        };
        let recs = records(elf.bytes_of(s)).map_err(|e| format!("{}: {e}", s.name))?;
        let params = params_from_records(&recs).map_err(|e| format!("{kname}: {e}"))?;
        let mut meta = KernelMeta {
            params,
            ..Default::default()
        };
        for r in &recs {
            match (r.format, r.attr) {
                (4, EIATTR_MAX_THREADS) if r.value.len() >= 12 => {
                    meta.max_threads = Some(triple(r.value))
                }
                (4, EIATTR_REQNTID) if r.value.len() >= 12 => meta.reqntid = Some(triple(r.value)),
                _ => {}
            }
        }
        if let Some((_, sh)) = elf.section_by_name(&format!(".nv.shared.{kname}")) {
            meta.static_shared = sh.size;
        }
        module.kernels.insert(kname.to_string(), meta);
    }

    // Per-function register counts and frame sizes from the module-wide `.nv.info`.
    if let Some((_, s)) = elf.section_by_name(".nv.info") {
        for r in records(elf.bytes_of(s)).unwrap_or_default() {
            if r.format != 4 || r.value.len() < 8 {
                continue;
            }
            let sym = u32v(r.value, 0) as usize;
            let val = u32v(r.value, 4);
            let Some(name) = syms.get(sym).map(|s| s.name.as_str()) else {
                continue;
            };
            let Some(meta) = module.kernels.get_mut(name) else {
                continue;
            };
            match r.attr {
                EIATTR_REGCOUNT => meta.num_regs = Some(val),
                EIATTR_FRAME_SIZE => meta.frame_size = Some(val),
                _ => {}
            }
        }
    }

    for sym in &syms {
        if sym.sym_type() != STT_OBJECT || sym.name.is_empty() {
            continue;
        }
        let Some(sec) = elf.sections.get(sym.shndx as usize) else {
            continue;
        };
        if sym.shndx == 0 || sym.shndx >= 0xff00 {
            continue;
        }
        let start = sym.value.saturating_sub(sec.addr);
        let bytes = elf.bytes_of(sec);
        let data = if bytes.is_empty() {
            None
        } else {
            let (Ok(a), Ok(n)) = (usize::try_from(start), usize::try_from(sym.size)) else {
                continue;
            };
            match a.checked_add(n).and_then(|e| bytes.get(a..e)) {
                Some(b) => Some(b.to_vec()),
                None => continue,
            }
        };
        module.globals.insert(
            sym.name.clone(),
            GlobalInit {
                size: sym.size,
                data,
                constant: sec.name.starts_with(".nv.constant"),
            },
        );
    }
    Ok(module)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elf::tests::Builder;
    use crate::elf::{SHT_NOBITS, STT_FUNC};

    fn sval(attr: u8, v: &[u8]) -> Vec<u8> {
        let mut r = vec![4, attr];
        r.extend_from_slice(&(v.len() as u16).to_le_bytes());
        r.extend_from_slice(v);
        r
    }
    fn hval(attr: u8, v: u16) -> Vec<u8> {
        let mut r = vec![3, attr];
        r.extend_from_slice(&v.to_le_bytes());
        r
    }
    fn kparam(ordinal: u16, offset: u16, size: u32) -> Vec<u8> {
        let mut v = vec![0u8; 4];
        v.extend_from_slice(&ordinal.to_le_bytes());
        v.extend_from_slice(&offset.to_le_bytes());
        v.extend_from_slice(&((size << 18) | 0x1f000).to_le_bytes());
        sval(EIATTR_KPARAM_INFO, &v)
    }

    #[test]
    fn kparam_records_as_nvcc_writes_them() {
        // Bytes of `.nv.info._Z9k_scalarscsixfdb` from an nvcc 13.0 sm_90 cubin for
        // `k_scalars(char, short, int, long long, float, double, bool)`; the stub nvcc
        // generated for it places the arguments at offsets 0, 2, 4, 8, 16, 24, 32.
        let hex = "043704008200000004170c00000000000600200000f0050004170c00000000000500180000f021\
                   0004170c00000000000400100000f0110004170c00000000000300080000f0210004170c0000\
                   0000000200040000f0110004170c00000000000100020000f0090004170c0000000000000000\
                   0000f0050003500000031bff00035f0101041c04001000000003192100040a08002300000010\
                   0221000436040008000000";
        let hex: String = hex.split_whitespace().collect();
        let bytes: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect();
        let recs = records(&bytes).unwrap();
        let p = params_from_records(&recs).unwrap();
        let got: Vec<(u32, u32)> = p.iter().map(|p| (p.offset, p.size)).collect();
        assert_eq!(
            got,
            vec![(0, 1), (2, 2), (4, 4), (8, 8), (16, 4), (24, 8), (32, 1)]
        );
    }

    #[test]
    fn large_param_records() {
        // `.nv.info._Z5k_big3Bigi` for `k_big(struct { char b[20000]; }, int)`.
        let mut v0 = vec![0u8; 8];
        v0.extend_from_slice(&20000u32.to_le_bytes());
        let mut v1 = vec![0, 0, 0, 0, 1, 0, 0x20, 0x4e];
        v1.extend_from_slice(&4u32.to_le_bytes());
        let mut bytes = sval(EIATTR_KPARAM_INFO_V2, &v1);
        bytes.extend(sval(EIATTR_KPARAM_INFO_V2, &v0));
        bytes.extend(hval(EIATTR_CBANK_PARAM_SIZE, 0x4e24));
        let p = params_from_records(&records(&bytes).unwrap()).unwrap();
        assert_eq!(
            p,
            vec![
                Param {
                    ordinal: 0,
                    offset: 0,
                    size: 20000
                },
                Param {
                    ordinal: 1,
                    offset: 20000,
                    size: 4
                }
            ]
        );
    }

    #[test]
    fn inconsistent_layouts_are_rejected() {
        let mut b = kparam(0, 0, 8);
        b.extend(kparam(1, 4, 4)); // overlaps
        assert!(params_from_records(&records(&b).unwrap()).is_err());
        let mut b = kparam(0, 0, 8);
        b.extend(kparam(2, 8, 4)); // ordinal 1 missing
        assert!(params_from_records(&records(&b).unwrap()).is_err());
        let mut b = kparam(0, 0, 8);
        b.extend(hval(EIATTR_CBANK_PARAM_SIZE, 4)); // past the block
        assert!(params_from_records(&records(&b).unwrap()).is_err());
        assert!(records(&[4, 0x17, 50, 0, 1, 2]).is_err());
    }

    #[test]
    fn module_from_cubin() {
        let mut b = Builder::new();
        let text = b.section(".text._Z1kPii", 1, 0, vec![0; 16]);
        let mut info = kparam(1, 8, 4);
        info.extend(kparam(0, 0, 8));
        info.extend(hval(EIATTR_CBANK_PARAM_SIZE, 12));
        b.section(".nv.info._Z1kPii", 0x7000_0000, text as u32, info);
        b.section(
            ".nv.info._Z5emptyv",
            0x7000_0000,
            0,
            sval(0x37, &[0x82, 0, 0, 0]),
        );
        // .nv.info: REGCOUNT for symbol 1 (the kernel) = 12.
        let mut v = 1u32.to_le_bytes().to_vec();
        v.extend_from_slice(&12u32.to_le_bytes());
        b.section(".nv.info", 0x7000_0000, 0, sval(EIATTR_REGCOUNT, &v));
        let init = b.section(".nv.global.init", 1, 0, vec![7, 0, 0, 0, 3, 0, 0, 0]);
        let cst = b.section(".nv.constant3", 1, 0, vec![0, 0, 0x80, 0x3f]);
        let bss = b.section(".nv.global", SHT_NOBITS, 0, vec![0; 64]);
        b.section(".nv.shared._Z1kPii", SHT_NOBITS, 0, vec![0; 256]);
        b.symbol("_Z1kPii", STT_FUNC | 0x10, text, 0, 16);
        b.symbol("dvar", STT_OBJECT, init, 0, 4);
        b.symbol("mvar", STT_OBJECT, init, 4, 4);
        b.symbol("cvar", STT_OBJECT, cst, 0, 4);
        b.symbol("zeros", STT_OBJECT, bss, 16, 32);
        let m = parse(&b.build()).unwrap();
        let k = &m.kernels["_Z1kPii"];
        assert_eq!(k.params.len(), 2);
        assert_eq!((k.params[1].offset, k.params[1].size), (8, 4));
        assert_eq!(k.num_regs, Some(12));
        assert_eq!(k.static_shared, 256);
        assert!(m.kernels["_Z5emptyv"].params.is_empty());
        assert_eq!(m.globals["dvar"].data.as_deref(), Some(&[7, 0, 0, 0][..]));
        assert_eq!(m.globals["mvar"].data.as_deref(), Some(&[3, 0, 0, 0][..]));
        assert!(m.globals["cvar"].constant);
        assert_eq!(m.globals["zeros"].size, 32);
        assert!(m.globals["zeros"].data.is_none());
    }
}
