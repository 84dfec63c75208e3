//! TALLY (TCC 2.1, Tribble Powers): passive. When another player is about to score points from
//! this card, that player scores half its value instead and its owner scores as much.

use super::Doc;
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::Event;
use crate::engine::state::Status;
use crate::engine::turn::PowerCx;
use crate::model::{Card, PlayerId, Points, Power, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: TALLY",
    text: "When a player is about to score a Tally of another player's (Poison discards it, Utilize puts \
           it on a pile, Toxin chooses it, Score sees it played), the scorer scores half its value and \
           its owner scores the same (`  Dan scores 500` and `  Matt scores 500` for a 1,000 Tally); a \
           1 Tally gives nothing to either (half rounded down: ruling R29). A player's own Tally is not \
           split, nor an assimilated Tally in the pile of the player who goes out with it (ASSIMILATE). \
           A decked owner scores nothing. Tally is never used (R0313). A card whose power was not \
           recorded may be a Tally: a line for the whole value or for half of it is then accepted.\n\n\
           Checked: both halves (R0601).",
};

/// Half a Tally's value, rounded down (ruling R29).
pub fn half(value: u64) -> u64 {
    value / 2
}

/// Whether `n` is half of some card's number: what a Tally's scorer, and its owner, score.
pub(crate) fn halves_a_card(n: u64) -> bool {
    crate::model::Denomination::ALL.iter().any(|d| half(d.value()) == n)
}

/// A card of `owner`'s whose number is not known is scored by `scorer`: the table's line is taken
/// if it can be the card's number, or half of it when the card may be a Tally, and the owner's
/// line then takes the other half as written. Without the owner's line, a half the scorer took
/// makes the card a Tally, and the owner scores the same half. Anything else is left to the
/// sheet.
pub(crate) fn score_unknown_card(
    cx: &mut PowerCx,
    scorer: PlayerId,
    owner: PlayerId,
    card: &Card,
    scored: Option<(Event, Span)>,
) {
    let may_split = owner != scorer && card.may_have(&[Power::Tally]);
    let whole = |n: u64| crate::model::Denomination::from_value(n).is_some();
    let halved = halves_a_card;
    let taken = match scored {
        Some((Event::Scores { points, .. }, _)) if whole(points.0) || may_split && halved(points.0) => {
            cx.emit(Event::Scores { player: scorer, points });
            Some(points)
        }
        _ => {
            cx.emit(Event::ScoreUnverified(scorer));
            None
        }
    };
    if may_split {
        let theirs =
            cx.take_claim(|e| matches!(e, Event::Scores { player: p, points } if *p == owner && halved(points.0)));
        match (theirs, taken) {
            (Some((Event::Scores { points, .. }, _)), _) => cx.emit(Event::Scores { player: owner, points }),
            // No line of the owner's: only a half the scorer took settles the card as a Tally,
            // whose owner then scores the same half; a whole card's owner scores nothing.
            (_, Some(points)) if halved(points.0) && !whole(points.0) => {
                cx.emit(Event::Scores { player: owner, points })
            }
            (_, Some(points)) if whole(points.0) && !halved(points.0) => {}
            _ => cx.emit(Event::ScoreUnverified(owner)),
        }
    }
}

/// `scorer` is about to score `card`, worth `value`, which belongs to `owner`: scores it, split
/// when it is a Tally (TALLY), and checks the table's lines. `scored` is the scorer's line, taken
/// already; `what` names the power for the messages ("Poison").
pub(crate) fn score_card(
    cx: &mut PowerCx,
    scorer: PlayerId,
    owner: PlayerId,
    card: &Card,
    value: u64,
    scored: Option<(Event, Span)>,
    what: &str,
) {
    let tally = match card.power() {
        _ if owner == scorer => Some(false),
        Some(p) if p.is_known() => Some(p.has(Power::Tally)),
        _ => None,
    };
    let written = match &scored {
        Some((Event::Scores { points, .. }, span)) => Some((points.0, *span)),
        _ => None,
    };
    // A card that may be a Tally: the table's line says which.
    let tally = tally.or_else(|| match written {
        Some((n, _)) if n == value => Some(false),
        Some((n, _)) if n == half(value) => Some(true),
        _ => None,
    });
    match tally {
        Some(false) => {
            let mut points = value;
            if let Some((n, span)) = written {
                if n != value {
                    cx.report(
                        Diagnostic::new(Code::Misresolved, span, format!("{what} scores {value} here, not {n}"))
                            .label(format!("the {card} is worth {value}"))
                            .help(format!(
                                "{what} scores the number of tribbles on the card; the line's {n} is followed from \
                                 here, as the score sheet will have it"
                            )),
                    );
                    // Reported once: the table's figure is followed (ruling R4), so that the
                    // round's points and totals the sheet adds up from it are not reported again.
                    points = n;
                    cx.score_followed(scorer, value, n);
                }
            }
            cx.emit(Event::Scores { player: scorer, points: Points(points) });
        }
        Some(true) => {
            let h = half(value);
            let owner_name = cx.name(owner);
            if let Some((n, span)) = written {
                if n != h {
                    cx.report(
                        Diagnostic::new(
                            Code::Misresolved,
                            span,
                            format!("{what} scores half the Tally here, {h}, not {n}"),
                        )
                        .label(format!("{owner_name}'s Tally splits its {value}"))
                        .help("a Tally scored by another player gives each of them half its value")
                        .cites(DOC.rule),
                    );
                }
            }
            if h > 0 {
                cx.emit(Event::Scores { player: scorer, points: Points(h) });
            }
            let theirs = cx.take_claim(|e| matches!(e, Event::Scores { player: p, .. } if *p == owner));
            // An owner the referee only took to have been decked at the deal and who scores here
            // was in (ruling R2). One who may be sitting the round out instead stays so taken:
            // then the line is followed, and with none whether the owner scored is the sheet's.
            if let Some((Event::Scores { points, .. }, span)) = &theirs {
                if points.0 > 0 {
                    cx.shown_in(owner, *span, "scores for the Tally");
                }
            }
            let decked = cx.state().player(owner).status == Status::Decked;
            let inferred = decked && cx.taken_decked(owner);
            match &theirs {
                Some((Event::Scores { points, .. }, span)) => {
                    let due = if decked { 0 } else { h };
                    if points.0 != due && !(inferred && points.0 == h) {
                        cx.report(
                            Diagnostic::new(
                                Code::Misresolved,
                                *span,
                                format!("{owner_name} scores {due} for the Tally here, not {}", points.0),
                            )
                            .label("the owner's half")
                            .cites(DOC.rule),
                        );
                    }
                    if inferred && points.0 > 0 {
                        cx.emit(Event::Scores { player: owner, points: *points });
                    }
                }
                _ if inferred => cx.emit(Event::ScoreUnverified(owner)),
                _ => {}
            }
            if h > 0 && !decked {
                cx.emit(Event::Scores { player: owner, points: Points(h) });
            }
        }
        None => {
            // Not known to be a Tally or not, and no line settles it: the sheet decides.
            cx.emit(Event::ScoreUnverified(scorer));
            cx.emit(Event::ScoreUnverified(owner));
        }
    }
}
