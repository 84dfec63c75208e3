//! PARTY (TCC 2.1, Tribble Powers): with at least two other cards in hand, each player in turn
//! order, starting with the next, puts a random card from hand beneath their play pile.

use super::{Doc, Resolved};
use crate::diagnostics::{Code, Diagnostic};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::Card;
use crate::model::log::{CardCount, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: PARTY",
    text: "Party may be used only while its player holds at least two other cards. Each player still in the \
           round, in turn order from the next and the Party's player last, puts a random card from hand \
           beneath the play pile (`  Matt puts 1000 Go under pile`; an unwritten card is unknown, and so \
           is then that pile's score). With no line for a player whom an unnamed draw may have decked \
           (ruling R34), or whose deck may be empty while the turn order is the table's (ruling R35), that \
           player may have taken no part: neither hand nor pile is counted then.\n\n\
           Checked: the two other cards (R0324); a written card can be in its player's hand (R0308).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let player = cx.player;
    let name = cx.name(player);
    let n = cx.state().player(player).hand.len();
    if n.is_some_and(|n| n < 2) {
        cx.report(
            Diagnostic::new(
                Code::PowerNeedsCards,
                cx.span(),
                format!("Party needs two other cards in hand; {name} holds {}", n.unwrap_or(0)),
            )
            .label("too few cards to use it"),
        );
        return Resolved::Done;
    }
    // Turn order from the next player, the Party's player last.
    let mut order = Vec::new();
    let mut q = cx.state().next_in_turn(player);
    while let Some(x) = q {
        if x == player || order.contains(&x) {
            break;
        }
        order.push(x);
        q = cx.state().next_in_turn(x);
    }
    order.push(player);
    for q in order {
        let pl = cx.state().player(q);
        if pl.hand.is_empty() {
            continue;
        }
        let shown = cx.take_claim(|e| {
            matches!(e, Event::Puts { player: p, to: Destination { place: Place::UnderPile, owner }, cards, from }
                if *p == q && cards.len() == 1 && super::owns(q, *owner) && from.zone == Zone::Hand && super::owns(q, from.owner))
        });
        let card = match &shown {
            Some((Event::Puts { cards, .. }, _)) => cards[0].card,
            // No line for a player an unseen draw may have decked (ruling R34), noted or not, or
            // one who may have been decked at the deal (R2): the card may not have gone, and
            // neither the hand nor the pile is counted any longer (a card held under the pile
            // would be its top, and a Kill's, once the pile had no other).
            None if cx.may_be_out_unseen(q) => {
                cx.emit(Event::HandUnknown(q));
                cx.emit(Event::PileUnknown(q));
                continue;
            }
            _ => Card::Unknown,
        };
        let card = cx.check_held(q, &card, shown.as_ref().map(|(_, s)| *s));
        // A hand the referee cannot count may have been empty (the user's last card was the
        // Party): the unwritten card may not have gone. It stays taken from the hand, which may
        // have emptied, but the pile's cards are not counted into the deck at the round's end.
        let maybe_none = shown.is_none() && cx.hand_may_be_empty(q);
        cx.emit(Event::Puts {
            player: q,
            cards: CardCount::one(card, cx.span()).list(),
            to: Destination { place: Place::UnderPile, owner: None },
            from: Source::default(),
        });
        if maybe_none {
            cx.emit(Event::ZonesUnknown { player: q, hand: false, deck: None, discard: false });
        }
    }
    Resolved::Done
}
