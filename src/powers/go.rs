//! GO (TCC 2.1, Tribble Powers; Decipher 2000, Tribble Icons): the player takes another turn at
//! once, and that turn must follow the chain like any other.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: GO",
    text: "Used, Go gives its player another turn straight away: the next turn line must be the same \
           player's, and it follows the chain from the Go card (a Go played as a 1 calls for a 10 next). \
           If the Go was the player's last card, the player goes out instead.\n\n\
           Log: `Dan: 1 Go use` then `Dan: 10 Bonus`.\n\
           Checked: the next turn is the same player's (R0301 otherwise); the extra turn counts with \
           the first for Dabo.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    cx.extra_turn();
    Resolved::Done
}
