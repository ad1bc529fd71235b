//! The trace: where it goes, and how records are written.

use std::fmt::Write as _;
use std::fs::File;
use std::io::Write;
use std::sync::{LazyLock, Mutex};

pub const FORMAT_VERSION: u32 = 1;

enum Sink {
    File(File),
    Stderr,
}

static SINK: LazyLock<Mutex<Sink>> = LazyLock::new(|| {
    let sink = match std::env::var_os("CUDART_TRACE_FILE") {
        Some(p) if !p.is_empty() => {
            let p = p
                .to_string_lossy()
                .replace("%p", &std::process::id().to_string());
            match File::create(&p) {
                Ok(f) => Sink::File(f),
                Err(e) => {
                    eprintln!(
                        "[cudart-trace] cannot create CUDART_TRACE_FILE {p}: {e}; tracing to stderr"
                    );
                    Sink::Stderr
                }
            }
        }
        _ => Sink::Stderr,
    };
    let mut sink = sink;
    write_to(&mut sink, &format!("cudart-trace {FORMAT_VERSION}"));
    Mutex::new(sink)
});

fn write_to(sink: &mut Sink, line: &str) {
    match sink {
        Sink::File(f) => {
            let mut buf = String::with_capacity(line.len() + 1);
            buf.push_str(line);
            buf.push('\n');
            // One write per record, so that the file is complete up to the last call even
            // if the program dies right after.
            let _ = f.write_all(buf.as_bytes());
        }
        Sink::Stderr => {
            let _ = writeln!(std::io::stderr().lock(), "[cudart-trace] {line}");
        }
    }
}

/// Opens the trace (writing its header) if that has not happened yet.
pub fn open() {
    LazyLock::force(&SINK);
}

/// Records written by this crate's own unit tests, which call the entry points
/// in-process: kept here instead of being written out.
#[cfg(test)]
static CAPTURED: Mutex<Vec<String>> = Mutex::new(Vec::new());

#[cfg(test)]
pub(crate) fn captured() -> Vec<String> {
    CAPTURED.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

/// Writes one record.
pub fn line(record: &str) {
    #[cfg(test)]
    {
        CAPTURED
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(record.to_string());
    }
    #[cfg(not(test))]
    {
        let mut sink = SINK.lock().unwrap_or_else(|e| e.into_inner());
        write_to(&mut sink, record);
    }
}

/// Lower-case hex of `bytes`, in memory order.
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The `args=` field: each argument's bytes in hex, comma-separated; an 8-byte argument
/// whose value `describe` recognises (a pointer into an allocation or a device variable)
/// is followed by `=` and that description.
pub fn format_args(args: &[Vec<u8>], describe: impl Fn(u64) -> Option<String>) -> String {
    let mut out = String::new();
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&hex(a));
        if let Ok(b) = <[u8; 8]>::try_from(a.as_slice())
            && let Some(d) = describe(u64::from_le_bytes(b))
        {
            out.push('=');
            out.push_str(&d);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_memory_order() {
        assert_eq!(hex(&100i32.to_le_bytes()), "64000000");
        assert_eq!(hex(&[]), "");
        assert_eq!(hex(&(-1i16).to_le_bytes()), "ffff");
    }

    #[test]
    fn args_with_pointers() {
        let base: u64 = 0x2000_0000_0000;
        let describe =
            |v: u64| (v >= base && v < base + 1024).then(|| format!("alloc0+{}", v - base));
        let args = vec![
            (base + 12).to_le_bytes().to_vec(),
            0u64.to_le_bytes().to_vec(),
            7i32.to_le_bytes().to_vec(),
            vec![b'a'],
            1.5f64.to_le_bytes().to_vec(),
        ];
        assert_eq!(
            format_args(&args, describe),
            "0c00000000200000=alloc0+12,0000000000000000,07000000,61,000000000000f83f"
        );
        assert_eq!(format_args(&[], describe), "");
    }
}
