//! Lexes arbitrary bytes under several option sets and checks that the lexer does not
//! panic and that its output holds: tokens in increasing, non-overlapping order within the
//! text, exactly one `Eof`, last, at the end; the literal decoders, `spelling`, `name` and
//! `lex_directive` do not panic on any token.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    cudafe_core::lexer::fuzz_one(data);
});
