//! FREEZE (TCC 2.1, Tribble Powers): the player names a power; until the end of the player's next
//! turn in this round, nobody may play a card with that power, used or not.

use super::{Doc, Resolved};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: FREEZE; Advanced Rules: Compound Tribble Powers",
    text: "Used, Freeze names a power (`use name Poison`). Until the end of the freezer's next turn this \
           round, no card with that power may be played, whether its power would be used or not. A \
           compound is a power of its own: freezing Skip does not freeze Clone & Skip, and freezing \
           Clone & Skip does not freeze Skip (ruling R14). A freeze ends with the round.\n\n\
           Log: `Dan: 1000 Freeze use name Poison`.\n\
           Checked: a frozen card played is R0319; the name is required (R0317).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((power, _)) = cx.named() else { return Resolved::Done };
    let player = cx.player;
    cx.take_claim(|e| matches!(e, Event::Freezes { player: p, power: q } if *p == player && *q == power));
    cx.emit(Event::Freezes { player, power });
    cx.froze(power);
    Resolved::Done
}
