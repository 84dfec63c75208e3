//! logs/flawed: realistic table mistakes, one per log. Each yields exactly one error (one mistake,
//! one diagnostic: the referee carries on from what the table did), and what `tribbles check`
//! prints for it is pinned in the `.expected` file beside it.

mod support;

use tribbles::diagnostics::Severity;

#[test]
fn each_flawed_log_has_exactly_one_error() {
    let files = support::tlogs(&support::root().join("logs/flawed"));
    assert!(files.len() >= 15, "only {} flawed logs", files.len());
    let mut codes = std::collections::BTreeSet::new();
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        let (_, diags) = tribbles::check_bytes("x", &bytes);
        let errors: Vec<_> = diags.iter().filter(|d| d.severity() == Severity::Error).collect();
        assert_eq!(errors.len(), 1, "{}: {errors:#?}", path.display());
        assert!(!diags.iter().any(|d| d.severity() == Severity::Warning), "{}", path.display());
        codes.insert(errors[0].code.id());
    }
    assert!(codes.len() >= 15, "the flawed logs cover only {} kinds of mistake", codes.len());
}

#[test]
fn each_flawed_log_renders_as_expected() {
    for path in support::tlogs(&support::root().join("logs/flawed")) {
        let rendered = support::render_file(&path);
        support::assert_matches_file(&rendered, &path.with_extension("expected"));
    }
}
