//! FOLD (TCC 2.1, Tribble Powers): passive. While it is the top card of a player's play pile, no
//! other player may choose that player for a power. Powers that reach every player, or choose
//! nobody, are unaffected.

use super::Doc;
use crate::engine::state::Player;
use crate::model::Power;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: FOLD",
    text: "While a Fold is the top card of a player's play pile, no other player may name that player \
           with `@Name` for a power (Poison, Kill, Draw, Battle, Utilize, Score…). A player may still \
           name themselves, and powers that reach everyone (Avalanche, Masaka, Qapla') or name nobody \
           (Skip) are unaffected. (Copy's `of Name` would copy the Fold itself, a passive power Copy cannot \
           copy.) Fold is never used (R0313). A top card whose power was not recorded \
           may be a Fold: nothing is reported then.\n\n\
           Checked: a power does not name another player whose pile shows a Fold (R0320); the power's \
           effects are still followed as the table wrote them.",
};

/// Whether the player's play pile certainly shows a Fold on top.
pub fn shields(pl: &Player) -> bool {
    !pl.pile_unknown && pl.pile.last().and_then(|c| c.power()).is_some_and(|p| p.has(Power::Fold))
}
