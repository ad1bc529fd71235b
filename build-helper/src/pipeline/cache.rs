//! The content-keyed cache, and the files a compilation read.
//!
//! A compilation is keyed by everything that decides its outputs except the contents of the
//! files it reads: the source's path, the pipeline's options, the toolkit (root and
//! version), the host compiler (path, flags, version) and the versions of cudafe-rs. Under
//! that key the cache keeps the outputs and the list of the user files the compilation read
//! — the source and every header outside the toolkit and the system directories, as the
//! line markers of the preprocessed units name them — each with a hash of its contents. A
//! lookup hits when every one of those files still has the same contents; then no tool runs
//! at all. Toolkit and system headers are covered by the toolkit's version and the host
//! compiler's identity instead of being read on every build.

use std::collections::BTreeSet;
use std::hash::Hasher;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use anyhow::{Context, Result};

/// A 128-bit hash of bytes, as 32 hex digits. Stable for a given build of this crate
/// (which is all a cache in `OUT_DIR` needs).
#[derive(Debug, Clone)]
pub struct KeyHasher {
    a: std::hash::DefaultHasher,
    b: std::hash::DefaultHasher,
}

impl Default for KeyHasher {
    fn default() -> Self {
        let mut a = std::hash::DefaultHasher::new();
        let mut b = std::hash::DefaultHasher::new();
        a.write(b"cudafe-rs cache key a");
        b.write(b"cudafe-rs cache key b (independent)");
        KeyHasher { a, b }
    }
}

impl KeyHasher {
    /// Adds a field (length-prefixed, so that fields cannot run into each other).
    pub fn field(&mut self, bytes: impl AsRef<[u8]>) -> &mut Self {
        let bytes = bytes.as_ref();
        self.a.write_u64(bytes.len() as u64);
        self.a.write(bytes);
        self.b.write_u64(bytes.len() as u64);
        self.b.write(bytes);
        self
    }

    pub fn finish_hex(&self) -> String {
        format!("{:016x}{:016x}", self.a.finish(), self.b.finish())
    }
}

/// The hash of a file's contents; `None` when it cannot be read.
pub fn hash_file(path: &Path) -> Option<String> {
    let bytes = std::fs::read(path).ok()?;
    Some(KeyHasher::default().field(&bytes).finish_hex())
}

/// The user files a preprocessed unit was made of, from its line markers: every file a
/// marker names that is not flagged a system header, is not under one of `toolkit_dirs`
/// and exists (which leaves out `<built-in>`, `<command-line>` and the working-directory
/// marker). Relative names are taken from `cwd`; the result is canonical paths.
pub fn user_files(text: &[u8], cwd: &Path, toolkit_dirs: &[PathBuf]) -> BTreeSet<PathBuf> {
    let mut names: BTreeSet<String> = BTreeSet::new();
    let mut system: BTreeSet<String> = BTreeSet::new();
    let mut start = 0;
    while start < text.len() {
        let end = memchr(b'\n', &text[start..]).map_or(text.len(), |i| start + i);
        let line = &text[start..end];
        if line.first() == Some(&b'#')
            && let Some((_, name, flags)) = cudafe_core::source_map::parse_marker(line)
        {
            if flags.system {
                system.insert(name.into_owned());
            } else {
                names.insert(name.into_owned());
            }
        }
        start = end + 1;
    }
    let toolkit: Vec<PathBuf> = toolkit_dirs
        .iter()
        .map(|d| std::fs::canonicalize(d).unwrap_or_else(|_| d.clone()))
        .collect();
    let mut out = BTreeSet::new();
    for name in names.difference(&system) {
        if name.starts_with('<') || name.ends_with('/') {
            continue;
        }
        let path = cwd.join(name);
        if !path.is_file() {
            continue;
        }
        let path = std::fs::canonicalize(&path).unwrap_or(path);
        if toolkit.iter().any(|t| path.starts_with(t)) {
            continue;
        }
        out.insert(path);
    }
    out
}

fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    hay.iter().position(|&b| b == needle)
}

/// What a cache entry records besides its output files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Meta {
    pub module_id: String,
    pub kernels: BTreeSet<String>,
    /// The kernels that came from cicc's stub file ([`super::CompiledFile::stub_from_cicc`]).
    pub stub_from_cicc: BTreeSet<String>,
    pub warnings: String,
    /// The files read, each with the hash of its contents.
    pub deps: Vec<(PathBuf, String)>,
    /// The names of the output files, in order.
    pub outputs: Vec<String>,
}

/// A cache hit: the recorded metadata and where its output files are.
#[derive(Debug, Clone)]
pub struct Hit {
    pub meta: Meta,
    pub files: Vec<PathBuf>,
}

/// A cache directory.
#[derive(Debug, Clone)]
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    pub fn new(dir: impl AsRef<Path>) -> Cache {
        Cache {
            dir: dir.as_ref().to_path_buf(),
        }
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The entry for `key`, when every file it read still has the contents it had.
    pub fn lookup(&self, key: &str) -> Option<Hit> {
        let entry = self.dir.join(key);
        let text = std::fs::read_to_string(entry.join("meta")).ok()?;
        let mut meta = Meta::default();
        for line in text.lines() {
            let (tag, rest) = line.split_once(' ')?;
            match tag {
                "module_id" => meta.module_id = rest.to_string(),
                "kernel" => {
                    meta.kernels.insert(rest.to_string());
                }
                "cicc_kernel" => {
                    meta.stub_from_cicc.insert(rest.to_string());
                }
                "output" => meta.outputs.push(rest.to_string()),
                "dep" => {
                    let (hash, path) = rest.split_once(' ')?;
                    meta.deps.push((PathBuf::from(path), hash.to_string()));
                }
                _ => return None,
            }
        }
        for (path, hash) in &meta.deps {
            if hash_file(path).as_deref() != Some(hash.as_str()) {
                return None;
            }
        }
        meta.warnings = std::fs::read_to_string(entry.join("warnings")).ok()?;
        let files: Vec<PathBuf> = (0..meta.outputs.len())
            .map(|i| entry.join(format!("out{i}")))
            .collect();
        if !files.iter().all(|f| f.is_file()) {
            return None;
        }
        Some(Hit { meta, files })
    }

    /// Records an entry (replacing the one under `key`). `outputs` pairs the names of
    /// `meta.outputs` with the files to keep.
    pub fn store(&self, key: &str, meta: &Meta, outputs: &[PathBuf]) -> Result<()> {
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        std::fs::create_dir_all(&self.dir)
            .with_context(|| format!("cannot create {}", self.dir.display()))?;
        let tmp = self.dir.join(format!(
            "{key}.tmp-{}-{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&tmp);
        std::fs::create_dir_all(&tmp)?;
        let mut text = String::new();
        text.push_str(&format!("module_id {}\n", meta.module_id));
        for k in &meta.kernels {
            text.push_str(&format!("kernel {k}\n"));
        }
        for k in &meta.stub_from_cicc {
            text.push_str(&format!("cicc_kernel {k}\n"));
        }
        for o in &meta.outputs {
            text.push_str(&format!("output {o}\n"));
        }
        for (path, hash) in &meta.deps {
            text.push_str(&format!("dep {hash} {}\n", path.display()));
        }
        for (i, f) in outputs.iter().enumerate() {
            std::fs::copy(f, tmp.join(format!("out{i}")))
                .with_context(|| format!("cannot copy {} into the cache", f.display()))?;
        }
        std::fs::write(tmp.join("warnings"), &meta.warnings)?;
        // `meta` last: an entry without it is never a hit.
        std::fs::write(tmp.join("meta"), text)?;
        let entry = self.dir.join(key);
        let _ = std::fs::remove_dir_all(&entry);
        std::fs::rename(&tmp, &entry)
            .with_context(|| format!("cannot write the cache entry {}", entry.display()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_separate_fields() {
        let k = |fields: &[&str]| {
            let mut h = KeyHasher::default();
            for f in fields {
                h.field(f);
            }
            h.finish_hex()
        };
        assert_eq!(k(&["ab", "c"]), k(&["ab", "c"]));
        assert_ne!(k(&["ab", "c"]), k(&["a", "bc"]));
        assert_eq!(k(&["x"]).len(), 32);
    }

    #[test]
    fn user_files_from_markers() {
        let dir = std::env::temp_dir().join(format!("cudafe-rs-deps-{}", std::process::id()));
        let tk = dir.join("toolkit");
        std::fs::create_dir_all(tk.join("include")).unwrap();
        std::fs::write(dir.join("k.cu"), "").unwrap();
        std::fs::write(dir.join("h.h"), "").unwrap();
        std::fs::write(dir.join("sys.h"), "").unwrap();
        std::fs::write(tk.join("include/cuda_runtime.h"), "").unwrap();
        let text = format!(
            "# 0 \"k.cu\"\n# 0 \"{d}//\"\n# 0 \"<built-in>\"\n# 1 \"{t}/include/cuda_runtime.h\" 1\n# 1 \"sys.h\" 1 3\n# 1 \"h.h\" 1\nint x;\n# 2 \"k.cu\" 2\n",
            d = dir.display(),
            t = tk.display()
        );
        let files = user_files(text.as_bytes(), &dir, std::slice::from_ref(&tk));
        let dir = std::fs::canonicalize(&dir).unwrap();
        assert_eq!(
            files.into_iter().collect::<Vec<_>>(),
            [dir.join("h.h"), dir.join("k.cu")]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn store_and_lookup() {
        let dir = std::env::temp_dir().join(format!("cudafe-rs-cache-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let src = dir.join("a.cu");
        std::fs::write(&src, "one").unwrap();
        let obj = dir.join("a.o");
        std::fs::write(&obj, "object").unwrap();
        let cache = Cache::new(dir.join("cache"));
        let meta = Meta {
            module_id: "id".into(),
            kernels: ["_Z1kv".to_string(), "_Z1tIiEvv".to_string()].into(),
            stub_from_cicc: ["_Z1tIiEvv".to_string()].into(),
            warnings: "w\n".into(),
            deps: vec![(src.clone(), hash_file(&src).unwrap())],
            outputs: vec!["object".into()],
        };
        assert!(cache.lookup("k").is_none());
        cache.store("k", &meta, std::slice::from_ref(&obj)).unwrap();
        let hit = cache.lookup("k").unwrap();
        assert_eq!(hit.meta, meta);
        assert_eq!(std::fs::read(&hit.files[0]).unwrap(), b"object");
        std::fs::write(&src, "two").unwrap();
        assert!(cache.lookup("k").is_none());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
