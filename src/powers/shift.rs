//! SHIFT (TCC 2.1, Tribble Powers; Troubles): with the trouble pile in play, the active trouble
//! shifts; without it, the power does nothing.

use super::{Doc, Resolved};
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: SHIFT; Troubles - Shifting",
    text: "Used in a game with the trouble pile (`troubles: on`), Shift reveals the next trouble, which \
           becomes the active one (`  trouble shifts to ... in Sickbay`; without the line, the active \
           trouble is unknown from there). Without troubles it has no effect.\n\n\
           Checked: a `trouble shifts to` line follows a shift (R0601): with troubles off, or with a \
           known trouble and no shift, such a line is not what the rules make happen.",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    if cx.state().troubles {
        cx.shift_trouble();
    }
    Resolved::Done
}
