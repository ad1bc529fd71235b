//! Clang as the host compiler: the pipeline recognises it, hands the front end Clang mode
//! (`--clang --clang_version=...`, as nvcc does), and builds what nvcc with the same Clang
//! builds.
//!
//! The Clang is zig's (`ziglang` from PyPI, cached under `target/clang-host/`), run with
//! this machine's libstdc++ and C library headers as a system Clang would be: nvcc rejects
//! libc++ on x86. zig 0.14.1 is Clang 19, which nvcc 13.0 supports.
//!
//! `cargo test -p cudafe-tests --test host_clang`.

use std::path::PathBuf;
use std::process::Command;

use anyhow::{Context, Result, bail, ensure};
use build_helper::pipeline::{HostCompiler, HostFlavor, Pipeline};
use difftest::nvcc::{self, Nvcc};
use difftest::symbols::Symbols;

const ZIG_VERSION: &str = "0.14.1";

/// The include directories `c++` searches for `<...>`, in order.
fn gcc_include_dirs() -> Result<Vec<String>> {
    let out = Command::new("c++")
        .args(["-v", "-E", "-x", "c++", "/dev/null", "-o", "/dev/null"])
        .output()
        .context("running c++ -v")?;
    let text = String::from_utf8_lossy(&out.stderr);
    let list = text
        .split("#include <...> search starts here:")
        .nth(1)
        .and_then(|t| t.split("End of search list.").next())
        .context("c++ -v printed no include search list")?;
    Ok(list
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect())
}

/// A `clang++` wrapper around zig's Clang, fetched once.
fn clang_wrapper() -> Result<PathBuf> {
    let dir = difftest::workspace_root().join(format!("target/clang-host/zig-{ZIG_VERSION}"));
    let zig = dir.join("ziglang/zig");
    if !dir.join("complete").is_file() {
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir)?;
        let python = ["python3", "python"]
            .into_iter()
            .find(|p| Command::new(p).arg("--version").output().is_ok())
            .context("no python3 to fetch zig's Clang with")?;
        let st = Command::new(python)
            .args([
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--disable-pip-version-check",
            ])
            .arg(format!("ziglang=={ZIG_VERSION}"))
            .arg("-d")
            .arg(&dir)
            .status()?;
        ensure!(
            st.success(),
            "pip could not download ziglang=={ZIG_VERSION}"
        );
        let wheel = std::fs::read_dir(&dir)?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|e| e == "whl"))
            .context("pip downloaded no wheel")?;
        let st = Command::new(python)
            .args(["-m", "zipfile", "-e"])
            .arg(&wheel)
            .arg(&dir)
            .status()?;
        ensure!(st.success(), "could not unpack {}", wheel.display());
        let _ = std::fs::remove_file(&wheel);
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&zig, std::fs::Permissions::from_mode(0o755))?;
        std::fs::write(dir.join("complete"), "")?;
    }
    // GCC's own header directory (`.../lib/gcc/.../include`) gives way to Clang's.
    let clang_headers = dir.join("ziglang/lib/include");
    let mut includes = String::new();
    let mut replaced = false;
    for d in gcc_include_dirs()? {
        let d = if d.contains("/lib/gcc/") && !d.contains("/c++") {
            if replaced {
                continue;
            }
            replaced = true;
            clang_headers.display().to_string()
        } else {
            d
        };
        includes += &format!(" -isystem '{d}'");
    }
    let wrapper = dir.join("clang++");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\n\
             # zig's Clang with this machine's libstdc++ and C headers; cc's --target=<Rust\n\
             # triple> is dropped (zig spells targets its own way).\n\
             for a in \"$@\"; do shift; case \"$a\" in --target=*) ;; *) set -- \"$@\" \"$a\";; esac; done\n\
             exec '{}' c++ -target x86_64-linux-gnu -nostdinc -nostdinc++{includes} \"$@\"\n",
            zig.display()
        ),
    )?;
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))?;
    Ok(wrapper)
}

/// Kernels whose host side needs Clang's builtins (`std::make_index_sequence` is
/// `__make_integer_seq` under Clang), a device variable and a launch.
const SOURCE: &str = r#"#include <utility>
#include <cstdio>

__device__ int d_total;

template <class T, std::size_t... I>
__global__ void fill(T *out, std::index_sequence<I...>) { ((out[I] = T(I * 2)), ...); }

__global__ void add(int v) { atomicAdd(&d_total, v); }

template <std::size_t... I> int sum(std::index_sequence<I...>) { return (0 + ... + int(I)); }

int run(float *d) {
    fill<<<1, 1>>>(d, std::make_index_sequence<4>{});
    add<<<2, 32>>>(sum(std::make_index_sequence<5>{}));
    std::printf("%d\n", d_total);
    return 0;
}
"#;

#[test]
fn clang_host_compiler() -> Result<()> {
    let tk = difftest::toolkit::reference()?;
    let wrapper = clang_wrapper()?;
    let host = HostCompiler::with_compiler(&wrapper)?;
    let HostFlavor::Clang(version) = host.flavor else {
        bail!(
            "{} was not taken for Clang: {:?}",
            wrapper.display(),
            host.flavor
        );
    };
    assert_eq!(version, 190100, "zig {ZIG_VERSION} is Clang 19.1");

    let work = difftest::fresh_dir("target/difftest/host_clang")?;
    let src = work.join("clang_host.cu");
    std::fs::write(&src, SOURCE)?;

    let mut p = Pipeline::with_host(tk.clone(), host)?;
    p.archs("90")?.std("-std=c++17").keep(work.join("keep"));
    let ours = p
        .compile(&src, &work.join("ours.o"))
        .context("the pipeline with Clang as the host compiler")?;
    // Under Clang, <utility> spells std::make_index_sequence with Clang's builtin
    // `__make_integer_seq`, which only the front end's Clang mode knows: that the file
    // compiled shows the pipeline asked for it.
    let nv = nvcc::build(
        tk,
        &Nvcc::Reference,
        &work,
        &work.join("nvcc"),
        &[
            "-ccbin".into(),
            wrapper.display().to_string(),
            "-std=c++17".into(),
            "-arch=sm_90".into(),
            "-c".into(),
            "clang_host.cu".into(),
        ],
        "ref.o",
    )?;
    ensure!(nv.succeeded(), "nvcc -ccbin clang++ failed:\n{}", nv.stderr);
    let dry = Command::new(tk.nvcc())
        .current_dir(&work)
        .args(["-dryrun", "-ccbin"])
        .arg(&wrapper)
        .args(["-std=c++17", "-arch=sm_90", "-c", "clang_host.cu"])
        .output()?;
    let dry = String::from_utf8_lossy(&dry.stderr);
    ensure!(
        dry.contains("--clang --clang_version=190100"),
        "nvcc does not run cudafe++ in Clang mode:\n{dry}"
    );

    let ours = Symbols::of_file(&ours.object)?;
    let reference = Symbols::of_file(&nv.output)?;
    ensure!(
        ours == reference,
        "the objects differ in their global symbols:\n{}",
        reference.diff(&ours)
    );
    ensure!(
        ours.defined.iter().any(|s| s.contains("_Z3runPf")),
        "no run() in {:?}",
        ours.defined
    );
    Ok(())
}
