//! ANTE (TCC 2.1, Tribble Powers): every player puts a card from hand face down into the one
//! shared pot, which outlasts the round; the next player to play a Qapla' scores the pot's highest
//! card, and the pot's cards go to their owners' discard piles. At the game's end, what is still
//! in the pot goes back to its owners.

use super::{Doc, Resolved};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::Card;
use crate::model::log::{CardCount, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: ANTE",
    text: "Used, Ante has every player still in the round with cards in hand, its user included, put one \
           card from hand face down into the pot (`  Matt puts 100 Go in pot`; a card nobody saw is `?`, \
           and an unwritten line stands for one, except for a player an unnamed draw may have decked \
           (ruling R34) or who may have been decked at the deal (R2): that hand is then no longer \
           counted, and the player may have put nothing in). There is one pot for the table, and it stays from round \
           to round. The next player to play a Qapla' (used or not, from hand, in a stampede or replayed) \
           scores the value of the pot's highest card (`  Dan scores 1000`), and the pot's cards go to \
           their owners' discard piles (`  pot empties`). Cards still in the pot at the game's end go \
           back to their owners. When the pot holds cards nobody named, the Qapla' player's score is the \
           table's line (at least the highest card known), else the sheet's.\n\n\
           Checked: each card put in the pot can be in its player's hand (R0308) and is the player's \
           (R0401); the Qapla' player's pot score when the pot's cards are known (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    for q in cx.state().seating.clone() {
        let pl = cx.state().player(q);
        if !pl.is_in() || pl.hand.is_empty() {
            continue;
        }
        let shown = cx.take_claim(|e| {
            matches!(e, Event::Puts { player: p, to: Destination { place: Place::InPot, .. }, from: Source { zone: Zone::Hand, owner: None }, cards }
                if *p == q && cards.len() == 1 && cards[0].count == 1)
        });
        let (card, span) = match &shown {
            Some((Event::Puts { cards, .. }, span)) => (cards[0].card, Some(*span)),
            // No line for a player an unseen draw may have decked (ruling R34), or who may have
            // been decked at the deal (R2): the card may not have gone, so the hand is no longer
            // counted (an emptied hand is no going out), and the pot may hold a card the referee
            // does not know of. (A derived line would show that player in once written.)
            None if cx.may_be_out_unseen(q) => {
                cx.emit(Event::HandUnknown(q));
                cx.emit(Event::PotUnknown);
                continue;
            }
            _ => (Card::Unknown, None),
        };
        let card = cx.check_held(q, &card, span);
        // A hand the referee cannot count may have been empty: the unwritten card may not have
        // gone in (it stays taken from the hand, which may have emptied).
        let maybe_none = shown.is_none() && cx.hand_may_be_empty(q);
        cx.emit(Event::Puts {
            player: q,
            cards: CardCount::one(card, span.unwrap_or_else(|| cx.span())).list(),
            to: Destination { place: Place::InPot, owner: None },
            from: Source::default(),
        });
        if maybe_none {
            cx.emit(Event::PotUnknown);
        }
        cx.check_card(q, &card, span.unwrap_or_else(|| cx.span()));
    }
    Resolved::Done
}
