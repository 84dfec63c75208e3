//! The README's example is real: its log, checked, prints exactly what the README shows.

mod support;

use tribbles::diagnostics::render::{self, HumanStyle};

#[test]
fn the_readme_example_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(support::root().join("README.md")).expect("README.md");
    let example = &support::code_blocks(&readme, &["tlog"])[0].1;
    let outputs = support::code_blocks(&readme, &["text"]);
    let (file, diags) = tribbles::check_bytes("example.tlog", example.as_bytes());

    let mut short: String = diags.iter().map(|d| render::short(&file, d) + "\n").collect();
    short.push_str("checked 1 file: 3 errors, 1 warning, 0 notes\n");
    assert_eq!(outputs[0].1, format!("$ tribbles check --format short example.tlog\n{short}"));

    let human = diags
        .iter()
        .find(|d| d.code.id() == "S0108")
        .map(|d| render::human(&file, d, HumanStyle { color: false, width: 80 }))
        .expect("the S0108 report");
    assert_eq!(outputs[1].1, human);
}
