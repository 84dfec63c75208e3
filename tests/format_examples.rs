//! FORMAT.md is the contract: every one of its code blocks (from the copy in tests/data) parses
//! without a diagnostic and survives `fmt` unchanged in meaning.

mod support;

use tribbles::syntax::{parse, print};

fn format_md() -> String {
    std::fs::read_to_string(support::root().join("tests/data/FORMAT.md")).expect("tests/data/FORMAT.md")
}

#[test]
fn every_format_md_block_parses_without_a_diagnostic() {
    let blocks = support::code_blocks(&format_md(), &[""]);
    assert!(blocks.len() >= 10, "FORMAT.md has lost its examples: {}", blocks.len());
    for (line, text) in blocks {
        let (_, diags) = parse(&text);
        assert!(diags.is_empty(), "FORMAT.md block at line {line}: {diags:#?}");
    }
}

#[test]
fn every_format_md_block_survives_fmt() {
    for (line, text) in support::code_blocks(&format_md(), &[""]) {
        let (log, _) = parse(&text);
        let formatted = print::format(&log);
        let (again, diags) = parse(&formatted);
        assert!(diags.is_empty(), "block at line {line} formats to something with diagnostics:\n{formatted}");
        assert_eq!(again, log, "block at line {line} changed meaning under fmt:\n{formatted}");
        assert_eq!(print::format(&again), formatted, "fmt is not idempotent on the block at line {line}");
    }
}

/// The copy must follow the shared contract; where the shared folder sits beside the checkout
/// (development machines and CI), a drift fails here.
#[test]
fn the_copy_of_format_md_is_current() {
    let shared = support::root().join("../shared/FORMAT.md");
    if let Ok(current) = std::fs::read_to_string(&shared) {
        assert_eq!(format_md(), current, "tests/data/FORMAT.md is stale: copy ../shared/FORMAT.md over it");
    }
}
