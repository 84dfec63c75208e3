//! SAFETY (TCC 2.1, Tribble Powers): passive. A player whose play pile holds it at the end of a
//! round may shuffle the hand into the draw deck instead of discarding it.

use super::Doc;
use crate::model::Power;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: SAFETY",
    text: "At the end of a round, a player with a Safety in the play pile may shuffle the cards left in \
           hand into the draw deck instead of discarding them. The log says so after the round's last \
           turn and before its scores: `safety Dan`. A player who went out or was decked has no hand \
           left to save. Safety is never used (R0313).\n\n\
           Checked: the player's pile can hold a Safety (R0326); the saved cards stay out of the discard \
           pile (a later Rescue or Exchange cannot take them).",
};

/// The power a `safety` line claims.
pub const POWER: Power = Power::Safety;
