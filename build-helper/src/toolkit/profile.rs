//! Reading `bin/nvcc.profile`, the file in which nvcc finds its tools and default paths.
//!
//! The format is line-based: `NAME = value` sets, `NAME += value` puts `value` in front of
//! what `NAME` already holds, and `NAME =+ value` puts it after. `$(NAME)` expands to a name
//! the profile defined earlier, to one of nvcc's built-ins (`_HERE_`, `_SPACE_`,
//! `_TARGET_DIR_`, `_TARGET_SIZE_`, ...), or else to the environment. `#` starts a comment
//! line.

use std::collections::BTreeMap;
use std::path::Path;

/// The variables a profile defines, after expansion.
#[derive(Debug, Clone, Default)]
pub struct Profile {
    vars: BTreeMap<String, String>,
}

/// What the expansion of a profile needs to know about the place it was found in.
pub struct ProfileContext<'a> {
    /// The directory holding nvcc (nvcc's `_HERE_`).
    pub here: &'a Path,
    /// `targets/<arch>-linux` for toolkits laid out that way, else empty.
    pub target_dir: &'a str,
    /// Looks a name up in the environment; names the profile itself defines win.
    pub env: &'a dyn Fn(&str) -> Option<String>,
}

impl Profile {
    /// Parses and expands the text of an `nvcc.profile`.
    pub fn parse(text: &str, cx: &ProfileContext<'_>) -> Profile {
        let mut profile = Profile::default();
        let here = cx.here.to_string_lossy().into_owned();
        let builtins: [(&str, String); 6] = [
            ("_HERE_", here.clone()),
            ("_THERE_", here),
            ("_SPACE_", " ".to_string()),
            ("_TARGET_DIR_", cx.target_dir.to_string()),
            ("_TARGET_SIZE_", String::new()),
            ("_NVVM_BRANCH_", "nvvm".to_string()),
        ];
        for line in text.lines() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let Some((name, op, value)) = split_assignment(line) else {
                continue;
            };
            let value = profile.expand(value.trim(), &builtins, cx.env);
            let old = || {
                profile
                    .vars
                    .get(name)
                    .cloned()
                    .or_else(|| (cx.env)(name))
                    .unwrap_or_default()
            };
            let new = match op {
                Op::Set => value,
                Op::Prepend => value + &old(),
                Op::Append => old() + &value,
            };
            profile.vars.insert(name.to_string(), new);
        }
        profile
    }

    /// The expanded value of a variable the profile defines.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.vars.get(name).map(String::as_str)
    }

    /// A variable's value split into arguments the way a shell would split it.
    pub fn args(&self, name: &str) -> Vec<String> {
        self.get(name)
            .and_then(shlex::split)
            .unwrap_or_default()
            .into_iter()
            .filter(|a| !a.is_empty())
            .collect()
    }

    fn expand(
        &self,
        value: &str,
        builtins: &[(&str, String)],
        env: &dyn Fn(&str) -> Option<String>,
    ) -> String {
        let mut out = String::with_capacity(value.len());
        let mut rest = value;
        while let Some(start) = rest.find("$(") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else {
                out.push_str(&rest[start..]);
                return out;
            };
            let name = &after[..end];
            let replacement = self
                .vars
                .get(name)
                .cloned()
                .or_else(|| {
                    builtins
                        .iter()
                        .find(|(b, _)| *b == name)
                        .map(|(_, v)| v.clone())
                })
                .or_else(|| env(name))
                .unwrap_or_default();
            out.push_str(&replacement);
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        out
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Set,
    Prepend,
    Append,
}

fn split_assignment(line: &str) -> Option<(&str, Op, &str)> {
    let eq = line.find('=')?;
    let (lhs, rhs) = (&line[..eq], &line[eq + 1..]);
    let (name, op, value) = if let Some(name) = lhs.strip_suffix('+') {
        (name, Op::Prepend, rhs)
    } else if let Some(value) = rhs.strip_prefix('+') {
        (lhs, Op::Append, value)
    } else {
        (lhs, Op::Set, rhs)
    };
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    Some((name, op, value))
}

#[cfg(test)]
mod tests {
    use super::*;

    const WHEEL_PROFILE: &str = r#"
TOP              = $(_HERE_)/..

CICC_PATH        = $(TOP)/nvvm/bin
NVVMIR_LIBRARY_DIR = $(TOP)/nvvm/libdevice

LD_LIBRARY_PATH += $(TOP)/lib:
PATH            += $(CICC_PATH):$(_HERE_):

INCLUDES        +=  "-I$(TOP)/$(_TARGET_DIR_)/include" $(_SPACE_)
SYSTEM_INCLUDES +=  "-isystem" "$(TOP)/$(_TARGET_DIR_)/include/cccl" $(_SPACE_)

LIBRARIES        =+ $(_SPACE_) "-L$(TOP)/$(_TARGET_DIR_)/lib$(_TARGET_SIZE_)/stubs" "-L$(TOP)/$(_TARGET_DIR_)/lib$(_TARGET_SIZE_)"

CUDAFE_FLAGS    +=
PTXAS_FLAGS     +=
"#;

    fn env(name: &str) -> Option<String> {
        (name == "PATH").then(|| "/usr/bin".to_string())
    }

    #[test]
    fn expands_the_wheel_profile() {
        let here = Path::new("/opt/cu13/bin");
        let p = Profile::parse(
            WHEEL_PROFILE,
            &ProfileContext {
                here,
                target_dir: "",
                env: &env,
            },
        );
        assert_eq!(p.get("TOP"), Some("/opt/cu13/bin/.."));
        assert_eq!(p.get("CICC_PATH"), Some("/opt/cu13/bin/../nvvm/bin"));
        assert_eq!(
            p.get("PATH"),
            Some("/opt/cu13/bin/../nvvm/bin:/opt/cu13/bin:/usr/bin")
        );
        assert_eq!(p.args("INCLUDES"), vec!["-I/opt/cu13/bin/..//include"]);
        assert_eq!(
            p.args("SYSTEM_INCLUDES"),
            vec!["-isystem", "/opt/cu13/bin/..//include/cccl"]
        );
        assert_eq!(
            p.args("LIBRARIES"),
            vec!["-L/opt/cu13/bin/..//lib/stubs", "-L/opt/cu13/bin/..//lib"]
        );
        assert_eq!(p.get("CUDAFE_FLAGS"), Some(""));
    }

    #[test]
    fn target_dir_and_append() {
        let text = "TOP = $(_HERE_)/..\nLIBRARIES = -La\nLIBRARIES =+ -Lb\nX += $(UNDEFINED)y\n# INCLUDES = no\n";
        let p = Profile::parse(
            text,
            &ProfileContext {
                here: Path::new("/usr/local/cuda/bin"),
                target_dir: "targets/x86_64-linux",
                env: &|_| None,
            },
        );
        assert_eq!(p.get("LIBRARIES"), Some("-La-Lb"));
        assert_eq!(p.get("X"), Some("y"));
        assert_eq!(p.get("INCLUDES"), None);
    }
}
