//! cudafe-core: a reimplementation of NVIDIA's CUDA front end, cudafe++ 13.0.
//!
//! Data flows one way: [`source_map`] → [`lexer`] → parser → semantic pass → checks →
//! emitters. Diagnostics go through [`diag`]; the command line is [`options`].

pub mod check;
pub mod diag;
pub mod driver;
pub mod emit;
pub mod frontend;
pub mod intern;
pub mod lexer;
pub mod options;
pub mod sema;
pub mod source_map;
pub mod stack;
pub mod syntax;

/// The version of this front end.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
