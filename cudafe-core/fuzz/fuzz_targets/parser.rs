//! Runs the whole front end (lexer, parser, checks) on arbitrary bytes under a few option
//! sets and checks that it does not panic or overflow its stack, and that what it leaves
//! holds: a documented exit status that agrees with the diagnostics counted and printed,
//! every error located, every skipped construct and lexical error reported, recoveries
//! within the text, the tree no deeper than the parser's limit, the same diagnostics when
//! run again.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cudafe_core::frontend::fuzz_one(data);
});
