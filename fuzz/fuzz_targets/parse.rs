//! Fuzz target: the parser and the printer never panic, and formatting a parsed log keeps its
//! meaning.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (_, log, diags) = tribbles::syntax::parse_bytes(data);
    if diags.iter().all(|d| d.severity() != tribbles::diagnostics::Severity::Error) {
        let formatted = tribbles::syntax::print::format(&log);
        let (again, _) = tribbles::syntax::parse(&formatted);
        assert!(again == log, "fmt changed the meaning of a log");
    }
});
