//! RESET (TCC 2.1, Tribble Powers; Troubles): with the trouble pile in play, every trouble is
//! shuffled together and a new active one is revealed; without it, the power does nothing.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: RESET; Troubles - Shifting",
    text: "Used in a game with the trouble pile (`troubles: on`), Reset shuffles all the troubles, face up \
           and face down, into one pile and reveals its top card as the active trouble (`  trouble \
           shifts to ... in Sickbay`; without the line, the active trouble is unknown from there). \
           Without troubles it has no effect.\n\n\
           Checked: a `trouble shifts to` line follows the reset (R0601): with troubles off, such a line \
           is not what the rules make happen.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    if cx.state().troubles {
        // Whatever was face up is shuffled back: as far as the log shows, a shift.
        cx.shift_trouble();
    }
    Resolved::Done
}
