//! POISON (TCC 2.1, Tribble Powers; Decipher 2000, Tribble Icons): the player chooses an opponent
//! who still has cards in the draw deck; the opponent discards the deck's top card and the player
//! scores its number.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, Denomination, Points, Power, PowerSpec};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: POISON; Advanced Rules: \"Decked\"",
    text: "Used, Poison names an opponent with cards left in the draw deck (`use @Matt`). That player \
           discards the deck's top card, and the poisoner scores its number at once. A decked player may \
           be chosen but nobody scores from a decked player. The discarded card is evidence the table \
           writes (`Matt discards 1000 Go from deck`); the score is a claim the referee checks \
           (`Dan scores 1000`). When the card is not written, a score line gives its number; with \
           neither, the score is taken from the sheet. A poisoned Antidote scores for its owner instead \
           (`tribbles explain Antidote`); a card whose power is not recorded may be one, so a score \
           line for either player is then accepted. A poisoned Tally splits the score between the \
           poisoner and its owner (`tribbles explain Tally`).\n\n\
           Log: `Dan: 100 Poison use @Matt` with `  Matt discards 1000 Go from deck` and `  Dan scores 1000`.\n\
           Checked: the target is an opponent with a deck (R0320); the card can be the deck's top and \
           the decklist's (R0601, R0401); the score matches (R0601). A discarded card the top cannot be, \
           where a card of the same power and the score's number can, is reported once and read as \
           that card (docs/rulings.md, R4).",
};

/// A poisoned Antidote's owner may put the hand beneath the draw deck, which is going out: taken
/// from the table's `puts … under deck` line, which must move the whole hand.
fn antidote_hand(cx: &mut PowerCx, target: crate::model::PlayerId) {
    let Some((Event::Puts { cards, .. }, span)) = cx.take_claim(|e| {
        matches!(e, Event::Puts { player: p, to: Destination { place: Place::UnderDeck, owner: None }, from, .. }
            if *p == target && from.zone == Zone::Hand && from.owner.is_none())
    }) else {
        return;
    };
    let n = crate::engine::state::expand(&cards).len() as u32;
    if let Some(held) = cx.state().player(target).hand.len() {
        if held != n {
            let name = cx.name(target);
            cx.report(
                Diagnostic::new(
                    Code::Misresolved,
                    span,
                    format!("{name} holds {held} card{}, not {n}", crate::diagnostics::plural(held)),
                )
                .label("the Antidote puts the whole hand beneath the deck")
                .cites(super::cited(Power::Antidote)),
            );
        }
    }
    cx.emit(Event::Puts {
        player: target,
        cards,
        to: Destination { place: Place::UnderDeck, owner: None },
        from: Source::default(),
    });
}

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, at)) = cx.opponent("Poison", "100 Poison use @Matt") else { return Resolved::Done };
    let player = cx.player;
    let name = cx.name(target);
    if cx.state().player(target).deck.is_empty() {
        cx.report(
            Diagnostic::new(Code::PoisonTarget, at, format!("{name}'s draw deck is empty"))
                .label("Poison needs an opponent with cards in the deck"),
        );
        return Resolved::Done;
    }
    // The discarded card, as the table wrote it (evidence), and the score it claimed.
    let discarded = cx.take_claim(|e| matches!(e, Event::Discards { player: p, from: Zone::Deck, .. } if *p == target));
    let scored = cx.take_claim(|e| matches!(e, Event::Scores { player: p, .. } if *p == player));
    // One card goes: a line naming more is reported, and the score line tells its number.
    if let Some((Event::Discards { cards, .. }, span)) = &discarded {
        let n = crate::model::log::total_count(cards);
        if n != 1 {
            cx.report(
                Diagnostic::new(
                    Code::Misresolved,
                    *span,
                    format!("Poison discards one card of {name}'s here, not {n}"),
                )
                .label("the top card of the deck only"),
            );
        }
    }
    let mut card = match &discarded {
        Some((Event::Discards { cards, .. }, _)) if cards.len() == 1 && cards[0].count == 1 => cards[0].card,
        _ => Card::Unknown,
    };
    if let (Card::Unknown, Some((Event::Scores { points, .. }, _))) = (&card, &scored) {
        // The score line tells the number of a card the log did not name.
        if let Some(d) = Denomination::from_value(points.0) {
            card = Card::Known { denomination: d, power: PowerSpec::Unrecorded };
        }
    }
    // The line names a card the deck's top cannot be, and the score line gives the number of one
    // of the same power that it can be: the line's number is miswritten (ruling R4). Reported once,
    // and read as the score has it, so that the discard pile and the decklist hold the card the
    // table discarded. Not for an Antidote or a Tally, which score otherwise.
    let mut misread = false;
    if let (Some((_, span)), Some((Event::Scores { points, .. }, _)), Card::Known { denomination, power }) =
        (&discarded, &scored, card)
    {
        let fits =
            |cx: &PowerCx, c: &Card| cx.state().player(target).deck.could_draw(c) && cx.deck_top_admits(target, c);
        let plain = power.is_known() && !power.has(Power::Antidote) && !power.has(Power::Tally);
        let read = Denomination::from_value(points.0)
            .filter(|d| plain && *d != denomination)
            .map(|d| Card::Known { denomination: d, power });
        if let Some(read) = read.filter(|read| !fits(cx, &card) && fits(cx, read)) {
            cx.report(
                Diagnostic::new(Code::Misresolved, *span, format!("{card} cannot be the top of {name}'s deck"))
                    .label(format!("read as {read}, the number the score line gives"))
                    .help(format!(
                        "the score line says {}: the card's number seems miswritten, and it is read as {read}, \
                         which can be the deck's top",
                        points.0
                    )),
            );
            card = read;
            misread = true;
        }
    }
    if let Some((_, span)) = discarded.as_ref().filter(|_| !misread) {
        if !cx.state().player(target).deck.could_draw(&card) {
            cx.report(
                Diagnostic::new(Code::Misresolved, *span, format!("{card} cannot be the top of {name}'s deck"))
                    .label("not the deck's top card")
                    .help("Poison discards the top card of the chosen player's deck"),
            );
        }
    }
    // A score from a player the referee only took to have been decked at the deal: the table
    // had that player in (ruling R2).
    if let Some((Event::Scores { points, .. }, span)) = &scored {
        if points.0 > 0 {
            cx.shown_in(target, *span, "is scored from");
        }
    }
    // So does the target's own score for a card that may be an Antidote, which its owner scores
    // (long redaction sweep game 9466700: the discard line left out, the score line kept).
    if card.power().is_none_or(|p| !p.is_known() || p.has(Power::Antidote)) {
        let own = |e: &Event| matches!(e, Event::Scores { player: p, points } if *p == target && points.0 > 0);
        if let Some(span) = cx.claim_at(own) {
            cx.shown_in(target, span, "scores");
        }
    }
    cx.emit(Event::Discards { player: target, cards: CardCount::one(card, at).list(), from: Zone::Deck });
    cx.check_card(target, &card, discarded.as_ref().map_or(at, |(_, s)| *s));
    let decked = cx.surely_decked(target);
    // A target who may have been decked unseen (at the deal, ruling R2, or by a draw, R34), not
    // yet taken to have been, or taken to have been decked at the deal but who may be sitting
    // the round out instead: nobody scores from a decked player, so with no score line what the
    // Poison gave (to either player) is the sheet's.
    let maybe_out = !decked && (cx.taken_decked(target) || cx.may_be_out_unseen(target));
    if maybe_out
        && scored.is_none()
        && !cx.claims_left(|e| matches!(e, Event::Scores { player: p, .. } if *p == target))
    {
        cx.emit(Event::ScoreUnverified(player));
        if card.power().is_none_or(|p| !p.is_known() || p.has(Power::Antidote) || p.has(Power::Tally)) {
            cx.emit(Event::ScoreUnverified(target));
            antidote_hand(cx, target);
        }
        return Resolved::Done;
    }
    // An Antidote & Tally compound is left to the sheet: which of the two acts first is open.
    let reacts = card.power().is_some_and(|p| p.has(Power::Antidote));
    let value = card.denomination().map(Denomination::value);
    let unknown_power = card.power().is_none_or(|p| !p.is_known());
    let antidote = card.power().is_some_and(|p| p.has(Power::Antidote) && !p.has(Power::Tally));
    if !decked && (antidote || unknown_power) {
        // ANTIDOTE: its owner scores instead, and may put the hand beneath the deck.
        let owner = cx.take_claim(|e| matches!(e, Event::Scores { player: p, .. } if *p == target));
        match (antidote, value, &owner) {
            (true, Some(v), _) => {
                if let Some((Event::Scores { .. }, span)) = &scored {
                    cx.report(
                        Diagnostic::new(
                            Code::Misresolved,
                            *span,
                            format!("the poisoned Antidote scores for {name}, not for {}", cx.name(player)),
                        )
                        .label("an Antidote's owner scores instead of the poisoner")
                        .cites(super::cited(Power::Antidote)),
                    );
                }
                if let Some((Event::Scores { points, .. }, span)) = &owner {
                    if points.0 != v {
                        cx.report(
                            Diagnostic::new(
                                Code::Misresolved,
                                *span,
                                format!("the Antidote scores {v} here, not {}", points.0),
                            )
                            .label(format!("the poisoned {card} is worth {v}"))
                            .cites(super::cited(Power::Antidote)),
                        );
                    }
                }
                cx.emit(Event::Scores { player: target, points: Points(v) });
            }
            (_, _, Some((Event::Scores { points, .. }, _))) => {
                let points = *points;
                cx.emit(Event::Scores { player: target, points });
                cx.emit(Event::ScoreUnverified(player));
            }
            _ => {}
        }
        antidote_hand(cx, target);
        if antidote || owner.is_some() {
            return Resolved::Done;
        }
        if scored.is_none() {
            // A card that may be an Antidote, and no line says who scored: the sheet decides.
            cx.emit(Event::ScoreUnverified(player));
            return Resolved::Done;
        }
    }
    match (decked, reacts, value) {
        // Only taken to have been decked at the deal, the player may yet be shown in: with no
        // score line, the score is the sheet's.
        (true, _, _) if scored.is_none() && cx.taken_decked(target) => cx.emit(Event::ScoreUnverified(player)),
        (true, _, _) => {
            if let Some((Event::Scores { points, .. }, span)) = &scored {
                if points.0 > 0 {
                    cx.report(
                        Diagnostic::new(Code::Misresolved, *span, format!("nobody scores from {name}, who is decked"))
                            .label("Poison scores nothing here")
                            .help("a decked player cannot be scored from (TCC 2.1, Advanced Rules: \"Decked\")"),
                    );
                }
            }
        }
        (false, false, Some(v)) => super::tally::score_card(cx, player, target, &card, v, scored, "Poison"),
        _ => cx.emit(Event::ScoreUnverified(player)),
    }
    Resolved::Done
}
