//! The README's example is real: its log, checked, prints exactly what the README shows.

mod support;

use tribbles::diagnostics::Severity;
use tribbles::diagnostics::render::{self, HumanStyle};

#[test]
fn the_readme_example_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(support::root().join("README.md")).expect("README.md");
    let example = &support::code_blocks(&readme, &["tlog"])[0].1;
    let outputs = support::code_blocks(&readme, &["text"]);
    let (file, diags) = tribbles::check_bytes("example.tlog", example.as_bytes());

    let mut short: String = diags.iter().map(|d| render::short(&file, d) + "\n").collect();
    let count = |s: Severity| diags.iter().filter(|d| d.severity() == s).count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let (e, w, n) = (count(Severity::Error), count(Severity::Warning), count(Severity::Note));
    short.push_str(&format!(
        "checked 1 file: {e} error{}, {w} warning{}, {n} note{}\n",
        plural(e),
        plural(w),
        plural(n)
    ));
    assert_eq!(outputs[0].1, format!("$ tribbles check --format short example.tlog\n{short}"));

    let human = diags
        .iter()
        .find(|d| d.code.id() == "S0108")
        .map(|d| render::human(&file, d, HumanStyle { color: false, width: 80 }))
        .expect("the S0108 report");
    assert_eq!(outputs[1].1, human);
}
