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
           (the rulebook's example of Charlie).\n\n\
           Checked: the choice (R0317); the player's discard count moves to the deck (`expect`, decking \
           later).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, _)) = cx.target() else { return Resolved::Done };
    cx.take_claim(|e| matches!(e, Event::Shuffles { player, from: Zone::Discard } if *player == target));
    cx.emit(Event::Shuffles { player: target, from: Zone::Discard });
    Resolved::Done
}
