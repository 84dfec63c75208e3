//! FAMINE (TCC 2.1, Tribble Powers): the next number in the chain is 1, and the chain is not
//! broken by it.

use super::{Doc, Resolved};
use crate::engine::event::Event;
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: FAMINE",
    text: "Used, Famine makes 1 the next number, whatever the Famine card's own number; the chain is \
           not broken (the next player may not continue from the Famine's number).\n\n\
           Log: `Dan: 1000 Famine use` then `Rogue: 1 Go`.\n\
           Checked: the next play must be a 1 (R0304).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    cx.emit(Event::ChainRestarts);
    Resolved::Done
}
