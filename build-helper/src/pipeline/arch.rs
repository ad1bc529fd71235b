//! GPU architectures, as CMake's `CUDA_ARCHITECTURES` writes them.
//!
//! `80;90a;120-virtual`: a number alone asks for SASS and PTX (`sm_80` and `compute_80`),
//! `-real` for SASS only, `-virtual` for PTX only; `a` and `f` suffixes name the
//! architecture- and family-specific variants. `all` is every real architecture the
//! toolkit supports plus PTX for the newest; `all-major` the same for the architectures
//! whose minor version is 0 (this is the default). `native` would need a GPU probe, which a
//! build does not do.

use std::fmt;
use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, anyhow, bail};

/// A variant of an architecture: `90`, `90a` (architecture-specific), `100f` (family).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    Plain,
    Specific,
    Family,
}

/// One GPU architecture (`90a` = 9.0, specific).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GpuArch {
    /// `major * 10 + minor`: 90, 100, 121.
    pub number: u32,
    pub variant: Variant,
}

impl GpuArch {
    pub fn new(number: u32) -> GpuArch {
        GpuArch {
            number,
            variant: Variant::Plain,
        }
    }

    /// `90`, `90a`, `100f`, optionally after `sm_` or `compute_`.
    pub fn parse(s: &str) -> Result<GpuArch> {
        let s = s.trim();
        let body = s
            .strip_prefix("sm_")
            .or_else(|| s.strip_prefix("compute_"))
            .unwrap_or(s);
        let (digits, variant) = match body.as_bytes().last() {
            Some(b'a') => (&body[..body.len() - 1], Variant::Specific),
            Some(b'f') => (&body[..body.len() - 1], Variant::Family),
            _ => (body, Variant::Plain),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 4 {
            bail!("`{s}` is not a GPU architecture (like 80, 90a or 120)");
        }
        Ok(GpuArch {
            number: digits.parse()?,
            variant,
        })
    }

    fn suffix(&self) -> &'static str {
        match self.variant {
            Variant::Plain => "",
            Variant::Specific => "a",
            Variant::Family => "f",
        }
    }

    /// `sm_90a`.
    pub fn sm(&self) -> String {
        format!("sm_{self}")
    }

    /// `compute_90a`.
    pub fn compute(&self) -> String {
        format!("compute_{self}")
    }

    /// The value of `__CUDA_ARCH__`: 900 for 9.0.
    pub fn cuda_arch(&self) -> u32 {
        self.number * 10
    }

    /// The macros device code of this architecture is preprocessed with, after
    /// `-D__CUDA_ARCH__=N` (as nvcc passes them).
    pub fn feature_defines(&self) -> Vec<String> {
        let n = self.cuda_arch();
        match self.variant {
            Variant::Plain => Vec::new(),
            Variant::Specific => vec![
                format!("-D__CUDA_ARCH_FEAT_SM{}_ALL", self.number),
                format!("-D__CUDA_ARCH_SPECIFIC__={n}"),
                format!("-D__CUDA_ARCH_FAMILY_SPECIFIC__={n}"),
            ],
            Variant::Family => vec![format!("-D__CUDA_ARCH_FAMILY_SPECIFIC__={n}")],
        }
    }

    pub fn is_major(&self) -> bool {
        self.number.is_multiple_of(10)
    }
}

impl fmt::Display for GpuArch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.number, self.suffix())
    }
}

/// One virtual architecture to compile for (one cicc run), with the real architectures its
/// PTX is assembled for (one ptxas run each) and whether the PTX itself goes into the
/// fat binary. This is nvcc's `-gencode arch=compute_X,code=[sm_Y,...,compute_X]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub virtual_arch: GpuArch,
    pub real: Vec<GpuArch>,
    pub ptx: bool,
}

/// What to compile device code for: the targets in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Archs {
    pub targets: Vec<Target>,
}

/// The architectures a toolkit supports: `nvcc --list-gpu-code` (the real ones).
pub fn supported(nvcc: &Path) -> Result<Vec<GpuArch>> {
    let out = Command::new(nvcc)
        .arg("--list-gpu-code")
        .output()
        .with_context(|| format!("cannot run {}", nvcc.display()))?;
    if !out.status.success() {
        bail!(
            "`{} --list-gpu-code` failed: {}",
            nvcc.display(),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let mut archs: Vec<GpuArch> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| GpuArch::parse(l).ok())
        .collect();
    archs.sort_by_key(|a| (a.number, a.variant));
    archs.dedup();
    if archs.is_empty() {
        bail!(
            "`{} --list-gpu-code` listed no architecture",
            nvcc.display()
        );
    }
    Ok(archs)
}

impl Archs {
    /// The default: SASS for every major architecture the toolkit supports, PTX for the
    /// newest of them (CMake's `all-major`).
    pub fn default_for(supported: &[GpuArch]) -> Result<Archs> {
        Archs::parse("all-major", supported)
    }

    /// Parses CMake syntax (`;` or `,` separated) against the architectures the toolkit
    /// supports.
    pub fn parse(spec: &str, supported: &[GpuArch]) -> Result<Archs> {
        let spec = spec.trim();
        let plain = |a: &GpuArch| a.variant == Variant::Plain;
        match spec {
            "all" | "all-major" => {
                let reals: Vec<GpuArch> = supported
                    .iter()
                    .filter(|a| plain(a) && (spec == "all" || a.is_major()))
                    .copied()
                    .collect();
                let newest = *reals
                    .iter()
                    .max_by_key(|a| a.number)
                    .ok_or_else(|| anyhow!("the toolkit supports no architecture for `{spec}`"))?;
                let mut targets: Vec<Target> = reals
                    .iter()
                    .map(|&a| Target {
                        virtual_arch: a,
                        real: vec![a],
                        ptx: a == newest,
                    })
                    .collect();
                targets.sort_by_key(|t| t.virtual_arch.number);
                return Ok(Archs { targets });
            }
            "native" => bail!(
                "`native` architectures need a GPU probe, which builds do not do: name the architectures (like `80;90`), or use `all-major`"
            ),
            "" => bail!("no GPU architecture given"),
            _ => {}
        }
        let mut targets: Vec<Target> = Vec::new();
        for item in spec
            .split([';', ','])
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let (arch, real, ptx) = if let Some(a) = item.strip_suffix("-real") {
                (a, true, false)
            } else if let Some(a) = item.strip_suffix("-virtual") {
                (a, false, true)
            } else {
                (item, true, true)
            };
            let arch = GpuArch::parse(arch)?;
            let base = GpuArch::new(arch.number);
            if !supported.is_empty() && !supported.contains(&base) {
                let list: Vec<String> = supported.iter().map(|a| a.to_string()).collect();
                bail!(
                    "GPU architecture `{arch}` is not supported by this toolkit (it supports {})",
                    list.join(", ")
                );
            }
            match targets.iter_mut().find(|t| t.virtual_arch == arch) {
                Some(t) => {
                    if real && !t.real.contains(&arch) {
                        t.real.push(arch);
                    }
                    t.ptx |= ptx;
                }
                None => targets.push(Target {
                    virtual_arch: arch,
                    real: if real { vec![arch] } else { Vec::new() },
                    ptx,
                }),
            }
        }
        if targets.is_empty() {
            bail!("no GPU architecture in `{spec}`");
        }
        Ok(Archs { targets })
    }

    /// `__CUDA_ARCH_LIST__`: the virtual architectures' `__CUDA_ARCH__` values, sorted.
    pub fn cuda_arch_list(&self) -> String {
        let mut v: Vec<u32> = self
            .targets
            .iter()
            .map(|t| t.virtual_arch.cuda_arch())
            .collect();
        v.sort_unstable();
        v.dedup();
        v.iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The last virtual architecture: nvcc compiles the host file with its `__CUDA_ARCH__`.
    pub fn last(&self) -> GpuArch {
        self.targets
            .last()
            .expect("Archs is never empty")
            .virtual_arch
    }

    /// Every real architecture, in order (the device link runs once for each).
    pub fn reals(&self) -> Vec<GpuArch> {
        let mut out: Vec<GpuArch> = Vec::new();
        for t in &self.targets {
            for r in &t.real {
                if !out.contains(r) {
                    out.push(*r);
                }
            }
        }
        out
    }

    /// The same selection as nvcc options (`-gencode=arch=compute_80,code=[sm_80,compute_80]`).
    pub fn nvcc_args(&self) -> Vec<String> {
        self.targets
            .iter()
            .map(|t| {
                let mut codes: Vec<String> = t.real.iter().map(GpuArch::sm).collect();
                if t.ptx {
                    codes.push(t.virtual_arch.compute());
                }
                format!(
                    "-gencode=arch={},code=[{}]",
                    t.virtual_arch.compute(),
                    codes.join(",")
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toolkit_13_0() -> Vec<GpuArch> {
        [75, 80, 86, 87, 88, 89, 90, 100, 110, 103, 120, 121]
            .into_iter()
            .map(GpuArch::new)
            .collect()
    }

    fn show(a: &Archs) -> String {
        a.nvcc_args().join(" ")
    }

    #[test]
    fn parses_single_architectures() {
        assert_eq!(GpuArch::parse("90a").unwrap().to_string(), "90a");
        assert_eq!(GpuArch::parse("sm_100f").unwrap().sm(), "sm_100f");
        assert_eq!(
            GpuArch::parse("compute_80").unwrap().compute(),
            "compute_80"
        );
        assert!(GpuArch::parse("9x").is_err());
        assert!(GpuArch::parse("").is_err());
        assert!(GpuArch::parse("a").is_err());
        assert_eq!(
            GpuArch::parse("90a").unwrap().feature_defines(),
            [
                "-D__CUDA_ARCH_FEAT_SM90_ALL",
                "-D__CUDA_ARCH_SPECIFIC__=900",
                "-D__CUDA_ARCH_FAMILY_SPECIFIC__=900"
            ]
        );
        assert_eq!(
            GpuArch::parse("100f").unwrap().feature_defines(),
            ["-D__CUDA_ARCH_FAMILY_SPECIFIC__=1000"]
        );
    }

    #[test]
    fn cmake_lists() {
        let s = toolkit_13_0();
        let a = Archs::parse("80;90a;120-virtual", &s).unwrap();
        assert_eq!(
            show(&a),
            "-gencode=arch=compute_80,code=[sm_80,compute_80] \
             -gencode=arch=compute_90a,code=[sm_90a,compute_90a] \
             -gencode=arch=compute_120,code=[compute_120]"
        );
        assert_eq!(a.cuda_arch_list(), "800,900,1200");
        assert_eq!(a.last().to_string(), "120");
        assert_eq!(a.reals().len(), 2);
        // `-real` and `-virtual` of the same architecture make one target; commas work too.
        let a = Archs::parse("86-real, 86-virtual,75-real", &s).unwrap();
        assert_eq!(
            show(&a),
            "-gencode=arch=compute_86,code=[sm_86,compute_86] \
             -gencode=arch=compute_75,code=[sm_75]"
        );
        assert_eq!(a.cuda_arch_list(), "750,860");
        assert_eq!(a.last().to_string(), "75");
    }

    #[test]
    fn all_and_all_major() {
        let s = toolkit_13_0();
        let major = Archs::parse("all-major", &s).unwrap();
        assert_eq!(
            show(&major),
            "-gencode=arch=compute_80,code=[sm_80] -gencode=arch=compute_90,code=[sm_90] \
             -gencode=arch=compute_100,code=[sm_100] -gencode=arch=compute_110,code=[sm_110] \
             -gencode=arch=compute_120,code=[sm_120,compute_120]"
        );
        assert_eq!(Archs::default_for(&s).unwrap(), major);
        let all = Archs::parse("all", &s).unwrap();
        assert_eq!(all.targets.len(), 12);
        assert_eq!(all.targets[0].virtual_arch.number, 75);
        let last = all.targets.last().unwrap();
        assert_eq!((last.virtual_arch.number, last.ptx), (121, true));
        assert_eq!(all.targets.iter().filter(|t| t.ptx).count(), 1);
    }

    #[test]
    fn rejects_what_it_cannot_build() {
        let s = toolkit_13_0();
        let e = Archs::parse("70", &s).unwrap_err().to_string();
        assert!(e.contains("`70` is not supported"), "{e}");
        assert!(Archs::parse("native", &s).is_err());
        assert!(Archs::parse("", &s).is_err());
        assert!(Archs::parse(";", &s).is_err());
        assert!(Archs::parse("80-bogus", &s).is_err());
    }
}
