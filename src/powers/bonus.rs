//! BONUS (TCC 2.1, Tribble Powers; Decipher 2000, Rules for Advanced Cards): passive. At the end
//! of a round, a player who was not decked and whose play pile holds Bonus cards of 1, 10, 100
//! and 1,000 scores 100,000 more, once.

use super::Doc;
use crate::model::{Card, Denomination, Power};

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: BONUS; Decipher 2000, Rules for Advanced Cards",
    text: "At the end of each round, a player who was not decked and whose play pile holds a Bonus of \
           each of 1, 10, 100 and 1,000 (anywhere in the pile, compounds with Bonus included) scores \
           100,000, once however many runs there are. Under TCC 2.1 only players who went out score it \
           (ruling R15); under Decipher 2000 every player who was not decked does. Bonus is never used \
           (R0313).\n\n\
           Log: a pile of `1 Bonus, 10 Bonus, 100 Bonus, 1000 Bonus` and a go-out: the points include \
           100,000.\n\
           Checked: `points:` and `totals:` include it (R0501, R0502), with the breakdown in the help.",
};

/// The Bonus a play pile earns: `Some(100000)` or `Some(0)` when certain, `None` when a card whose
/// power was not recorded could complete the run.
pub fn bonus_points(pile: &[Card]) -> Option<u64> {
    let run = [Denomination::One, Denomination::Ten, Denomination::Hundred, Denomination::Thousand];
    let mut uncertain = false;
    for d in run {
        let certain =
            pile.iter().any(|c| c.denomination() == Some(d) && c.power().is_some_and(|p| p.has(Power::Bonus)));
        if certain {
            continue;
        }
        let could = pile.iter().any(|c| match c {
            Card::Unknown => true,
            Card::Known { denomination, power } => {
                *denomination == d
                    && matches!(power, crate::model::PowerSpec::Unrecorded | crate::model::PowerSpec::Unrecognised(_))
            }
        });
        if !could {
            return Some(0);
        }
        uncertain = true;
    }
    if uncertain { None } else { Some(100_000) }
}
