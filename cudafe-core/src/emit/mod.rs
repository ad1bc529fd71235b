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
