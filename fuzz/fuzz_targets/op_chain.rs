//! Fuzz target: the input bytes are decoded into a chain of view ops (and
//! writes) run on the library and on the naive reference model; any
//! disagreement, wrong error text or panic is a crash.
//!
//! It shares the decoder, the op table and the checks with
//! `tests/prop_chains.rs`, which runs the same chains on stable in CI.

#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../tests/chain/mod.rs"]
mod chain;
#[path = "../../tests/reference_model/mod.rs"]
mod reference_model;

fuzz_target!(|data: &[u8]| {
    if let Err(failure) = chain::run(data) {
        panic!("{failure}");
    }
});
