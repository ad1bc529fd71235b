//! Fat binaries: the `__fatBinC_Wrapper_t` that nvcc's host code passes to
//! `__cudaRegisterFatBinary`, and the fat binary container it points to.
//!
//! Container layout (all little-endian), as written by `fatbinary` 13.0:
//!
//! ```text
//! header (16 bytes):  u32 magic 0xBA55ED50 | u16 version (1) | u16 header size (16)
//!                     | u64 size of the entries that follow
//! entry header (>= 64 bytes):
//!   0  u16 kind (1 = PTX, 2 = ELF cubin, 4 = LTO IR)   2  u16 version (0x0101)
//!   4  u32 header size (64, or more: PTX entries carry their compile options after it)
//!   8  u64 payload size (padded to 8)
//!  16  u32 compressed payload size (0 if not compressed)
//!  20  u32 (0x40 for PTX)        24  u16 minor, u16 major version of the image format
//!  28  u32 architecture (90 for sm_90 / compute_90)
//!  32  u32 name offset, u32 name length (0)
//!  40  u64 flags: 0x1 64-bit, 0x2 debug, 0x10 Linux, 0x2000 LZ4-compressed,
//!      0x8000 zstd-compressed
//!  48  u64 (0)                   56  u64 decompressed payload size (0 if not compressed)
//! payload (header-size bytes after the entry start)
//! ```
//!
//! `fatbinary` compresses PTX (and, with `-compress-all`, every image) with zstd by
//! default (`--compress-mode=default|size|balance`) and with LZ4 in
//! `--compress-mode=speed`.

use std::io::Read;

pub const FATBINC_MAGIC: u32 = 0x466243b1;
pub const FATBIN_MAGIC: u32 = 0xBA55ED50;

const FLAG_LZ4: u64 = 0x2000;
const FLAG_ZSTD: u64 = 0x8000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageKind {
    Ptx,
    Elf,
    /// Any other kind (4 is LTO IR); kept so that the trace can name it.
    Other(u16),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    None,
    Lz4,
    Zstd,
}

#[derive(Clone, Debug)]
pub struct Image {
    pub kind: ImageKind,
    pub arch: u32,
    pub flags: u64,
    pub compression: Compression,
    /// The payload, decompressed.
    pub data: Vec<u8>,
}

impl Image {
    /// `sm_90:elf`, `sm_90:ptx:zstd`, ... as written on a trace's `fatbin` line.
    pub fn describe(&self) -> String {
        let kind = match self.kind {
            ImageKind::Ptx => "ptx".to_string(),
            ImageKind::Elf => "elf".to_string(),
            ImageKind::Other(4) => "ir".to_string(),
            ImageKind::Other(k) => format!("kind{k}"),
        };
        let comp = match self.compression {
            Compression::None => "",
            Compression::Lz4 => ":lz4",
            Compression::Zstd => ":zstd",
        };
        format!("sm_{}:{kind}{comp}", self.arch)
    }
}

fn u16_at(d: &[u8], o: usize) -> Option<u16> {
    Some(u16::from_le_bytes(d.get(o..o + 2)?.try_into().ok()?))
}
fn u32_at(d: &[u8], o: usize) -> Option<u32> {
    Some(u32::from_le_bytes(d.get(o..o + 4)?.try_into().ok()?))
}
fn u64_at(d: &[u8], o: usize) -> Option<u64> {
    Some(u64::from_le_bytes(d.get(o..o + 8)?.try_into().ok()?))
}

/// The total size (header included) of the fat binary container starting at `header`,
/// which must hold at least its 16-byte header.
pub fn container_size(header: &[u8]) -> Result<usize, String> {
    let magic = u32_at(header, 0).ok_or("fat binary header truncated")?;
    if magic != FATBIN_MAGIC {
        return Err(format!("bad fat binary magic {magic:#x}"));
    }
    let hsize = u16_at(header, 6).ok_or("fat binary header truncated")? as usize;
    let size = u64_at(header, 8).ok_or("fat binary header truncated")?;
    if hsize < 16 || size > (1 << 34) {
        return Err(format!(
            "implausible fat binary header (header {hsize}, size {size})"
        ));
    }
    Ok(hsize + size as usize)
}

/// Parses one fat binary container (header and entries) and decompresses its images.
pub fn parse(data: &[u8]) -> Result<Vec<Image>, String> {
    let total = container_size(data)?;
    let data = data
        .get(..total)
        .ok_or_else(|| format!("fat binary truncated: {} of {total} bytes", data.len()))?;
    let hsize = u16_at(data, 6).unwrap_or(16) as usize;
    let mut off = hsize;
    let mut images = Vec::new();
    while off < total {
        if total - off < 64 {
            // Trailing padding.
            if data[off..].iter().all(|&b| b == 0) {
                break;
            }
            return Err(format!("truncated fat binary entry at {off}"));
        }
        let kind = u16_at(data, off).unwrap_or(0);
        let ehsize = u32_at(data, off + 4).unwrap_or(0) as usize;
        let psize = u64_at(data, off + 8).unwrap_or(0) as usize;
        let csize = u32_at(data, off + 16).unwrap_or(0) as usize;
        let arch = u32_at(data, off + 28).unwrap_or(0);
        let flags = u64_at(data, off + 40).unwrap_or(0);
        let dsize = u64_at(data, off + 56).unwrap_or(0) as usize;
        if ehsize < 64 || off + ehsize > total || psize > total - off - ehsize {
            return Err(format!(
                "bad fat binary entry at {off}: header {ehsize}, payload {psize}"
            ));
        }
        let payload = &data[off + ehsize..off + ehsize + psize];
        let stored = if csize > 0 && csize <= psize {
            &payload[..csize]
        } else {
            payload
        };
        let (compression, bytes) = if flags & FLAG_ZSTD != 0 {
            (Compression::Zstd, zstd_decompress(stored, dsize)?)
        } else if flags & FLAG_LZ4 != 0 {
            (
                Compression::Lz4,
                crate::lz4::decompress_block(stored, dsize)?,
            )
        } else {
            (Compression::None, payload.to_vec())
        };
        images.push(Image {
            kind: match kind {
                1 => ImageKind::Ptx,
                2 => ImageKind::Elf,
                k => ImageKind::Other(k),
            },
            arch,
            flags,
            compression,
            data: bytes,
        });
        off += ehsize + psize;
    }
    Ok(images)
}

fn zstd_decompress(src: &[u8], expected: usize) -> Result<Vec<u8>, String> {
    let mut dec = ruzstd::decoding::StreamingDecoder::new(src)
        .map_err(|e| format!("zstd: bad frame header: {e}"))?;
    let mut out = Vec::with_capacity(expected);
    dec.read_to_end(&mut out)
        .map_err(|e| format!("zstd: {e}"))?;
    if expected != 0 && out.len() != expected {
        return Err(format!(
            "zstd: decompressed {} bytes, expected {expected}",
            out.len()
        ));
    }
    Ok(out)
}

/// Text of a PTX image: the payload up to its first NUL.
pub fn ptx_text(image: &Image) -> String {
    let end = image
        .data
        .iter()
        .position(|&b| b == 0)
        .unwrap_or(image.data.len());
    String::from_utf8_lossy(&image.data[..end]).into_owned()
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Builds a container from (kind, arch, flags, stored payload, decompressed size).
    pub(crate) fn build(entries: &[(u16, u32, u64, Vec<u8>, usize)]) -> Vec<u8> {
        let mut body = Vec::new();
        for (kind, arch, flags, payload, dsize) in entries {
            let padded = payload.len().div_ceil(8) * 8;
            let compressed = flags & (FLAG_LZ4 | FLAG_ZSTD) != 0;
            body.extend_from_slice(&kind.to_le_bytes());
            body.extend_from_slice(&0x0101u16.to_le_bytes());
            body.extend_from_slice(&64u32.to_le_bytes());
            body.extend_from_slice(&(padded as u64).to_le_bytes());
            let csize = if compressed { payload.len() as u32 } else { 0 };
            body.extend_from_slice(&csize.to_le_bytes());
            body.extend_from_slice(&0u32.to_le_bytes());
            body.extend_from_slice(&8u16.to_le_bytes());
            body.extend_from_slice(&1u16.to_le_bytes());
            body.extend_from_slice(&arch.to_le_bytes());
            body.extend_from_slice(&[0; 8]);
            body.extend_from_slice(&flags.to_le_bytes());
            body.extend_from_slice(&[0; 8]);
            let d = if compressed { *dsize as u64 } else { 0 };
            body.extend_from_slice(&d.to_le_bytes());
            body.extend_from_slice(payload);
            body.resize(body.len() + padded - payload.len(), 0);
        }
        let mut out = Vec::new();
        out.extend_from_slice(&FATBIN_MAGIC.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&16u16.to_le_bytes());
        out.extend_from_slice(&(body.len() as u64).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    #[test]
    fn plain_entries() {
        let fb = build(&[
            (2, 90, 0x11, b"\x7fELFxyz".to_vec(), 0),
            (1, 90, 0x11, b".version 9.0\n\0".to_vec(), 0),
        ]);
        assert_eq!(container_size(&fb).unwrap(), fb.len());
        let imgs = parse(&fb).unwrap();
        assert_eq!(imgs.len(), 2);
        assert_eq!(imgs[0].kind, ImageKind::Elf);
        assert_eq!(imgs[0].describe(), "sm_90:elf");
        // Uncompressed payloads keep their padding.
        assert_eq!(&imgs[0].data[..7], b"\x7fELFxyz");
        assert_eq!(imgs[1].describe(), "sm_90:ptx");
        assert_eq!(ptx_text(&imgs[1]), ".version 9.0\n");
    }

    #[test]
    fn lz4_entry() {
        // "abcabcabcabc!" : literals "abc", match 9 at offset 3, then literal "!".
        let stored = vec![0x35, b'a', b'b', b'c', 3, 0, 0x10, b'!'];
        let fb = build(&[(1, 80, 0x2011, stored, 13)]);
        let imgs = parse(&fb).unwrap();
        assert_eq!(imgs[0].compression, Compression::Lz4);
        assert_eq!(imgs[0].data, b"abcabcabcabc!");
        assert_eq!(imgs[0].describe(), "sm_80:ptx:lz4");
    }

    #[test]
    fn zstd_entry() {
        // A zstd frame holding one raw block with "hello": magic, frame header descriptor
        // 0x20 (single segment, 1-byte content size), content size 5, block header
        // (last=1, type=raw, size=5).
        let mut stored = vec![0x28, 0xb5, 0x2f, 0xfd, 0x20, 5];
        let bh: u32 = 1 | (5 << 3);
        stored.extend_from_slice(&bh.to_le_bytes()[..3]);
        stored.extend_from_slice(b"hello");
        let fb = build(&[(2, 90, 0x8011, stored, 5)]);
        let imgs = parse(&fb).unwrap();
        assert_eq!(imgs[0].compression, Compression::Zstd);
        assert_eq!(imgs[0].data, b"hello");
    }

    #[test]
    fn rejects_garbage() {
        assert!(parse(&[0u8; 32]).is_err());
        let mut fb = build(&[(2, 90, 0x11, vec![1, 2, 3], 0)]);
        fb.truncate(fb.len() - 4);
        assert!(parse(&fb).is_err());
        // An entry whose payload size runs past the container.
        let mut fb = build(&[(2, 90, 0x11, vec![1, 2, 3, 4, 5, 6, 7, 8], 0)]);
        fb[16 + 8] = 200;
        assert!(parse(&fb).is_err());
    }
}
