//! BAH! (TCC 2.1, Tribble Powers): passive. At the end of a round other than the last, a player who
//! did not go out with it in the play pile may have every player randomly reseated; a player who is
//! skipped may, on that skipped turn, put it from hand beneath the play pile.

use super::Doc;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: BAH!",
    text: "At the end of a round other than the last, any player who did not go out and has a BaH! in the \
           play pile may demand a random reseating; it happens once, if anyone asks. The log gives the new \
           clockwise seating after the round's last turn: `reseat Matt, Dan, Rogue, Johnny`. A player \
           skipped by a Skip may, on that skipped turn, put a BaH! from hand beneath the play pile: \
           `Rogue: skipped; place 100 BaH!`. BaH! is never used (R0313).\n\n\
           Checked: someone may demand the reseating and it is not after the last round (R0326); the new \
           seating lists every player once (R0601); `place` is on a skipped turn (R0316), of a BaH! \
           (R0317) the hand can hold (R0308).",
};
