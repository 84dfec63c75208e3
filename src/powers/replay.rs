//! REPLAY (TCC 2.1, Tribble Powers): the player plays a card from their own play pile again, if
//! one is next in sequence (its power may be used); if none is, nothing happens and the chain is
//! not broken.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: REPLAY",
    text: "Used, Replay lets its player look through the play pile and play again a card of the next \
           number (`Dan: 1 Replay use; replay 10 Go use`); the card goes to the top of the pile, sets \
           the chain, and its power may be used. Once begun, a replay must be made if the pile holds a \
           card of the next number; if it holds none, nothing happens and the chain is not broken.\n\n\
           Checked: the replayed card is in the pile and is the next number (R0322; a card whose power's \
           name is misspelt is reported and read as the card the pile holds, ruling R4); a pile holding a \
           card of the next number must be replayed from (R0322).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    cx.open_replay();
    Resolved::Done
}
