//! The parsers on real fat binaries made by CUDA 13.0's `fatbinary` (see
//! `tests/data/README.md`); these need no toolkit.

use cudart_trace::cubin::{self, Param};
use cudart_trace::fatbin::{self, Compression, ImageKind};
use cudart_trace::ptx;

fn load(name: &str) -> Vec<u8> {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn layout(params: &[Param]) -> Vec<(u32, u32)> {
    params.iter().map(|p| (p.offset, p.size)).collect()
}

/// `k_small(int a, S s, char *p, char c)` with `struct S { char c; double d; short s; }`
/// (24 bytes, 8-aligned), laid out like C members.
const K_SMALL: [(u32, u32); 4] = [(0, 4), (8, 24), (32, 8), (40, 1)];

#[test]
fn all_three_encodings_decode_to_the_same_images() {
    let plain = fatbin::parse(&load("small_plain.fatbin")).unwrap();
    let zstd = fatbin::parse(&load("small_zstd.fatbin")).unwrap();
    let lz4 = fatbin::parse(&load("small_lz4.fatbin")).unwrap();
    for (imgs, comp) in [
        (&plain, Compression::None),
        (&zstd, Compression::Zstd),
        (&lz4, Compression::Lz4),
    ] {
        assert_eq!(imgs.len(), 2);
        assert_eq!(imgs[0].kind, ImageKind::Elf);
        assert_eq!(imgs[1].kind, ImageKind::Ptx);
        assert!(imgs.iter().all(|i| i.arch == 90 && i.compression == comp));
    }
    // Uncompressed payloads are padded to 8 bytes; compressed ones decode to the exact size.
    for i in 0..2 {
        assert_eq!(zstd[i].data, lz4[i].data);
        assert_eq!(&plain[i].data[..zstd[i].data.len()], &zstd[i].data[..]);
        assert!(plain[i].data[zstd[i].data.len()..].iter().all(|&b| b == 0));
    }
    assert_eq!(&zstd[0].data[..4], b"\x7fELF");
    assert!(fatbin::ptx_text(&zstd[1]).contains(".entry _Z7k_small"));
}

#[test]
fn cubin_layouts_and_initial_values() {
    let imgs = fatbin::parse(&load("small_zstd.fatbin")).unwrap();
    let m = cubin::parse(&imgs[0].data).unwrap();
    assert_eq!(layout(&m.kernels["_Z7k_smalli1SPcc"].params), K_SMALL);
    assert!(m.kernels["_Z6k_nonev"].params.is_empty());
    assert_eq!(
        m.globals["counter"].data.as_deref(),
        Some(&42i32.to_le_bytes()[..])
    );
    let table: Vec<u8> = [0.5f32, 1.5, -2.0]
        .iter()
        .flat_map(|f| f.to_le_bytes())
        .collect();
    assert_eq!(m.globals["table"].data.as_deref(), Some(&table[..]));
    assert!(m.globals["table"].constant);
    assert!(m.kernels["_Z7k_smalli1SPcc"].num_regs.is_some());
}

#[test]
fn ptx_agrees_with_the_cubin() {
    let imgs = fatbin::parse(&load("small_lz4.fatbin")).unwrap();
    let from_elf = cubin::parse(&imgs[0].data).unwrap();
    let from_ptx = ptx::parse(&fatbin::ptx_text(&imgs[1])).unwrap();
    for name in ["_Z7k_smalli1SPcc", "_Z6k_nonev"] {
        assert_eq!(
            from_ptx.kernels[name].params, from_elf.kernels[name].params,
            "{name}"
        );
    }
    for name in ["counter", "table"] {
        assert_eq!(
            from_ptx.globals[name].data, from_elf.globals[name].data,
            "{name}"
        );
        assert_eq!(
            from_ptx.globals[name].size, from_elf.globals[name].size,
            "{name}"
        );
    }
}
