//! SCORE (TCC 2.1, Tribble Powers): the player chooses a player; if that player plays a card on
//! their next turn, the Score's player scores the number of the first card played.

use super::{Doc, Resolved};
use crate::engine::state::Status;
use crate::engine::turn::PowerCx;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: SCORE",
    text: "Used, Score names a player (`use @Matt`, its own player included). On that player's next turn, \
           the first card they play scores its number for the Score's player; the line goes under that \
           turn (`Matt: 100 Go` / `  Dan scores 100`). Only a play on the target's own turn counts (not a \
           Stampede play on another's). The Score lapses when the next turn passes without a play, when \
           that turn is skipped (ruling R22), when the target is decked, and at the end of the round. \
           Nobody scores from a decked player, and a decked player scores nothing. A card whose number \
           the log does not give leaves the score to the sheet.\n\n\
           Checked: the score line (R0601); the round's points. Points written under the next turn of \
           another player than the Score's target, where nothing else gives them, are read as a Score \
           aimed at that player, the target the one report (R0601, ruling R4).",
};

pub fn resolve(cx: &mut PowerCx) -> Resolved {
    let Some((target, _)) = cx.target() else { return Resolved::Done };
    // A player only taken to have been decked at the deal may play after all (ruling R2).
    if cx.state().player(target).status == Status::Decked && !cx.taken_decked(target) {
        return Resolved::Done;
    }
    cx.awaits(target);
    Resolved::Done
}
