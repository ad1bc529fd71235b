//! `cudafe`: a drop-in for cudafe++ 13.0, run by nvcc as
//! `cudafe++ --c++17 --static-host-stub ... --gen_c_file_name X.cudafe1.cpp ... X.cpp4.ii`.

use std::ffi::OsStr;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use cudafe_core::diag::{DiagEngine, Diagnostic, Location, Palette, Severity, ids};
use cudafe_core::driver;
use cudafe_core::frontend::{self, Analysis, FrontendOptions};
use cudafe_core::options::{self, CommandLineStop, Options};
use cudafe_core::source_map::{SourceMap, Text};

fn main() -> ExitCode {
    // Everything runs on a thread with the front end's stack: the syntax tree of a deeply
    // nested input is walked, and dropped, recursively.
    let status = frontend::on_front_end_stack(run);
    // Exit statuses are 0, 1, 2, 4 and 134; cudafe++ reaches 134 through abort() after an
    // internal error, we exit with the status instead of crashing.
    ExitCode::from(status as u8)
}

fn run() -> i32 {
    let start = SystemTime::now();
    let mut clock = Clock::start();
    // Our own options, outside cudafe++'s table (so its prefix matching and
    // --dump_command_options stay as they are); exact spellings only.
    let mut stats = false;
    let mut parse_all_bodies = false;
    let args: Vec<std::ffi::OsString> = std::env::args_os()
        .skip(1)
        .filter(|a| {
            let (s, p) = (a == "--stats", a == "--parse_all_bodies");
            stats |= s;
            parse_all_bodies |= p;
            !(s || p)
        })
        .collect();
    let parsed = options::parse(args, &mut io::stdout().lock(), &mut io::stderr().lock());
    let mut opts = parsed.options;
    opts.parse_all_bodies = parse_all_bodies;
    let mut engine = DiagEngine::new(driver::diag_config(&opts));
    for &(level, id) in &opts.diag_controls {
        engine.command_line_control(id, level);
    }
    // Until the input file is read the summary says "in this compilation"; standard input
    // has no name at all, nor has an empty file name.
    if opts
        .input
        .as_deref()
        .is_some_and(|i| i != "-" && !i.is_empty())
        && let Some(name) = opts.primary_name()
    {
        engine.set_primary_name(name.as_bytes());
    }
    match parsed.stop {
        None => {}
        Some(CommandLineStop::Exit(status)) => return status,
        Some(CommandLineStop::Error(e)) => {
            let mut d = Diagnostic::new(e.id, Location::None);
            if let Some(arg) = &e.arg {
                d = d.arg_str(arg);
            }
            for line in &e.details {
                d = d.detail(line);
            }
            engine.emit(d);
            return engine.finish();
        }
        Some(CommandLineStop::InternalError(text)) => {
            engine.emit(
                Diagnostic::new(ids::ASSERTION_FAILURE, Location::None)
                    .severity(Severity::InternalError)
                    .arg_str(text),
            );
            return engine.finish();
        }
    }
    // `--version` and the like without an input file.
    let Some(input) = opts.input.clone() else {
        return 0;
    };
    engine.config_mut().colors = Palette::from_environment(!opts.colors);
    engine.start();

    let read_started = std::time::Instant::now();
    let text = match read_input(&input) {
        Ok(text) => text,
        Err(reason) => {
            let id = if reason.is_some() {
                ids::CANNOT_OPEN_FILE_REASON
            } else {
                ids::CANNOT_OPEN_FILE
            };
            let mut d = Diagnostic::new(id, Location::None)
                .arg_str("source")
                .arg_str(input.as_bytes());
            if let Some(reason) = reason {
                d = d.arg_str(reason);
            }
            engine.emit(d);
            return engine.finish();
        }
    };
    let map = Arc::new(SourceMap::new(&input.to_string_lossy(), text));
    let read_time = read_started.elapsed();
    engine.set_source_map(map.clone());

    let fopts = FrontendOptions::from_options(&opts);
    // Never dropped: the process ends soon after, and freeing the syntax tree and the tables
    // node by node would only cost time (a tenth of the run on large units).
    let analysis = std::mem::ManuallyDrop::new(frontend::analyze(&map, &fopts, &mut engine));
    let mut times = BackEndTimes {
        read: read_time,
        ..BackEndTimes::default()
    };
    if engine.stopped().is_some() {
        if stats {
            print_stats(&analysis, &map, &times);
        }
        return engine.finish();
    }
    if !engine.has_errors() {
        times = back_end(&opts, &analysis, &map, &mut engine, start, times);
    }
    if stats {
        print_stats(&analysis, &map, &times);
    }
    if engine.stopped().is_some() {
        return engine.finish();
    }
    if opts.timing {
        engine.write_raw(clock.line("Front end time").as_bytes());
        if !engine.has_errors() {
            engine.write_raw(clock.line("Back end time").as_bytes());
        }
    }
    let status = engine.finish();
    if opts.timing {
        engine.write_raw(clock.line("Total compilation time").as_bytes());
    }
    status
}

/// How long reading the input and the stages after the analysis took, for `--stats`.
#[derive(Default)]
struct BackEndTimes {
    read: std::time::Duration,
    emit: std::time::Duration,
    write: std::time::Duration,
}

/// The outputs of an error-free translation unit: the module id file (when asked for), our
/// stub file (when asked for) and the host file, each written whole or not at all. A file
/// that cannot be written is a catastrophic error, as in cudafe++ (which opens the module id
/// file first).
fn back_end(
    opts: &Options,
    analysis: &Analysis,
    map: &SourceMap,
    engine: &mut DiagEngine,
    start: SystemTime,
    mut times: BackEndTimes,
) -> BackEndTimes {
    let process = driver::Process::current(start);
    let t = std::time::Instant::now();
    let out = driver::back_end(
        opts,
        analysis,
        map,
        &process,
        opts.write_stub_file.is_some(),
    );
    times.emit = t.elapsed();
    let t = std::time::Instant::now();
    write_outputs(opts, &out, analysis.unit.last_token, engine);
    times.write = t.elapsed();
    times
}

/// Writes what [`driver::back_end`] made: all of it, or (after a catastrophic error for the
/// first file that cannot be written) none of it.
///
/// cudafe++ opens the host file first, before it reads the input: where no output can be
/// written, its error is the one reported, without a location. It opens the module id file
/// at the end, where its error is located at the last token's line.
fn write_outputs(
    opts: &Options,
    out: &driver::Outputs,
    last_token: Option<cudafe_core::source_map::Offset>,
    engine: &mut DiagEngine,
) {
    let mut files: Vec<(&str, std::ffi::OsString, &[u8], Location)> = Vec::new();
    if let Some(path) = opts.host_output_name() {
        files.push(("generated C++", path, &out.host_file, Location::None));
    }
    if opts.gen_module_id_file
        && let Some(path) = &opts.module_id_file_name
    {
        let at = last_token.map_or(Location::None, Location::LineOf);
        files.push(("module id", path.clone(), out.module_id.as_bytes(), at));
    }
    if let (Some(path), Some(stub)) = (&opts.write_stub_file, &out.stub_file) {
        files.push(("stub", path.clone(), stub.as_bytes(), Location::None));
    }
    let mut staged = Vec::new();
    for (what, path, bytes, at) in &files {
        match stage_output(path, bytes) {
            Ok(s) => staged.push(s),
            Err(_) => {
                for s in staged.into_iter().flatten() {
                    let _ = fs::remove_file(&s.0);
                }
                engine.emit(
                    Diagnostic::new(ids::CANNOT_OPEN_FILE, *at)
                        .arg_str(what)
                        .arg_str(path.as_bytes()),
                );
                return;
            }
        }
    }
    let mut staged = staged.into_iter();
    for (what, path, _, at) in &files {
        if let Some(Some((tmp, to))) = staged.next()
            && fs::rename(&tmp, &to).is_err()
        {
            for s in std::iter::once(Some((tmp, to))).chain(staged).flatten() {
                let _ = fs::remove_file(&s.0);
            }
            engine.emit(
                Diagnostic::new(ids::CANNOT_OPEN_FILE, *at)
                    .arg_str(what)
                    .arg_str(path.as_bytes()),
            );
            return;
        }
    }
}

/// `--stats`: `key: value` lines on stderr.
fn print_stats(a: &Analysis, map: &SourceMap, times: &BackEndTimes) {
    let s = &a.stats;
    let mut out = io::stderr().lock();
    let ms = |d: std::time::Duration| format!("{:.3} ms", d.as_secs_f64() * 1000.0);
    let _ = writeln!(out, "bytes: {}", s.bytes);
    let _ = writeln!(out, "tokens: {}", s.tokens);
    let _ = writeln!(out, "lex errors: {}", s.lex_errors);
    let _ = writeln!(out, "declarations: {}", s.declarations);
    let _ = writeln!(out, "entities: {}", s.entities);
    let _ = writeln!(out, "names: {}", a.interner.len());
    let _ = writeln!(out, "recoveries: {}", a.unit.recoveries.len());
    for r in &a.unit.recoveries {
        let p = map.presumed(r.at.lo);
        let _ = writeln!(out, "  {}({}): {}", map.file_name(p.file), p.line, r.what);
    }
    let _ = writeln!(out, "read time: {}", ms(times.read));
    let _ = writeln!(out, "lex time: {}", ms(s.lex_time));
    let _ = writeln!(out, "parse time: {}", ms(s.parse_time));
    let _ = writeln!(out, "check time: {}", ms(s.check_time));
    // The outputs are made only for a unit without errors.
    let _ = writeln!(out, "emit time: {}", ms(times.emit));
    let _ = writeln!(out, "write time: {}", ms(times.write));
    let mib = |b: u64| format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0));
    for (stage, peak) in [
        ("lex", s.lex_peak),
        ("parse", s.parse_peak),
        ("check", s.check_peak),
    ] {
        if let Some(p) = peak {
            let _ = writeln!(out, "peak memory after {stage}: {}", mib(p));
        }
    }
}

/// Reads the input; on failure, `Err(reason)` with the reason cudafe++ appends to
/// `cannot open source file "X"` (`None` for a file that does not exist).
fn read_input(input: &OsStr) -> Result<Text, Option<String>> {
    if input.as_bytes() == b"-" {
        let mut text = Vec::new();
        return io::stdin()
            .read_to_end(&mut text)
            .map(|_| Text::from(text))
            .map_err(|e| Some(os_reason(&e)));
    }
    if input.is_empty() {
        return Err(Some("invalid file name".into()));
    }
    let path = Path::new(input);
    match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(None),
        Err(e) => return Err(Some(os_reason(&e))),
        Ok(m) if m.is_dir() => return Err(Some("is a directory".into())),
        Ok(m) if !m.is_file() => return Err(Some("not a regular file".into())),
        Ok(_) => {}
    }
    Text::read_file(path).map_err(|e| Some(os_reason(&e)))
}

/// The C library's text for an I/O error (`Permission denied`), without Rust's
/// ` (os error 13)`.
fn os_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.rfind(" (os error ") {
        Some(cut) => text[..cut].to_string(),
        None => text,
    }
}

/// Writes an output file so that it is never seen half-written: the bytes go to a temporary
/// file in the same directory, which is then renamed over `path`. `-` writes to stdout.
#[cfg(test)]
fn write_output(path: &OsStr, bytes: &[u8]) -> io::Result<()> {
    if let Some((tmp, to)) = stage_output(path, bytes)? {
        fs::rename(&tmp, &to).inspect_err(|_| {
            let _ = fs::remove_file(&tmp);
        })?;
    }
    Ok(())
}

/// The first half of writing an output file: stdout (`-`) and what is not a regular file
/// (`/dev/null`, a pipe) are written to at once (renaming a file over them would replace
/// them); otherwise the bytes go to a temporary file in the same directory, returned with
/// the path it is to be renamed to.
fn stage_output(path: &OsStr, bytes: &[u8]) -> io::Result<Option<(PathBuf, PathBuf)>> {
    if path.as_bytes() == b"-" {
        let mut out = io::stdout().lock();
        out.write_all(bytes)?;
        out.flush()?;
        return Ok(None);
    }
    let path = Path::new(path);
    match fs::metadata(path) {
        Ok(m) if m.is_dir() => return Err(io::Error::from(io::ErrorKind::IsADirectory)),
        Ok(m) if !m.is_file() => {
            let mut f = fs::OpenOptions::new().write(true).open(path)?;
            f.write_all(bytes)?;
            return Ok(None);
        }
        _ => {}
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let file_name = path.file_name().unwrap_or(path.as_os_str());
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(file_name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = dir.join(tmp_name);
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)
    })();
    match result {
        Ok(()) => Ok(Some((tmp, path.to_path_buf()))),
        Err(e) => {
            let _ = fs::remove_file(&tmp);
            Err(e)
        }
    }
}

/// CPU and wall-clock time for `--timing`, in cudafe++'s format.
struct Clock {
    wall_start: u64,
    cpu_start: f64,
    last_wall: u64,
    last_cpu: f64,
}

impl Clock {
    fn start() -> Clock {
        let wall = wall_seconds();
        let cpu = cpu_seconds();
        Clock {
            wall_start: wall,
            cpu_start: cpu,
            last_wall: wall,
            last_cpu: cpu,
        }
    }

    /// `Front end time                       0.00 (CPU)       0.00 (elapsed)`: the time since
    /// the previous line, or since the start for the total.
    fn line(&mut self, what: &str) -> String {
        let (wall, cpu) = (wall_seconds(), cpu_seconds());
        let (w, c) = if what.starts_with("Total") {
            (wall - self.wall_start, cpu - self.cpu_start)
        } else {
            (wall - self.last_wall, cpu - self.last_cpu)
        };
        self.last_wall = wall;
        self.last_cpu = cpu;
        format!("{what:<30} {c:10.2} (CPU) {:10.2} (elapsed)\n", w as f64)
    }
}

fn wall_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// User + system CPU time of this process, from /proc (0 where that is not available).
fn cpu_seconds() -> f64 {
    let Ok(stat) = fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the parenthesized command name; utime and stime are fields 14 and 15.
    let Some(rest) = stat.rfind(')').map(|i| &stat[i + 1..]) else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (ticks(11) + ticks(12)) as f64 / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_is_replaced_whole() {
        let dir = std::env::temp_dir().join(format!("cudafe-write-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let target = dir.join("x.cudafe1.cpp");
        fs::write(&target, b"old").unwrap();
        write_output(target.as_os_str(), b"new contents").unwrap();
        assert_eq!(fs::read(&target).unwrap(), b"new contents");
        // No temporary file is left behind.
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 1);
        // A directory that does not exist: an error, and nothing written.
        assert!(write_output(dir.join("no/such/dir/f").as_os_str(), b"x").is_err());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn output_to_a_device_stays_a_device() {
        use std::os::unix::fs::FileTypeExt;
        write_output(OsStr::new("/dev/null"), b"host file").unwrap();
        assert!(
            fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }

    #[test]
    fn reasons() {
        assert_eq!(
            read_input(OsStr::new("/nonexistent/file.ii")).err(),
            Some(None)
        );
        assert_eq!(
            read_input(OsStr::new("/")).err(),
            Some(Some("is a directory".into()))
        );
        assert_eq!(
            read_input(OsStr::new("/dev/null")).err(),
            Some(Some("not a regular file".into()))
        );
    }

    /// A regular file's bytes, whether mapped or read (an empty file cannot be mapped).
    #[test]
    fn reads_whole_files() {
        let dir = std::env::temp_dir().join(format!("cudafe-read-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let big: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        for (name, bytes) in [("empty.ii", &[][..]), ("one.ii", b"x"), ("big.ii", &big)] {
            let path = dir.join(name);
            fs::write(&path, bytes).unwrap();
            let text = read_input(path.as_os_str()).ok().unwrap();
            assert_eq!(&text[..], bytes, "{name}");
            // The text outlives the file.
            fs::remove_file(&path).unwrap();
            assert_eq!(&text[..], bytes, "{name}");
        }
        fs::remove_dir_all(&dir).unwrap();
    }
}

/// mimalloc, asked for plain blocks wherever their alignment is enough. Every mimalloc
/// block is aligned to 8 bytes (block sizes are multiples of the word); only types aligned
/// to more (`u128`, SIMD vectors) need its aligned entry points. Those give up on the free
/// lists whenever a block size is not a power of two and the current page is used up, and
/// over-allocate instead: slower, and more memory.
#[cfg(feature = "mimalloc")]
mod heap {
    use libmimalloc_sys as mi;
    use std::alloc::{GlobalAlloc, Layout};
    use std::ffi::c_void;

    /// The alignment of every block mimalloc hands out.
    const BLOCK_ALIGN: usize = 8;

    pub struct Mimalloc;

    // SAFETY: mimalloc's allocation functions meet `GlobalAlloc`'s contract: blocks of at
    // least the requested size, aligned to `BLOCK_ALIGN` by `mi_malloc` and to the layout's
    // alignment by the `_aligned` forms, freed by `mi_free` whichever made them.
    unsafe impl GlobalAlloc for Mimalloc {
        #[inline]
        unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
            unsafe {
                if layout.align() <= BLOCK_ALIGN {
                    mi::mi_malloc(layout.size()).cast()
                } else {
                    mi::mi_malloc_aligned(layout.size(), layout.align()).cast()
                }
            }
        }

        #[inline]
        unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
            unsafe {
                if layout.align() <= BLOCK_ALIGN {
                    mi::mi_zalloc(layout.size()).cast()
                } else {
                    mi::mi_zalloc_aligned(layout.size(), layout.align()).cast()
                }
            }
        }

        #[inline]
        unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
            unsafe { mi::mi_free(ptr.cast::<c_void>()) }
        }

        #[inline]
        unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
            unsafe {
                if layout.align() <= BLOCK_ALIGN {
                    mi::mi_realloc(ptr.cast::<c_void>(), new_size).cast()
                } else {
                    mi::mi_realloc_aligned(ptr.cast::<c_void>(), new_size, layout.align()).cast()
                }
            }
        }
    }
}

#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: heap::Mimalloc = heap::Mimalloc;
