//! The global symbols an object file defines and references.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, Result};
use object::{Object, ObjectSymbol};

/// Global (and weak) symbols of one object file, by name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Symbols {
    pub defined: BTreeSet<String>,
    pub undefined: BTreeSet<String>,
}

impl Symbols {
    pub fn of_file(path: &Path) -> Result<Symbols> {
        let data =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        Symbols::of_bytes(&data)
            .with_context(|| format!("cannot read symbols of {}", path.display()))
    }

    pub fn of_bytes(data: &[u8]) -> Result<Symbols> {
        let file = object::File::parse(data)?;
        let mut s = Symbols::default();
        for sym in file.symbols() {
            if !sym.is_global() || sym.kind() == object::SymbolKind::Section {
                continue;
            }
            let Ok(name) = sym.name() else { continue };
            if name.is_empty() {
                continue;
            }
            // ELF visibility counts too: a kernel the host file leaves hidden must be
            // referenced hidden (`STV_HIDDEN` in the low bits of `st_other`).
            let name = match sym.flags() {
                object::SymbolFlags::Elf { st_other, .. } if st_other.0 & 3 == 2 => {
                    format!("{name} (hidden)")
                }
                _ => name.to_string(),
            };
            if sym.is_undefined() {
                s.undefined.insert(name);
            } else {
                s.defined.insert(name);
            }
        }
        Ok(s)
    }

    /// A readable account of how `other` differs from `self`; empty when equal.
    pub fn diff(&self, other: &Symbols) -> String {
        let mut out = String::new();
        for (what, a, b) in [
            ("defined", &self.defined, &other.defined),
            ("undefined", &self.undefined, &other.undefined),
        ] {
            for name in a.difference(b) {
                out.push_str(&format!("- {what} {name}\n"));
            }
            for name in b.difference(a) {
                out.push_str(&format!("+ {what} {name}\n"));
            }
        }
        out
    }
}
