//! The grammar in grammar/format-1.md stays true: each of its examples parses without a
//! diagnostic and survives `fmt`.

mod support;

use tribbles::syntax::{parse, print};

#[test]
fn every_grammar_example_parses_cleanly_and_survives_fmt() {
    let text = std::fs::read_to_string(support::root().join("grammar/format-1.md")).expect("grammar/format-1.md");
    let examples = support::code_blocks(&text, &["tlog"]);
    let productions = support::code_blocks(&text, &["ebnf"]);
    assert!(
        examples.len() >= 10 && productions.len() >= 9,
        "{} examples, {} productions",
        examples.len(),
        productions.len()
    );
    for (line, example) in examples {
        let (log, diags) = parse(&example);
        assert!(diags.is_empty(), "grammar example at line {line}: {diags:#?}");
        let (again, diags) = parse(&print::format(&log));
        assert!(diags.is_empty() && again == log, "grammar example at line {line} changes under fmt");
    }
}
