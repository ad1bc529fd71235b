//! The emitters: what the front end writes after the analysis — the host file (the
//! preprocessed text, edited where CUDA needs it), the module id, and the host reference
//! arrays of separate compilation.

pub mod edit;
pub mod host;
pub mod lambda;
pub mod layout;
pub mod mangle;
pub mod module_id;
pub mod rdc;
pub mod stub;

use crate::intern::Interner;
use crate::sema::{EntityId, ScopeKind, Sema};

/// `::a::b::` for the namespaces around `e`, anonymous ones by the name the host file gives
/// them (`_GLOBAL__N_<module id>`).
pub(crate) fn namespace_prefix(
    sema: &Sema,
    interner: &Interner,
    e: EntityId,
    module_id: &str,
) -> String {
    let mut parts = Vec::new();
    let mut scope = sema.entity(e).parent;
    loop {
        let sc = sema.scope(scope);
        if sc.kind != ScopeKind::Namespace {
            break;
        }
        let Some(owner) = sc.entity else { break };
        match sema.entity(owner).name {
            Some(n) => parts.push(interner.name(n).into_owned()),
            None => parts.push(format!("_GLOBAL__N_{module_id}")),
        }
        match sc.parent {
            Some(p) => scope = p,
            None => break,
        }
    }
    parts.reverse();
    let mut s = String::from("::");
    for p in parts {
        s.push_str(&p);
        s.push_str("::");
    }
    s
}
