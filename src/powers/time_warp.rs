//! TIME WARP (TCC 2.1, Tribble Powers): passive. A player who did not go out and has it in the
//! play pile at the end of a round starts the next round with one card fewer; Time Warps of one
//! denomination count once, of different denominations each count.

use super::Doc;
use crate::model::{Card, Denomination, Power};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: TIME WARP",
    text: "A player who did not go out, with a Time Warp in the play pile when the round ends, is dealt one \
           card fewer next round: six instead of seven. Two Time Warps of the same number still take one \
           card; of different numbers, one card each (the rulebook's Dan, with two 10,000 Time Warps, \
           starts with six; Johnny, with a 10,000 and a 100,000, with five). An assimilated Time Warp \
           counts for the player whose pile holds it (ASSIMILATE). A pile card whose power was not \
           recorded leaves the hand's size to the log, unless the log records no powers (ruling F12). \
           So does a player who may have gone out when who went out is the sheet's; a deck too short \
           for the larger hand then may have decked the player at the deal (ruling R2). A player whose \
           hand still held a card did not go out. Time Warp is never used (R0313).\n\n\
           Checked: the next round's `hand` line holds no more cards than the smaller deal (R0103), and \
           going out and being decked follow the smaller hand.",
};

/// How many cards fewer a player who did not go out is dealt next round: one per denomination of
/// the Time Warps certainly in the pile.
pub fn fewer(pile: &[Card]) -> u32 {
    let mut seen: Vec<Denomination> = Vec::new();
    for c in pile {
        if let (Some(p), Some(d)) = (c.power(), c.denomination()) {
            if p.has(Power::TimeWarp) && !seen.contains(&d) {
                seen.push(d);
            }
        }
    }
    seen.len() as u32
}
