//! A decoder for the LZ4 *block* format, which `fatbinary --compress-mode=speed` uses for
//! the images of a fat binary (entry flag `0x2000`).
//!
//! A block is a series of sequences. Each sequence starts with a token byte: its high
//! nibble is the literal length, its low nibble the match length minus 4; a nibble of 15
//! is extended by following bytes, each added to it, until one that is not 255. The
//! literals follow, then a 2-byte little-endian match offset (1..=65535, counted back from
//! the current end of the output) and the match-length extension bytes. The last sequence
//! has literals only.

/// Decodes one LZ4 block. `expected` is the decompressed size recorded in the fat binary;
/// the output must have exactly that length.
pub fn decompress_block(src: &[u8], expected: usize) -> Result<Vec<u8>, String> {
    let mut out: Vec<u8> = Vec::with_capacity(expected);
    let mut i = 0usize;
    let read_len = |i: &mut usize, mut len: usize| -> Result<usize, String> {
        if len == 15 {
            loop {
                let b = *src.get(*i).ok_or("lz4: truncated length")?;
                *i += 1;
                len = len.checked_add(b as usize).ok_or("lz4: length overflow")?;
                if b != 255 {
                    break;
                }
            }
        }
        Ok(len)
    };
    while i < src.len() {
        let token = src[i];
        i += 1;
        let lit_len = read_len(&mut i, (token >> 4) as usize)?;
        let lit_end = i.checked_add(lit_len).ok_or("lz4: literal overflow")?;
        let lits = src.get(i..lit_end).ok_or("lz4: truncated literals")?;
        if out.len() + lits.len() > expected {
            return Err("lz4: output larger than announced".into());
        }
        out.extend_from_slice(lits);
        i = lit_end;
        if i == src.len() {
            break; // the last sequence has no match
        }
        let off_bytes = src.get(i..i + 2).ok_or("lz4: truncated offset")?;
        let offset = u16::from_le_bytes([off_bytes[0], off_bytes[1]]) as usize;
        i += 2;
        if offset == 0 || offset > out.len() {
            return Err(format!(
                "lz4: bad match offset {offset} at output position {}",
                out.len()
            ));
        }
        let match_len = read_len(&mut i, (token & 15) as usize)? + 4;
        if out.len() + match_len > expected {
            return Err("lz4: output larger than announced".into());
        }
        let start = out.len() - offset;
        if offset >= match_len {
            out.extend_from_within(start..start + match_len);
        } else {
            // Overlapping copy: repeats the last `offset` bytes.
            for k in 0..match_len {
                let b = out[start + k];
                out.push(b);
            }
        }
    }
    if out.len() != expected {
        return Err(format!(
            "lz4: decompressed {} bytes, expected {expected}",
            out.len()
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_only() {
        // token 0x50: 5 literals, no match (end of block)
        let src = [0x50, b'h', b'e', b'l', b'l', b'o'];
        assert_eq!(decompress_block(&src, 5).unwrap(), b"hello");
    }

    #[test]
    fn overlapping_match() {
        // "a" then a match of 7 at offset 1 -> "aaaaaaaa", then literal "b".
        // token 0x13: 1 literal, match length 3 + 4 = 7.
        let src = [0x13, b'a', 0x01, 0x00, 0x10, b'b'];
        assert_eq!(decompress_block(&src, 9).unwrap(), b"aaaaaaaab");
    }

    #[test]
    fn extended_lengths() {
        // 20 literals (15 + 5), then a match of 4 + 15 + 2 = 21 at offset 20.
        let mut src = vec![0xff, 5];
        let lits: Vec<u8> = (0..20u8).collect();
        src.extend_from_slice(&lits);
        src.extend_from_slice(&[20, 0, 2]);
        src.push(0x00); // final empty sequence
        let out = decompress_block(&src, 41).unwrap();
        assert_eq!(&out[..20], &lits[..]);
        assert_eq!(&out[20..40], &lits[..]);
        assert_eq!(out[40], 0);
    }

    #[test]
    fn errors() {
        assert!(decompress_block(&[0x10, b'a', 0x05, 0x00], 10).is_err()); // offset too far
        assert!(decompress_block(&[0x50, b'a'], 5).is_err()); // truncated literals
        assert!(decompress_block(&[0x10, b'a'], 3).is_err()); // size mismatch
    }
}
