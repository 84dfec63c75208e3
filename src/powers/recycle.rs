//! RECYCLE (TCC 2.1, Tribble Powers; Advanced Rules: "Decked"): the player chooses a player, whose
//! discard pile is shuffled into their draw deck. A decked player stays out for the round.

use super::{Doc, Resolved};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;
use crate::model::log::Zone;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: RECYCLE; Advanced Rules: \"Decked\"",
    text: "Used, Recycle names a player (`use @Charlie`), whose discard pile is shuffled into the draw deck. \
           A decked player may be chosen; the new deck lets them rejoin at the next round, not this one \
           (the rulebook's example of Charlie). A player who may have been decked at the deal unseen \
           (ruling R2) may have had the hand dealt this round in that discard pile: the hand and the deck \
           are then no longer counted, as when one taken to have been decked at the deal is left in at the \
           round's end with that unsettled (a Skip that may have fallen on another).\n\n\
           Checked: the choice (R0317); the player's discard count moves to the deck (`expect`, decking \
           later). Where a card later turns up in the pile the Recycle emptied, or is missing from the \
           deck it refilled, and the Recycle aimed at exactly one other player makes every turn after \
           it happen, it is read so, the target the one report (R0601, ruling R4).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, _)) = cx.target() else { return Resolved::Done };
    cx.take_claim(|e| matches!(e, Event::Shuffles { player, from: Zone::Discard } if *player == target));
    // The referee holds the hand dealt this round in the hand while the player may have been
    // decked at the deal unseen (ruling R2); had the player been, those cards lay in the discard
    // pile and are now in the deck. Neither hand nor deck is counted any longer (long cut 1781860,
    // where a Battle then revealed a card dealt that round from the deck).
    let deal_may_go = cx.discard_may_hold_the_deal(target);
    cx.emit(Event::Shuffles { player: target, from: Zone::Discard });
    if deal_may_go {
        let least = cx.state().player(target).deck.min_len();
        cx.emit(Event::ZonesUnknown { player: target, hand: true, deck: Some(least), discard: false });
    }
    Resolved::Done
}
