//! Fuzz target: parsing and replaying any input (rules, scoring, expectations) never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = tribbles::check_bytes("fuzz", data);
});
