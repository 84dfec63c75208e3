//! logs/syntax-errors: each file holds one kind of syntax mistake, and what `tribbles check` prints
//! for it (no colour, 80 columns) is pinned in the `.expected` file beside it.

mod support;

use std::collections::BTreeSet;

#[test]
fn each_syntax_error_log_renders_as_expected() {
    let dir = support::root().join("logs/syntax-errors");
    let files = support::tlogs(&dir);
    assert!(files.len() >= 15, "the syntax-error set has shrunk to {}", files.len());
    for path in files {
        let rendered = support::render_file(&path);
        support::assert_matches_file(&rendered, &path.with_extension("expected"));
    }
}

#[test]
fn each_syntax_error_log_has_exactly_one_kind_of_mistake() {
    for path in support::tlogs(&support::root().join("logs/syntax-errors")) {
        let bytes = std::fs::read(&path).expect("readable");
        let (_, diags) = tribbles::check_bytes("x", &bytes);
        let codes: BTreeSet<&str> = diags.iter().map(|d| d.code.id()).filter(|c| c.starts_with('S')).collect();
        assert_eq!(codes.len(), 1, "{}: {codes:?}", path.display());
    }
}
