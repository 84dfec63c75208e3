//! ANTIDOTE (TCC 2.1, Tribble Powers): acts when it is poisoned. Its resolution lives in Poison,
//! which discards it; this module holds its documentation.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: ANTIDOTE",
    text: "Antidote acts when a Poison discards it from its owner's deck; used when played, it does nothing \
           (the rules do not call it passive, so the use counts for Dabo). Its owner then \
           scores its number instead of the poisoner (`  Matt scores 100`), and may put the whole hand \
           beneath the draw deck (`  Matt puts 1 Go, 10 Skip under deck`), which empties the hand: the \
           owner goes out at the end of the turn. A decked owner scores nothing. When the poisoned card is \
           not named, or its power is not recorded, the table's lines say whether it was an Antidote; \
           without them the score is taken from the sheet.\n\n\
           Checked: who scores and how much (R0601); the whole hand goes (R0601).",
};

/// Used when played, Antidote has nothing to do: it acts only when poisoned (see Poison).
pub fn resolve(_cx: &mut PowerCx) -> Resolved {
    Resolved::Done
}
