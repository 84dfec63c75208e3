//! QAPLA' (TCC 2.1, Tribble Powers): every player puts the top card of the draw deck beneath the
//! play pile, for all to see; when those cards all share a number, or all share a power, the user
//! scores seven times the highest of them.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::state::Status;
use crate::engine::turn::PowerCx;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, Points, PowerSpec, Span};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: QAPLA",
    text: "Used, Qapla' has every player still in the round (its user included) put the top card of the \
           draw deck beneath the play pile, face up (`  Matt puts 100 Go under pile from deck`, or `  Matt \
           reveals 100 Go`). A player's line left out while that deck may be empty (its size unknown) \
           leaves open whether a card moved: that pile is then unknown for the rest of the round (ruling \
           R26). So does no line for a player who may be out of the round unseen (decked at the deal, R2, \
           or by an unseen draw, R34) and whose deck has cards again: that deck is no longer counted \
           either. When all of those cards have the same number, or all have the same power, the user \
           scores seven times the highest number (`  Dan scores 700`). A compound power matches only the \
           same compound, never one of its halves. A player whose deck is empty puts nothing. Cards \
           the log does not name stay unknown; the score is then taken from the log's line, or from the \
           sheet.\n\n\
           Playing a Qapla', used or not, also scores the Ante pot's highest card and empties the pot \
           (see `tribbles explain Ante`).\n\n\
           Checked: each card can be its deck's top (R0601) and the player's (R0401); the score (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let seating = cx.state().seating.clone();
    let mut shown: Vec<Card> = Vec::with_capacity(seating.len());
    for q in seating {
        let pl = cx.state().player(q);
        if pl.status != Status::In || pl.deck.is_empty() {
            continue;
        }
        let claim = cx.take_claim(|e| match e {
            Event::Puts { player: p, to: Destination { place: Place::UnderPile, owner: None }, from, .. } => {
                *p == q && from.zone == Zone::Deck && from.owner.is_none()
            }
            Event::Reveals { player: p, .. } => *p == q,
            _ => false,
        });
        let (card, span) = match &claim {
            Some((Event::Puts { cards, .. } | Event::Reveals { cards, .. }, span))
                if cards.len() == 1 && cards[0].count == 1 =>
            {
                (cards[0].card, *span)
            }
            Some((_, span)) => {
                let name = cx.name(q);
                cx.report(
                    Diagnostic::new(
                        Code::Misresolved,
                        *span,
                        format!("Qapla' moves one card of {name}'s, not several"),
                    )
                    .label("the top card only"),
                );
                (Card::Unknown, *span)
            }
            // Unwritten, from a deck that may be empty, or for a player who may be out of the
            // round unseen (decked at the deal, ruling R2, or by an unseen draw, R34): a card may
            // or may not have moved, the pile is no longer counted, and the score waits on it
            // (ruling R26). No line is derived (written out, it would show the player in). A deck
            // with cards in it is then no longer counted either.
            None if pl_may_be_empty(cx, q) || cx.may_be_out_unseen(q) => {
                if !pl_may_be_empty(cx, q) {
                    let least = cx.state().player(q).deck.min_len().saturating_sub(1);
                    cx.emit(Event::ZonesUnknown { player: q, hand: false, deck: Some(least), discard: false });
                }
                cx.emit(Event::PileUnknown(q));
                cx.may_replicate(q, Some(Place::UnderPile));
                shown.push(Card::Unknown);
                continue;
            }
            None => (Card::Unknown, Span::default()),
        };
        cx.check_deck_top(q, std::slice::from_ref(&card), span);
        cx.emit(Event::Puts {
            player: q,
            cards: CardCount::one(card, span).list(),
            to: Destination { place: Place::UnderPile, owner: None },
            from: Source { zone: Zone::Deck, owner: None },
        });
        cx.check_card(q, &card, span);
        shown.push(card);
    }
    let computed = points(&shown);
    // The line with Qapla's own score, before any other score line of the player's this turn.
    let scored = cx
        .take_claim(|e| matches!(e, Event::Scores { player: p, points } if *p == player && Some(points.0) == computed))
        .or_else(|| {
            // Seven times a card is never a card's value: such a line is the Ante pot's.
            cx.take_claim(|e| matches!(e, Event::Scores { player: p, points } if *p == player && crate::model::Denomination::from_value(points.0).is_none()))
        });
    match computed {
        Some(points) => {
            if let Some((Event::Scores { points: written, .. }, span)) = &scored {
                if *written != Points(points) {
                    let (message, label) = if points == 0 {
                        ("Qapla' scores nothing here".to_string(), "the cards share neither number nor power")
                    } else {
                        (format!("Qapla' scores {points} here, not {}", written.0), "seven times the highest card")
                    };
                    cx.report(Diagnostic::new(Code::Misresolved, *span, message).label(label));
                }
            }
            if points > 0 {
                cx.emit(Event::Scores { player, points: Points(points) });
            }
        }
        None => match scored {
            Some((Event::Scores { points, .. }, _)) => cx.emit(Event::Scores { player, points }),
            _ => cx.emit(Event::ScoreUnverified(player)),
        },
    }
    Resolved::Done
}

/// Whether the player's deck may hold no card (its size unknown, no card certainly in it).
fn pl_may_be_empty(cx: &PowerCx, q: crate::model::PlayerId) -> bool {
    cx.state().player(q).deck.min_len() == 0
}

/// What the shown cards score, or `None` when the unknown cards leave it open.
fn points(cards: &[Card]) -> Option<u64> {
    let values: Vec<Option<u64>> = cards.iter().map(|c| c.denomination().map(|d| d.value())).collect();
    let powers: Vec<Option<&PowerSpec>> = cards.iter().map(|c| c.power().filter(|p| p.is_known())).collect();
    let known_values: Vec<u64> = values.iter().flatten().copied().collect();
    let same_value = known_values.windows(2).all(|w| w[0] == w[1]);
    let known_powers: Vec<&PowerSpec> = powers.iter().flatten().copied().collect();
    let same_power = known_powers.windows(2).all(|w| w[0] == w[1]);
    // A match still possible on either count, with a card unknown on that count: open.
    let values_open = values.iter().any(Option::is_none);
    let powers_open = powers.iter().any(Option::is_none);
    let value_match = same_value && !values_open;
    let power_match = same_power && !powers_open;
    if value_match || power_match {
        // Every value must be known to name the highest.
        return if values_open { None } else { Some(7 * known_values.iter().copied().max().unwrap_or(0)) };
    }
    if (same_value && values_open) || (same_power && powers_open) {
        return None;
    }
    Some(0)
}

#[cfg(test)]
mod tests {
    use super::points;
    use crate::model::{Card, Denomination, Power, PowerSpec};

    /// `"100 Go"`, `"100 ?"` (the power not recorded), `"10 Clone & Go"` or `"?"`.
    fn cards(s: &[&str]) -> Vec<Card> {
        s.iter()
            .map(|c| {
                let Some((n, p)) = c.split_once(' ') else { return Card::Unknown };
                let denomination = n.parse().ok().and_then(Denomination::from_value).expect("a number");
                let power = match p.split_once(" & ") {
                    _ if p == "?" => PowerSpec::Unrecorded,
                    Some((a, b)) => PowerSpec::Compound(
                        Power::from_name(a).expect("a power"),
                        Power::from_name(b).expect("a power"),
                    ),
                    None => PowerSpec::Single(Power::from_name(p).expect("a power")),
                };
                Card::Known { denomination, power }
            })
            .collect()
    }

    #[test]
    fn a_shared_number_or_power_scores_seven_times_the_highest() {
        assert_eq!(points(&cards(&["100 Go", "100 Skip", "100 Go"])), Some(700));
        assert_eq!(points(&cards(&["1 Go", "10 Go", "1000 Go"])), Some(7000));
        assert_eq!(points(&cards(&["1 Go", "10 Skip"])), Some(0));
        // A compound is not its halves.
        assert_eq!(points(&cards(&["1 Go", "10 Clone & Go"])), Some(0));
        assert_eq!(points(&cards(&["1 Go", "?"])), None);
        assert_eq!(points(&cards(&["1 Go", "10 Skip", "?"])), Some(0));
        assert_eq!(points(&cards(&["100 Go", "100 ?"])), Some(700));
    }
}
