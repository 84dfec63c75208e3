//! UTILIZE (TCC 2.1, Tribble Powers): the player chooses an opponent holding at least two cards,
//! who puts a random card from hand on top of their play pile; the player scores its number.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::state::Status;
use crate::engine::turn::PowerCx;
use crate::model::log::{CardCount, Zone};
use crate::model::{Card, Denomination, Power};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: UTILIZE",
    text: "Used, Utilize names an opponent with at least two cards in hand (`use @Matt`), who puts a random \
           card from hand face up on top of their play pile (`  Matt puts 1000 Go on pile`); the user \
           scores its number (`  Dan scores 1000`). Nobody scores from a decked player. Chosen, a player \
           the referee took to have been decked unseen, or to be sitting the round out (dealt no \
           hand), is shown to hold cards, so was in after all (ruling R2), unless the deck has gained cards (a Draw aimed at a decked player may have filled the \
           hand): then the hand is left uncounted. So chosen, or with a hand a Draw left uncounted, the \
           player may be in or decked: with no score line, the score is the sheet's; a score line shows \
           the player in. A utilized \
           Tally splits the score (see `tribbles explain Tally`).\n\n\
           Checked: the target (R0320); the card can be in the target's hand (R0308); the score, none from a decked \
           player (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, at)) = cx.target() else { return Resolved::Done };
    let player = cx.player;
    let name = cx.name(target);
    let score_line = |e: &Event| matches!(e, Event::Scores { player: p, .. } if *p == player);
    // A player the referee took to have been decked unseen (rulings R2, R34) holds no hand in its
    // count. Chosen for a Utilize, the player holds two cards: dealt in, so not sitting the round
    // out (a player who may be doing so is still taken to be decked), and not decked after all,
    // unless the deck has gained cards this round (before the decking or since: only since would a Draw aimed
    // at the decked player have brought cards into the hand, R12, but the state does not tell).
    // A hand counted at two or more, or not counted (a Draw aimed at the player), tells nothing.
    // A score line shows the player in even so: nobody scores from a decked player.
    // The score line is taken here only for such a player: after a refused choice, one left
    // untaken is reported as a line the rules do not give.
    let mut scored = None;
    if target != player && cx.taken_decked(target) {
        scored = cx.take_claim(score_line);
        let pl = cx.state().player(target);
        let few = pl.hand.len().is_some_and(|n| n < 2);
        match &scored {
            Some((Event::Scores { points, .. }, span)) if points.0 > 0 => {
                cx.shown_holding(target, *span, "is scored from for a Utilize");
            }
            _ if few && pl.deck_gained => cx.emit(Event::HandUnknown(target)),
            _ if few => cx.shown_holding(target, at, "is chosen for a Utilize (two cards in hand)"),
            _ => {}
        }
    }
    let hand = &cx.state().player(target).hand;
    if target == player || hand.len().is_some_and(|n| n < 2) {
        cx.report(
            Diagnostic::new(
                Code::PoisonTarget,
                at,
                format!("Utilize chooses an opponent holding two cards or more; {name} does not qualify"),
            )
            .label("not a target for Utilize"),
        );
        return Resolved::Done;
    }
    let shown = cx.take_claim(
        |e| matches!(e, Event::Puts { player: p, to: Destination { place: Place::OnPile, owner }, from, .. }
            if *p == target && super::owns(target, *owner) && from.zone == Zone::Hand && super::owns(target, from.owner)),
    );
    let card = match &shown {
        Some((Event::Puts { cards, .. }, _)) if cards.len() == 1 && cards[0].count == 1 => cards[0].card,
        Some((Event::Puts { cards, .. }, span)) => {
            let name = cx.name(target);
            let n = crate::model::log::total_count(cards);
            cx.report(
                Diagnostic::new(
                    Code::Misresolved,
                    *span,
                    format!("Utilize has {name} put one card on the pile, not {n}"),
                )
                .label("one card from the hand"),
            );
            Card::Unknown
        }
        _ => Card::Unknown,
    };
    let card = cx.check_held(target, &card, Some(shown.as_ref().map_or(at, |(_, s)| *s)));
    cx.emit(Event::Puts {
        player: target,
        cards: CardCount::one(card, at).list(),
        to: Destination { place: Place::OnPile, owner: None },
        from: Source::default(),
    });
    let value = card.denomination().map(Denomination::value);
    let tally = card.power().is_some_and(|p| p.has(Power::Tally));
    if cx.state().player(target).status == Status::Decked {
        // Still only taken to have been decked: the target was in after all, or decked and holding
        // cards a Draw brought. What the Utilize gave is the sheet's (long position cut 2218261,
        // where the deck had gained cards before the unseen decking).
        if cx.taken_decked(target) {
            super::tally::score_unknown_card(cx, player, target, &card, scored);
        }
        return Resolved::Done;
    }
    // Nobody scores from a decked player: a score line for one is left untaken, and reported.
    let scored = scored.or_else(|| cx.take_claim(score_line));
    match (value, tally) {
        (Some(v), _) => super::tally::score_card(cx, player, target, &card, v, scored, "Utilize"),
        _ => super::tally::score_unknown_card(cx, player, target, &card, scored),
    }
    Resolved::Done
}
