//! The whole of the toolkit's headers through our front end: a translation unit that includes
//! every C++17 standard library header, the CUDA runtime, cooperative groups, libcu++,
//! thrust and cub (`difftest::inputs::all_headers_source`), preprocessed as nvcc
//! preprocesses it for cudafe++, must parse without a single recovery and draw no error from
//! our checks (cudafe++ accepts it), in C++17 and in C++20. Every function body is parsed
//! here, the system headers' included, and skipping their inert ones (as `cudafe` does) must
//! change nothing in the outputs.

mod common;

use difftest::inputs;

fn whole_headers(std: &str) {
    let tk = difftest::toolkit::reference().expect("the reference toolkit");
    let source = inputs::all_headers_source(tk).expect("the header lists");
    let dir = difftest::work_root().join("whole_headers").join(std);
    let pre = inputs::preprocess(
        tk,
        &dir,
        "all_headers.cu",
        &source,
        &[&format!("-std={std}"), "-arch=sm_90"],
    )
    .expect("nvcc's host preprocessing");
    let opts = common::parse_args(&pre.job().cudafe.args).expect("nvcc's cudafe++ arguments");
    let want = match std {
        "c++17" => 2017,
        "c++20" => 2020,
        _ => unreachable!(),
    };
    assert_eq!(
        opts.language,
        cudafe_core::options::Language::Cxx(want),
        "nvcc asked for {std}"
    );
    // Every body parsed, system headers' included.
    let run = common::analyze_job_with(&pre.cwd, pre.job(), |o| o.parse_all_bodies = true)
        .expect("the preprocessed input");
    let recoveries = run.recoveries();
    let errors = run.counts.errors + run.counts.catastrophes;
    let mut report = String::new();
    if !recoveries.is_empty() {
        report += &format!(
            "{} recoveries in {} ({std}):\n",
            recoveries.len(),
            pre.input().display()
        );
        for r in &recoveries {
            report += &format!("  {r}\n");
        }
    }
    if errors > 0 {
        report += &format!(
            "{errors} errors from our front end (cudafe++ reports none):\n{}",
            run.stderr
        );
    }
    assert!(report.is_empty(), "{report}");
    common::lazy_bodies_agree(&pre.cwd, pre.job()).unwrap_or_else(|e| panic!("{e}"));
    eprintln!(
        "{std}: {} bytes, {} tokens, {} declarations, lex {:?}, parse {:?}, checks {:?}",
        run.analysis.stats.bytes,
        run.analysis.stats.tokens,
        run.analysis.stats.declarations,
        run.analysis.stats.lex_time,
        run.analysis.stats.parse_time,
        run.analysis.stats.check_time
    );
}

#[test]
fn whole_headers_cxx17() {
    whole_headers("c++17");
}

#[test]
fn whole_headers_cxx20() {
    whole_headers("c++20");
}
