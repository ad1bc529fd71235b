//! Running programs under the tracing runtime (`cudart-trace`) and checking their traces.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};

use crate::process;

/// One line of a trace: its kind, positional words and `key=value` fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub kind: String,
    pub words: Vec<String>,
    pub fields: BTreeMap<String, String>,
    pub line: String,
}

impl Record {
    pub fn parse(line: &str) -> Option<Record> {
        let mut it = line.split_whitespace();
        let kind = it.next()?.to_string();
        let mut words = Vec::new();
        let mut fields = BTreeMap::new();
        for w in it {
            match w.split_once('=') {
                Some((k, v))
                    if !k.is_empty()
                        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
                {
                    fields.insert(k.to_string(), v.to_string());
                }
                _ => words.push(w.to_string()),
            }
        }
        Some(Record {
            kind,
            words,
            fields,
            line: line.to_string(),
        })
    }

    pub fn field(&self, key: &str) -> Option<&str> {
        self.fields.get(key).map(String::as_str)
    }
}

/// A whole trace.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Trace {
    pub records: Vec<Record>,
}

impl Trace {
    pub fn parse(text: &str) -> Trace {
        Trace {
            records: text
                .lines()
                .map(|l| l.strip_prefix("[cudart-trace] ").unwrap_or(l))
                .filter(|l| !l.trim().is_empty())
                .filter_map(Record::parse)
                .collect(),
        }
    }

    pub fn of_kind<'a>(&'a self, kind: &'a str) -> impl Iterator<Item = &'a Record> + 'a {
        self.records.iter().filter(move |r| r.kind == kind)
    }

    /// The registrations (`kernel`, `var`, `managed`) as `(kind, device name)` with records.
    pub fn registrations(&self) -> Vec<&Record> {
        self.records
            .iter()
            .filter(|r| matches!(r.kind.as_str(), "kernel" | "var" | "managed"))
            .collect()
    }

    /// The device name of a registration (`kernel H NAME`, `var H NAME`).
    pub fn device_name(r: &Record) -> Option<&str> {
        r.words.get(1).map(String::as_str)
    }

    pub fn text(&self) -> String {
        self.records
            .iter()
            .map(|r| r.line.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A launch argument as the trace shows it: its bytes, and the allocation it points into.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceArg {
    pub bytes: Vec<u8>,
    pub points_to: Option<String>,
}

impl TraceArg {
    fn parse(s: &str) -> Result<TraceArg> {
        let (hex, points_to) = match s.split_once('=') {
            Some((h, p)) => (h, Some(p.to_string())),
            None => (s, None),
        };
        Ok(TraceArg {
            bytes: decode_hex(hex)?,
            points_to,
        })
    }
}

/// The arguments of a `launch` record.
pub fn launch_args(r: &Record) -> Result<Vec<TraceArg>> {
    match r.field("args") {
        None | Some("") => Ok(Vec::new()),
        Some(list) => list.split(',').map(TraceArg::parse).collect(),
    }
}

fn decode_hex(s: &str) -> Result<Vec<u8>> {
    let s: String = s.chars().filter(|&c| c != '_').collect();
    if !s.len().is_multiple_of(2) {
        bail!("odd number of hex digits in `{s}`");
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).map_err(|e| anyhow!("bad hex `{s}`: {e}")))
        .collect()
}

/// Hex digits with `??` for any byte.
fn decode_pattern(s: &str) -> Result<Vec<Option<u8>>> {
    let s: String = s.chars().filter(|&c| c != '_').collect();
    if !s.len().is_multiple_of(2) {
        bail!("odd number of hex digits in `{s}`");
    }
    (0..s.len())
        .step_by(2)
        .map(|i| match &s[i..i + 2] {
            "??" => Ok(None),
            pair => u8::from_str_radix(pair, 16)
                .map(Some)
                .map_err(|e| anyhow!("bad hex `{s}`: {e}")),
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A `//@ kernel|var|managed NAME [size=N] [constant=C]` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExpectedRegistration {
    pub kind: String,
    pub name: String,
    pub fields: BTreeMap<String, String>,
}

impl ExpectedRegistration {
    pub fn parse(spec: &str) -> Result<ExpectedRegistration> {
        let r = Record::parse(spec).ok_or_else(|| anyhow!("empty `//@` line"))?;
        if !matches!(r.kind.as_str(), "kernel" | "var" | "managed") {
            bail!("unknown `//@ {}`", r.kind);
        }
        let [name] = r.words.as_slice() else {
            bail!("`//@ {}` needs exactly one name: `{spec}`", r.kind);
        };
        Ok(ExpectedRegistration {
            kind: r.kind.clone(),
            name: name.clone(),
            fields: r.fields,
        })
    }

    fn matches(&self, r: &Record) -> bool {
        self.kind == r.kind
            && Trace::device_name(r) == Some(self.name.as_str())
            && self
                .fields
                .iter()
                .all(|(k, v)| r.field(k) == Some(v.as_str()))
    }
}

impl fmt::Display for ExpectedRegistration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind, self.name)?;
        for (k, v) in &self.fields {
            write!(f, " {k}={v}")?;
        }
        Ok(())
    }
}

/// An expected argument value.
#[derive(Debug, Clone, PartialEq)]
pub enum ExpectedArg {
    Bytes(Vec<u8>),
    /// `hex:` with `??` for bytes whose value is not checked.
    Pattern(Vec<Option<u8>>),
    /// `ptr:allocK+OFF` or `ptr:sym:NAME+OFF` (what the trace writes after `=`).
    Pointer(String),
    Any(usize),
}

impl ExpectedArg {
    pub fn parse(s: &str) -> Result<ExpectedArg> {
        let (ty, v) = s
            .split_once(':')
            .ok_or_else(|| anyhow!("argument `{s}` is not TYPE:VALUE"))?;
        let bad = |e: &dyn fmt::Display| anyhow!("argument `{s}`: {e}");
        let b = match ty {
            "i8" => v.parse::<i8>().map_err(|e| bad(&e))?.to_le_bytes().to_vec(),
            "u8" => v.parse::<u8>().map_err(|e| bad(&e))?.to_le_bytes().to_vec(),
            "i16" => v
                .parse::<i16>()
                .map_err(|e| bad(&e))?
                .to_le_bytes()
                .to_vec(),
            "u16" => v
                .parse::<u16>()
                .map_err(|e| bad(&e))?
                .to_le_bytes()
                .to_vec(),
            "i32" => v
                .parse::<i32>()
                .map_err(|e| bad(&e))?
                .to_le_bytes()
                .to_vec(),
            "u32" => parse_u64(v)
                .and_then(|x| u32::try_from(x).map_err(|e| anyhow!("{e}")))
                .map_err(|e| bad(&e))?
                .to_le_bytes()
                .to_vec(),
            "i64" => v
                .parse::<i64>()
                .map_err(|e| bad(&e))?
                .to_le_bytes()
                .to_vec(),
            "u64" => parse_u64(v).map_err(|e| bad(&e))?.to_le_bytes().to_vec(),
            "f32" => v
                .parse::<f32>()
                .map_err(|e| bad(&e))?
                .to_le_bytes()
                .to_vec(),
            "f64" => v
                .parse::<f64>()
                .map_err(|e| bad(&e))?
                .to_le_bytes()
                .to_vec(),
            "bool" => match v {
                "true" => vec![1],
                "false" => vec![0],
                _ => return Err(bad(&"expected true or false")),
            },
            "char" => {
                let inner = v
                    .strip_prefix('\'')
                    .and_then(|x| x.strip_suffix('\''))
                    .ok_or_else(|| bad(&"expected 'c'"))?;
                let mut cs = inner.chars();
                match (cs.next(), cs.next()) {
                    (Some(c), None) if c.is_ascii() => vec![c as u8],
                    _ => return Err(bad(&"expected one ASCII character")),
                }
            }
            "hex" if v.contains('?') => return Ok(ExpectedArg::Pattern(decode_pattern(v)?)),
            "hex" => decode_hex(v)?,
            "ptr" => {
                return Ok(if v == "null" {
                    ExpectedArg::Bytes(vec![0; 8])
                } else if v.starts_with("alloc") || v.starts_with("sym:") {
                    let v = if v.contains('+') {
                        v.to_string()
                    } else {
                        format!("{v}+0")
                    };
                    ExpectedArg::Pointer(v)
                } else {
                    return Err(bad(&"expected null, allocK[+OFF] or sym:NAME[+OFF]"));
                });
            }
            "any" => return Ok(ExpectedArg::Any(v.parse().map_err(|e| bad(&e))?)),
            other => return Err(anyhow!("argument `{s}`: unknown type `{other}`")),
        };
        Ok(ExpectedArg::Bytes(b))
    }

    fn check(&self, got: &TraceArg) -> Result<(), String> {
        match self {
            ExpectedArg::Bytes(b) if *b == got.bytes => Ok(()),
            ExpectedArg::Bytes(b) => Err(format!("expected {} got {}", hex(b), hex(&got.bytes))),
            ExpectedArg::Pattern(p) => {
                let ok = p.len() == got.bytes.len()
                    && p.iter()
                        .zip(&got.bytes)
                        .all(|(e, g)| e.is_none_or(|e| e == *g));
                if ok {
                    Ok(())
                } else {
                    let shown: String = p
                        .iter()
                        .map(|b| b.map(|b| format!("{b:02x}")).unwrap_or_else(|| "??".into()))
                        .collect();
                    Err(format!("expected {shown} got {}", hex(&got.bytes)))
                }
            }
            ExpectedArg::Pointer(p) => {
                if got.bytes.len() == 8 && got.points_to.as_deref() == Some(p.as_str()) {
                    Ok(())
                } else {
                    Err(format!(
                        "expected a pointer to {p}, got {}{}",
                        hex(&got.bytes),
                        got.points_to
                            .as_ref()
                            .map(|p| format!("={p}"))
                            .unwrap_or_default()
                    ))
                }
            }
            ExpectedArg::Any(n) if *n == got.bytes.len() => Ok(()),
            ExpectedArg::Any(n) => Err(format!("expected {n} bytes, got {}", got.bytes.len())),
        }
    }
}

fn parse_u64(v: &str) -> Result<u64> {
    let r = if let Some(h) = v.strip_prefix("0x") {
        u64::from_str_radix(h, 16)
    } else {
        v.parse()
    };
    r.map_err(|e| anyhow!("{e}"))
}

/// A `//@ launch NAME grid=.. block=.. shmem=.. stream=.. args=..` line.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectedLaunch {
    pub name: String,
    pub fields: BTreeMap<String, String>,
    pub args: Vec<ExpectedArg>,
    pub text: String,
}

impl ExpectedLaunch {
    pub fn parse(spec: &str) -> Result<ExpectedLaunch> {
        let r = Record::parse(&format!("launch {spec}")).ok_or_else(|| anyhow!("empty launch"))?;
        let [name] = r.words.as_slice() else {
            bail!("`//@ launch` needs exactly one kernel name: `{spec}`");
        };
        let mut fields = r.fields.clone();
        let args = match fields.remove("args") {
            None => bail!("`//@ launch {spec}` lacks args= (write `args=` for none)"),
            Some(a) if a.is_empty() => Vec::new(),
            Some(a) => a
                .split(',')
                .map(ExpectedArg::parse)
                .collect::<Result<Vec<_>>>()?,
        };
        Ok(ExpectedLaunch {
            name: name.clone(),
            fields,
            args,
            text: spec.to_string(),
        })
    }

    /// Why `r` is not this launch, or `Ok` when it is.
    pub fn check(&self, r: &Record) -> Result<(), String> {
        let mut why = Vec::new();
        if r.words.first().map(String::as_str) != Some(self.name.as_str()) {
            why.push(format!("kernel {:?}", r.words.first()));
        }
        for (k, v) in &self.fields {
            if r.field(k) != Some(v.as_str()) {
                why.push(format!(
                    "{k}={} (expected {v})",
                    r.field(k).unwrap_or("<none>")
                ));
            }
        }
        match launch_args(r) {
            Err(e) => why.push(format!("unreadable args: {e}")),
            Ok(got) if got.len() != self.args.len() => {
                why.push(format!("{} args (expected {})", got.len(), self.args.len()))
            }
            Ok(got) => {
                for (i, (e, g)) in self.args.iter().zip(&got).enumerate() {
                    if let Err(w) = e.check(g) {
                        why.push(format!("arg {i}: {w}"));
                    }
                }
            }
        }
        if why.is_empty() {
            Ok(())
        } else {
            Err(why.join("; "))
        }
    }
}

impl ExpectedRegistration {
    /// Replaces `{module_id}` in the name.
    pub fn substitute(&mut self, module_id: &str) {
        self.name = self.name.replace("{module_id}", module_id);
    }
}

impl ExpectedLaunch {
    /// Replaces `{module_id}` in the kernel name.
    pub fn substitute(&mut self, module_id: &str) {
        self.name = self.name.replace("{module_id}", module_id);
        self.text = self.text.replace("{module_id}", module_id);
    }
}

/// Checks a trace against a case's `//@` lines; the error lists every mismatch.
pub fn check(
    trace: &Trace,
    registrations: &[ExpectedRegistration],
    launches: &[ExpectedLaunch],
) -> Result<(), String> {
    let mut problems = Vec::new();
    let got = trace.registrations();
    for e in registrations {
        if !got.iter().any(|r| e.matches(r)) {
            problems.push(format!("missing registration: {e}"));
        }
    }
    for r in &got {
        if !registrations.iter().any(|e| e.matches(r)) {
            problems.push(format!("unexpected registration: {}", r.line));
        }
    }
    let got: Vec<&Record> = trace.of_kind("launch").collect();
    for (i, e) in launches.iter().enumerate() {
        match got.get(i) {
            None => problems.push(format!("missing launch #{i}: {}", e.text)),
            Some(r) => {
                if let Err(why) = e.check(r) {
                    problems.push(format!(
                        "launch #{i}: {why}\n    expected: {}\n    traced:   {}",
                        e.text, r.line
                    ));
                }
            }
        }
    }
    for r in got.iter().skip(launches.len()) {
        problems.push(format!("unexpected launch: {}", r.line));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// The tracing runtime, as a directory holding `libcudart.so.13`.
///
/// The library is the `cudart-trace` cdylib Cargo built for this test run (it is a
/// dev-dependency of the tests, so it sits in the `deps` directory next to the test
/// executable); it is copied under the name the loader looks for.
pub fn runtime_dir() -> Result<PathBuf> {
    let exe = std::env::current_exe()?;
    let mut candidates = Vec::new();
    for dir in exe.ancestors().skip(1).take(2) {
        candidates.push(dir.join("libcudart_trace.so"));
    }
    let lib = candidates.iter().find(|p| p.is_file()).ok_or_else(|| {
        anyhow!(
            "the cudart-trace library is not built (looked at {:?}); run the tests with cargo",
            candidates
        )
    })?;
    let dir = crate::work_root().join("cudart-trace");
    std::fs::create_dir_all(&dir)?;
    let dst = dir.join("libcudart.so.13");
    let src_meta = std::fs::metadata(lib)?;
    let fresh = std::fs::metadata(&dst)
        .map(|m| m.len() == src_meta.len() && m.modified().ok() >= src_meta.modified().ok())
        .unwrap_or(false);
    if !fresh {
        // One temporary name per call: test threads of one process may refresh the copy
        // at the same time (a shared name let one rename the other's file away).
        static COPIES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COPIES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let tmp = dir.join(format!(".libcudart.so.13.{}.{n}", std::process::id()));
        std::fs::copy(lib, &tmp).with_context(|| format!("copying {}", lib.display()))?;
        std::fs::rename(&tmp, &dst)
            .with_context(|| format!("renaming {} to {}", tmp.display(), dst.display()))?;
    }
    Ok(dir)
}

/// How a traced program ended.
#[derive(Debug, Clone)]
pub struct TracedRun {
    pub exit_code: i32,
    pub stdout: String,
    pub stderr: String,
    pub trace: Trace,
}

/// Runs `exe` with the tracing runtime in place of libcudart.so.13.
pub fn run_traced(exe: &Path, trace_file: &Path, cwd: &Path) -> Result<TracedRun> {
    let rt = runtime_dir()?;
    let _ = std::fs::remove_file(trace_file);
    let mut cmd = std::process::Command::new(exe);
    cmd.current_dir(cwd)
        .env("LD_LIBRARY_PATH", &rt)
        .env("CUDART_TRACE_FILE", trace_file);
    let out = process::run(&mut cmd, Duration::from_secs(60))
        .with_context(|| format!("running {}", exe.display()))?;
    let text = std::fs::read_to_string(trace_file).unwrap_or_default();
    Ok(TracedRun {
        exit_code: out.code,
        stdout: out.stdout_text(),
        stderr: out.stderr_text(),
        trace: Trace::parse(&text),
    })
}

/// A trace's text with its registration lines (`kernel`, `var`, `managed`) sorted, all in
/// the place of the first: the order in which a stub file registers carries no meaning.
pub fn sorted_registrations(text: &str) -> String {
    let is_reg =
        |l: &str| l.starts_with("kernel ") || l.starts_with("var ") || l.starts_with("managed ");
    let mut regs: Vec<&str> = text.lines().filter(|l| is_reg(l)).collect();
    regs.sort();
    let mut out = Vec::new();
    let mut emitted = false;
    for l in text.lines() {
        if is_reg(l) {
            if !emitted {
                out.extend(regs.iter().copied());
                emitted = true;
            }
        } else {
            out.push(l);
        }
    }
    out.join("\n")
}

/// A trace's text with the launch-argument bytes the case does not check (`any:N`, and `??`
/// in `hex:`) replaced by `??`, so that two traces can be compared where those bytes are
/// indeterminate (the byte of an empty closure object, padding).
pub fn mask_unchecked(text: &str, expected: &[ExpectedLaunch]) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("launch ") else {
            out.push(line.to_string());
            continue;
        };
        let kernel = rest.split(' ').next().unwrap_or("");
        let (Some(at), true) = (
            line.find(" args="),
            expected.iter().any(|e| e.name == kernel),
        ) else {
            out.push(line.to_string());
            continue;
        };
        let start = at + " args=".len();
        let end = line[start..].find(' ').map_or(line.len(), |e| start + e);
        let mut args: Vec<String> = line[start..end].split(',').map(str::to_string).collect();
        for e in expected.iter().filter(|e| e.name == kernel) {
            for (arg, want) in args.iter_mut().zip(&e.args) {
                match want {
                    ExpectedArg::Any(_) => *arg = "??".into(),
                    ExpectedArg::Pattern(p) if !arg.contains('=') => {
                        let mut bytes: Vec<String> = (0..arg.len() / 2)
                            .map(|i| arg[2 * i..2 * i + 2].to_string())
                            .collect();
                        for (b, want) in bytes.iter_mut().zip(p) {
                            if want.is_none() {
                                *b = "??".into();
                            }
                        }
                        *arg = bytes.concat();
                    }
                    _ => {}
                }
            }
        }
        out.push(format!(
            "{}{}{}",
            &line[..start],
            args.join(","),
            &line[end..]
        ));
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_arguments() {
        assert_eq!(
            ExpectedArg::parse("i32:100").unwrap(),
            ExpectedArg::Bytes(vec![100, 0, 0, 0])
        );
        assert_eq!(
            ExpectedArg::parse("f32:1.5").unwrap(),
            ExpectedArg::Bytes(1.5f32.to_le_bytes().to_vec())
        );
        assert_eq!(
            ExpectedArg::parse("char:'a'").unwrap(),
            ExpectedArg::Bytes(vec![b'a'])
        );
        assert_eq!(
            ExpectedArg::parse("hex:01_02").unwrap(),
            ExpectedArg::Bytes(vec![1, 2])
        );
        assert_eq!(
            ExpectedArg::parse("ptr:alloc2").unwrap(),
            ExpectedArg::Pointer("alloc2+0".into())
        );
        assert_eq!(
            ExpectedArg::parse("ptr:null").unwrap(),
            ExpectedArg::Bytes(vec![0; 8])
        );
        assert_eq!(
            ExpectedArg::parse("u32:0xffffffff").unwrap(),
            ExpectedArg::Bytes(vec![0xff; 4])
        );
        assert_eq!(
            ExpectedArg::parse("hex:01??").unwrap(),
            ExpectedArg::Pattern(vec![Some(1), None])
        );
        assert_eq!(
            ExpectedArg::parse("ptr:sym:dv+4").unwrap(),
            ExpectedArg::Pointer("sym:dv+4".into())
        );
        assert!(ExpectedArg::parse("i8:300").is_err());
        assert!(ExpectedArg::parse("q:1").is_err());
    }

    #[test]
    fn checks_a_trace() {
        let trace = Trace::parse(
            "cudart-trace 1\n\
             fatbin 0 images=sm_90:elf\n\
             kernel 0 _Z1kPii host=_Z1kPii params=8@0,4@8\n\
             var 0 dv host=dv size=4 constant=0 global=0 ext=0\n\
             alloc 0 device size=64\n\
             launch _Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=0 via=__cudaLaunchKernel args=0000002000000000=alloc0+0,05000000\n",
        );
        let regs = vec![
            ExpectedRegistration::parse("kernel _Z1kPii").unwrap(),
            ExpectedRegistration::parse("var dv size=4 constant=0").unwrap(),
        ];
        let good = ExpectedLaunch::parse(
            "_Z1kPii grid=1,1,1 block=32,1,1 shmem=0 stream=0 args=ptr:alloc0,i32:5",
        )
        .unwrap();
        assert_eq!(check(&trace, &regs, std::slice::from_ref(&good)), Ok(()));

        let bad =
            ExpectedLaunch::parse("_Z1kPii grid=2,1,1 block=32,1,1 args=ptr:alloc1,i32:6").unwrap();
        let err = check(&trace, &regs[..1], &[bad]).unwrap_err();
        assert!(err.contains("grid=1,1,1 (expected 2,1,1)"), "{err}");
        assert!(
            err.contains("arg 0: expected a pointer to alloc1+0"),
            "{err}"
        );
        assert!(
            err.contains("arg 1: expected 06000000 got 05000000"),
            "{err}"
        );
        assert!(err.contains("unexpected registration: var 0 dv"), "{err}");

        let err = check(&trace, &regs, &[good.clone(), good]).unwrap_err();
        assert!(err.contains("missing launch #1"), "{err}");
    }

    #[test]
    fn unchecked_bytes_are_masked() {
        let expected = [ExpectedLaunch::parse("k grid=1,1,1 args=i32:1,any:1,hex:01??").unwrap()];
        let text = "kernel a\nlaunch k grid=1,1,1 via=x args=01000000,ec,0102\nlaunch j args=01";
        assert_eq!(
            mask_unchecked(text, &expected),
            "kernel a\nlaunch k grid=1,1,1 via=x args=01000000,??,01??\nlaunch j args=01"
        );
    }
}
