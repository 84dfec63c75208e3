//! DANCE (TCC 2.1, Tribble Powers): the user scores 100,000 if the play pile holds Skip, Reverse,
//! Skip, Reverse, Skip, Reverse in that order from the bottom, other cards in between allowed; a
//! compound with Skip or Reverse counts as that power.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;
use crate::model::{Card, Points, Power};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: DANCE",
    text: "Used, Dance looks through its player's play pile from the bottom up for Skip, Reverse, Skip, \
           Reverse, Skip, Reverse in that order; other cards may lie in between, and a compound with Skip \
           or Reverse counts as that power. If the six are there, the player scores 100,000 (`  Charlie \
           scores 100000`). A pile card whose power was not recorded may complete the dance: the score is \
           then the table's line, else the sheet's.\n\n\
           Checked: the score (R0601): written when the pile dances, absent when it cannot.",
};

const STEPS: [Power; 6] = [Power::Skip, Power::Reverse, Power::Skip, Power::Reverse, Power::Skip, Power::Reverse];

/// Whether the pile dances: `Some` when certain either way, `None` when unknown cards decide.
pub fn dances(pile: &[Card]) -> Option<bool> {
    // Greedy from the bottom is optimal for a subsequence; an unknown card is matched only in the
    // optimistic pass.
    let reach = |optimistic: bool| {
        let mut k = 0;
        for c in pile {
            if k == STEPS.len() {
                break;
            }
            let fits = match c.power() {
                Some(p) if p.is_known() => p.has(STEPS[k]),
                _ => optimistic,
            };
            if fits {
                k += 1;
            }
        }
        k == STEPS.len()
    };
    match (reach(false), reach(true)) {
        (true, _) => Some(true),
        (false, false) => Some(false),
        (false, true) => None,
    }
}

pub const POINTS: Points = Points(100_000);

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let pl = cx.state().player(player);
    let verdict = if pl.pile_unknown { None } else { dances(&pl.pile) };
    let scored = cx
        .take_claim(|e| matches!(e, Event::Scores { player: p, points } if *p == player && *points == POINTS))
        .or_else(|| cx.take_claim(|e| matches!(e, Event::Scores { player: p, .. } if *p == player)));
    match verdict {
        Some(dance) => {
            if let Some((Event::Scores { points, .. }, span)) = &scored {
                if !dance || *points != POINTS {
                    let (message, label) = if dance {
                        (format!("Dance scores 100000 here, not {}", points.0), "the pile dances")
                    } else {
                        (
                            "Dance scores nothing here".to_string(),
                            "no Skip, Reverse, Skip, Reverse, Skip, Reverse from the bottom",
                        )
                    };
                    cx.report(Diagnostic::new(Code::Misresolved, *span, message).label(label));
                }
            }
            if dance {
                cx.emit(Event::Scores { player, points: POINTS });
            }
        }
        None => match scored {
            Some((Event::Scores { points, .. }, _)) => cx.emit(Event::Scores { player, points }),
            _ => cx.emit(Event::ScoreUnverified(player)),
        },
    }
    Resolved::Done
}

#[cfg(test)]
mod tests {
    use super::dances;
    use crate::model::{Card, Power, PowerSpec};
    use crate::powers::test_card as card;

    #[test]
    fn charlies_pile_dances() {
        use Power::*;
        let s = PowerSpec::Single;
        let c = PowerSpec::Compound;
        let pile = [
            card(1, s(Skip)),
            card(10, s(Go)),
            card(1, c(Clone, Reverse)),
            card(100, c(Clone, Skip)),
            card(1000, s(Recycle)),
            card(10000, s(Reverse)),
            card(100000, s(Tally)),
            card(1, s(Skip)),
            card(100, s(Reverse)),
        ];
        assert_eq!(dances(&pile), Some(true));
        assert_eq!(dances(&pile[..8]), Some(false));
        let mut open = pile[..8].to_vec();
        open.push(Card::Unknown);
        assert_eq!(dances(&open), None);
    }
}
