//! REVERSE (TCC 2.1, Tribble Powers; Decipher 2000, Tribble Icons): the direction of play flips;
//! every round starts clockwise again.

use super::{Doc, Resolved};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: REVERSE",
    text: "Used, Reverse turns the direction of play round (clockwise to counter-clockwise or back); the \
           next turn is the player on the other side. The direction resets to clockwise at each \
           round's start.\n\n\
           Log: `Matt: 100 Reverse use` then `Rogue: 1000 Go` at a table of Dan, Rogue, Matt, Johnny.\n\
           Checked: the turns after it follow the new direction (R0301).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    cx.emit(Event::DirectionReverses);
    Resolved::Done
}
