//! `cargo cuda doctor`: which toolkit, found how, with which tools and host compiler.

use std::path::Path;
use std::process::{Command, ExitCode};

use anyhow::Result;
use build_helper::toolkit::{self, Discovery};

use crate::status::Status;

pub fn run(discovery: &Discovery<'_>, status: &Status) -> Result<ExitCode> {
    let mut healthy = true;
    let tk = match discovery.discover() {
        Ok(tk) => tk,
        Err(not_found) => {
            status.error(&not_found.to_string());
            return Ok(ExitCode::FAILURE);
        }
    };
    println!("CUDA toolkit: {}", tk.root.display());
    let note = if tk.is_reference() {
        "the release cudafe-rs reimplements".to_string()
    } else {
        healthy = false;
        format!(
            "cudafe-rs reimplements CUDA {}.{}; run `cargo cuda toolkit install` for it",
            toolkit::REFERENCE_VERSION.major,
            toolkit::REFERENCE_VERSION.minor
        )
    };
    println!("  version:  {} ({note})", tk.version);
    println!("  found by: {}", tk.source);
    println!("  looked at, in order:");
    for attempt in &tk.attempts {
        println!("    - {attempt}");
    }

    println!("tools:");
    let tools = [
        ("nvcc", tk.nvcc()),
        ("cudafe++", tk.cudafe()),
        ("cicc", tk.cicc()),
        ("ptxas", tk.ptxas()),
        ("fatbinary", tk.fatbinary()),
        ("nvlink", tk.nvlink()),
    ];
    for (name, path) in &tools {
        let state = tool_state(name, path);
        if state.starts_with("missing") {
            healthy = false;
        }
        println!("  {name:<10} {state:<22} {}", path.display());
    }
    let list = |dirs: &[std::path::PathBuf]| {
        dirs.iter()
            .map(|d| d.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!("  include:  {}", list(&tk.include_dirs));
    println!("  system:   {}", list(&tk.system_include_dirs));
    println!("  libdevice: {}", tk.nvvmir_library_dir.display());
    println!("  runtime:  {}", tk.lib_dir().display());

    match host_compiler() {
        Ok((path, version)) => println!("host compiler: {path} ({version})"),
        Err(e) => {
            healthy = false;
            println!("host compiler: not found ({e})");
        }
    }
    println!("cudafe (cudafe-rs front end): {}", cudafe_core::VERSION);
    if !healthy {
        status.warning("some checks failed; see above");
    }
    Ok(if healthy {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn tool_state(name: &str, path: &Path) -> String {
    if !path.is_file() {
        return "missing".to_string();
    }
    if name == "cicc" {
        // cicc has no version option; it ships with nvcc and is versioned with it.
        return "present".to_string();
    }
    match toolkit::tool_version(path) {
        Ok(v) => format!("{v}"),
        Err(e) => format!("present (no version: {e})"),
    }
}

/// The C++ compiler the `cc` crate picks for this host, and the first line of its banner.
fn host_compiler() -> Result<(String, String)> {
    let target = env!("CARGO_CUDA_HOST_TARGET");
    let compiler = cc::Build::new()
        .cpp(true)
        .cargo_metadata(false)
        .target(target)
        .host(target)
        .opt_level(0)
        .try_get_compiler()?;
    let out = Command::new(compiler.path()).arg("--version").output()?;
    let banner = String::from_utf8_lossy(&out.stdout);
    let first = banner.lines().next().unwrap_or("").trim().to_string();
    Ok((compiler.path().display().to_string(), first))
}
