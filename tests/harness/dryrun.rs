//! Reading nvcc's plan from `nvcc -dryrun`: the environment it sets and every command it
//! would run, so the harness runs exactly what nvcc runs.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Result, anyhow, bail};
use build_helper::toolkit::Toolkit;

use crate::process;

/// The stages of nvcc's plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepKind {
    /// The host compiler's `-E` for the host side (no `-D__CUDA_ARCH__`).
    HostPreprocess,
    /// The host compiler's `-E` for one device architecture.
    DevicePreprocess,
    Cudafe,
    Cicc,
    Ptxas,
    Fatbinary,
    Nvlink,
    /// The host compiler's `-c` (the host file, or the device-link stub).
    HostCompile,
    /// The final link.
    Link,
    Other,
}

/// One command of the plan.
#[derive(Debug, Clone)]
pub struct Step {
    pub kind: StepKind,
    /// The program as nvcc names it (`gcc`, `cudafe++`, `$CICC_PATH/cicc` expanded).
    pub program: String,
    pub args: Vec<String>,
}

impl Step {
    /// The value following `flag` (`--flag VALUE`), or of `--flag=VALUE`.
    pub fn option(&self, flag: &str) -> Option<&str> {
        let mut it = self.args.iter();
        while let Some(a) = it.next() {
            if a == flag {
                return it.next().map(String::as_str);
            }
            if let Some(v) = a.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
                return Some(v);
            }
        }
        None
    }

    pub fn has_flag(&self, flag: &str) -> bool {
        self.args.iter().any(|a| a == flag)
    }

    /// The last argument: the input file for cudafe++ and cicc.
    pub fn last_arg(&self) -> Option<&str> {
        self.args.last().map(String::as_str)
    }

    /// This step as a [`Command`] with nvcc's environment.
    pub fn command(&self, plan: &Plan) -> Command {
        let mut cmd = Command::new(&self.program);
        cmd.args(&self.args);
        plan.apply_env(&mut cmd);
        cmd
    }
}

/// Everything `nvcc -dryrun` printed.
#[derive(Debug, Clone)]
pub struct Plan {
    /// `NAME=value` settings nvcc makes (from `nvcc.profile`), in order.
    pub env: Vec<(String, String)>,
    pub steps: Vec<Step>,
}

/// One translation unit's host-side front-end work: preprocessing, then cudafe++.
#[derive(Debug, Clone)]
pub struct FrontendJob {
    pub preprocess: Step,
    pub cudafe: Step,
    /// `--orig_src_file_name`: the source as nvcc was given it.
    pub source_name: String,
    /// `--orig_src_path_name`: its absolute path.
    pub source_path: PathBuf,
    /// The preprocessed translation unit cudafe++ reads.
    pub input: PathBuf,
    /// `--gen_c_file_name`.
    pub host_file: Option<PathBuf>,
    /// `--module_id_file_name`, when `--gen_module_id_file` asks for it to be written.
    pub module_id_file: Option<PathBuf>,
    /// `--stub_file_name` exactly as given.
    pub stub_name: Option<String>,
}

impl Plan {
    /// Runs `nvcc -dryrun ARGS` in `cwd` and reads its plan.
    pub fn of(toolkit: &Toolkit, cwd: &Path, nvcc_args: &[String]) -> Result<Plan> {
        let mut cmd = Command::new(toolkit.nvcc());
        cmd.current_dir(cwd).arg("-dryrun").args(nvcc_args);
        let out = process::run(&mut cmd, Duration::from_secs(60))?;
        if out.code != 0 {
            bail!(
                "nvcc -dryrun {} failed ({}):\n{}",
                nvcc_args.join(" "),
                out.code,
                out.stderr_text()
            );
        }
        // nvcc prints its plan on stderr.
        Plan::parse(&(out.stderr_text() + &out.stdout_text()))
    }

    /// Parses the `#$ ...` lines of `nvcc -dryrun` output.
    pub fn parse(text: &str) -> Result<Plan> {
        let mut env: Vec<(String, String)> = Vec::new();
        let mut steps = Vec::new();
        for line in text.lines() {
            let Some(line) = line.strip_prefix("#$ ") else {
                continue;
            };
            let line = line.trim_end();
            if let Some((name, value)) = env_assignment(line) {
                env.retain(|(n, _)| n != name);
                env.push((name.to_string(), value.to_string()));
                continue;
            }
            let words = shlex::split(line)
                .ok_or_else(|| anyhow!("cannot split nvcc's command line: {line}"))?;
            let Some((program, args)) = words.split_first() else {
                continue;
            };
            let program = expand_vars(program, &env);
            let args: Vec<String> = args.to_vec();
            let kind = classify(&program, &args);
            steps.push(Step {
                kind,
                program,
                args,
            });
        }
        if steps.is_empty() {
            bail!("nvcc -dryrun printed no commands:\n{text}");
        }
        Ok(Plan { env, steps })
    }

    /// The value nvcc gives an environment variable, if it sets it.
    pub fn env_value(&self, name: &str) -> Option<&str> {
        self.env
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets `PATH` and `LD_LIBRARY_PATH` as nvcc sets them for its children.
    pub fn apply_env(&self, cmd: &mut Command) {
        for name in ["PATH", "LD_LIBRARY_PATH"] {
            if let Some(v) = self.env_value(name) {
                cmd.env(name, v);
            }
        }
    }

    /// The steps of one kind, in order.
    pub fn steps_of(&self, kind: StepKind) -> impl Iterator<Item = &Step> {
        self.steps.iter().filter(move |s| s.kind == kind)
    }

    /// Each cudafe++ run with the preprocessing step that makes its input.
    pub fn frontend_jobs(&self) -> Result<Vec<FrontendJob>> {
        let mut jobs = Vec::new();
        for cudafe in self.steps_of(StepKind::Cudafe) {
            let input = cudafe
                .last_arg()
                .ok_or_else(|| anyhow!("cudafe++ without an input"))?;
            let preprocess = self
                .steps_of(StepKind::HostPreprocess)
                .find(|s| s.option("-o") == Some(input))
                .ok_or_else(|| anyhow!("no preprocessing step writes {input}"))?;
            let source_name = cudafe
                .option("--orig_src_file_name")
                .ok_or_else(|| anyhow!("cudafe++ without --orig_src_file_name"))?;
            let source_path = cudafe
                .option("--orig_src_path_name")
                .ok_or_else(|| anyhow!("cudafe++ without --orig_src_path_name"))?;
            jobs.push(FrontendJob {
                preprocess: preprocess.clone(),
                cudafe: cudafe.clone(),
                source_name: source_name.to_string(),
                source_path: PathBuf::from(source_path),
                input: PathBuf::from(input),
                host_file: cudafe.option("--gen_c_file_name").map(PathBuf::from),
                module_id_file: cudafe
                    .has_flag("--gen_module_id_file")
                    .then(|| cudafe.option("--module_id_file_name").map(PathBuf::from))
                    .flatten(),
                stub_name: cudafe.option("--stub_file_name").map(str::to_string),
            });
        }
        if jobs.is_empty() {
            bail!("nvcc's plan runs no cudafe++");
        }
        Ok(jobs)
    }
}

fn env_assignment(line: &str) -> Option<(&str, &str)> {
    let eq = line.find('=')?;
    let name = &line[..eq];
    let ok = !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    ok.then(|| (name, &line[eq + 1..]))
}

/// Expands `$NAME` and `${NAME}` from nvcc's settings (nvcc writes `"$CICC_PATH/cicc"`).
fn expand_vars(word: &str, env: &[(String, String)]) -> String {
    let mut out = String::new();
    let mut rest = word;
    while let Some(i) = rest.find('$') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let (name, tail) = if let Some(braced) = after.strip_prefix('{') {
            match braced.find('}') {
                Some(end) => (&braced[..end], &braced[end + 1..]),
                None => (braced, ""),
            }
        } else {
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            (&after[..end], &after[end..])
        };
        let value = env
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .or_else(|| std::env::var(name).ok())
            .unwrap_or_default();
        out.push_str(&value);
        rest = tail;
    }
    out.push_str(rest);
    out
}

fn classify(program: &str, args: &[String]) -> StepKind {
    let base = Path::new(program)
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    match base.as_str() {
        "cudafe++" => StepKind::Cudafe,
        "cicc" => StepKind::Cicc,
        "ptxas" => StepKind::Ptxas,
        "fatbinary" => StepKind::Fatbinary,
        "nvlink" => StepKind::Nvlink,
        "rm" => StepKind::Other,
        _ if has("-E") => {
            if args.iter().any(|a| a.starts_with("-D__CUDA_ARCH__=")) {
                StepKind::DevicePreprocess
            } else {
                StepKind::HostPreprocess
            }
        }
        _ if has("-c") => StepKind::HostCompile,
        _ if args.iter().any(|a| a == "-o") => StepKind::Link,
        _ => StepKind::Other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r##"#$ _NVVM_BRANCH_=nvvm
#$ _HERE_=/tk/bin
#$ TOP=/tk/bin/..
#$ CICC_PATH=/tk/bin/../nvvm/bin
#$ PATH=/tk/bin/../nvvm/bin:/tk/bin:/usr/bin
#$ INCLUDES="-I/tk/bin/..//include"  
#$ gcc -D__CUDA_ARCH_LIST__=900 -E -x c++ -D__CUDACC__ -D__NVCC__  "-I/tk/bin/..//include" -include "cuda_runtime.h" -m64 "k1.cu" -o "/w/k1.cpp4.ii" 
#$ cudafe++ --c++17 --static-host-stub --orig_src_file_name "k1.cu" --orig_src_path_name "/src/k1.cu" --allow_managed  --m64 --gen_c_file_name "/w/k1.cudafe1.cpp" --stub_file_name "k1.cudafe1.stub.c" --gen_module_id_file --module_id_file_name "/w/k1.module_id" "/w/k1.cpp4.ii" 
#$ gcc -D__CUDA_ARCH__=900 -D__CUDA_ARCH_LIST__=900 -E -x c++ "k1.cu" -o "/w/k1.cpp1.ii" 
#$ "$CICC_PATH/cicc" --c++17 "/w/k1.cpp1.ii" -o "/w/k1.ptx"
#$ ptxas -arch=sm_90 -m64  "/w/k1.ptx"  -o "/w/k1.sm_90.cubin" 
#$ gcc -D__CUDA_ARCH__=900 -c -x c++ "/w/k1.cudafe1.cpp" -o "/w/k1.o" 
#$ g++ -m64 -Wl,--start-group "/w/k1.o" -lcudart -Wl,--end-group -o "/w/k1" 
"##;

    #[test]
    fn parses_a_plan() {
        let plan = Plan::parse(SAMPLE).unwrap();
        assert_eq!(
            plan.env_value("PATH"),
            Some("/tk/bin/../nvvm/bin:/tk/bin:/usr/bin")
        );
        let kinds: Vec<StepKind> = plan.steps.iter().map(|s| s.kind).collect();
        assert_eq!(
            kinds,
            vec![
                StepKind::HostPreprocess,
                StepKind::Cudafe,
                StepKind::DevicePreprocess,
                StepKind::Cicc,
                StepKind::Ptxas,
                StepKind::HostCompile,
                StepKind::Link
            ]
        );
        assert_eq!(plan.steps[3].program, "/tk/bin/../nvvm/bin/cicc");
        let jobs = plan.frontend_jobs().unwrap();
        assert_eq!(jobs.len(), 1);
        let job = &jobs[0];
        assert_eq!(job.source_name, "k1.cu");
        assert_eq!(job.source_path, PathBuf::from("/src/k1.cu"));
        assert_eq!(job.input, PathBuf::from("/w/k1.cpp4.ii"));
        assert_eq!(job.host_file, Some(PathBuf::from("/w/k1.cudafe1.cpp")));
        assert_eq!(job.module_id_file, Some(PathBuf::from("/w/k1.module_id")));
        assert_eq!(job.stub_name.as_deref(), Some("k1.cudafe1.stub.c"));
        assert_eq!(job.preprocess.option("-o"), Some("/w/k1.cpp4.ii"));
    }

    #[test]
    fn expands_variables() {
        let env = vec![("A".to_string(), "x".to_string())];
        assert_eq!(expand_vars("$A/y/${A}z", &env), "x/y/xz");
    }
}
