//! The test corpus: `tests/cases/*.cu` and their annotations (see `tests/cases/README.md`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};

use crate::diag::Diagnostic;
use crate::trace::{ExpectedLaunch, ExpectedRegistration};

/// What a case is expected to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Builds, links and runs under the tracing runtime.
    Run,
    /// Builds an object only.
    Compile,
    /// The host front end rejects it.
    Fail,
}

/// A diagnostic a case announces with `//~`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedDiagnostic {
    /// The file name as nvcc was given it (the case's file name).
    pub file: String,
    pub line: u32,
    pub severity: String,
    pub message: String,
    /// Context lines (`//~+`), such as `detected during instantiation of ...`.
    pub context: Vec<String>,
}

impl ExpectedDiagnostic {
    /// Messages are compared without trailing whitespace (editors strip it from the
    /// annotations; a few real messages end in a space). Context lines are compared when the
    /// annotation lists any.
    pub fn matches(&self, d: &Diagnostic) -> bool {
        self.file == d.file
            && self.line == d.line
            && self.severity == d.severity
            && self.message.trim_end() == d.message.trim_end()
            && (self.context.is_empty() || self.context == context_lines(d))
    }
}

/// The lines of a diagnostic after its source echo and caret, trimmed.
pub fn context_lines(d: &Diagnostic) -> Vec<String> {
    d.body
        .iter()
        .skip(2)
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

impl std::fmt::Display for ExpectedDiagnostic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}({}): {}: {}",
            self.file, self.line, self.severity, self.message
        )
    }
}

/// One test case.
#[derive(Debug, Clone)]
pub struct Case {
    /// The file stem: `launch_four_args`.
    pub name: String,
    /// The main source file.
    pub path: PathBuf,
    pub kind: Kind,
    /// Extra nvcc options.
    pub nvcc: Vec<String>,
    /// Extra translation units, relative to the case's directory.
    pub files: Vec<String>,
    /// The program's expected exit status (`run`).
    pub exit: i32,
    /// Diagnostics of every translation unit, in file order.
    pub diagnostics: Vec<ExpectedDiagnostic>,
    /// Lines printed outside any diagnostic (`//~!`), in order; the summary line and
    /// `Compilation terminated.` are not listed.
    pub other_lines: Vec<String>,
    pub registrations: Vec<ExpectedRegistration>,
    pub launches: Vec<ExpectedLaunch>,
}

impl Case {
    /// The directory holding the case (nvcc runs there).
    pub fn dir(&self) -> &Path {
        self.path.parent().expect("a case lives in a directory")
    }

    /// All source files, main first, as nvcc is given them (relative names).
    pub fn sources(&self) -> Vec<String> {
        let main = self
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        std::iter::once(main)
            .chain(self.files.iter().cloned())
            .collect()
    }

    /// The nvcc arguments for a build: `-arch=sm_90` unless the case picks architectures,
    /// then the case's options, then its sources.
    pub fn nvcc_args(&self) -> Vec<String> {
        let mut args = Vec::new();
        let picks_arch = self.nvcc.iter().any(|a| {
            a.starts_with("-arch")
                || a.starts_with("--gpu-architecture")
                || a.starts_with("-gencode")
                || a.starts_with("--generate-code")
        });
        if !picks_arch {
            args.push("-arch=sm_90".to_string());
        }
        args.extend(self.nvcc.iter().cloned());
        args
    }

    /// Reads a case file; extra translation units are read for their `//~` lines.
    pub fn load(path: &Path) -> Result<Case> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let file_name = path
            .file_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut kind = None;
        let mut nvcc = Vec::new();
        let mut files = Vec::new();
        let mut exit = 0;
        let mut registrations = Vec::new();
        let mut launches = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let at = || format!("{}:{}", path.display(), i + 1);
            if let Some(d) = line.trim_start().strip_prefix("//!") {
                let (key, value) = d
                    .split_once(':')
                    .ok_or_else(|| anyhow!("{}: directive without `:`", at()))?;
                let value = value.trim();
                match key.trim() {
                    "kind" => {
                        kind = Some(match value {
                            "run" => Kind::Run,
                            "compile" => Kind::Compile,
                            "fail" => Kind::Fail,
                            other => bail!("{}: unknown kind `{other}`", at()),
                        })
                    }
                    "nvcc" => nvcc.extend(
                        shlex::split(value)
                            .ok_or_else(|| anyhow!("{}: cannot split `{value}`", at()))?,
                    ),
                    "files" => files.extend(value.split_whitespace().map(str::to_string)),
                    "exit" => {
                        exit = value
                            .parse()
                            .with_context(|| format!("{}: bad exit status", at()))?
                    }
                    other => bail!("{}: unknown directive `{other}`", at()),
                }
            }
            if let Some(pos) = line.find("//@") {
                let spec = line[pos + 3..].trim();
                if let Some(rest) = spec.strip_prefix("launch ") {
                    launches.push(ExpectedLaunch::parse(rest).with_context(at)?);
                } else {
                    registrations.push(ExpectedRegistration::parse(spec).with_context(at)?);
                }
            }
        }
        let kind = kind.ok_or_else(|| anyhow!("{}: no `//! kind:` directive", path.display()))?;
        let mut diagnostics = expected_diagnostics(&text, &file_name)
            .with_context(|| format!("in {}", path.display()))?;
        let other_lines = text
            .lines()
            .filter_map(|l| l.find("//~!").map(|p| l[p + 4..].trim().to_string()))
            .collect();
        let dir = path.parent().unwrap_or(Path::new("."));
        for part in &files {
            let p = dir.join(part);
            let t = std::fs::read_to_string(&p)
                .with_context(|| format!("cannot read {} (named by {})", p.display(), file_name))?;
            diagnostics.extend(
                expected_diagnostics(&t, part).with_context(|| format!("in {}", p.display()))?,
            );
        }
        if kind != Kind::Run && (!launches.is_empty() || !registrations.is_empty()) {
            bail!("{}: `//@` lines need `kind: run`", path.display());
        }
        Ok(Case {
            name,
            path: path.to_path_buf(),
            kind,
            nvcc,
            files,
            exit,
            diagnostics,
            other_lines,
            registrations,
            launches,
        })
    }
}

/// The `//~` lines of one source file.
pub fn expected_diagnostics(text: &str, file: &str) -> Result<Vec<ExpectedDiagnostic>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(pos) = line.find("//~") else {
            continue;
        };
        let rest = &line[pos + 3..];
        if rest.starts_with('!') {
            continue;
        }
        if let Some(ctx) = rest.strip_prefix('+') {
            let last: &mut ExpectedDiagnostic = out
                .last_mut()
                .ok_or_else(|| anyhow!("line {}: `//~+` without a `//~` before it", i + 1))?;
            last.context.push(ctx.trim().to_string());
            continue;
        }
        let up = rest.chars().take_while(|&c| c == '^').count();
        let rest = rest[up..].trim();
        let lineno = (i + 1)
            .checked_sub(up)
            .filter(|&n| n > 0)
            .ok_or_else(|| anyhow!("line {}: `//~` points above the file", i + 1))?;
        let (severity, message) = rest
            .split_once(": ")
            .ok_or_else(|| anyhow!("line {}: expected `//~ SEVERITY: MESSAGE`", i + 1))?;
        out.push(ExpectedDiagnostic {
            file: file.to_string(),
            line: lineno as u32,
            severity: severity.trim().to_string(),
            message: message.trim_end().to_string(),
            context: Vec::new(),
        });
    }
    Ok(out)
}

/// Every case in `dir`: the `.cu` files with a `//! kind:` directive. Files without one are
/// extra translation units; each must be named by some case's `files:`.
pub fn discover(dir: &Path) -> Result<Vec<Case>> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .collect();
    paths.sort();
    let mut cases = Vec::new();
    let mut parts = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(&p)?;
        if text
            .lines()
            .any(|l| l.trim_start().starts_with("//! kind:"))
        {
            cases.push(Case::load(&p)?);
        } else {
            parts.push(p);
        }
    }
    for part in parts {
        let name = part.file_name().unwrap().to_string_lossy().into_owned();
        if !cases.iter().any(|c| c.files.contains(&name)) {
            bail!(
                "{} has no `//! kind:` directive and no case names it in `//! files:`",
                part.display()
            );
        }
    }
    Ok(cases)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_diagnostic_annotations() {
        let text = "int a; //~ error: first\n\
                    int b;\n\
                    //~^ warning #20091-D: a __device__ variable \"dv\" cannot be directly read in a host function\n\
                    //~^^^ error: two: colons\n";
        let d = expected_diagnostics(text, "x.cu").unwrap();
        assert_eq!(d.len(), 3);
        assert_eq!(
            (d[0].line, d[0].severity.as_str(), d[0].message.as_str()),
            (1, "error", "first")
        );
        assert_eq!(d[1].line, 2);
        assert_eq!(d[1].severity, "warning #20091-D");
        assert_eq!(d[2].line, 1);
        assert_eq!(d[2].message, "two: colons");
        assert!(expected_diagnostics("//~^ error: x", "x.cu").is_err());
        let d = expected_diagnostics(
            "f(); //~ error: e\n//~+ detected during x at line 9\n",
            "x.cu",
        )
        .unwrap();
        assert_eq!(d.len(), 1);
        assert_eq!(
            d[0].context,
            vec!["detected during x at line 9".to_string()]
        );
    }
}
