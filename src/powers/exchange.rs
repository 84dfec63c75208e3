//! EXCHANGE (TCC 2.1, Tribble Powers): the player discards a card from hand to take a card from the
//! discard pile into hand.

use super::{Doc, Resolved};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::model::Card;
use crate::model::log::{CardCount, ChoiceKind, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: EXCHANGE",
    text: "Used, Exchange discards one card from its player's hand (`use 10 Go`) and takes one card from the \
           discard pile into hand (`take 1000 Go`; `?` or nothing when unseen). The card taken may be any \
           in the discard pile, even the one just discarded.\n\n\
           Checked: one card given (R0317), which the hand can hold (R0308); the card taken can be in the \
           discard pile (R0321); the hand's size is unchanged.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((given, span)) = cx.one_card("Exchange discards", "`10 Exchange use 1 Go take 1000 Go`") else {
        return Resolved::Done;
    };
    let player = cx.player;
    let given = cx.held_for(player, &given, span, " to exchange it");
    cx.emit(Event::Discards { player, cards: CardCount::one(given, span).list(), from: Zone::Hand });
    let (taken, at) = cx
        .choices
        .iter()
        .find_map(|c| match &c.kind {
            ChoiceKind::Take(t) => Some((t.card, c.span)),
            _ => None,
        })
        .unwrap_or((Card::Unknown, span));
    let taken = cx.check_discarded(player, &taken, at, "Exchange takes a card from the player's own discard pile");
    cx.emit(Event::Puts {
        player,
        cards: CardCount::one(taken, at).list(),
        to: Destination { place: Place::InHand, owner: None },
        from: Source { zone: Zone::Discard, owner: None },
    });
    Resolved::Done
}
