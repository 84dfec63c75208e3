//! RESCUE (TCC 2.1, Tribble Powers; Decipher 2000, Tribble Icons): the player takes a card from the
//! discard pile and either plays it at once, if it is the right number, or puts it face down on
//! top of the draw deck.

use super::{Doc, Resolved};
use crate::engine::event::{Destination, Event, Place, Source};
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::log::{CardCount, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: RESCUE",
    text: "Used, Rescue recovers one card from the discard pile, chosen after `use` (`?` when the card \
           was kept secret): a card must be recovered even if it is not the one wanted. If it is the \
           next number, it may be played at once as the next step of the same turn \
           (`Dan: 10000 Rescue use 100000 Clone; 100000 Clone`); otherwise it goes face down on top of \
           the deck.\n\n\
           Checked: exactly one card (R0317), which the discard pile can hold (R0321); a card played \
           after it other than the rescued one is a second play (R0305; one whose power's name misspells \
           the rescued card's is reported and read as it, ruling R4).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((card, span)) = cx.one_card("Rescue recovers", "`10000 Rescue use 100000 Clone`") else {
        return Resolved::Done;
    };
    let player = cx.player;
    let card = cx.check_discarded(player, &card, span, "Rescue recovers a card from the player's own discard pile");
    cx.take_claim(|e| match e {
        Event::Puts { player: p, from: Source { zone: Zone::Discard, .. }, cards, .. } => {
            *p == player && cards.len() == 1 && compatible(&cards[0].card, &card)
        }
        _ => false,
    });
    cx.emit(Event::Puts {
        player,
        cards: CardCount::one(card, span).list(),
        to: Destination { place: Place::InHand, owner: None },
        from: Source { zone: Zone::Discard, owner: None },
    });
    cx.rescued(card);
    Resolved::Done
}
