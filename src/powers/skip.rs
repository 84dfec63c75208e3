//! SKIP (TCC 2.1, Tribble Powers; Decipher 2000, Tribble Icons): the next player in the current
//! direction loses the turn.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: SKIP",
    text: "Used, Skip takes the turn of the next player in the current direction (decked players and \
           players who are out are passed over, as always); play goes on with the player after. The \
           skipped player may write the lost turn down (`Rogue: skipped`) or, with BaH!, place it \
           (`Rogue: place 10 BaH!`).\n\n\
           Log: `Dan: 100 Skip use` then `Matt: 1000 Go` at a table of Dan, Rogue, Matt.\n\
           Checked: the turn after is the right player's (R0301); `skipped` by anyone else is R0316.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    cx.skip();
    Resolved::Done
}
