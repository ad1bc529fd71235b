//! What a stub file (`X.cudafe1.stub.c`) means: the kernels and variables it registers and
//! the `__device_stub__` functions it defines.
//!
//! In CUDA 13, cicc writes this file; cudafe-rs can write its own. Two stub files mean the
//! same when these facts agree, whatever the names of temporaries, order or layout.

use std::collections::BTreeSet;

/// One registration made by `__nv_cudaEntityRegisterCallback`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Registration {
    /// `__cudaRegisterEntry(handle, hostfun, DEVICE_NAME, limit)`.
    Kernel { device_name: String },
    /// `__cudaRegisterVariable(handle, __shadow_var(DEVICE_NAME, host), ext, size, constant, global)`.
    Var {
        device_name: String,
        ext: u64,
        size: u64,
        constant: u64,
        global: u64,
    },
    /// `__cudaRegisterManagedVariable(...)`, same arguments.
    Managed {
        device_name: String,
        ext: u64,
        size: u64,
        constant: u64,
        global: u64,
    },
}

/// A `__device_stub__` definition: how many arguments it packs and at which offsets.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DeviceStub {
    /// The stub's name without the `__device_stub_` prefix: `_Z7add_onePii`.
    pub mangled: String,
    /// `__cudaLaunchPrologue(N)`.
    pub arg_count: u64,
    /// The offsets given to `__cudaSetupArg`/`__cudaSetupArgSimple`, in order.
    pub offsets: Vec<u64>,
}

/// The meaning of a stub file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StubMeaning {
    pub registrations: BTreeSet<Registration>,
    pub device_stubs: BTreeSet<DeviceStub>,
}

impl StubMeaning {
    pub fn parse(text: &str) -> StubMeaning {
        let mut m = StubMeaning::default();
        for args in calls(text, "__cudaRegisterEntry") {
            if let Some(name) = args.get(2) {
                m.registrations.insert(Registration::Kernel {
                    device_name: name.trim().to_string(),
                });
            }
        }
        for (callee, managed) in [
            ("__cudaRegisterVariable", false),
            ("__cudaRegisterManagedVariable", true),
        ] {
            for args in calls(text, callee) {
                let [_, shadow, ext, size, constant, global] = args.as_slice() else {
                    continue;
                };
                let Some(inner) = calls(shadow, "__shadow_var").into_iter().next() else {
                    continue;
                };
                let device_name = inner
                    .first()
                    .map(|s| s.trim().to_string())
                    .unwrap_or_default();
                let (ext, size, constant, global) =
                    (number(ext), number(size), number(constant), number(global));
                m.registrations.insert(if managed {
                    Registration::Managed {
                        device_name,
                        ext,
                        size,
                        constant,
                        global,
                    }
                } else {
                    Registration::Var {
                        device_name,
                        ext,
                        size,
                        constant,
                        global,
                    }
                });
            }
        }
        m.device_stubs = device_stubs(text);
        m
    }

    /// A readable account of how `other` differs from `self`; empty when they mean the same.
    pub fn diff(&self, other: &StubMeaning) -> String {
        let mut out = String::new();
        for r in self.registrations.difference(&other.registrations) {
            out.push_str(&format!("- {r:?}\n"));
        }
        for r in other.registrations.difference(&self.registrations) {
            out.push_str(&format!("+ {r:?}\n"));
        }
        for s in self.device_stubs.difference(&other.device_stubs) {
            out.push_str(&format!("- {s:?}\n"));
        }
        for s in other.device_stubs.difference(&self.device_stubs) {
            out.push_str(&format!("+ {s:?}\n"));
        }
        out
    }
}

/// `12UL`, `(-1)`, `0` → the number (negative values wrap; only sizes and flags matter).
fn number(s: &str) -> u64 {
    let t = s
        .trim()
        .trim_matches(|c| c == '(' || c == ')')
        .trim_end_matches(['U', 'L', 'u', 'l']);
    t.parse::<u64>()
        .or_else(|_| t.parse::<i64>().map(|v| v as u64))
        .unwrap_or(u64::MAX)
}

/// The argument lists of every call `name(...)` in `text`, split at top-level commas.
fn calls(text: &str, name: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(pos) = text[from..].find(name) {
        let start = from + pos;
        from = start + name.len();
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = text[from..].trim_start();
        if !rest.starts_with('(') {
            continue;
        }
        let open = text.len() - rest.len();
        if let Some((args, _end)) = split_args(text, open) {
            out.push(args);
        }
    }
    out
}

/// Splits the parenthesised list starting at `open` into top-level arguments; returns them
/// and the index just past the closing parenthesis.
fn split_args(text: &str, open: usize) -> Option<(Vec<String>, usize)> {
    let bytes = text.as_bytes();
    debug_assert_eq!(bytes[open], b'(');
    let mut depth = 0usize;
    let mut args = Vec::new();
    let mut cur = String::new();
    for (i, ch) in text[open..].char_indices() {
        match ch {
            '(' | '[' | '{' => {
                depth += 1;
                if depth > 1 {
                    cur.push(ch);
                }
            }
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    if !cur.trim().is_empty() || !args.is_empty() {
                        args.push(cur.trim().to_string());
                    }
                    return Some((args, open + i + 1));
                }
                cur.push(ch);
            }
            ',' if depth == 1 => args.push(std::mem::take(&mut cur).trim().to_string()),
            _ => cur.push(ch),
        }
    }
    None
}

fn device_stubs(text: &str) -> BTreeSet<DeviceStub> {
    const PREFIX: &str = "__device_stub_";
    let mut out = BTreeSet::new();
    let mut from = 0;
    while let Some(pos) = text[from..].find(PREFIX) {
        let start = from + pos;
        from = start + PREFIX.len();
        let before = text[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let name_end = text[from..]
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(text.len(), |e| from + e);
        let mangled = &text[from..name_end];
        let rest = &text[name_end..];
        if !rest.starts_with('(') {
            continue;
        }
        let Some((_, after_params)) = split_args(text, name_end) else {
            continue;
        };
        // A definition: the parameter list is followed by a body.
        let tail = text[after_params..].trim_start();
        if !tail.starts_with('{') {
            continue;
        }
        let body_start = text.len() - tail.len();
        let Some((_, body_end)) = split_args_braces(text, body_start) else {
            continue;
        };
        let body = &text[body_start..body_end];
        let Some(prologue) = calls(body, "__cudaLaunchPrologue").into_iter().next() else {
            continue;
        };
        let arg_count = prologue.first().map(|s| number(s)).unwrap_or(u64::MAX);
        let mut setups: Vec<(usize, u64)> = Vec::new();
        for callee in ["__cudaSetupArgSimple", "__cudaSetupArg"] {
            let mut f = 0;
            while let Some(p) = body[f..].find(callee) {
                let at = f + p;
                f = at + callee.len();
                let next = body[f..].chars().next();
                if next != Some('(') && next != Some(' ') {
                    continue;
                }
                let open = f + body[f..].find('(').unwrap_or(0);
                if let Some((args, _)) = split_args(body, open)
                    && let Some(off) = args.get(1)
                {
                    setups.push((at, number(off)));
                }
            }
        }
        setups.sort();
        setups.dedup();
        out.insert(DeviceStub {
            mangled: mangled.to_string(),
            arg_count,
            offsets: setups.into_iter().map(|(_, o)| o).collect(),
        });
        from = body_end;
    }
    out
}

fn split_args_braces(text: &str, open: usize) -> Option<((), usize)> {
    let mut depth = 0usize;
    for (i, ch) in text[open..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(((), open + i + 1));
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const STUB: &str = r#"#include "crt/host_runtime.h"
extern __attribute__((visibility("hidden"))) void __device_stub__Z7add_onePii(int *, int);
static void __device_stub__Z2tkIiEvPT_1S(int *, struct S&);
__attribute__((visibility("hidden"))) void __device_stub__Z7add_onePii(int *__par0, int __par1){__cudaLaunchPrologue(2);__cudaSetupArgSimple(__par0, 0UL);__cudaSetupArgSimple(__par1, 8UL);__cudaLaunch(((char *)((void ( *)(int *, int))add_one)), 0U);}
static void __device_stub__Z2tkIiEvPT_1S( int *__par0,  struct S&__par1) {  __cudaLaunchPrologue(2); __cudaSetupArgSimple(__par0, 0UL); __cudaSetupArg(__par1, 8UL); __cudaLaunch(((char *)((void ( *)(int *, struct S))tk<int> )), 0U); }
static void __nv_cudaEntityRegisterCallback( void **__T4) {  __nv_dummy_param_ref(__T4); __cudaRegisterEntry(__T4, ((void ( *)(int *, struct S))tk<int> ), _Z2tkIiEvPT_1S, (-1)); __cudaRegisterEntry(__T4, ((void ( *)(int *, int))add_one), _Z7add_onePii, (-1)); __cudaRegisterVariable(__T4, __shadow_var(dvar,::dvar), 0, 4UL, 0, 0); __cudaRegisterVariable(__T4, __shadow_var(cvar,::cvar), 0, 16UL, 1, 0); __cudaRegisterManagedVariable(__T4, __shadow_var(mvar,::mvar), 0, 4UL, 0, 0); }
"#;

    #[test]
    fn reads_registrations_and_stubs() {
        let m = StubMeaning::parse(STUB);
        let kernels: Vec<_> = m
            .registrations
            .iter()
            .filter_map(|r| match r {
                Registration::Kernel { device_name } => Some(device_name.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(kernels, vec!["_Z2tkIiEvPT_1S", "_Z7add_onePii"]);
        assert!(m.registrations.contains(&Registration::Var {
            device_name: "cvar".into(),
            ext: 0,
            size: 16,
            constant: 1,
            global: 0
        }));
        assert!(m.registrations.contains(&Registration::Managed {
            device_name: "mvar".into(),
            ext: 0,
            size: 4,
            constant: 0,
            global: 0
        }));
        assert_eq!(m.registrations.len(), 5);
        let stubs: Vec<_> = m.device_stubs.iter().cloned().collect();
        assert_eq!(
            stubs,
            vec![
                DeviceStub {
                    mangled: "_Z2tkIiEvPT_1S".into(),
                    arg_count: 2,
                    offsets: vec![0, 8]
                },
                DeviceStub {
                    mangled: "_Z7add_onePii".into(),
                    arg_count: 2,
                    offsets: vec![0, 8]
                },
            ]
        );
    }

    #[test]
    fn diff_names_what_differs() {
        let a = StubMeaning::parse(STUB);
        let b = StubMeaning::parse(&STUB.replace("16UL", "8UL"));
        let d = a.diff(&b);
        assert!(d.contains("- Var") && d.contains("+ Var"), "{d}");
        assert!(a.diff(&a).is_empty());
    }
}
