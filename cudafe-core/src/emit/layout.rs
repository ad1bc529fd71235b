//! Sizes and alignments of types under the x86-64 System V ABI, over the mangler's type
//! model ([`super::mangle`]): what the stub file needs to place a kernel's arguments in the
//! parameter buffer (each argument at the next offset aligned for it) and to register device
//! variables with their sizes.
//!
//! Classes are laid out from their definitions in the translation unit (the CUDA vector
//! types too: `float4` is `struct __attribute__((aligned(16))) float4 { float x, y, z, w; }`
//! in the preprocessed headers): non-virtual bases first (an empty base takes no room), then
//! the non-static data members in order, each at the next offset aligned for it; a union
//! overlays its members. `__attribute__((aligned(N)))` and `alignas(N)` on a class or a
//! member raise its alignment, `__attribute__((packed))` on a class drops its members' own.
//! What cannot be laid out this way — virtual functions or bases, bit-fields, types that
//! depend on unbound template parameters, incomplete types — has no layout (`None`).

use super::mangle::{Env, Mangler, Ty};
use crate::sema::EntityKind;
use crate::syntax::ast::*;

/// The size and alignment of a type, in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub size: u64,
    pub align: u64,
}

impl Layout {
    const fn new(size: u64, align: u64) -> Layout {
        Layout { size, align }
    }
}

/// Rounds `n` up to a multiple of `align` (a power of two, or 0 taken as 1).
pub fn align_to(n: u64, align: u64) -> u64 {
    let a = align.max(1);
    n.div_ceil(a) * a
}

const MAX_DEPTH: u32 = 64;

/// The layout of a builtin type by its mangled code.
fn builtin(code: &str) -> Option<Layout> {
    Some(match code {
        "b" | "c" | "a" | "h" | "Du" => Layout::new(1, 1),
        "s" | "t" | "Ds" | "DF16_" | "DF16b" => Layout::new(2, 2),
        "i" | "j" | "w" | "Di" | "f" | "DF32_" => Layout::new(4, 4),
        "l" | "m" | "x" | "y" | "d" | "Dn" | "DF64_" | "DF32x" => Layout::new(8, 8),
        "e" | "n" | "o" | "g" | "DF128_" | "DF64x" => Layout::new(16, 16),
        _ => return None,
    })
}

impl<'a> Mangler<'a> {
    /// The size and alignment of `t`.
    pub(crate) fn layout(&self, t: &Ty) -> Option<Layout> {
        self.layout_at(t, 0)
    }

    fn layout_at(&self, t: &Ty, depth: u32) -> Option<Layout> {
        if depth > MAX_DEPTH {
            return None;
        }
        match t {
            Ty::Builtin(code) => builtin(code),
            Ty::Pointer(_) | Ty::LRef(_) | Ty::RRef(_) => Some(Layout::new(8, 8)),
            Ty::MemberPointer(_, m) => Some(match m.as_ref() {
                Ty::Function(_) => Layout::new(16, 8),
                _ => Layout::new(8, 8),
            }),
            Ty::Qualified(_, x) => self.layout_at(x, depth + 1),
            Ty::Array(Some(n), e) => {
                let l = self.layout_at(e, depth + 1)?;
                Some(Layout::new(
                    l.size.checked_mul(u64::try_from(*n).ok()?)?,
                    l.align,
                ))
            }
            Ty::Complex(x) => {
                let l = self.layout_at(x, depth + 1)?;
                Some(Layout::new(l.size * 2, l.align))
            }
            Ty::VaListTag => Some(Layout::new(24, 8)),
            Ty::Closure(c) => Some(Layout::new(c.size, c.align)),
            Ty::Named(path) => self.named_layout(path, depth + 1),
            _ => None,
        }
    }

    fn named_layout(&self, path: &[super::mangle::Comp], depth: u32) -> Option<Layout> {
        let last = path.last()?;
        match self.sema.entity(last.entity).kind {
            EntityKind::Enum { scoped } => self.enum_layout(last.entity, scoped, depth),
            EntityKind::Class(_) => self.class_layout(path, depth),
            _ => None,
        }
    }

    fn enum_layout(&self, e: crate::sema::EntityId, scoped: bool, depth: u32) -> Option<Layout> {
        let spec = self.decls.enums.get(&e)?;
        if let Some(u) = &spec.underlying {
            let env = Env::in_scope(self.sema.entity(e).parent);
            let t = self.type_id(u, &env, 0)?;
            return self.layout_at(&t, depth + 1);
        }
        if scoped {
            return Some(Layout::new(4, 4));
        }
        // The smallest of int, unsigned int, long, unsigned long that holds every value.
        let list = spec.enumerators.as_ref()?;
        let (mut lo, mut hi) = (0i128, 0i128);
        let mut next = 0i128;
        for x in list.iter() {
            let v = match &x.value {
                Some(v) => self.eval(v, &Env::default(), 0)?,
                None => next,
            };
            lo = lo.min(v);
            hi = hi.max(v);
            next = v + 1;
        }
        let fits32 = (lo >= i32::MIN as i128 && hi <= i32::MAX as i128)
            || (lo >= 0 && hi <= u32::MAX as i128);
        Some(if fits32 {
            Layout::new(4, 4)
        } else {
            Layout::new(8, 8)
        })
    }

    /// `aligned(N)` / `alignas(N)` among `attrs`: the largest alignment they ask for.
    fn requested_alignment(&self, attrs: &[Attribute], env: &Env) -> Option<u64> {
        let mut out: Option<u64> = None;
        for a in attrs {
            let name = self.interner.name(a.name);
            let wanted = match a.syntax {
                AttrSyntax::Alignas => a
                    .args
                    .first()
                    .and_then(|x| self.eval(x, env, 0))
                    .and_then(|v| u64::try_from(v).ok()),
                _ if name == "aligned" => match a.args.first() {
                    Some(x) => self.eval(x, env, 0).and_then(|v| u64::try_from(v).ok()),
                    None => Some(16),
                },
                _ => None,
            };
            if let Some(w) = wanted {
                out = Some(out.map_or(w, |o| o.max(w)));
            }
        }
        out
    }

    fn is_packed(&self, attrs: &[Attribute]) -> bool {
        attrs
            .iter()
            .any(|a| a.syntax == AttrSyntax::Gnu && self.interner.name(a.name) == "packed")
    }

    fn class_layout(&self, path: &[super::mangle::Comp], depth: u32) -> Option<Layout> {
        self.class_layout_with(path, depth, true)
    }

    /// The places in the definition of the class `e` (no template) where an alignment
    /// smaller than the natural one is asked for without `packed`, which EDG ignores
    /// (#1160): each of the class's own `aligned(N)` and `alignas(N)` below the alignment of
    /// its bases and members (at the attribute), and each data member's below its type's
    /// (at the member's name).
    pub(crate) fn alignment_reductions(&self, e: crate::sema::EntityId) -> Vec<u32> {
        let mut out = Vec::new();
        let path = [super::mangle::Comp {
            entity: e,
            args: None,
        }];
        let Some(sel) = self.select(&path, 0) else {
            return out;
        };
        let spec = sel.spec;
        if self.is_packed(&spec.attrs) {
            return out;
        }
        let env = sel.env;
        for m in spec.members.iter() {
            let DeclKind::Simple { specs, declarators } = &m.kind else {
                continue;
            };
            if specs.is_typedef
                || specs.is_friend
                || specs.is_constexpr
                || specs.storage == Some(StorageClass::Static)
            {
                continue;
            }
            let base = self.specs_type(specs, &env, 0);
            let spec_align = self.requested_alignment(&specs.attrs, &env);
            for id in declarators.iter() {
                if id.declarator.is_function() || id.bitfield.is_some() {
                    continue;
                }
                let own = self.requested_alignment(&id.declarator.attrs, &env);
                let Some(requested) = spec_align.max(own) else {
                    continue;
                };
                let natural = self
                    .declarator_type(base.clone(), &id.declarator.ops, false, &env, 0)
                    .and_then(|t| self.layout(&t));
                if let (Some(l), Some(name)) = (natural, &id.declarator.name)
                    && requested < l.align
                {
                    out.push(name.span.lo);
                }
            }
        }
        if let Some(natural) = self.class_layout_with(&path, 0, false) {
            for a in spec.attrs.iter() {
                if let Some(r) = self.requested_alignment(std::slice::from_ref(a), &env)
                    && r < natural.align
                {
                    out.push(a.span.lo);
                }
            }
        }
        out
    }

    /// The layout of a class, with or without the alignment its own attributes ask for.
    fn class_layout_with(
        &self,
        path: &[super::mangle::Comp],
        depth: u32,
        own_attrs: bool,
    ) -> Option<Layout> {
        let sel = self.select(path, depth)?;
        let spec = sel.spec;
        let env = sel.env;
        let union = spec.tag == TagKind::Union;
        let packed = self.is_packed(&spec.attrs);
        let mut size = 0u64;
        let mut align = 1u64;
        let mut empty = true;
        for b in spec.bases.iter() {
            if b.is_virtual || b.pack {
                return None;
            }
            let t = self.named_type(&b.name, &env, 0)?;
            let l = self.layout_at(&t, depth + 1)?;
            align = align.max(l.align);
            let Ty::Named(bp) = &t else { return None };
            if self.is_empty_class(bp, depth + 1) {
                continue;
            }
            size = align_to(size, l.align) + l.size;
            empty = false;
        }
        for m in spec.members.iter() {
            let fields = self.fields(m, &env, depth)?;
            for (l, requested) in fields {
                let a = match (packed, requested) {
                    (_, Some(r)) => r.max(if packed { 1 } else { l.align }),
                    (true, None) => 1,
                    (false, None) => l.align,
                };
                align = align.max(a);
                empty = false;
                if union {
                    size = size.max(l.size);
                } else {
                    size = align_to(size, a) + l.size;
                }
            }
        }
        if own_attrs && let Some(r) = self.requested_alignment(&spec.attrs, &env) {
            align = align.max(r);
        }
        if empty && size == 0 {
            return Some(Layout::new(1, align));
        }
        Some(Layout::new(align_to(size, align), align))
    }

    /// Is the class `path` empty (no non-static data members, no non-empty bases)?
    fn is_empty_class(&self, path: &[super::mangle::Comp], depth: u32) -> bool {
        let Some(sel) = self.select(path, depth) else {
            return false;
        };
        if sel.spec.bases.iter().any(|b| {
            b.is_virtual
                || !matches!(self.named_type(&b.name, &sel.env, 0), Some(Ty::Named(p)) if self.is_empty_class(&p, depth + 1))
        }) {
            return false;
        }
        sel.spec
            .members
            .iter()
            .all(|m| matches!(self.fields(m, &sel.env, depth), Some(f) if f.is_empty()))
    }

    /// The non-static data members one member declaration declares: each one's layout and
    /// the alignment its attributes ask for. `None` for what we cannot lay out (a virtual
    /// function, a bit-field, an unresolvable type).
    fn fields(&self, m: &Decl, env: &Env, depth: u32) -> Option<Vec<(Layout, Option<u64>)>> {
        let mut out = Vec::new();
        match &m.kind {
            DeclKind::Simple { specs, declarators } => {
                if specs.is_virtual {
                    return None;
                }
                if specs.is_typedef
                    || specs.is_friend
                    || specs.storage == Some(StorageClass::Static)
                    || specs.is_constexpr
                {
                    return Some(out);
                }
                if declarators.is_empty() {
                    // An anonymous struct or union member is laid out in place.
                    if let TypeSpec::Class(c) = &specs.ty
                        && c.name.is_none()
                        && let Some(e) = c.entity
                    {
                        let path = vec![super::mangle::Comp {
                            entity: e,
                            args: None,
                        }];
                        let l = self.class_layout(&path, depth + 1)?;
                        out.push((l, None));
                    }
                    return Some(out);
                }
                let base = self.specs_type(specs, env, 0);
                let spec_align = self.requested_alignment(&specs.attrs, env);
                for id in declarators.iter() {
                    if id.declarator.is_function() {
                        continue;
                    }
                    if id.bitfield.is_some() {
                        return None;
                    }
                    let t =
                        self.declarator_type(base.clone(), &id.declarator.ops, false, env, 0)?;
                    let l = self.layout_at(&t, depth + 1)?;
                    let own = self.requested_alignment(&id.declarator.attrs, env);
                    let requested = match (spec_align, own) {
                        (Some(a), Some(b)) => Some(a.max(b)),
                        (a, b) => a.or(b),
                    };
                    out.push((l, requested));
                }
            }
            DeclKind::Function(f) if f.specs.is_virtual => return None,
            DeclKind::Template { decl, .. } => {
                if let DeclKind::Function(f) = &decl.kind
                    && f.specs.is_virtual
                {
                    return None;
                }
            }
            _ => {}
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    //! Layouts checked against the host `g++` (`static_assert` on `sizeof`/`alignof`), when
    //! it is installed.

    use std::sync::Arc;

    use super::*;
    use crate::diag::{DiagConfig, DiagEngine, SharedBuffer};
    use crate::frontend::{self, Analysis, FrontendOptions};
    use crate::source_map::SourceMap;

    fn analyze(src: &str) -> (Arc<SourceMap>, Analysis) {
        let map = Arc::new(SourceMap::new("t.cu", src.as_bytes().to_vec()));
        let mut engine =
            DiagEngine::with_writer(DiagConfig::default(), Box::new(SharedBuffer::new()));
        let a = frontend::analyze(&map, &FrontendOptions::default(), &mut engine);
        assert!(a.unit.recoveries.is_empty(), "{:?}", a.unit.recoveries);
        (map, a)
    }

    /// The layouts of the variables `v0`, `v1`, ... declared in `src`, by name.
    fn variable_layouts(src: &str) -> Vec<(String, Option<Layout>)> {
        let (map, a) = analyze(src);
        let m = Mangler::new(&a, &map);
        let mut out = Vec::new();
        for d in a.unit.decls.iter() {
            let DeclKind::Simple { specs, declarators } = &d.kind else {
                continue;
            };
            for id in declarators.iter() {
                let (Some(e), Some(name)) = (id.entity, &id.declarator.name) else {
                    continue;
                };
                if specs.is_typedef || id.declarator.is_function() {
                    continue;
                }
                let name = a.interner.name(name.ident().unwrap()).into_owned();
                let env = Env::in_scope(a.sema.entity(e).parent);
                let t = m
                    .specs_type(specs, &env, 0)
                    .and_then(|b| m.declarator_type(Some(b), &id.declarator.ops, false, &env, 0));
                out.push((name, t.and_then(|t| m.layout(&t))));
            }
        }
        out
    }

    const SRC: &str = r#"
struct __attribute__((aligned(16))) float4 { float x, y, z, w; };
typedef struct float4 float4;
struct int3 { int x, y, z; };
struct __attribute__((aligned(16))) double2 { double x, y; };
struct __attribute__((aligned(2))) char2 { signed char x, y; };
struct char3 { signed char x, y, z; };
struct Mixed { char c; double d; short s; };
struct Odd { char a; char b[3]; short c; };
struct Empty {};
struct Derived : Empty { int x; };
struct Base { long b; char c; };
struct Child : Base { char d; };
union U { char c[5]; int i; };
struct WithUnion { char c; union { double d; int i; }; };
struct alignas(32) A32 { int x; };
struct MemberAligned { char c; __attribute__((aligned(8))) int i; };
struct __attribute__((packed)) Packed { char c; int i; short s; };
enum Small { SA, SB };
enum Big { BA = 0x100000000 };
enum class Scoped : unsigned char { X };
enum Fixed : short { FX };
template <typename T, int N> struct Arr { T v[N]; };
struct Ptrs { void *p; int (*f)(int); int Mixed::*mp; void (Mixed::*mf)(); };
struct Nested { Mixed m; char tail; };
struct LD { long double x; char c; };
struct I128 { char c; __int128 x; };
struct Cx { _Complex float f; char c; };
float4 v0;
int3 v1;
double2 v2;
char2 v3;
char3 v4;
Mixed v5;
Odd v6;
Empty v7;
Derived v8;
Child v9;
U v10;
WithUnion v11;
A32 v12;
MemberAligned v13;
Packed v14;
Small v15;
Big v16;
Scoped v17;
Fixed v18;
Arr<double, 3> v19;
Arr<char, 7> v20;
Ptrs v21;
Nested v22;
LD v23;
I128 v24;
Cx v25;
int v26[3][5];
const char *v27[4];
bool v28;
long long v29;
unsigned short v30;
wchar_t v31;
char16_t v32;
double v33;
Mixed v34[2];
"#;

    #[test]
    fn layouts_match_gxx() {
        let layouts = variable_layouts(SRC);
        let mut probe = String::from(SRC);
        for (name, l) in &layouts {
            let l = l.unwrap_or_else(|| panic!("no layout for {name}"));
            probe.push_str(&format!(
                "static_assert(sizeof({name}) == {} && alignof(decltype({name})) == {}, \"{name}\");\n",
                l.size, l.align
            ));
        }
        assert_eq!(layouts.len(), 35);
        // Spot checks that hold whether or not g++ is here.
        let get = |n: &str| layouts.iter().find(|(x, _)| x == n).unwrap().1.unwrap();
        assert_eq!(get("v0"), Layout::new(16, 16));
        assert_eq!(get("v4"), Layout::new(3, 1));
        assert_eq!(get("v5"), Layout::new(24, 8));
        assert_eq!(get("v9"), Layout::new(24, 8));
        assert_eq!(get("v14"), Layout::new(7, 1));
        let dir = std::env::temp_dir().join(format!("cudafe-layout-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("probe.cpp");
        std::fs::write(&file, &probe).unwrap();
        let out = std::process::Command::new("g++")
            .args(["-std=c++17", "-fsyntax-only", "-w"])
            .arg(&file)
            .output();
        let _ = std::fs::remove_dir_all(&dir);
        match out {
            Err(_) => eprintln!("g++ not found: layouts not checked against it"),
            Ok(o) => assert!(
                o.status.success(),
                "g++ disagrees:\n{}",
                String::from_utf8_lossy(&o.stderr)
            ),
        }
    }
}
