//! The syntax tree and the parser.

pub mod ast;
pub mod parser;
