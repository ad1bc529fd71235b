//! A small reader for 64-bit little-endian ELF files: section headers, section data and
//! symbol tables. It serves both the CUDA cubins inside fat binaries and the host
//! executables and shared objects whose symbol tables name the kernels' host stubs.

pub const SHT_SYMTAB: u32 = 2;
pub const SHT_NOBITS: u32 = 8;
pub const SHT_DYNSYM: u32 = 11;
pub const STT_OBJECT: u8 = 1;
pub const STT_FUNC: u8 = 2;
pub const STT_GNU_IFUNC: u8 = 10;
pub const STB_LOCAL: u8 = 0;

#[derive(Clone, Debug)]
pub struct Section {
    pub name: String,
    pub sh_type: u32,
    pub flags: u64,
    pub addr: u64,
    pub offset: u64,
    pub size: u64,
    pub link: u32,
    pub info: u32,
    pub entsize: u64,
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub value: u64,
    pub size: u64,
    pub info: u8,
    pub other: u8,
    pub shndx: u16,
}

impl Symbol {
    pub fn sym_type(&self) -> u8 {
        self.info & 0xf
    }
    pub fn bind(&self) -> u8 {
        self.info >> 4
    }
}

pub struct Elf<'a> {
    data: &'a [u8],
    pub e_type: u16,
    pub e_machine: u16,
    pub sections: Vec<Section>,
}

fn rd<const N: usize>(d: &[u8], o: usize) -> Result<[u8; N], String> {
    o.checked_add(N)
        .and_then(|e| d.get(o..e))
        .map(|s| s.try_into().expect("slice of N bytes"))
        .ok_or_else(|| format!("ELF: read past the end at {o:#x}"))
}
fn u16_at(d: &[u8], o: usize) -> Result<u16, String> {
    Ok(u16::from_le_bytes(rd(d, o)?))
}
fn u32_at(d: &[u8], o: usize) -> Result<u32, String> {
    Ok(u32::from_le_bytes(rd(d, o)?))
}
fn u64_at(d: &[u8], o: usize) -> Result<u64, String> {
    Ok(u64::from_le_bytes(rd(d, o)?))
}

/// The NUL-terminated string at `off` in `table`.
fn cstr(table: &[u8], off: usize) -> String {
    let Some(rest) = table.get(off..) else {
        return String::new();
    };
    let end = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
    String::from_utf8_lossy(&rest[..end]).into_owned()
}

impl<'a> Elf<'a> {
    pub fn parse(data: &'a [u8]) -> Result<Elf<'a>, String> {
        if data.len() < 64 || &data[..4] != b"\x7fELF" {
            return Err("not an ELF file".into());
        }
        if data[4] != 2 || data[5] != 1 {
            return Err("not a 64-bit little-endian ELF file".into());
        }
        let e_type = u16_at(data, 16)?;
        let e_machine = u16_at(data, 18)?;
        let shoff = u64_at(data, 0x28)? as usize;
        let shentsize = u16_at(data, 0x3a)? as usize;
        let mut shnum = u16_at(data, 0x3c)? as usize;
        let mut shstrndx = u16_at(data, 0x3e)? as usize;
        if shoff == 0 {
            return Ok(Elf {
                data,
                e_type,
                e_machine,
                sections: Vec::new(),
            });
        }
        if shentsize < 64 {
            return Err(format!("ELF: bad section header size {shentsize}"));
        }
        // Extended numbering: the real counts live in section 0.
        if shnum == 0 {
            shnum = u64_at(data, shoff + 0x20)? as usize;
        }
        if shstrndx == 0xffff {
            shstrndx = u32_at(data, shoff + 0x28)? as usize;
        }
        if shnum > data.len() / shentsize {
            return Err(format!("ELF: implausible section count {shnum}"));
        }
        let mut raw = Vec::with_capacity(shnum);
        for i in 0..shnum {
            let o = shoff + i * shentsize;
            raw.push((
                u32_at(data, o)?,
                Section {
                    name: String::new(),
                    sh_type: u32_at(data, o + 4)?,
                    flags: u64_at(data, o + 8)?,
                    addr: u64_at(data, o + 0x10)?,
                    offset: u64_at(data, o + 0x18)?,
                    size: u64_at(data, o + 0x20)?,
                    link: u32_at(data, o + 0x28)?,
                    info: u32_at(data, o + 0x2c)?,
                    entsize: u64_at(data, o + 0x38)?,
                },
            ));
        }
        let mut elf = Elf {
            data,
            e_type,
            e_machine,
            sections: Vec::new(),
        };
        let names: Vec<u8> = match raw.get(shstrndx) {
            Some((_, s)) => elf.bytes_of(s).to_vec(),
            None => Vec::new(),
        };
        elf.sections = raw
            .into_iter()
            .map(|(name_off, mut s)| {
                s.name = cstr(&names, name_off as usize);
                s
            })
            .collect();
        Ok(elf)
    }

    /// The file bytes of a section (empty for `SHT_NOBITS` or out-of-range sections).
    pub fn bytes_of(&self, s: &Section) -> &'a [u8] {
        if s.sh_type == SHT_NOBITS {
            return &[];
        }
        let (Ok(off), Ok(size)) = (usize::try_from(s.offset), usize::try_from(s.size)) else {
            return &[];
        };
        off.checked_add(size)
            .and_then(|end| self.data.get(off..end))
            .unwrap_or(&[])
    }

    pub fn section_by_name(&self, name: &str) -> Option<(usize, &Section)> {
        self.sections
            .iter()
            .enumerate()
            .find(|(_, s)| s.name == name)
    }

    /// The symbols of the first section of type `sh_type` (`SHT_SYMTAB` or `SHT_DYNSYM`),
    /// including the null symbol at index 0 so that indices match the file's.
    pub fn symbols(&self, sh_type: u32) -> Vec<Symbol> {
        let Some(tab) = self.sections.iter().find(|s| s.sh_type == sh_type) else {
            return Vec::new();
        };
        let strtab = self
            .sections
            .get(tab.link as usize)
            .map(|s| self.bytes_of(s))
            .unwrap_or(&[]);
        let bytes = self.bytes_of(tab);
        let entsize = if tab.entsize >= 24 {
            tab.entsize as usize
        } else {
            24
        };
        bytes
            .chunks_exact(entsize)
            .map(|e| Symbol {
                name: cstr(
                    strtab,
                    u32::from_le_bytes(e[0..4].try_into().unwrap()) as usize,
                ),
                info: e[4],
                other: e[5],
                shndx: u16::from_le_bytes(e[6..8].try_into().unwrap()),
                value: u64::from_le_bytes(e[8..16].try_into().unwrap()),
                size: u64::from_le_bytes(e[16..24].try_into().unwrap()),
            })
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A minimal ELF writer for tests: sections given as (name, type, info, data) plus
    /// symbols (name, info, shndx, value, size) placed in `.symtab`/`.strtab`.
    pub(crate) struct Builder {
        pub sections: Vec<(String, u32, u32, Vec<u8>)>,
        pub symbols: Vec<(String, u8, u16, u64, u64)>,
    }

    impl Builder {
        pub fn new() -> Self {
            Builder {
                sections: Vec::new(),
                symbols: Vec::new(),
            }
        }

        /// Adds a section and returns its index in the final file (after the null
        /// section, `.shstrtab`, `.strtab` and `.symtab`).
        pub fn section(&mut self, name: &str, sh_type: u32, info: u32, data: Vec<u8>) -> u16 {
            self.sections.push((name.to_string(), sh_type, info, data));
            (self.sections.len() + 3) as u16
        }

        pub fn symbol(&mut self, name: &str, info: u8, shndx: u16, value: u64, size: u64) {
            self.symbols
                .push((name.to_string(), info, shndx, value, size));
        }

        pub fn build(&self) -> Vec<u8> {
            let mut strtab = vec![0u8];
            let mut symtab = vec![0u8; 24];
            for (name, info, shndx, value, size) in &self.symbols {
                let off = strtab.len() as u32;
                strtab.extend_from_slice(name.as_bytes());
                strtab.push(0);
                symtab.extend_from_slice(&off.to_le_bytes());
                symtab.push(*info);
                symtab.push(0);
                symtab.extend_from_slice(&shndx.to_le_bytes());
                symtab.extend_from_slice(&value.to_le_bytes());
                symtab.extend_from_slice(&size.to_le_bytes());
            }
            let mut all: Vec<(String, u32, u32, u32, Vec<u8>)> = vec![
                (".shstrtab".into(), 3, 0, 0, Vec::new()),
                (".strtab".into(), 3, 0, 0, strtab),
                (".symtab".into(), SHT_SYMTAB, 2, 1, symtab),
            ];
            for (n, t, i, d) in &self.sections {
                all.push((n.clone(), *t, 0, *i, d.clone()));
            }
            let mut shstr = vec![0u8];
            let mut name_offs = Vec::new();
            for s in &all {
                name_offs.push(shstr.len() as u32);
                shstr.extend_from_slice(s.0.as_bytes());
                shstr.push(0);
            }
            all[0].4 = shstr;
            let mut out = vec![0u8; 64];
            let mut offs = Vec::new();
            for s in &all {
                while !out.len().is_multiple_of(8) {
                    out.push(0);
                }
                offs.push(out.len() as u64);
                if s.1 != SHT_NOBITS {
                    out.extend_from_slice(&s.4);
                }
            }
            while !out.len().is_multiple_of(8) {
                out.push(0);
            }
            let shoff = out.len() as u64;
            out.extend_from_slice(&[0u8; 64]);
            for (i, s) in all.iter().enumerate() {
                let mut h = Vec::new();
                h.extend_from_slice(&name_offs[i].to_le_bytes());
                h.extend_from_slice(&s.1.to_le_bytes());
                h.extend_from_slice(&0u64.to_le_bytes());
                h.extend_from_slice(&0u64.to_le_bytes());
                h.extend_from_slice(&offs[i].to_le_bytes());
                h.extend_from_slice(&(s.4.len() as u64).to_le_bytes());
                h.extend_from_slice(&s.2.to_le_bytes());
                h.extend_from_slice(&s.3.to_le_bytes());
                h.extend_from_slice(&8u64.to_le_bytes());
                let ent: u64 = if s.1 == SHT_SYMTAB { 24 } else { 0 };
                h.extend_from_slice(&ent.to_le_bytes());
                out.extend_from_slice(&h);
            }
            out[..4].copy_from_slice(b"\x7fELF");
            out[4] = 2;
            out[5] = 1;
            out[6] = 1;
            out[16..18].copy_from_slice(&2u16.to_le_bytes());
            out[18..20].copy_from_slice(&190u16.to_le_bytes());
            out[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
            out[0x3a..0x3c].copy_from_slice(&64u16.to_le_bytes());
            out[0x3c..0x3e].copy_from_slice(&((all.len() + 1) as u16).to_le_bytes());
            out[0x3e..0x40].copy_from_slice(&1u16.to_le_bytes());
            out
        }
    }

    #[test]
    fn reads_sections_and_symbols() {
        let mut b = Builder::new();
        let d = b.section(".data", 1, 0, vec![1, 2, 3, 4]);
        let bss = b.section(".bss", SHT_NOBITS, 0, vec![0; 16]);
        b.symbol("x", STT_OBJECT, d, 0, 4);
        b.symbol("y", STT_OBJECT | (1 << 4), bss, 8, 8);
        let bytes = b.build();
        let elf = Elf::parse(&bytes).unwrap();
        assert_eq!(elf.e_machine, 190);
        let (i, s) = elf.section_by_name(".data").unwrap();
        assert_eq!(i, d as usize);
        assert_eq!(elf.bytes_of(s), &[1, 2, 3, 4]);
        assert!(
            elf.bytes_of(elf.section_by_name(".bss").unwrap().1)
                .is_empty()
        );
        let syms = elf.symbols(SHT_SYMTAB);
        assert_eq!(syms.len(), 3);
        assert_eq!(syms[1].name, "x");
        assert_eq!(syms[2].name, "y");
        assert_eq!(syms[2].bind(), 1);
        assert_eq!(syms[2].sym_type(), STT_OBJECT);
        assert_eq!(syms[2].value, 8);
        assert!(elf.symbols(SHT_DYNSYM).is_empty());
    }

    #[test]
    fn rejects_non_elf() {
        assert!(Elf::parse(b"hello").is_err());
        assert!(Elf::parse(&[0u8; 128]).is_err());
    }
}
