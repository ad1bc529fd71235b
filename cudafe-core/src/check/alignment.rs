//! `a reduction in alignment without the "packed" attribute is ignored` (#1160): a class
//! whose `aligned(N)` or `alignas(N)` asks for less than the alignment of its members and
//! bases (`struct __align__(64) P { CUtensorMap map; };`, whose member is aligned to 128),
//! or a data member aligned below its type's alignment. Typedefs and variables may reduce
//! it. Classes in templates and in system headers are left alone.

use crate::emit::mangle::Mangler;
use crate::intern::{FxHashMap, Interner};
use crate::sema::{EntityId, Sema};
use crate::source_map::SourceMap;
use crate::syntax::ast::*;

use super::index::Index;

/// The offsets of the warnings, by class.
pub(crate) fn find(
    unit: &TranslationUnit,
    index: &Index<'_>,
    sema: &Sema,
    interner: &Interner,
    map: &SourceMap,
) -> FxHashMap<EntityId, Vec<u32>> {
    let aligned = interner.get(b"aligned");
    let asks = |attrs: &[Attribute]| {
        attrs
            .iter()
            .any(|a| a.syntax == AttrSyntax::Alignas || Some(a.name) == aligned)
    };
    let candidates: Vec<EntityId> = index
        .classes
        .iter()
        .filter(|&(&e, c)| {
            let ent = sema.entity(e);
            !ent.is_template
                && !ent.flags.in_template
                && ent.primary.is_none()
                && !map.is_system(c.span.lo)
                && (asks(&c.attrs)
                    || c.members.iter().any(|m| match &m.kind {
                        DeclKind::Simple { specs, declarators } => {
                            asks(&specs.attrs)
                                || declarators.iter().any(|d| asks(&d.declarator.attrs))
                        }
                        _ => false,
                    }))
        })
        .map(|(&e, _)| e)
        .collect();
    let mut out = FxHashMap::default();
    if candidates.is_empty() {
        return out;
    }
    let mangler = Mangler::from_parts(unit, sema, interner, map);
    for e in candidates {
        let found = mangler.alignment_reductions(e);
        if !found.is_empty() {
            out.insert(e, found);
        }
    }
    out
}
