//! Running a cudafe binary exactly as nvcc runs cudafe++.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use build_helper::toolkit::Toolkit;

use crate::diag::Diagnostics;
use crate::dryrun::{FrontendJob, Plan};
use crate::process;

/// The front end to run in nvcc's place.
#[derive(Debug, Clone)]
pub enum Frontend {
    /// The toolkit's own cudafe++.
    Reference,
    /// Another binary taking cudafe++'s command line (ours: `cudafe`).
    Binary(PathBuf),
}

impl Frontend {
    fn program(&self, job: &FrontendJob) -> String {
        match self {
            Frontend::Reference => job.cudafe.program.clone(),
            Frontend::Binary(p) => p.display().to_string(),
        }
    }
}

/// What one front-end run produced.
#[derive(Debug, Clone)]
pub struct FrontendRun {
    pub job: FrontendJob,
    pub exit_code: i32,
    pub stderr: String,
    pub diagnostics: Diagnostics,
    /// The host file, when the front end wrote one.
    pub host_file: Option<String>,
    /// The module id file's bytes, when written.
    pub module_id: Option<Vec<u8>>,
}

/// Everything the harness needs to run one translation unit's front end.
pub struct FrontendSetup {
    pub plan: Plan,
    pub jobs: Vec<FrontendJob>,
}

impl FrontendSetup {
    /// Asks nvcc for its plan: `nvcc -dryrun -keep -keep-dir WORK ARGS` run in `cwd`.
    /// `args` are nvcc's arguments (options and source files, relative to `cwd`).
    pub fn new(toolkit: &Toolkit, cwd: &Path, work: &Path, args: &[String]) -> Result<Self> {
        std::fs::create_dir_all(work)
            .with_context(|| format!("cannot create {}", work.display()))?;
        let mut full = vec![
            "-keep".to_string(),
            "-keep-dir".to_string(),
            work.display().to_string(),
        ];
        full.extend(args.iter().cloned());
        let plan = Plan::of(toolkit, cwd, &full)?;
        let jobs = plan.frontend_jobs()?;
        Ok(FrontendSetup { plan, jobs })
    }

    /// Runs the host preprocessing of every translation unit (once; shared by all front
    /// ends run afterwards).
    pub fn preprocess(&self, cwd: &Path) -> Result<()> {
        for job in &self.jobs {
            let mut cmd = job.preprocess.command(&self.plan);
            cmd.current_dir(cwd);
            let out = process::run(&mut cmd, Duration::from_secs(120))?;
            if out.code != 0 {
                bail!(
                    "host preprocessing of {} failed ({}):\n{}",
                    job.source_name,
                    out.code,
                    out.stderr_text()
                );
            }
        }
        Ok(())
    }

    /// Runs `frontend` on every translation unit with nvcc's arguments. Output files are
    /// removed first, so a front end that writes none is seen to write none.
    pub fn run(&self, frontend: &Frontend, cwd: &Path) -> Result<Vec<FrontendRun>> {
        let mut runs = Vec::new();
        for job in &self.jobs {
            for out in [&job.host_file, &job.module_id_file].into_iter().flatten() {
                let _ = std::fs::remove_file(out);
            }
            let mut cmd = std::process::Command::new(frontend.program(job));
            cmd.args(&job.cudafe.args).current_dir(cwd);
            self.plan.apply_env(&mut cmd);
            let out = process::run(&mut cmd, Duration::from_secs(300))
                .with_context(|| format!("running the front end on {}", job.source_name))?;
            let stderr = out.stderr_text();
            let read = |p: &Option<PathBuf>| p.as_ref().and_then(|p| std::fs::read(p).ok());
            runs.push(FrontendRun {
                job: job.clone(),
                exit_code: out.code,
                diagnostics: Diagnostics::parse(&stderr),
                stderr,
                host_file: read(&job.host_file).map(|b| String::from_utf8_lossy(&b).into_owned()),
                module_id: read(&job.module_id_file),
            });
        }
        Ok(runs)
    }
}
