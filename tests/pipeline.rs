//! The per-file pipeline of build-helper (our front end in place of cudafe++) against plain
//! nvcc: `run` cases of `tests/cases/` are built both ways, linked against the shared CUDA
//! runtime, run under the tracing runtime, and must behave, register and launch the same.
//!
//! `cargo test -p cudafe-tests --test pipeline` (one: `-- NAME`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use build_helper::Cudart;
use build_helper::pipeline::{CompiledFile, Pipeline};
use difftest::case::{Case, Kind};
use difftest::nvcc::{self, Nvcc};
use difftest::{fresh_dir, trace};

struct Built {
    program: PathBuf,
    compiled: Vec<CompiledFile>,
}

/// Builds `case` with the pipeline (every intermediate kept under `work/keep`).
fn build_with_pipeline(case: &Case, archs: &str, work: &Path) -> Result<Built> {
    let tk = difftest::toolkit::reference()?;
    let mut p = Pipeline::new(tk.clone())?;
    // Every kernel of these cases must come from our own stub file.
    p.archs(archs)?.keep(work.join("keep")).strict_stub(true);
    let mut xcudafe = false;
    for a in &case.nvcc {
        match a.as_str() {
            "-rdc=true" => {
                p.rdc(true);
            }
            s if s.starts_with("-std=") => {
                p.std(s);
            }
            s if s.starts_with("-D") => {
                let (n, v) = match s[2..].split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (&s[2..], None),
                };
                p.define(n, v);
            }
            "--extended-lambda" => {
                p.extended_lambda(true);
            }
            "--expt-relaxed-constexpr" => {
                p.relaxed_constexpr(true);
            }
            "-use_fast_math" => {
                p.fast_math(true);
            }
            "-Xcudafe" => xcudafe = true,
            s if xcudafe => {
                p.front_end_flag(s);
                xcudafe = false;
            }
            other => bail!("the pipeline test does not know nvcc option {other}"),
        }
    }
    let mut compiled = Vec::new();
    for s in case.sources() {
        let src = case.dir().join(&s);
        let obj = work.join("obj").join(Path::new(&s).with_extension("o"));
        compiled.push(
            p.compile(&src, &obj)
                .with_context(|| format!("the pipeline on {s}"))?,
        );
    }
    let objects: Vec<PathBuf> = compiled.iter().map(|c| c.object.clone()).collect();
    let program = work.join("program");
    p.link_program(&objects, Cudart::Shared, &program)?;
    Ok(Built { program, compiled })
}

/// Builds `case` with the pipeline and with plain nvcc for the same architectures, runs both
/// under the tracer and compares.
/// The work directory is removed when the check passes.
fn check(name: &str, archs: &str) -> Result<()> {
    let work = fresh_dir(Path::new("pipeline").join(name))?;
    let result = check_in(name, archs, &work);
    if result.is_ok() {
        difftest::discard(&work);
    }
    result
}

fn check_in(name: &str, archs: &str, work: &Path) -> Result<()> {
    let tk = difftest::toolkit::reference()?;
    let case = Case::load(&difftest::workspace_root().join(format!("tests/cases/{name}.cu")))?;
    assert_eq!(case.kind, Kind::Run, "{name} is not a run case");

    // Plain nvcc, with the same architectures and absolute source names (the module ids
    // depend on the names).
    let p = {
        let mut p = Pipeline::new(tk.clone())?;
        p.archs(archs)?;
        p
    };
    let mut args: Vec<String> = p.current_archs().nvcc_args();
    args.extend(case.nvcc.iter().cloned());
    for s in case.sources() {
        args.push(case.dir().join(s).display().to_string());
    }
    args.extend(["-cudart".to_string(), "shared".to_string()]);
    let reference = nvcc::build(
        tk,
        &Nvcc::Reference,
        case.dir(),
        &work.join("nvcc"),
        &args,
        "program",
    )?;
    if !reference.succeeded() {
        bail!("nvcc failed:\n{}", reference.stderr);
    }

    let ours = build_with_pipeline(&case, archs, &work.join("ours"))?;

    // The same module ids (but for the process id of units without eligible definitions).
    let mut ids = Vec::new();
    for (s, c) in case.sources().iter().zip(&ours.compiled) {
        let stem = Path::new(s).file_stem().unwrap().to_string_lossy();
        let theirs = std::fs::read_to_string(reference.kept(&format!("{stem}.module_id")))
            .context("nvcc kept no module id")?;
        if difftest::without_pid(&theirs) != difftest::without_pid(&c.module_id) {
            bail!("module id of {s}: nvcc {theirs}, ours {}", c.module_id);
        }
        ids.push((c.module_id.clone(), theirs));
        let kept = c.kept.as_ref().expect("kept");
        for f in [
            "commands.sh".to_string(),
            format!("{stem}.cpp4.ii"),
            format!("{stem}.cudafe1.cpp"),
            format!("{stem}.cudafe1.stub.c"),
            format!("{stem}.module_id"),
            format!("{stem}.fatbin.c"),
        ] {
            if !kept.join(&f).is_file() {
                bail!("the pipeline kept no {f} in {}", kept.display());
            }
        }
    }

    let ra = trace::run_traced(&reference.output, &work.join("nvcc-trace.txt"), work)?;
    let rb = trace::run_traced(&ours.program, &work.join("our-trace.txt"), work)?;
    if ra.exit_code != rb.exit_code || ra.stdout != rb.stdout {
        bail!(
            "the programs behave differently: exit {} vs {}\n--- nvcc's stdout:\n{}\n--- ours:\n{}\n--- our stderr:\n{}",
            ra.exit_code,
            rb.exit_code,
            ra.stdout,
            rb.stdout,
            rb.stderr
        );
    }
    // Registrations are compared as a set: our stub file may register in another order.
    // Bytes the case leaves unchecked are indeterminate (an empty closure's byte).
    let mask = |t: &str| trace::mask_unchecked(t, &case.launches);
    let ta = difftest::trace::sorted_registrations(&mask(&ra.trace.text()));
    let mut tb = rb.trace.text();
    for (ours, theirs) in &ids {
        tb = tb.replace(ours, theirs);
    }
    let tb = difftest::trace::sorted_registrations(&mask(&tb));
    if ta != tb {
        bail!("the traces differ\n--- nvcc:\n{ta}\n--- ours:\n{tb}");
    }
    // And they launch what the case says.
    let module_id = &ids[0].1;
    let mut regs = case.registrations.clone();
    let mut launches = case.launches.clone();
    regs.iter_mut().for_each(|r| r.substitute(module_id));
    launches.iter_mut().for_each(|l| l.substitute(module_id));
    trace::check(&rb.trace, &regs, &launches)
        .map_err(|e| anyhow::anyhow!("the trace does not match the `//@` lines:\n{e}\n{tb}"))?;
    if ra.trace.registrations().is_empty() {
        bail!("nothing registered: the comparison proves nothing");
    }
    Ok(())
}

fn run(name: &str, archs: &str) {
    if let Err(e) = check(name, archs) {
        panic!("{name}: {e:#}");
    }
}

#[test]
fn kernel_plain_two_archs() {
    // SASS and PTX for two architectures: two cicc runs, two consistency checks.
    run("kernel_plain", "80;90");
}

#[test]
fn kernel_overloads() {
    run("kernel_overloads", "90");
}

#[test]
fn kernel_static() {
    run("kernel_static", "90-real;90-virtual");
}

#[test]
fn template_kernel_deduced() {
    run("template_kernel_deduced", "90");
}

#[test]
fn var_device() {
    run("var_device", "90");
}

#[test]
fn launch_cmdline_macros() {
    run("launch_cmdline_macros", "90");
}

#[test]
fn rdc_two_files() {
    // Separate compilation: two objects, a device link through nvlink with cudadevrt.
    run("rdc_two_files", "90");
}

#[test]
fn rdc_three_files_two_archs() {
    run("rdc_three_files", "80-real;90");
}

#[test]
fn extended_device_lambdas() {
    run("lambda_device", "90");
}

#[test]
fn extended_host_device_lambdas() {
    run("lambda_host_device", "90");
}

#[test]
fn extended_lambdas_in_templates() {
    run("lambda_in_template", "90");
}

#[test]
fn launches_in_generic_lambdas() {
    run("launch_in_lambda", "90");
}

#[test]
fn relaxed_constexpr() {
    run("relaxed_constexpr", "90");
}

/// A launch our stub file cannot follow (the argument's type comes from a call of a function
/// template): in strict mode the build stops at the consistency check, naming the kernel
/// cicc has and our stub file lacks; by default it builds with cicc's stub file and says so.
#[test]
fn consistency_check_names_the_kernel() {
    let work = fresh_dir(Path::new("pipeline").join("consistency_check")).unwrap();
    let src = work.join("unfollowed.cu");
    std::fs::write(
        &src,
        "template <class T> __global__ void store(T *p, T v) { *p = v; }\n\
         template <class T> T twice(T x) { return x + x; }\n\
         void run(float *f) {\n\
           auto generic = [](auto *p, auto v) { store<<<1, 1>>>(p, v); };\n\
           generic(f, twice(1.5f));\n\
         }\n",
    )
    .unwrap();
    let tk = difftest::toolkit::reference().unwrap();
    let mut p = Pipeline::new(tk.clone()).unwrap();
    p.archs("90").unwrap().keep(work.join("keep"));
    let c = p
        .compile(&src, &work.join("unfollowed.o"))
        .unwrap_or_else(|e| panic!("{e:#}"));
    assert_eq!(
        c.stub_from_cicc.iter().collect::<Vec<_>>(),
        ["_Z5storeIfEvPT_S0_"]
    );
    assert!(c.kernels.contains("_Z5storeIfEvPT_S0_"));
    // The host file includes cicc's stub file.
    let stub = std::fs::read_to_string(c.kept.unwrap().join("unfollowed.cudafe1.stub.c")).unwrap();
    assert!(stub.contains("_Z5storeIfEvPT_S0_"), "{stub}");

    p.strict_stub(true);
    let e = p
        .compile(&src, &work.join("unfollowed.o"))
        .expect_err("our stub file cannot have store<float>");
    let text = format!("{e:#}");
    assert!(
        text.contains("disagree on the kernels") && text.contains("kernel `_Z5storeIfEvPT_S0_`"),
        "{text}"
    );
}

/// Thrust and CUB instantiate their kernels deep inside dispatch templates, beyond what our
/// stub file follows: the pipeline builds such a file with cicc's stub file, and the program
/// registers exactly what the one nvcc builds registers.
#[test]
fn thrust_and_cub_kernels_from_cicc_stub() {
    let tk = difftest::toolkit::reference().unwrap();
    let work = fresh_dir(Path::new("pipeline").join("thrust_cub")).unwrap();
    let src = work.join("algorithms.cu");
    std::fs::write(
        &src,
        "#include <thrust/device_vector.h>\n\
         #include <thrust/reduce.h>\n\
         #include <thrust/sort.h>\n\
         #include <cub/device/device_scan.cuh>\n\
         __global__ void fill(int *p, int v) { p[threadIdx.x] = v; }\n\
         float sorted_sum(thrust::device_vector<float> &v) {\n\
           thrust::sort(v.begin(), v.end());\n\
           return thrust::reduce(v.begin(), v.end());\n\
         }\n\
         void scan(int *in, int *out, int n, void *tmp, size_t &bytes) {\n\
           fill<<<1, 32>>>(in, 1);\n\
           cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);\n\
         }\n\
         int main() { return 0; }\n",
    )
    .unwrap();
    let mut p = Pipeline::new(tk.clone()).unwrap();
    p.archs("90").unwrap().keep(work.join("keep"));
    let c = p
        .compile(&src, &work.join("algorithms.o"))
        .unwrap_or_else(|e| panic!("{e:#}"));
    assert!(c.kernels.contains("_Z4fillPii"), "{:?}", c.kernels);
    assert!(!c.stub_from_cicc.contains("_Z4fillPii"));
    for family in ["DeviceRadixSort", "DeviceReduceKernel", "DeviceScanKernel"] {
        assert!(
            c.stub_from_cicc.iter().any(|k| k.contains(family)),
            "no {family} kernel from cicc: {:?}",
            c.stub_from_cicc
        );
    }
    let program = work.join("ours");
    p.link_program(std::slice::from_ref(&c.object), Cudart::Shared, &program)
        .unwrap_or_else(|e| panic!("{e:#}"));

    let mut args = p.current_archs().nvcc_args();
    args.extend([src.display().to_string(), "-cudart".into(), "shared".into()]);
    let reference = nvcc::build(
        tk,
        &Nvcc::Reference,
        &work,
        &work.join("nvcc"),
        &args,
        "program",
    )
    .unwrap();
    assert!(reference.succeeded(), "nvcc failed:\n{}", reference.stderr);
    let theirs_id = std::fs::read_to_string(reference.kept("algorithms.module_id")).unwrap();

    let ra = trace::run_traced(&reference.output, &work.join("nvcc-trace.txt"), &work).unwrap();
    let rb = trace::run_traced(&program, &work.join("our-trace.txt"), &work).unwrap();
    assert_eq!((ra.exit_code, rb.exit_code), (0, 0), "{}", rb.stderr);
    let ta = trace::sorted_registrations(&ra.trace.text());
    let tb = trace::sorted_registrations(&rb.trace.text().replace(&c.module_id, &theirs_id));
    assert_eq!(ta, tb);
    let n = ra.trace.registrations().len();
    assert!(n > c.stub_from_cicc.len(), "{n} registrations:\n{ta}");
}

/// `-use_fast_math` reaches cicc: division is approximate and flushes to zero.
#[test]
fn fast_math_reaches_cicc() {
    let work = fresh_dir(Path::new("pipeline").join("fast_math")).unwrap();
    let src = work.join("div.cu");
    std::fs::write(
        &src,
        "__global__ void div(float *o, const float *a, const float *b) {\n\
           o[threadIdx.x] = a[threadIdx.x] / b[threadIdx.x];\n\
         }\n",
    )
    .unwrap();
    let tk = difftest::toolkit::reference().unwrap();
    let ptx = |fast: bool| {
        let keep = work.join(if fast { "fast" } else { "precise" });
        let mut p = Pipeline::new(tk.clone()).unwrap();
        p.archs("90").unwrap().keep(&keep).fast_math(fast);
        let c = p.compile(&src, &keep.join("div.o")).unwrap();
        let kept = c.kept.expect("kept");
        std::fs::read_to_string(kept.join("div.compute_90.ptx")).unwrap()
    };
    let (fast, precise) = (ptx(true), ptx(false));
    assert!(fast.contains("div.approx.ftz.f32"), "{fast}");
    assert!(precise.contains("div.rn.f32"), "{precise}");
    assert!(!precise.contains("div.approx"), "{precise}");
}

/// The link arguments follow `-cudart static|shared|none` as nvcc's link step does.
#[test]
fn link_arguments() {
    let tk = difftest::toolkit::reference().unwrap();
    let mut p = Pipeline::new(tk.clone()).unwrap();
    let words = |v: Vec<OsString>| {
        v.iter()
            .map(|a| a.to_string_lossy().into_owned())
            .filter(|a| !a.starts_with("-L") && !a.starts_with("-Wl,-rpath"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(words(p.link_args(Cudart::Shared)), "-lcudart");
    assert_eq!(
        words(p.link_args(Cudart::Static)),
        "-lcudart_static -lrt -lpthread -ldl"
    );
    assert_eq!(words(p.link_args(Cudart::None)), "");
    p.rdc(true);
    assert_eq!(words(p.link_args(Cudart::Shared)), "-lcudadevrt -lcudart");
    // The default architectures: SASS for every major one, PTX for the newest.
    let d = p.current_archs();
    assert!(d.targets.iter().all(|t| t.virtual_arch.is_major()));
    assert_eq!(d.targets.iter().filter(|t| t.ptx).count(), 1);
    assert!(d.targets.last().unwrap().ptx);
}

/// `Build::cudafe_pipeline(true)`: the build.rs API compiles through the pipeline, and the
/// library it archives makes a program that registers and launches its kernel.
#[test]
fn build_api_opt_in() {
    let tk = difftest::toolkit::reference().unwrap();
    let work = fresh_dir("pipeline/build_api").unwrap();
    let src = difftest::workspace_root().join("tests/cases/kernel_plain.cu");
    build_helper::Build::new()
        .file(&src)
        .toolkit(&tk.root)
        .out_dir(&work)
        .cargo_metadata(false)
        .cudafe_pipeline(true)
        .try_compile("kplain")
        .unwrap_or_else(|e| panic!("{e:#}"));
    let lib = work.join("libkplain.a");
    assert!(lib.is_file());
    let p = Pipeline::new(tk.clone()).unwrap();
    let program = work.join("program");
    let out = std::process::Command::new(&p.host_compiler().path)
        .arg(&lib)
        .args(p.link_args(Cudart::Shared))
        .arg("-o")
        .arg(&program)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = trace::run_traced(&program, &work.join("trace.txt"), &work).unwrap();
    assert_eq!(run.exit_code, 0, "{}", run.stderr);
    let names: Vec<&str> = run
        .trace
        .registrations()
        .into_iter()
        .filter_map(trace::Trace::device_name)
        .collect();
    assert_eq!(names, ["_Z7add_onePii"], "{}", run.trace.text());
    assert_eq!(run.trace.of_kind("launch").count(), 1);
}
