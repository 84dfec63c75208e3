//! REPLICATE (TCC 2.1, Tribble Powers): passive. When an opponent's activated power puts this card
//! into its owner's discard pile or play pile, the owner may put one more card from hand in the same
//! place and position. The owner's own actions never trigger it.

use super::Doc;

pub const DOC: Doc = Doc {
    rule: "TCC 2.1, Tribble Powers: REPLICATE",
    text: "When another player's power puts a player's Replicate into that player's discard pile (Poison, \
           Sabotage, Kill, Avalanche, a lost Battle) or play pile (Utilize, Party, Qapla', a won \
           Battle), the player may put one more card from hand in the same place: `  Thomas discards 10 \
           Go` right after, or `  Matt puts 10 Go under pile`. The rulebook's example: Thomas loses Dan's \
           Battle with a 100 Replicate among his cards, and may then discard a card from hand. The \
           player's own actions never trigger it, nor does a stampede play (the player's own choice). \
           Left out, the extra card was not placed. Replicate is never used (R0313).\n\n\
           Checked: the extra card can be in the player's hand (R0308) and is the player's (R0401).",
};
