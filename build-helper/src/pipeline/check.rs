//! The consistency check every build makes: the kernels our stub file registers must be
//! exactly the entries cicc produced (the `__cudaRegisterEntry` calls of the stub file cicc
//! writes for each virtual architecture).
//!
//! A kernel our stub file registers that cicc did not produce is always an error. A kernel
//! cicc produced that our stub file lacks is one our front end did not find: a template
//! kernel instantiated deep inside other templates (thrust's and cub's dispatch layers).
//! The pipeline then builds with cicc's stub file, as nvcc does, and says which kernels
//! (see [`Mismatch`]); in strict mode it is an error.

use std::collections::BTreeSet;

use anyhow::{Result, bail};

/// The device names of the kernels a stub file registers:
/// `__cudaRegisterEntry(handle, (host function), DEVICE_NAME, (-1))`.
pub fn registered_kernels(stub: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    const CALL: &str = "__cudaRegisterEntry(";
    let mut rest = stub;
    while let Some(at) = rest.find(CALL) {
        rest = &rest[at + CALL.len()..];
        // The arguments, split at commas outside parentheses. The host function may be a
        // template instance with commas inside `<...>`; the device name is always the
        // next-to-last argument.
        let mut depth = 0usize;
        let mut args = Vec::new();
        let mut start = 0;
        let mut end = None;
        for (i, b) in rest.bytes().enumerate() {
            match b {
                b'(' => depth += 1,
                b')' if depth == 0 => {
                    args.push(&rest[start..i]);
                    end = Some(i);
                    break;
                }
                b')' => depth -= 1,
                b',' if depth == 0 => {
                    args.push(&rest[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        let Some(end) = end else { break };
        if args.len() >= 4 {
            out.insert(args[args.len() - 2].trim().to_string());
        }
        rest = &rest[end..];
    }
    out
}

/// How our stub file's kernels differ from cicc's for one virtual architecture.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Mismatch {
    /// Entries of cicc that our stub file does not register.
    pub missing: BTreeSet<String>,
    /// Kernels our stub file registers that cicc produced no entry for.
    pub extra: BTreeSet<String>,
}

impl Mismatch {
    /// Compares the kernels of our stub file with those of cicc's.
    pub fn between(ours: &str, cicc: &str) -> Mismatch {
        let ours = registered_kernels(ours);
        let theirs = registered_kernels(cicc);
        Mismatch {
            missing: theirs.difference(&ours).cloned().collect(),
            extra: ours.difference(&theirs).cloned().collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.missing.is_empty() && self.extra.is_empty()
    }

    /// The error naming every kernel registered by one stub file and not the other, when
    /// there is one: always for extra kernels, for missing ones only when `strict`.
    pub fn check(&self, source: &str, arch: &str, strict: bool) -> Result<()> {
        if self.extra.is_empty() && (!strict || self.missing.is_empty()) {
            return Ok(());
        }
        let mut lines = Vec::new();
        for k in &self.missing {
            lines.push(format!(
                "  kernel `{k}` is an entry of cicc ({arch}) but our stub file does not register it"
            ));
        }
        for k in &self.extra {
            lines.push(format!(
                "  kernel `{k}` is registered by our stub file but cicc ({arch}) produced no such entry"
            ));
        }
        bail!(
            "{source}: the front end and cicc disagree on the kernels:\n{}",
            lines.join("\n")
        )
    }
}

/// Compares our stub file's kernels with those of cicc's stub file for `arch`
/// (`compute_90`); an error names every kernel registered by one and not the other.
pub fn check_kernels(ours: &str, cicc: &str, source: &str, arch: &str) -> Result<()> {
    Mismatch::between(ours, cicc).check(source, arch, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CICC: &str = "static void __nv_cudaEntityRegisterCallback( void **__T6) {  __nv_dummy_param_ref(__T6); __nv_save_fatbinhandle_for_managed_rt(__T6); __cudaRegisterEntry(__T6, ((void ( *)(const int *, int *))k), _Z1kPKiPi, (-1)); __cudaRegisterEntry(__T6, ((void ( *)(int *, struct S))tk<int, float> ), _Z2tkIifEvPi1S, (-1)); __cudaRegisterVariable(__T6, __shadow_var(dvar,::dvar), 0, 4UL, 0, 0); }";

    #[test]
    fn reads_entries() {
        let k = registered_kernels(CICC);
        assert_eq!(
            k.into_iter().collect::<Vec<_>>(),
            ["_Z1kPKiPi", "_Z2tkIifEvPi1S"]
        );
        assert!(registered_kernels("no registrations").is_empty());
        // A truncated call is ignored.
        assert!(registered_kernels("__cudaRegisterEntry(__T0, (f), _Z1f").is_empty());
    }

    #[test]
    fn names_the_kernel_that_differs() {
        let ours = "__cudaRegisterEntry(__T0, ((void (*)(const int *, int *))k), _Z1kPKiPi, (-1)); __cudaRegisterEntry(__T0, ((void (*)(void))extra), _Z5extrav, (-1));";
        let e = check_kernels(ours, CICC, "k.cu", "compute_90")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("`_Z2tkIifEvPi1S` is an entry of cicc (compute_90)"),
            "{e}"
        );
        assert!(
            e.contains("`_Z5extrav` is registered by our stub file"),
            "{e}"
        );
        assert!(check_kernels(CICC, CICC, "k.cu", "compute_90").is_ok());
    }

    #[test]
    fn missing_kernels_are_an_error_only_when_strict() {
        let ours = "__cudaRegisterEntry(__T0, ((void (*)(const int *, int *))k), _Z1kPKiPi, (-1));";
        let m = Mismatch::between(ours, CICC);
        assert_eq!(m.missing.iter().collect::<Vec<_>>(), ["_Z2tkIifEvPi1S"]);
        assert!(m.extra.is_empty() && !m.is_empty());
        assert!(m.check("k.cu", "compute_90", false).is_ok());
        let e = m.check("k.cu", "compute_90", true).unwrap_err().to_string();
        assert!(e.contains("`_Z2tkIifEvPi1S` is an entry of cicc"), "{e}");
        // An extra kernel is an error either way.
        let m = Mismatch::between(CICC, ours);
        assert!(m.check("k.cu", "compute_90", false).is_err());
        assert!(Mismatch::between(CICC, CICC).is_empty());
    }
}
