//! build-helper: compiling CUDA sources from a Cargo build script.
//!
//! This crate holds what a `build.rs` in a mixed Rust/CUDA crate and the `cargo cuda`
//! subcommand share: finding (and installing) a CUDA toolkit, and — as the project grows —
//! the per-file pipeline around the cudafe-rs front end.

pub mod build;
pub mod pipeline;
pub mod toolkit;

pub use build::{Build, Cudart, Emit, FileReport, Report};
