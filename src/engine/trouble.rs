//! The trouble pile (TCC 2.1, Troubles): the one trouble whose text is known, "... in Sickbay", the
//! troubles a log declares with their shift lines, and the names that refer to them.

use crate::model::log::{TroubleAction, TroubleCard};
use crate::model::{Denomination, Points, Power, PowerSpec};

/// The built-in trouble's name, as the card prints it.
pub const SICKBAY: &str = "... in Sickbay";

/// "... in Sickbay": no player may use a Poison's power; it shifts on a miss on 10, after a Mutate
/// is played, or for the action Lose 100,000 (TCC 2.1, Troubles; the printed card).
pub fn sickbay() -> TroubleCard {
    TroubleCard {
        name: SICKBAY.to_string(),
        miss: Some(Denomination::Ten),
        power: Some(PowerSpec::Single(Power::Mutate)),
        action: Some(TroubleAction::Lose(Points(100_000))),
    }
}

/// Whether two trouble names are the same card: case, spacing and the leading ellipsis (`...` or
/// `…`) do not matter.
pub fn same_name(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        // The same comparison without building the keys (asked for every turn under troubles).
        return ascii_key(a).eq(ascii_key(b));
    }
    fn key(s: &str) -> String {
        s.trim_start_matches(|c: char| c == '.' || c == '…' || c.is_whitespace())
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    }
    key(a) == key(b)
}

/// An ASCII name as [`same_name`] compares it: past the leading dots and spaces, each run of
/// spaces as one, lower-cased.
fn ascii_key(s: &str) -> impl Iterator<Item = u8> + '_ {
    let body = s.trim_start_matches(|c: char| c == '.' || c.is_ascii_whitespace()).trim_end();
    let mut last_space = false;
    body.bytes().filter_map(move |c| {
        let space = c.is_ascii_whitespace();
        let keep = !(space && last_space);
        last_space = space;
        keep.then(|| if space { b' ' } else { c.to_ascii_lowercase() })
    })
}

/// Whether the active trouble forbids using a Poison's power (SICKBAY).
pub fn forbids_poison(active: &str) -> bool {
    same_name(active, SICKBAY)
}

#[cfg(test)]
mod tests {
    use super::same_name;

    #[test]
    fn names_match_whatever_the_ellipsis() {
        assert!(same_name("... in Sickbay", "…in sickbay"));
        assert!(same_name("...  in   Sickbay", "in Sickbay"));
        assert!(!same_name("... in Sickbay", "... in the Brig"));
        assert!(same_name("...In  SICKBAY ", "in\tsickbay"));
        assert!(!same_name("... in Sickbay", "... in Sickba"));
        assert!(!same_name("... in Sick bay", "... in Sickbay"));
    }
}
