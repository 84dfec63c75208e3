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

/// Every event the engine can emit has an example line in the grammar, so what `tribbles replay
/// --events` prints is documented there. The match has no catch-all arm: a new event does not
/// compile here until it is given a place, and then fails until the grammar shows it.
#[test]
fn the_grammar_shows_every_event() {
    use tribbles::engine::event::{Drawn, Event};
    use tribbles::model::log::LineKind;
    fn kind(e: &Event) -> usize {
        match e {
            Event::Draws { drawn: Drawn::Count(_), .. } => 0,
            Event::Draws { drawn: Drawn::Cards(_), .. } => 1,
            Event::Discards { .. } => 2,
            Event::Plays { .. } => 3,
            Event::Puts { .. } => 4,
            Event::Reveals { .. } => 5,
            Event::Shuffles { .. } => 6,
            Event::Scores { .. } => 7,
            Event::Loses { .. } => 8,
            Event::GoesOut(_) => 9,
            Event::IsDecked(_) => 10,
            Event::IsSkipped(_) => 11,
            Event::Passes(_) => 12,
            Event::DirectionReverses => 13,
            Event::ChainBreaks => 14,
            Event::TroubleShifts(_) => 15,
            Event::TroubleHidden => 16,
            Event::RoundStarts { .. } => 17,
            Event::RoundEnds(_) => 18,
            Event::IsNext(_) => 19,
            Event::SitsOut(_) => 20,
            Event::DiscardsHand(_) => 21,
            Event::Unverified { .. } => 22,
            Event::TotalIs { .. } => 23,
            Event::ScoreUnverified(_) => 24,
            Event::HandUnknown(_) => 25,
            Event::DrawsUnknown(_) => 26,
            Event::PileUnknown(_) => 27,
            Event::DiscardsUnknown(_) => 28,
            Event::MayScore { .. } => 29,
            Event::ZonesUnknown { .. } => 30,
            Event::MayGoOut(_) => 31,
            Event::Reseated(_) => 32,
            Event::ChainRestarts => 33,
            Event::PotEmpties => 34,
            Event::PotMayEmpty => 35,
            Event::PotUnknown => 36,
            Event::Freezes { .. } => 37,
            Event::Unfreezes { .. } => 38,
            Event::Rejoins(_) => 39,
            Event::DeckedAtDeal(_) => 40,
            Event::DeckedUnseen(_) => 41,
            Event::MayRemove(_) => 42,
            Event::Awaits { .. } => 43,
            Event::StopsAwaiting { .. } => 44,
            Event::Scans { .. } => 45,
            Event::Replays { .. } => 46,
        }
    }
    const KINDS: usize = 47;
    let text = std::fs::read_to_string(support::root().join("grammar/format-1.md")).expect("grammar/format-1.md");
    let mut shown = [false; KINDS];
    for (_, example) in support::code_blocks(&text, &["tlog"]) {
        let (log, _) = parse(&example);
        for line in &log.lines {
            if let LineKind::Resolution(e) = &line.kind {
                shown[kind(e)] = true;
            }
        }
    }
    let missing: Vec<usize> = (0..KINDS).filter(|k| !shown[*k]).collect();
    assert!(missing.is_empty(), "events with no example line in the grammar (by the test's numbering): {missing:?}");
}
