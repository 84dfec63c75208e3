//! QUADRUPLE (TCC 2.1, Tribble Powers): passive. To a player who goes out with it in the play
//! pile, this card is worth 40,000 instead of its 10,000; it cannot be copied.

use super::Doc;
use crate::model::{Card, Power};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: QUADRUPLE",
    text: "A player who goes out with a Quadruple in the play pile counts it four times: the 10,000 card is \
           worth 40,000 (a Quadruple of another number, four times that number: ruling R28). A player who \
           did not go out scores no pile, so nothing changes. Quadruple is never used (R0313) and cannot \
           be copied (R0317). A 10,000 card whose power was not recorded could be one: the sheet \
           decides.\n\n\
           Checked: `points:` and `totals:` include it (R0501, R0502), with the breakdown in the help.",
};

/// What Quadruples add to the pile of a player who went out (three times each one's value):
/// `None` when a card whose power is not known could be one.
pub fn extra(pile: &[Card]) -> Option<u64> {
    let mut extra = 0;
    for c in pile {
        let value = c.denomination().map(|d| d.value());
        match (c.power(), value) {
            (Some(p), Some(v)) if p.is_known() => {
                if p.has(Power::Quadruple) {
                    extra += 3 * v;
                }
            }
            _ => return None,
        }
    }
    Some(extra)
}
