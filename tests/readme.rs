//! The README's examples are real: each log, checked, prints exactly what the README shows.

mod support;

use tribbles::diagnostics::Severity;
use tribbles::diagnostics::render::{self, HumanStyle};

/// What `tribbles check --format short NAME` prints for a source.
fn short(name: &str, text: &str) -> String {
    let (file, diags) = tribbles::check_bytes(name, text.as_bytes());
    let mut out: String = diags.iter().map(|d| render::short(&file, d) + "\n").collect();
    let count = |s: Severity| diags.iter().filter(|d| d.severity() == s).count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let (e, w, n) = (count(Severity::Error), count(Severity::Warning), count(Severity::Note));
    out.push_str(&format!("checked 1 file: {e} error{}, {w} warning{}, {n} note{}\n", plural(e), plural(w), plural(n)));
    format!("$ tribbles check --format short {name}\n{out}")
}

#[test]
fn the_readme_examples_print_what_the_readme_says() {
    let readme = std::fs::read_to_string(support::root().join("README.md")).expect("README.md");
    let logs = support::code_blocks(&readme, &["tlog"]);
    let outputs = support::code_blocks(&readme, &["text"]);
    assert_eq!((logs.len(), outputs.len()), (2, 3), "the README's example blocks have changed shape");

    let game = &logs[0].1;
    assert_eq!(outputs[0].1, short("game.tlog", game));
    let (file, diags) = tribbles::check_bytes("game.tlog", game.as_bytes());
    let report = diags
        .iter()
        .find(|d| d.code.id() == "R0306")
        .map(|d| render::human(&file, d, HumanStyle { color: false, width: 80 }))
        .expect("the R0306 report");
    assert_eq!(outputs[1].1, report);

    assert_eq!(outputs[2].1, short("example.tlog", &logs[1].1));
}
