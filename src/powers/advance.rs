//! ADVANCE (TCC 2.1, Tribble Powers): when the chain is broken, an Advance may be played in place
//! of a 1, and the chain continues from the Advance's own number.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: ADVANCE",
    text: "After a broken chain (the player before did not play) the next player may restart with a 1, \
           or with an Advance of any number: a 10,000 Advance makes 100,000 the next number. Whether \
           the card was played that way is seen from the chain. Advance cannot be copied.\n\n\
           Log: `Johnny: draw` then `Matt: 10000 Advance`.\n\
           Checked: an Advance out of sequence on an unbroken chain is R0304.",
};

/// Nothing happens beyond the play itself.
pub fn resolve(_cx: &mut PowerCx) -> Resolved {
    Resolved::Done
}
