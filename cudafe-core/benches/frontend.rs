//! Our `cudafe` against the real cudafe++ 13.0, side by side: wall time and peak resident
//! memory of each on the same preprocessed translation units, with nvcc's exact command line.
//!
//! `cargo bench -p cudafe-core --bench frontend`
//!
//! - `BENCH_RUNS=n`: timed runs of each front end per input (default 5, after one warm-up);
//! - `BENCH_FILTER=substr`: only the inputs whose name contains `substr`.
//!
//! The inputs: `all_headers` (every C++17 standard header, the CUDA runtime, cooperative
//! groups, `cuda/std`, thrust and cub: about 17 MB preprocessed), `thrust_sort` (a small
//! thrust program) and `cuda_runtime_only` (a small `.cu` file with kernels and device
//! variables). `cases`, every positive case of `tests/cases` as one row (times summed), is
//! slow (about a minute per run of both front ends on two cores), so it runs only when
//! `BENCH_FILTER` names it: `BENCH_FILTER=cases`.
//!
//! The inputs are preprocessed once per invocation into `target/difftest/bench/<name>/`;
//! the results are printed as a table and written to `target/difftest/bench/frontend.json`.
//! Run other than by `cargo bench` (which passes `--bench`), it does nothing.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitCode, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{Context, Result, bail};
use build_helper::toolkit::Toolkit;
use difftest::case::{self, Kind};
use difftest::dryrun::{FrontendJob, Plan};
use difftest::frontend::FrontendSetup;
use difftest::inputs;

const DEFAULT_RUNS: usize = 5;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// One front-end invocation: a translation unit and the cudafe++ command nvcc runs on it.
struct Unit {
    /// What the unit is, for warnings.
    label: String,
    cwd: PathBuf,
    plan: Plan,
    job: FrontendJob,
}

/// One row of the table: one or more units, timed together (their times summed).
struct Input {
    name: String,
    /// Bytes of preprocessed text over all units.
    bytes: u64,
    units: Vec<Unit>,
}

/// Which front end runs.
#[derive(Clone, Copy)]
enum Side {
    Reference,
    Ours,
}

/// One finished child.
struct Sample {
    wall: Duration,
    /// User plus system CPU time.
    cpu: Duration,
    max_rss_kib: u64,
    code: i32,
}

/// One timed run of a whole input.
#[derive(Clone, Copy)]
struct Measure {
    /// Wall-clock seconds, summed over the input's units.
    secs: f64,
    /// CPU seconds (user and system), summed over the input's units: less disturbed than
    /// wall time by other work on the machine.
    cpu_secs: f64,
    /// The largest peak RSS of any unit, in KiB.
    max_rss_kib: u64,
}

/// The results for one input.
struct Row {
    name: String,
    units: usize,
    bytes: u64,
    reference: Vec<Measure>,
    ours: Vec<Measure>,
}

impl Row {
    fn ref_secs(&self) -> f64 {
        median(self.reference.iter().map(|m| m.secs))
    }
    fn our_secs(&self) -> f64 {
        median(self.ours.iter().map(|m| m.secs))
    }
    fn ref_mib(&self) -> f64 {
        median(self.reference.iter().map(|m| m.max_rss_kib as f64)) / 1024.0
    }
    fn our_mib(&self) -> f64 {
        median(self.ours.iter().map(|m| m.max_rss_kib as f64)) / 1024.0
    }
    fn speedup(&self) -> f64 {
        self.ref_secs() / self.our_secs()
    }
    /// The speed-up in CPU time (user and system), which other work on the machine disturbs
    /// less than wall time.
    fn cpu_speedup(&self) -> f64 {
        median(self.reference.iter().map(|m| m.cpu_secs))
            / median(self.ours.iter().map(|m| m.cpu_secs))
    }
    fn memory(&self) -> f64 {
        self.our_mib() / self.ref_mib()
    }
}

fn run() -> Result<()> {
    // `cargo bench` passes `--bench`; `cargo test --benches` (or `--all-targets`) does not,
    // and must not spend minutes here.
    if !std::env::args().any(|a| a == "--bench") {
        println!(
            "frontend: a benchmark; run it with `cargo bench -p cudafe-core --bench frontend`"
        );
        return Ok(());
    }
    let runs = match std::env::var("BENCH_RUNS") {
        Ok(v) => match v.trim().parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => bail!("BENCH_RUNS={v}: expected a positive number"),
        },
        Err(_) => DEFAULT_RUNS,
    };
    let filter = std::env::var("BENCH_FILTER").unwrap_or_default();
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_cudafe"));
    let toolkit = difftest::toolkit::reference()?;
    let root = difftest::work_root().join("bench");

    let machine = Machine::read();
    println!("front-end benchmark: cudafe++ {} vs ours", toolkit.version);
    println!("machine: {} CPUs, {}", machine.cpus, machine.cpu_model);
    println!("runs: {runs} of each front end per input, alternating, after one warm-up each");
    println!("ours: {}", ours.display());
    println!();

    let started = Instant::now();
    let inputs = prepare(toolkit, &filter)?;
    if inputs.is_empty() {
        bail!("BENCH_FILTER={filter} selects no input");
    }
    eprintln!(
        "preprocessed {} input(s) in {:.1} s",
        inputs.len(),
        started.elapsed().as_secs_f64()
    );

    let mut rows = Vec::new();
    for input in &inputs {
        eprint!("{}: warm-up", input.name);
        let reference = run_input(input, Side::Reference, &ours)?;
        let our = run_input(input, Side::Ours, &ours)?;
        let differ: Vec<String> = input
            .units
            .iter()
            .zip(&reference.1)
            .zip(&our.1)
            .filter(|((_, r), o)| r != o)
            .map(|((unit, r), o)| format!("{}: cudafe++ exited {r}, ours {o}", unit.label))
            .collect();
        if !differ.is_empty() {
            eprintln!();
            for d in &differ {
                eprintln!("warning: {d} (timing both anyway)");
            }
            eprint!("{}:", input.name);
        }
        let mut row = Row {
            name: input.name.clone(),
            units: input.units.len(),
            bytes: input.bytes,
            reference: Vec::new(),
            ours: Vec::new(),
        };
        for i in 0..runs {
            eprint!(", run {}", i + 1);
            row.reference
                .push(run_input(input, Side::Reference, &ours)?.0);
            row.ours.push(run_input(input, Side::Ours, &ours)?.0);
        }
        eprintln!();
        rows.push(row);
    }
    eprintln!("done in {:.1} s", started.elapsed().as_secs_f64());
    println!();

    print!("{}", table(&rows));
    let json = json(&rows, &machine, runs, &toolkit.version.to_string());
    let out = root.join("frontend.json");
    std::fs::create_dir_all(&root).with_context(|| format!("creating {}", root.display()))?;
    std::fs::write(&out, json).with_context(|| format!("writing {}", out.display()))?;
    println!();
    println!("written to {}", out.display());
    Ok(())
}

/// Preprocesses the inputs `filter` selects, each into `target/difftest/bench/<name>/`.
fn prepare(toolkit: &Toolkit, filter: &str) -> Result<Vec<Input>> {
    let all_headers = inputs::all_headers_source(toolkit)?;
    let singles: [(&str, &str, &[&str]); 3] = [
        ("all_headers", &all_headers, &["-std=c++17", "-arch=sm_90"]),
        ("thrust_sort", inputs::THRUST_SORT_SOURCE, &["-std=c++17"]),
        (
            "cuda_runtime_only",
            inputs::CUDA_RUNTIME_ONLY_SOURCE,
            &["-arch=sm_90"],
        ),
    ];
    let mut out = Vec::new();
    for (name, source, args) in singles {
        if !name.contains(filter) {
            continue;
        }
        let dir = difftest::fresh_dir(Path::new("bench").join(name))
            .with_context(|| format!("preparing the directory for {name}"))?;
        let file = format!("{name}.cu");
        let pre = inputs::preprocess(toolkit, &dir, &file, source, args)
            .with_context(|| format!("preprocessing {name}"))?;
        let unit = Unit {
            label: name.to_string(),
            cwd: pre.cwd.clone(),
            job: pre.job().clone(),
            plan: pre.setup.plan,
        };
        out.push(Input {
            name: name.to_string(),
            bytes: input_bytes(&unit)?,
            units: vec![unit],
        });
    }
    // The corpus takes about a minute per run of both front ends on two cores, too long for
    // the default set: it runs only when the filter is given and selects it.
    if !filter.is_empty() && "cases".contains(filter) {
        out.push(prepare_cases(toolkit)?);
    }
    Ok(out)
}

/// Every positive case of `tests/cases` (kinds `run` and `compile`), as one input: each
/// translation unit is run as nvcc runs it.
fn prepare_cases(toolkit: &Toolkit) -> Result<Input> {
    let cases: Vec<case::Case> = case::discover(&difftest::workspace_root().join("tests/cases"))?
        .into_iter()
        .filter(|c| c.kind != Kind::Fail)
        .collect();
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let chunk = cases.len().div_ceil(workers).max(1);
    let prepared: Vec<Result<Vec<Unit>>> = std::thread::scope(|s| {
        let handles: Vec<_> = cases
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut units = Vec::new();
                    for c in part {
                        units.extend(prepare_case(toolkit, c)?);
                    }
                    Ok(units)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("a preprocessing thread panicked")))
            })
            .collect()
    });
    let mut units = Vec::new();
    for p in prepared {
        units.extend(p?);
    }
    let mut bytes = 0;
    for u in &units {
        bytes += input_bytes(u)?;
    }
    Ok(Input {
        name: "cases".to_string(),
        bytes,
        units,
    })
}

fn prepare_case(toolkit: &Toolkit, c: &case::Case) -> Result<Vec<Unit>> {
    let work = difftest::fresh_dir(Path::new("bench/cases").join(&c.name))
        .with_context(|| format!("preparing the directory for case {}", c.name))?;
    let mut args = c.nvcc_args();
    args.extend(c.sources());
    args.push("-c".into());
    let setup = FrontendSetup::new(toolkit, c.dir(), &work, &args)
        .with_context(|| format!("case {}", c.name))?;
    setup
        .preprocess(c.dir())
        .with_context(|| format!("case {}", c.name))?;
    Ok(setup
        .jobs
        .iter()
        .map(|job| Unit {
            label: format!("case {} ({})", c.name, job.source_name),
            cwd: c.dir().to_path_buf(),
            plan: setup.plan.clone(),
            job: job.clone(),
        })
        .collect())
}

fn input_bytes(unit: &Unit) -> Result<u64> {
    let path = unit.cwd.join(&unit.job.input);
    Ok(std::fs::metadata(&path)
        .with_context(|| format!("reading {}", path.display()))?
        .len())
}

/// Runs one front end on every unit of `input`: the summed wall time and the largest peak
/// RSS, with each unit's exit code.
fn run_input(input: &Input, side: Side, ours: &Path) -> Result<(Measure, Vec<i32>)> {
    let mut m = Measure {
        secs: 0.0,
        cpu_secs: 0.0,
        max_rss_kib: 0,
    };
    let mut codes = Vec::with_capacity(input.units.len());
    for unit in &input.units {
        let s = run_unit(unit, side, ours)?;
        m.secs += s.wall.as_secs_f64();
        m.cpu_secs += s.cpu.as_secs_f64();
        m.max_rss_kib = m.max_rss_kib.max(s.max_rss_kib);
        codes.push(s.code);
    }
    Ok((m, codes))
}

fn run_unit(unit: &Unit, side: Side, ours: &Path) -> Result<Sample> {
    let program = match side {
        Side::Reference => PathBuf::from(&unit.job.cudafe.program),
        Side::Ours => ours.to_path_buf(),
    };
    let mut cmd = Command::new(&program);
    cmd.args(&unit.job.cudafe.args)
        .current_dir(&unit.cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    unit.plan.apply_env(&mut cmd);
    clear_outputs(unit)?;
    let start = Instant::now();
    let child = cmd
        .spawn()
        .with_context(|| format!("starting {} on {}", program.display(), unit.label))?;
    let (code, usage) =
        wait_with_rusage(child).with_context(|| format!("waiting for {}", program.display()))?;
    Ok(Sample {
        wall: start.elapsed(),
        cpu: usage.cpu,
        max_rss_kib: usage.max_rss_kib,
        code,
    })
}

/// Removes what the previous run wrote, so that each run writes new files, as inside nvcc
/// (whose temporary names are new for each compilation): replacing a file takes the time
/// of freeing its old pages, which neither front end should be timed for.
fn clear_outputs(unit: &Unit) -> Result<()> {
    for out in [&unit.job.host_file, &unit.job.module_id_file]
        .into_iter()
        .flatten()
    {
        let path = unit.cwd.join(out);
        match std::fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e).with_context(|| format!("removing {}", path.display())),
        }
    }
    Ok(())
}

/// What `wait4` says a child used.
struct Usage {
    /// User plus system time.
    cpu: Duration,
    /// Peak resident set (`ru_maxrss`, which Linux reports in KiB).
    max_rss_kib: u64,
}

/// Reaps `child` with `wait4`: its exit code (128 + N for a death by signal N) and what it
/// used.
fn wait_with_rusage(child: Child) -> Result<(i32, Usage)> {
    let pid = libc::pid_t::try_from(child.id()).context("the child's pid")?;
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is plain old data, for which all zero bytes is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `status` and `usage` are valid for writes for the duration of the call;
        // `pid` is our own unreaped child (std never reaps it: we never call `wait` on it).
        let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if r == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if r == -1 && err.kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        return Err(err).context("wait4");
    }
    // Dropping a `Child` neither waits for nor kills it; the process is already reaped.
    drop(child);
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else if libc::WIFSIGNALED(status) {
        128 + libc::WTERMSIG(status)
    } else {
        -1
    };
    let time = |t: libc::timeval| {
        Duration::from_secs(u64::try_from(t.tv_sec).unwrap_or(0))
            + Duration::from_micros(u64::try_from(t.tv_usec).unwrap_or(0))
    };
    Ok((
        code,
        Usage {
            cpu: time(usage.ru_utime) + time(usage.ru_stime),
            max_rss_kib: u64::try_from(usage.ru_maxrss).unwrap_or(0),
        },
    ))
}

fn median(values: impl Iterator<Item = f64>) -> f64 {
    let mut v: Vec<f64> = values.collect();
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    let mid = v.len() / 2;
    if v.len() % 2 == 1 {
        v[mid]
    } else {
        (v[mid - 1] + v[mid]) / 2.0
    }
}

fn geomean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values
        .filter(|v| v.is_finite() && *v > 0.0)
        .fold((0.0, 0usize), |(s, n), v| (s + v.ln(), n + 1));
    if n == 0 {
        f64::NAN
    } else {
        (sum / n as f64).exp()
    }
}

fn display_name(row: &Row) -> String {
    if row.units == 1 {
        row.name.clone()
    } else {
        format!("{} ({} TUs)", row.name, row.units)
    }
}

fn table(rows: &[Row]) -> String {
    let headers = [
        "input",
        "size MB",
        "cudafe++ s",
        "ours s",
        "speed-up",
        "CPU speed-up",
        "cudafe++ MiB",
        "ours MiB",
        "memory",
    ];
    let mut lines: Vec<[String; 9]> = rows
        .iter()
        .map(|r| {
            [
                display_name(r),
                format!("{:.2}", r.bytes as f64 / 1e6),
                format!("{:.3}", r.ref_secs()),
                format!("{:.3}", r.our_secs()),
                format!("{:.2}x", r.speedup()),
                format!("{:.2}x", r.cpu_speedup()),
                format!("{:.1}", r.ref_mib()),
                format!("{:.1}", r.our_mib()),
                format!("{:.2}x", r.memory()),
            ]
        })
        .collect();
    lines.push([
        "geometric mean".to_string(),
        String::new(),
        String::new(),
        String::new(),
        format!("{:.2}x", geomean(rows.iter().map(Row::speedup))),
        format!("{:.2}x", geomean(rows.iter().map(Row::cpu_speedup))),
        String::new(),
        String::new(),
        format!("{:.2}x", geomean(rows.iter().map(Row::memory))),
    ]);
    let mut widths = headers.map(str::len);
    for l in &lines {
        for (w, cell) in widths.iter_mut().zip(l) {
            *w = (*w).max(cell.len());
        }
    }
    let mut out = String::new();
    let mut line = |cells: &[String]| {
        let mut s = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            if i == 0 {
                let _ = write!(s, "{cell:<w$}");
            } else {
                let _ = write!(s, "  {cell:>w$}");
            }
        }
        out += s.trim_end();
        out.push('\n');
    };
    line(&headers.map(String::from));
    line(&widths.map(|w| "-".repeat(w)));
    let last = lines.len() - 1;
    for (i, l) in lines.iter().enumerate() {
        if i == last {
            line(&widths.map(|w| "-".repeat(w)));
        }
        line(l);
    }
    out
}

/// The machine the numbers were taken on.
struct Machine {
    cpus: usize,
    cpu_model: String,
}

impl Machine {
    fn read() -> Machine {
        let cpus = std::thread::available_parallelism().map_or(1, |n| n.get());
        let cpu_model = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|text| {
                text.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown CPU".to_string());
        Machine { cpus, cpu_model }
    }
}

fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out += "\\\"",
            '\\' => out += "\\\\",
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_number(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.6}")
    } else {
        "null".to_string()
    }
}

fn json_list(values: impl Iterator<Item = String>) -> String {
    format!("[{}]", values.collect::<Vec<_>>().join(", "))
}

fn json(rows: &[Row], machine: &Machine, runs: usize, version: &str) -> String {
    let timestamp = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut out = String::from("{\n");
    let _ = writeln!(out, "  \"unix_time\": {timestamp},");
    let _ = writeln!(out, "  \"cudafe_version\": {},", json_string(version));
    let _ = writeln!(out, "  \"cpus\": {},", machine.cpus);
    let _ = writeln!(out, "  \"cpu_model\": {},", json_string(&machine.cpu_model));
    let _ = writeln!(out, "  \"runs\": {runs},");
    out += "  \"inputs\": [\n";
    for (i, r) in rows.iter().enumerate() {
        out += "    {\n";
        let _ = writeln!(out, "      \"name\": {},", json_string(&r.name));
        let _ = writeln!(out, "      \"translation_units\": {},", r.units);
        let _ = writeln!(out, "      \"bytes\": {},", r.bytes);
        for (label, ms) in [("reference", &r.reference), ("ours", &r.ours)] {
            let _ = writeln!(
                out,
                "      \"{label}_secs\": {},",
                json_list(ms.iter().map(|m| json_number(m.secs)))
            );
            let _ = writeln!(
                out,
                "      \"{label}_cpu_secs\": {},",
                json_list(ms.iter().map(|m| json_number(m.cpu_secs)))
            );
            let _ = writeln!(
                out,
                "      \"{label}_max_rss_kib\": {},",
                json_list(ms.iter().map(|m| m.max_rss_kib.to_string()))
            );
        }
        let _ = writeln!(
            out,
            "      \"reference_median_secs\": {},",
            json_number(r.ref_secs())
        );
        let _ = writeln!(
            out,
            "      \"ours_median_secs\": {},",
            json_number(r.our_secs())
        );
        let _ = writeln!(
            out,
            "      \"reference_median_rss_mib\": {},",
            json_number(r.ref_mib())
        );
        let _ = writeln!(
            out,
            "      \"ours_median_rss_mib\": {},",
            json_number(r.our_mib())
        );
        let _ = writeln!(out, "      \"speedup\": {},", json_number(r.speedup()));
        let _ = writeln!(
            out,
            "      \"cpu_speedup\": {},",
            json_number(r.cpu_speedup())
        );
        let _ = writeln!(out, "      \"memory_ratio\": {}", json_number(r.memory()));
        out += if i + 1 == rows.len() {
            "    }\n"
        } else {
            "    },\n"
        };
    }
    out += "  ],\n";
    let _ = writeln!(
        out,
        "  \"geomean_speedup\": {},",
        json_number(geomean(rows.iter().map(Row::speedup)))
    );
    let _ = writeln!(
        out,
        "  \"geomean_cpu_speedup\": {},",
        json_number(geomean(rows.iter().map(Row::cpu_speedup)))
    );
    let _ = writeln!(
        out,
        "  \"geomean_memory_ratio\": {}",
        json_number(geomean(rows.iter().map(Row::memory)))
    );
    out += "}\n";
    out
}
