//! Soundness under hidden information (FORMAT.md §11): a legal game stays clean when every card the
//! table does not see is masked. What the table sees stays: plays, piles and their resolution lines.

mod support;

use tribbles::diagnostics::Severity;
use tribbles::model::Card;
use tribbles::model::log::{CardCount, LineKind, Log, StepKind};
use tribbles::syntax::{parse, print};

/// How much of the private information to drop.
#[derive(Clone, Copy, Debug)]
enum Mask {
    /// Decklists become sizes only (`deck Dan: 40x ?`).
    DeckSizes,
    /// Decklists are dropped: deck sizes are unknown too.
    NoDecks,
}

fn masked(log: &Log, mask: Mask) -> Log {
    let mut out = log.clone();
    let drop = |kind: &LineKind| match kind {
        LineKind::Hand { .. } => true,
        LineKind::Deck { .. } => matches!(mask, Mask::NoDecks),
        _ => false,
    };
    out.lines.retain(|l| !drop(&l.kind));
    for line in &mut out.lines {
        match &mut line.kind {
            LineKind::Deck { cards, .. } => {
                let n: u32 = cards.iter().map(|c| c.count).sum();
                *cards = CardCount { count: n, owner: None, card: Card::Unknown, span: Default::default() }.list();
            }
            LineKind::Turn(turn) => {
                for step in &mut turn.steps {
                    if let StepKind::Draw { card } = &mut step.kind {
                        *card = None;
                    }
                }
            }
            _ => {}
        }
    }
    out
}

#[test]
fn masked_clean_logs_stay_clean() {
    for path in support::tlogs(&support::root().join("logs/clean")) {
        let text = std::fs::read_to_string(&path).expect("UTF-8");
        let (log, _) = parse(&text);
        for mask in [Mask::DeckSizes, Mask::NoDecks] {
            let hidden = print::format(&masked(&log, mask));
            assert!(!hidden.contains("\nhand "), "the mask left a hand line");
            let (_, diags) = tribbles::check_bytes("masked", hidden.as_bytes());
            let flagged = support::flagged(&diags);
            assert!(flagged.is_empty(), "{} masked ({mask:?}): {flagged:#?}", path.display());
        }
    }
}

/// The examples that show only legal play stay clean when masked the same way. (An example with
/// an illegal turn may see its mistake reported under another code once the cards that explained
/// it are hidden, so those are left to the clean-log test above.)
#[test]
fn masked_legal_examples_stay_clean() {
    let mut checked = 0;
    for path in support::tlogs(&support::root().join("examples")) {
        let text = std::fs::read_to_string(&path).expect("UTF-8");
        if text.contains("expect error") {
            continue;
        }
        checked += 1;
        let (log, _) = parse(&text);
        let hidden = print::format(&masked(&log, Mask::NoDecks));
        let (_, diags) = tribbles::check_bytes("masked", hidden.as_bytes());
        // An expected error may vanish when the cards that proved it are hidden (R0802), but
        // nothing else may appear.
        let flagged: Vec<String> = diags
            .iter()
            .filter(|d| d.severity() != Severity::Note && d.code.id() != "R0802")
            .map(|d| format!("{}: {}", d.code.id(), d.message))
            .collect();
        assert!(flagged.is_empty(), "{} masked: {flagged:#?}\n{hidden}", path.display());
    }
    assert!(checked >= 8, "only {checked} legal examples");
}
