//! DISCARD (TCC 2.1, Tribble Powers; Decipher 2000, Tribble Icons): the player puts one card from
//! hand into the discard pile.

use super::{Doc, Resolved};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;
use crate::engine::zone::compatible;
use crate::model::log::{CardCount, Zone};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: DISCARD",
    text: "Used, Discard moves one card of the player's choice from hand to the discard pile; the card \
           is written after `use` (`?` when the table did not see it). Discarding the last card of the \
           hand goes out like playing it.\n\n\
           Log: `Matt: 1000 Discard use 10 Poison`.\n\
           Checked: exactly one card is named (R0317) and the hand can hold it (R0308); a resolution \
           line naming another card is a mis-resolution (R0601).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((card, span)) = cx.one_card("Discard discards", "`1000 Discard use 10 Poison`") else {
        return Resolved::Done;
    };
    let player = cx.player;
    let card = cx.held_for(player, &card, span, " to discard it");
    // The table's own line for the discard confirms it; a line naming another card is left to be
    // reported as a mis-resolution.
    cx.take_claim(|e| match e {
        Event::Discards { player: p, from: Zone::Hand, cards } => {
            *p == player && cards.len() == 1 && cards[0].count == 1 && compatible(&cards[0].card, &card)
        }
        _ => false,
    });
    cx.emit(Event::Discards { player, cards: CardCount::one(card, span).list(), from: Zone::Hand });
    Resolved::Done
}
