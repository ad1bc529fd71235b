//! The module id: the name cudafe++ gives a translation unit, written by
//! `--gen_module_id_file --module_id_file_name F` (without a newline), used to name its
//! anonymous namespaces (`_GLOBAL__N_<id>`) and the internal-linkage entries of the host
//! reference arrays (`__nv_static_<length>_<id>_`).
//!
//! The id is `_<P>_<B length>_<B>_<S>`, every character that is not an ASCII letter or digit
//! then replaced by `_`, where
//!
//! - `P` is the CRC-32 of `--orig_src_path_name` in 8 lower-case hex digits (`00000000`
//!   without one);
//! - `B` is `--orig_src_file_name` (or the input file's name) after its last `/`, its length
//!   counted before the replacement;
//! - `S` is the linkage name of the translation unit's first eligible definition (see
//!   [`first_eligible`]), replaced by its CRC-32 when longer than 8 characters. Without
//!   one, `S` is the CRC-32 of `ctime()` of the source file's modification time (of the
//!   start of the compilation when it cannot be read) followed by the working directory,
//!   then `_` and the process id: such ids differ from run to run.

use std::ffi::OsStr;
use std::path::PathBuf;
use std::time::{SystemTime, UNIX_EPOCH};

use super::mangle::Mangler;
use crate::frontend::Analysis;
use crate::intern::{FxHashSet, Interner};
use crate::sema::{EntityId, EntityKind, ScopeKind, Sema};
use crate::source_map::{Offset, SourceMap};
use crate::syntax::ast::*;

/// What the id of a translation unit with no eligible definition is made of: the process
/// computing it.
#[derive(Debug, Clone)]
pub struct Process {
    /// The working directory, in which a relative source file name is found.
    pub cwd: PathBuf,
    pub pid: u32,
    /// When the compilation started.
    pub start: SystemTime,
}

impl Process {
    /// This process, started at `start`.
    pub fn current(start: SystemTime) -> Process {
        Process {
            cwd: std::env::current_dir().unwrap_or_default(),
            pid: std::process::id(),
            start,
        }
    }
}

/// The module id of the analysed translation unit `a` (whose text is `map`), as cudafe++
/// computes it from `--orig_src_file_name` (`file_name`; the input file's name as given
/// without one: `Options::primary_name`) and `--orig_src_path_name` (`path_name`).
/// `process` is only read when the unit has no eligible definition.
pub fn module_id(
    a: &Analysis,
    map: &SourceMap,
    file_name: &OsStr,
    path_name: Option<&OsStr>,
    process: &Process,
) -> String {
    module_id_before(a, map, file_name, path_name, process, None)
}

/// [`module_id`] as cudafe++ computes it when something needs it before the end of the
/// unit, at `limit`: only definitions that start before it are eligible. In separate
/// compilation the first host reference to a kernel or device variable with internal
/// linkage (or to a kernel template) needs it there.
pub fn module_id_before(
    a: &Analysis,
    map: &SourceMap,
    file_name: &OsStr,
    path_name: Option<&OsStr>,
    process: &Process,
    limit: Option<Offset>,
) -> String {
    let source = match first_eligible_before(a, map, limit) {
        Some(name) => Source::Entity(name),
        None => Source::Process(process),
    };
    compose(file_name, path_name, &source)
}

/// What the last part of the id comes from.
enum Source<'p> {
    /// The linkage name of the first eligible definition.
    Entity(String),
    /// No eligible definition.
    Process(&'p Process),
}

fn compose(file_name: &OsStr, path_name: Option<&OsStr>, source: &Source<'_>) -> String {
    let path_crc = path_name.map_or(0, |p| crc32fast::hash(p.as_encoded_bytes()));
    let file_bytes = file_name.as_encoded_bytes();
    let base = file_bytes
        .rsplit(|&b| b == b'/')
        .next()
        .unwrap_or(file_bytes);
    let (text, extra, pid) = match source {
        Source::Entity(name) => (name.clone().into_bytes(), None, None),
        Source::Process(p) => {
            let full = p.cwd.join(file_name);
            let time = std::fs::metadata(&full)
                .ok()
                .filter(|m| m.is_file())
                .and_then(|m| m.modified().ok())
                .unwrap_or(p.start);
            (
                ctime(time).into_bytes(),
                Some(p.cwd.as_os_str().as_encoded_bytes().to_vec()),
                Some(p.pid),
            )
        }
    };
    let len = text.len() + extra.as_ref().map_or(0, |x| x.len() + 1);
    let (text, extra) = if len > 8 {
        let mut h = crc32fast::Hasher::new();
        h.update(&text);
        if let Some(x) = &extra {
            h.update(x);
        }
        (format!("{:08x}", h.finalize()).into_bytes(), None)
    } else {
        (text, extra)
    };
    let mut id = format!("_{path_crc:08x}_{}_", base.len()).into_bytes();
    id.extend_from_slice(base);
    id.push(b'_');
    id.extend_from_slice(&text);
    if let Some(x) = extra {
        id.push(b'_');
        id.extend_from_slice(&x);
    }
    if let Some(pid) = pid {
        id.extend_from_slice(format!("_{pid}").as_bytes());
    }
    id.into_iter()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                b as char
            } else {
                '_'
            }
        })
        .collect()
}

/// `ctime()` of `t`: `Www Mmm dd hh:mm:ss yyyy\n` in local time.
fn ctime(t: SystemTime) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let secs = match t.duration_since(UNIX_EPOCH) {
        Ok(d) => d.as_secs() as i64,
        Err(e) => -(e.duration().as_secs() as i64),
    };
    let tt = secs as libc::time_t;
    // SAFETY: `tm` is plain data that `localtime_r` fills in; both pointers are valid for
    // the call, and `localtime_r` keeps neither.
    let tm = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&tt, &mut tm).is_null() {
            return String::from("??? ??? ?? ??:??:?? ????\n");
        }
        tm
    };
    format!(
        "{} {}{:3} {:02}:{:02}:{:02} {}\n",
        DAYS.get(tm.tm_wday as usize).unwrap_or(&"???"),
        MONTHS.get(tm.tm_mon as usize).unwrap_or(&"???"),
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min,
        tm.tm_sec,
        tm.tm_year as i64 + 1900
    )
}

/// The linkage name of the translation unit's first eligible definition, in source order,
/// skipping definitions in system headers (determined against cudafe++ 13.0):
///
/// - a function definition with a body, at namespace scope or out of its class, that is not
///   `static` (static member functions are eligible), `inline` (explicitly, or as
///   `constexpr`/`consteval`), a template, an explicit specialization or instantiation, in
///   an anonymous namespace, weak (`__attribute__((weak))` on it or on an earlier
///   declaration), of a deduced return type, or of a type mentioning a class of an
///   anonymous namespace; `main` and `extern "C"` functions count, under their plain names;
/// - a variable definition at namespace scope, or a static data member's out-of-class
///   definition, that is initialized — an initializer, or a class type whose default
///   construction or destruction is not trivial — and is not `static`, `inline`,
///   `constexpr`, a template, in an anonymous namespace, weak, of a placeholder type
///   (`auto`), or `const` at namespace scope without `extern`.
///
/// Nothing in a class body is eligible. A definition whose name we cannot compute is
/// passed over (cudafe++ would have picked it).
pub fn first_eligible(a: &Analysis, map: &SourceMap) -> Option<String> {
    first_eligible_before(a, map, None)
}

/// [`first_eligible`] among the definitions that start before `limit`.
pub fn first_eligible_before(
    a: &Analysis,
    map: &SourceMap,
    limit: Option<Offset>,
) -> Option<String> {
    let mut s = Selector {
        m: Mangler::new(a, map),
        sema: &a.sema,
        interner: &a.interner,
        map,
        weak: FxHashSet::default(),
        limit: limit.unwrap_or(Offset::MAX),
    };
    s.decls(&a.unit.decls, false)
}

struct Selector<'a> {
    m: Mangler<'a>,
    sema: &'a Sema,
    interner: &'a Interner,
    map: &'a SourceMap,
    /// Functions declared weak so far.
    weak: FxHashSet<EntityId>,
    /// Declarations from here on are not looked at.
    limit: Offset,
}

impl<'a> Selector<'a> {
    /// `extern_decl`: the declarations are under `extern "C"` without braces (so a
    /// variable without an initializer is only declared).
    fn decls(&mut self, decls: &'a [Decl], extern_decl: bool) -> Option<String> {
        decls.iter().find_map(|d| self.decl(d, extern_decl))
    }

    fn decl(&mut self, d: &'a Decl, extern_decl: bool) -> Option<String> {
        if d.span.lo >= self.limit {
            return None;
        }
        match &d.kind {
            // Everything in an anonymous namespace has internal linkage.
            DeclKind::Namespace(ns) if ns.names.is_empty() => None,
            DeclKind::Namespace(ns) => self.decls(&ns.decls, false),
            DeclKind::LinkageSpec { braced, decls, .. } => self.decls(decls, !braced),
            DeclKind::Simple { specs, declarators } => {
                if let TypeSpec::Class(c) = &specs.ty {
                    self.note_weak_members(&c.members);
                }
                declarators
                    .iter()
                    .find_map(|id| self.simple(specs, id, extern_decl))
            }
            DeclKind::Function(f) => {
                let e = f.entity?;
                if self.is_weak(&f.specs, &f.declarator) {
                    self.weak.insert(e);
                    return None;
                }
                if !matches!(
                    f.body,
                    FunctionBody::Compound(_) | FunctionBody::Try { .. } | FunctionBody::Skipped(_)
                ) {
                    return None;
                }
                self.function(e, &f.specs, &f.declarator)
            }
            // Templates, explicit specializations and instantiations.
            _ => None,
        }
    }

    /// Weak member function declarations in a class body (and the classes nested in it).
    fn note_weak_members(&mut self, members: &'a [Decl]) {
        for m in members {
            if let DeclKind::Simple { specs, declarators } = &m.kind {
                if let TypeSpec::Class(c) = &specs.ty {
                    self.note_weak_members(&c.members);
                }
                for id in declarators {
                    if let Some(e) = id.entity
                        && self.is_weak(specs, &id.declarator)
                    {
                        self.weak.insert(e);
                    }
                }
            }
        }
    }

    fn is_weak(&self, specs: &DeclSpecs, d: &Declarator) -> bool {
        let chunk_attrs = d.function().map(|f| &f.attrs[..]).unwrap_or(&[]);
        specs
            .attrs
            .iter()
            .chain(&d.attrs)
            .chain(chunk_attrs)
            .any(|a| {
                self.interner.bytes(a.name) == b"weak"
                    && a.namespace.is_none_or(|n| self.interner.bytes(n) == b"gnu")
            })
    }

    /// Whether the declared name is in a system header: where its last component is
    /// (`void A_b_Test::TestBody()` from googletest's `TEST` macro has the class name from
    /// the user's file and `::TestBody` from the header's macro body).
    fn in_system_header(&self, d: &Declarator) -> bool {
        d.name
            .as_ref()
            .is_some_and(|n| self.map.is_system(n.last().span.lo))
    }

    fn is_member(&self, e: EntityId) -> bool {
        self.sema.scope(self.sema.entity(e).parent).kind == ScopeKind::Class
    }

    /// One declarator of a simple declaration: a variable definition, or a function
    /// declaration (which may make the function weak).
    fn simple(
        &mut self,
        specs: &'a DeclSpecs,
        id: &'a InitDeclarator,
        extern_decl: bool,
    ) -> Option<String> {
        let e = id.entity?;
        let d = &id.declarator;
        if specs.is_typedef || specs.is_friend {
            return None;
        }
        if d.is_function() {
            if self.is_weak(specs, d) {
                self.weak.insert(e);
            }
            return None;
        }
        let ent = self.sema.entity(e);
        if ent.kind != EntityKind::Variable || ent.is_template {
            return None;
        }
        let member = self.is_member(e);
        let f = &ent.flags;
        let declared_only =
            (specs.storage == Some(StorageClass::Extern) || extern_decl) && id.init.is_none();
        let placeholder = matches!(
            specs.ty,
            TypeSpec::Auto | TypeSpec::DecltypeAuto | TypeSpec::ConstrainedAuto { .. }
        );
        if declared_only
            || placeholder
            || (!member && (f.is_static || specs.storage == Some(StorageClass::Static)))
            || f.is_inline
            || specs.is_inline
            || f.is_constexpr
            || specs.is_constexpr
            || f.in_anonymous_namespace
            || self.is_weak(specs, d)
            || self.in_system_header(d)
        {
            return None;
        }
        let ty = self.m.variable_type(e, specs, d);
        if (!member && ty.is_const && !f.is_extern) || (id.init.is_none() && !ty.needs_construction)
        {
            return None;
        }
        self.m.variable(e)
    }

    /// A function definition with a body.
    fn function(&mut self, e: EntityId, specs: &'a DeclSpecs, d: &'a Declarator) -> Option<String> {
        let ent = self.sema.entity(e);
        let chunk = d.function()?;
        let f = &ent.flags;
        let deduced = chunk.trailing_return.is_none()
            && matches!(
                specs.ty,
                TypeSpec::Auto | TypeSpec::DecltypeAuto | TypeSpec::ConstrainedAuto { .. }
            );
        if ent.kind != EntityKind::Function
            || ent.is_template
            || f.is_inline
            || specs.is_inline
            || f.is_constexpr
            || f.is_consteval
            || specs.is_constexpr
            || specs.is_consteval
            || (!self.is_member(e) && (f.is_static || specs.storage == Some(StorageClass::Static)))
            || f.in_anonymous_namespace
            || deduced
            || self.weak.contains(&e)
            || self.in_system_header(d)
            || d.name.as_ref().is_some_and(|n| n.last().args.is_some())
            || self.m.signature_is_internal(e, specs, d)
        {
            return None;
        }
        self.m.function(e, d)
    }
}

#[cfg(test)]
mod tests {
    //! The expected ids and selections were observed with cudafe++ 13.0;
    //! `tests/module_id.rs` compares against it directly.

    use std::sync::Arc;

    use super::*;
    use crate::diag::{DiagConfig, DiagEngine, SharedBuffer};
    use crate::frontend::{self, FrontendOptions};

    fn first(src: &str) -> Option<String> {
        let map = Arc::new(SourceMap::new("t.cu", src.as_bytes().to_vec()));
        let mut engine =
            DiagEngine::with_writer(DiagConfig::default(), Box::new(SharedBuffer::new()));
        let a = frontend::analyze(&map, &FrontendOptions::default(), &mut engine);
        first_eligible(&a, &map)
    }

    fn entity_id(file: &str, path: Option<&str>, name: &str) -> String {
        compose(
            OsStr::new(file),
            path.map(OsStr::new),
            &Source::Entity(name.into()),
        )
    }

    #[test]
    fn composition() {
        assert_eq!(
            entity_id("k1.cu", Some("/tmp/mid/k1.cu"), "_Z7add_onePii"),
            "_d71dc960_5_k1_cu_77b094fd"
        );
        // Names of up to 8 characters are kept, longer ones hashed; the file name is the
        // part after the last `/`, its length counted before `-` and `.` become `_`.
        assert_eq!(
            entity_id("dir/my-file.v2.cu", None, "abcdefgh"),
            "_00000000_13_my_file_v2_cu_abcdefgh"
        );
        assert_eq!(
            entity_id("x.cu", None, "abcdefghi"),
            "_00000000_4_x_cu_8da988af"
        );
        assert_eq!(entity_id("x.cu", None, "a$b"), "_00000000_4_x_cu_a_b");
    }

    #[test]
    fn without_an_eligible_definition_the_id_ends_in_the_pid() {
        let dir = std::env::temp_dir().join(format!("cudafe-module-id-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("e.cu"), "").unwrap();
        let p = Process {
            cwd: dir.clone(),
            pid: 4242,
            start: UNIX_EPOCH,
        };
        let id = compose(OsStr::new("e.cu"), None, &Source::Process(&p));
        let (head, pid) = id.rsplit_once('_').unwrap();
        assert_eq!(pid, "4242");
        let (head, hash) = head.rsplit_once('_').unwrap();
        assert_eq!(head, "_00000000_4_e_cu");
        assert!(hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_hexdigit()));
        // A file that cannot be read: the start of the compilation instead of its time.
        let other = Process {
            start: UNIX_EPOCH + std::time::Duration::from_secs(86_400),
            ..p.clone()
        };
        let missing = |p: &Process| compose(OsStr::new("none.cu"), None, &Source::Process(p));
        assert_ne!(missing(&p), missing(&other));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn ctime_format() {
        let t = ctime(UNIX_EPOCH + std::time::Duration::from_secs(86_400 * 45 + 3_661));
        // Local time: only the seconds are the same in every time zone.
        assert_eq!(t.len(), 25, "{t:?}");
        assert!(t.ends_with(":01 1970\n"), "{t:?}");
        assert_eq!((&t[3..4], &t[7..8], &t[10..11]), (" ", " ", " "), "{t:?}");
    }

    #[test]
    fn eligible_definitions() {
        for (src, want) in [
            ("void f(){}", Some("_Z1fv")),
            // Declared `extern "C"` with `(void)`, defined outside with `()` (ggml).
            (
                "extern \"C\" { int f(void); } int f() { return 1; }",
                Some("f"),
            ),
            ("inline void f(){} void g(){}", Some("_Z1gv")),
            ("static void f(){} void g(){}", Some("_Z1gv")),
            ("constexpr int f(){return 1;} void g(){}", Some("_Z1gv")),
            ("template<class T> void f(T){} void g(){}", Some("_Z1gv")),
            (
                "template<class T> void f(T){} template<> void f<int>(int){} void g(){}",
                Some("_Z1gv"),
            ),
            ("struct S{ void m(){} }; void g(){}", Some("_Z1gv")),
            (
                "struct S{ void m(); }; void S::m(){} void g(){}",
                Some("_ZN1S1mEv"),
            ),
            (
                "struct S{ static void m(); }; void S::m(){}",
                Some("_ZN1S1mEv"),
            ),
            ("struct S{ S(); }; S::S(){} void g(){}", Some("_ZN1SC1Ev")),
            (
                "struct S{ S(); }; S::S()=default; void g(){}",
                Some("_Z1gv"),
            ),
            ("void f()=delete; void g(){}", Some("_Z1gv")),
            ("auto f(){return 1;} void g(){}", Some("_Z1gv")),
            ("auto f()->int{return 1;} void g(){}", Some("_Z1fv")),
            ("extern \"C\" void f(){} void g(){}", Some("f")),
            ("int main(){} void g(){}", Some("main")),
            ("namespace { void f(){} } void g(){}", Some("_Z1gv")),
            (
                "namespace { struct A{}; } void f(A){} void g(){}",
                Some("_Z1gv"),
            ),
            (
                "namespace { struct A{}; } A f(){return A();} void g(){}",
                Some("_Z1gv"),
            ),
            ("void f(); void g(){} void f(){}", Some("_Z1gv")),
            ("__attribute__((weak)) void w(){} void g(){}", Some("_Z1gv")),
            (
                "void __attribute__((weak)) w(); void w(){} void g(){}",
                Some("_Z1gv"),
            ),
            ("struct S{ friend void fr(S){} }; void g(){}", Some("_Z1gv")),
            ("void vf(int, ...){}", Some("_Z2vfiz")),
            (
                "template<class T> struct TS{}; template<> struct TS<int>{ void m(); };\n\
                 void TS<int>::m(){}",
                Some("_ZN2TSIiE1mEv"),
            ),
            ("static int x = 1;", None),
            ("int x;", None),
            ("extern int e; extern \"C\" int c;", None),
            ("int x = 1;", Some("x")),
            ("int x{};", Some("x")),
            ("const int x = 1; void g(){}", Some("_Z1gv")),
            ("extern const int x = 1;", Some("x")),
            (
                "constexpr int x = 1; inline int y = 2; void g(){}",
                Some("_Z1gv"),
            ),
            ("auto av = 1; void g(){}", Some("_Z1gv")),
            ("thread_local int x = 1;", Some("x")),
            ("namespace n { int v = 1; }", Some("_ZN1n1vE")),
            ("struct S{ static int x; }; int S::x = 1;", Some("_ZN1S1xE")),
            (
                "struct S{ static int x; }; int S::x; void g(){}",
                Some("_Z1gv"),
            ),
            ("template<class T> int tv = 1; void g(){}", Some("_Z1gv")),
            ("namespace { struct A{}; } A av = A();", Some("av")),
            ("struct P{int a;}; P p; void g(){}", Some("_Z1gv")),
            ("struct Q{int a = 1;}; Q q;", Some("q")),
            ("struct R{R();}; R r;", Some("r")),
            ("struct R{~R();}; struct W { R r; }; W w;", Some("w")),
            ("struct V {}; struct C : virtual V {}; C c;", Some("c")),
            (
                "struct C { C() = default; }; C c; void g(){}",
                Some("_Z1gv"),
            ),
            (
                "template<class T> struct TC { TC(); }; TC<int> tc;",
                Some("tc"),
            ),
            (
                "template<class T> struct TC { T t; }; TC<int> tc; void g(){}",
                Some("_Z1gv"),
            ),
            (
                "struct C { int a; }; const C cc = {}; void g(){}",
                Some("_Z1gv"),
            ),
            ("char *const p = 0; const char *q = 0;", Some("q")),
        ] {
            assert_eq!(first(src).as_deref(), want, "{src}");
        }
    }
}
