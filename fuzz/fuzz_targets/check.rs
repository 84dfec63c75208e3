//! Fuzz target: parsing, replaying (rules, scoring, expectations) and rendering every report in
//! each output form never panics, whatever the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tribbles::diagnostics::render::{self, HumanStyle};

fuzz_target!(|data: &[u8]| {
    let (file, diagnostics) = tribbles::check_bytes("fuzz", data);
    for d in &diagnostics {
        let _ = render::human(&file, d, HumanStyle { color: false, width: 80 });
        let _ = render::short(&file, d);
        let _ = render::json(&file, d);
    }
});
