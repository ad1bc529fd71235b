//! Interned names. Every identifier of a translation unit is stored once; the rest of the
//! front end passes [`Symbol`]s (four bytes, compared by value).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// An interned identifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Symbol(pub u32);

/// A small, fast, non-cryptographic hasher for keys we make ourselves (symbols, short byte
/// strings): the multiply-rotate scheme rustc uses. Not for attacker-chosen keys of unbounded
/// number; identifiers of a translation unit are fine.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.hash
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;
pub type FxHashMap<K, V> = HashMap<K, V, FxBuild>;
pub type FxHashSet<K> = std::collections::HashSet<K, FxBuild>;

/// The table of interned names.
#[derive(Debug, Default)]
pub struct Interner {
    map: FxHashMap<Box<[u8]>, Symbol>,
    names: Vec<Box<[u8]>>,
}

impl Interner {
    pub fn new() -> Interner {
        Interner::default()
    }

    pub fn intern(&mut self, name: &[u8]) -> Symbol {
        if let Some(&s) = self.map.get(name) {
            return s;
        }
        let sym = Symbol(self.names.len() as u32);
        let owned: Box<[u8]> = name.into();
        self.names.push(owned.clone());
        self.map.insert(owned, sym);
        sym
    }

    pub fn intern_str(&mut self, name: &str) -> Symbol {
        self.intern(name.as_bytes())
    }

    /// The symbol for `name` if it was interned.
    pub fn get(&self, name: &[u8]) -> Option<Symbol> {
        self.map.get(name).copied()
    }

    pub fn bytes(&self, sym: Symbol) -> &[u8] {
        &self.names[sym.0 as usize]
    }

    /// The name as text (identifiers are UTF-8; anything else is shown lossily).
    pub fn name(&self, sym: Symbol) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(self.bytes(sym))
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interns_once() {
        let mut i = Interner::new();
        let a = i.intern(b"alpha");
        let b = i.intern(b"beta");
        assert_ne!(a, b);
        assert_eq!(i.intern(b"alpha"), a);
        assert_eq!(i.name(b), "beta");
        assert_eq!(i.get(b"gamma"), None);
        assert_eq!(i.len(), 2);
    }
}
