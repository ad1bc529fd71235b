use super::*;

/// Parses `args`; returns the options, the stop, and what was printed to stdout and stderr.
fn run(args: &[&str]) -> (Options, Option<CommandLineStop>, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let parsed = parse(args.iter().copied(), &mut out, &mut err);
    (
        parsed.options,
        parsed.stop,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn stop_message(args: &[&str]) -> String {
    match run(args).1 {
        Some(CommandLineStop::Error(e)) => e.message(),
        other => panic!("{args:?}: expected a command-line error, got {other:?}"),
    }
}

const NVCC: &[&str] = &[
    "--c++17",
    "--static-host-stub",
    "--device-hidden-visibility",
    "--gnu_version=120200",
    "--display_error_number",
    "--orig_src_file_name",
    "x.cu",
    "--orig_src_path_name",
    "/tmp/dx/x.cu",
    "--allow_managed",
    "--m64",
    "--parse_templates",
    "--gen_c_file_name",
    "/tmp/tmpxft_0000621f_00000000-6_x.cudafe1.cpp",
    "--stub_file_name",
    "tmpxft_0000621f_00000000-6_x.cudafe1.stub.c",
    "--gen_module_id_file",
    "--module_id_file_name",
    "/tmp/tmpxft_0000621f_00000000-4_x.module_id",
    "/tmp/tmpxft_0000621f_00000000-5_x.cpp4.ii",
];

#[test]
fn the_nvcc_command_line() {
    let (o, stop, out, err) = run(NVCC);
    assert_eq!(stop, None);
    assert!(out.is_empty() && err.is_empty());
    assert_eq!(o.language, Language::Cxx(2017));
    assert_eq!(o.language.cplusplus(), Some(201703));
    assert!(o.static_host_stub && o.device_hidden_visibility && o.display_error_number);
    assert!(o.allow_managed && !o.m32 && o.gen_module_id_file);
    assert_eq!(o.parse_templates, Some(true));
    assert_eq!(o.gnu_version, Some(120200));
    assert_eq!(o.orig_src_file_name.as_deref(), Some(OsStr::new("x.cu")));
    assert_eq!(o.primary_name(), Some(OsStr::new("x.cu")));
    assert_eq!(
        o.stub_file_name.as_deref(),
        Some(OsStr::new("tmpxft_0000621f_00000000-6_x.cudafe1.stub.c"))
    );
    assert_eq!(
        o.input.as_deref(),
        Some(OsStr::new("/tmp/tmpxft_0000621f_00000000-5_x.cpp4.ii"))
    );
    assert_eq!(o.raw.len(), 14);
}

#[test]
fn nvcc_variants() {
    let (o, stop, ..) = run(&[
        "--c++20",
        "--device-c",
        "--extended-lambda",
        "--relaxed_constexpr",
        "--debug_mode",
        "--keep-device-functions",
        "--no_host_device_initializer_list",
        "--no_host_device_move_forward",
        "--host-stub-linkage-explicit",
        "--diag_suppress",
        "20091",
        "--diag_error",
        "h_hd_illegal_call",
        "--diag_warn",
        "default_stream_launch",
        "-w",
        "--promote_warnings",
        "x.ii",
    ]);
    assert_eq!(stop, None);
    assert_eq!(o.language, Language::Cxx(2020));
    assert!(o.device_c && o.extended_lambda && o.relaxed_constexpr && o.debug_mode);
    assert!(o.keep_device_functions && o.host_stub_linkage_explicit);
    assert!(o.no_host_device_initializer_list && o.no_host_device_move_forward);
    assert_eq!(
        o.diag_controls,
        [
            (Some(Level::Suppress), ids::DEVICE_VAR_READ_IN_HOST),
            (Some(Level::Error), ids::H_HD_ILLEGAL_CALL),
            (Some(Level::Warning), ids::DEFAULT_STREAM_LAUNCH),
        ]
    );
    assert_eq!(o.min_severity, Severity::DiscretionaryError);
    assert!(o.promote_warnings);
}

#[test]
fn prefixes() {
    assert_eq!(matching(b"diag_warn").len(), 1);
    assert_eq!(matching(b"c").len(), 1, "an exact name wins");
    assert_eq!(matching(b"c++").len(), 1);
    let names = |p: &[u8]| matching(p).iter().map(|s| s.name).collect::<Vec<_>>();
    assert_eq!(
        names(b"diag"),
        [
            "diag_suppress",
            "diag_remark",
            "diag_warning",
            "diag_error",
            "diag_once"
        ]
    );
    assert_eq!(names(b"tim"), ["timing", "time_limit"]);
    assert_eq!(names(b"time"), ["time_limit"]);
    assert_eq!(names(b"V"), ["Version"]);
    assert!(matching(b"bogus").is_empty());
    assert_eq!(matching(b"").len(), OPTIONS.len());

    let (o, stop, ..) = run(&[
        "--diag_sup=20092",
        "--gnu_v",
        "120200",
        "--orig_src_f=a.cu",
        "x.ii",
    ]);
    assert_eq!(stop, None);
    assert_eq!(
        o.diag_controls,
        [(Some(Level::Suppress), ids::DEVICE_VAR_WRITTEN_IN_HOST)]
    );
    assert_eq!(o.gnu_version, Some(120200));
    assert_eq!(o.orig_src_file_name.as_deref(), Some(OsStr::new("a.cu")));
}

#[test]
fn ambiguous_abbreviations() {
    let Some(CommandLineStop::Error(e)) = run(&["--diag", "x.ii"]).1 else {
        panic!()
    };
    assert_eq!(
        e.message(),
        "more than one command line option matches the abbreviation \"--diag\":"
    );
    assert_eq!(
        e.details,
        [
            &b"--diag_suppress"[..],
            b"--diag_remark",
            b"--diag_warning",
            b"--diag_error",
            b"--diag_once"
        ]
    );
    // The abbreviation is shown with its value.
    assert_eq!(
        stop_message(&["--diag=5"]),
        "more than one command line option matches the abbreviation \"--diag=5\":"
    );
}

#[test]
fn errors() {
    assert_eq!(
        stop_message(&["--bogus_flag"]),
        "invalid option: --bogus_flag"
    );
    assert_eq!(
        stop_message(&["--Bogus", "x.ii"]),
        "invalid option: --Bogus"
    );
    assert_eq!(
        stop_message(&["--version=3"]),
        "invalid option: --version=3"
    );
    assert_eq!(
        stop_message(&["--gen_c_file_name="]),
        "invalid option: --gen_c_file_name="
    );
    assert_eq!(
        stop_message(&["--embedded_c"]),
        "invalid option: --embedded_c"
    );
    assert_eq!(stop_message(&["--time"]), "\"--time\" requires an argument");
    assert_eq!(
        stop_message(&["--time_"]),
        "\"--time_\" requires an argument"
    );
    assert_eq!(stop_message(&[]), "missing source file name");
    assert_eq!(
        stop_message(&["x.ii", "-w"]),
        "too many arguments on command line"
    );
    assert_eq!(stop_message(&["-c"]), "invalid option: -c");
    assert_eq!(stop_message(&["-o"]), "invalid option: -o");
    assert_eq!(stop_message(&["-ew"]), "invalid number: w");
    assert_eq!(stop_message(&["--error_limit=0"]), "invalid error limit: 0");
    assert_eq!(
        stop_message(&["--gnu_version=30199"]),
        "invalid GNU version number: 30199"
    );
    assert_eq!(stop_message(&["--gnu_version=-1"]), "invalid number: -1");
    assert_eq!(
        stop_message(&["--clang_version=1000000"]),
        "invalid clang version number: 1000000"
    );
    assert_eq!(
        stop_message(&["--instantiate=USED"]),
        "invalid instantiation mode: USED"
    );
    assert_eq!(
        stop_message(&["--output_mode=SARIF"]),
        "unrecognized output mode (must be one of text, sarif): SARIF"
    );
    assert_eq!(
        stop_message(&["--pack_alignment=12"]),
        "invalid packing alignment value"
    );
    assert_eq!(
        stop_message(&["--target=x86"]),
        "no \"x86\" --target configuration exists"
    );
    assert_eq!(
        stop_message(&["--set_flag=coroutines=1"]),
        "unrecognized flag name: coroutines=1"
    );
    assert_eq!(stop_message(&["--db=x"]), "error in debug option argument");
}

#[test]
fn diagnostic_control_lists() {
    let tag = "invalid error tag in diagnostic control option: ";
    let number = "invalid error number in diagnostic control option: ";
    assert_eq!(
        stop_message(&["--diag_suppress=bogus tag"]),
        format!("{tag}bogustag")
    );
    assert_eq!(stop_message(&["--diag_suppress=20092,"]), tag);
    assert_eq!(stop_message(&["--diag_suppress", ""]), tag);
    assert_eq!(
        stop_message(&["--diag_suppress=20092 549"]),
        format!("{number}20092549")
    );
    assert_eq!(
        stop_message(&["--diag_suppress=99999"]),
        format!("{number}99999")
    );
    assert_eq!(
        stop_message(&["--diag_suppress=0x10"]),
        "invalid number: 0x10"
    );
    assert_eq!(
        stop_message(&["--diag_suppress=20092\t549"]),
        "invalid number: 20092\t549"
    );
    let (o, stop, ..) = run(&["--diag_once=549,20091", "--diag_remark", "3548", "x.ii"]);
    assert_eq!(stop, None);
    assert_eq!(
        o.diag_controls,
        [
            (None, ids::USED_BEFORE_SET),
            (None, ids::DEVICE_VAR_READ_IN_HOST),
            (Some(Level::Remark), ids::DEVICE_VAR_READ_IN_HOST),
        ]
    );
}

#[test]
fn values_and_short_options() {
    // A value is the next argument, whatever it looks like.
    let (o, stop, ..) = run(&["--orig_src_file_name", "--bogus", "x.ii"]);
    assert_eq!(stop, None);
    assert_eq!(o.orig_src_file_name.as_deref(), Some(OsStr::new("--bogus")));
    // Grouped short options; the rest of the group is a value.
    let (o, stop, ..) = run(&["-we5", "-rt", "all", "x.ii"]);
    assert_eq!(stop, None);
    assert_eq!(o.error_limit, 5);
    assert_eq!(o.min_severity, Severity::Remark);
    assert_eq!(o.instantiate, Some(InstantiateMode::All));
    // `--` ends the options, `-` is standard input.
    let (o, stop, ..) = run(&["--", "--bogus"]);
    assert_eq!(stop, None);
    assert_eq!(o.input.as_deref(), Some(OsStr::new("--bogus")));
    let (o, ..) = run(&["-"]);
    assert_eq!(o.input.as_deref(), Some(OsStr::new("-")));
    // -w and --remarks: the last wins.
    assert_eq!(
        run(&["-w", "--remarks", "x.ii"]).0.min_severity,
        Severity::Remark
    );
    assert_eq!(
        run(&["--remarks", "-w", "x.ii"]).0.min_severity,
        Severity::DiscretionaryError
    );
}

#[test]
fn informational_options() {
    let (o, stop, out, err) = run(&["--version"]);
    assert_eq!(stop, None);
    assert!(o.informational && out.is_empty());
    assert_eq!(err, VERSION_BANNER);
    let (_, stop, out, _) = run(&["--dump_command_options", "--dump_command_options"]);
    assert_eq!(stop, None);
    assert_eq!(out.len(), 2 * 7308);
    assert!(out.starts_with("--strict --strict_warnings --no_line_commands "));
    assert!(out.ends_with("--incognito --no_incognito "));
    assert_eq!(OPTIONS.len(), 386);
    // -V prints and stops at once with status 1; -v prints and goes on.
    let (_, stop, _, err) = run(&["-V", "--bogus"]);
    assert_eq!(stop, Some(CommandLineStop::Exit(1)));
    assert_eq!(err, VERSION_BANNER_LONG_FORM);
    let (_, stop, _, err) = run(&["-v1"]);
    assert_eq!(err, VERSION_BANNER);
    assert!(
        matches!(stop, Some(CommandLineStop::Error(e)) if e.message() == "invalid option: -v1")
    );
    assert!(CONFIGURATION.starts_with("/* Configuration data for the cudafe-rs front end */\n"));
}

#[test]
fn mode_checks() {
    let incompatible = "language modes specified are incompatible";
    assert_eq!(stop_message(&["--c", "--c++17"]), incompatible);
    assert_eq!(stop_message(&["--c++17", "--c"]), incompatible);
    assert_eq!(stop_message(&["--svr4", "x.ii"]), incompatible);
    let lifetime =
        "long lifetime temporaries are incompatible with other requested newer language features";
    assert_eq!(stop_message(&["--cfront_2.1"]), lifetime);
    assert_eq!(
        stop_message(&["--c++03", "--cfront_2.1", "--c++17"]),
        lifetime
    );
    assert_eq!(run(&["--cfront_2.1", "--c++03", "x.ii"]).1, None);
    assert_eq!(
        stop_message(&["--no_bool"]),
        "enabling C++14-style constexpr requires support for \"bool\""
    );
    assert_eq!(run(&["--c++11", "--no_bool", "x.ii"]).1, None);
    assert_eq!(
        stop_message(&["--c", "--bool"]),
        "bool option can be used only when compiling C++"
    );
    assert_eq!(
        stop_message(&["--compound_literals"]),
        "option \"compound_literals\" can be used only when compiling C"
    );
    assert_eq!(run(&["--c", "--compound_literals", "x.ii"]).1, None);
    // An invalid option is reported before the mode checks.
    assert_eq!(
        stop_message(&["--cfront_2.1", "--bogus"]),
        "invalid option: --bogus"
    );
    assert!(matches!(
        run(&["--no_namespaces", "x.ii"]).1,
        Some(CommandLineStop::InternalError(t)) if t.contains("line 13345")
    ));
    // This one asserts at once, before a later bad option.
    assert!(matches!(
        run(&["--ms_std_preprocessor", "--bogus"]).1,
        Some(CommandLineStop::InternalError(t)) if t.contains("line 12756")
    ));
}

#[test]
fn host_output_names() {
    let name = |args: &[&str]| run(args).0.host_output_name();
    assert_eq!(name(&["tiny.cpp4.ii"]), Some("tiny.cpp4.int.c".into()));
    assert_eq!(name(&["d.x/noext"]), Some("noext.int.c".into()));
    assert_eq!(name(&["/tmp/d.x/g.ii"]), Some("g.int.c".into()));
    assert_eq!(name(&["--gen_c_file_name=-", "x.ii"]), Some("-".into()));
    assert_eq!(name(&["--version"]), None);
}
