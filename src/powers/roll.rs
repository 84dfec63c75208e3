//! ROLL (TCC 2.1, Tribble Powers): passive. A player who did not go out and has it in the play
//! pile at the end of a round may mulligan once at the start of the next round: the hand goes back
//! into the deck and as many cards are drawn again.

use super::Doc;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: ROLL",
    text: "A player who did not go out, with a Roll in the play pile when the round ends, may mulligan at \
           the start of the next round: `mulligan Dan` in the round's preamble, after its `hand` lines. \
           The hand is shuffled into the deck and the same number of cards is drawn again (the new cards \
           are unknown unless the log names them later). However many Rolls the pile held, a player \
           mulligans once per round. Roll is never used (R0313).\n\n\
           Checked: the player had a Roll and did not go out (R0326); one mulligan each (R0326); the hand \
           keeps its size.",
};
