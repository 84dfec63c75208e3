//! examples/: the rulebooks' worked examples and the rulings, as logs with `expect` lines. Each
//! must check without an error or a warning: every expected diagnostic was really reported and
//! every expectation held.

mod support;

use tribbles::diagnostics::Severity;

fn examples() -> Vec<std::path::PathBuf> {
    support::tlogs(&support::root().join("examples"))
}

#[test]
fn every_example_holds() {
    let files = examples();
    assert!(files.len() >= 20, "only {} examples", files.len());
    for path in files {
        let bytes = std::fs::read(&path).expect("readable");
        let (_, diags) = tribbles::check_bytes(support::relative(&path), &bytes);
        let flagged = support::flagged(&diags);
        assert!(flagged.is_empty(), "{}: {flagged:#?}", path.display());
    }
}

/// The errors an example expects are real: without its `expect` lines, the example reports at
/// least as many errors as it expected.
#[test]
fn expected_errors_are_real_errors() {
    for path in examples() {
        let text = std::fs::read_to_string(&path).expect("UTF-8");
        let expected = text.lines().filter(|l| l.trim_start().starts_with("expect error")).count();
        if expected == 0 {
            continue;
        }
        let stripped: String =
            text.lines().filter(|l| !l.trim_start().starts_with("expect")).map(|l| format!("{l}\n")).collect();
        let (_, diags) = tribbles::check_bytes("x", stripped.as_bytes());
        let errors = diags.iter().filter(|d| d.severity() == Severity::Error).count();
        assert!(errors >= expected, "{}: {errors} errors for {expected} expected", path.display());
    }
}

/// Each of the rulings in docs/rulings.md that names an example file points at one that exists.
#[test]
fn rulings_point_at_existing_examples() {
    let doc = std::fs::read_to_string(support::root().join("docs/rulings.md")).expect("docs/rulings.md");
    let mut named = 0;
    for word in doc.split(['`', ' ', '\n', '(', ')', ',', ';']) {
        if (word.starts_with("examples/") || word.starts_with("logs/")) && word.ends_with(".tlog") {
            named += 1;
            assert!(support::root().join(word).exists(), "docs/rulings.md names {word}, which does not exist");
        }
    }
    assert!(named >= 8, "docs/rulings.md pins only {named} rulings with example logs");
}

/// An example's `expect` lines only check it: without them, it draws the same errors (a slip's
/// reading is not chosen by what the expectations say, ruling R4).
#[test]
fn expect_lines_do_not_change_what_is_reported() {
    let errors = |text: &str| -> Vec<(String, String)> {
        let (_, diags) = tribbles::check_bytes("x", text.as_bytes());
        diags
            .iter()
            .filter(|d| d.severity() == Severity::Error && !d.code.id().starts_with("R080"))
            .map(|d| (d.code.id().to_string(), d.message.clone()))
            .collect()
    };
    for path in examples() {
        let text = std::fs::read_to_string(&path).expect("UTF-8");
        let expected = text.lines().filter(|l| l.trim_start().starts_with("expect error")).count();
        let stripped: String =
            text.lines().filter(|l| !l.trim_start().starts_with("expect")).map(|l| format!("{l}\n")).collect();
        // The errors the `expect error` lines claimed are left out of the report with them.
        let mut without = errors(&stripped);
        for e in errors(&text) {
            let at = without.iter().position(|w| *w == e);
            assert!(at.is_some(), "{}: {e:?} is reported only with the expect lines", path.display());
            without.swap_remove(at.unwrap_or_default());
        }
        assert_eq!(without.len(), expected, "{}: without its expect lines: {without:?}", path.display());
    }
}
