//! CLONE (TCC 2.1, Tribble Powers; Decipher 2000, Tribble Icons): a card with Clone may be played
//! on a card of its own number; the chain continues from it.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: CLONE; Advanced Rules: Compound Tribble Powers",
    text: "A Clone may be played when its number equals that of the last card played (a 10,000 Clone \
           after a 1,000 or after a 10,000); the chain then continues from it. Whether a card was \
           played as a clone is seen from the chain, not written. Playing as a clone counts as \
           activating a power (for Dabo). A compound with Clone played as a clone must use both \
           halves (R0318); played in sequence, its other half may be used alone (`use Skip`).\n\n\
           Log: `Rogue: 10000 Go` then `Matt: 10000 Clone`.\n\
           Checked: a Clone on another number is out of sequence (R0304).",
};

/// Using a Clone in sequence changes nothing beyond counting as an activation.
pub fn resolve(_cx: &mut PowerCx) -> Resolved {
    Resolved::Done
}
